# SPDX-License-Identifier: GPL-2.0-or-later
# Engine module: the job loop and the engines (libaio, io_uring when
# liburing is there, the synchronous ones, null).
libblktop_a_SOURCES += src/engine/ops.h src/engine/engine.h src/engine/engine.c \
	src/engine/joblog.c src/engine/joblog.h \
	src/engine/libaio.c src/engine/sync.c src/engine/trim.c src/engine/trim.h \
	src/engine/syncpoint.c src/engine/syncpoint.h src/engine/random.h \
	src/engine/blocksize.c src/engine/blocksize.h \
	src/engine/buffers.c src/engine/buffers.h src/engine/fiorand.c src/engine/fiorand.h \
	src/engine/loop.h src/engine/loop_setup.c src/engine/next_io.c src/engine/next_io_setup.c \
	src/engine/resid.c src/engine/randmap.c src/engine/randmap.h \
	src/engine/randdist.c src/engine/randdist.h \
	src/engine/fileservice.c src/engine/fileservice.h \
	src/engine/pacing.c src/engine/pacing.h src/engine/engine_table.c \
	src/engine/lattarget.c src/engine/lattarget.h src/engine/fio_lines.c src/engine/fio_lines.h \
	src/engine/numa.c src/engine/numa.h src/engine/cmdprio.c src/engine/cmdprio.h
# fio's flow= weights between jobs.
libblktop_a_SOURCES += src/engine/flow.c src/engine/flow.h
# Data verification: fio's header layout and the job loop's hooks.
libblktop_a_SOURCES += src/engine/verify.c src/engine/verify.h src/engine/verify_hdr.c \
	src/engine/verify_hdr.h src/engine/verify_state.c src/engine/verify_state.h
if HAVE_LIBURING
libblktop_a_SOURCES += src/engine/io_uring.c
endif

if HAVE_CMOCKA
# fio's log lines byte for byte, from the job thread's calls to the files.
check_PROGRAMS += tests/unit/test_joblog
TESTS += tests/unit/test_joblog
tests_unit_test_joblog_SOURCES = tests/unit/test_joblog.c src/engine/joblog.c
tests_unit_test_joblog_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_joblog_LDADD = $(CMOCKA_LIBS) $(LIBINTL) -lpthread
# fio's checksums, byte patterns and verification header (issue 13).
check_PROGRAMS += tests/unit/test_checksum
TESTS += tests/unit/test_checksum
tests_unit_test_checksum_SOURCES = tests/unit/test_checksum.c
tests_unit_test_checksum_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_checksum_LDADD = $(unit_ldadd)
# The random map: every block once per pass, its search at word and level edges.
check_PROGRAMS += tests/unit/test_randmap
TESTS += tests/unit/test_randmap
tests_unit_test_randmap_SOURCES = tests/unit/test_randmap.c src/engine/randmap.c
tests_unit_test_randmap_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_randmap_LDADD = $(CMOCKA_LIBS)
# Write buffers: fio's option rules, compressible chunks, duplicates, scramble.
check_PROGRAMS += tests/unit/test_buffers
TESTS += tests/unit/test_buffers
tests_unit_test_buffers_SOURCES = tests/unit/test_buffers.c
tests_unit_test_buffers_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_buffers_LDADD = $(unit_ldadd)
endif
if HAVE_CMOCKA
# fio's pacing arithmetic: the rate schedule, thinktime triggers, rate_min.
check_PROGRAMS += tests/unit/test_pacing
TESTS += tests/unit/test_pacing
tests_unit_test_pacing_SOURCES = tests/unit/test_pacing.c
tests_unit_test_pacing_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_pacing_LDADD = $(unit_ldadd)
endif
