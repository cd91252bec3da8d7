/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats.c - running statistics for the report and the live view: Welford
 * mean and variance, latency summaries, per-second sample summaries, and
 * the bounded series of per-second samples that the JSON report and the
 * screen's graphs draw from. */
#include "config.h"
#include "stats/stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void welford_add(struct welford *w, double x)
{
	double d = x - w->mean;

	w->n++;
	w->mean += d / (double)w->n;
	w->m2 += d * (x - w->mean);
}

void welford_merge(struct welford *dst, const struct welford *src)
{
	double na, nb, n, d;

	if (src->n == 0)
		return;
	if (dst->n == 0) {
		*dst = *src;
		return;
	}
	na = (double)dst->n;
	nb = (double)src->n;
	n = na + nb;
	d = src->mean - dst->mean;
	/* Weighting the difference, not the sums, keeps large means precise. */
	dst->mean += d * (nb / n);
	dst->m2 += src->m2 + d * d * (na * nb / n);
	dst->n += src->n;
}

double welford_stddev(const struct welford *w)
{
	if (w->n < 2 || !(w->m2 > 0))
		return 0.0;
	return sqrt(w->m2 / (double)(w->n - 1));
}

void lat_init(struct lat_stat *s)
{
	memset(s, 0, sizeof(*s));
	s->min_ns = UINT64_MAX;
}

void lat_merge_moments(struct lat_stat *dst, const struct lat_moments *m)
{
	if (!m->n)
		return;
	if (!dst->n) {
		dst->shift_ns = m->shift_ns;
		dst->sumsq_ns = m->sumsq_ns;
	} else {
		/* m's squares moved to dst's shift: sum (x - a)^2 =
		 * sum (x - b)^2 + 2 (b - a) sum (x - b) + n (b - a)^2, exact. */
		stats_i128 ba = (stats_i128)m->shift_ns - (stats_i128)dst->shift_ns;
		stats_i128 s1 = (stats_i128)m->sum_ns - (stats_i128)m->n * m->shift_ns;
		stats_i128 sq = (stats_i128)m->sumsq_ns + 2 * ba * s1 + (stats_i128)m->n * ba * ba;
		dst->sumsq_ns += (stats_u128)sq;
	}
	dst->n += m->n;
	dst->sum_ns += m->sum_ns;
	if (m->min_ns < dst->min_ns)
		dst->min_ns = m->min_ns;
	if (m->max_ns > dst->max_ns)
		dst->max_ns = m->max_ns;
}

void lat_merge(struct lat_stat *dst, const struct lat_stat *src)
{
	struct lat_moments m = {
		.n = src->n, .sum_ns = src->sum_ns, .min_ns = src->min_ns, .max_ns = src->max_ns,
		.shift_ns = src->shift_ns, .sumsq_ns = src->sumsq_ns,
	};
	lat_merge_moments(dst, &m);
	hist_merge(&dst->hist, &src->hist);
}

uint64_t lat_min(const struct lat_stat *s)
{
	return s->n ? s->min_ns : 0;
}

double lat_mean(const struct lat_stat *s)
{
	return s->n ? (double)s->sum_ns / (double)s->n : 0;
}

double lat_stddev(const struct lat_stat *s)
{
	if (s->n < 2)
		return 0;
	/* Around the shift the sums are small, so long double loses
	 * nothing a clock can show. */
	long double n = (long double)s->n;
	long double s1 = (long double)((stats_i128)s->sum_ns - (stats_i128)s->n * s->shift_ns);
	long double m2 = (long double)s->sumsq_ns - s1 * s1 / n;
	if (m2 <= 0)
		return 0;
	return (double)sqrtl(m2 / (n - 1));
}

void sample_stat_init(struct sample_stat *s)
{
	/* Zeros, not +-inf: an empty summary prints as 0 wherever it lands. */
	memset(s, 0, sizeof(*s));
}

void sample_stat_add(struct sample_stat *s, double v)
{
	if (s->w.n == 0) {
		s->min = v;
		s->max = v;
	} else {
		if (v < s->min)
			s->min = v;
		if (v > s->max)
			s->max = v;
	}
	welford_add(&s->w, v);
}

void sample_stat_sum(struct sample_stat *dst, const struct sample_stat *src)
{
	if (src->w.n == 0)
		return;
	if (dst->w.n == 0) {
		*dst = *src;
		return;
	}
	dst->min += src->min;
	dst->max += src->max;
	dst->w.n += src->w.n;
	dst->w.mean += src->w.mean;
	dst->w.m2 += src->w.m2;
}

int sample_series_init(struct sample_series *s, size_t cap)
{
	memset(s, 0, sizeof(*s));
	if (cap < 2 || cap % 2)
		return -EINVAL;
	s->v = calloc(cap, sizeof(*s->v));
	if (!s->v)
		return -ENOMEM;
	s->cap = cap;
	return 0;
}

/* Rate a over span sa and rate b over span sb, as one rate over both. */
static double time_weighted(double a, uint32_t sa, double b, uint32_t sb)
{
	double span = (double)sa + (double)sb;

	if (span == 0)
		return (a + b) / 2;
	return (a * sa + b * sb) / span;
}

/* a becomes a followed by b. */
static void sample_fold(struct sample *a, const struct sample *b)
{
	for (int d = 0; d < 2; d++) {
		a->iops[d] = time_weighted(a->iops[d], a->span_ms,
		    b->iops[d], b->span_ms);
		a->bw_bytes[d] = time_weighted(a->bw_bytes[d], a->span_ms,
		    b->bw_bytes[d], b->span_ms);
		/* The worse second is the one a latency graph must not hide. */
		if (b->clat_p50_ns[d] > a->clat_p50_ns[d])
			a->clat_p50_ns[d] = b->clat_p50_ns[d];
		if (b->clat_p99_ns[d] > a->clat_p99_ns[d])
			a->clat_p99_ns[d] = b->clat_p99_ns[d];
	}
	/* Saturates only after 49 days in one slot. */
	a->span_ms = b->span_ms > UINT32_MAX - a->span_ms ?
	    UINT32_MAX : a->span_ms + b->span_ms;
	a->t_ms = b->t_ms;
}

static void series_halve(struct sample_series *s)
{
	for (size_t i = 0; i < s->len / 2; i++) {
		struct sample m = s->v[2 * i];

		sample_fold(&m, &s->v[2 * i + 1]);
		s->v[i] = m;
	}
	s->len /= 2;
	s->merged_pairs++;
	s->pending = s->merged_pairs < 32 ?
	    (uint32_t)1 << s->merged_pairs : UINT32_MAX;
}

void sample_series_add(struct sample_series *s, const struct sample *x)
{
	uint64_t slot;

	if (!s->v)
		return;
	slot = s->merged_pairs < 32 ?
	    (uint64_t)1 << s->merged_pairs : UINT32_MAX;
	/*
	 * After a halving every slot stands for 2^merged_pairs seconds; a
	 * new slot that held one would make the graph's x axis uneven, so
	 * the open slot takes samples until it is as long as the rest.
	 */
	if (s->len > 0 && s->pending < slot) {
		sample_fold(&s->v[s->len - 1], x);
		s->pending++;
		return;
	}
	/* Only full slots are ever halved, so pairs stay equal in length. */
	if (s->len == s->cap)
		series_halve(s);
	s->v[s->len++] = *x;
	s->pending = 1;
}

void sample_series_free(struct sample_series *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}
