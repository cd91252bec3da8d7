/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_pacing.c - the arithmetic of engine/pacing.c with made-up clocks:
 * fio's linear schedule (bytes issued over the rate, per direction), the
 * thinktime triggers (blocks, iotime), rate_ignore_thinktime's skip, and
 * the rate_min / rate_iops_min floor with its settling time, its cycle
 * and fio's failure line. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/pacing.h"
#include "options.h"

#define MS 1000000ULL

static void job(struct job_spec *j, const char *name, const char *value)
{
	char err[256];
	assert_int_equal(job_option_set(j, name, value, err, sizeof(err)), 0);
}

static void linear_rate(void **state)
{
	(void)state;
	struct job_spec j;
	struct pacing p;
	job_defaults(&j);
	job(&j, "rate", "400k");
	pacing_setup(&p, &j, 1, 1000 * MS);
	assert_true(p.rate_on);
	assert_int_equal(pacing_wait(&p, DIR_WRITE, 1000 * MS), 0);
	pacing_issued(&p, DIR_WRITE, 4096);
	/* 4096 bytes at 409600 B/s: the next one 10 ms after the start. */
	assert_int_equal(pacing_wait(&p, DIR_WRITE, 1005 * MS), 5 * MS);
	assert_int_equal(pacing_wait(&p, DIR_WRITE, 1010 * MS), 0);
	for (int i = 1; i < 200; i++)
		pacing_issued(&p, DIR_WRITE, 4096);
	assert_int_equal(pacing_wait(&p, DIR_WRITE, 1000 * MS), 2000 * MS);
	/* A late thread catches up the whole way, as fio's does. */
	assert_int_equal(pacing_wait(&p, DIR_WRITE, 9000 * MS), 0);
}

static void per_direction(void **state)
{
	(void)state;
	struct job_spec j;
	struct pacing p;
	job_defaults(&j);
	job(&j, "rate_iops", ",100");
	assert_int_equal(j.rate_iops[DIR_READ], 0);
	assert_int_equal(j.rate_iops[DIR_WRITE], 100);
	pacing_setup(&p, &j, 1, 0);
	pacing_issued(&p, DIR_READ, 4096);
	pacing_issued(&p, DIR_WRITE, 4096);
	assert_int_equal(pacing_wait(&p, DIR_READ, 0), 0);
	/* rate_iops counts the smallest block size: 100 x 4k. */
	assert_int_equal(pacing_wait(&p, DIR_WRITE, 0), 10 * MS);
	job(&j, "rate", "1m,2m");
	assert_int_equal(j.rate[DIR_READ], 1 << 20);
	assert_int_equal(j.rate[DIR_WRITE], 2 << 20);
	char err[256];
	assert_int_equal(pacing_check(&j, err, sizeof(err)), 2); /* rate with rate_iops: BLKTOP_USAGE */
}

static void thinktime_triggers(void **state)
{
	(void)state;
	struct job_spec j;
	struct pacing p;
	job_defaults(&j);
	job(&j, "thinktime", "20ms");
	assert_int_equal(j.thinktime_us, 20000);
	job(&j, "thinktime_blocks", "4");
	pacing_setup(&p, &j, 1, 0);
	assert_false(pacing_think_due(&p, 3, 0));
	assert_true(pacing_think_due(&p, 4, 0));
	p.last_blocks = 4;
	assert_false(pacing_think_due(&p, 7, 0));
	assert_true(pacing_think_due(&p, 8, 0));

	/* thinktime_iotime alone: by time, not by the default one block. */
	job_defaults(&j);
	job(&j, "thinktime", "1s");
	job(&j, "thinktime_iotime", "9");
	assert_int_equal(j.thinktime_iotime_us, 9000000);
	pacing_setup(&p, &j, 1, 0);
	assert_false(pacing_think_due(&p, 1000, 9999 * MS));
	assert_true(pacing_think_due(&p, 1000, 10000 * MS));
}

static void ignore_thinktime(void **state)
{
	(void)state;
	struct job_spec j;
	struct pacing p;
	job_defaults(&j);
	job(&j, "rate", "400k");
	job(&j, "thinktime", "100ms");
	job(&j, "rate_ignore_thinktime", "1");
	pacing_setup(&p, &j, 1, 0);
	pacing_issued(&p, DIR_READ, 4096);
	/* 100 ms at 409600 B/s missed 40960 bytes, less one block. */
	pacing_think_skip(&p, DIR_READ, 100000);
	assert_int_equal(p.issued[DIR_READ], 4096 + 40960 - 4096);
	assert_int_equal(pacing_wait(&p, DIR_READ, 0), 100 * MS);
}

static void floor_check(void **state)
{
	(void)state;
	struct job_spec j;
	struct pacing p;
	char msg[256] = "";
	uint64_t bytes[DIR_COUNT] = { 0, 0 }, ios[DIR_COUNT] = { 0, 0 };
	job_defaults(&j);
	job(&j, "rate_min", "1m");
	pacing_setup(&p, &j, 1, 0);
	bytes[0] = 4096;
	/* Settling: nothing is checked in the first 2 s. */
	assert_int_equal(pacing_floor_check(&p, "x", bytes, ios, 1999 * MS, msg, sizeof(msg)), 0);
	assert_int_equal(pacing_floor_check(&p, "x", bytes, ios, 2000 * MS, msg, sizeof(msg)), 0);
	bytes[0] += 102400;
	/* Not a whole cycle yet. */
	assert_int_equal(pacing_floor_check(&p, "x", bytes, ios, 2500 * MS, msg, sizeof(msg)), 0);
	assert_int_equal(pacing_floor_check(&p, "x", bytes, ios, 3000 * MS, msg, sizeof(msg)), 1);
	assert_string_equal(msg, "x: rate_min=1048576B/s not met, got 102400B/s");

	job_defaults(&j);
	job(&j, "rate_iops_min", "200");
	pacing_setup(&p, &j, 1, 0);
	bytes[0] = 4096;
	ios[0] = 1;
	assert_int_equal(pacing_floor_check(&p, "y", bytes, ios, 2000 * MS, msg, sizeof(msg)), 0);
	ios[0] += 300;
	bytes[0] += 300ULL * 4096;
	assert_int_equal(pacing_floor_check(&p, "y", bytes, ios, 3000 * MS, msg, sizeof(msg)), 0);
	ios[0] += 95;
	bytes[0] += 95ULL * 4096;
	assert_int_equal(pacing_floor_check(&p, "y", bytes, ios, 4000 * MS, msg, sizeof(msg)), 1);
	assert_string_equal(msg, "y: rate_iops_min=200 not met, got 95 IOPS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(linear_rate),
		cmocka_unit_test(per_direction),
		cmocka_unit_test(thinktime_triggers),
		cmocka_unit_test(ignore_thinktime),
		cmocka_unit_test(floor_check),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
