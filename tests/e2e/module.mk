# End-to-end tests: the real binary on scratch loop devices.
TESTS += tests/e2e/run_modes.sh tests/e2e/bad_input.sh
dist_check_SCRIPTS += tests/e2e/run_modes.sh tests/e2e/bad_input.sh

# Safety: verdicts and the write gate on loop devices in every state, --list
# speed and hung devices, and the scratch device's cleanup. lib.sh holds the
# shared helpers (loop devices on /dev/shm, a cleanup stack, skip = 77).
TESTS += tests/e2e/verdict.sh tests/e2e/list_speed.sh tests/e2e/scratch.sh
dist_check_SCRIPTS += tests/e2e/verdict.sh tests/e2e/list_speed.sh tests/e2e/scratch.sh
EXTRA_DIST += tests/e2e/lib.sh
# A FUSE file whose reads never return: the hung device of list_speed.sh.
check_PROGRAMS += tests/e2e/hang_fuse
tests_e2e_hang_fuse_SOURCES = tests/e2e/hang_fuse.c

# The full screen in tmux (DESIGN 5): devices, Enter Enter, live figures,
# the typed name for has-data, resizes, q and signals.
TESTS += tests/e2e/screen.sh
dist_check_SCRIPTS += tests/e2e/screen.sh
# The screen against mpstat and iostat. What it costs (first frame, idle
# CPU, IOPS next to --batch) is a benchmark, tests/bench/screen_perf.sh:
# speed is never judged by a timed test.
TESTS += tests/e2e/screen_figures.sh
dist_check_SCRIPTS += tests/e2e/screen_figures.sh
EXTRA_DIST += tests/bench/vs_fio.py tests/bench/screen_perf.sh
# The built-in procedures (--profile, --suite, --sweep) and the seeds' own
# job files (seeds 002 and 004), on loop devices with short runtimes.
TESTS += tests/e2e/procedures.sh tests/e2e/jobfiles.sh
dist_check_SCRIPTS += tests/e2e/procedures.sh tests/e2e/jobfiles.sh
# The procedures from the screen: the p menu, rows filling in, s and q.
TESTS += tests/e2e/screen_procedures.sh
dist_check_SCRIPTS += tests/e2e/screen_procedures.sh
