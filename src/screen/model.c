/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model.c - snapshots in, rates out. The screen's one source of figures:
 * CPU percentages the way mpstat computes them, iostat -x figures of the
 * followed disk, IRQ rates, and the run's interval and final figures. */
#include "config.h"
#include "screen/model.h"

#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "stats/hist.h"
#include "util/cpulist.h"

static void host_info_read(struct host_info *h)
{
	struct utsname u;
	memset(h, 0, sizeof(*h));
	if (uname(&u) == 0) {
		snprintf(h->hostname, sizeof(h->hostname), "%s", u.nodename);
		snprintf(h->release, sizeof(h->release), "%s", u.release);
	}
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	h->ncpu_online = n > 0 ? (int)n : 1;
}

void model_init(struct screen_model *m)
{
	memset(m, 0, sizeof(*m));
	pthread_mutex_init(&m->lock, NULL);
	host_info_read(&m->host);
	m->state = JOB_IDLE;
	m->round = 1;
	m->cpu_bars = true;
	/* Without memory for it the graphs stay empty; nothing else needs it. */
	(void)graph_init(&m->graph);
}

static void irq_rates_drop(struct screen_model *m)
{
	if (m->irq_rates) {
		irq_rates_free(m->irq_rates, m->irq_prev.n);
		free(m->irq_rates);
		m->irq_rates = NULL;
	}
	m->irq_valid = false;
}

void model_free(struct screen_model *m)
{
	irq_rates_drop(m);
	irq_snapshot_free(&m->irq_prev);
	cpu_snapshot_free(&m->cpu_prev);
	free(m->cpu);
	devsource_free(&m->devs);
	devsource_free(&m->pending_devs);
	if (m->have_result)
		run_result_free(&m->result);
	if (m->ended_pending && !m->end_proc)
		run_result_free(&m->end_result);
	free(m->proc_rows);
	graph_free(&m->graph);
	pthread_mutex_destroy(&m->lock);
}

static void figures_from_interval(struct dir_figures *f, const struct run_interval *iv, int d)
{
	double secs = iv->span_ms ? (double)iv->span_ms / 1000.0 : 1.0;
	f->ios = iv->ios[d];
	f->iops = (double)iv->ios[d] / secs;
	f->bw_bytes = (double)iv->bytes[d] / secs;
	f->clat_mean_ns = iv->clat_mean_ns[d];
	f->clat_max_ns = iv->clat_max_ns[d];
	memcpy(f->pct_ns, iv->clat_pct_ns[d], sizeof(f->pct_ns));
}

static void figures_run_so_far(struct dir_figures *f, const struct run_interval *iv, int d)
{
	double secs = iv->t_ms ? (double)iv->t_ms / 1000.0 : 0;
	uint64_t max = f->clat_max_ns;
	f->ios = iv->run_ios[d];
	f->iops = secs > 0 ? (double)iv->run_ios[d] / secs : 0;
	f->bw_bytes = secs > 0 ? (double)iv->run_bytes[d] / secs : 0;
	f->clat_mean_ns = iv->run_clat_mean_ns[d];
	/* The run's max is the largest interval max: the intervals tile it. */
	f->clat_max_ns = iv->clat_max_ns[d] > max ? iv->clat_max_ns[d] : max;
	memcpy(f->pct_ns, iv->run_clat_pct_ns[d], sizeof(f->pct_ns));
}

/* run_wave.c reports each running section in turn, every interval; a section
 * reporting a second time starts a new round. Sections that skipped the
 * last round have ended (an earlier stonewall group). */
static struct section_live *section_for(struct screen_model *m, const struct run_interval *iv)
{
	size_t i;
	for (i = 0; i < m->nsec; i++)
		if (m->sec[i].key == (const void *)iv->name && m->sec[i].groupid == iv->groupid)
			break;
	if (i == m->nsec) {
		if (m->nsec == MODEL_SECTIONS)
			return NULL;
		memset(&m->sec[i], 0, sizeof(m->sec[i]));
		m->sec[i].key = iv->name;
		snprintf(m->sec[i].name, sizeof(m->sec[i].name), "%s", iv->name ? iv->name : "");
		m->sec[i].groupid = iv->groupid;
		m->nsec++;
	} else if (m->sec[i].round == m->round) {
		m->round++;
	}
	m->sec[i].round = m->round;
	return &m->sec[i];
}

static bool section_active(const struct screen_model *m, const struct section_live *s)
{
	return s->round + 1 >= m->round;
}

/* The live figures: rates summed over the running sections, latencies
 * of the busiest one in each direction (percentiles of different jobs
 * do not add). */
static void aggregate(struct screen_model *m)
{
	struct live_figures *l = &m->live;
	const struct section_live *first = NULL, *busiest = NULL;
	uint64_t most = 0;
	for (size_t i = 0; i < m->nsec; i++) {
		const struct section_live *s = &m->sec[i];
		if (!section_active(m, s))
			continue;
		uint64_t ios = s->last[DIR_READ].ios + s->last[DIR_WRITE].ios;
		if (!first)
			first = s;
		if (!busiest || ios > most) {
			busiest = s;
			most = ios;
		}
	}
	if (!first)
		return;
	l->ramping = first->ramping;
	l->elapsed_ms = first->elapsed_ms;
	l->runtime_ms = first->runtime_ms;
	for (int d = 0; d < DIR_COUNT; d++) {
		/* Each direction's latencies from the section busiest in it. */
		const struct section_live *b = busiest;
		for (size_t i = 0; i < m->nsec; i++)
			if (section_active(m, &m->sec[i]) &&
			    m->sec[i].last[d].ios > b->last[d].ios)
				b = &m->sec[i];
		l->last[d] = b->last[d];
		l->run[d] = b->run[d];
		l->last[d].ios = l->run[d].ios = 0;
		l->last[d].iops = l->last[d].bw_bytes = l->run[d].iops = l->run[d].bw_bytes = 0;
		for (size_t i = 0; i < m->nsec; i++) {
			const struct section_live *s = &m->sec[i];
			if (!section_active(m, s))
				continue;
			l->last[d].ios += s->last[d].ios;
			l->last[d].iops += s->last[d].iops;
			l->last[d].bw_bytes += s->last[d].bw_bytes;
			l->run[d].ios += s->run[d].ios;
			l->run[d].iops += s->run[d].iops;
			l->run[d].bw_bytes += s->run[d].bw_bytes;
		}
	}
}

void model_on_interval(struct screen_model *m, const struct run_interval *iv)
{
	pthread_mutex_lock(&m->lock);
	struct live_figures *l = &m->live;
	struct section_live *s = section_for(m, iv);
	l->have_interval = true;
	for (int d = 0; d < DIR_COUNT; d++) {
		l->errors += iv->errors[d];
		l->dir_errors[d] += iv->errors[d];
		if (!l->first_error[d])
			l->first_error[d] = iv->first_error[d];
	}
	if (s) {
		s->ramping = iv->ramping;
		s->elapsed_ms = iv->t_ms;
		s->runtime_ms = iv->runtime_ms;
		for (int d = 0; d < DIR_COUNT; d++) {
			figures_from_interval(&s->last[d], iv, d);
			if (!iv->ramping)
				figures_run_so_far(&s->run[d], iv, d);
		}
		aggregate(m);
	}
	m->iv_seq++;
	pthread_mutex_unlock(&m->lock);
}

void model_on_sample(struct screen_model *m, const struct run_sample *s)
{
	pthread_mutex_lock(&m->lock);
	graph_add(&m->graph, s);
	m->iv_seq++;
	pthread_mutex_unlock(&m->lock);
}

size_t model_sections_copy(struct screen_model *m, struct section_live *out, size_t max)
{
	size_t n = 0;
	pthread_mutex_lock(&m->lock);
	for (size_t i = 0; i < m->nsec && n < max; i++)
		if (section_active(m, &m->sec[i]))
			out[n++] = m->sec[i];
	pthread_mutex_unlock(&m->lock);
	return n;
}

size_t model_graph_copy(struct screen_model *m, struct graph_point *out, size_t max)
{
	pthread_mutex_lock(&m->lock);
	size_t n = graph_copy(&m->graph, out, max);
	pthread_mutex_unlock(&m->lock);
	return n;
}

void model_job_ended(struct screen_model *m, int rc, struct run_result *res, const char *err)
{
	pthread_mutex_lock(&m->lock);
	m->ended_pending = true;
	m->end_rc = rc;
	snprintf(m->end_err, sizeof(m->end_err), "%s", err ? err : "");
	if (rc == 0) {
		m->end_result = *res;
		memset(res, 0, sizeof(*res));
	}
	pthread_mutex_unlock(&m->lock);
}

void model_proc_ended(struct screen_model *m, int rc, const char *err)
{
	pthread_mutex_lock(&m->lock);
	m->ended_pending = true;
	m->end_proc = true;
	m->end_rc = rc;
	snprintf(m->end_err, sizeof(m->end_err), "%s", err ? err : "");
	pthread_mutex_unlock(&m->lock);
}

void model_devices_ready(struct screen_model *m, struct dev_rows *rows, const char *err)
{
	pthread_mutex_lock(&m->lock);
	devsource_free(&m->pending_devs);
	m->pending_devs = *rows;
	memset(rows, 0, sizeof(*rows));
	snprintf(m->devs_err, sizeof(m->devs_err), "%s", err ? err : "");
	m->devs_pending = true;
	pthread_mutex_unlock(&m->lock);
}

void model_target_disk(const char *target, char *disk, size_t len)
{
	char copy[PATH_MAX];
	disk[0] = '\0';
	if (!target || !*target)
		return;
	if (diskstat_name_for_path(target, disk, len) == 0)
		return;
	/* A file not made yet: the disk of the directory it will be in. */
	snprintf(copy, sizeof(copy), "%s", target);
	if (strchr(copy, '/') && diskstat_name_for_path(dirname(copy), disk, len))
		disk[0] = '\0';
}

void model_job_starting(struct screen_model *m, const struct job_set *set)
{
	m->have_job = set->njobs > 0;
	m->njobs = set->njobs;
	if (m->have_job)
		m->job = set->jobs[0];
	memset(m->pinned, 0, sizeof(m->pinned));
	m->npinned = 0;
	for (size_t i = 0; i < set->njobs; i++) {
		unsigned char bits[CPU_MAX];
		if (cpulist_parse(set->jobs[i].cpus_allowed, bits, CPU_MAX) <= 0)
			continue;
		for (int c = 0; c < CPU_MAX; c++)
			m->pinned[c] |= bits[c];
	}
	for (int c = 0; c < CPU_MAX; c++)
		m->npinned += m->pinned[c];

	const struct job_spec *j = &m->job;
	model_target_disk(j->filename[0] ? j->filename : j->directory, m->job_disk,
			  sizeof(m->job_disk));
	if (m->have_result) {
		run_result_free(&m->result);
		m->have_result = false;
	}
	m->result_disk_valid = false;
	m->run_rc = 0;
	m->run_err[0] = '\0';

	pthread_mutex_lock(&m->lock);
	memset(&m->live, 0, sizeof(m->live));
	m->nsec = 0;
	m->round = 1;
	m->state = JOB_RUNNING;
	pthread_mutex_unlock(&m->lock);
	model_follow_disk(m, m->job_disk);
}

/* The final figures of the first group replace the run-so-far ones. */
static void final_figures(struct screen_model *m)
{
	const struct run_result *r = &m->result;
	if (!r->ngroups)
		return;
	const struct group_result *g = &r->groups[0];
	double secs = g->runtime_ms ? (double)g->runtime_ms / 1000.0 : 0;
	pthread_mutex_lock(&m->lock);
	m->live.errors = 0;
	for (int d = 0; d < DIR_COUNT; d++) {
		const struct dir_stats *ds = &g->dir[d];
		struct dir_figures *f = &m->live.run[d];
		f->ios = ds->ios;
		f->iops = secs > 0 ? (double)ds->ios / secs : 0;
		f->bw_bytes = secs > 0 ? (double)ds->bytes / secs : 0;
		f->clat_mean_ns = ds->clat.n ? ds->clat.sum_ns / ds->clat.n : 0;
		f->clat_max_ns = ds->clat.max_ns;
		hist_percentiles(&ds->clat.hist, hist_default_pcts, hist_default_npcts,
				 lat_min(&ds->clat), ds->clat.max_ns, f->pct_ns);
		m->live.errors += ds->errors;
		m->live.dir_errors[d] = ds->errors;
		m->live.first_error[d] = ds->first_error;
	}
	m->live.elapsed_ms = g->runtime_ms;
	pthread_mutex_unlock(&m->lock);
	for (size_t i = 0; i < r->ndisks; i++)
		if (!strcmp(r->disks[i].name, m->job_disk) || i + 1 == r->ndisks) {
			m->result_disk = r->disks[i].rates;
			m->result_disk_valid = true;
			break;
		}
}

bool model_collect_pending(struct screen_model *m)
{
	bool changed = false;
	pthread_mutex_lock(&m->lock);
	if (m->devs_pending) {
		devsource_free(&m->devs);
		m->devs = m->pending_devs;
		memset(&m->pending_devs, 0, sizeof(m->pending_devs));
		m->devs_pending = false;
		m->devs_scanned = true;
		m->scanning = false;
		if (m->devs_err[0])
			snprintf(m->status, sizeof(m->status), "%s", m->devs_err);
		changed = true;
	}
	bool ended = m->ended_pending;
	int rc = m->end_rc;
	if (ended) {
		m->ended_pending = false;
		m->run_rc = rc;
		snprintf(m->run_err, sizeof(m->run_err), "%s", m->end_err);
		if (m->end_proc) {
			m->end_proc = false;
			m->state = rc == 0 ? JOB_DONE : rc == 1 ? JOB_FAILED : JOB_REFUSED;
		} else if (rc == 0) {
			m->result = m->end_result;
			memset(&m->end_result, 0, sizeof(m->end_result));
			m->have_result = true;
			m->state = m->result.exit_status ? JOB_FAILED : JOB_DONE;
		} else {
			m->state = JOB_REFUSED;
		}
		changed = true;
	}
	pthread_mutex_unlock(&m->lock);
	if (ended && m->have_result)
		final_figures(m);
	return changed;
}

void model_follow_disk(struct screen_model *m, const char *disk)
{
	if (!strcmp(m->follow, disk ? disk : ""))
		return;
	snprintf(m->follow, sizeof(m->follow), "%s", disk ? disk : "");
	m->disk_have_prev = m->disk_valid = false;
	irq_rates_drop(m);
	irq_snapshot_free(&m->irq_prev);
	m->irq_have_prev = false;
}

void model_feed_cpu(struct screen_model *m, struct cpu_snapshot *cur)
{
	if (m->cpu_have_prev) {
		int n = cur->ncpu < m->cpu_prev.ncpu ? cur->ncpu : m->cpu_prev.ncpu;
		struct cpu_pct *v = realloc(m->cpu, (size_t)(n > 0 ? n : 1) * sizeof(*v));
		if (v) {
			m->cpu = v;
			m->ncpu = n;
			cpu_pct_between(&m->cpu_prev.all, &cur->all, &m->cpu_all);
			for (int i = 0; i < n; i++)
				cpu_pct_between(&m->cpu_prev.cpu[i], &cur->cpu[i], &m->cpu[i]);
			m->cpu_valid = true;
		}
	}
	cpu_snapshot_free(&m->cpu_prev);
	m->cpu_prev = *cur;
	m->cpu_have_prev = true;
	cur->cpu = NULL;
	cur->ncpu = 0;
}

static void sample_cpu(struct screen_model *m)
{
	struct cpu_snapshot cur = { 0 };
	if (cpu_snapshot_take(&cur)) {
		cpu_snapshot_free(&cur);
		return;
	}
	model_feed_cpu(m, &cur);
}

void model_feed_disk(struct screen_model *m, const struct disk_snapshot *cur)
{
	if (!cur || !cur->valid) {
		m->disk_have_prev = m->disk_valid = false;
		return;
	}
	if (m->disk_have_prev && cur->t_ns > m->disk_prev.t_ns) {
		struct disk_delta d;
		diskstat_delta(&m->disk_prev, cur, &d);
		m->disk = d.rates;
		m->disk_valid = true;
	}
	m->disk_prev = *cur;
	m->disk_have_prev = true;
}

static void sample_disk(struct screen_model *m)
{
	struct disk_snapshot cur;
	if (!m->follow[0] || diskstat_snapshot(m->follow, &cur)) {
		model_feed_disk(m, NULL);
		return;
	}
	model_feed_disk(m, &cur);
}

static void sample_irq(struct screen_model *m)
{
	struct irq_snapshot cur;
	if (!m->follow[0] || irq_snapshot_take(m->follow, &cur)) {
		m->irq_unreadable = m->follow[0] != 0;
		irq_rates_drop(m);
		return;
	}
	m->irq_unreadable = false;
	struct irq_rate *rates = NULL;
	if (m->irq_have_prev && cur.n) {
		rates = calloc(cur.n, sizeof(*rates));
		if (rates && irq_rates_between(&m->irq_prev, &cur, rates)) {
			free(rates);
			rates = NULL;
		}
	}
	irq_rates_drop(m);
	irq_snapshot_free(&m->irq_prev);
	m->irq_prev = cur;
	m->irq_have_prev = true;
	m->irq_rates = rates;
	/* Valid with no queues too: the pane then says there are none. */
	m->irq_valid = rates != NULL || cur.n == 0;
}

void model_sample(struct screen_model *m)
{
	sample_cpu(m);
	sample_disk(m);
	sample_irq(m);
}

void model_live_copy(struct screen_model *m, struct live_figures *out)
{
	pthread_mutex_lock(&m->lock);
	*out = m->live;
	out->state = m->state;
	pthread_mutex_unlock(&m->lock);
}

void model_mark_stopping(struct screen_model *m)
{
	pthread_mutex_lock(&m->lock);
	if (m->state == JOB_RUNNING)
		m->state = JOB_STOPPING;
	pthread_mutex_unlock(&m->lock);
}

enum job_state model_state(struct screen_model *m)
{
	pthread_mutex_lock(&m->lock);
	enum job_state s = m->state;
	pthread_mutex_unlock(&m->lock);
	return s;
}

bool model_job_active(struct screen_model *m)
{
	enum job_state s = model_state(m);
	return s == JOB_RUNNING || s == JOB_STOPPING;
}

void model_set_status(struct screen_model *m, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m->status, sizeof(m->status), fmt, ap);
	va_end(ap);
	m->status_error = error;
}
