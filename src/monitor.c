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

int monitor_init(struct monitor *m, const struct job_thread *const *threads, unsigned nthreads,
		 unsigned groupid, const uint64_t period_ms[MON_KINDS], bool series)
{
	memset(m, 0, sizeof(*m));
	m->spec = nthreads ? threads[0]->spec : NULL;
	m->groupid = groupid;
	m->threads = threads;
	m->nthreads = nthreads;
	m->series = series;
	for (unsigned i = 0; i < nthreads; i++) {
		m->dirs[DIR_READ] = m->dirs[DIR_READ] || rw_reads(threads[i]->spec->rw);
		m->dirs[DIR_WRITE] = m->dirs[DIR_WRITE] || rw_writes(threads[i]->spec->rw);
		m->dirs[DIR_TRIM] = m->dirs[DIR_TRIM] || rw_trims(threads[i]->spec->rw);
	}
	bool ok = true;
	for (int k = 0; k < MON_KINDS; k++) {
		m->period_ns[k] = (period_ms[k] ? period_ms[k] : 1000) * 1000000ULL;
		m->prev[k] = calloc(1, sizeof(*m->prev[k]));
		ok = ok && m->prev[k];
	}
	m->prev_hook = calloc(1, sizeof(*m->prev_hook));
	m->cur = calloc(1, sizeof(*m->cur));
	m->tick_diff = calloc(DIR_COUNT, sizeof(*m->tick_diff));
	return ok && m->prev_hook && m->cur && m->tick_diff ? 0 : -1;
}

void monitor_free(struct monitor *m)
{
	for (int k = 0; k < MON_KINDS; k++) {
		free(m->prev[k]);
		m->prev[k] = NULL;
	}
	free(m->prev_hook);
	free(m->cur);
	free(m->tick_diff);
	m->prev_hook = m->cur = NULL;
	m->tick_diff = NULL;
}

/* Reads what the threads have counted so far, without stopping them. */
static void snapshot(const struct monitor *s, struct monitor_snap *m, uint64_t t_ns)
{
	memset(m, 0, sizeof(*m));
	m->t_ns = t_ns;
	for (unsigned i = 0; i < s->nthreads; i++) {
		const struct job_thread *t = s->threads[i];
		for (int d = 0; d < DIR_COUNT; d++) {
			const struct dir_stats *ds = &t->dir[d];
			m->bytes[d] += __atomic_load_n(&ds->bytes, __ATOMIC_RELAXED);
			m->errors[d] += __atomic_load_n(&ds->errors, __ATOMIC_RELAXED);
			if (!m->first_error[d])
				m->first_error[d] = __atomic_load_n(&ds->first_error,
								    __ATOMIC_ACQUIRE);
			m->clat_n[d] += __atomic_load_n(&ds->clat.n, __ATOMIC_RELAXED);
			m->clat_sum[d] += __atomic_load_n(&ds->clat.sum_ns, __ATOMIC_RELAXED);
			/* The I/O count is the completion histogram's, read
			 * with it: the thread's own counter, read apart, is an
			 * I/O or two ahead or behind, and an interval's clat N
			 * would not match its I/Os. */
			uint64_t filed = 0;
			for (unsigned b = 0; b < HIST_NR; b++) {
				uint64_t c = __atomic_load_n(&ds->clat.hist.count[b],
							     __ATOMIC_RELAXED);
				m->clat[d].count[b] += c;
				filed += c;
			}
			m->ios[d] += filed;
		}
		/* Trims: their counts alone, for the bw and iops samples. */
		const struct dir_stats *ds = &t->dir[DIR_TRIM];
		m->bytes[DIR_TRIM] += __atomic_load_n(&ds->bytes, __ATOMIC_RELAXED);
		m->ios[DIR_TRIM] += __atomic_load_n(&ds->ios, __ATOMIC_RELAXED);
	}
}

static uint64_t hist_highest(const struct hist *h)
{
	for (unsigned b = HIST_NR; b-- > 0;)
		if (h->count[b])
			return hist_bucket_value(b);
	return 0;
}

/* fio takes a job's bw and iops samples from its helper thread while the
 * job runs, never at its end: a period that ends once every thread has
 * finished, or at or after the runtime (fio's sample times and runtime
 * both count from the job's epoch; its job stops as the runtime ends,
 * just before its helper wakes for that period), gives no sample. */
static bool running_at(const struct monitor *m, uint64_t at)
{
	uint64_t into = at > m->epoch_ns ? at - m->epoch_ns : 0;
	for (unsigned i = 0; i < m->nthreads; i++) {
		const struct job_thread *t = m->threads[i];
		if (__atomic_load_n(&t->finished, __ATOMIC_ACQUIRE))
			continue;
		if (!t->spec->runtime_ms || into < t->spec->runtime_ms * 1000000ULL)
			return true;
	}
	return false;
}

static struct sample_stat *bw_out(struct monitor *m)
{
	return m->own ? m->own_bw : m->res->bw_samples;
}

static struct sample_stat *iops_out(struct monitor *m)
{
	return m->own ? m->own_iops : m->res->iops_samples;
}

/* One period's sample of bw or iops into the result (counted: fio's
 * rule above, and only a direction that moved, as fio skips one with no
 * bytes in the period), in fio's integer arithmetic: KiB/s or IO/s over
 * the whole milliseconds since the last sample. A section's bw sample
 * also makes its entry in the series and goes to the hooks' sample. */
static void sample(struct monitor *s, int kind, const struct monitor_snap *a,
		   const struct monitor_snap *b, const struct run_hooks *hooks, bool counted)
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
	for (int d = 0; d < DIR_ALL; d++) {
		if (!s->dirs[d])
			continue;
		double iops = (double)(b->ios[d] - a->ios[d]) / secs;
		double bw = (double)(b->bytes[d] - a->bytes[d]) / secs;
		uint64_t spent_ms = (b->t_ns - a->t_ns) / 1000000ULL;
		uint64_t dios = b->ios[d] - a->ios[d], dbytes = b->bytes[d] - a->bytes[d];
		/* fio's integer arithmetic: whole I/Os and KiB per second. */
		if (counted && spent_ms && kind == MON_IOPS && dbytes) {
			uint64_t per_s = dios * 1000 / spent_ms;
			sample_stat_add(&iops_out(s)[d], (double)per_s);
		} else if (counted && spent_ms && kind == MON_BW && dbytes) {
			uint64_t kib_s = dbytes * 1000 / spent_ms / 1024;
			sample_stat_add(&bw_out(s)[d], (double)kib_s);
		}
		/* The series and the views keep reads and writes. */
		if (!s->series || kind != MON_BW || d == DIR_TRIM)
			continue;
		smp.iops[d] = iops;
		smp.bw_bytes[d] = bw;
		hist_diff(&diff[d], &b->clat[d], &a->clat[d]);
		hist_percentiles(&diff[d], p50_99, 2, 0, UINT64_MAX, p);
		smp.clat_p50_ns[d] = p[0];
		smp.clat_p99_ns[d] = p[1];
		rs.clat[d] = &diff[d];
	}
	if (!s->series || kind != MON_BW)
		return;
	sample_series_add(&s->res->series, &smp);
	s->nsamples++;
	if (hooks && hooks->sample)
		hooks->sample(&rs, hooks->arg);
}

static void emit(const struct monitor *s, const struct monitor_snap *a,
		 const struct monitor_snap *b, const struct run_hooks *hooks, bool ramping)
{
	struct run_interval iv;
	struct hist diff[DIR_COUNT];

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
		hist_diff(&diff[d], &b->clat[d], &a->clat[d]);
		/* fio's rule, as the reports' (report_percentiles): the
		 * bucket's value, no higher than fio's last bucket. */
		hist_percentiles(&diff[d], hist_default_pcts, hist_default_npcts, 0,
				 HIST_FIO_MAX_NS, iv.clat_pct_ns[d]);
		iv.clat_max_ns[d] = hist_highest(&diff[d]);
		iv.clat_hist[d] = &diff[d];
		iv.run_ios[d] = b->ios[d];
		iv.run_errors[d] = b->errors[d];
		iv.first_error[d] = b->first_error[d];
		iv.run_bytes[d] = b->bytes[d];
		iv.run_clat_mean_ns[d] = b->clat_n[d] ? b->clat_sum[d] / b->clat_n[d] : 0;
		hist_percentiles(&b->clat[d], hist_default_pcts, hist_default_npcts, 0,
				 HIST_FIO_MAX_NS, iv.run_clat_pct_ns[d]);
	}
	hooks->interval(&iv, hooks->arg);
}

void monitor_start(struct monitor *m, uint64_t start_ns, uint64_t epoch_ns)
{
	m->epoch_ns = epoch_ns;
	snapshot(m, m->cur, epoch_ns);
	for (int k = 0; k < MON_KINDS; k++) {
		*m->prev[k] = *m->cur;
		m->next_ns[k] = epoch_ns + m->period_ns[k];
	}
	*m->prev_hook = *m->cur;
	m->prev_hook->t_ns = start_ns;
}

uint64_t monitor_next(const struct monitor *m)
{
	return m->next_ns[MON_BW] < m->next_ns[MON_IOPS] ? m->next_ns[MON_BW] : m->next_ns[MON_IOPS];
}

/* The threads' stats_gen summed; busy while one of them is odd. */
static unsigned stats_gen(const struct monitor *m, bool *busy)
{
	unsigned sum = 0;
	*busy = false;
	for (unsigned i = 0; i < m->nthreads; i++) {
		unsigned g = __atomic_load_n(&m->threads[i]->stats_gen, __ATOMIC_ACQUIRE);
		*busy = *busy || (g & 1);
		sum += g;
	}
	return sum;
}

/* A thread zeroed its counts (latency_target settled, as fio resets its
 * stats): the samples so far are dropped and the next ones count from
 * the reset, with the counts' zero as their start, as fio's sample clock
 * restarts there. */
static void restart_samples(struct monitor *m, unsigned gen)
{
	uint64_t from = m->epoch_ns;
	for (unsigned i = 0; i < m->nthreads; i++) {
		uint64_t c = __atomic_load_n(&m->threads[i]->counted_from_ns, __ATOMIC_RELAXED);
		if (c > from)
			from = c;
	}
	m->stats_gen = gen;
	m->epoch_ns = from;
	for (int d = 0; d < DIR_ALL; d++) {
		sample_stat_init(&bw_out(m)[d]);
		sample_stat_init(&iops_out(m)[d]);
	}
	for (int k = 0; k < MON_KINDS; k++) {
		memset(m->prev[k], 0, sizeof(*m->prev[k]));
		m->prev[k]->t_ns = from;
		m->next_ns[k] = from + m->period_ns[k];
	}
	memset(m->prev_hook, 0, sizeof(*m->prev_hook));
	m->prev_hook->t_ns = from;
}

/* fio's sample clock starts with each job's own epoch: a thread that
 * began late (a busy machine, startdelay) moved its ramp's end, and the
 * samples start there, from the counts' zero (none were counted
 * before). Once, at the first sample due. */
static bool follow_thread_start(struct monitor *m, uint64_t now)
{
	m->epoch_set = true;
	uint64_t from = UINT64_MAX;
	for (unsigned i = 0; i < m->nthreads; i++) {
		uint64_t e = __atomic_load_n(&m->threads[i]->ramp_end_ns, __ATOMIC_RELAXED);
		if (e < from)
			from = e;
	}
	if (from == UINT64_MAX || from <= m->epoch_ns || from >= now)
		return false;
	m->epoch_ns = from;
	for (int k = 0; k < MON_KINDS; k++) {
		m->prev[k]->t_ns = from;
		m->next_ns[k] = from + m->period_ns[k];
	}
	return true;
}

void monitor_update(struct monitor *m, uint64_t now, bool hook, const struct run_hooks *hooks)
{
	bool due = hook;
	for (int k = 0; k < MON_KINDS; k++)
		due = due || now >= m->next_ns[k];
	if (!due)
		return;
	/* Counts read across a reset are neither before nor after it: read
	 * again at the next turn. */
	bool busy, busy2;
	unsigned gen = stats_gen(m, &busy);
	if (busy)
		return;
	snapshot(m, m->cur, now);
	if (stats_gen(m, &busy2) != gen || busy2)
		return;
	if (!m->epoch_set && !gen && (now >= m->next_ns[MON_BW] || now >= m->next_ns[MON_IOPS]) &&
	    follow_thread_start(m, now) && !hook && now < m->next_ns[MON_BW] &&
	    now < m->next_ns[MON_IOPS])
		return;
	if (gen != m->stats_gen) {
		restart_samples(m, gen);
		if (!hook && now < m->next_ns[MON_BW] && now < m->next_ns[MON_IOPS])
			return;
	}
	for (int k = 0; k < MON_KINDS; k++) {
		if (now < m->next_ns[k])
			continue;
		sample(m, k, m->prev[k], m->cur, hooks, running_at(m, m->next_ns[k]));
		*m->prev[k] = *m->cur;
		while (m->next_ns[k] <= now)
			m->next_ns[k] += m->period_ns[k];
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
