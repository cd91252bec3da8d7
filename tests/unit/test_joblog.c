/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_joblog.c - fio's log lines, byte for byte where fio's are
 * deterministic: per-I/O lines with and without offsets, averaged and
 * maximum windows, the histogram lines, fio's file names, and
 * per_job_logs=0 putting one thread's lines after another's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/joblog.h"

#define MS 1000000ULL
#define BASE (5000 * MS)

static char dir[] = "/tmp/blktop-joblog.XXXXXX";

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir) || chdir(dir))
		return -1;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[64];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return chdir("/") || system(cmd);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void spec_init(struct job_spec *s)
{
	memset(s, 0, sizeof(*s));
	snprintf(s->name, sizeof(s->name), "t");
	s->per_job_logs = true;
}

/* One run of one thread: the caller's samples between begin and end. */
static struct joblog_set *set;
static struct joblog *start(const struct job_spec *s, unsigned number)
{
	char err[256] = "";
	if (!set)
		set = joblog_set_new();
	assert_non_null(set);
	struct joblog *l = joblog_add(set, s, number, err, sizeof(err));
	assert_non_null(l);
	joblog_begin(l, BASE);
	return l;
}

static void finish_all(void)
{
	char err[256] = "";
	assert_int_equal(joblog_set_start(set), 0);
	assert_int_equal(joblog_set_finish(set, err, sizeof(err)), 0);
	set = NULL;
}

static void test_per_io(void **state)
{
	(void)state;
	struct job_spec s;
	spec_init(&s);
	s.write_bw_log = s.write_iops_log = s.write_lat_log = true;
	struct hist h;
	memset(&h, 0, sizeof(h));
	struct joblog *l = start(&s, 3);
	joblog_submitted(l, 0, BASE + 1 * MS, 2500, 4096, 8192, 0);
	joblog_completed(l, 0, BASE + 2 * MS + 5, 100000, 102500, 4096, 8192, &h, 0);
	joblog_completed(l, 1, BASE + 3 * MS, 50000, 51000, 4096, 0, &h, 0);
	joblog_end(l, BASE + 4 * MS);
	finish_all();
	assert_string_equal(slurp("t_slat.3.log"), "1, 2500, 0, 4096, 0\n");
	assert_string_equal(slurp("t_clat.3.log"), "2, 100000, 0, 4096, 0\n3, 50000, 1, 4096, 0\n");
	assert_string_equal(slurp("t_lat.3.log"), "2, 102500, 0, 4096, 0\n3, 51000, 1, 4096, 0\n");
	/* bytes * 10^6 / clat ns, as fio's per-I/O bandwidth. */
	assert_string_equal(slurp("t_bw.3.log"), "2, 40960, 0, 4096, 0\n3, 81920, 1, 4096, 0\n");
	assert_string_equal(slurp("t_iops.3.log"), "2, 1, 0, 4096, 0\n3, 1, 1, 4096, 0\n");

	/* log_offset adds the offset before fio's priority column. */
	spec_init(&s);
	s.write_lat_log = true;
	s.log_offset = true;
	snprintf(s.lat_log_prefix, sizeof(s.lat_log_prefix), "off");
	l = start(&s, 1);
	joblog_completed(l, 1, BASE + 7 * MS, 900, 1000, 512, 1048576, &h, 0);
	joblog_end(l, BASE + 8 * MS);
	finish_all();
	assert_string_equal(slurp("off_clat.1.log"), "7, 900, 1, 512, 1048576, 0\n");
}

static void test_averaged(void **state)
{
	(void)state;
	struct job_spec s;
	struct hist h;
	memset(&h, 0, sizeof(h));
	for (int max = 0; max < 2; max++) {
		spec_init(&s);
		s.write_lat_log = true;
		s.log_avg_msec = 100;
		s.log_max_value = max;
		s.log_offset = true;
		struct joblog *l = start(&s, 1);
		/* The window closes at the first sample 100 ms on, which counts
		 * in it; the open one is logged when the thread ends. */
		joblog_completed(l, 0, BASE + 10 * MS, 100, 100, 4096, 4096, &h, 0);
		joblog_completed(l, 0, BASE + 20 * MS, 301, 301, 4096, 4096, &h, 0);
		joblog_completed(l, 0, BASE + 110 * MS, 200, 200, 4096, 4096, &h, 0);
		joblog_completed(l, 0, BASE + 120 * MS, 50, 50, 4096, 4096, &h, 0);
		joblog_end(l, BASE + 150 * MS);
		finish_all();
		/* mean (100 + 301 + 200) / 3 = 200.33, rounded: 200. */
		assert_string_equal(slurp("t_clat.1.log"), max ? "110, 301, 0, 0, 0, 0\n150, 50, 0, 0, 0, 0\n"
							      : "110, 200, 0, 0, 0, 0\n150, 50, 0, 0, 0, 0\n");
	}
	/* bw (KiB/s) and iops per window in which the direction did I/O. */
	spec_init(&s);
	s.write_bw_log = s.write_iops_log = true;
	s.log_avg_msec = 500;
	struct joblog *l = start(&s, 1);
	for (int i = 1; i <= 10; i++)
		joblog_completed(l, 1, BASE + (uint64_t)i * 50 * MS, 10, 10, 65536, 0, &h, 0);
	joblog_end(l, BASE + 600 * MS);
	finish_all();
	/* 10 I/Os of 64 KiB in 500 ms: 1280 KiB/s, 20 IOPS. */
	assert_string_equal(slurp("t_bw.1.log"), "500, 1280, 1, 0, 0\n");
	assert_string_equal(slurp("t_iops.1.log"), "500, 20, 1, 0, 0\n");
}

static void test_hist(void **state)
{
	(void)state;
	struct job_spec s;
	spec_init(&s);
	s.write_hist_log = true;
	s.log_hist_msec = 100;
	s.log_hist_coarseness = 2;
	struct hist h;
	memset(&h, 0, sizeof(h));
	struct joblog *l = start(&s, 1);
	h.count[5] = 1;
	joblog_completed(l, 0, BASE, 5, 5, 4096, 0, &h, 0);
	h.count[6] = 2;
	h.count[HIST_NR - 1] = 1;   /* past fio's last bucket: counted in it */
	joblog_completed(l, 0, BASE + 100 * MS, 6, 6, 4096, 0, &h, 0);
	h.count[5] = 5;
	joblog_completed(l, 0, BASE + 230 * MS, 5, 5, 4096, 0, &h, 0);
	joblog_end(l, BASE + 300 * MS);
	finish_all();
	char *text = slurp("t_clat_hist.1.log");
	/* Two lines: what each window added, 1856 / 4 columns. */
	char *second = strchr(text, '\n');
	assert_non_null(second);
	*second++ = '\0';
	assert_int_equal(strncmp(text, "100, 0, 4096, 0, 3, 0, ", 23), 0);
	assert_int_equal(strncmp(second, "230, 0, 4096, 0, 4, 0, ", 23), 0);
	int commas = 0;
	for (char *p = text; *p; p++)
		commas += *p == ',';
	assert_int_equal(commas, 3 + 464 - 1);
	size_t len = strlen(text);
	assert_string_equal(text + len - 3, ", 1");
	assert_string_equal(second + strlen(second) - 4, ", 0\n");
}

static void test_shared_file(void **state)
{
	(void)state;
	struct job_spec s;
	spec_init(&s);
	s.write_iops_log = true;
	s.per_job_logs = false;
	struct hist h;
	memset(&h, 0, sizeof(h));
	struct joblog *a = start(&s, 1);
	struct joblog *b = start(&s, 2);
	joblog_completed(b, 0, BASE + 1 * MS, 1, 1, 4096, 0, &h, 0);
	joblog_completed(a, 0, BASE + 2 * MS, 1, 1, 4096, 0, &h, 0);
	joblog_completed(b, 0, BASE + 3 * MS, 1, 1, 4096, 0, &h, 0);
	joblog_end(a, BASE + 4 * MS);
	joblog_end(b, BASE + 4 * MS);
	finish_all();
	/* fio's name without the thread number; thread 1's lines first. */
	assert_string_equal(slurp("t_iops.log"),
			    "2, 1, 0, 4096, 0\n1, 1, 0, 4096, 0\n3, 1, 0, 4096, 0\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_per_io),
		cmocka_unit_test(test_averaged),
		cmocka_unit_test(test_hist),
		cmocka_unit_test(test_shared_file),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
