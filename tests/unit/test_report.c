/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_report.c - the normal, JSON and interval reports of a run result
 * built by hand (no engine): fio's lines where users grep for them, and
 * the JSON read back as a fio-JSON consumer would read it. Set
 * BLKTOP_REPORT_DUMP=prefix to keep the outputs (prefix.txt, prefix.json). */
#include "config.h"

#include <errno.h>
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

#include "collect/verdict.h"
#include "json_check.h"
#include "options.h"
#include "output/report.h"
#include "stats/hist.h"
#include "stats/stats.h"

#define WRITE_IOS 115800ull
#define WRITE_RUNTIME 3001ull

struct fixture {
	struct run_result r;
	struct cpu_pct cpus[2];
	struct disk_delta disk;
};

static void init_dir(struct dir_stats *d)
{
	memset(d, 0, sizeof(*d));
	lat_init(&d->slat);
	lat_init(&d->clat);
	lat_init(&d->lat);
}

static void init_group(struct group_result *g, const char *name, unsigned gid, const char *rw)
{
	char err[256];
	memset(g, 0, sizeof(*g));
	snprintf(g->name, sizeof(g->name), "%s", name);
	g->groupid = gid;
	g->nthreads = 1;
	job_defaults(&g->spec);
	assert_int_equal(job_option_set(&g->spec, "rw", rw, err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&g->spec, "filename", "vdc", err, sizeof(err)), 0);
	snprintf(g->path, sizeof(g->path), "/dev/vdc");
	for (int d = 0; d < DIR_COUNT; d++) {
		init_dir(&g->dir[d]);
		sample_stat_init(&g->iops_samples[d]);
		sample_stat_init(&g->bw_samples[d]);
	}
	assert_int_equal(sample_series_init(&g->series, 8), 0);
}

/* A 4k randwrite at qd1, the shape of the screen's usual picture. */
static void fill_randwrite(struct group_result *g)
{
	char err[256];
	init_group(g, "randwrite", 0, "randwrite");
	assert_int_equal(job_option_set(&g->spec, "bs", "4k", err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&g->spec, "runtime", "3", err, sizeof(err)), 0);
	g->runtime_ms = WRITE_RUNTIME;
	struct dir_stats *w = &g->dir[DIR_WRITE];
	w->ios = WRITE_IOS;
	w->bytes = WRITE_IOS * 4096;
	for (uint64_t i = 0; i < 1000; i++) {
		uint64_t slat = 1500 + i, clat = 20000 + i * 10;
		if (i % 250 == 0)
			clat = 4937000;         /* a few slow ones */
		lat_add(&w->slat, slat);
		lat_add(&w->clat, clat);
		lat_add(&w->lat, slat + clat);
	}
	static const double bw[] = { 150000, 151000, 155000 };
	static const double iops[] = { 37500, 37750, 38750 };
	for (int i = 0; i < 3; i++) {
		sample_stat_add(&g->bw_samples[DIR_WRITE], bw[i]);
		sample_stat_add(&g->iops_samples[DIR_WRITE], iops[i]);
		struct sample s = { 0 };
		s.t_ms = 1000 * (uint64_t)(i + 1);
		s.span_ms = 1000;
		s.iops[DIR_WRITE] = iops[i];
		s.bw_bytes[DIR_WRITE] = bw[i] * 1024;
		s.clat_p50_ns[DIR_WRITE] = 25000;
		s.clat_p99_ns[DIR_WRITE] = 30000 + (uint64_t)i;
		sample_series_add(&g->series, &s);
	}
	g->usr_cpu = 5.6;
	g->sys_cpu = 10.5;
	g->ctx = 115000;
	g->minf = 12;
	g->depth_levels[0] = WRITE_IOS;
	/* fio's defaults: every submit and wait took one I/O, but for one
	 * final wait that took 7. */
	g->submit_dist[1] = WRITE_IOS;
	g->complete_dist[1] = 999;
	g->complete_dist[2] = 1;
}

/* A slow sequential read that failed part way, in a later group. */
static void fill_seqread(struct group_result *g)
{
	init_group(g, "seqread", 1, "read");
	g->runtime_ms = 2000;
	g->error = EIO;
	struct dir_stats *rd = &g->dir[DIR_READ];
	rd->ios = 300;
	rd->bytes = 300ull << 20;
	rd->errors = 2;
	rd->first_error = EIO;
	for (uint64_t i = 0; i < 300; i++) {
		uint64_t clat = 5000000 + i * 650000;  /* 5 ms .. 200 ms */
		lat_add(&rd->slat, 3000 + i);
		lat_add(&rd->clat, clat);
		lat_add(&rd->lat, clat + 3000 + i);
	}
	g->depth_levels[5] = 290;
	g->depth_levels[4] = 10;
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	assert_non_null(f);
	f->r.groups = calloc(2, sizeof(*f->r.groups));
	assert_non_null(f->r.groups);
	f->r.ngroups = 2;
	fill_randwrite(&f->r.groups[0]);
	fill_seqread(&f->r.groups[1]);

	struct disk_delta *d = &f->disk;
	snprintf(d->name, sizeof(d->name), "vdc");
	d->ios[1] = 115000;
	d->sectors[1] = 920000;
	d->ticks_ms[1] = 2800;
	d->in_queue_ms = 2800;
	d->util = 96.67;
	d->rates.w_s = 38320.56;
	d->rates.wkb_s = 153282.24;
	d->rates.w_await = 0.02;
	d->rates.aqu_sz = 0.93;
	d->rates.util = 96.67;
	f->r.disks = d;
	f->r.ndisks = 1;

	static const double all[CPU_NFIELDS] = { 5.6, 0, 10.5, 0, 0, 0.4, 0, 0, 0, 83.5 };
	memcpy(f->r.cpu_all.pct, all, sizeof(all));
	f->cpus[0].pct[CPU_IDLE] = 100;
	memcpy(f->cpus[1].pct, all, sizeof(all));
	f->cpus[1].pct[CPU_USR] = 11.2;
	f->cpus[1].pct[CPU_IDLE] = 67;
	f->r.cpu = f->cpus;
	f->r.ncpu = 2;
	f->r.start_wall = 1500282908;   /* Mon Jul 17 2017, as in the published test */
	snprintf(f->r.device_name, sizeof(f->r.device_name), "vdc");
	/* Typed as the gate gives it; a reason may hold "; " itself. */
	f->r.verdict_taken = true;
	f->r.verdict.verdict = VERDICT_HAS_DATA;
	f->r.verdict.nreasons = 2;
	f->r.verdict.reasons[0].kind = VERDICT_HAS_DATA;
	snprintf(f->r.verdict.reasons[0].text, VERDICT_REASON_LEN, "dos partition table on vdc");
	f->r.verdict.reasons[1].kind = VERDICT_HAS_DATA;
	snprintf(f->r.verdict.reasons[1].text, VERDICT_REASON_LEN, "ext4 on vdc; label a; b");
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	for (size_t i = 0; i < f->r.ngroups; i++)
		sample_series_free(&f->r.groups[i].series);
	free(f->r.groups);
	free(f);
	return 0;
}

static char *render_normal(const struct run_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	assert_non_null(m);
	report_normal(m, r);
	assert_int_equal(fclose(m), 0);
	return buf;
}

static char *render_json(const struct run_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	assert_non_null(m);
	report_json(m, r);
	assert_int_equal(fclose(m), 0);
	return buf;
}

static void dump(const char *text, const char *ext)
{
	const char *prefix = getenv("BLKTOP_REPORT_DUMP");
	if (!prefix || !*prefix)
		return;
	char path[4096];
	snprintf(path, sizeof(path), "%s.%s", prefix, ext);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

#define assert_has(text, needle)                                                      \
	do {                                                                          \
		if (!strstr((text), (needle))) {                                      \
			print_error("missing: [%s]\n", (needle));                     \
			fail();                                                       \
		}                                                                     \
	} while (0)

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

/* Reasons that did not fit are counted in one last element. */
static char *render(const struct run_result *r, void (*fn)(FILE *, const struct run_result *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	assert_non_null(m);
	fn(m, r);
	assert_int_equal(fclose(m), 0);
	return buf;
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
	iv.bytes[DIR_READ] = 401 * 4096;
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
		cmocka_unit_test_setup_teardown(test_normal_report, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_report, setup, teardown),
		cmocka_unit_test_setup_teardown(test_decimal_point_in_any_locale, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_plus_and_percentile_options, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_terse_and_error_lines, setup, teardown),
		cmocka_unit_test(test_json_omitted_reasons),
		cmocka_unit_test(test_empty_run),
		cmocka_unit_test(test_interval),
		cmocka_unit_test(test_jsonl_interval),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
