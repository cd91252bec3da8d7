# SPDX-License-Identifier: GPL-2.0-or-later
# util: the bottom layer. Helpers every layer may use and that use nothing
# of blktop's: exit statuses, run control and the signals that stop a run,
# the clock, CPU lists, string helpers.
libblktop_a_SOURCES += src/util/status.h src/util/runctl.c src/util/runctl.h \
	src/util/sigstop.c src/util/sigstop.h src/util/clock.h \
	src/util/cpulist.c src/util/cpulist.h src/util/str.c src/util/str.h \
	src/util/arith.c src/util/arith.h
libblktop_a_SOURCES += src/util/buildinfo.c src/util/buildinfo.h
# Message catalogs beside the binary before the installed ones.
libblktop_a_SOURCES += src/util/catalogs.c src/util/catalogs.h
libblktop_a_SOURCES += src/util/jsonread.c src/util/jsonread.h
# fio's verification checksums and byte patterns.
libblktop_a_SOURCES += src/util/checksum.c src/util/checksum.h src/util/pattern.c \
	src/util/pattern.h

# For the tests and replays that link sources rather than libblktop.a.
UTIL_SOURCES = src/util/cpulist.c src/util/str.c

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_util
TESTS += tests/unit/test_util
tests_unit_test_util_SOURCES = tests/unit/test_util.c $(UTIL_SOURCES) src/util/runctl.c
tests_unit_test_util_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_util_LDADD = $(CMOCKA_LIBS)
endif
