/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_report_json.c - fio's JSON and json+ reports of a run result built
 * by hand (report_testlib.h), read back as a fio-JSON consumer would read
 * them: the figures, the percentile options, json+'s bins, and the
 * device's verdict. */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json_check.h"
#include "report_testlib.h"

static void test_json_report(void **state)
{
	struct fixture *f = *state;
	char *s = render_json(&f->r);
	dump(s, "json");
	const struct group_result *g = &f->r.groups[0];
	assert_true(json_valid(s));

	assert_true(json_str_is(s, "blktop|version", PACKAGE_VERSION));
	assert_true(json_str_is(s, "fio version", "fio-3.33-blktop-" PACKAGE_VERSION));
	assert_true(json_num(s, "timestamp") == 1500282908.0);
	assert_true(json_str_is(s, "jobs|0|jobname", "randwrite"));
	assert_true(json_num(s, "jobs|0|groupid") == 0);
	assert_true(json_num(s, "jobs|0|error") == 0);
	assert_true(json_str_is(s, "jobs|0|job options|rw", "randwrite"));
	assert_true(json_str_is(s, "jobs|0|job options|bs", "4k"));
	assert_true(json_str_is(s, "jobs|0|job options|runtime", "3"));
	assert_true(json_str_is(s, "jobs|0|job options|filename", "vdc"));

	/* What fio-JSON consumers read. */
	double iops = json_num(s, "jobs|0|write|iops");
	assert_true(fabs(iops - (double)WRITE_IOS * 1000.0 / WRITE_RUNTIME) < 1e-5);
	assert_true(json_num(s, "jobs|0|write|io_bytes") == (double)(WRITE_IOS * 4096));
	assert_true(json_num(s, "jobs|0|write|io_kbytes") == (double)(WRITE_IOS * 4));
	assert_true(json_num(s, "jobs|0|write|bw_bytes") == 158052915.0);
	assert_true(json_num(s, "jobs|0|write|bw") == 154348.0);
	assert_true(json_num(s, "jobs|0|write|runtime") == 3001.0);
	assert_true(json_num(s, "jobs|0|write|total_ios") == (double)WRITE_IOS);
	uint64_t v[32];
	const struct lat_stat *clat = &g->dir[DIR_WRITE].clat;
	hist_percentiles(&clat->hist, hist_default_pcts, hist_default_npcts, 0, HIST_FIO_MAX_NS, v);
	/* fio's rule: the value of the bucket that holds the rank, here above
	 * the measured max (4937000 ns is in the bucket of 4947968). */
	assert_true(v[16] == hist_bucket_value(hist_index(clat->max_ns)));
	assert_true(v[16] > clat->max_ns);
	assert_true(json_num(s, "jobs|0|write|clat_ns|percentile|99.000000") == (double)v[12]);
	assert_true(json_num(s, "jobs|0|write|clat_ns|percentile|99.990000") == (double)v[16]);
	assert_true(json_num(s, "jobs|0|write|clat_ns|percentile|1.000000") == (double)v[0]);
	assert_true(json_num(s, "jobs|0|write|clat_ns|N") == 1000.0);
	assert_true(json_num(s, "jobs|0|write|clat_ns|max") == 4937000.0);
	double json_lat_mean = json_num(s, "jobs|0|write|lat_ns|mean");
	assert_true(fabs(json_lat_mean - lat_mean(&g->dir[DIR_WRITE].lat)) < 1e-5);
	assert_true(json_num(s, "jobs|0|write|slat_ns|min") == 1500.0);
	assert_null(json_find(s, "jobs|0|write|slat_ns|percentile"));
	assert_true(json_num(s, "jobs|0|write|bw_min") == 150000.0);
	assert_true(fabs(json_num(s, "jobs|0|write|bw_mean") - 152000.0) < 1e-5);
	assert_true(json_num(s, "jobs|0|write|bw_samples") == 3.0);
	assert_true(json_num(s, "jobs|0|write|iops_max") == 38750.0);
	assert_true(json_num(s, "jobs|0|write|iops_samples") == 3.0);
	/* Idle directions are fio's zero objects. */
	assert_true(json_num(s, "jobs|0|read|iops") == 0.0);
	assert_true(json_num(s, "jobs|0|read|clat_ns|N") == 0.0);
	assert_null(json_find(s, "jobs|0|read|clat_ns|percentile"));
	assert_true(json_num(s, "jobs|0|trim|io_bytes") == 0.0);
	assert_true(json_num(s, "jobs|0|sync|lat_ns|N") == 0.0);

	assert_true(json_num(s, "jobs|0|job_runtime") == 3001.0);
	assert_true(fabs(json_num(s, "jobs|0|usr_cpu") - 5.6) < 1e-6);
	assert_true(json_num(s, "jobs|0|ctx") == 115000.0);
	assert_true(json_num(s, "jobs|0|iodepth_level|1") == 100.0);
	assert_true(json_num(s, "jobs|0|iodepth_level|>=64") == 0.0);
	assert_true(json_num(s, "jobs|0|iodepth_submit|4") == 100.0);
	assert_true(json_num(s, "jobs|0|iodepth_submit|0") == 0.0);
	assert_true(fabs(json_num(s, "jobs|0|iodepth_complete|4") - 99.9) < 1e-9);
	assert_true(fabs(json_num(s, "jobs|0|iodepth_complete|8") - 0.1) < 1e-9);
	assert_true(json_num(s, "jobs|0|latency_us|50") == 99.6);
	assert_true(json_num(s, "jobs|0|latency_ms|10") == 0.4);
	assert_true(json_num(s, "jobs|0|latency_ms|>=2000") == 0.0);
	assert_true(json_num(s, "jobs|0|latency_ns|2") == 0.0);
	assert_true(json_num(s, "jobs|0|latency_depth") == 1.0);

	assert_true(json_str_is(s, "jobs|1|jobname", "seqread"));
	assert_true(json_num(s, "jobs|1|error") == (double)EIO);
	assert_true(json_num(s, "jobs|1|read|total_err") == 2.0);
	assert_true(json_num(s, "jobs|1|read|first_error") == (double)EIO);
	assert_null(json_find(s, "jobs|2"));

	assert_true(json_str_is(s, "disk_util|0|name", "vdc"));
	assert_true(json_num(s, "disk_util|0|write_ios") == 115000.0);
	assert_true(json_num(s, "disk_util|0|util") == 96.67);

	assert_true(json_str_is(s, "blktop|cpu|0|cpu", "all"));
	assert_true(json_num(s, "blktop|cpu|0|idle") == 83.5);
	assert_true(json_str_is(s, "blktop|cpu|2|cpu", "1"));
	assert_true(json_num(s, "blktop|cpu|2|usr") == 11.2);
	assert_true(json_num(s, "blktop|cpu|1|gnice") == 0.0);
	assert_true(json_num(s, "blktop|iostat|w/s") == 38320.56);
	assert_true(json_num(s, "blktop|iostat|aqu-sz") == 0.93);
	assert_true(json_num(s, "blktop|iostat|util") == 96.67);
	assert_non_null(json_find(s, "blktop|irq"));
	assert_true(json_num(s, "blktop|samples|2|t_ms") == 3000.0);
	assert_true(json_num(s, "blktop|samples|2|write|clat_p99_ns") == 30002.0);
	assert_true(json_num(s, "blktop|samples|0|write|bw_bytes") == 150000.0 * 1024);
	assert_true(json_str_is(s, "blktop|device|name", "vdc"));
	assert_true(json_str_is(s, "blktop|device|verdict", "has-data"));
	assert_true(json_str_is(s, "blktop|device|reasons|0", "has-data: dos partition table on vdc"));
	/* One reason stays one element, whatever it holds. */
	assert_true(json_str_is(s, "blktop|device|reasons|1", "has-data: ext4 on vdc; label a; b"));
	assert_null(json_find(s, "blktop|device|reasons|2"));
	/* fio's layout: two spaces a level, "key" : value. */
	assert_has(s, "{\n  \"fio version\" : \"fio-3.33-blktop-");
	assert_has(s, "\n  \"jobs\" : [\n    {\n      \"jobname\" : \"randwrite\",\n");
	free(s);
}

/* json+ bins are fio's buckets: the middle of each 1/64 of an octave
 * (exact below 128 ns), only non-empty ones, anything past fio's last
 * bucket (about 17 s) counted in it; the percentile options pick which
 * latencies list percentiles and bins, and which percentiles. */
static void test_json_plus_and_percentile_options(void **state)
{
	struct fixture *f = *state;
	struct group_result *g = &f->r.groups[0];
	char err[256];
	lat_add(&g->dir[DIR_WRITE].clat, 100);             /* exact */
	lat_add(&g->dir[DIR_WRITE].clat, 40ULL << 30);     /* past fio's last bucket */
	assert_int_equal(job_option_set(&g->spec, "lat_percentiles", "1", err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&g->spec, "percentile_list", "99.5:50", err, sizeof(err)), 0);
	char *s = render(&f->r, report_json_plus);
	dump(s, "jsonplus");
	assert_true(json_valid(s));
	assert_true(json_num(s, "jobs|0|write|clat_ns|bins|100") == 1);
	assert_true(json_num(s, "jobs|0|write|clat_ns|bins|17112760320") == 1);
	/* 20000 ns: 2^14 + 14 * 2^8, so the bucket's middle is 20096. */
	assert_true(json_num(s, "jobs|0|write|clat_ns|bins|20096") >= 1);
	assert_null(json_find(s, "jobs|0|write|clat_ns|bins|20000"));
	assert_non_null(json_find(s, "jobs|0|write|lat_ns|bins"));
	assert_null(json_find(s, "jobs|0|write|slat_ns|bins"));
	assert_null(json_find(s, "jobs|0|write|slat_ns|percentile"));
	assert_non_null(json_find(s, "jobs|0|write|lat_ns|percentile|50.000000"));
	assert_non_null(json_find(s, "jobs|0|write|clat_ns|percentile|99.500000"));
	assert_null(json_find(s, "jobs|0|write|clat_ns|percentile|99.000000"));
	free(s);
	s = render(&f->r, report_json);
	assert_null(json_find(s, "jobs|0|write|clat_ns|bins"));
	free(s);
	s = render_normal(&f->r);
	/* fio's precision: as many decimals as the list was given with. */
	assert_has(s, "    clat percentiles (nsec):\n     | 50.0th=[24960], 99.5th=[30080]\n");
	assert_has(s, "    lat percentiles (nsec):\n     | 50.0th=[");
	free(s);
	/* The top percentile of a latency past fio's last bucket is that
	 * bucket's value, as fio files it, not the measured max. */
	assert_int_equal(job_option_set(&g->spec, "percentile_list", "100", err, sizeof(err)), 0);
	s = render(&f->r, report_json);
	assert_true(json_num(s, "jobs|0|write|clat_ns|percentile|100.000000") == 17112760320.0);
	assert_true(json_num(s, "jobs|0|write|clat_ns|max") == (double)(40ULL << 30));
	free(s);
	assert_int_equal(job_option_set(&g->spec, "clat_percentiles", "0", err, sizeof(err)), 0);
	s = render(&f->r, report_json_plus);
	assert_null(json_find(s, "jobs|0|write|clat_ns|percentile"));
	assert_null(json_find(s, "jobs|0|write|clat_ns|bins"));
	free(s);
	assert_int_equal(job_option_set(&g->spec, "percentile_list", "0:50", err, sizeof(err)), -1);
}

/* Reasons that did not fit are counted in one last element. */
static void test_json_omitted_reasons(void **state)
{
	(void)state;
	struct run_result r;
	memset(&r, 0, sizeof(r));
	r.verdict_taken = true;
	r.verdict.verdict = VERDICT_IN_USE;
	r.verdict.nreasons = 1;
	r.verdict.reasons[0].kind = VERDICT_IN_USE;
	snprintf(r.verdict.reasons[0].text, VERDICT_REASON_LEN, "loop0 mounted on /mnt");
	r.verdict.nomitted = 3;
	char *s = render_json(&r);
	assert_true(json_valid(s));
	assert_true(json_str_is(s, "blktop|device|verdict", "in-use"));
	assert_true(json_str_is(s, "blktop|device|reasons|0", "in-use: loop0 mounted on /mnt"));
	assert_true(json_str_is(s, "blktop|device|reasons|1", "3 more"));
	assert_null(json_find(s, "blktop|device|reasons|2"));
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_json_report, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_plus_and_percentile_options, setup,
						teardown),
		cmocka_unit_test(test_json_omitted_reasons),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
