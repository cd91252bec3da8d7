/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_stats.c - Welford against two-pass sums, latency and sample
 * summaries, and the bounded sample series: whatever it merges, every
 * slot must still say what its raw seconds said. */
#include "config.h"
#include "stats/stats.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static uint64_t rnd_next(uint64_t *st)
{
	uint64_t z = (*st += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double rnd_unit(uint64_t *st)
{
	return (double)(rnd_next(st) >> 11) / 9007199254740992.0;
}

static void assert_rel(double got, double want, double rel)
{
	double tol = rel * fabs(want);

	if (!(fabs(got - want) <= tol))
		fail_msg("got %.17g, want %.17g (rel %g)", got, want, rel);
}

/* Two-pass mean and sample stddev, in long double as the reference. */
static void two_pass(const double *x, size_t n, double *mean, double *sd)
{
	long double s = 0, ss = 0, m;

	for (size_t i = 0; i < n; i++)
		s += x[i];
	m = s / n;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - m) * (x[i] - m);
	*mean = (double)m;
	*sd = n > 1 ? (double)sqrtl(ss / (n - 1)) : 0.0;
}

#define NW 20000

static void test_welford_vs_two_pass(void **state)
{
	uint64_t st = 11;
	double *x = malloc(NW * sizeof(*x)), mean, sd;
	struct welford w = { 0 };

	(void)state;
	assert_non_null(x);
	/* A large offset with a small spread is where naive sums fail. */
	for (size_t i = 0; i < NW; i++)
		x[i] = 1e9 + 1000.0 * rnd_unit(&st);
	for (size_t i = 0; i < NW; i++)
		welford_add(&w, x[i]);
	two_pass(x, NW, &mean, &sd);
	assert_int_equal(w.n, NW);
	assert_rel(w.mean, mean, 1e-12);
	assert_rel(welford_stddev(&w), sd, 1e-9);
	/* Uniform on [0, 1000) has sd 1000/sqrt(12). */
	assert_rel(welford_stddev(&w), 1000 / sqrt(12), 0.02);
	free(x);
}

static void test_welford_merge(void **state)
{
	uint64_t st = 12;
	double *x = malloc(NW * sizeof(*x));
	size_t splits[] = { 0, 1, 2, 777, NW / 2, NW - 1, NW };
	struct welford whole = { 0 };

	(void)state;
	assert_non_null(x);
	for (size_t i = 0; i < NW; i++) {
		/* Halves with different means, so the cross term matters. */
		x[i] = (i < NW / 3 ? 50e3 : 2e6) * (0.5 + rnd_unit(&st));
		welford_add(&whole, x[i]);
	}
	for (size_t k = 0; k < sizeof(splits) / sizeof(splits[0]); k++) {
		struct welford a = { 0 }, b = { 0 };

		for (size_t i = 0; i < splits[k]; i++)
			welford_add(&a, x[i]);
		for (size_t i = splits[k]; i < NW; i++)
			welford_add(&b, x[i]);
		welford_merge(&a, &b);
		assert_int_equal(a.n, NW);
		assert_rel(a.mean, whole.mean, 1e-9);
		assert_rel(a.m2, whole.m2, 1e-9);
		assert_rel(welford_stddev(&a), welford_stddev(&whole), 1e-9);
	}
	/* Many small pieces, as per-thread stats merged into a group. */
	{
		struct welford acc = { 0 };

		for (size_t i = 0; i < NW; i += 97) {
			struct welford p = { 0 };

			for (size_t j = i; j < i + 97 && j < NW; j++)
				welford_add(&p, x[j]);
			welford_merge(&acc, &p);
		}
		assert_int_equal(acc.n, NW);
		assert_rel(acc.mean, whole.mean, 1e-9);
		assert_rel(welford_stddev(&acc), welford_stddev(&whole), 1e-9);
	}
	free(x);
}

static void test_welford_small(void **state)
{
	struct welford w = { 0 }, e = { 0 };

	(void)state;
	assert_true(welford_stddev(&w) == 0.0);
	welford_merge(&w, &e);
	assert_int_equal(w.n, 0);
	assert_true(w.mean == 0.0);

	welford_add(&w, 42.5);
	assert_int_equal(w.n, 1);
	assert_true(w.mean == 42.5);
	assert_true(welford_stddev(&w) == 0.0);
	welford_merge(&w, &e);
	assert_int_equal(w.n, 1);
	assert_true(w.mean == 42.5);
	welford_merge(&e, &w);
	assert_int_equal(e.n, 1);
	assert_true(e.mean == 42.5);

	/* {2, 4, 4, 4, 5, 5, 7, 9}: mean 5, sample variance 32/7. */
	memset(&w, 0, sizeof(w));
	for (size_t i = 0; i < 8; i++)
		welford_add(&w, (double[]){ 2, 4, 4, 4, 5, 5, 7, 9 }[i]);
	assert_rel(w.mean, 5.0, 1e-15);
	assert_rel(welford_stddev(&w), sqrt(32.0 / 7.0), 1e-15);
}

static void test_lat(void **state)
{
	struct lat_stat *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	struct lat_stat *e = malloc(sizeof(*e));
	uint64_t sum = 0;

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(e);
	memset(a, 0xa5, sizeof(*a));
	lat_init(a);
	lat_init(b);
	lat_init(e);
	assert_int_equal(a->n, 0);
	assert_int_equal(a->min_ns, UINT64_MAX);
	assert_int_equal(a->max_ns, 0);
	assert_int_equal(hist_total(&a->hist), 0);
	assert_int_equal(lat_min(a), 0);

	for (uint64_t v = 1000; v <= 5000; v += 1000) {
		lat_add(a, v);
		sum += v;
	}
	lat_add(b, 700);
	lat_add(b, 90000);
	sum += 90700;
	assert_int_equal(lat_min(a), 1000);
	assert_int_equal(a->max_ns, 5000);

	/* Merging an empty one changes nothing, min included. */
	lat_merge(a, e);
	assert_int_equal(a->n, 5);
	assert_int_equal(lat_min(a), 1000);

	lat_merge(a, b);
	assert_int_equal(a->n, 7);
	assert_int_equal(a->sum_ns, sum);
	assert_int_equal(lat_min(a), 700);
	assert_int_equal(a->max_ns, 90000);
	assert_rel(lat_mean(a), (double)sum / 7, 1e-12);
	assert_int_equal(hist_total(&a->hist), 7);
	assert_int_equal(a->hist.count[hist_index(90000)], 1);

	/* Into an empty one: a copy. */
	lat_merge(e, b);
	assert_int_equal(e->n, 2);
	assert_int_equal(lat_min(e), 700);
	assert_int_equal(e->max_ns, 90000);
	assert_rel(lat_mean(e), 45350, 1e-12);
	/* Deviations -44650 and 44650: 2 x 44650^2 over 1. */
	assert_rel(lat_stddev(e), sqrt(2.0 * 44650.0 * 44650.0), 1e-12);
	free(a);
	free(b);
	free(e);
}

/* A tiny deviation on a large mean, over many I/Os: the exact sums keep
 * it (a sum of squares in double would lose it entirely). */
static void test_lat_stddev_precision(void **state)
{
	struct lat_stat *s = malloc(3 * sizeof(*s)), *a = s + 1, *b = s + 2;
	(void)state;
	assert_non_null(s);
	lat_init(s);
	lat_init(a);
	lat_init(b);
	for (unsigned i = 0; i < 1000000; i++) {
		uint64_t v = 10000000000ULL + (i & 1 ? 2 : 0);
		lat_add(s, v);
		/* b starts far from a's first value: the merge must move
		 * its squares to a's shift exactly. */
		lat_add(i < 500000 ? a : b, i == 500000 ? v + 3000000 : v);
	}
	/* Values 1e10 and 1e10 + 2, half each: deviation 1 (n - 1: a hair over). */
	assert_rel(lat_mean(s), 10000000001.0, 1e-15);
	assert_rel(lat_stddev(s), sqrt(1000000.0 / 999999.0), 1e-9);
	lat_merge(a, b);
	assert_int_equal(a->n, 1000000);
	/* The one value 3 ms off: sum of squares 1e6 - 1 + (3e6 - 1)^2 + ... */
	double mean = 10000000001.0 + 3000000.0 / 1e6;
	double m2 = 0;
	for (unsigned i = 0; i < 1000000; i++) {
		double v = (i & 1 ? 2.0 : 0.0) + (i == 500000 ? 3000000.0 : 0.0) - (mean - 10000000000.0);
		m2 += v * v;
	}
	assert_rel(lat_mean(a), mean, 1e-15);
	assert_rel(lat_stddev(a), sqrt(m2 / 999999.0), 1e-9);
	free(s);
}

static void test_sample_stat(void **state)
{
	struct sample_stat s;

	(void)state;
	sample_stat_init(&s);
	assert_int_equal(s.w.n, 0);
	assert_true(s.min == 0.0);
	assert_true(s.max == 0.0);

	/* The first sample sets min even though it is above the initial 0. */
	sample_stat_add(&s, 500);
	assert_true(s.min == 500);
	assert_true(s.max == 500);
	sample_stat_add(&s, 900);
	sample_stat_add(&s, 300);
	sample_stat_add(&s, 700);
	assert_true(s.min == 300);
	assert_true(s.max == 900);
	assert_int_equal(s.w.n, 4);
	assert_rel(s.w.mean, 600, 1e-15);
	/* Deviations -100 300 -300 100: sum of squares 200000, over 3. */
	assert_rel(welford_stddev(&s.w), sqrt(200000.0 / 3), 1e-14);
}

static struct sample raw_sample(uint64_t i)
{
	struct sample x;

	memset(&x, 0, sizeof(x));
	x.t_ms = (i + 1) * 1000;
	x.span_ms = 1000;
	x.iops[0] = (double)i;
	x.iops[1] = 5000;
	x.bw_bytes[0] = 4096.0 * (double)(i % 37);
	x.bw_bytes[1] = 1048576;
	/* Peaks in odd places, so a max that skips a sample shows. */
	x.clat_p50_ns[0] = (i * 7919) % 1009;
	x.clat_p99_ns[0] = (i * 104729) % 100003;
	x.clat_p50_ns[1] = 1500000;
	x.clat_p99_ns[1] = 85000000;
	return x;
}

/* Every slot against the raw samples it covers, found from the spans. */
static void check_series(const struct sample_series *s, uint64_t added)
{
	uint64_t first = 0, full = (uint64_t)1 << s->merged_pairs;
	uint64_t span_sum = 0, prev_t = 0;

	assert_true(s->len <= s->cap);
	assert_true(s->len > 0);
	for (size_t k = 0; k < s->len; k++) {
		const struct sample *v = &s->v[k];
		uint64_t cnt = v->span_ms / 1000, last;
		double iops = 0, bw = 0;
		uint64_t p50 = 0, p99 = 0;

		assert_int_equal(v->span_ms % 1000, 0);
		/* Uniform spacing: all full but the open last slot. */
		if (k + 1 < s->len)
			assert_int_equal(cnt, full);
		else
			assert_int_equal(cnt, s->pending);
		assert_true(cnt >= 1 && cnt <= full);
		last = first + cnt - 1;
		assert_true(v->t_ms > prev_t);
		assert_int_equal(v->t_ms, (last + 1) * 1000);
		for (uint64_t i = first; i <= last; i++) {
			struct sample r = raw_sample(i);

			iops += r.iops[0];
			bw += r.bw_bytes[0];
			if (r.clat_p50_ns[0] > p50)
				p50 = r.clat_p50_ns[0];
			if (r.clat_p99_ns[0] > p99)
				p99 = r.clat_p99_ns[0];
		}
		assert_rel(v->iops[0], iops / cnt, 1e-12);
		assert_rel(v->bw_bytes[0], bw / cnt, 1e-12);
		assert_int_equal(v->clat_p50_ns[0], p50);
		assert_int_equal(v->clat_p99_ns[0], p99);
		/* Constant input stays that constant. */
		assert_rel(v->iops[1], 5000, 1e-12);
		assert_rel(v->bw_bytes[1], 1048576, 1e-12);
		assert_int_equal(v->clat_p50_ns[1], 1500000);
		assert_int_equal(v->clat_p99_ns[1], 85000000);
		span_sum += v->span_ms;
		prev_t = v->t_ms;
		first = last + 1;
	}
	/* Nothing dropped: the slots cover exactly the samples added. */
	assert_int_equal(first, added);
	assert_int_equal(span_sum, added * 1000);
}

static void test_series_fill(void **state)
{
	size_t caps[] = { 2, 4, 8, 60 };

	(void)state;
	for (size_t c = 0; c < sizeof(caps) / sizeof(caps[0]); c++) {
		struct sample_series s;
		uint64_t n = caps[c] * 37 + 5;	/* several halvings, odd end */
		unsigned halvings = 0;

		assert_int_equal(sample_series_init(&s, caps[c]), 0);
		assert_int_equal(s.len, 0);
		for (uint64_t i = 0; i < n; i++) {
			struct sample x = raw_sample(i);

			sample_series_add(&s, &x);
			check_series(&s, i + 1);
			/* Each halving at most doubles a slot. */
			assert_true(s.merged_pairs <= halvings + 1);
			halvings = s.merged_pairs;
		}
		/* The series stays at least half full once it first filled. */
		assert_true(s.len * 2 >= s.cap);
		assert_true(((uint64_t)s.cap << s.merged_pairs) >= n);
		assert_true(s.merged_pairs >= 5);
		sample_series_free(&s);
		assert_null(s.v);
		assert_int_equal(s.len, 0);
	}
}

/* Unequal spans weigh by time; the latest t_ms wins. */
static void test_series_time_weight(void **state)
{
	struct sample_series s;
	struct sample a, b, c;

	(void)state;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&c, 0, sizeof(c));
	a.t_ms = 1000;
	a.span_ms = 1000;
	a.iops[0] = 100;
	a.bw_bytes[1] = 8000;
	a.clat_p99_ns[0] = 900;
	b.t_ms = 4000;
	b.span_ms = 3000;
	b.iops[0] = 200;
	b.bw_bytes[1] = 0;
	b.clat_p99_ns[0] = 300;
	c.t_ms = 5000;
	c.span_ms = 1000;

	assert_int_equal(sample_series_init(&s, 2), 0);
	sample_series_add(&s, &a);
	sample_series_add(&s, &b);
	assert_int_equal(s.len, 2);
	sample_series_add(&s, &c);
	assert_int_equal(s.len, 2);
	assert_int_equal(s.merged_pairs, 1);
	assert_int_equal(s.v[0].span_ms, 4000);
	assert_int_equal(s.v[0].t_ms, 4000);
	assert_rel(s.v[0].iops[0], 175, 1e-15);
	assert_rel(s.v[0].bw_bytes[1], 2000, 1e-15);
	assert_int_equal(s.v[0].clat_p99_ns[0], 900);
	assert_int_equal(s.v[1].t_ms, 5000);
	assert_int_equal(s.pending, 1);
	sample_series_free(&s);
}

static void test_series_init(void **state)
{
	struct sample_series s;
	struct sample x;

	(void)state;
	memset(&x, 0, sizeof(x));
	assert_int_equal(sample_series_init(&s, 0), -EINVAL);
	assert_int_equal(sample_series_init(&s, 1), -EINVAL);
	assert_int_equal(sample_series_init(&s, 7), -EINVAL);
	/* A failed init leaves a series that ignores samples safely. */
	sample_series_add(&s, &x);
	assert_int_equal(s.len, 0);
	sample_series_free(&s);
	assert_int_equal(sample_series_init(&s, 4096), 0);
	assert_int_equal(s.cap, 4096);
	assert_int_equal(s.merged_pairs, 0);
	sample_series_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_welford_vs_two_pass),
		cmocka_unit_test(test_welford_merge),
		cmocka_unit_test(test_welford_small),
		cmocka_unit_test(test_lat),
		cmocka_unit_test(test_lat_stddev_precision),
		cmocka_unit_test(test_sample_stat),
		cmocka_unit_test(test_series_fill),
		cmocka_unit_test(test_series_time_weight),
		cmocka_unit_test(test_series_init),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
