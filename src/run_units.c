/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run_units.c - fio's report entries (jobs[]) of a run and their bw and
 * iops samples: a clone each, or with group_reporting the threads of a
 * reporting group, whose samples fio takes per thread, each on its own
 * clock, and sums. Apart from run.c and run_wave.c, which start, pace
 * and merge the threads. */
#include "config.h"
#include "run_priv.h"

#include <stdlib.h>

#include "monitor.h"
#include "stats/stats.h"

/* fio's report entries: each thread starts a new one, unless it has
 * group_reporting and is in the reporting group of the one before. The
 * threads of an entry are consecutive in ptrs (one array for all). */
int units_build(struct section *secs, size_t n, unsigned long long nthreads,
		       struct unit **out, size_t *nout, const struct job_thread ***ptrs)
{
	struct unit *u = calloc(nthreads ? nthreads : 1, sizeof(*u));
	const struct job_thread **p = calloc(nthreads ? nthreads : 1, sizeof(*p));
	size_t nu = 0, np = 0;

	*out = u;
	*ptrs = p;
	*nout = 0;
	if (!u || !p)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct section *s = &secs[i];
		for (unsigned k = 0; k < s->nthreads && np < nthreads; k++) {
			bool join = nu && s->spec->group_reporting && u[nu - 1].groupid == s->groupid;
			p[np] = &s->threads[k];
			if (!join) {
				u[nu].threads = &p[np];
				u[nu].wave = s->wave;
				u[nu].groupid = s->groupid;
				nu++;
			}
			u[nu - 1].grouped = join || u[nu - 1].grouped;
			u[nu - 1].nthreads++;
			np++;
			if (steady_watch_add(&u[nu - 1].ss, &s->threads[k]))
				return -1;
		}
	}
	for (size_t i = 0; i < nu; i++) {
		const struct job_spec *spec = u[i].threads[0]->spec;
		const uint64_t period[MON_KINDS] = { spec->bw_avg_time_ms, spec->iops_avg_time_ms };
		*nout = i + 1;
		if (monitor_init(&u[i].mon, u[i].threads, u[i].nthreads, u[i].groupid, period, false))
			return -1;
		if (u[i].nthreads < 2)
			continue;
		u[i].mon.own = true;
		u[i].clones = calloc(u[i].nthreads, sizeof(*u[i].clones));
		if (!u[i].clones)
			return -1;
		for (unsigned k = 0; k < u[i].nthreads; k++) {
			if (monitor_init(&u[i].clones[k], &u[i].threads[k], 1, u[i].groupid, period,
					 false))
				return -1;
			u[i].clones[k].own = true;
		}
	}
	return 0;
}

/* A group's bw and iops samples: its threads' summed, as fio's. */
static void unit_sum_samples(struct unit *u)
{
	struct group_result *g = u->mon.res;
	for (int d = 0; d < DIR_ALL; d++) {
		sample_stat_init(&g->bw_samples[d]);
		sample_stat_init(&g->iops_samples[d]);
		for (unsigned k = 0; k < u->nthreads; k++) {
			sample_stat_sum(&g->bw_samples[d], &u->clones[k].own_bw[d]);
			sample_stat_sum(&g->iops_samples[d], &u->clones[k].own_iops[d]);
		}
	}
}

void units_free(struct unit *u, size_t n, const struct job_thread **ptrs)
{
	for (size_t i = 0; u && i < n; i++) {
		monitor_free(&u[i].mon);
		steady_watch_free(u[i].ss);
		for (unsigned k = 0; u[i].clones && k < u[i].nthreads; k++)
			monitor_free(&u[i].clones[k]);
		free(u[i].clones);
	}
	free(u);
	free(ptrs);
}

void unit_start(struct unit *u, uint64_t start_ns)
{
	monitor_start(&u->mon, start_ns, u->threads[0]->ramp_end_ns);
	for (unsigned k = 0; u->clones && k < u->nthreads; k++)
		monitor_start(&u->clones[k], start_ns, u->threads[k]->ramp_end_ns);
}

uint64_t unit_next(const struct unit *u)
{
	uint64_t next = monitor_next(&u->mon);
	for (unsigned k = 0; u->clones && k < u->nthreads; k++)
		if (monitor_next(&u->clones[k]) < next)
			next = monitor_next(&u->clones[k]);
	return next;
}

void unit_update(struct unit *u, uint64_t now)
{
	monitor_update(&u->mon, now, false, NULL);
	if (!u->clones)
		return;
	for (unsigned k = 0; k < u->nthreads; k++)
		monitor_update(&u->clones[k], now, false, NULL);
	unit_sum_samples(u);
}
