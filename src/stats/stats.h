/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats.h - running statistics: Welford mean/variance, latency summaries
 * (min, max, Welford, histogram), per-second sample summaries, and a
 * bounded series of per-second samples that merges old ones instead of
 * dropping them. */
#ifndef BLKTOP_STATS_H
#define BLKTOP_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stats/hist.h"

/* fio's "IO depths" buckets: 1, 2, 4, 8, 16, 32, >=64. */
#define DEPTH_LEVELS 7


/* Welford's running mean and sum of squared deviations. */
struct welford {
	uint64_t n;
	double mean;
	double m2;
};

void welford_add(struct welford *w, double x);
/* Chan et al.'s parallel combination: dst becomes the stats of both sets. */
void welford_merge(struct welford *dst, const struct welford *src);
/* Sample standard deviation (n - 1 in the denominator, as fio); 0 if n < 2. */
double welford_stddev(const struct welford *w);

/* One latency measure (slat, clat or lat) of one direction. Written by one
 * job thread; `n` and `sum_ns` and the histogram may be read by the monitor
 * while it runs (relaxed), the rest only after the thread has ended. */
/* GCC and clang on 64-bit targets; __extension__ keeps -pedantic quiet. */
__extension__ typedef unsigned __int128 stats_u128;
__extension__ typedef __int128 stats_i128;

struct lat_stat {
	uint64_t n;
	uint64_t sum_ns;
	uint64_t min_ns; /* UINT64_MAX while empty */
	uint64_t max_ns;
	/* Exact sum of squared distances from the first value (shifted
	 * data: no cancellation when the deviation is tiny beside the
	 * mean). Mean and deviation come from the sums at report time, so
	 * the per-I/O path has no division or rounding. */
	uint64_t shift_ns;
	stats_u128 sumsq_ns;
	struct hist hist;
};

void lat_init(struct lat_stat *s);
static inline void lat_add(struct lat_stat *s, uint64_t ns)
{
	__atomic_store_n(&s->n, s->n + 1, __ATOMIC_RELAXED);
	__atomic_store_n(&s->sum_ns, s->sum_ns + ns, __ATOMIC_RELAXED);
	if (ns < s->min_ns)
		s->min_ns = ns;
	if (ns > s->max_ns)
		s->max_ns = ns;
	if (s->n == 1)  /* the first value, just counted */
		s->shift_ns = ns;
	uint64_t d = ns >= s->shift_ns ? ns - s->shift_ns : s->shift_ns - ns;
	s->sumsq_ns += (stats_u128)d * d;
	hist_add(&s->hist, ns);
}
void lat_merge(struct lat_stat *dst, const struct lat_stat *src);
/* A lat_stat without its histogram, to merge figures taken apart (a
 * running thread's, read from outside). */
struct lat_moments {
	uint64_t n, sum_ns, min_ns, max_ns, shift_ns;
	stats_u128 sumsq_ns;
};
void lat_merge_moments(struct lat_stat *dst, const struct lat_moments *m);
/* min for reports: 0 while empty. */
uint64_t lat_min(const struct lat_stat *s);
/* Mean, and sample standard deviation (n - 1, as fio; 0 if n < 2). */
double lat_mean(const struct lat_stat *s);
double lat_stddev(const struct lat_stat *s);

/* Summary of per-second samples (IOPS or bandwidth), as fio's iops_* and
 * bw_*: min, max, mean, stddev and how many samples. */
struct sample_stat {
	double min, max;
	struct welford w;
};

/* min and max read 0 until the first sample sets both. */
void sample_stat_init(struct sample_stat *s);
void sample_stat_add(struct sample_stat *s, double v);
/* fio's group_reporting sum of its threads' bw and iops samples: counts,
 * minima, maxima, means and squared deviations each added (so the mean
 * is the threads' means summed, a group's rate). */
void sample_stat_sum(struct sample_stat *dst, const struct sample_stat *src);

/* One per-second sample of a group of jobs, per direction. */
struct sample {
	uint64_t t_ms;          /* end of the interval, since the run's start */
	uint32_t span_ms;       /* how long it covers (grows when merged) */
	double iops[2];
	double bw_bytes[2];     /* bytes per second */
	uint64_t clat_p50_ns[2];
	uint64_t clat_p99_ns[2];
};

/* Bounded series: when full, neighbouring samples are merged pairwise
 * (averages over the longer span; p50/p99 kept as the larger of the two),
 * so a 24-hour run keeps its shape in bounded memory. */
struct sample_series {
	struct sample *v;
	size_t len, cap;
	unsigned merged_pairs;   /* how many times the series was halved */
	uint32_t pending;        /* samples folded into the open slot */
};

/* cap must be even and >= 2. Returns 0, -EINVAL (bad cap) or -ENOMEM.
 * Every slot but the last covers 2^merged_pairs added samples; the last
 * covers `pending` of them and takes new ones until it is as long. */
int sample_series_init(struct sample_series *s, size_t cap);
void sample_series_add(struct sample_series *s, const struct sample *x);
void sample_series_free(struct sample_series *s);

/* Counters of one direction; written by one job thread. */
struct dir_stats {
	uint64_t ios;
	uint64_t bytes;
	uint64_t errors;
	/* I/Os issued that did not complete as one: failed ones, counted or
	 * not in errors, and those cut short whose rest went out again as an
	 * I/O of its own. fio counts every issue in total_ios (issued, not
	 * completed) and so in iops. */
	uint64_t failed;
	/* Transfers that came back with fewer bytes than asked and more
	 * than none (fio's short_io_u: short= and short_ios). */
	uint64_t short_ios;
	int first_error;            /* errno of the first failed I/O, 0 if none */
	uint64_t first_error_offset; /* where it was */
	struct lat_stat slat, clat, lat;
};

#endif
