/* SPDX-License-Identifier: GPL-2.0-or-later */
/* writer.h - where every report goes (standard output or a file), opened
 * and closed in one place, so a report that could not be written (a full
 * disk, /dev/full, a closed stdout) is never a silent success. */
#ifndef BLKTOP_OUTPUT_WRITER_H
#define BLKTOP_OUTPUT_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct writer {
	FILE *f;            /* what the report functions write to */
	const char *path;   /* the file, or NULL for standard output */
	int err;            /* errno of the first failed write, 0 if none */
};

/* Keeps descriptors 0, 1 and 2 taken: one closed at start (`>&-`) gets a
 * /dev/null that cannot be written (or read, for 0), so writes to it still
 * fail with EBADF and no device or file opened later lands on it. */
void writer_keep_std_fds(void);

/* Opens path for writing, or takes standard output when path is NULL.
 * 0, or -1 with one translated line in msg. */
int writer_try_open(struct writer *w, const char *path, char *msg, size_t len);
/* The same for --output: 0, or BLKTOP_USAGE after one line on stderr
 * (nothing has run yet). */
int writer_open(struct writer *w, const char *path);

/* Pushes out what is buffered (a status line as it happens); false when
 * the write failed, the error kept for the close. */
bool writer_flush(struct writer *w);

/* Flushes, checks ferror and closes a file (standard output is flushed
 * only). 0, or -1 with "cannot write the report to ..." in msg. */
int writer_finish(struct writer *w, char *msg, size_t len);
/* writer_finish for a run's end: returns status when the report was
 * written; otherwise says so once on stderr and returns status, or
 * BLKTOP_FAILED when status was 0. A reader that left (EPIPE when status
 * says the run was ended by SIGPIPE) was reported already: not again. */
int writer_close(struct writer *w, int status);

#endif
