/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary.h - saving and printing a finished run's summary, exactly as
 * --batch writes it (output/report.h). */
#ifndef BLKTOP_SCREEN_SUMMARY_H
#define BLKTOP_SCREEN_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "run.h"

/* Writes the summary to path. 0, or -1 with one line in err. */
int summary_save(const struct run_result *r, const char *path, bool json, char *err,
		 size_t errlen);
void summary_print(FILE *out, const struct run_result *r, bool json);
/* The text summary in memory (to free), or NULL out of memory. */
char *summary_text(const struct run_result *r);
/* The summary on exit, to path or standard output (NULL): 0, or
 * BLKTOP_FAILED after one line on stderr. */
int summary_write(const struct run_result *r, const char *path, bool json);
/* A file name for the summary in the current directory, by start time. */
void summary_default_name(const struct run_result *r, bool json, char *buf, size_t len);

#endif
