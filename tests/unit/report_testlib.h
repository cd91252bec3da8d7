/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_testlib.h - what the report unit tests share: a run result built
 * by hand (no engine; a 4k randwrite and a read that failed part way, a
 * disk, two CPUs, a verdict) and the rendering of a report into a string.
 * Set BLKTOP_REPORT_DUMP=prefix to keep the outputs (prefix.txt,
 * prefix.json, ...). Include after <cmocka.h>. */
#ifndef BLKTOP_REPORT_TESTLIB_H
#define BLKTOP_REPORT_TESTLIB_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/verdict.h"
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

static inline void init_dir(struct dir_stats *d)
{
	memset(d, 0, sizeof(*d));
	lat_init(&d->slat);
	lat_init(&d->clat);
	lat_init(&d->lat);
}

static inline void init_group(struct group_result *g, const char *name, unsigned gid,
			      const char *rw)
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
	/* A job that ran its I/O loop has a depth (fio's latency keys). */
	g->latency_depth = (unsigned)g->spec.iodepth;
	for (int d = 0; d < DIR_COUNT; d++) {
		init_dir(&g->dir[d]);
		sample_stat_init(&g->iops_samples[d]);
		sample_stat_init(&g->bw_samples[d]);
	}
	assert_int_equal(sample_series_init(&g->series, 8), 0);
}

/* A 4k randwrite at qd1, the shape of the screen's usual picture. */
static inline void fill_randwrite(struct group_result *g)
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
static inline void fill_seqread(struct group_result *g)
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

static inline int setup(void **state)
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

static inline int teardown(void **state)
{
	struct fixture *f = *state;
	for (size_t i = 0; i < f->r.ngroups; i++)
		sample_series_free(&f->r.groups[i].series);
	free(f->r.groups);
	free(f);
	return 0;
}

/* A report into a string, by the function that writes it. noinline: once
 * inlined into a test, GCC's -Wdangling-pointer takes a pointer into the
 * returned text for one to the local buf. */
__attribute__((noinline, unused)) static char *render(const struct run_result *r,
						      void (*fn)(FILE *, const struct run_result *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	assert_non_null(m);
	fn(m, r);
	assert_int_equal(fclose(m), 0);
	return buf;
}

static inline char *render_normal(const struct run_result *r)
{
	return render(r, report_normal);
}

static inline char *render_json(const struct run_result *r)
{
	return render(r, report_json);
}

static inline void dump(const char *text, const char *ext)
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

#endif
