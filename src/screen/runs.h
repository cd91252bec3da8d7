/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runs.h - every run of a screen session is kept: a new job no longer
 * throws the last one's result away, a refused or failed start is
 * recorded as such, the runs list and the comparison of two runs take
 * their figures from here, and on quit every summary is printed, oldest
 * first. No curses. */
#ifndef BLKTOP_SCREEN_RUNS_H
#define BLKTOP_SCREEN_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "cli.h"
#include "procedures/procedure.h"
#include "run.h"

/* How a run ended (or that it still runs). */
enum run_end { RUN_RUNNING, RUN_DONE, RUN_STOPPED, RUN_FAILED, RUN_REFUSED };

/* What the list says about a run besides its figures. */
struct run_meta {
	time_t when;
	enum run_end end;
	char target[128];            /* the job's disk, or its file */
	char job[96];                /* "randread 4k qd32 j1" */
};

/* A run is a job (its result) or a whole procedure (its table, every
 * step in it, as --batch prints it). */
struct run_rec {
	struct run_meta meta;
	bool have_result;
	struct run_result result;    /* owned when have_result */
	bool have_table;
	struct proc_table table;     /* owned when have_table */
	char err[512];               /* why it did not start or failed */
};

/* More runs than this, and quit writes their summaries to a file (named
 * on the screen as soon as there are that many) instead of the terminal. */
#define RUNS_PRINT_MAX 5

struct run_list {
	struct run_rec *v;
	size_t n;
	time_t opened;               /* the session's start: names the file */
};

/* A run's figures: per direction and summed, over the whole run. The
 * latency is completion latency (clat), as the live pane and the printed
 * summary give it. With several job sections, rates add up and each
 * percentile is the worst section's. */
struct run_figures {
	bool valid;
	uint64_t ios[DIR_COUNT];
	double iops[DIR_COUNT], bw_bytes[DIR_COUNT];
	uint64_t mean_ns[DIR_COUNT], p50_ns[DIR_COUNT], p99_ns[DIR_COUNT], p999_ns[DIR_COUNT];
	double iops_total, bw_total;
	uint64_t p99_worst;          /* the worse direction's p99 */
};

/* meta for the job set about to run (its first job names it), started now. */
void run_meta_for(const struct job_set *set, struct run_meta *meta);
/* meta for a procedure about to run on job's target: its short name. */
void run_meta_for_proc(enum proc_kind kind, const struct job_spec *job, struct run_meta *meta);
/* Takes res over (it is left empty). 0, or -1 out of memory (res kept). */
int runs_add_result(struct run_list *l, const struct run_meta *meta, struct run_result *res);
/* A procedure's table, taken over (t is left empty). 0, or -1. */
int runs_add_table(struct run_list *l, const struct run_meta *meta, struct proc_table *t);
/* A start that was refused or failed before any result. */
int runs_add_refused(struct run_list *l, const struct run_meta *meta, const char *err);
/* The newest run with a result, or NULL. */
const struct run_result *runs_last_result(const struct run_list *l);
void runs_free(struct run_list *l);
void runs_figures(const struct run_result *r, struct run_figures *f);
/* A procedure's figures for the list: those of its one measured step
 * (a profile); none (f->valid false) for a table of several. */
void runs_table_figures(const struct proc_table *t, struct run_figures *f);
/* The end's word for the list ("stopped"), translated. */
const char *run_end_word(enum run_end e);
/* Runs with a summary or a table: the kept ones and last. */
size_t runs_with_summary(const struct run_list *l, const struct run_result *last);
/* The file quit writes many summaries to, in the current directory:
 * blktop-runs-YYYYMMDD-HHMMSS.txt (.json), by the session's start. */
void runs_file_name(const struct run_list *l, bool json, char *buf, size_t len);
/* Every kept summary (a procedure's: its table), then last (NULL for
 * none), oldest first, to path or stdout: the normal text under a
 * heading per run, or with JSON one document per run (a job's is fio's), one after another (as fio's
 * --status-interval stream). Refused runs are said on stderr. 0, or
 * BLKTOP_FAILED after one line on stderr. */
int runs_write_all(const struct run_list *l, const struct run_result *last, const char *path,
		   enum output_format fmt);
/* On quit: every summary, to path when given; else to stdout, or with
 * more than RUNS_PRINT_MAX of them to runs_file_name()'s file, the
 * newest one on stdout and the file's name on stderr. */
int runs_write_on_quit(const struct run_list *l, const struct run_result *last, const char *path,
		       enum output_format fmt);

#endif
