# SPDX-License-Identifier: GPL-2.0-or-later
# collect module, counters: per-CPU ticks and block device counters
# (libproc2 when built with it), with their unit tests over
# tests/fakeroot/{cpu1,disk1}.
# Kept apart from src/collect/module.mk so both can be edited at once.
libblktop_a_SOURCES += src/collect/cpu.c src/collect/cpu.h \
	src/collect/diskstat.c src/collect/diskstat.h

EXTRA_DIST += tests/fakeroot/cpu1 tests/fakeroot/disk1

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_collect_cpu tests/unit/test_diskstat
TESTS += tests/unit/test_collect_cpu tests/unit/test_diskstat

# Linked against their own sources, not libblktop.a, so they build while
# other modules are unfinished.
tests_unit_test_collect_cpu_SOURCES = tests/unit/test_collect_cpu.c \
	src/collect/cpu.c src/sysroot.c
tests_unit_test_collect_cpu_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_collect_cpu_LDADD = $(CMOCKA_LIBS) $(PROC2_LIBS)

tests_unit_test_diskstat_SOURCES = tests/unit/test_diskstat.c \
	src/collect/diskstat.c src/sysroot.c
tests_unit_test_diskstat_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_diskstat_LDADD = $(CMOCKA_LIBS) $(PROC2_LIBS)
endif
