# SPDX-License-Identifier: GPL-2.0-or-later
# output module: the JSON tree builder and the reports (fio's normal text,
# fio's JSON and json+, fio's terse, --status-interval lines).
libblktop_a_SOURCES += src/output/json.c src/output/json.h \
	src/output/report.h src/output/report_priv.h src/output/report_util.c \
	src/output/report_normal.c src/output/report_json.c src/output/report_terse.c \
	src/output/report_jsonl.c src/output/report_interval.c src/output/writer.c src/output/writer.h \
	src/output/listing.c src/output/listing.h src/output/report_dry.c

if HAVE_CMOCKA
check_PROGRAMS += tests/unit/test_json tests/unit/test_report
TESTS += tests/unit/test_json tests/unit/test_report

# Built from the sources they need rather than libblktop.a, so they build
# and run while other modules are unfinished.
tests_unit_test_json_SOURCES = tests/unit/test_json.c tests/unit/json_check.h \
	src/output/json.c
tests_unit_test_json_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_json_LDADD = $(CMOCKA_LIBS) -lm

tests_unit_test_report_SOURCES = tests/unit/test_report.c tests/unit/json_check.h \
	src/output/json.c src/output/report_util.c src/output/report_normal.c \
	src/output/report_json.c src/output/report_jsonl.c src/output/report_terse.c \
	src/output/report_interval.c \
	src/stats/hist.c src/stats/stats.c src/stats/steady.c src/stats/prio.c src/collect/cpu.c \
	src/collect/verdict.c src/sysroot.c $(OPTION_SOURCES)
tests_unit_test_report_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_report_LDADD = $(CMOCKA_LIBS) $(PROC2_LIBS) $(LIBINTL) -lm
endif
