/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_util.c - the arithmetic both reports share, so the text and the
 * JSON of one run can never disagree: fio's number formatting, latency
 * summaries and buckets, depth shares, and the '.'-decimal guard. */
#include "config.h"
#include "output/report_priv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stats/hist.h"
#include "stats/stats.h"
#include "util/str.h"

const char *const lat_bucket_names[LAT_BUCKETS_M] = {
	"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000", ">=2000",
};

/* Upper edges of the buckets, in the unit of their group. */
static const uint64_t lat_edges[LAT_BUCKETS_M - 1] = {
	2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000,
};

const struct group_result *report_entries(const struct run_result *r, size_t *n)
{
	if (r->nentries) {
		*n = r->nentries;
		return r->entries;
	}
	*n = r->ngroups;
	return r->groups;
}

double report_lat_up(double ns, double unit, int decimals)
{
	double scale = 1;
	for (int i = 0; i < decimals; i++)
		scale *= 10;
	/* Divided by one step of the last place shown (10 ns for 0.01 us):
	 * exact for whole nanoseconds, so 1200 ns is 1.20 us, not 1.21. */
	return ceil(ns / (unit / scale)) / scale;
}

int report_digits(uint64_t v)
{
	int n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

const char *report_num(char *buf, size_t len, uint64_t num, int maxlen, bool pow2,
		       const char *unit)
{
	return report_num_in(buf, len, num, 0, maxlen, pow2, unit);
}

const char *report_num_in(char *buf, size_t len, uint64_t num, int prefix0, int maxlen,
			  bool pow2, const char *unit)
{
	static const char *const si[] = { "", "k", "M", "G", "T", "P", "E" };
	static const char *const iec[] = { "", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
	const char *const *prefix = pow2 ? iec : si;
	const uint64_t thousand = pow2 ? 1024 : 1000;
	const int nprefix = (int)(sizeof(si) / sizeof(si[0]));
	int p = prefix0 >= 0 && prefix0 < nprefix ? prefix0 : 0;
	uint64_t rem = 0;
	bool divided = false;

	while (report_digits(num) > maxlen && p < nprefix - 1) {
		rem = num % thousand;
		num /= thousand;
		divided = true;
		p++;
	}
	int decimals = maxlen - report_digits(num) - 1;
	if (!divided || decimals <= 0) {
		/* fio rounds the last division half up when no decimals fit. */
		if (divided && rem >= thousand / 2)
			num++;
		snprintf(buf, len, "%llu%s%s", (unsigned long long)num, prefix[p], unit);
		return buf;
	}
	if (decimals > 18)
		decimals = 18;  /* 10^18 still fits; fio never asks for more */
	uint64_t scale = 1;
	for (int i = 0; i < decimals; i++)
		scale *= 10;
	uint64_t frac = (uint64_t)llround((double)rem * (double)scale / (double)thousand);
	if (frac >= scale) {
		num++;
		frac = 0;
	}
	snprintf(buf, len, "%llu.%0*llu%s%s", (unsigned long long)num, decimals,
		 (unsigned long long)frac, prefix[p], unit);
	return buf;
}

void report_lat_summary(const struct lat_stat *s, struct lat_summary *out)
{
	memset(out, 0, sizeof(*out));
	if (!s->n)
		return;
	out->n = s->n;
	out->min = lat_min(s);
	out->max = s->max_ns;
	out->mean = lat_mean(s);
	out->stddev = lat_stddev(s);
}

bool report_dir_active(const struct group_result *g, int dir)
{
	const struct dir_stats *d = &g->dir[dir];
	return d->ios || d->bytes || d->errors || d->failed;
}

void report_dir_rates(const struct group_result *g, int dir, struct dir_rates *out)
{
	const struct dir_stats *d = &g->dir[dir];
	const uint64_t t = g->runtime_ms;
	memset(out, 0, sizeof(*out));
	if (!t)
		return;
	/* bytes * 1000 / t without overflowing at petabytes */
	out->bw_bytes = d->bytes / t * 1000 + d->bytes % t * 1000 / t;
	/* fio's iops counts every I/O issued, failed ones too. */
	const uint64_t ios = d->ios + d->failed;
	out->iops_int = ios / t * 1000 + ios % t * 1000 / t;
	out->iops = (double)ios * 1000.0 / (double)t;
}

size_t report_pct_list(const struct job_spec *spec, const double **pcts)
{
	size_t n = spec && spec->npct ? spec->npct : hist_default_npcts;
	*pcts = spec && spec->npct ? spec->pct_list : hist_default_pcts;
	return n > REPORT_MAX_PCTS ? REPORT_MAX_PCTS : n;
}

unsigned report_pct_precision(const struct job_spec *spec)
{
	/* fio's defaults go to two decimals (99.95). */
	return spec && spec->npct ? spec->pct_precision : 2;
}

bool report_pct_on(const struct job_spec *spec, enum report_lat which)
{
	if (!spec)
		return which == REPORT_CLAT;
	if (spec->gtod_reduce)
		return false;
	switch (which) {
	case REPORT_SLAT:
		return spec->slat_percentiles && !spec->disable_slat;
	case REPORT_CLAT:
		return spec->clat_percentiles && !spec->disable_clat;
	case REPORT_LAT:
		return spec->lat_percentiles && !spec->disable_lat;
	}
	return false;
}

size_t report_percentiles(const struct lat_stat *s, const struct job_spec *spec, uint64_t *out,
			  const double **pcts)
{
	size_t n = report_pct_list(spec, pcts);
	/* fio's rule: the value of the bucket that holds the rank, even where
	 * it lies beyond the measured min or max, no higher than fio's last
	 * bucket. */
	hist_percentiles(&s->hist, *pcts, n, 0, HIST_FIO_MAX_NS, out);
	return n;
}

uint64_t report_group_agg(const struct run_result *r, unsigned gid, int d)
{
	uint64_t bytes = 0, max_run = 0;
	size_t ne;
	const struct group_result *es = report_entries(r, &ne);
	for (size_t i = 0; i < ne; i++) {
		const struct group_result *g = &es[i];
		if (g->groupid != gid || !report_dir_active(g, d))
			continue;
		bytes += g->dir[d].bytes;
		if (g->runtime_ms > max_run)
			max_run = g->runtime_ms;
	}
	return max_run ? bytes / max_run * 1000 + bytes % max_run * 1000 / max_run : 0;
}

const char *report_verror(const struct group_result *g, char *buf, size_t len)
{
	/* fio's keywords and English text whatever the locale, as fio's. */
	if (!g->error) {
		if (len)
			buf[0] = '\0';
		return buf;
	}
	snprintf(buf, len, "file:%s, func=%s, error=%s", g->path[0] ? g->path : g->name,
		 g->error_func ? g->error_func
		 : g->error_resid ? "full resid"
		 : g->error == ETIMEDOUT && g->spec.latency_target_us ? "max latency exceeded"
								       : "io_u error",
		 str_c_strerror(g->error));
	return buf;
}

uint64_t report_errors(const struct group_result *g, int *first)
{
	uint64_t errors = 0;
	*first = 0;
	for (int d = 0; d < DIR_ALL; d++) {
		errors += g->dir[d].errors;
		if (!*first)
			*first = g->dir[d].first_error;
	}
	return errors;
}

int report_error(const struct group_result *g)
{
	if (g->error || g->spec.continue_on_error == COE_NONE)
		return g->error;
	int first;
	report_errors(g, &first);
	return first;
}

/* Share of clat samples of every direction in [lo, hi), in percent. */
static double clat_share(const struct group_result *g, uint64_t lo, uint64_t hi,
			 const uint64_t n[DIR_ALL], uint64_t total)
{
	double in = 0;
	for (int d = 0; d < DIR_ALL; d++)
		if (n[d])
			in += hist_fraction(&g->dir[d].clat.hist, lo, hi) * (double)n[d];
	double pct = in * 100.0 / (double)total;
	/* fio shows a bucket that holds anything as at least 0.01%. */
	if (pct > 0 && pct < 0.01)
		pct = 0.01;
	return pct;
}

static void fill_group(const struct group_result *g, double *out, int nb, uint64_t unit,
		       bool first_from_zero, const uint64_t n[DIR_ALL], uint64_t total)
{
	for (int i = 0; i < nb; i++) {
		uint64_t lo = i ? lat_edges[i - 1] * unit : (first_from_zero ? 0 : unit);
		uint64_t hi = i < LAT_BUCKETS_M - 1 ? lat_edges[i] * unit : UINT64_MAX;
		out[i] = clat_share(g, lo, hi, n, total);
	}
}

void report_lat_buckets(const struct group_result *g, struct lat_buckets *out)
{
	memset(out, 0, sizeof(*out));
	uint64_t n[DIR_ALL], total = 0;
	for (int d = 0; d < DIR_ALL; d++) {
		n[d] = hist_total(&g->dir[d].clat.hist);
		total += n[d];
	}
	if (!total)
		return;
	/* Below 1 us in ns, below 1 ms in us, the rest in ms, as fio. */
	fill_group(g, out->ns, LAT_BUCKETS_N, 1, true, n, total);
	fill_group(g, out->us, LAT_BUCKETS_U, 1000, false, n, total);
	fill_group(g, out->ms, LAT_BUCKETS_M, 1000000, false, n, total);
}

void report_dist_shares(const uint64_t counts[DEPTH_LEVELS], double out[DEPTH_LEVELS])
{
	uint64_t total = 0;
	for (int i = 0; i < DEPTH_LEVELS; i++)
		total += counts[i];
	for (int i = 0; i < DEPTH_LEVELS; i++) {
		out[i] = total ? (double)counts[i] * 100.0 / (double)total : 0;
		if (counts[i] && out[i] < 0.1)
			out[i] = 0.1;
	}
}

void report_depth_shares(const struct group_result *g, double out[DEPTH_LEVELS])
{
	report_dist_shares(g->depth_levels, out);
}

double report_cpu_sum(const struct cpu_pct *p)
{
	double s = 0;
	for (int i = 0; i < CPU_NFIELDS; i++)
		s += p->pct[i];
	return s;
}

void report_numeric_begin(struct report_numeric *g)
{
	g->old = (locale_t)0;
	g->c = (locale_t)0;
	/* A copy of the thread's locale with only LC_NUMERIC replaced, so
	 * gettext still answers in the user's language. */
	locale_t dup = duplocale(uselocale((locale_t)0));
	if (dup == (locale_t)0)
		return;
	locale_t c = newlocale(LC_NUMERIC_MASK, "C", dup);
	if (c == (locale_t)0) {
		freelocale(dup);
		return;
	}
	g->c = c;
	g->old = uselocale(c);
}

void report_numeric_end(struct report_numeric *g)
{
	if (g->c == (locale_t)0)
		return;
	uselocale(g->old);
	freelocale(g->c);
	g->c = (locale_t)0;
}
