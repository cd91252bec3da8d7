/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_report_interval.c - the --status-interval lines: fio's normal
 * text for one interval (its own figures, never the totals so far; a
 * stall; ramp time) and a jsonl line read back as JSON. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "collect/cpu.h"
#include "collect/diskstat.h"
#include "json_check.h"
#include "output/report.h"
#include "stats/hist.h"

static char *render_interval(const struct run_interval *iv)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	assert_non_null(m);
	report_interval(m, iv);
	assert_int_equal(fclose(m), 0);
	return buf;
}

static void test_interval(void **state)
{
	(void)state;
	struct run_interval iv;
	memset(&iv, 0, sizeof(iv));
	iv.name = "randwrite";
	iv.t_ms = 12000;
	iv.span_ms = 1000;
	iv.runtime_ms = 30000;
	iv.ios[DIR_WRITE] = 36900;
	iv.bytes[DIR_WRITE] = 36900ull * 4096;
	static const uint64_t pct[17] = {
		23000, 23100, 23500, 24000, 24200, 24500, 24900, 25100, 25300, 25500,
		25900, 27000, 29800, 33000, 91700, 110000, 127500,
	};
	memcpy(iv.clat_pct_ns[DIR_WRITE], pct, sizeof(pct));
	iv.clat_mean_ns[DIR_WRITE] = 26700;
	iv.clat_max_ns[DIR_WRITE] = 4937000;
	/* Totals so far are far better: the interval must not show them. */
	iv.run_ios[DIR_WRITE] = 10000000;
	iv.run_bytes[DIR_WRITE] = 10000000ull * 4096;
	char *s = render_interval(&iv);
	assert_string_equal(s,
		"randwrite: (groupid=0): t=12.0s/30.0s, interval=1000msec\n"
		"  write: IOPS=36.9k, BW=144MiB/s (151MB/s), clat (usec): avg=26.70, p50=25, "
		"p90=26, p99=30, p99.9=92, p99.99=128, max=4937\n");
	free(s);

	/* A stall: the direction stays, at zero. */
	iv.ios[DIR_WRITE] = 0;
	iv.bytes[DIR_WRITE] = 0;
	iv.errors[DIR_WRITE] = 3;
	iv.groupid = 2;
	iv.runtime_ms = 0;
	s = render_interval(&iv);
	assert_string_equal(s, "randwrite: (groupid=2): t=12.0s, interval=1000msec\n"
			       "  write: IOPS=0, BW=0B/s (0B/s), errors=3\n");
	free(s);

	/* Ramp time, nothing yet. */
	memset(&iv, 0, sizeof(iv));
	iv.name = "warm";
	iv.t_ms = 500;
	iv.span_ms = 500;
	iv.ramping = true;
	s = render_interval(&iv);
	assert_string_equal(s, "warm: (groupid=0): t=0.5s, interval=500msec (ramp time: not "
			       "counted)\n  no I/O completed yet\n");
	free(s);
}

/* A jsonl interval line: one line of valid JSON, that interval's own
 * rates, its percentiles under fio's keys, its histogram as json+ bins
 * (adding up to N, a latency past fio's last bucket filed in it as in
 * json+), the disks' iostat and the CPU row. */
static void test_jsonl_interval(void **state)
{
	(void)state;
	static struct hist h;
	struct run_interval iv;
	struct disk_delta disk;
	struct run_progress p;
	memset(&iv, 0, sizeof(iv));
	memset(&disk, 0, sizeof(disk));
	memset(&p, 0, sizeof(p));
	hist_clear(&h);
	for (int i = 0; i < 400; i++)
		hist_add(&h, 100000 + (uint64_t)i * 10);
	hist_add(&h, 40ULL << 30);
	iv.name = "rr";
	iv.t_ms = 2000;
	iv.span_ms = 500;
	iv.ios[DIR_READ] = 401;
	iv.bytes[DIR_READ] = 401ull * 4096;
	iv.run_ios[DIR_READ] = 1000;
	iv.clat_pct_ns[DIR_READ][12] = 103000;
	iv.clat_hist[DIR_READ] = &h;
	snprintf(disk.name, sizeof(disk.name), "loop7");
	disk.rates.r_s = 802;
	p.wall_ms = 1700000000123ULL;
	p.t_ms = 2010;
	p.span_ms = 500;
	p.iv = &iv;
	p.niv = 1;
	p.disks = &disk;
	p.ndisks = 1;
	p.cpu_valid = true;
	p.cpu_all.pct[CPU_IDLE] = 97.5;

	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	assert_non_null(m);
	report_jsonl_interval(m, &p);
	assert_int_equal(fclose(m), 0);
	assert_non_null(strchr(buf, '\n'));
	assert_int_equal(strchr(buf, '\n') - buf, (long)len - 1);
	assert_true(json_valid(buf));
	assert_true(json_str_is(buf, "type", "interval"));
	assert_true(json_num(buf, "timestamp_ms") == 1700000000123.0);
	assert_true(json_num(buf, "jobs|0|read|iops") == 802.0);
	assert_true(json_num(buf, "jobs|0|read|bw_bytes") == 401.0 * 4096 * 2);
	assert_true(json_num(buf, "jobs|0|read|total_ios") == 1000.0);
	assert_true(json_num(buf, "jobs|0|read|clat_ns|N") == 401.0);
	assert_true(json_num(buf, "jobs|0|read|clat_ns|percentile|99.000000") == 103000.0);
	char key[64];
	double sum = 0;
	for (unsigned b = 0; b < HIST_FIO_NR - 1; b++) {
		if (!h.count[b])
			continue;
		snprintf(key, sizeof(key), "jobs|0|read|clat_ns|bins|%llu",
			 (unsigned long long)hist_bucket_value(b));
		sum += json_num(buf, key);
	}
	assert_true(sum == 400.0);
	assert_true(json_num(buf, "jobs|0|read|clat_ns|bins|17112760320") == 1.0);
	snprintf(key, sizeof(key), "jobs|0|read|clat_ns|bins|%llu",
		 (unsigned long long)hist_bucket_value(hist_index(40ULL << 30)));
	assert_null(json_find(buf, key));
	assert_true(json_num(buf, "jobs|0|write|clat_ns|N") == 0.0);
	assert_true(json_str_is(buf, "disks|0|name", "loop7"));
	assert_true(json_num(buf, "disks|0|r/s") == 802.0);
	assert_true(json_num(buf, "cpu|idle") == 97.5);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_interval),
		cmocka_unit_test(test_jsonl_interval),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
