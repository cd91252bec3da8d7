/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runs.h - every run of a screen session is kept: a new job no longer
 * throws the last one's result away, a refused start is recorded as such,
 * and on quit every summary is printed, oldest first. No curses. */
#ifndef BLKTOP_SCREEN_RUNS_H
#define BLKTOP_SCREEN_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "run.h"

struct run_rec {
	time_t when;
	bool have_result;
	struct run_result result;    /* owned when have_result */
	char err[512];               /* why it did not start or failed */
};

struct run_list {
	struct run_rec *v;
	size_t n;
};

/* Takes res over (it is left empty). 0, or -1 out of memory (res kept). */
int runs_add_result(struct run_list *l, struct run_result *res);
/* A start that was refused or failed before any result. */
int runs_add_refused(struct run_list *l, const char *err);
/* The newest run with a result, or NULL. */
const struct run_result *runs_last_result(const struct run_list *l);
void runs_free(struct run_list *l);
/* Every kept summary, then last (NULL for none), to path or stdout, in
 * one file; JSON (one document) holds only the newest. Refused runs are
 * said on stderr. 0, or BLKTOP_FAILED after one line on stderr. */
int runs_write_all(const struct run_list *l, const struct run_result *last, const char *path,
		   bool json);

#endif
