/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run_progress.c - the whole run at each status interval: the sections'
 * intervals gathered from their monitors, the targets' disks and the CPUs
 * over the same time, and the run so far as a result, merged as the final
 * one is. fio's periodic JSON repeats the totals so far; the JSON-lines
 * stream carries each interval's own figures; both come from here, so no
 * report writer reads /proc. The threads are running: only what they
 * store atomically is read (see engine.h). */
#include "config.h"
#include "run_priv.h"

#include <stdlib.h>
#include <string.h>

static void gather(const struct run_interval *iv, void *arg)
{
	struct run_progress_state *p = arg;
	if (p->user->interval)
		p->user->interval(iv, p->user->arg);
	if (p->niv == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 4;
		struct run_interval *v = realloc(p->iv, cap * sizeof(*v));
		if (v)
			p->iv = v;
		struct hist *h = v ? realloc(p->hist, cap * DIR_COUNT * sizeof(*h)) : NULL;
		if (h)
			p->hist = h;
		if (!v || !h)
			return;
		p->cap = cap;
	}
	struct run_interval *dst = &p->iv[p->niv];
	*dst = *iv;
	for (int d = 0; d < DIR_COUNT; d++) {
		struct hist *h = &p->hist[p->niv * DIR_COUNT + d];
		if (iv->clat_hist[d])
			*h = *iv->clat_hist[d];
		else
			hist_clear(h);
		dst->clat_hist[d] = h;
	}
	p->niv++;
}

struct run_progress_state *run_progress_new(const struct run_hooks *hooks,
					    const struct open_targets *ot,
					    struct section *secs, size_t nsecs,
					    struct unit *units, size_t nunits,
					    const struct run_result *result,
					    const struct disk_snapshot *disk_start, size_t ndisk_start,
					    const struct cpu_snapshot *cpu_start)
{
	if (!hooks || !hooks->progress || !hooks->interval_ms)
		return NULL;
	struct run_progress_state *p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->user = hooks;
	p->inner = *hooks;
	p->inner.interval = gather;
	p->inner.arg = p;
	p->ot = ot;
	p->secs = secs;
	p->nsecs = nsecs;
	p->units = units;
	p->nunits = nunits;
	p->result = result;
	p->disk_start = disk_start;
	p->ndisk_start = ndisk_start;
	p->cpu_start = cpu_start;
	p->prev_ms = result->start_wall_ms;
	/* The first interval's devices and CPUs count from the run's start. */
	if (ndisk_start) {
		p->disk_prev = malloc(ndisk_start * sizeof(*p->disk_prev));
		if (p->disk_prev) {
			memcpy(p->disk_prev, disk_start, ndisk_start * sizeof(*p->disk_prev));
			p->ndisk_prev = ndisk_start;
		}
	}
	p->cpu_prev.all = cpu_start->all;
	p->cpu_prev.ncpu = 0;
	p->cpu_prev.cpu = NULL;
	/* Each CPU's too, for the jsonl's cpus[] (a fleet's host panes). */
	if (cpu_start->ncpu > 0 && cpu_start->cpu &&
	    (p->cpu_prev.cpu = malloc((size_t)cpu_start->ncpu * sizeof(*p->cpu_prev.cpu)))) {
		memcpy(p->cpu_prev.cpu, cpu_start->cpu,
		       (size_t)cpu_start->ncpu * sizeof(*p->cpu_prev.cpu));
		p->cpu_prev.ncpu = cpu_start->ncpu;
	}
	run_irqs_init(&p->irq_prev, disk_start, ndisk_start);
	if (hooks->progress_so_far) {
		p->groups = calloc(nsecs ? nsecs : 1, sizeof(*p->groups));
		p->entries = calloc(nunits ? nunits : 1, sizeof(*p->entries));
		p->one = malloc(sizeof(*p->one));
		p->scratch = malloc(sizeof(*p->scratch));
		p->lat_scratch = malloc(sizeof(*p->lat_scratch));
		if (!p->groups || !p->entries || !p->one || !p->scratch || !p->lat_scratch) {
			run_progress_free(p);
			return NULL;
		}
	}
	return p;
}

void run_progress_free(struct run_progress_state *p)
{
	if (!p)
		return;
	free(p->iv);
	free(p->hist);
	free(p->disk_prev);
	cpu_snapshot_free(&p->cpu_prev);
	run_irqs_free(&p->irq_prev);
	free(p->groups);
	free(p->entries);
	free(p->one);
	free(p->scratch);
	free(p->lat_scratch);
	free(p);
}

const struct run_hooks *run_progress_hooks(struct run_progress_state *p,
					   const struct run_hooks *hooks)
{
	return p ? &p->inner : hooks;
}

static uint64_t load(const uint64_t *v)
{
	return __atomic_load_n(v, __ATOMIC_RELAXED);
}

/* A latency measure a running thread writes: count, sum and histogram are
 * stored atomically; min, max and the deviation are taken from the
 * histogram's buckets until the thread ends. Returns the histogram's count. */
static uint64_t lat_live(struct lat_stat *dst, const struct lat_stat *src, struct hist *h)
{
	hist_snapshot(h, &src->hist);
	uint64_t n = load(&src->n), sum = load(&src->sum_ns), hn = 0;
	if (!n)
		return 0;
	double mean = (double)sum / (double)n, m2 = 0;
	uint64_t lo = UINT64_MAX, hi = 0;
	for (unsigned b = 0; b < HIST_NR; b++) {
		if (!h->count[b])
			continue;
		uint64_t v = hist_bucket_value(b);
		double dv = (double)v - mean;
		m2 += (double)h->count[b] * dv * dv;
		hn += h->count[b];
		if (v < lo)
			lo = v;
		hi = v;
	}
	/* The count is the histogram's, so N equals the bins' total: the
	 * thread counts n before it files the I/O in its bucket, so the two
	 * read apart may differ by the I/Os being filed. */
	if (!hn)
		return 0;
	struct lat_moments m = {
		.n = hn, .sum_ns = (uint64_t)(mean * (double)hn + 0.5), .min_ns = lo, .max_ns = hi,
		.shift_ns = (uint64_t)(mean + 0.5), .sumsq_ns = (stats_u128)m2,
	};
	lat_merge_moments(dst, &m);
	hist_merge(&dst->hist, h);
	return hn;
}

/* A running thread's own per-priority table of direction d, read once:
 * each entry's snapshot goes to the report's prios and into all (the
 * direction's clat, or lat with lat_percentiles), so the priorities' N
 * add up to the direction's in every periodic document (read apart, the
 * thread files I/Os between the two reads). Returns the I/Os read. */
static uint64_t prios_live_thread(struct run_progress_state *p, struct group_result *g,
				  const struct job_thread *t, int d, struct lat_stat *all)
{
	const struct prio_set *ps = &t->prios[d];
	uint64_t n = 0;
	for (unsigned i = 0; i < ps->n; i++) {
		lat_init(p->lat_scratch);
		n += lat_live(p->lat_scratch, &ps->v[i].lat, p->scratch);
		prio_set_add(&g->prios[d], ps->v[i].ioprio, p->lat_scratch);
		lat_merge(all, p->lat_scratch);
	}
	return n;
}

/* Threads of the running wave, merged as far as they have got: one that
 * has ended is merged whole. */
static void collect_live(struct run_progress_state *p, struct group_result *g,
			 const struct job_thread *const *threads, unsigned n, uint64_t epoch,
			 uint64_t now)
{
	struct group_result *one = p->one;
	uint64_t from = UINT64_MAX, to = 0, usr_us = 0, sys_us = 0;

	for (unsigned k = 0; k < n; k++) {
		const struct job_thread *t = threads[k];
		/* IO depths and CPU as the thread has posted them; an ended
		 * thread's are its final ones. */
		for (int l = 0; l < DEPTH_LEVELS; l++) {
			g->depth_levels[l] += load(&t->depth_levels[l]);
			g->submit_dist[l] += load(&t->submit_dist[l]);
			g->complete_dist[l] += load(&t->complete_dist[l]);
		}
		usr_us += load(&t->live.usr_us);
		sys_us += load(&t->live.sys_us);
		g->ctx += load(&t->live.ctx);
		g->majf += load(&t->live.majf);
		g->minf += load(&t->live.minf);
		/* fio's depth of a thread in its I/O loop (the last one's, as
		 * run_collect takes it); 0 before: its latency keys left out. */
		g->latency_depth = __atomic_load_n(&t->latency_depth, __ATOMIC_RELAXED);
		if (__atomic_load_n(&t->finished, __ATOMIC_ACQUIRE)) {
			run_group_init(one, t->spec, g->groupid, 1, "");
			run_collect(one, &t, 1);
			for (int d = 0; d < DIR_ALL; d++) {
				struct dir_stats *dst = &g->dir[d];
				const struct dir_stats *src = &one->dir[d];
				dst->ios += src->ios;
				dst->bytes += src->bytes;
				dst->errors += src->errors;
				dst->short_ios += src->short_ios;
				if (!dst->first_error)
					dst->first_error = src->first_error;
				lat_merge(&dst->slat, &src->slat);
				lat_merge(&dst->clat, &src->clat);
				lat_merge(&dst->lat, &src->lat);
			}
			if (t->counted_from_ns < from)
				from = t->counted_from_ns;
			if (t->ended_ns > to)
				to = t->ended_ns;
			g->job_runtime_ms += one->runtime_ms;
			continue;
		}
		bool ready = __atomic_load_n(&t->ready, __ATOMIC_ACQUIRE);
		for (int d = 0; d < DIR_ALL; d++) {
			struct dir_stats *dst = &g->dir[d];
			const struct dir_stats *src = &t->dir[d];
			dst->bytes += load(&src->bytes);
			dst->errors += load(&src->errors);
			dst->short_ios += load(&src->short_ios);
			if (!dst->first_error)
				dst->first_error = __atomic_load_n(&src->first_error, __ATOMIC_ACQUIRE);
			lat_live(&dst->slat, &src->slat, p->scratch);
			bool by_prio = d < DIR_COUNT && ready && t->prios[d].n;
			bool lat_by_prio = by_prio && t->spec->lat_percentiles;
			/* The I/O count is the completion histogram's, read
			 * with it: the counter apart from it is a few I/Os
			 * behind or ahead, and an interval's N would not
			 * match its I/Os. */
			if (by_prio && !lat_by_prio)
				dst->ios += prios_live_thread(p, g, t, d, &dst->clat);
			else
				dst->ios += lat_live(&dst->clat, &src->clat, p->scratch);
			if (lat_by_prio)
				prios_live_thread(p, g, t, d, &dst->lat);
			else
				lat_live(&dst->lat, &src->lat, p->scratch);
		}
		/* The monitor's epoch: the thread moves its own ramp end when it
		 * starts late. */
		uint64_t start = epoch;
		if (start < from)
			from = start;
		if (now > to)
			to = now;
		if (now > start)
			g->job_runtime_ms += (now - start) / 1000000ULL;
	}
	g->runtime_ms = to > from ? (to - from) / 1000000ULL : 0;
	/* Shares of the time so far, as run_collect's of the whole run. */
	double us = (double)(to > from ? to - from : 0) / 1e3;
	g->usr_cpu = us > 0 ? (double)usr_us / us * 100.0 : 0;
	g->sys_cpu = us > 0 ? (double)sys_us / us * 100.0 : 0;
}

/* fio's per-priority latencies of the run so far, which its periodic
 * documents carry as its final one does (run_collect_prios): a thread's
 * table is complete once it is ready (its setup made every entry), and
 * its entries' counts and histograms are read as the direction's are. A
 * thread not ready yet has none, as fio's thread before its engine's
 * setup. */
static void prios_live(struct run_progress_state *p, struct group_result *g,
		       const struct job_thread *const *threads, unsigned n)
{
	bool wanted = false;
	for (unsigned k = 0; k < n; k++) {
		const struct job_thread *t = threads[k];
		bool set_up = __atomic_load_n(&t->ready, __ATOMIC_ACQUIRE) ||
			      __atomic_load_n(&t->finished, __ATOMIC_ACQUIRE);
		wanted |= (set_up && (t->prios[DIR_READ].n || t->prios[DIR_WRITE].n)) ||
			  job_ioprio(t->spec) != job_ioprio(threads[0]->spec);
	}
	for (unsigned k = 0; wanted && k < n; k++) {
		const struct job_thread *t = threads[k];
		/* An ended thread's figures are final: merged whole. */
		bool ended = __atomic_load_n(&t->finished, __ATOMIC_ACQUIRE);
		if (!ended && !__atomic_load_n(&t->ready, __ATOMIC_ACQUIRE))
			continue;
		for (int d = 0; d < DIR_COUNT; d++) {
			const struct prio_set *ps = &t->prios[d];
			/* A running thread's own table: read with its
			 * direction's figures (collect_live). */
			if (!ended && ps->n)
				continue;
			const struct lat_stat *all = g->spec.lat_percentiles ? &t->dir[d].lat
									     : &t->dir[d].clat;
			/* Without a table of its own, all its I/Os under its
			 * own priority. */
			unsigned nsrc = ps->n ? ps->n : 1;
			for (unsigned i = 0; i < nsrc; i++) {
				const struct lat_stat *src = ps->n ? &ps->v[i].lat : all;
				unsigned ioprio = ps->n ? ps->v[i].ioprio : job_ioprio(t->spec);
				if (!ended) {
					lat_init(p->lat_scratch);
					lat_live(p->lat_scratch, src, p->scratch);
					src = p->lat_scratch;
				}
				prio_set_add(&g->prios[d], ioprio, src);
			}
		}
	}
}

/* When blktop began: fio's clock starts at zero as fio starts up. */
static uint64_t process_start_ns;
__attribute__((constructor)) static void note_process_start(void)
{
	process_start_ns = now_ns();
}

/* One result the way the final one is made, from what has run so far. */
static void so_far_one(struct run_progress_state *p, struct group_result *dst,
		       const struct group_result *tmpl,
		       const struct job_thread *const *threads, unsigned n, unsigned wave,
		       unsigned running, uint64_t epoch, uint64_t now)
{
	/* The template holds what the monitors added (samples, series): the
	 * series' memory stays the template's. */
	*dst = *tmpl;
	/* Made here for this report alone (run_progress_emit frees them). */
	memset(dst->prios, 0, sizeof(dst->prios));
	if (wave < running) {
		run_collect(dst, threads, n);
		run_collect_prios(dst, threads, n);
	} else if (wave == running) {
		collect_live(p, dst, threads, n, epoch, now);
		prios_live(p, dst, threads, n);
	} else if (now > process_start_ns)
		/* fio's job_runtime of a thread not started yet is its clock
		 * since fio began (an epoch never set, counted from the
		 * clock's zero at start-up), for each thread. */
		dst->job_runtime_ms = n * ((now - process_start_ns) / 1000000ULL);
}

static void build_so_far(struct run_progress_state *p, struct run_result *r, uint64_t now,
			 struct disk_delta *disks, size_t ndisks, const struct cpu_pct *cpu)
{
	*r = *p->result;
	for (size_t i = 0; i < p->nsecs; i++)
		so_far_one(p, &p->groups[i], &p->result->groups[i], p->secs[i].tptr,
			   p->secs[i].nthreads, p->secs[i].wave, p->wave, p->secs[i].mon.epoch_ns,
			   now);
	for (size_t u = 0; u < p->nunits; u++)
		so_far_one(p, &p->entries[u], &p->result->entries[u], p->units[u].threads,
			   p->units[u].nthreads, p->units[u].wave, p->wave, p->units[u].mon.epoch_ns,
			   now);
	r->groups = p->groups;
	r->entries = p->entries;
	r->ngroups = p->nsecs;
	r->nentries = p->nunits;
	r->disks = disks;
	r->ndisks = ndisks;
	if (cpu)
		r->cpu_all = *cpu;
	r->cpu = NULL;
	r->ncpu = 0;
}

void run_progress_emit(struct run_progress_state *p, unsigned wave, bool wave_end,
		       uint64_t due_ms, uint64_t due_ns)
{
	if (!p || (wave_end && !p->niv))
		return;
	struct run_progress pr = { 0 };
	struct disk_snapshot *now_disks = NULL;
	size_t nnow = 0;
	struct cpu_snapshot cpu_now = { 0 };
	struct cpu_pct *cpus = NULL;
	uint64_t now = now_ns();

	p->wave = wave;
	pr.wall_ms = run_wall_ms();
	pr.t_ms = pr.wall_ms > p->result->start_wall_ms ? pr.wall_ms - p->result->start_wall_ms : 0;
	pr.span_ms = pr.wall_ms > p->prev_ms ? pr.wall_ms - p->prev_ms : 0;
	pr.wave_end = wave_end;
	pr.iv = p->iv;
	pr.niv = p->niv;
	run_disks_snapshot(p->ot, &now_disks, &nnow);
	struct disk_delta *deltas = nnow ? calloc(nnow, sizeof(*deltas)) : NULL;
	struct disk_delta *total = nnow ? calloc(nnow, sizeof(*total)) : NULL;
	if (deltas) {
		pr.ndisks = run_disks_delta(p->disk_prev, p->ndisk_prev, now_disks, nnow, deltas);
		pr.disks = deltas;
	}
	if (cpu_snapshot_take(&cpu_now) == 0) {
		cpu_pct_between(&p->cpu_prev.all, &cpu_now.all, &pr.cpu_all);
		pr.cpu_valid = true;
		int nc = cpu_now.ncpu < p->cpu_prev.ncpu ? cpu_now.ncpu : p->cpu_prev.ncpu;
		if (nc > 0 && (cpus = calloc((size_t)nc, sizeof(*cpus)))) {
			for (int c = 0; c < nc; c++)
				cpu_pct_between(&p->cpu_prev.cpu[c], &cpu_now.cpu[c], &cpus[c]);
			pr.cpus = cpus;
			pr.ncpus = nc;
		}
	}
	struct run_irq_rate *irqs = NULL;
	pr.nirqs = run_irqs_sample(&p->irq_prev, now_disks, nnow, &irqs);
	pr.irqs = irqs;
	struct run_result so_far;
	if (p->groups && !wave_end) {
		struct cpu_pct since_start;
		size_t ntotal = total ? run_disks_delta(p->disk_start, p->ndisk_start, now_disks,
							nnow, total) : 0;
		if (pr.cpu_valid)
			cpu_pct_between(&p->cpu_start->all, &cpu_now.all, &since_start);
		build_so_far(p, &so_far, now, total, ntotal, pr.cpu_valid ? &since_start : NULL);
		so_far.end_wall_ms = pr.wall_ms;
		/* fio's elapsed is whole seconds since its threads' start,
		 * rounded up, taken when its timer fires: the tick's, not
		 * the moment the report is made a little after it. */
		so_far.elapsed_s = (due_ms + 999) / 1000;
		so_far.eta_s = run_eta(p->secs, p->nsecs, wave, so_far.elapsed_s, due_ns, now);
		pr.so_far = &so_far;
	}
	p->user->progress(&pr, p->user->arg);
	if (pr.so_far) {
		for (size_t i = 0; i < p->nsecs; i++)
			for (int d = 0; d < DIR_COUNT; d++)
				prio_set_free(&p->groups[i].prios[d]);
		for (size_t u = 0; u < p->nunits; u++)
			for (int d = 0; d < DIR_COUNT; d++)
				prio_set_free(&p->entries[u].prios[d]);
	}

	free(p->disk_prev);
	p->disk_prev = now_disks;
	p->ndisk_prev = nnow;
	if (pr.cpu_valid) {
		struct cpu_snapshot old = p->cpu_prev;
		p->cpu_prev = cpu_now;
		cpu_now = old;
	}
	free(cpus);
	free(irqs);
	cpu_snapshot_free(&cpu_now);
	free(deltas);
	free(total);
	p->prev_ms = pr.wall_ms;
	p->niv = 0;
}
