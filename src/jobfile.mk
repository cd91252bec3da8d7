# SPDX-License-Identifier: GPL-2.0-or-later
# Job files: fio-style ini -> job set, through the options table.
libblktop_a_SOURCES += src/jobfile.c src/jobfile.h

if HAVE_CMOCKA
# Built from the parser and the options table alone; the test carries its
# own job_set_add so it does not pull in the runner. It finds
# tests/jobs/ through top_srcdir (AM_TESTS_ENVIRONMENT).
check_PROGRAMS += tests/unit/test_jobfile
TESTS += tests/unit/test_jobfile
tests_unit_test_jobfile_SOURCES = tests/unit/test_jobfile.c
tests_unit_test_jobfile_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_jobfile_LDADD = $(unit_ldadd)
endif

# The published tests' job files, used by the unit test and the end-to-end tests.
EXTRA_DIST += tests/jobs/seed002.fio tests/jobs/seed004.fio

# The fuzzers (job files, options and the rest) are in tests/fuzz/module.mk.
