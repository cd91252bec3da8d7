/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_priv.h - what the normal and JSON reports compute alike: fio's
 * number formatting, latency summaries, latency buckets and depth shares.
 * Private to src/output. */
#ifndef BLKTOP_REPORT_PRIV_H
#define BLKTOP_REPORT_PRIV_H

#include <locale.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "result.h"

/* fio's version line and "fio version" key: fio's form for its own git
 * builds ("fio-3.33-12-gabc"), so readers that check for fio 3 take it,
 * naming blktop and its version. */
#define REPORT_FIO_VERSION "fio-3.33-blktop-" PACKAGE_VERSION
/* The line after fio's normal report and before blktop's own blocks. */
#define REPORT_BLKTOP_MARK "--- blktop ---"

/* fio's significant figures for IOPS and bandwidth (sig_figs=4). */
#define REPORT_SIG_FIGS 4
/* Room for every percentile list blktop prints (hist_default_pcts). */
#define REPORT_MAX_PCTS 32

/* fio's latency buckets: ns and us each 2 4 10 20 50 100 250 500 750 1000,
 * ms adds 2000 and >=2000. */
#define LAT_BUCKETS_N 10
#define LAT_BUCKETS_U 10
#define LAT_BUCKETS_M 12
extern const char *const lat_bucket_names[LAT_BUCKETS_M];

struct lat_buckets {
	double ns[LAT_BUCKETS_N], us[LAT_BUCKETS_U], ms[LAT_BUCKETS_M];   /* percent */
};

/* min/max/mean/stddev of one latency measure; all 0 when empty. */
struct lat_summary {
	uint64_t n, min, max;
	double mean, stddev;
};

/* Per-direction figures as fio derives them from counts and runtime. */
struct dir_rates {
	uint64_t bw_bytes;      /* bytes per second, integer as fio */
	double iops;            /* JSON keeps the fraction */
	uint64_t iops_int;      /* the normal report rounds down, as fio */
};

/* fio's report entries, one per jobs[] element and per block of the
 * normal report: run_result.entries, or the groups when a result (an
 * older caller, a test) has none. */
const struct group_result *report_entries(const struct run_result *r, size_t *n);

/* Decimal digits of v (1 for 0). */
int report_digits(uint64_t v);

/* fio's num2str(): at most maxlen digits (the point counts), then a 1000
 * or 1024 prefix; unit is appended ("", "B", "B/s"). Returns buf. */
const char *report_num(char *buf, size_t len, uint64_t num, int maxlen, bool pow2,
		       const char *unit);
/* The same for a num already in units of prefix prefix0 (1: k or Ki). */
const char *report_num_in(char *buf, size_t len, uint64_t num, int prefix0, int maxlen,
			  bool pow2, const char *unit);

void report_lat_summary(const struct lat_stat *s, struct lat_summary *out);
void report_dir_rates(const struct group_result *g, int dir, struct dir_rates *out);
/* Whether a direction did anything worth a block of its own. */
bool report_dir_active(const struct group_result *g, int dir);

/* The percentiles a job reports (its percentile_list, fio's 17 by
 * default; spec NULL: the defaults) in ascending order; returns how many
 * (at most REPORT_MAX_PCTS). */
size_t report_pct_list(const struct job_spec *spec, const double **pcts);
/* The decimals the normal report gives them (fio's percentile_precision). */
unsigned report_pct_precision(const struct job_spec *spec);
/* Whether a job reports a latency's percentiles (and json+ bins): fio's
 * clat_percentiles, lat_percentiles, slat_percentiles, off with
 * disable_*lat and gtod_reduce as in fio. spec NULL: fio's defaults. */
enum report_lat { REPORT_SLAT, REPORT_CLAT, REPORT_LAT };
bool report_pct_on(const struct job_spec *spec, enum report_lat which);
/* A latency measure at those percentiles: fills out, points pcts at the
 * list and returns its length. */
size_t report_percentiles(const struct lat_stat *s, const struct job_spec *spec, uint64_t *out,
			  const double **pcts);

/* What fio puts after err=N in a failed job's lines ("file:..., func=io_u
 * error, error=No space left on device"): fio's form, in English in every
 * locale; file: names the target (fio names its source line). Empty for
 * an error the job ignored (fio keeps no text for those). */
const char *report_verror(const struct group_result *g, char *buf, size_t len);

/* The error fio reports for an entry (err=, "error", terse's field): the
 * one that ended it, or else, with continue_on_error, the first it
 * ignored. */
int report_error(const struct group_result *g);

/* The I/O errors of an entry, both directions, and the first of them. */
uint64_t report_errors(const struct group_result *g, int *first);

/* fio's json+ "bins" in o: each non-empty bucket's value in ns (the
 * middle of the bucket, exact below 128 ns) to its count, in ascending
 * order, the buckets above fio's last folded into it (hist.h); h NULL:
 * none. For json+ and the JSON-lines stream alike. */
struct json;
void report_add_bins(struct json *o, const struct hist *h);

/* A stonewall group's aggregate bandwidth in a direction, bytes/s
 * (fio's rs->agg: its bytes over its longest runtime). */
uint64_t report_group_agg(const struct run_result *r, unsigned gid, int d);

/* fio's "lat (usec): 250=0.01%" shares of clat, both directions. */
void report_lat_buckets(const struct group_result *g, struct lat_buckets *out);
/* fio's "IO depths" shares in percent (tiny ones shown as 0.1). */
void report_depth_shares(const struct group_result *g, double out[DEPTH_LEVELS]);
/* The same for any of fio's seven-bucket maps (iodepth_submit and
 * iodepth_complete: shares of the calls). */
void report_dist_shares(const uint64_t counts[DEPTH_LEVELS], double out[DEPTH_LEVELS]);

/* Sum of percentages in a cpu_pct (0: nothing was measured). */
double report_cpu_sum(const struct cpu_pct *p);

/* fio's JSON report as a tree (report_json prints it), for writers that
 * embed it; call between report_numeric_begin and _end. */
struct json *report_json_tree(const struct run_result *r);

/* Switches the calling thread to '.' decimals for printf and back, so a
 * report is the same in every locale while messages stay translated. */
struct report_numeric {
	locale_t old, c;
};
void report_numeric_begin(struct report_numeric *g);
void report_numeric_end(struct report_numeric *g);

#endif
