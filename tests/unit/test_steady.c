/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_steady.c - the steady-state window (stats/steady.c) against
 * figures worked by hand and against a window kept the way fio keeps its
 * own (running sums updated as a sample comes and the oldest goes), and
 * the steadystate option's values (option_steadystate.c). */
#include "config.h"
#include "stats/steady.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "options.h"

static struct job_spec spec_of(const char *ss, const char *dur)
{
	struct job_spec j;
	char err[256];
	job_defaults(&j);
	assert_int_equal(job_option_set(&j, "ss", ss, err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&j, "ss_dur", dur, err, sizeof(err)), 0);
	return j;
}

static void assert_near(double got, double want)
{
	if (!(fabs(got - want) <= 1e-9 * (fabs(want) + 1)))
		fail_msg("got %.17g, want %.17g", got, want);
}

static void test_parse(void **state)
{
	(void)state;
	struct job_spec j = spec_of("iops:10%", "30s");
	assert_int_equal(j.ss_criterion, SS_IOPS);
	assert_true(j.ss_pct);
	assert_near(j.ss_limit, 10.0);
	assert_int_equal(j.ss_dur_ms, 30000);
	j = spec_of("bw:1m", "2");
	assert_int_equal(j.ss_criterion, SS_BW);
	assert_false(j.ss_pct);
	assert_near(j.ss_limit, 1048576.0);
	j = spec_of(" bw_slope : 0.5 % ", "2");
	assert_int_equal(j.ss_criterion, SS_BW_SLOPE);
	assert_true(j.ss_pct);
	assert_near(j.ss_limit, 0.5);
	j = spec_of("iops_slope:2.5", "2");
	assert_int_equal(j.ss_criterion, SS_IOPS_SLOPE);
	assert_false(j.ss_pct);
	assert_near(j.ss_limit, 2.5);

	/* fio's default criterion, and its text back. */
	char buf[64], err[256];
	job_defaults(&j);
	job_option_format(&j, job_option_find("steadystate"), buf, sizeof(buf));
	assert_string_equal(buf, "iops_slope:0.01%");
	assert_int_equal(j.ss_dur_ms, 0);
	j = spec_of("bw_slope:10m", "1");
	job_option_format(&j, job_option_find("ss"), buf, sizeof(buf));
	assert_string_equal(buf, "bw_slope:10485760");
	j = spec_of("iops:2500000", "1");
	job_option_format(&j, job_option_find("ss"), buf, sizeof(buf));
	assert_string_equal(buf, "iops:2500000");

	static const char *const bad[] = { "iops", "foo:1", "IOPS:1", "iops:", "iops:abc",
					   "bw:1x", "iops:1%x", ":1", "" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (job_option_set(&j, "steadystate", bad[i], err, sizeof(err)) == 0)
			fail_msg("ss=%s was taken", bad[i]);
		assert_non_null(strstr(err, "steadystate"));
	}
}

static void add_all(struct steady_window *w, const uint64_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		steady_window_add(w, v[i], v[i] * 4096);
}

static void test_deviation(void **state)
{
	(void)state;
	struct steady_window w;
	struct job_spec j = spec_of("iops:10%", "3");
	assert_int_equal(steady_window_init(&w, &j), 0);
	assert_int_equal(w.dur, 3);
	assert_false(steady_window_add(&w, 100, 0));
	assert_false(steady_window_add(&w, 110, 0));
	/* mean 100, farthest 10 away: 10%, not under 10%. */
	assert_false(steady_window_add(&w, 90, 0));
	assert_near(w.deviation, 10.0);
	assert_near(w.value, 10.0);
	assert_false(w.attained);
	/* 110 90 100: the same; then 90 100 100: mean 96.67, 6.67 away. */
	assert_false(steady_window_add(&w, 100, 0));
	assert_true(steady_window_add(&w, 100, 0));
	assert_near(w.deviation, 290.0 / 3 - 90);
	assert_near(w.value, 100.0 * (290.0 / 3 - 90) / (290.0 / 3));
	/* Final once attained. */
	assert_false(steady_window_add(&w, 1000, 0));
	assert_int_equal(steady_window_at(&w, false, 0), 90);
	assert_int_equal(steady_window_at(&w, false, 2), 100);
	assert_int_equal(steady_window_mean(&w, false), 96);
	steady_window_free(&w);

	/* An absolute limit, on bandwidth. */
	j = spec_of("bw:4096", "2");
	assert_int_equal(steady_window_init(&w, &j), 0);
	static const uint64_t ok[] = { 100, 101 };
	add_all(&w, ok, 2); /* each 2048 bytes/s from the mean of 411648 */
	assert_true(w.attained);
	assert_near(w.value, 2048.0);
	steady_window_free(&w);
}

static void test_slope(void **state)
{
	(void)state;
	struct steady_window w;
	struct job_spec j = spec_of("iops_slope:10%", "3");
	assert_int_equal(steady_window_init(&w, &j), 0);
	static const uint64_t up[] = { 100, 110, 120 };
	add_all(&w, up, 3);
	assert_near(w.slope, 10.0);
	assert_near(w.value, 100.0 * 10.0 / 110.0);
	assert_true(w.attained);
	steady_window_free(&w);

	/* fio's mean of a slope is in whole units: (1 + 2) / 2 = 1. */
	j = spec_of("iops_slope:1000%", "2");
	assert_int_equal(steady_window_init(&w, &j), 0);
	static const uint64_t small[] = { 1, 2 };
	add_all(&w, small, 2);
	assert_near(w.slope, 1.0);
	assert_near(w.value, 100.0);
	steady_window_free(&w);

	/* Falling: the size of the slope is judged. */
	j = spec_of("iops_slope:5", "3");
	assert_int_equal(steady_window_init(&w, &j), 0);
	static const uint64_t down[] = { 120, 116, 112 };
	add_all(&w, down, 3);
	assert_near(w.slope, -4.0);
	assert_true(w.attained);
	steady_window_free(&w);

	/* A limit of 0 is never met. */
	j = spec_of("iops_slope:0", "2");
	assert_int_equal(steady_window_init(&w, &j), 0);
	static const uint64_t flat[] = { 7, 7, 7, 7 };
	add_all(&w, flat, 4);
	assert_false(w.attained);
	assert_near(w.slope, 0.0);
	steady_window_free(&w);
}

/* fio's way: sums kept as samples come and the oldest goes, the slope
 * from them with x counted from the oldest sample of the window. */
struct running {
	unsigned n, filled;
	uint64_t *ring, sum_y, sum_xy;
	unsigned head;
};

static double running_add(struct running *r, uint64_t y)
{
	uint64_t oldest = r->ring[r->head];
	r->ring[r->head] = y;
	r->head = (r->head + 1) % r->n;
	if (r->filled < r->n) {
		r->sum_xy += (uint64_t)r->filled * y;
		r->sum_y += y;
		r->filled++;
	} else {
		/* Every x moves down by one; the new sample takes x = n - 1. */
		r->sum_y -= oldest;
		r->sum_xy = r->sum_xy - r->sum_y + (uint64_t)(r->n - 1) * y;
		r->sum_y += y;
	}
	double n = r->n, sx = n * (n - 1) / 2, sxx = (n - 1) * n * (2 * n - 1) / 6;
	return ((double)r->sum_xy - sx * (double)r->sum_y / n) / (sxx - sx * sx / n);
}

static void test_slope_running(void **state)
{
	(void)state;
	uint64_t seed = 12345;
	for (unsigned dur = 2; dur <= 9; dur++) {
		struct steady_window w;
		char d[8];
		snprintf(d, sizeof(d), "%u", dur);
		struct job_spec j = spec_of("iops_slope:0", d);
		assert_int_equal(steady_window_init(&w, &j), 0);
		struct running r = { .n = dur, .ring = calloc(dur, sizeof(uint64_t)) };
		assert_non_null(r.ring);
		for (unsigned k = 0; k < 40; k++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			uint64_t y = 1000 + (seed >> 33) % 500;
			double want = running_add(&r, y);
			steady_window_add(&w, y, 0);
			if (k + 1 >= dur)
				assert_near(w.slope, want);
			/* The window's samples are the last dur, oldest first. */
			if (k + 1 >= dur)
				assert_int_equal(steady_window_at(&w, false, dur - 1), y);
		}
		free(r.ring);
		steady_window_free(&w);
	}
}

static void test_unfilled(void **state)
{
	(void)state;
	struct steady_window w;
	struct job_spec j = spec_of("iops:50%", "4");
	assert_int_equal(steady_window_init(&w, &j), 0);
	assert_false(steady_window_add(&w, 10, 40));
	assert_false(steady_window_add(&w, 20, 80));
	assert_int_equal(steady_window_at(&w, false, 0), 10);
	assert_int_equal(steady_window_at(&w, false, 1), 20);
	assert_int_equal(steady_window_at(&w, false, 2), 0);
	assert_int_equal(steady_window_at(&w, true, 1), 80);
	assert_int_equal(steady_window_mean(&w, false), 7); /* 30 / 4 */
	assert_false(w.attained);
	steady_window_free(&w);

	/* Under a second is no window, as fio's whole seconds. */
	j = spec_of("iops:50%", "900ms");
	assert_int_equal(steady_window_init(&w, &j), 0);
	assert_int_equal(w.dur, 0);
	assert_false(steady_window_add(&w, 1, 1));
	assert_int_equal(steady_window_mean(&w, false), 0);
	steady_window_free(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_deviation),
		cmocka_unit_test(test_slope),
		cmocka_unit_test(test_slope_running),
		cmocka_unit_test(test_unfilled),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
