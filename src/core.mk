# Core: options table, command line, job runner, scratch device.
libblktop_a_SOURCES += src/i18n.h src/sysroot.c src/sysroot.h src/job.h \
	src/options.c src/options.h src/run.c src/run.h src/cli.c src/cli.h \
	src/target.c src/target.h

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_options
TESTS += tests/unit/test_options
tests_unit_test_options_SOURCES = tests/unit/test_options.c src/options.c
tests_unit_test_options_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_options_LDADD = $(CMOCKA_LIBS)
endif
