/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_hist.c - the latency histogram against exact answers: bucket bounds
 * over the whole 64-bit range, and percentiles of known distributions
 * computed from the sorted samples with an independent (integer) rank. */
#include "config.h"
#include "stats/hist.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* Default percentiles in hundredths, for exact integer ranks. */
static const uint64_t pcts_x100[] = {
	100, 500, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000,
	9500, 9900, 9950, 9990, 9995, 9999,
};
#define NPCTS (sizeof(pcts_x100) / sizeof(pcts_x100[0]))

/* splitmix64: deterministic, so a failure can be replayed. */
static uint64_t rnd_next(uint64_t *st)
{
	uint64_t z = (*st += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in (0, 1]. */
static double rnd_unit(uint64_t *st)
{
	return ((double)(rnd_next(st) >> 11) + 1.0) / 9007199254740992.0;
}

static double rnd_normal(uint64_t *st)
{
	return sqrt(-2.0 * log(rnd_unit(st))) * cos(2 * M_PI * rnd_unit(st));
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static struct hist *hist_new(void)
{
	struct hist *h = calloc(1, sizeof(*h));

	assert_non_null(h);
	return h;
}

/* The checks every value must pass: its bucket holds it, and the bucket's
 * reported value is within 1/128 of it (exact below 128). */
static void check_value(uint64_t v)
{
	unsigned idx = hist_index(v);

	assert_true(idx < HIST_NR);
	assert_true(hist_bucket_low(idx) <= v);
	if (v >= (uint64_t)1 << (HIST_MAX_MSB + 1)) {
		/* Beyond the range: the last bucket collects it. */
		assert_int_equal(idx, HIST_NR - 1);
		return;
	}
	if (idx + 1 < HIST_NR)
		assert_true(v < hist_bucket_low(idx + 1));
	if (v < 128) {
		assert_int_equal(idx, v);
		assert_int_equal(hist_bucket_value(idx), v);
	} else {
		uint64_t b = hist_bucket_value(idx);
		uint64_t err = b > v ? b - v : v - b;

		/* err <= v/128 without rounding v/128 down. */
		assert_true(err * 128 <= v);
	}
}

static void test_index_roundtrip(void **state)
{
	uint64_t st = 1;

	(void)state;
	for (uint64_t v = 0; v < 4096; v++)
		check_value(v);
	for (unsigned k = 1; k < 64; k++) {
		uint64_t p = (uint64_t)1 << k;

		check_value(p - 1);
		check_value(p);
		check_value(p + 1);
		check_value(p + p / 2);
	}
	check_value(UINT64_MAX);
	/* Random values of every bit length, so each power of two gets many. */
	for (int i = 0; i < 200000; i++) {
		unsigned bits = (unsigned)(rnd_next(&st) % 64) + 1;
		uint64_t v = rnd_next(&st) >> (64 - bits);

		check_value(v);
	}
}

/* Bucket bounds tile the range with no gap or overlap, and hist_index
 * inverts hist_bucket_low at both ends of every bucket. */
static void test_bucket_bounds(void **state)
{
	(void)state;
	assert_int_equal(HIST_NR, 2560);
	for (unsigned i = 0; i < HIST_NR; i++) {
		uint64_t lo = hist_bucket_low(i);

		assert_int_equal(hist_index(lo), i);
		assert_true(hist_bucket_value(i) >= lo);
		if (i + 1 < HIST_NR) {
			uint64_t next = hist_bucket_low(i + 1);

			assert_true(next > lo);
			assert_int_equal(hist_index(next - 1), i);
			assert_true(hist_bucket_value(i) < next);
		}
	}
	/* The top of the range is the last bucket, and nothing spills. */
	assert_int_equal(hist_index(((uint64_t)1 << 45) - 1), HIST_NR - 1);
	assert_int_equal(hist_index((uint64_t)1 << 44), HIST_NR - HIST_SUB);
	assert_int_equal(hist_bucket_low(HIST_NR - HIST_SUB), (uint64_t)1 << 44);
	/* Known buckets: 1000 ns lies in [1000, 1008), reported as 1004. */
	assert_int_equal(hist_index(1000), 128 + 2 * 64 + (1000 >> 3) - 64);
	assert_int_equal(hist_bucket_low(hist_index(1000)), 1000);
	assert_int_equal(hist_bucket_value(hist_index(1000)), 1004);
	assert_int_equal(hist_bucket_value(hist_index(129)), 129);
	assert_int_equal(hist_bucket_low(hist_index(129)), 128);
}

/* Exact percentile from sorted samples, rank = ceil(pct/100 * n) >= 1. */
static uint64_t exact_pct(const uint64_t *sorted, uint64_t n, uint64_t x100)
{
	uint64_t rank = (x100 * n + 9999) / 10000;

	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

/* Fills a histogram with v[0..n), checks every default percentile against
 * the exact one, the ordering, and the clamp; sorts v on the way. */
static void check_dist(uint64_t *v, size_t n)
{
	struct hist *h = hist_new();
	uint64_t out[NPCTS], min, max;

	assert_int_equal(hist_default_npcts, NPCTS);
	for (size_t i = 0; i < NPCTS; i++)
		assert_int_equal((uint64_t)llround(hist_default_pcts[i] * 100),
		    pcts_x100[i]);

	for (size_t i = 0; i < n; i++)
		hist_add(h, v[i]);
	assert_int_equal(hist_total(h), n);
	qsort(v, n, sizeof(*v), cmp_u64);
	min = v[0];
	max = v[n - 1];
	hist_percentiles(h, hist_default_pcts, hist_default_npcts, min, max,
	    out);
	for (size_t i = 0; i < NPCTS; i++) {
		uint64_t want = exact_pct(v, n, pcts_x100[i]);
		uint64_t err = out[i] > want ? out[i] - want : want - out[i];

		if (err * 128 > want)
			fail_msg("p%.2f: got %llu, exact %llu", hist_default_pcts[i],
			    (unsigned long long)out[i], (unsigned long long)want);
		assert_true(out[i] >= min);
		assert_true(out[i] <= max);
		if (i > 0)
			assert_true(out[i] >= out[i - 1]);
	}
	/* p50 <= p90 <= p99 <= max. */
	assert_true(out[6] <= out[10]);
	assert_true(out[10] <= out[12]);
	assert_true(out[12] <= max);
	free(h);
}

static void test_pct_uniform(void **state)
{
	uint64_t st = 2, *v = malloc(100000 * sizeof(*v));

	(void)state;
	assert_non_null(v);
	for (size_t i = 0; i < 100000; i++)
		v[i] = 1000 + rnd_next(&st) % 10000000;
	check_dist(v, 100000);
	free(v);
}

static void test_pct_exponential(void **state)
{
	uint64_t st = 3, *v = malloc(100000 * sizeof(*v));

	(void)state;
	assert_non_null(v);
	for (size_t i = 0; i < 100000; i++)
		v[i] = (uint64_t)(-200000.0 * log(rnd_unit(&st)));
	check_dist(v, 100000);
	free(v);
}

/* The published tests' picture: most I/O near 1.5 ms, a tail near 85 ms. */
static void test_pct_bimodal(void **state)
{
	uint64_t st = 4, *v = malloc(50000 * sizeof(*v));

	(void)state;
	assert_non_null(v);
	for (size_t i = 0; i < 50000; i++) {
		double mu = rnd_unit(&st) <= 0.9 ? 1.5e6 : 85e6;
		double x = mu * (1.0 + 0.1 * rnd_normal(&st));

		v[i] = x < 1 ? 1 : (uint64_t)x;
	}
	check_dist(v, 50000);
	free(v);
}

/* A constant is reported exactly, through the clamp, whatever its bucket. */
static void test_pct_constant(void **state)
{
	uint64_t v[1000], out[NPCTS];
	struct hist *h = hist_new();

	(void)state;
	for (size_t i = 0; i < 1000; i++) {
		v[i] = 12345;
		hist_add(h, 12345);
	}
	assert_int_not_equal(hist_bucket_value(hist_index(12345)), 12345);
	hist_percentiles(h, hist_default_pcts, hist_default_npcts, 12345, 12345,
	    out);
	for (size_t i = 0; i < NPCTS; i++)
		assert_int_equal(out[i], 12345);
	check_dist(v, 1000);
	free(h);
}

static void test_pct_single(void **state)
{
	uint64_t v[1] = { 987654321 }, out[NPCTS];
	struct hist *h = hist_new();

	(void)state;
	hist_add(h, v[0]);
	hist_percentiles(h, hist_default_pcts, hist_default_npcts, v[0], v[0],
	    out);
	for (size_t i = 0; i < NPCTS; i++)
		assert_int_equal(out[i], 987654321);
	check_dist(v, 1);
	free(h);
}

/* A million log-normal samples from 20 us to seconds. */
static void test_pct_million(void **state)
{
	uint64_t st = 5, *v = malloc(1000000 * sizeof(*v));

	(void)state;
	assert_non_null(v);
	for (size_t i = 0; i < 1000000; i++)
		v[i] = (uint64_t)exp(log(100e3) + 1.5 * rnd_normal(&st));
	check_dist(v, 1000000);
	free(v);
}

/* Values below 128 are exact, so these pin the rank rule itself, including
 * products floating point gets wrong (30/100 * 10 > 3). */
static void test_pct_rank_rule(void **state)
{
	struct hist *h = hist_new();
	double p[] = { 30, 10, 70, 1, 50, 99, 99.9, 100, 0.001 };
	uint64_t out[9];

	(void)state;
	for (uint64_t i = 0; i < 10; i++)
		hist_add(h, i);
	hist_percentiles(h, p, 9, 0, 9, out);
	assert_int_equal(out[0], 2);	/* 3rd smallest */
	assert_int_equal(out[1], 0);
	assert_int_equal(out[2], 6);
	assert_int_equal(out[3], 0);	/* rank 1 at least */
	assert_int_equal(out[4], 4);
	assert_int_equal(out[5], 9);
	assert_int_equal(out[6], 9);
	assert_int_equal(out[7], 9);
	assert_int_equal(out[8], 0);

	/* 999 zeros and one 100: p99.9 of 1000 is the 999th, a zero. */
	hist_clear(h);
	assert_int_equal(hist_total(h), 0);
	for (int i = 0; i < 999; i++)
		hist_add(h, 0);
	hist_add(h, 100);
	hist_percentiles(h, (double[]){ 99.9, 99.95, 99.99 }, 3, 0, 100, out);
	assert_int_equal(out[0], 0);
	assert_int_equal(out[1], 100);
	assert_int_equal(out[2], 100);
	free(h);
}

static void test_pct_clamp_and_empty(void **state)
{
	struct hist *h = hist_new();
	uint64_t out[NPCTS];

	(void)state;
	hist_percentiles(h, hist_default_pcts, hist_default_npcts, 5, 10, out);
	for (size_t i = 0; i < NPCTS; i++)
		assert_int_equal(out[i], 0);

	/* 1000 and 1e6 report 1004 and a midpoint above 1e6 unclamped. */
	hist_add(h, 1000);
	hist_add(h, 1000000);
	hist_percentiles(h, (double[]){ 1, 100 }, 2, 0, UINT64_MAX, out);
	assert_int_equal(out[0], 1004);
	assert_true(out[1] > 1000000);
	/* Clamped to the observed max; 1004 is inside and stays. */
	hist_percentiles(h, (double[]){ 1, 100 }, 2, 1000, 1000000, out);
	assert_int_equal(out[0], 1004);
	assert_int_equal(out[1], 1000000);
	/* A narrower window than the data clamps both ends. */
	hist_percentiles(h, (double[]){ 1, 100 }, 2, 2000, 3000, out);
	assert_int_equal(out[0], 2000);
	assert_int_equal(out[1], 3000);

	/* Above the range: counted, reported no higher than max. */
	hist_clear(h);
	hist_add(h, UINT64_MAX);
	hist_add(h, (uint64_t)1 << 50);
	assert_int_equal(h->count[HIST_NR - 1], 2);
	hist_percentiles(h, (double[]){ 50 }, 1, (uint64_t)1 << 50,
	    UINT64_MAX, out);
	assert_int_equal(out[0], (uint64_t)1 << 50);
	free(h);
}

/* Unsorted percentile lists give the same answers as sorted ones, and a
 * fine sweep never goes down. */
static void test_pct_monotone(void **state)
{
	struct hist *h = hist_new();
	uint64_t st = 6, sweep[10000], a[5], b[5];
	double p[10000];

	(void)state;
	for (int i = 0; i < 100000; i++)
		hist_add(h, rnd_next(&st) % 50000000);
	for (int i = 0; i < 10000; i++)
		p[i] = (i + 1) / 100.0;
	hist_percentiles(h, p, 10000, 0, UINT64_MAX, sweep);
	for (int i = 1; i < 10000; i++)
		assert_true(sweep[i] >= sweep[i - 1]);
	hist_percentiles(h, (double[]){ 99, 1, 50, 99.99, 5 }, 5, 0,
	    UINT64_MAX, a);
	hist_percentiles(h, (double[]){ 1, 5, 50, 99, 99.99 }, 5, 0,
	    UINT64_MAX, b);
	assert_int_equal(a[0], b[3]);
	assert_int_equal(a[1], b[0]);
	assert_int_equal(a[2], b[2]);
	assert_int_equal(a[3], b[4]);
	assert_int_equal(a[4], b[1]);
	assert_true(b[0] < b[2]);
	free(h);
}

static void test_merge_diff_total(void **state)
{
	struct hist *a = hist_new(), *b = hist_new(), *m = hist_new();
	struct hist *d = hist_new(), *snap = hist_new();
	uint64_t st = 7;

	(void)state;
	for (int i = 0; i < 3000; i++)
		hist_add(a, rnd_next(&st) % 1000000);
	for (int i = 0; i < 5000; i++)
		hist_add(b, rnd_next(&st) % 100000000);
	assert_int_equal(hist_total(a), 3000);
	assert_int_equal(hist_total(b), 5000);

	hist_snapshot(snap, a);
	assert_memory_equal(snap, a, sizeof(*a));
	hist_merge(m, a);
	hist_merge(m, b);
	assert_int_equal(hist_total(m), 8000);
	for (unsigned i = 0; i < HIST_NR; i++)
		assert_int_equal(m->count[i], a->count[i] + b->count[i]);

	/* An interval is the later snapshot minus the earlier one. */
	hist_diff(d, m, snap);
	assert_memory_equal(d, b, sizeof(*b));
	assert_int_equal(hist_total(d), 5000);
	/* Backwards (a cleared histogram) gives empty buckets, not wraps. */
	hist_diff(d, a, m);
	assert_int_equal(hist_total(d), 0);
	free(a);
	free(b);
	free(m);
	free(d);
	free(snap);
}

static void test_fraction(void **state)
{
	struct hist *h = hist_new();

	(void)state;
	assert_true(hist_fraction(h, 0, UINT64_MAX) == 0.0);
	for (int i = 0; i < 30; i++)
		hist_add(h, 100);
	for (int i = 0; i < 50; i++)
		hist_add(h, 1000);	/* reported as 1004 */
	for (int i = 0; i < 20; i++)
		hist_add(h, 1000000);
	assert_float_equal(hist_fraction(h, 0, 500), 0.30, 1e-12);
	assert_float_equal(hist_fraction(h, 500, 2000), 0.50, 1e-12);
	assert_float_equal(hist_fraction(h, 2000, UINT64_MAX), 0.20, 1e-12);
	assert_float_equal(hist_fraction(h, 0, UINT64_MAX), 1.0, 1e-12);
	/* [lo, hi): an exact value is in at lo and out at hi. */
	assert_float_equal(hist_fraction(h, 100, 101), 0.30, 1e-12);
	assert_float_equal(hist_fraction(h, 0, 100), 0.0, 1e-12);
	assert_float_equal(hist_fraction(h, 1004, 1005), 0.50, 1e-12);
	assert_float_equal(hist_fraction(h, 0, 1004), 0.30, 1e-12);
	assert_float_equal(hist_fraction(h, 700, 300), 0.0, 1e-12);
	free(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_index_roundtrip),
		cmocka_unit_test(test_bucket_bounds),
		cmocka_unit_test(test_pct_uniform),
		cmocka_unit_test(test_pct_exponential),
		cmocka_unit_test(test_pct_bimodal),
		cmocka_unit_test(test_pct_constant),
		cmocka_unit_test(test_pct_single),
		cmocka_unit_test(test_pct_million),
		cmocka_unit_test(test_pct_rank_rule),
		cmocka_unit_test(test_pct_clamp_and_empty),
		cmocka_unit_test(test_pct_monotone),
		cmocka_unit_test(test_merge_diff_total),
		cmocka_unit_test(test_fraction),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
