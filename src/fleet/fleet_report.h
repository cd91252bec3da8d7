/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_report.h - the fleet's report (normal text and JSON with hosts[]
 * and the fleet's merged figures), and the sums it is made of. */
#ifndef BLKTOP_FLEET_REPORT_H
#define BLKTOP_FLEET_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fleet/fleet.h"

#define FLEET_DIRS 3
#define FLEET_NPCTS 17
/* Where p50, p99 and p99.9 are in fio's list (fleet_percentiles). */
#define FLEET_PCT_P50 6
#define FLEET_PCT_P99 12
#define FLEET_PCT_P999 14

struct fleet_bin {
	uint64_t ns, count;
};

/* One direction summed over jobs and hosts. */
struct fleet_dir {
	double iops, bw_bytes;
	uint64_t ios, io_bytes;
	uint64_t clat_n;
	double clat_sum;             /* mean x N, summed */
	struct fleet_bin *bins;      /* the merged clat histogram */
	size_t nbins, capbins;
	bool missing_bins;           /* a report had I/O but no histogram */
};

struct fleet_sum {
	struct fleet_dir dir[FLEET_DIRS];
	uint64_t errors;
	size_t jobs;
};

/* Adds the jobs of one fio-layout JSON report (jobs[]) into sum. */
void fleet_sum_add(struct fleet_sum *sum, const struct jv *report);
/* Adds one entry of a report's jobs[] into sum. */
void fleet_sum_add_job(struct fleet_sum *sum, const struct jv *job);
/* fio's percentile list (1 ... 99.99) from the merged histogram; false
 * when some report had none. */
bool fleet_percentiles(struct fleet_dir *d, uint64_t out[FLEET_NPCTS]);
void fleet_sum_free(struct fleet_sum *sum);
/* Adds n buckets into d's histogram (bucket by bucket). 0 or -1. */
int fleet_dir_add_bins(struct fleet_dir *d, const struct fleet_bin *b, size_t n);

void fleet_report_normal(FILE *out, const struct fleet_host *hosts, size_t n, bool started);
void fleet_report_json(FILE *out, const struct fleet_host *hosts, size_t n);
/* The same hosts[] and fleet objects, added to root. */
struct json;
void fleet_report_json_add(struct json *root, const struct fleet_host *hosts, size_t n);
/* A parsed value put back into the JSON builder (integers stay so). */
void fleet_json_add_jv(struct json *parent, const char *key, const struct jv *v);

/* One host's last interval, one line: "HOST: t=2.0s read: IOPS=...". */
void fleet_live_line(FILE *out, const struct fleet_host *h);

/* 0 when every host did its part, 3 when one refused (nothing written
 * there), else 1. */
int fleet_status(const struct fleet_host *hosts, size_t n);

#endif
