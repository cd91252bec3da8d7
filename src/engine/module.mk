# SPDX-License-Identifier: GPL-2.0-or-later
# Engine module: the job loop and the engines (libaio, io_uring when
# liburing is there, the synchronous ones, null).
libblktop_a_SOURCES += src/engine/ops.h src/engine/engine.h src/engine/engine.c \
	src/engine/joblog.c src/engine/joblog.h \
	src/engine/libaio.c src/engine/sync.c
if HAVE_LIBURING
libblktop_a_SOURCES += src/engine/io_uring.c
endif
