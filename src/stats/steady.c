/* SPDX-License-Identifier: GPL-2.0-or-later */
/* steady.c - fio's steady-state criteria over a window of per-second
 * samples (see steady.h).
 *
 * The two tests, as fio 3.33 makes them once the window is full:
 * - iops, bw: the largest |sample - mean| over the window, in units or in
 *   percent of the mean, must be below the limit;
 * - iops_slope, bw_slope: the least-squares slope of the samples against
 *   their place in the window (0 for the oldest, one per second), in
 *   units per second or in percent of the mean, must be below the limit
 *   in size. fio divides by the mean in whole units there, and so do we.
 * The sums are kept in integers as fio keeps them, so the figures come out
 * as fio's for the same samples. */
#include "config.h"
#include "stats/steady.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int steady_window_init(struct steady_window *w, const struct job_spec *spec)
{
	memset(w, 0, sizeof(*w));
	w->dur = (unsigned)(spec->ss_dur_ms / 1000);
	if (spec->ss_dur_ms / 1000 > 86400ULL * 365)
		w->dur = 86400U * 365; /* a year of samples: more is a typo */
	w->criterion = spec->ss_criterion;
	w->pct = spec->ss_pct;
	w->limit = spec->ss_limit;
	if (!w->dur)
		return 0;
	w->iops = calloc(w->dur, sizeof(*w->iops));
	w->bw = calloc(w->dur, sizeof(*w->bw));
	if (!w->iops || !w->bw) {
		steady_window_free(w);
		return -1;
	}
	return 0;
}

void steady_window_free(struct steady_window *w)
{
	free(w->iops);
	free(w->bw);
	w->iops = w->bw = NULL;
	w->dur = 0;
}

uint64_t steady_window_at(const struct steady_window *w, bool bw, unsigned i)
{
	const uint64_t *v = bw ? w->bw : w->iops;
	if (!v || i >= w->dur)
		return 0;
	unsigned oldest = w->count < w->dur ? 0 : w->next;
	return v[(oldest + i) % w->dur];
}

uint64_t steady_window_mean(const struct steady_window *w, bool bw)
{
	const uint64_t *v = bw ? w->bw : w->iops;
	uint64_t sum = 0;
	if (!v || !w->dur)
		return 0;
	for (unsigned i = 0; i < w->dur; i++)
		sum += v[i];
	return sum / w->dur;
}

/* The judged figure of a full window, oldest sample first. */
static double judge(struct steady_window *w, const uint64_t *y)
{
	const uint64_t n = w->dur;
	uint64_t sum_y = 0, sum_xy = 0;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t yi = y[(w->next + i) % n];
		sum_y += yi;
		sum_xy += i * yi;
	}
	if (steady_is_slope(w->criterion)) {
		const uint64_t sum_x = n * (n - 1) / 2;
		const uint64_t sum_x_sq = (n - 1) * n * (2 * n - 1) / 6;
		w->slope = ((double)sum_xy - (double)sum_x * (double)sum_y / (double)n) /
			   ((double)sum_x_sq - (double)sum_x * (double)sum_x / (double)n);
		/* fio's mean here is in whole units (an integer division). */
		const uint64_t mean_units = sum_y / n;
		return w->pct ? 100.0 * w->slope / (double)mean_units : w->slope;
	}
	const double mean = (double)sum_y / (double)n;
	w->deviation = 0.0;
	for (uint64_t i = 0; i < n; i++) {
		double d = fabs((double)y[i] - mean);
		if (d > w->deviation)
			w->deviation = d;
	}
	return w->pct ? 100.0 * w->deviation / mean : w->deviation;
}

bool steady_window_add(struct steady_window *w, uint64_t iops, uint64_t bw_bytes)
{
	if (!w->dur || w->attained)
		return false;
	w->iops[w->next] = iops;
	w->bw[w->next] = bw_bytes;
	w->next = (w->next + 1) % w->dur;
	if (w->count < w->dur)
		w->count++;
	if (w->count < w->dur)
		return false;
	w->value = judge(w, steady_is_iops(w->criterion) ? w->iops : w->bw);
	/* A NaN (an empty window's percentage) meets no limit. */
	w->attained = steady_is_slope(w->criterion) ? fabs(w->value) < w->limit
						    : w->value < w->limit;
	return w->attained;
}
