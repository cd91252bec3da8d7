/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report.h - a finished run as fio 3 prints it (normal text and JSON, so
 * users and fio tooling find IOPS=, clat percentiles, cpu and disk util
 * where they expect them), plus blktop's extras (per-CPU load, iostat -x,
 * the safety verdict), and the per-interval status lines. */
#ifndef BLKTOP_REPORT_H
#define BLKTOP_REPORT_H

#include <stdio.h>

#include "result.h"

/* fio's normal report: one block per reporting group, "Run status group"
 * per stonewall group, "Disk stats", then blktop's extras. Numbers use '.'
 * in every locale; prose is translated, fio's keywords are not. */
void report_normal(FILE *out, const struct run_result *r);

/* fio 3's JSON layout ("blktop version" instead of "fio version"), with
 * blktop's own figures under "blktop". Never translated. */
void report_json(FILE *out, const struct run_result *r);

/* One compact block for --status-interval: that interval's IOPS,
 * bandwidth, clat mean and percentiles per direction (not totals so far). */
void report_interval(FILE *out, const struct run_interval *iv);

#endif
