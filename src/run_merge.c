/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run_merge.c - a run's threads merged into its results: the per-entry
 * counters and latencies, the devices' and CPUs' deltas. Split from run.c
 * so the runner holds what starts and paces the threads. */
#include "config.h"
#include "run_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

uint64_t run_wall_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static double tv_secs(const struct timeval *a, const struct timeval *b)
{
	return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_usec - a->tv_usec) / 1e6;
}

/* fio's per-priority latencies of a report entry (run_result_free frees
 * the final report's, run_progress_emit a periodic one's): kept when one of its threads has cmdprio
 * options or their prio/prioclass differ; a thread
 * without per-priority figures of a direction adds all its latencies
 * (clat, or lat with lat_percentiles) under its own priority. */
void run_collect_prios(struct group_result *g, const struct job_thread *const *threads,
		       unsigned n)
{
	bool wanted = false;
	for (unsigned k = 0; k < n; k++)
		wanted |= threads[k]->prios[DIR_READ].n || threads[k]->prios[DIR_WRITE].n ||
			  job_ioprio(threads[k]->spec) != job_ioprio(threads[0]->spec);
	for (unsigned k = 0; wanted && k < n; k++) {
		const struct job_thread *t = threads[k];
		for (int d = 0; d < DIR_COUNT; d++) {
			const struct prio_set *ps = &t->prios[d];
			for (unsigned i = 0; i < ps->n; i++)
				prio_set_add(&g->prios[d], ps->v[i].ioprio, &ps->v[i].lat);
			if (!ps->n)
				prio_set_add(&g->prios[d], job_ioprio(t->spec),
					     g->spec.lat_percentiles ? &t->dir[d].lat : &t->dir[d].clat);
		}
	}
}

void run_free_prios(struct job_thread *threads, unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		for (int d = 0; d < DIR_COUNT; d++)
			prio_set_free(&threads[k].prios[d]);
}

/* Merges threads (a section's, or a report entry's) into a result. */
void run_collect(struct group_result *g, const struct job_thread *const *threads, unsigned n)
{
	uint64_t from = UINT64_MAX, to = 0;
	double usr = 0, sys = 0;

	for (unsigned k = 0; k < n; k++) {
		const struct job_thread *t = threads[k];
		for (int d = 0; d < DIR_ALL; d++) {
			const struct dir_stats *src = &t->dir[d];
			struct dir_stats *dst = &g->dir[d];
			dst->ios += src->ios;
			dst->bytes += src->bytes;
			dst->errors += src->errors;
			dst->failed += src->failed;
			dst->short_ios += src->short_ios;
			if (!dst->first_error) {
				dst->first_error = src->first_error;
				dst->first_error_offset = src->first_error_offset;
			}
			lat_merge(&dst->slat, &src->slat);
			lat_merge(&dst->clat, &src->clat);
			lat_merge(&dst->lat, &src->lat);
		}
		for (int l = 0; l < DEPTH_LEVELS; l++) {
			g->depth_levels[l] += t->depth_levels[l];
			g->submit_dist[l] += t->submit_dist[l];
			g->complete_dist[l] += t->complete_dist[l];
		}
		g->submit_calls += t->submit_calls;
		g->reap_calls += t->reap_calls;
		/* fio's is the last thread's, merged or not. */
		g->latency_depth = t->latency_depth;
		if (t->counted_from_ns < from)
			from = t->counted_from_ns;
		if (t->ended_ns > to)
			to = t->ended_ns;
		usr += tv_secs(&t->ru_start.ru_utime, &t->ru_end.ru_utime);
		sys += tv_secs(&t->ru_start.ru_stime, &t->ru_end.ru_stime);
		g->ctx += (uint64_t)(t->ru_end.ru_nvcsw - t->ru_start.ru_nvcsw) +
			  (uint64_t)(t->ru_end.ru_nivcsw - t->ru_start.ru_nivcsw);
		g->majf += (uint64_t)(t->ru_end.ru_majflt - t->ru_start.ru_majflt);
		g->minf += (uint64_t)(t->ru_end.ru_minflt - t->ru_start.ru_minflt);
		if (t->error && !g->error) {
			g->error = t->error;
			g->error_resid = t->error_resid;
			g->error_func = t->error_func;
			g->error_in_setup = t->error_in_setup;
			snprintf(g->error_msg, sizeof(g->error_msg), "%s", t->error_msg);
		}
	}
	g->runtime_ms = to > from ? (to - from) / 1000000ULL : 0;
	for (unsigned k = 0; k < n; k++) {
		const struct job_thread *t = threads[k];
		if (t->ended_ns > t->counted_from_ns)
			g->job_runtime_ms += (t->ended_ns - t->counted_from_ns) / 1000000ULL;
	}
	double secs = (double)(to > from ? to - from : 0) / 1e9;
	g->usr_cpu = secs > 0 ? usr / secs * 100.0 : 0;
	g->sys_cpu = secs > 0 ? sys / secs * 100.0 : 0;
}

void run_group_init(struct group_result *g, const struct job_spec *spec, unsigned groupid,
		       unsigned nthreads, const char *path)
{
	memset(g, 0, sizeof(*g));
	snprintf(g->name, sizeof(g->name), "%s", spec->name);
	g->groupid = groupid;
	g->nthreads = nthreads;
	g->spec = *spec;
	snprintf(g->path, sizeof(g->path), "%s", path);
	for (int d = 0; d < DIR_ALL; d++) {
		lat_init(&g->dir[d].slat);
		lat_init(&g->dir[d].clat);
		lat_init(&g->dir[d].lat);
		sample_stat_init(&g->iops_samples[d]);
		sample_stat_init(&g->bw_samples[d]);
	}
}

/* The distinct disks under the opened targets, snapshotted. */
int run_disks_snapshot(const struct open_targets *ot, struct disk_snapshot **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	for (size_t i = 0; i < ot->n; i++) {
		const char *name = ot->v[i]->disk;
		bool seen = !name[0];
		for (size_t k = 0; k < *n && !seen; k++)
			seen = !strcmp((*out)[k].name, name);
		if (seen)
			continue;
		struct disk_snapshot *nv = realloc(*out, (*n + 1) * sizeof(**out));
		if (!nv)
			return -1;
		*out = nv;
		memset(&nv[*n], 0, sizeof(nv[*n]));
		if (diskstat_snapshot(name, &nv[*n]) == 0)
			(*n)++;
	}
	return 0;
}

void run_cpu_results(struct run_result *r, const struct cpu_snapshot *a,
			const struct cpu_snapshot *b)
{
	cpu_pct_between(&a->all, &b->all, &r->cpu_all);
	int n = a->ncpu < b->ncpu ? a->ncpu : b->ncpu;
	r->cpu = n > 0 ? calloc((size_t)n, sizeof(*r->cpu)) : NULL;
	r->ncpu = r->cpu ? n : 0;
	for (int i = 0; i < r->ncpu; i++)
		cpu_pct_between(&a->cpu[i], &b->cpu[i], &r->cpu[i]);
}

size_t run_disks_delta(const struct disk_snapshot *b, size_t nb, const struct disk_snapshot *a,
		       size_t na, struct disk_delta *out)
{
	size_t n = 0;
	for (size_t i = 0; i < na; i++)
		for (size_t k = 0; k < nb; k++)
			if (!strcmp(b[k].name, a[i].name))
				diskstat_delta(&b[k], &a[i], &out[n++]);
	return n;
}
