# SPDX-License-Identifier: GPL-2.0-or-later
# stats module: latency histogram, Welford, per-second sample summaries.
libblktop_a_SOURCES += src/stats/hist.c src/stats/hist.h \
	src/stats/stats.c src/stats/stats.h src/stats/steady.c src/stats/steady.h \
	src/stats/prio.c src/stats/prio.h

if HAVE_CMOCKA
# The tests build the module's sources directly rather than libblktop.a, so
# they do not depend on the rest of the tree.
check_PROGRAMS += tests/unit/test_hist tests/unit/test_stats
TESTS += tests/unit/test_hist tests/unit/test_stats
tests_unit_test_hist_SOURCES = tests/unit/test_hist.c \
	src/stats/hist.c src/stats/stats.c
tests_unit_test_hist_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_hist_LDADD = $(CMOCKA_LIBS) -lm
tests_unit_test_stats_SOURCES = tests/unit/test_stats.c \
	src/stats/hist.c src/stats/stats.c
tests_unit_test_stats_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_stats_LDADD = $(CMOCKA_LIBS) -lm
# The steady-state window, and the steadystate option's values.
check_PROGRAMS += tests/unit/test_steady
TESTS += tests/unit/test_steady
tests_unit_test_steady_SOURCES = tests/unit/test_steady.c src/stats/steady.c $(OPTION_SOURCES)
tests_unit_test_steady_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_steady_LDADD = $(CMOCKA_LIBS) $(LIBINTL) -lm
endif
