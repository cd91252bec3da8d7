/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary.h - saving and printing a finished run's summary, exactly as
 * --batch writes it (output/report.h); a procedure's run has its table
 * instead, as --batch prints that (procedures/procedure.h). */
#ifndef BLKTOP_SCREEN_SUMMARY_H
#define BLKTOP_SCREEN_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli.h"
#include "procedures/procedure.h"
#include "run.h"

/* A job's summary (r) or a procedure's table (t, when r is NULL): the
 * normal text, JSON, or for a table also CSV (a job's is then the text). */
void summary_print(FILE *out, const struct run_result *r, const struct proc_table *t,
		   enum output_format fmt);
/* The normal text in memory (to free), or NULL out of memory. */
char *summary_text(const struct run_result *r, const struct proc_table *t);
/* Writes the summary (or table) to path. 0, or -1 with one line in err. */
int summary_save(const struct run_result *r, const struct proc_table *t, const char *path,
		 bool json, char *err, size_t errlen);
/* A file name for it in the current directory, by start time (a table's:
 * when). */
void summary_default_name(const struct run_result *r, const struct proc_table *t, time_t when,
			  bool json, char *buf, size_t len);

#endif
