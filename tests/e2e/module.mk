# SPDX-License-Identifier: GPL-2.0-or-later
# End-to-end tests: the real binary on scratch loop devices.
TESTS += tests/e2e/run_modes.sh tests/e2e/bad_input.sh
dist_check_SCRIPTS += tests/e2e/run_modes.sh tests/e2e/bad_input.sh

# Safety: verdicts and the write gate on loop devices in every state, --list
# speed and hung devices, and the scratch device's cleanup. lib.sh holds the
# shared helpers (loop devices on /dev/shm, a cleanup stack, skip = 77).
TESTS += tests/e2e/verdict.sh tests/e2e/list_speed.sh tests/e2e/scratch.sh
dist_check_SCRIPTS += tests/e2e/verdict.sh tests/e2e/list_speed.sh tests/e2e/scratch.sh
EXTRA_DIST += tests/e2e/lib.sh
# A FUSE file that hangs or fails on demand: the hung device of
# list_speed.sh, the failing and vanishing devices of faults.sh.
check_PROGRAMS += tests/e2e/fuse_disk
tests_e2e_fuse_disk_SOURCES = tests/e2e/fuse_disk.c
# I/O errors mid-run under each continue_on_error policy, a device that
# fails or disappears mid-run, losetup -d of a busy device, two writers.
TESTS += tests/e2e/faults.sh
dist_check_SCRIPTS += tests/e2e/faults.sh
# Which errnos continue_on_error and ignore_error let pass, as fio
# decides it, on a FUSE file failing with a chosen errno.
TESTS += tests/e2e/fio_errors.sh
dist_check_SCRIPTS += tests/e2e/fio_errors.sh
# Short reads (a file shorter than the job's area under create_on_open):
# short=, short_ios, the rest sent again, fio's full resid, per engine.
TESTS += tests/e2e/fio_short_io.sh tests/e2e/fio_job_fails.sh
dist_check_SCRIPTS += tests/e2e/fio_short_io.sh tests/e2e/fio_job_fails.sh
# create_only=1 lays files out and does no I/O, as fio.
TESTS += tests/e2e/fio_create_only.sh
dist_check_SCRIPTS += tests/e2e/fio_create_only.sh
# BLKTOP_SYSROOT cannot make a real disk look empty: every write is refused
# while it is set.
TESTS += tests/e2e/sysroot_gate.sh
dist_check_SCRIPTS += tests/e2e/sysroot_gate.sh
# A report that could not be written (/dev/full, a full filesystem, a
# closed stdout) is a failed run: exit 1 and one line.
TESTS += tests/e2e/lost_output.sh
dist_check_SCRIPTS += tests/e2e/lost_output.sh

# The full screen in tmux: devices, Enter Enter, live figures,
# the typed name for has-data, resizes, q and signals.
TESTS += tests/e2e/screen.sh
dist_check_SCRIPTS += tests/e2e/screen.sh
# The screen against mpstat and iostat. What it costs (first frame, idle
# CPU, IOPS next to --batch) is a benchmark, tests/bench/screen_perf.sh:
# speed is never judged by a timed test.
TESTS += tests/e2e/screen_figures.sh
dist_check_SCRIPTS += tests/e2e/screen_figures.sh
# The graphs: legends, scales, the time axis, and the readout's figures
# against the JSON report's per-second samples; the CPU meters.
TESTS += tests/e2e/screen_graphs.sh
dist_check_SCRIPTS += tests/e2e/screen_graphs.sh
# The seven-test matrix's table on the screen: whole rows, the printed figures.
TESTS += tests/e2e/screen_tables.sh
dist_check_SCRIPTS += tests/e2e/screen_tables.sh
EXTRA_DIST += tests/bench/vs_fio.py tests/bench/screen_perf.sh tests/bench/soak.sh \
	tests/bench/screen_vs_batch.sh
# The built-in procedures (--profile, --suite, --sweep) and the published tests' own
# job files (the Azure block-size test and the multi-disk job file), on loop devices with short runtimes.
TESTS += tests/e2e/procedures.sh tests/e2e/jobfiles.sh
dist_check_SCRIPTS += tests/e2e/procedures.sh tests/e2e/jobfiles.sh
# fio's job-file language (include, variables, keywords, shares, --section,
# --name, --readonly) run by fio and by blktop on one loop device, compared.
TESTS += tests/e2e/jobfile_lang.sh
dist_check_SCRIPTS += tests/e2e/jobfile_lang.sh
# Targets as fio names them (relative names, nrfiles, filename_format,
# filesize, directory lists, unlink, fallocate...) on a scratch ext4, the
# files and bytes compared with fio's; the short form and the gate.
TESTS += tests/e2e/jobfile_targets.sh
dist_check_SCRIPTS += tests/e2e/jobfile_targets.sh
# fio's own examples/*.fio counted (the same, refused, different): run by
# hand with a path to fio's examples, which blktop does not carry.
EXTRA_DIST += tests/fio_examples.sh
# Translations and documentation (issue 6): the screen in tmux in Chinese
# at 80x24 and 120x40 and in English; every msgid translated in
# po/zh_CN.po and every source with _() in po/POTFILES.in; the man page
# renders without warnings and names every job option; the bash
# completion offers options, modes and devices.
TESTS += tests/e2e/i18n.sh tests/e2e/po_complete.sh tests/e2e/manpage.sh \
	tests/e2e/completion.sh
dist_check_SCRIPTS += tests/e2e/i18n.sh tests/e2e/po_complete.sh \
	tests/e2e/manpage.sh tests/e2e/completion.sh
# i18n.sh runs blktop as built, reading its messages from the build tree
# (the installed one reads them from $(localedir)); the catalog is
# compiled from po/zh_CN.po for the test.
check_PROGRAMS += tests/e2e/blktop-l10n
tests_e2e_blktop_l10n_SOURCES = src/main.c
tests_e2e_blktop_l10n_CPPFLAGS = -I$(top_srcdir)/src \
	-DLOCALEDIR=\"$(abs_top_builddir)/tests/e2e/locale\"
tests_e2e_blktop_l10n_LDADD = $(BLKTOP_LIBS)
L10N_MO = tests/e2e/locale/zh_CN/LC_MESSAGES/$(PACKAGE).mo
$(L10N_MO): $(top_srcdir)/po/zh_CN.po
	$(AM_V_GEN)$(MKDIR_P) tests/e2e/locale/zh_CN/LC_MESSAGES && \
	$(MSGFMT) -c -o $@ $(top_srcdir)/po/zh_CN.po
tests/e2e/i18n.log: $(L10N_MO)
CLEANFILES += $(L10N_MO)
TESTS += tests/e2e/screen_procedures.sh
dist_check_SCRIPTS += tests/e2e/screen_procedures.sh
# Issue 15, the screen's second edition: verdicts always shown (start,
# r during a job, hot-plug), runs kept, live switching, small terminals.
TESTS += tests/e2e/screen_verdicts.sh tests/e2e/screen_compact.sh tests/e2e/screen_runs.sh \
	tests/e2e/screen_switch.sh tests/e2e/screen_quit.sh
dist_check_SCRIPTS += tests/e2e/screen_verdicts.sh tests/e2e/screen_compact.sh \
	tests/e2e/screen_runs.sh tests/e2e/screen_switch.sh tests/e2e/screen_quit.sh
# Issue 7: signals (INT, TERM, HUP), the SSH session dropping, the output's
# reader leaving and a second Ctrl-C, in batch and screen runs, with
# sysfs, scratch device and terminal checked afterwards; and the screen
# in a bad environment (TERM unknown or dumb, a non-UTF-8 locale, tiny
# terminals, garbage typed in the workload form).
TESTS += tests/e2e/signals.sh tests/e2e/bad_env.sh
dist_check_SCRIPTS += tests/e2e/signals.sh tests/e2e/bad_env.sh
EXTRA_DIST += tests/e2e/tmux_lib.sh
# Submission and completion batching as fio's (issue 12): strace shows one
# I/O per io_submit with fio's defaults, the batch options group them, and
# the device sees as many merged requests as under fio.
TESTS += tests/e2e/one_per_submit.sh
dist_check_SCRIPTS += tests/e2e/one_per_submit.sh
# The target opened with fio's flags (O_NOATIME on a device).
TESTS += tests/e2e/open_flags.sh
dist_check_SCRIPTS += tests/e2e/open_flags.sh
# io_uring: one io_uring_enter per submit call with the wait in it, at
# most one per I/O, and the device's requests and merges as fio's.
TESTS += tests/e2e/uring_enters.sh
dist_check_SCRIPTS += tests/e2e/uring_enters.sh
# Every engine and batch setting against the device's counters; io_uring
# with each of fio's options, and a kernel that refuses it (issue 12).
TESTS += tests/e2e/engines.sh tests/e2e/io_uring.sh
dist_check_SCRIPTS += tests/e2e/engines.sh tests/e2e/io_uring.sh
# Issue 11: the stop paths (SIGINT to a batch job and a suite, the
# output's reader leaving, the screen's s key) under ThreadSanitizer;
# skips unless configured with --enable-tsan (quickstart's third build).
TESTS += tests/e2e/tsan.sh
dist_check_SCRIPTS += tests/e2e/tsan.sh
# fio's log files (write_bw_log, write_lat_log, write_hist_log...) against
# fio's own on the same job, and read by fio's plotting scripts.
TESTS += tests/e2e/fio_logs.sh
dist_check_SCRIPTS += tests/e2e/fio_logs.sh
TESTS += tests/e2e/fio_logs_reset.sh
dist_check_SCRIPTS += tests/e2e/fio_logs_reset.sh
# bw_samples, iops_samples and their min/max/mean as fio takes them.
TESTS += tests/e2e/fio_samples.sh
dist_check_SCRIPTS += tests/e2e/fio_samples.sh
# The same with group_reporting: each thread's samples, summed as fio's.
TESTS += tests/e2e/fio_group_samples.sh
dist_check_SCRIPTS += tests/e2e/fio_group_samples.sh
# The normal report against fio 3.33's text on the same jobs: the same
# kinds of lines in the same order, blktop's blocks after its mark.
TESTS += tests/e2e/fio_text.sh
dist_check_SCRIPTS += tests/e2e/fio_text.sh
# Many hosts (--hosts): real sshd servers made by the test, each in its
# own network namespace (127.0.0.N where namespaces cannot be made), a
# far-side blktop on each, refusals, drops and stops.
TESTS += tests/e2e/fleet.sh
dist_check_SCRIPTS += tests/e2e/fleet.sh
EXTRA_DIST += tests/e2e/sshd_lib.sh
# The fleet's screen: a row per host under tmux, exact totals, sorting,
# a host's CPU pane, a dropped host, s and q with nothing left behind.
TESTS += tests/e2e/screen_fleet.sh
dist_check_SCRIPTS += tests/e2e/screen_fleet.sh
EXTRA_DIST += tests/e2e/fleet_screen_lib.sh
# The same screen with --driver=fio: the test's fio servers, live rates,
# no invented percentiles, a dropped server, s and q with no job left.
TESTS += tests/e2e/screen_fleet_fio.sh
dist_check_SCRIPTS += tests/e2e/screen_fleet_fio.sh
# Procedures on the fleet: a sweep on the screen (the step counter, the
# table as --batch prints it, s, q, a dropped host) and a host lost
# between steps, with --batch and on the screen.
TESTS += tests/e2e/screen_fleet_proc.sh
dist_check_SCRIPTS += tests/e2e/screen_fleet_proc.sh
# --driver=fio: fio's own server on each far side through ssh -W, a write
# refused under --readonly, a killed server, a fake server's unknown
# protocol version.
TESTS += tests/e2e/fleet_fio.sh
dist_check_SCRIPTS += tests/e2e/fleet_fio.sh
EXTRA_DIST += tests/e2e/fio_fake_server.py
# --hosts with --sweep, --profile and --suite: each step on every host at
# once, both drivers, the steps' fleet totals, a write step refused.
TESTS += tests/e2e/fleet_proc.sh
dist_check_SCRIPTS += tests/e2e/fleet_proc.sh
# --driver=fio counts errors live, from the servers' status (a dm error device).
TESTS += tests/e2e/fleet_fio_errors.sh
dist_check_SCRIPTS += tests/e2e/fleet_fio_errors.sh
# A procedure's clock on many hosts counts the steps' overhead beyond
# their jobs: "left" within 10 % of what really remained.
TESTS += tests/e2e/fleet_eta.sh
dist_check_SCRIPTS += tests/e2e/fleet_eta.sh
# A far-side blktop from before --profile-env: a profile runs there
# without it, and says so.
TESTS += tests/e2e/fleet_profile_old.sh
dist_check_SCRIPTS += tests/e2e/fleet_profile_old.sh
# Issue 13 item 3: the options real fio job files use, family by family,
# each against fio 3 on the same scratch device.
TESTS += tests/e2e/job_options.sh
TESTS += tests/e2e/job_lattarget.sh
TESTS += tests/e2e/job_policies.sh
TESTS += tests/e2e/job_units.sh
TESTS += tests/e2e/job_buffers.sh
# rw=trim, randtrim, trimwrite with every engine, against fio 3.33.
TESTS += tests/e2e/job_trims.sh
dist_check_SCRIPTS += tests/e2e/job_options.sh
dist_check_SCRIPTS += tests/e2e/job_lattarget.sh
dist_check_SCRIPTS += tests/e2e/job_policies.sh
dist_check_SCRIPTS += tests/e2e/job_trims.sh
dist_check_SCRIPTS += tests/e2e/job_units.sh
dist_check_SCRIPTS += tests/e2e/job_buffers.sh
TESTS += tests/e2e/job_pacing.sh
dist_check_SCRIPTS += tests/e2e/job_pacing.sh
# Issue 13: the keys of fio's example job files (threads, timeout,
# number_ios, fill_device, io_submit_mode...), against fio 3.33.
TESTS += tests/e2e/job_examplekeys.sh
dist_check_SCRIPTS += tests/e2e/job_examplekeys.sh
# fio 3 and blktop on the same job files: every key of fio's JSON in
# blktop's, with its type (fio_json_keys.py lists the known differences).
TESTS += tests/e2e/fio_json_keys.sh
dist_check_SCRIPTS += tests/e2e/fio_json_keys.sh
EXTRA_DIST += tests/e2e/fio_json_keys.py
# Issue 14 item 3: --status-interval in JSON as fio's stream of documents,
# and the JSON-lines stream read through a pipe while the job runs.
TESTS += tests/e2e/status_json.sh tests/e2e/jsonl_stream.sh
dist_check_SCRIPTS += tests/e2e/status_json.sh tests/e2e/jsonl_stream.sh
# Issue 13: data verification next to fio 3 (every verify type written by
# one and checked by the other, a flipped byte caught by both).
TESTS += tests/e2e/verify.sh
dist_check_SCRIPTS += tests/e2e/verify.sh
# The rest of it: time_based passes, the verify state file, %o.
TESTS += tests/e2e/verify_more.sh
dist_check_SCRIPTS += tests/e2e/verify_more.sh
# verify_state_load for a random write: a random read job checks it.
TESTS += tests/e2e/verify_state_random.sh
dist_check_SCRIPTS += tests/e2e/verify_state_random.sh
# --output-format's list against fio 3: json+ through fio's own
# fio_jsonplus_clat2csv, terse v3 field by field, the percentile options,
# the order of several formats, a failed run's error lines.
TESTS += tests/e2e/fio_formats.sh
dist_check_SCRIPTS += tests/e2e/fio_formats.sh
EXTRA_DIST += tests/e2e/fio_formats.py
# Issue 13 item 3: bs=R,W, bsrange, bssplit and blockalign against fio 3.
TESTS += tests/e2e/job_blocksizes.sh
dist_check_SCRIPTS += tests/e2e/job_blocksizes.sh
# Issue 13 item 2: jobs of several files against fio 3, I/O by I/O under
# strace (file_service_type, files done, filesize ranges, clones' names).
TESTS += tests/e2e/job_file_service.sh
dist_check_SCRIPTS += tests/e2e/job_file_service.sh
# Issue 13 item 3: rw's modifiers, rw_sequencer, percentage_random and
# the per-direction positions of rw=rw, offset by offset against fio 3.
TESTS += tests/e2e/job_offsets.sh tests/e2e/job_offset_increment.sh
dist_check_SCRIPTS += tests/e2e/job_offsets.sh tests/e2e/job_offset_increment.sh
# Issue 13 item 3: the random map (norandommap), random_generator and
# random_distribution, the blocks each tool picks against fio 3.
TESTS += tests/e2e/job_random.sh
dist_check_SCRIPTS += tests/e2e/job_random.sh
TESTS += tests/e2e/job_fio_offsets.sh
dist_check_SCRIPTS += tests/e2e/job_fio_offsets.sh
# job_group_files.sh: a later stonewall group's files set up when it starts.
TESTS += tests/e2e/job_group_files.sh
dist_check_SCRIPTS += tests/e2e/job_group_files.sh
# job_enospc_example.sh: fio's examples/enospc-pressure.fio on a small ext4.
TESTS += tests/e2e/job_enospc_example.sh
dist_check_SCRIPTS += tests/e2e/job_enospc_example.sh
# The job-file runner and iops-log reader of job_offsets.sh,
# job_offset_increment.sh, job_random.sh and job_fio_offsets.sh.
EXTRA_DIST += tests/e2e/fio_job_lib.sh
# Issue 13: fio's strided zones, I/O for I/O against fio.
TESTS += tests/e2e/job_zones.sh
dist_check_SCRIPTS += tests/e2e/job_zones.sh
# Issue 13: fio's steady-state detection (ss, ss_dur, ss_ramp) against fio.
TESTS += tests/e2e/job_steadystate.sh
dist_check_SCRIPTS += tests/e2e/job_steadystate.sh
# Issue 13: numa_cpu_nodes and numa_mem_policy (libnuma, optional).
TESTS += tests/e2e/job_numa.sh
dist_check_SCRIPTS += tests/e2e/job_numa.sh
# Issue 13: prio, prioclass, log_prio (the logs' last column as fio's).
TESTS += tests/e2e/job_prio.sh
TESTS += tests/e2e/job_exit_what.sh
TESTS += tests/e2e/job_cmdprio.sh
dist_check_SCRIPTS += tests/e2e/job_exit_what.sh
dist_check_SCRIPTS += tests/e2e/job_cmdprio.sh
dist_check_SCRIPTS += tests/e2e/job_prio.sh
