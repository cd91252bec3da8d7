/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_report.c - fio's normal text and terse reports of a run result
 * built by hand (report_testlib.h): fio's lines where users grep for them,
 * in any locale, and nothing for a run that ran nothing. The JSON reports
 * are test_report_json.c's, the status-interval lines
 * test_report_interval.c's. */
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

/* The percentile block as fio would print it, from the same histogram. */
static void expected_percentiles(const struct lat_stat *s, uint64_t divisor, int width,
				 char *buf, size_t len)
{
	uint64_t v[32];
	hist_percentiles(&s->hist, hist_default_pcts, hist_default_npcts, 0, HIST_FIO_MAX_NS, v);
	size_t used = 0;
	used += (size_t)snprintf(buf + used, len - used, "     |");
	for (size_t j = 0; j < hist_default_npcts; j++) {
		bool last = j == hist_default_npcts - 1;
		if (j && j % 4 == 0)
			used += (size_t)snprintf(buf + used, len - used, "     |");
		unsigned long long x = v[j];
		for (uint64_t d = divisor; d > 1; d /= 1000)
			x = (x + 999) / 1000;
		used += (size_t)snprintf(buf + used, len - used, " %5.2fth=[%*llu]%c",
					 hist_default_pcts[j], width, x, last ? '\n' : ',');
		if (!last && j % 4 == 3)
			used += (size_t)snprintf(buf + used, len - used, "\n");
	}
}

static void test_normal_report(void **state)
{
	struct fixture *f = *state;
	char *s = render_normal(&f->r);
	dump(s, "txt");
	const struct group_result *g = &f->r.groups[0];

	/* Header (date from start_wall, ctime's format as fio). */
	assert_has(s, "randwrite: (groupid=0, jobs=1): err= 0: pid=");
	assert_has(s, "2017\n");
	assert_has(s, "  write: IOPS=38.6k, BW=151MiB/s (158MB/s)(452MiB/3001msec); 0 zone resets\n");
	assert_null(strstr(s, "  read: IOPS=38"));
	assert_has(s, "    slat (nsec): min=1500, max=2499, avg=1999.50, stdev=");
	assert_has(s, "    clat (usec): min=20, max=4937, avg=");
	assert_has(s, "     lat (usec): min=21, max=4939, avg=");

	char block[2048];
	expected_percentiles(&g->dir[DIR_WRITE].clat, 1000, 5, block, sizeof(block));
	assert_has(s, "    clat percentiles (usec):\n");
	assert_has(s, block);
	assert_has(s, "     |  1.00th=[   21],  5.00th=[   21], 10.00th=[   22], 20.00th=[   22],\n");

	assert_has(s, "   bw (  KiB/s): min=150000, max=155000, per=98.48%, avg=152000.00, "
		      "stdev=2645.75, samples=3\n");
	assert_has(s, "   iops        : min=37500, max=38750, avg=38000.00, stdev=661.44, "
		      "samples=3\n");
	/* Latency buckets: 996 in [20, 50) us, 4 in [4, 10) ms. */
	assert_has(s, "  lat (usec)   : 50=99.60%\n");
	assert_has(s, "  lat (msec)   : 10=0.40%\n");
	assert_has(s, "  cpu          : usr=5.60%, sys=10.50%, ctx=115000, majf=0, minf=12\n");
	assert_has(s, "  IO depths    : 1=100.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, "
		      ">=64=0.0%\n");
	assert_has(s, "     submit    : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, "
		      ">=64=0.0%\n");
	assert_has(s, "     complete  : 0=0.0%, 4=99.9%, 8=0.1%, 16=0.0%, 32=0.0%, 64=0.0%, "
		      ">=64=0.0%\n");
	assert_has(s, "     issued rwts: total=0,115800,0,0 short=0,0,0,0 dropped=0,0,0,0\n");

	/* The failed group: error in the header, msec units, errors line. */
	assert_has(s, "seqread: (groupid=1, jobs=1): err= 5 (file:/dev/vdc, func=io_u error, "
		      "error=Input/output error): pid=");
	assert_has(s, "  read: IOPS=150, BW=150MiB/s (157MB/s)(300MiB/2000msec)\n");
	assert_has(s, "    clat (msec): min=5, max=199, avg=102.17, stdev=");
	assert_has(s, "    clat percentiles (msec):\n     |  1.00th=[    7],");
	assert_has(s, "  IO depths    : 1=0.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=3.3%, 32=96.7%, "
		      ">=64=0.0%\n");
	/* fio's errors line is only for a job with continue_on_error. */
	assert_null(strstr(s, "     errors    :"));

	/* One "Run status group" per stonewall group, after all jobs. */
	assert_has(s, "\nRun status group 0 (all jobs):\n  WRITE: bw=151MiB/s (158MB/s), "
		      "151MiB/s-151MiB/s (158MB/s-158MB/s), io=452MiB (474MB), run=3001-3001msec\n");
	assert_has(s, "\nRun status group 1 (all jobs):\n   READ: bw=150MiB/s (157MB/s), "
		      "150MiB/s-150MiB/s (157MB/s-157MB/s), io=300MiB (315MB), run=2000-2000msec\n");
	assert_true(strstr(s, "seqread: (groupid=1") < strstr(s, "Run status group 0"));
	assert_has(s, "\nDisk stats (read/write):\n  vdc: ios=0/115000, "
		      "merge=0/0, ticks=0/2800, in_queue=2800, util=96.67%\n");
	/* fio 3.33's write line and latency line. */
	assert_has(s, "(452MiB/3001msec); 0 zone resets\n");
	assert_has(s, "     latency   : target=0, window=0, percentile=100.00%, depth=");

	/* blktop's extras after the disk stats, behind the mark. */
	const char *extras = strstr(s, "CPU load over the run");
	const char *mark = strstr(s, "\n--- blktop ---\n");
	assert_non_null(extras);
	assert_non_null(mark);
	assert_true(mark > strstr(s, "Disk stats"));
	assert_true(extras > mark);
	assert_has(s, "  CPU     %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  "
		      "%gnice   %idle\n");
	assert_has(s, "  all     5.60    0.00   10.50    0.00    0.00    0.40    0.00    0.00    "
		      "0.00   83.50\n");
	assert_has(s, "  0       0.00    0.00    0.00    0.00    0.00    0.00    0.00    0.00    "
		      "0.00  100.00\n");
	assert_has(s, "  1      11.20");
	assert_has(s, "  r_await  w_await  aqu-sz   %util\n");
	assert_has(s, "  vdc               0.00  38320.56");
	assert_has(s, "Safety verdict for vdc: has-data (has-data: dos partition table on vdc; "
		      "has-data: ext4 on vdc; label a; b)\n");
	free(s);

	/* The read job ignored write errors only: its read error ended it,
	 * and it has fio's errors line. */
	f->r.groups[1].spec.continue_on_error = COE_WRITE;
	s = render_normal(&f->r);
	assert_has(s, "seqread: (groupid=1, jobs=1): err= 5 (file:/dev/vdc, func=io_u error, ");
	assert_has(s, "     errors    : total=2, first_error=5/<Input/output error>\n");
	free(s);
	/* It ignored read errors too, so it ran on: fio reports the first
	 * ignored error, with no text (none ended the job). */
	f->r.groups[1].spec.continue_on_error = COE_ALL;
	f->r.groups[1].error = 0;
	s = render_normal(&f->r);
	assert_has(s, "seqread: (groupid=1, jobs=1): err= 5 (): pid=");
	free(s);
}

/* Terse v3: fio's 121 fields before the disks, 9 a disk; the failed
 * entry's error in field 5; fio's error line for it. */
static void test_terse_and_error_lines(void **state)
{
	struct fixture *f = *state;
	char *s = render(&f->r, report_terse);
	dump(s, "terse");
	char *second = strchr(s, '\n');
	assert_non_null(second);
	size_t fields = 1;
	for (const char *p = s; p < second; p++)
		fields += *p == ';';
	assert_int_equal(fields, 121 + 9);
	assert_true(!strncmp(s, "3;fio-3.33-blktop-" PACKAGE_VERSION ";randwrite;0;0;", 24));
	assert_has(second, "\n3;fio-3.33-blktop-" PACKAGE_VERSION ";seqread;1;5;");
	free(s);
	s = render(&f->r, report_error_lines);
	assert_string_equal(s + strcspn(s, ","), ", err=5/file:/dev/vdc, func=io_u error, "
						 "error=Input/output error\n");
	assert_true(!strncmp(s, "fio: pid=", 9));
	free(s);
}

static void test_empty_run(void **state)
{
	(void)state;
	struct run_result r;
	memset(&r, 0, sizeof(r));
	r.start_wall = 1500282908;
	char *s = render_normal(&r);
	assert_string_equal(s, "");     /* nothing ran, nothing to say */
	free(s);
	s = render_json(&r);
	assert_true(json_valid(s));
	assert_non_null(json_find(s, "jobs"));
	assert_null(json_find(s, "jobs|0"));
	assert_true(json_str_is(s, "blktop|device|verdict", "unknown"));
	assert_true(json_str_is(s, "blktop|device|name", ""));
	assert_null(json_find(s, "blktop|cpu|0"));
	free(s);
}

/* printf follows LC_NUMERIC; a report must not turn 1999.50 into 1999,50,
 * nor the JSON key "99.000000" into "99,000000". */
static void test_decimal_point_in_any_locale(void **state)
{
	struct fixture *f = *state;
	static const char *const commas[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "ru_RU.UTF-8" };
	const char *comma = NULL;
	for (size_t i = 0; i < sizeof(commas) / sizeof(commas[0]) && !comma; i++)
		if (setlocale(LC_NUMERIC, commas[i]))
			comma = commas[i];
	if (!comma)
		skip();
	char probe[16];
	snprintf(probe, sizeof(probe), "%.2f", 1.5);
	char *text = render_normal(&f->r);
	char *json = render_json(&f->r);
	setlocale(LC_NUMERIC, "C");

	assert_string_equal(probe, "1,50");     /* the locale does use a comma */
	assert_has(text, "avg=1999.50, stdev=");
	assert_has(text, "  all     5.60    0.00   10.50");
	assert_true(json_valid(json));
	assert_non_null(json_find(json, "jobs|0|write|clat_ns|percentile|99.000000"));
	free(text);
	free(json);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_normal_report, setup, teardown),
		cmocka_unit_test_setup_teardown(test_decimal_point_in_any_locale, setup, teardown),
		cmocka_unit_test_setup_teardown(test_terse_and_error_lines, setup, teardown),
		cmocka_unit_test(test_empty_run),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
