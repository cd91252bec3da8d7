/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_sweep.c - the sweeps' arithmetic (src/procedures/ramp.c) over
 * invented curves: block-size steps, the multi-disk job file's numjobs ramp, when the
 * ramp stops, and which step is the knee. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "procedures/ramp.h"

static void test_bs_steps(void **state)
{
	unsigned long long s[32];

	(void)state;
	/* 512 B .. 16 MiB: the Azure block-size test's sixteen lines. */
	size_t n = ramp_bs_steps(512, s, 32);
	assert_int_equal(n, 16);
	assert_int_equal(s[0], 512);
	assert_int_equal(s[1], 1024);
	assert_int_equal(s[15], 16ULL << 20);
	/* Unknown block size: 512. A 4k-sector device starts at 4k. */
	assert_int_equal(ramp_bs_steps(0, s, 32), 16);
	n = ramp_bs_steps(4096, s, 32);
	assert_int_equal(n, 13);
	assert_int_equal(s[0], 4096);
	assert_int_equal(s[12], 16ULL << 20);
	/* Smaller than 512 is never asked for; the cap holds. */
	assert_int_equal(ramp_bs_steps(256, s, 32), 16);
	assert_int_equal(ramp_bs_steps(512, s, 4), 4);
	/* Past 16 MiB: the block size alone, never an empty sweep. */
	assert_int_equal(ramp_bs_steps(32ULL << 20, s, 32), 1);
	assert_int_equal(s[0], 32ULL << 20);
	assert_int_equal(ramp_bs_steps(512, s, 0), 0);
}

static void test_numjobs_ramp(void **state)
{
	(void)state;
	/* The multi-disk job file: random 8, 12, 16, 20...; sequential 1, 2, 3, 4... */
	assert_int_equal(ramp_numjobs(false, 0), 8);
	assert_int_equal(ramp_numjobs(false, 1), 12);
	assert_int_equal(ramp_numjobs(false, 2), 16);
	assert_int_equal(ramp_numjobs(false, 3), 20);
	assert_int_equal(ramp_numjobs(true, 0), 1);
	assert_int_equal(ramp_numjobs(true, 1), 2);
	assert_int_equal(ramp_numjobs(true, 3), 4);
}

static void test_gain_is_over_the_best_before(void **state)
{
	struct ramp_point p[] = {
		{ 8, 1000, 50 }, { 12, 1500, 60 }, { 16, 1400, 70 }, { 20, 1530, 80 },
	};

	(void)state;
	assert_true(ramp_gain(p, 0) == 0);
	assert_float_equal(ramp_gain(p, 1), 0.5, 1e-9);
	assert_float_equal(ramp_gain(p, 2), 1400.0 / 1500 - 1, 1e-9);
	/* Against 1500 (the best), not 1400 (the one before). */
	assert_float_equal(ramp_gain(p, 3), 0.02, 1e-9);
}

static void test_stops_after_two_flat_steps(void **state)
{
	struct ramp_point p[] = {
		{ 8, 1000, 50 }, { 12, 1500, 60 }, { 16, 1520, 70 }, { 20, 1600, 80 },
		{ 24, 1610, 90 }, { 28, 1590, 100 },
	};

	(void)state;
	assert_int_equal(ramp_should_stop(p, 0, 500), RAMP_GO_ON);
	assert_int_equal(ramp_should_stop(p, 1, 500), RAMP_GO_ON);
	assert_int_equal(ramp_should_stop(p, 2, 500), RAMP_GO_ON);
	/* One flat step (+1.3 %) is not enough... */
	assert_int_equal(ramp_should_stop(p, 3, 500), RAMP_GO_ON);
	/* ...and a real gain (+5.3 %) starts the count again. */
	assert_int_equal(ramp_should_stop(p, 4, 500), RAMP_GO_ON);
	assert_int_equal(ramp_should_stop(p, 5, 500), RAMP_GO_ON);
	/* +0.6 % then -1.2 %: two in a row. */
	assert_int_equal(ramp_should_stop(p, 6, 500), RAMP_STOP_FLAT);
}

static void test_stops_past_the_latency_limit(void **state)
{
	struct ramp_point p[] = { { 8, 1000, 300 }, { 12, 1500, 450 }, { 16, 2000, 520 } };

	(void)state;
	assert_int_equal(ramp_should_stop(p, 2, 500), RAMP_GO_ON);
	assert_int_equal(ramp_should_stop(p, 3, 500), RAMP_STOP_LATENCY);
	/* The knee is the most IOPS within the limit, not the last step. */
	assert_int_equal(ramp_knee(p, 3, 500), 1);
	/* No limit: the last step wins. */
	assert_int_equal(ramp_knee(p, 3, 0), 2);
}

static void test_stops_at_the_step_limit(void **state)
{
	struct ramp_point p[RAMP_MAX_STEPS];

	(void)state;
	for (size_t i = 0; i < RAMP_MAX_STEPS; i++) {
		p[i].numjobs = ramp_numjobs(false, i);
		p[i].iops = 1000.0 * (double)(i + 1); /* always rising */
		p[i].lat_avg_us = 10;
	}
	assert_int_equal(ramp_should_stop(p, RAMP_MAX_STEPS - 1, 500), RAMP_GO_ON);
	assert_int_equal(ramp_should_stop(p, RAMP_MAX_STEPS, 500), RAMP_STOP_STEPS);
	assert_int_equal(ramp_knee(p, RAMP_MAX_STEPS, 500), RAMP_MAX_STEPS - 1);
}

static void test_knee_is_the_start_of_the_plateau(void **state)
{
	/* 16 jobs reach the plateau; 24 has 1 % more IOPS (noise) at more
	 * latency: 16 is the knee. */
	struct ramp_point p[] = {
		{ 8, 30000, 200 }, { 12, 45000, 220 }, { 16, 50000, 260 }, { 20, 50300, 330 },
		{ 24, 50500, 390 },
	};

	(void)state;
	assert_int_equal(ramp_knee(p, 5, 500), 2);
	/* Every step past the limit: no knee. */
	assert_int_equal(ramp_knee(p, 5, 100), -1);
	assert_int_equal(ramp_knee(p, 0, 500), -1);
}

static void test_stop_names(void **state)
{
	(void)state;
	assert_string_equal(ramp_stop_name(RAMP_STOP_FLAT), "flat");
	assert_string_equal(ramp_stop_name(RAMP_STOP_LATENCY), "latency");
	assert_string_equal(ramp_stop_name(RAMP_STOP_STEPS), "steps");
	assert_string_equal(ramp_stop_name(RAMP_GO_ON), "none");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bs_steps),
		cmocka_unit_test(test_numjobs_ramp),
		cmocka_unit_test(test_gain_is_over_the_best_before),
		cmocka_unit_test(test_stops_after_two_flat_steps),
		cmocka_unit_test(test_stops_past_the_latency_limit),
		cmocka_unit_test(test_stops_at_the_step_limit),
		cmocka_unit_test(test_knee_is_the_start_of_the_plateau),
		cmocka_unit_test(test_stop_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
