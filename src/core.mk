# SPDX-License-Identifier: GPL-2.0-or-later
# Core: options table, command line, job runner, scratch device.
# The options table and its parsers: everything that reads job options
# links both (the unit tests, the fuzz replays, doc/gen-options).
OPTION_SOURCES = src/options.c src/option_table.c src/option_values.c src/option_offsets.c src/option_numa.c src/option_prio.c src/option_errors.c src/option_cmdprio.c \
	src/option_pacing.c src/option_steadystate.c \
	src/util/arith.c src/util/pattern.c
libblktop_a_SOURCES += src/i18n.h src/sysroot.c src/sysroot.h src/job.h \
	$(OPTION_SOURCES) src/options.h src/jobset.c src/jobset.h src/result.c src/result.h src/run.c src/run.h src/monitor.c src/monitor.h src/cli.c src/cli.h \
	src/run_priv.h src/run_merge.c src/run_progress.c src/run_eta.c src/run_irqs.c src/run_units.c src/run_steady.c \
	src/run_section.c src/run_wave.c \
	src/switches.c src/switches.h \
	src/target.c src/target_files.c src/target_area.c src/target.h src/textwidth.c src/textwidth.h \
	src/outwatch.c src/outwatch.h src/scratch.c src/scratch.h

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_options
TESTS += tests/unit/test_options
tests_unit_test_options_SOURCES = tests/unit/test_options.c $(OPTION_SOURCES)
tests_unit_test_options_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_options_LDADD = $(CMOCKA_LIBS)
# The command line's forms (--x=v, --x v, -x=v, -d 0.5, flags before
# targets) and its usage errors, through the switch and option tables.
check_PROGRAMS += tests/unit/test_cli
TESTS += tests/unit/test_cli
tests_unit_test_cli_SOURCES = tests/unit/test_cli.c src/cli.c src/switches.c \
	src/procedures/registry.c $(OPTION_SOURCES)
tests_unit_test_cli_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_cli_LDADD = $(CMOCKA_LIBS) $(LIBINTL)
endif

# make check-valgrind: unit tests, the fuzz corpora, and the batch
# end-to-end tests with every blktop and test program under valgrind
# (errors and definite leaks fail). The screen tests wait for figures
# within seconds, and faults.sh races a second blktop against the first,
# which valgrind's pace does not meet on a busy machine: those are left to
# the ASan build (--enable-asan), which make check's CI run also covers.
# (faults.sh under valgrind alone: make check-valgrind
# VALGRIND_TESTS=tests/e2e/faults.sh.)
VALGRIND_TESTS = $(filter tests/unit/% tests/fuzz/%,$(TESTS)) tests/e2e/run_modes.sh \
	tests/e2e/bad_input.sh tests/e2e/verdict.sh
EXTRA_DIST += tests/valgrind-wrap.sh
check-valgrind:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS="$(VALGRIND_TESTS)" \
		LOG_COMPILER="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite" \
		BLKTOP_REAL=$(abs_top_builddir)/blktop BLKTOP_VALGRIND=1
.PHONY: check-valgrind
clean-local: clean-valgrind-logs
clean-valgrind-logs:
	rm -rf tests/valgrind-logs
.PHONY: clean-valgrind-logs
