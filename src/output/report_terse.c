/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_terse.c - fio's terse format (--output-format=terse, --minimal),
 * versions 2 to 5 as fio 3.33 writes them (3 by default): one line of
 * ';'-joined fields per report entry, which scripts written for fio split
 * by position: the header, the read and write blocks (sizes, rates,
 * latencies in microseconds, 20 percentile fields, bandwidth samples),
 * CPU, the I/O depths and latency buckets, then each disk, the error
 * counts with continue_on_error and the description. Version 2 has no
 * fio version in its header and no disks; 2, 4 and 5 add a trim block
 * after the write block; 5 adds the bandwidth sample count and the IOPS
 * samples to each direction's block. Never translated. */
#include "config.h"
#include "output/report.h"

#include <inttypes.h>
#include <math.h>

#include "output/report_priv.h"
#include "stats/stats.h"

/* fio's terse has 20 percentile fields a direction, whatever is listed. */
#define TERSE_PCTS 20

static void lat_fields(FILE *out, const struct lat_stat *s)
{
	struct lat_summary l;
	report_lat_summary(s, &l);
	fprintf(out, ";%" PRIu64 ";%" PRIu64 ";%f;%f", l.min / 1000, l.max / 1000, l.mean / 1000,
		l.stddev / 1000);
}

/* A direction's block (read, write or trim); d < 0: all zeros, its
 * percentile fields listed as for the others. */
static void dir_fields(FILE *out, const struct run_result *r, const struct group_result *g, int d,
		       unsigned ver)
{
	static struct dir_stats none;
	static const struct sample_stat no_samples;
	const struct dir_stats *ds = d < 0 ? &none : &g->dir[d];
	struct dir_rates rt = { 0 };
	if (d >= 0)
		report_dir_rates(g, d, &rt);
	bool active = d >= 0 && report_dir_active(g, d);
	fprintf(out, ";%" PRIu64 ";%" PRIu64 ";%" PRIu64 ";%" PRIu64, ds->bytes >> 10,
		rt.bw_bytes / 1024, rt.iops_int, active ? g->runtime_ms : 0);
	lat_fields(out, &ds->slat);
	lat_fields(out, &ds->clat);

	/* lat's percentiles with lat_percentiles, else clat's; listed (as 0)
	 * for a direction without I/O too, as fio does. */
	const struct lat_stat *ps = NULL;
	if (report_pct_on(&g->spec, REPORT_LAT))
		ps = &ds->lat;
	else if (report_pct_on(&g->spec, REPORT_CLAT))
		ps = &ds->clat;
	uint64_t v[REPORT_MAX_PCTS];
	const double *pcts = NULL;
	size_t n = ps ? report_percentiles(ps, &g->spec, v, &pcts) : 0;
	for (size_t i = 0; i < TERSE_PCTS; i++) {
		if (i < n)
			fprintf(out, ";%f%%=%" PRIu64, pcts[i], ps->n ? v[i] / 1000 : 0);
		else
			fputs(";0%=0", out);
	}
	lat_fields(out, &ds->lat);

	/* fio's share of the group here divides by whole KiB/s. */
	const struct sample_stat *bw = d < 0 ? &no_samples : &g->bw_samples[d];
	if (bw->w.n) {
		uint64_t agg_k = report_group_agg(r, g->groupid, d) / 1024;
		double per = 100.0;
		if (agg_k) {
			per = bw->w.mean * 100 / (double)agg_k;
			if (per > 100.0)
				per = 100.0;
		}
		fprintf(out, ";%" PRIu64 ";%" PRIu64 ";%f%%;%f;%f", (uint64_t)llround(bw->min),
			(uint64_t)llround(bw->max), per, bw->w.mean, welford_stddev(&bw->w));
	} else {
		fputs(";0;0;0.000000%;0.000000;0.000000", out);
	}
	if (ver != 5)
		return;
	const struct sample_stat *io = d < 0 ? &no_samples : &g->iops_samples[d];
	fprintf(out, ";%" PRIu64, (uint64_t)bw->w.n);
	if (io->w.n)
		fprintf(out, ";%" PRIu64 ";%" PRIu64 ";%f;%f;%" PRIu64, (uint64_t)llround(io->min),
			(uint64_t)llround(io->max), io->w.mean, welford_stddev(&io->w),
			(uint64_t)io->w.n);
	else
		fputs(";0;0;0.000000;0.000000;0", out);
}

static void entry_line(FILE *out, const struct run_result *r, const struct group_result *g,
		       unsigned ver)
{
	if (ver == 2)
		fprintf(out, "2;%s;%u;%d", g->name, g->groupid, report_error(g));
	else
		fprintf(out, "%u;%s;%s;%u;%d", ver, REPORT_FIO_VERSION, g->name, g->groupid,
			report_error(g));
	for (int d = 0; d < DIR_COUNT; d++)
		dir_fields(out, r, g, d, ver);
	if (ver != 3)
		dir_fields(out, r, g, DIR_TRIM, ver);
	fprintf(out, ";%f%%;%f%%;%" PRIu64 ";%" PRIu64 ";%" PRIu64, g->usr_cpu, g->sys_cpu, g->ctx,
		g->majf, g->minf);
	double depth[DEPTH_LEVELS];
	report_depth_shares(g, depth);
	for (int i = 0; i < DEPTH_LEVELS; i++)
		fprintf(out, ";%3.1f%%", depth[i]);
	/* The microsecond buckets; the first takes the nanosecond ones. */
	struct lat_buckets lb;
	report_lat_buckets(g, &lb);
	for (int i = 0; i < LAT_BUCKETS_N; i++)
		lb.us[0] += lb.ns[i];
	for (int i = 0; i < LAT_BUCKETS_U; i++)
		fprintf(out, ";%3.2f%%", lb.us[i]);
	for (int i = 0; i < LAT_BUCKETS_M; i++)
		fprintf(out, ";%3.2f%%", lb.ms[i]);
	for (size_t i = 0; ver >= 3 && i < r->ndisks; i++) {
		const struct disk_delta *k = &r->disks[i];
		fprintf(out, ";%s;%" PRIu64 ";%" PRIu64 ";%" PRIu64 ";%" PRIu64 ";%" PRIu64
			";%" PRIu64 ";%" PRIu64 ";%3.2f%%",
			k->name, k->ios[0], k->ios[1], k->merges[0], k->merges[1], k->ticks_ms[0],
			k->ticks_ms[1], k->in_queue_ms, k->util);
	}
	if (g->spec.continue_on_error != COE_NONE) {
		int first;
		uint64_t errors = report_errors(g, &first);
		fprintf(out, ";%" PRIu64 ";%d", errors, first);
	}
	/* Version 2 puts the description on a line of its own, as fio. */
	if (g->spec.description[0])
		fprintf(out, "%s;%s", ver == 2 ? "\n" : "", g->spec.description);
	fputc('\n', out);
}

void report_terse_version(FILE *out, const struct run_result *r, unsigned version)
{
	struct report_numeric num;
	report_numeric_begin(&num);
	size_t ne;
	const struct group_result *es = report_entries(r, &ne);
	for (size_t i = 0; i < ne; i++)
		entry_line(out, r, &es[i], version);
	report_numeric_end(&num);
}

void report_terse(FILE *out, const struct run_result *r)
{
	report_terse_version(out, r, 3);
}
