# SPDX-License-Identifier: GPL-2.0-or-later
# Fuzz targets (tests/fuzz): libFuzzer builds need clang and run by hand,
# "make fuzz FUZZ_SECONDS=600" (FUZZ_SECONDS=0 replays the corpora only).
# make check replays every kept corpus without libFuzzer: replay_main.c
# feeds each file to the target's LLVMFuzzerTestOneInput, built with the
# normal compiler, so a fixed crash stays fixed wherever the tests run.
EXTRA_DIST += tests/fuzz/fuzz_jobfile.c tests/fuzz/fuzz_options.c \
	tests/fuzz/fuzz_cli.c tests/fuzz/fuzz_numbers.c tests/fuzz/fuzz_sysfs.c \
	tests/fuzz/jobfile.dict tests/fuzz/options.dict tests/fuzz/cli.dict \
	tests/fuzz/numbers.dict \
	tests/fuzz/sysfs.dict \
	tests/fuzz/corpus_jobfile tests/fuzz/corpus_options tests/fuzz/corpus_cli \
	tests/fuzz/corpus_numbers tests/fuzz/corpus_sysfs
dist_noinst_SCRIPTS += tests/fuzz/run.sh

FUZZ_SECONDS = 60
fuzz:
	top_builddir=$(abs_top_builddir) $(SHELL) $(srcdir)/tests/fuzz/run.sh $(FUZZ_SECONDS)
.PHONY: fuzz

FUZZ_REPLAYS = tests/fuzz/replay_jobfile tests/fuzz/replay_options \
	tests/fuzz/replay_cli tests/fuzz/replay_numbers tests/fuzz/replay_sysfs
check_PROGRAMS += $(FUZZ_REPLAYS)
TESTS += $(FUZZ_REPLAYS)

# Each replay links its target's sources, as run.sh does, not libblktop.a.
tests_fuzz_replay_jobfile_SOURCES = tests/fuzz/replay_main.c \
	tests/fuzz/fuzz_jobfile.c src/jobfile.c src/jobset.c $(OPTION_SOURCES) $(UTIL_SOURCES)
tests_fuzz_replay_jobfile_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_CORPUS=\"corpus_jobfile\"
tests_fuzz_replay_jobfile_LDADD = $(LIBINTL)

tests_fuzz_replay_options_SOURCES = tests/fuzz/replay_main.c \
	tests/fuzz/fuzz_options.c $(OPTION_SOURCES)
tests_fuzz_replay_options_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_CORPUS=\"corpus_options\"
tests_fuzz_replay_options_LDADD = $(LIBINTL)

tests_fuzz_replay_cli_SOURCES = tests/fuzz/replay_main.c \
	tests/fuzz/fuzz_cli.c src/cli.c src/switches.c src/procedures/registry.c $(OPTION_SOURCES)
tests_fuzz_replay_cli_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_CORPUS=\"corpus_cli\"
tests_fuzz_replay_cli_LDADD = $(LIBINTL)

tests_fuzz_replay_numbers_SOURCES = tests/fuzz/replay_main.c \
	tests/fuzz/fuzz_numbers.c $(OPTION_SOURCES) src/collect/irq.c src/sysroot.c $(UTIL_SOURCES)
tests_fuzz_replay_numbers_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_CORPUS=\"corpus_numbers\"
tests_fuzz_replay_numbers_LDADD = $(LIBINTL)

tests_fuzz_replay_sysfs_SOURCES = tests/fuzz/replay_main.c tests/fuzz/fuzz_sysfs.c \
	src/collect/cpu.c src/collect/diskstat.c src/collect/irq.c \
	src/collect/devices.c src/collect/probe.c src/collect/gate.c \
	src/output/listing.c src/collect/verdict.c src/collect/tune.c \
	src/procedures/env.c src/output/json.c src/textwidth.c src/sysroot.c $(UTIL_SOURCES)
tests_fuzz_replay_sysfs_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_CORPUS=\"corpus_sysfs\"
tests_fuzz_replay_sysfs_LDADD = $(BLKID_LIBS) $(MOUNT_LIBS) $(PROC2_LIBS) $(LIBINTL) \
	$(PTHREAD_LIBS) -lm

if HAVE_CMOCKA
# What the fuzzers taught about broken trees, as plain unit tests: no
# /proc/interrupts entries, directories and dangling links for sysfs
# files, a FIFO, and each crash fuzz_sysfs found.
check_PROGRAMS += tests/unit/test_sysfs_fallback
TESTS += tests/unit/test_sysfs_fallback
tests_unit_test_sysfs_fallback_SOURCES = tests/unit/test_sysfs_fallback.c \
	src/collect/cpu.c src/collect/diskstat.c src/collect/irq.c \
	src/collect/devices.c src/collect/verdict.c src/sysroot.c $(UTIL_SOURCES)
tests_unit_test_sysfs_fallback_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_sysfs_fallback_LDADD = $(CMOCKA_LIBS) $(PROC2_LIBS) $(LIBINTL)
endif
