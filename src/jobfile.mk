# SPDX-License-Identifier: GPL-2.0-or-later
# Job files: fio-style ini -> job set, through the options table.
libblktop_a_SOURCES += src/jobfile.c src/jobfile.h

if HAVE_CMOCKA
# Two programs: the reader's rules (test_jobfile) and the language beyond
# them (test_jobfile_lang), with what they share in jobfile_testlib.h. They
# find tests/jobs/ through top_srcdir (AM_TESTS_ENVIRONMENT).
check_PROGRAMS += tests/unit/test_jobfile
TESTS += tests/unit/test_jobfile
tests_unit_test_jobfile_SOURCES = tests/unit/test_jobfile.c tests/unit/jobfile_testlib.h
tests_unit_test_jobfile_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_jobfile_LDADD = $(unit_ldadd)
check_PROGRAMS += tests/unit/test_jobfile_lang
TESTS += tests/unit/test_jobfile_lang
tests_unit_test_jobfile_lang_SOURCES = tests/unit/test_jobfile_lang.c tests/unit/jobfile_testlib.h
tests_unit_test_jobfile_lang_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_jobfile_lang_LDADD = $(unit_ldadd)
endif

# The published tests' job files, used by the unit test and the end-to-end tests.
EXTRA_DIST += tests/jobs/azure-blocksize.fio tests/jobs/multidisk-cpubind.fio

# The fuzzers (job files, options and the rest) are in tests/fuzz/module.mk.
