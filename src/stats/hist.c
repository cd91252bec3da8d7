/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hist.c - the latency histogram's read side: bucket bounds, merging,
 * snapshots and percentiles. The write side (hist_add) is inline in hist.h
 * because it runs once per I/O. */
#include "config.h"
#include "stats/hist.h"

#include <float.h>
#include <math.h>

const double hist_default_pcts[] = {
	1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99,
	99.5, 99.9, 99.95, 99.99,
};
const size_t hist_default_npcts =
    sizeof(hist_default_pcts) / sizeof(hist_default_pcts[0]);

void hist_clear(struct hist *h)
{
	/* Relaxed stores, not memset: a monitor may be taking snapshots. */
	for (unsigned i = 0; i < HIST_NR; i++)
		__atomic_store_n(&h->count[i], 0, __ATOMIC_RELAXED);
}

/* log2 of the width of bucket idx (idx >= 2 * HIST_SUB). */
static unsigned bucket_shift(unsigned idx)
{
	return (idx >> HIST_SUB_BITS) - 1;
}

uint64_t hist_bucket_low(unsigned idx)
{
	if (idx < 2 * HIST_SUB)
		return idx;
	if (idx >= HIST_NR)
		idx = HIST_NR - 1;
	return (uint64_t)(HIST_SUB + (idx & (HIST_SUB - 1))) <<
	    bucket_shift(idx);
}

uint64_t hist_bucket_value(unsigned idx)
{
	if (idx < 2 * HIST_SUB)
		return idx;
	if (idx >= HIST_NR)
		idx = HIST_NR - 1;
	/* Shift is at least 1 here, so half a width is a whole number. */
	return hist_bucket_low(idx) + ((uint64_t)1 << (bucket_shift(idx) - 1));
}

void hist_merge(struct hist *dst, const struct hist *src)
{
	for (unsigned i = 0; i < HIST_NR; i++)
		dst->count[i] += src->count[i];
}

void hist_snapshot(struct hist *dst, const struct hist *src)
{
	for (unsigned i = 0; i < HIST_NR; i++)
		dst->count[i] = __atomic_load_n(&src->count[i],
		    __ATOMIC_RELAXED);
}

void hist_diff(struct hist *out, const struct hist *now,
    const struct hist *before)
{
	/*
	 * Counts only grow, but a histogram cleared between the snapshots
	 * would wrap to ~2^64; an empty bucket is the honest answer.
	 */
	for (unsigned i = 0; i < HIST_NR; i++)
		out->count[i] = now->count[i] >= before->count[i] ?
		    now->count[i] - before->count[i] : 0;
}

uint64_t hist_total(const struct hist *h)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < HIST_NR; i++)
		n += h->count[i];
	return n;
}

/*
 * ceil(pct/100 * n), in 1..n. The percentages are decimals that binary
 * floating point only approximates: 30/100 * 10 is 3.0000000000000004,
 * which would make the 30th percentile of ten samples the 4th. Multiplying
 * first keeps exact products exact, and an x within a few ulps above an
 * integer is taken as that integer (the inputs carry ~1.5 ulps of error).
 */
static uint64_t pct_rank(double pct, uint64_t n)
{
	double x = pct * (double)n / 100.0;
	double r;

	if (!(x > 1.0))		/* also NaN */
		return 1;
	if (x >= (double)n)
		return n;
	r = ceil(x);
	if (x - (r - 1.0) <= x * 4 * DBL_EPSILON)
		r -= 1.0;
	return (uint64_t)r;
}

void hist_percentiles(const struct hist *h, const double *pcts, size_t npcts,
    uint64_t min, uint64_t max, uint64_t *out)
{
	uint64_t n = hist_total(h);
	uint64_t cum = 0;	/* samples in buckets below idx */
	uint64_t prev = 0;
	unsigned idx = 0;

	for (size_t i = 0; i < npcts; i++) {
		uint64_t rank, v;

		if (n == 0) {
			out[i] = 0;
			continue;
		}
		rank = pct_rank(pcts[i], n);
		/* Sorted lists (the usual case) take one pass in all. */
		if (rank < prev) {
			idx = 0;
			cum = 0;
		}
		prev = rank;
		while (idx < HIST_NR - 1 && cum + h->count[idx] < rank)
			cum += h->count[idx++];
		v = hist_bucket_value(idx);
		if (v < min)
			v = min;
		if (v > max)
			v = max;
		out[i] = v;
	}
}

double hist_fraction(const struct hist *h, uint64_t lo, uint64_t hi)
{
	uint64_t n = 0, in = 0;

	for (unsigned i = 0; i < HIST_NR; i++) {
		uint64_t v = hist_bucket_value(i);

		n += h->count[i];
		if (v >= lo && v < hi)
			in += h->count[i];
	}
	return n ? (double)in / (double)n : 0.0;
}
