# SPDX-License-Identifier: GPL-2.0-or-later
# output module: the JSON tree builder and the reports (fio's normal text,
# fio's JSON and json+, fio's terse, --status-interval lines).
libblktop_a_SOURCES += src/output/json.c src/output/json.h \
	src/output/report.h src/output/report_priv.h src/output/report_util.c \
	src/output/report_normal.c src/output/report_json.c src/output/report_terse.c \
	src/output/report_jsonl.c src/output/report_interval.c src/output/writer.c src/output/writer.h \
	src/output/listing.c src/output/listing.h src/output/report_dry.c

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_json tests/unit/test_report tests/unit/test_report_json \
	tests/unit/test_report_interval
TESTS += tests/unit/test_json tests/unit/test_report tests/unit/test_report_json \
	tests/unit/test_report_interval

# Built from the sources they need rather than libblktop.a, so they build
# and run while other modules are unfinished.
tests_unit_test_json_SOURCES = tests/unit/test_json.c tests/unit/json_check.h \
	src/output/json.c
tests_unit_test_json_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_json_LDADD = $(CMOCKA_LIBS) -lm

# The reports: the final text and terse (test_report), the JSON ones
# (test_report_json), both over the run result of report_testlib.h, and
# the status-interval lines (test_report_interval).
report_test_sources = tests/unit/json_check.h \
	src/output/json.c src/output/report_util.c src/output/report_normal.c \
	src/output/report_json.c src/output/report_jsonl.c src/output/report_terse.c \
	src/output/report_interval.c \
	src/stats/hist.c src/stats/stats.c src/stats/steady.c src/stats/prio.c src/collect/cpu.c \
	src/collect/verdict.c src/sysroot.c src/util/str.c $(OPTION_SOURCES)
report_test_ldadd = $(CMOCKA_LIBS) $(PROC2_LIBS) $(LIBINTL) -lm
tests_unit_test_report_SOURCES = tests/unit/test_report.c tests/unit/report_testlib.h \
	$(report_test_sources)
tests_unit_test_report_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_report_LDADD = $(report_test_ldadd)
tests_unit_test_report_json_SOURCES = tests/unit/test_report_json.c \
	tests/unit/report_testlib.h $(report_test_sources)
tests_unit_test_report_json_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_report_json_LDADD = $(report_test_ldadd)
tests_unit_test_report_interval_SOURCES = tests/unit/test_report_interval.c \
	$(report_test_sources)
tests_unit_test_report_interval_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_report_interval_LDADD = $(report_test_ldadd)
endif
