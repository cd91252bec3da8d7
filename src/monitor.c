/* SPDX-License-Identifier: GPL-2.0-or-later */
/* monitor.c - the per-second samples and the status intervals of a run
 * (see monitor.h). Split from the runner so that run.c holds what starts,
 * paces and merges the threads, and this what watches them. */
#include "config.h"
#include "monitor.h"

#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "stats/stats.h"

int monitor_init(struct monitor *m, const struct job_spec *spec, unsigned groupid,
		 const struct job_thread *threads, unsigned nthreads)
{
	memset(m, 0, sizeof(*m));
	m->spec = spec;
	m->groupid = groupid;
	m->threads = threads;
	m->nthreads = nthreads;
	m->prev_tick = calloc(1, sizeof(*m->prev_tick));
	m->prev_hook = calloc(1, sizeof(*m->prev_hook));
	m->cur = calloc(1, sizeof(*m->cur));
	m->tick_diff = calloc(DIR_COUNT, sizeof(*m->tick_diff));
	return m->prev_tick && m->prev_hook && m->cur && m->tick_diff ? 0 : -1;
}

void monitor_free(struct monitor *m)
{
	free(m->prev_tick);
	free(m->prev_hook);
	free(m->cur);
	free(m->tick_diff);
	m->prev_tick = m->prev_hook = m->cur = NULL;
	m->tick_diff = NULL;
}

/* Reads what the threads have counted so far, without stopping them. */
static void snapshot(const struct monitor *s, struct monitor_snap *m, uint64_t t_ns)
{
	memset(m, 0, sizeof(*m));
	m->t_ns = t_ns;
	for (unsigned i = 0; i < s->nthreads; i++) {
		const struct job_thread *t = &s->threads[i];
		for (int d = 0; d < DIR_COUNT; d++) {
			const struct dir_stats *ds = &t->dir[d];
			m->ios[d] += __atomic_load_n(&ds->ios, __ATOMIC_RELAXED);
			m->bytes[d] += __atomic_load_n(&ds->bytes, __ATOMIC_RELAXED);
			m->errors[d] += __atomic_load_n(&ds->errors, __ATOMIC_RELAXED);
			if (!m->first_error[d])
				m->first_error[d] = __atomic_load_n(&ds->first_error,
								    __ATOMIC_ACQUIRE);
			m->clat_n[d] += __atomic_load_n(&ds->clat.n, __ATOMIC_RELAXED);
			m->clat_sum[d] += __atomic_load_n(&ds->clat.sum_ns, __ATOMIC_RELAXED);
			for (unsigned b = 0; b < HIST_NR; b++)
				m->clat[d].count[b] +=
					__atomic_load_n(&ds->clat.hist.count[b], __ATOMIC_RELAXED);
		}
	}
}

static uint64_t hist_highest(const struct hist *h)
{
	for (unsigned b = HIST_NR; b-- > 0;)
		if (h->count[b])
			return hist_bucket_value(b);
	return 0;
}

/* One second of a section: its sample, for iops_* / bw_* and the series. */
static void sample(struct monitor *s, const struct monitor_snap *a, const struct monitor_snap *b,
		   const struct run_hooks *hooks)
{
	double secs = (double)(b->t_ns - a->t_ns) / 1e9;
	struct sample smp;
	struct hist *diff = s->tick_diff;
	struct run_sample rs = { .groupid = s->groupid, .name = s->spec->name,
				 .wall_ns = b->t_ns, .first = s->nsamples == 0, .smp = &smp };
	uint64_t p[2];
	static const double p50_99[2] = { 50.0, 99.0 };

	if (secs <= 0)
		return;
	memset(&smp, 0, sizeof(smp));
	smp.t_ms = (b->t_ns - s->epoch_ns) / 1000000ULL;
	smp.span_ms = (uint32_t)((b->t_ns - a->t_ns) / 1000000ULL);
	for (int d = 0; d < DIR_COUNT; d++) {
		if (!rw_reads(s->spec->rw) && d == DIR_READ)
			continue;
		if (!rw_writes(s->spec->rw) && d == DIR_WRITE)
			continue;
		double iops = (double)(b->ios[d] - a->ios[d]) / secs;
		double bw = (double)(b->bytes[d] - a->bytes[d]) / secs;
		sample_stat_add(&s->res->iops_samples[d], iops);
		sample_stat_add(&s->res->bw_samples[d], bw / 1024.0);
		smp.iops[d] = iops;
		smp.bw_bytes[d] = bw;
		hist_diff(&diff[d], &b->clat[d], &a->clat[d]);
		hist_percentiles(&diff[d], p50_99, 2, 0, UINT64_MAX, p);
		smp.clat_p50_ns[d] = p[0];
		smp.clat_p99_ns[d] = p[1];
		rs.clat[d] = &diff[d];
	}
	sample_series_add(&s->res->series, &smp);
	s->nsamples++;
	if (hooks && hooks->sample)
		hooks->sample(&rs, hooks->arg);
}

static void emit(const struct monitor *s, const struct monitor_snap *a,
		 const struct monitor_snap *b, const struct run_hooks *hooks, bool ramping)
{
	struct run_interval iv;
	struct hist diff;

	if (!hooks || !hooks->interval)
		return;
	memset(&iv, 0, sizeof(iv));
	iv.groupid = s->groupid;
	iv.name = s->spec->name;
	iv.t_ms = b->t_ns > s->epoch_ns ? (b->t_ns - s->epoch_ns) / 1000000ULL : 0;
	iv.span_ms = (b->t_ns - a->t_ns) / 1000000ULL;
	iv.runtime_ms = s->spec->runtime_ms;
	iv.ramping = ramping;
	for (int d = 0; d < DIR_COUNT; d++) {
		iv.ios[d] = b->ios[d] - a->ios[d];
		iv.bytes[d] = b->bytes[d] - a->bytes[d];
		iv.errors[d] = b->errors[d] - a->errors[d];
		uint64_t n = b->clat_n[d] - a->clat_n[d];
		iv.clat_mean_ns[d] = n ? (b->clat_sum[d] - a->clat_sum[d]) / n : 0;
		hist_diff(&diff, &b->clat[d], &a->clat[d]);
		hist_percentiles(&diff, hist_default_pcts, hist_default_npcts, 0, UINT64_MAX,
				 iv.clat_pct_ns[d]);
		iv.clat_max_ns[d] = hist_highest(&diff);
		iv.run_ios[d] = b->ios[d];
		iv.run_errors[d] = b->errors[d];
		iv.first_error[d] = b->first_error[d];
		iv.run_bytes[d] = b->bytes[d];
		iv.run_clat_mean_ns[d] = b->clat_n[d] ? b->clat_sum[d] / b->clat_n[d] : 0;
		hist_percentiles(&b->clat[d], hist_default_pcts, hist_default_npcts, 0, UINT64_MAX,
				 iv.run_clat_pct_ns[d]);
	}
	hooks->interval(&iv, hooks->arg);
}

void monitor_start(struct monitor *m, uint64_t start_ns, uint64_t epoch_ns)
{
	m->epoch_ns = epoch_ns;
	snapshot(m, m->prev_tick, epoch_ns);
	*m->prev_hook = *m->prev_tick;
	m->prev_hook->t_ns = start_ns;
}

void monitor_update(struct monitor *m, uint64_t now, bool tick, bool hook,
		    const struct run_hooks *hooks)
{
	snapshot(m, m->cur, now);
	if (tick && now >= m->epoch_ns + 1000000000ULL) {
		sample(m, m->prev_tick, m->cur, hooks);
		*m->prev_tick = *m->cur;
	}
	if (hook) {
		emit(m, m->prev_hook, m->cur, hooks, now < m->epoch_ns);
		*m->prev_hook = *m->cur;
	}
}

void monitor_finish(struct monitor *m, const struct run_hooks *hooks)
{
	const struct monitor_snap *a = m->prev_hook, *b = m->cur;

	snapshot(m, m->cur, now_ns());
	if (b->ios[0] + b->ios[1] != a->ios[0] + a->ios[1] ||
	    b->errors[0] + b->errors[1] != a->errors[0] + a->errors[1])
		emit(m, a, b, hooks, false);
}
