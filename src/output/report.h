/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report.h - a finished run as fio 3 prints it (normal text and JSON, so
 * users and fio tooling find IOPS=, clat percentiles, cpu and disk util
 * where they expect them), plus blktop's extras (per-CPU load, iostat -x,
 * the safety verdict), and the per-interval status lines. */
#ifndef BLKTOP_REPORT_H
#define BLKTOP_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "jobset.h"
#include "result.h"

/* Latency in a coarser unit (unit 1000: ns to microseconds) at decimals
 * places, rounded up as fio rounds its percentiles: a figure never shows
 * less than was measured. The one rounding rule of every latency figure
 * blktop prints or draws (report, procedure tables, the screen), so the
 * same latency reads the same everywhere. */
double report_lat_up(double ns, double unit, int decimals);

/* fio's normal report: one block per reporting group, "Run status group"
 * per stonewall group, "Disk stats", then blktop's extras. Numbers use '.'
 * in every locale; prose is translated, fio's keywords are not. */
void report_normal(FILE *out, const struct run_result *r);

/* fio's report of the run so far, as fio prints it at each
 * --status-interval: the entries, run status groups and disk stats,
 * without blktop's blocks. */
void report_normal_periodic(FILE *out, const struct run_result *r);

/* What fio prints before a run, for the normal report: one line per job
 * section ("NAME: (g=0): rw=..., bs=(R) ..., ioengine=..., iodepth=N"),
 * "..." after it when it has clones, the version line and "Starting N
 * threads". fio's text, never translated. */
void report_normal_preamble(FILE *out, const struct job_set *set);
/* fio's line for a clone whose files were made or grown before the run. */
void report_normal_laid_out(FILE *out, const char *job, unsigned nfiles, uint64_t bytes);

/* fio 3's JSON layout ("fio version" names blktop in fio's form), with
 * blktop's own figures under "blktop". Never translated. */
void report_json(FILE *out, const struct run_result *r);
/* The same with fio's json+ additions: each listed latency's histogram as
 * "bins" (bucket value in ns to count), as fio 3.33 writes them. */
void report_json_plus(FILE *out, const struct run_result *r);

/* fio's terse format, version 3: one line of ';'-joined fields per report
 * entry, for scripts that split fio's by position. Never translated. */
void report_terse(FILE *out, const struct run_result *r);
/* fio's terse versions 2 to 5 (report_terse writes 3, fio's default). */
void report_terse_version(FILE *out, const struct run_result *r, unsigned version);

/* fio's lines for a run that failed, one per failed report entry
 * ("fio: pid=N, err=E/..., error=TEXT"), in fio's words, on out; a job
 * that failed in the serialized file setup says pid=0 on stderr, as fio. */
void report_error_lines(FILE *out, const struct run_result *r);

/* One compact block for --status-interval: that interval's IOPS,
 * bandwidth, clat mean and percentiles per direction (not totals so far). */
void report_interval(FILE *out, const struct run_interval *iv);

/* --output-format=jsonl, one object a line (schema in the man page): a
 * "start" line once the run is allowed, an "interval" line with each
 * status interval's own figures, and a "final" line with the whole report
 * (fio's JSON, its clat histograms as json+ bins). The caller flushes. */
void report_jsonl_start(FILE *out, uint64_t wall_ms, uint64_t interval_ms);
void report_jsonl_interval(FILE *out, const struct run_progress *p);
void report_jsonl_final(FILE *out, const struct run_result *r);
/* A "note" line: one of --profile-env's steps, said as it is taken. */
void report_jsonl_note(FILE *out, const char *text);

/* --dry-run: the target's verdict and reasons, and that the job would
 * run; as text or as one JSON object. */
void report_dry_run(FILE *out, const struct run_result *r, bool json);

#endif
