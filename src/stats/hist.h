/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hist.h - log-linear latency histogram in nanoseconds.
 *
 * Values below 2*HIST_SUB (128) get a bucket each, so they are exact. Above
 * that, every power of two [2^m, 2^(m+1)) is split into HIST_SUB (64) equal
 * buckets: a bucket is 2^(m-6) wide and starts at no less than 64 widths, so
 * reporting its midpoint is off by at most half a width, 1/128 of the value.
 * This is fio's layout (FIO_IO_U_PLAT_BITS 6) carried to larger values:
 * HIST_MAX_MSB 44 covers up to 2^45 ns (about 9.7 hours); anything larger is
 * counted in the last bucket. hist_percentiles clamps what it reports to
 * the bounds it is given: the measured min/max for blktop's own views, 0
 * and fio's last bucket for fio's formats.
 *
 * One thread writes a histogram (hist_add); another may read it while it
 * runs (hist_snapshot) with relaxed atomic loads, which is how the monitor
 * takes per-second interval histograms without stopping the job.
 */
#ifndef BLKTOP_HIST_H
#define BLKTOP_HIST_H

#include <stddef.h>
#include <stdint.h>

#define HIST_SUB_BITS 6
#define HIST_SUB (1u << HIST_SUB_BITS)
#define HIST_MAX_MSB 44
/* Indices 0..127 (two groups) are exact; then one group of HIST_SUB per
 * msb 7..44, which is HIST_MAX_MSB - HIST_SUB_BITS groups more. */
#define HIST_NR ((HIST_MAX_MSB - HIST_SUB_BITS + 2) * HIST_SUB)

/* fio's histogram stops at msb 33: its last bucket, index HIST_FIO_NR - 1
 * (value HIST_FIO_MAX_NS, about 17.1 s), takes every larger latency. The
 * reports in fio's formats fold the buckets above it into it: json+ bins,
 * and percentiles, which therefore go no higher. */
#define HIST_FIO_NR (29 * HIST_SUB)
#define HIST_FIO_MAX_NS 17112760320ULL

struct hist {
	uint64_t count[HIST_NR];
};

/* Bucket index of a value (pure, branch-light: it runs once per I/O). */
static inline unsigned hist_index(uint64_t ns)
{
	if (ns < 2ULL * HIST_SUB)
		return (unsigned)ns;
	unsigned msb = 63u - (unsigned)__builtin_clzll(ns);
	if (msb > HIST_MAX_MSB)
		return HIST_NR - 1;
	unsigned shift = msb - HIST_SUB_BITS;
	return ((shift + 1) << HIST_SUB_BITS) + (unsigned)((ns >> shift) & (HIST_SUB - 1));
}

/* Single writer; a relaxed store so a concurrent reader sees whole values. */
static inline void hist_add(struct hist *h, uint64_t ns)
{
	uint64_t *c = &h->count[hist_index(ns)];
	__atomic_store_n(c, *c + 1, __ATOMIC_RELAXED);
}

void hist_clear(struct hist *h);
/* Lowest value that falls in bucket idx, and the value reported for it
 * (the middle of the bucket; exact for the first 128). */
uint64_t hist_bucket_low(unsigned idx);
uint64_t hist_bucket_value(unsigned idx);
/* dst += src. */
void hist_merge(struct hist *dst, const struct hist *src);
/* Copies a histogram another thread is writing (relaxed loads). */
void hist_snapshot(struct hist *dst, const struct hist *src);
/* out = now - before, bucket by bucket (both snapshots of one histogram). */
void hist_diff(struct hist *out, const struct hist *now, const struct hist *before);
uint64_t hist_total(const struct hist *h);

/* The default percentile list, and its length. */
extern const double hist_default_pcts[];
extern const size_t hist_default_npcts;

/* Fills out[i] with the pcts[i]-th percentile (0 < pct <= 100): the value
 * of the bucket that holds the ceil(pct/100 * N)-th smallest sample,
 * clamped to [min, max]. With no samples every out[i] is 0. */
void hist_percentiles(const struct hist *h, const double *pcts, size_t npcts,
		      uint64_t min, uint64_t max, uint64_t *out);

/* Share of samples at or above lo and below hi (for fio's "lat (usec):
 * 500=0.01%" buckets), 0..1. */
double hist_fraction(const struct hist *h, uint64_t lo, uint64_t hi);

#endif
