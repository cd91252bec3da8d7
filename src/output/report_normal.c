/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_normal.c - the normal text report, laid out as fio 3.33 lays it
 * out (users and scripts grep it for IOPS=, clat percentiles, util=): the
 * preamble before the run, a block per job, "Run status group", "Disk
 * stats"; then, after a line "--- blktop ---" a scraper can stop at,
 * blktop's own figures: per-CPU load as mpstat shows it, iostat -x, the
 * verdict.
 *
 * fio's keywords and layout are kept literal on purpose, in every locale;
 * only blktop's headings and prose go through gettext.
 */
#include "config.h"
#include "output/report.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/verdict.h"
#include "i18n.h"
#include "options.h"
#include "output/report_priv.h"
#include "stats/hist.h"
#include "stats/prio.h"
#include "stats/stats.h"
#include "util/str.h"
#include "stats/steady.h"

static const char *const dir_name[DIR_ALL] = { "read", "write", "trim" };

/* fio's nsec_to_usec()/nsec_to_msec(): a larger unit only when the
 * smallest value and the spread both justify it. */
static const char *lat_unit(struct lat_summary *l)
{
	if (l->min > 2000000 && l->max > 99999999ull && l->stddev > 1000000.0) {
		l->min /= 1000000;
		l->max /= 1000000;
		l->mean /= 1000000.0;
		l->stddev /= 1000000.0;
		return "msec";
	}
	if (l->min > 2000 && l->max > 99999 && l->stddev > 1000.0) {
		l->min /= 1000;
		l->max /= 1000;
		l->mean /= 1000.0;
		l->stddev /= 1000.0;
		return "usec";
	}
	return "nsec";
}

static void print_lat(FILE *out, const char *name, const struct lat_stat *s)
{
	struct lat_summary l;
	char a[32], b[32];
	report_lat_summary(s, &l);
	if (!l.n)
		return;
	const char *unit = lat_unit(&l);
	fprintf(out, "    %s (%s): min=%s, max=%s, avg=%5.02f, stdev=%5.02f\n", name, unit,
		report_num(a, sizeof(a), l.min, 6, false, ""),
		report_num(b, sizeof(b), l.max, 6, false, ""), l.mean, l.stddev);
}

static void print_percentiles(FILE *out, const char *name, const struct lat_stat *s,
			      const struct job_spec *spec)
{
	uint64_t v[REPORT_MAX_PCTS];
	const double *pcts;
	if (!s->n)
		return;
	size_t n = report_percentiles(s, spec, v, &pcts);
	int prec = (int)report_pct_precision(spec);
	if (!n)
		return;
	uint64_t minv = UINT64_MAX, maxv = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i] < minv)
			minv = v[i];
		if (v[i] > maxv)
			maxv = v[i];
	}
	/* fio picks the unit from the smallest and largest percentile. */
	int scale_down = 0;
	uint64_t divisor = 1;
	const char *unit = "nsec";
	if (minv > 2000000 && maxv > 99999999ull) {
		scale_down = 2;
		divisor = 1000000;
		unit = "msec";
	} else if (minv > 2000 && maxv > 99999) {
		scale_down = 1;
		divisor = 1000;
		unit = "usec";
	}
	int width = report_digits(maxv / divisor);
	if (width < 5)
		width = 5;
	const size_t per_line = (size_t)((80 - 7) / (prec + 10 + width));

	fprintf(out, "    %s percentiles (%s):\n     |", name, unit);
	for (size_t j = 0; j < n; j++) {
		bool last = j == n - 1;
		if (j && j % per_line == 0)
			fputs("     |", out);
		/* fio rounds up, a thousand at a time (the same as at once). */
		uint64_t x = scale_down ? (uint64_t)report_lat_up((double)v[j], (double)divisor, 0) : v[j];
		fprintf(out, " %*.*fth=[%*" PRIu64 "]%c", prec + 3, prec, pcts[j], width, x,
			last ? '\n' : ',');
		if (!last && j % per_line == per_line - 1)
			fputc('\n', out);
	}
}

/* kb_base and unit_base of a report entry, as fio takes them for its
 * group: the normal text's first unit is 1024-based (KiB) unless
 * kb_base=1000, and unit_base=1 gives rates in bits. */
static bool spec_pow2(const struct job_spec *j)
{
	return j->kb_base != 1000;
}

static const char *rate(char *buf, size_t len, uint64_t bytes_per_s, bool pow2,
			const struct job_spec *j)
{
	if (j->unit_base == 1)
		return report_num(buf, len, bytes_per_s * 8, REPORT_SIG_FIGS, pow2, "bit/s");
	return report_num(buf, len, bytes_per_s, REPORT_SIG_FIGS, pow2, "B/s");
}

/* One stonewall group's direction totals, as fio's "Run status group". */
struct group_totals {
	uint64_t io_bytes, agg, min_bw, max_bw, min_run, max_run;
	bool any;
};

static void group_totals(const struct run_result *r, unsigned gid, int d, struct group_totals *t)
{
	memset(t, 0, sizeof(*t));
	t->min_bw = UINT64_MAX;
	t->min_run = UINT64_MAX;
	size_t ne;
	const struct group_result *es = report_entries(r, &ne);
	for (size_t i = 0; i < ne; i++) {
		const struct group_result *g = &es[i];
		if (g->groupid != gid || !report_dir_active(g, d) || !g->runtime_ms)
			continue;
		struct dir_rates rt;
		report_dir_rates(g, d, &rt);
		t->any = true;
		t->io_bytes += g->dir[d].bytes;
		if (rt.bw_bytes < t->min_bw)
			t->min_bw = rt.bw_bytes;
		if (rt.bw_bytes > t->max_bw)
			t->max_bw = rt.bw_bytes;
		if (g->runtime_ms < t->min_run)
			t->min_run = g->runtime_ms;
		if (g->runtime_ms > t->max_run)
			t->max_run = g->runtime_ms;
	}
	if (!t->any)
		return;
	t->agg = t->io_bytes / t->max_run * 1000 + t->io_bytes % t->max_run * 1000 / t->max_run;
}

static void print_samples(FILE *out, const struct run_result *r, const struct group_result *g,
			  int d)
{
	const struct sample_stat *bw = &g->bw_samples[d];
	const struct sample_stat *io = &g->iops_samples[d];

	if (bw->w.n) {
		struct group_totals t;
		group_totals(r, g->groupid, d, &t);
		double mean = bw->w.mean, dev = welford_stddev(&bw->w);
		unsigned long long min = (unsigned long long)llround(bw->min);
		unsigned long long max = (unsigned long long)llround(bw->max);
		/* This job's share of its group's bandwidth, as fio's per=. */
		double per = 100.0;
		if (t.agg > 1024) {
			per = mean * 100.0 / ((double)t.agg / 1024.0);
			if (per > 100.0)
				per = 100.0;
		}
		/* fio's samples are KiB/s whatever kb_base says; only the
		 * label and the step to the next unit follow kb_base. fio
		 * 3.33 prints this line in bytes also with unit_base=1
		 * (seen beside its BW line in bits). */
		bool pow2 = spec_pow2(&g->spec);
		double kb = pow2 ? 1024.0 : 1000.0;
		const char *unit = pow2 ? "KiB" : "kB";
		if (mean > kb * kb) {
			min = (unsigned long long)((double)min / kb);
			max = (unsigned long long)((double)max / kb);
			mean /= kb;
			dev /= kb;
			unit = "MiB";
		}
		fprintf(out, "   bw (%5s/s): min=%5llu, max=%5llu, per=%3.2f%%, avg=%5.02f, "
			"stdev=%5.02f, samples=%" PRIu64 "\n", unit, min, max, per, mean, dev, bw->w.n);
	}
	if (io->w.n) {
		fprintf(out, "   iops        : min=%5llu, max=%5llu, avg=%5.02f, stdev=%5.02f, "
			"samples=%" PRIu64 "\n", (unsigned long long)llround(io->min),
			(unsigned long long)llround(io->max), io->w.mean, welford_stddev(&io->w),
			io->w.n);
	}
}

/* fio's lines per I/O priority (clat, or lat with lat_percentiles),
 * where at least two priorities have samples: the summaries, or with
 * pcts the percentiles and each one's share of the I/Os. */
static void print_prios(FILE *out, const struct group_result *g, int d, bool pcts)
{
	if (d >= DIR_COUNT || prio_set_with_samples(&g->prios[d]) < 2)
		return;
	const struct prio_set *ps = &g->prios[d];
	bool lat = g->spec.lat_percentiles;
	uint64_t all = lat ? g->dir[d].lat.n : g->dir[d].clat.n;
	for (unsigned i = 0; i < ps->n; i++) {
		const struct lat_stat *s = &ps->v[i].lat;
		char name[64];
		int len = snprintf(name, sizeof(name), "%s prio %u/%u", lat ? "lat" : "clat",
				   ps->v[i].ioprio >> 13, ps->v[i].ioprio & 7);
		if (!pcts) {
			print_lat(out, name, s);
			continue;
		}
		if (!s->n)
			continue;
		snprintf(name + len, sizeof(name) - (size_t)len, " (%.2f%% of IOs)",
			 all ? 100.0 * (double)s->n / (double)all : 0.0);
		print_percentiles(out, name, s, &g->spec);
	}
}

static void print_dir(FILE *out, const struct run_result *r, const struct group_result *g, int d)
{
	const struct dir_stats *ds = &g->dir[d];
	struct dir_rates rt;
	char iops[32], bw[32], bwalt[32], io[32];

	bool pow2 = spec_pow2(&g->spec);
	report_dir_rates(g, d, &rt);
	fprintf(out, "  %s: IOPS=%s, BW=%s (%s)(%s/%" PRIu64 "msec)", dir_name[d],
		report_num(iops, sizeof(iops), rt.iops_int, REPORT_SIG_FIGS, false, ""),
		rate(bw, sizeof(bw), rt.bw_bytes, pow2, &g->spec),
		rate(bwalt, sizeof(bwalt), rt.bw_bytes, !pow2, &g->spec),
		report_num(io, sizeof(io), ds->bytes, REPORT_SIG_FIGS, pow2, "B"), g->runtime_ms);
	/* fio 3.33 ends every write line with its zoned-device count; the
	 * errors are on the "errors" line below, as fio has them. */
	if (d == DIR_WRITE)
		fputs("; 0 zone resets", out);
	fputc('\n', out);
	print_lat(out, "slat", &ds->slat);
	print_lat(out, "clat", &ds->clat);
	print_lat(out, " lat", &ds->lat);
	print_prios(out, g, d, false);
	/* fio's order, each as the job's percentile options ask. */
	if (report_pct_on(&g->spec, REPORT_SLAT))
		print_percentiles(out, "slat", &ds->slat, &g->spec);
	if (report_pct_on(&g->spec, REPORT_CLAT))
		print_percentiles(out, "clat", &ds->clat, &g->spec);
	if (report_pct_on(&g->spec, REPORT_LAT))
		print_percentiles(out, "lat", &ds->lat, &g->spec);
	if (report_pct_on(&g->spec, REPORT_CLAT) || report_pct_on(&g->spec, REPORT_LAT))
		print_prios(out, g, d, true);
	print_samples(out, r, g, d);
}

/* fio's show_lat(): non-empty buckets only, five to a line. */
static void print_bucket_group(FILE *out, const char *unit, const double *pct, int nb)
{
	int on_line = 0;
	bool any = false;
	for (int i = 0; i < nb; i++) {
		if (pct[i] <= 0.0)
			continue;
		if (on_line == 0) {
			if (any)
				fputc('\n', out);
			fprintf(out, "  lat (%s)   : ", unit);
		} else {
			fputs(", ", out);
		}
		any = true;
		fprintf(out, "%s=%3.2f%%", lat_bucket_names[i], pct[i]);
		on_line = on_line == 4 ? 0 : on_line + 1;
	}
	if (any)
		fputc('\n', out);
}

void report_error_lines(FILE *out, const struct run_result *r)
{
	char verror[640];
	size_t ne;
	const struct group_result *es = report_entries(r, &ne);
	for (size_t i = 0; i < ne; i++)
		if (es[i].error)
			/* A job that failed in fio's serialized setup has no
			 * process yet: fio says pid=0, on stderr. */
			fprintf(es[i].error_in_setup ? stderr : out, "fio: pid=%d, err=%d/%s\n",
				es[i].error_in_setup ? 0 : (int)getpid(), es[i].error,
				report_verror(&es[i], verror, sizeof(verror)));
}

/* fio's steadystate line: the window's mean bandwidth in kb_base units
 * (the second figure keeps the number and takes the other prefix, as
 * fio's does), its mean IOPS, and the judged figure of the last full
 * window. */
static void print_steadystate(FILE *out, const struct group_result *g)
{
	const struct steady_window *w = &g->ss;
	const bool pow2 = spec_pow2(&g->spec), bits = g->spec.unit_base == 1;
	const uint64_t kb = pow2 ? 1024 : 1000;
	uint64_t bw = steady_window_mean(w, true) / kb * (bits ? 8 : 1);
	char a[32], b[32], io[32];
	fprintf(out, "  steadystate  : attained=%s, bw=%s (%s), iops=%s, %s%s=%.3f%s\n",
		w->attained ? "yes" : "no",
		report_num_in(a, sizeof(a), bw, 1, REPORT_SIG_FIGS, pow2, bits ? "bit/s" : "B/s"),
		report_num_in(b, sizeof(b), bw, 1, REPORT_SIG_FIGS, !pow2, bits ? "bit/s" : "B/s"),
		report_num(io, sizeof(io), steady_window_mean(w, false), REPORT_SIG_FIGS, false, ""),
		steady_is_iops(w->criterion) ? "iops" : "bw",
		steady_is_slope(w->criterion) ? " slope" : " mean dev", w->value, w->pct ? "%" : "");
}

static void print_group(FILE *out, const struct run_result *r, const struct group_result *g)
{
	time_t when = r->start_wall ? (time_t)r->start_wall : time(NULL);
	char date[64] = "";
	if (!ctime_r(&when, date))
		date[0] = '\0';
	date[strcspn(date, "\n")] = '\0';
	char verror[640];

	int err = report_error(g);
	if (!err)
		fprintf(out, "%s: (groupid=%u, jobs=%u): err=%2d: pid=%d: %s\n", g->name,
			g->groupid, g->nthreads, 0, (int)getpid(), date);
	else
		fprintf(out, "%s: (groupid=%u, jobs=%u): err=%2d (%s): pid=%d: %s\n", g->name,
			g->groupid, g->nthreads, err, report_verror(g, verror, sizeof(verror)),
			(int)getpid(), date);

	for (int d = 0; d < DIR_ALL; d++)
		if (report_dir_active(g, d))
			print_dir(out, r, g, d);

	struct lat_buckets lb;
	report_lat_buckets(g, &lb);
	print_bucket_group(out, "nsec", lb.ns, LAT_BUCKETS_N);
	print_bucket_group(out, "usec", lb.us, LAT_BUCKETS_U);
	print_bucket_group(out, "msec", lb.ms, LAT_BUCKETS_M);

	fprintf(out, "  cpu          : usr=%3.2f%%, sys=%3.2f%%, ctx=%" PRIu64 ", majf=%" PRIu64
		", minf=%" PRIu64 "\n", g->usr_cpu, g->sys_cpu, g->ctx, g->majf, g->minf);
	double depth[DEPTH_LEVELS];
	report_depth_shares(g, depth);
	fprintf(out, "  IO depths    : 1=%3.1f%%, 2=%3.1f%%, 4=%3.1f%%, 8=%3.1f%%, 16=%3.1f%%, "
		"32=%3.1f%%, >=64=%3.1f%%\n", depth[0], depth[1], depth[2], depth[3], depth[4],
		depth[5], depth[6]);
	static const char *const call_label[2] = { "submit", "complete" };
	const uint64_t *calls[2] = { g->submit_dist, g->complete_dist };
	for (int c = 0; c < 2; c++) {
		report_dist_shares(calls[c], depth);
		fprintf(out, "     %-9s : 0=%3.1f%%, 4=%3.1f%%, 8=%3.1f%%, 16=%3.1f%%, 32=%3.1f%%, "
			"64=%3.1f%%, >=64=%3.1f%%\n", call_label[c], depth[0], depth[1], depth[2],
			depth[3], depth[4], depth[5], depth[6]);
	}
	fprintf(out, "     issued rwts: total=%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",0 short=%" PRIu64
		",%" PRIu64 ",%" PRIu64 ",0 dropped=0,0,0,0\n",
		g->dir[DIR_READ].ios + g->dir[DIR_READ].failed,
		g->dir[DIR_WRITE].ios + g->dir[DIR_WRITE].failed,
		g->dir[DIR_TRIM].ios + g->dir[DIR_TRIM].failed, g->dir[DIR_READ].short_ios,
		g->dir[DIR_WRITE].short_ios, g->dir[DIR_TRIM].short_ios);
	/* fio prints the errors line only for a job that sets
	 * continue_on_error, errors or not; a job ended by its error says so
	 * in its err= instead. */
	if (g->spec.continue_on_error != COE_NONE) {
		int first;
		uint64_t errors = report_errors(g, &first);
		fprintf(out, "     errors    : total=%" PRIu64 ", first_error=%d/<%s>\n", errors,
			first, str_c_strerror(first));
	}
	/* fio's latency_target line, printed with or without a target (its
	 * depth is then the whole iodepth), but not for a job that never
	 * reached its I/O loop (no depth); the target in ns, the window in us. */
	if (g->latency_depth)
		fprintf(out, "     latency   : target=%llu, window=%llu, percentile=%.2f%%, depth=%u\n",
			g->spec.latency_target_us * 1000ULL, g->spec.latency_window_us,
			g->spec.latency_percentile, g->latency_depth);
	if (g->ss.dur)
		print_steadystate(out, g);
}

static void print_run_status(FILE *out, const struct run_result *r, unsigned gid)
{
	static const char *const label[DIR_ALL] = { "   READ", "  WRITE", "   TRIM" };
	fprintf(out, "\nRun status group %u (all jobs):\n", gid);
	/* The group's units: its first entry's job, as fio's. */
	size_t ne;
	const struct group_result *es = report_entries(r, &ne);
	const struct job_spec *j = NULL;
	for (size_t i = 0; i < ne && !j; i++)
		if (es[i].groupid == gid)
			j = &es[i].spec;
	if (!j)
		return;
	bool p2 = spec_pow2(j);
	for (int d = 0; d < DIR_ALL; d++) {
		struct group_totals t;
		char agg[32], aggalt[32], mn[32], mx[32], mnalt[32], mxalt[32], io[32], ioalt[32];
		group_totals(r, gid, d, &t);
		if (!t.any)
			continue;
		fprintf(out, "%s: bw=%s (%s), %s-%s (%s-%s), io=%s (%s), run=%" PRIu64 "-%" PRIu64
			"msec\n", label[d],
			rate(agg, sizeof(agg), t.agg, p2, j),
			rate(aggalt, sizeof(aggalt), t.agg, !p2, j),
			rate(mn, sizeof(mn), t.min_bw, p2, j),
			rate(mx, sizeof(mx), t.max_bw, p2, j),
			rate(mnalt, sizeof(mnalt), t.min_bw, !p2, j),
			rate(mxalt, sizeof(mxalt), t.max_bw, !p2, j),
			report_num(io, sizeof(io), t.io_bytes, REPORT_SIG_FIGS, p2, "B"),
			report_num(ioalt, sizeof(ioalt), t.io_bytes, REPORT_SIG_FIGS, !p2, "B"),
			t.min_run, t.max_run);
	}
}

static void print_disks(FILE *out, const struct run_result *r)
{
	if (!r->ndisks)
		return;
	fputs("\nDisk stats (read/write):\n", out);
	for (size_t i = 0; i < r->ndisks; i++) {
		const struct disk_delta *d = &r->disks[i];
		/* fio 3.33's line: no sectors (later fio added them). */
		fprintf(out, "  %s: ios=%" PRIu64 "/%" PRIu64 ", merge=%" PRIu64 "/%" PRIu64
			", ticks=%" PRIu64 "/%" PRIu64 ", in_queue=%" PRIu64 ", util=%3.2f%%\n",
			d->name, d->ios[0], d->ios[1], d->merges[0], d->merges[1], d->ticks_ms[0],
			d->ticks_ms[1], d->in_queue_ms, d->util);
	}
}

static void print_cpu_row(FILE *out, const char *label, const struct cpu_pct *p)
{
	fprintf(out, "  %-4s", label);
	for (int f = 0; f < CPU_NFIELDS; f++)
		fprintf(out, "%8.2f", p->pct[f]);
	fputc('\n', out);
}

static void print_extras(FILE *out, const struct run_result *r)
{
	bool cpu = r->ncpu > 0 || report_cpu_sum(&r->cpu_all) > 0;
	if (!cpu && !r->ndisks && !r->verdict_taken)
		return;
	/* Where fio's report ends: a fixed line in every locale, so a script
	 * that reads fio's text can stop here. */
	fputs("\n" REPORT_BLKTOP_MARK "\n", out);
	if (cpu) {
		/* Translation: mpstat is a command name; keep it as is. */
		fprintf(out, "\n%s\n", _("CPU load over the run (as mpstat -P ALL shows it):"));
		fprintf(out, "  %-4s", "CPU");
		for (int f = 0; f < CPU_NFIELDS; f++) {
			char head[16];
			snprintf(head, sizeof(head), "%%%s", cpu_field_name((enum cpu_field)f));
			fprintf(out, "%8s", head);
		}
		fputc('\n', out);
		print_cpu_row(out, "all", &r->cpu_all);
		for (int c = 0; c < r->ncpu && r->cpu; c++) {
			char label[16];
			snprintf(label, sizeof(label), "%d", c);
			print_cpu_row(out, label, &r->cpu[c]);
		}
	}
	if (r->ndisks) {
		/* Translation: iostat is a command name; keep it as is. */
		fprintf(out, "\n%s\n", _("Devices over the run (as iostat -x shows them):"));
		fprintf(out, "  %-12s%10s%10s%11s%11s%9s%9s%9s%9s%8s%8s\n", "Device", "r/s", "w/s",
			"rkB/s", "wkB/s", "rrqm/s", "wrqm/s", "r_await", "w_await", "aqu-sz",
			"%util");
		for (size_t i = 0; i < r->ndisks; i++) {
			const struct disk_rates *k = &r->disks[i].rates;
			fprintf(out, "  %-12s%10.2f%10.2f%11.2f%11.2f%9.2f%9.2f%9.2f%9.2f%8.2f%8.2f\n",
				r->disks[i].name, k->r_s, k->w_s, k->rkb_s, k->wkb_s, k->rrqm_s,
				k->wrqm_s, k->r_await, k->w_await, k->aqu_sz, k->util);
		}
	}
	if (r->verdict_taken) {
		const char *dev = r->device_name[0] ? r->device_name : "?";
		const char *name = verdict_name(r->verdict.verdict);
		char reasons[VERDICT_REASONS_MAX * (VERDICT_REASON_LEN + 16) + 64];
		verdict_reasons_join(&r->verdict, reasons, sizeof(reasons));
		fputc('\n', out);
		if (reasons[0])
			/* Translation: device name, verdict (safe, has-data...), reasons. */
			fprintf(out, _("Safety verdict for %s: %s (%s)\n"), dev, name, reasons);
		else
			/* Translation: device name, verdict (safe, has-data...). */
			fprintf(out, _("Safety verdict for %s: %s\n"), dev, name);
	}
}

/* fio's part: the entries, the run status groups, the disk stats. */
static void print_fio(FILE *out, const struct run_result *r)
{
	size_t ne;
	const struct group_result *es = report_entries(r, &ne);
	for (size_t i = 0; i < ne; i++) {
		const struct group_result *g = &es[i];
		/* fio leaves out a job that issued nothing, a failed one too
		 * (its JSON has it, and its "fio: pid=" line says why). */
		if (report_dir_active(g, DIR_READ) || report_dir_active(g, DIR_WRITE) ||
		    (g->error && report_dir_active(g, DIR_TRIM)))
			print_group(out, r, g);
	}
	/* One "Run status group" per stonewall group, in order of first use. */
	for (size_t i = 0; i < ne; i++) {
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)
			seen = es[j].groupid == es[i].groupid;
		if (!seen)
			print_run_status(out, r, es[i].groupid);
	}
	print_disks(out, r);
}

void report_normal(FILE *out, const struct run_result *r)
{
	struct report_numeric num;
	report_numeric_begin(&num);
	print_fio(out, r);
	print_extras(out, r);
	report_numeric_end(&num);
}

void report_normal_periodic(FILE *out, const struct run_result *r)
{
	struct report_numeric num;
	report_numeric_begin(&num);
	print_fio(out, r);
	report_numeric_end(&num);
}

void report_normal_laid_out(FILE *out, const char *job, unsigned nfiles, uint64_t bytes)
{
	bool many = nfiles > 1;
	fprintf(out, "%s: Laying out IO file%s (%u file%s / %s%lluMiB)\n", job, many ? "s" : "",
		nfiles, many ? "s" : "", many ? "total " : "", (unsigned long long)(bytes >> 20));
	fflush(out);
}

void report_normal_preamble(FILE *out, const struct job_set *set)
{
	unsigned groupid = 0;
	unsigned long long threads = 0;
	char bs[32], engine[32];

	for (size_t i = 0; i < set->njobs; i++) {
		const struct job_spec *j = &set->jobs[i];
		if (i > 0 && (j->stonewall || j->new_group))
			groupid++;
		report_num(bs, sizeof(bs), j->bs, REPORT_SIG_FIGS, true, "B");
		job_option_format(j, job_option_find("ioengine"), engine, sizeof(engine));
		fprintf(out, "%s: (g=%u): rw=%s, bs=(R) %s-%s, (W) %s-%s, (T) %s-%s, "
			"ioengine=%s, iodepth=%llu\n", j->name, groupid, rw_name(j->rw), bs, bs,
			bs, bs, bs, bs, engine, j->iodepth);
		if (j->numjobs > 1)
			fputs("...\n", out);
		threads += j->numjobs;
	}
	fprintf(out, "%s\n", REPORT_FIO_VERSION);
	/* The blank line after it opens the report (see main.c),
	 * so fio's error lines and other formats come between, as in fio. */
	fprintf(out, "Starting %llu thread%s\n", threads, threads == 1 ? "" : "s");
	fflush(out);
}
