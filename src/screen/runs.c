/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runs.c - the session's runs, kept until blktop ends: what the runs list
 * shows of each, and their summaries on quit through the same report
 * functions as --batch. */
#include "config.h"
#include "screen/runs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "output/writer.h"
#include "screen/model.h"
#include "screen/summary.h"
#include "stats/hist.h"
#include "util/status.h"

void run_meta_for(const struct job_set *set, struct run_meta *meta)
{
	char bs[32];
	memset(meta, 0, sizeof(*meta));
	meta->when = time(NULL);
	meta->end = RUN_RUNNING;
	if (!set || !set->njobs)
		return;
	const struct job_spec *j = &set->jobs[0];
	char disk[64];
	model_target_disk(j->filename[0] ? j->filename : j->directory, disk, sizeof(disk));
	snprintf(meta->target, sizeof(meta->target), "%.127s",
		 disk[0] ? disk : j->filename[0] ? j->filename : j->directory);
	snprintf(meta->job, sizeof(meta->job), "%s %s qd%llu j%llu%s", rw_name(j->rw),
		 format_size(j->bs, bs, sizeof(bs)), j->iodepth, j->numjobs,
		 set->njobs > 1 ? " +" : "");
}

void run_meta_for_proc(enum proc_kind kind, const struct job_spec *job, struct run_meta *meta)
{
	char disk[64];
	memset(meta, 0, sizeof(*meta));
	meta->when = time(NULL);
	meta->end = RUN_RUNNING;
	model_target_disk(job->filename, disk, sizeof(disk));
	snprintf(meta->target, sizeof(meta->target), "%.127s", disk[0] ? disk : job->filename);
	/* The title up to its explanation: "seven-test matrix", "latency profile". */
	snprintf(meta->job, sizeof(meta->job), "%s", procedure_title(kind));
	static const char *const cut[] = { " (", ":", "\xef\xbc\x88", "\xef\xbc\x9a" };  /* （ ： */
	for (size_t i = 0; i < sizeof(cut) / sizeof(cut[0]); i++) {
		char *p = strstr(meta->job, cut[i]);
		if (p)
			*p = '\0';
	}
}

static struct run_rec *grow(struct run_list *l, const struct run_meta *meta)
{
	struct run_rec *v = realloc(l->v, (l->n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	l->v = v;
	memset(&v[l->n], 0, sizeof(v[l->n]));
	if (meta)
		v[l->n].meta = *meta;
	if (!v[l->n].meta.when)
		v[l->n].meta.when = time(NULL);
	return &v[l->n++];
}

int runs_add_result(struct run_list *l, const struct run_meta *meta, struct run_result *res)
{
	struct run_rec *r = grow(l, meta);
	if (!r)
		return -1;
	r->have_result = true;
	r->result = *res;
	if (res->start_wall)
		r->meta.when = (time_t)res->start_wall;
	if (r->meta.end == RUN_RUNNING)
		r->meta.end = RUN_DONE;
	memset(res, 0, sizeof(*res));
	return 0;
}

int runs_add_table(struct run_list *l, const struct run_meta *meta, struct proc_table *t)
{
	struct run_rec *r = grow(l, meta);
	if (!r)
		return -1;
	r->have_table = true;
	r->table = *t;
	memset(t, 0, sizeof(*t));
	if (r->meta.end == RUN_RUNNING)
		r->meta.end = RUN_DONE;
	return 0;
}

int runs_add_refused(struct run_list *l, const struct run_meta *meta, const char *err)
{
	struct run_rec *r = grow(l, meta);
	if (!r)
		return -1;
	if (r->meta.end != RUN_FAILED)
		r->meta.end = RUN_REFUSED;
	snprintf(r->err, sizeof(r->err), "%s", err ? err : "");
	return 0;
}

const char *run_end_word(enum run_end e)
{
	switch (e) {
	case RUN_RUNNING: return _("running");
	case RUN_DONE: return _("done");
	case RUN_STOPPED: return _("stopped");
	case RUN_FAILED: return _("failed");
	default: return _("refused");
	}
}

static uint64_t worse(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

void runs_figures(const struct run_result *r, struct run_figures *f)
{
	memset(f, 0, sizeof(*f));
	if (!r || !r->ngroups)
		return;
	f->valid = true;
	for (size_t g = 0; g < r->ngroups; g++) {
		const struct group_result *gr = &r->groups[g];
		double secs = gr->runtime_ms ? (double)gr->runtime_ms / 1000.0 : 0;
		for (int d = 0; d < DIR_COUNT; d++) {
			const struct dir_stats *ds = &gr->dir[d];
			uint64_t pct[MODEL_NPCTS];
			if (!ds->ios)
				continue;
			f->ios[d] += ds->ios;
			if (secs > 0) {
				f->iops[d] += (double)ds->ios / secs;
				f->bw_bytes[d] += (double)ds->bytes / secs;
			}
			hist_percentiles(&ds->clat.hist, hist_default_pcts, hist_default_npcts,
					 lat_min(&ds->clat), ds->clat.max_ns, pct);
			/* hist_default_pcts: 50 is the 7th, 99 the 13th, 99.9 the 15th. */
			f->p50_ns[d] = worse(f->p50_ns[d], pct[6]);
			f->p99_ns[d] = worse(f->p99_ns[d], pct[12]);
			f->p999_ns[d] = worse(f->p999_ns[d], pct[14]);
			f->mean_ns[d] = worse(f->mean_ns[d], ds->clat.n ? ds->clat.sum_ns / ds->clat.n : 0);
		}
	}
	for (int d = 0; d < DIR_COUNT; d++) {
		f->iops_total += f->iops[d];
		f->bw_total += f->bw_bytes[d];
		f->p99_worst = worse(f->p99_worst, f->p99_ns[d]);
	}
}

void runs_table_figures(const struct proc_table *t, struct run_figures *f)
{
	const struct proc_row *one = NULL;
	memset(f, 0, sizeof(*f));
	for (size_t i = 0; t && i < t->nrows; i++) {
		if (t->rows[i].state != ROW_DONE && t->rows[i].state != ROW_STOPPED)
			continue;
		if (one)
			return;
		one = &t->rows[i];
	}
	if (!one)
		return;
	f->valid = true;
	f->iops_total = one->iops;
	f->bw_total = one->bw_bytes;
	f->p99_worst = (uint64_t)ceil(one->clat_p99_ns);
}

const struct run_result *runs_last_result(const struct run_list *l)
{
	for (size_t i = l->n; i-- > 0;)
		if (l->v[i].have_result)
			return &l->v[i].result;
	return NULL;
}

void runs_free(struct run_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		if (l->v[i].have_result)
			run_result_free(&l->v[i].result);
		if (l->v[i].have_table)
			proc_table_free(&l->v[i].table);
	}
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static void run_heading(FILE *f, size_t i, size_t n, time_t when)
{
	char stamp[32];
	struct tm tm;
	localtime_r(&when, &tm);
	strftime(stamp, sizeof(stamp), "%H:%M:%S", &tm);
	fprintf(f, _("=== run %zu of %zu, started %s ===\n"), i, n, stamp);
}

size_t runs_with_summary(const struct run_list *l, const struct run_result *last)
{
	size_t n = last != NULL;
	for (size_t i = 0; i < l->n; i++)
		n += l->v[i].have_result || l->v[i].have_table;
	return n;
}

void runs_file_name(const struct run_list *l, bool json, char *buf, size_t len)
{
	time_t t = l->opened ? l->opened : time(NULL);
	struct tm tm;
	char stamp[32];
	localtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(buf, len, "blktop-runs-%s.%s", stamp, json ? "json" : "txt");
}

static void say_not_started(const struct run_list *l, const struct run_result *last,
			    enum output_format fmt)
{
	size_t n = l->n + (last != NULL);
	for (size_t i = 0; i < l->n; i++) {
		const struct run_rec *r = &l->v[i];
		if (!r->have_result && !r->have_table)
			fprintf(stderr, _("blktop: run %zu of %zu was not started: %s\n"), i + 1, n,
				r->err);
		/* The normal table says so itself; CSV and JSON stay machine-readable. */
		else if (r->have_table && r->table.interrupted && fmt != OUTPUT_NORMAL)
			fprintf(stderr, _("blktop: run %zu of %zu (%s) was stopped part-way: its table covers the steps that ran\n"),
				i + 1, n, r->meta.job);
	}
}


static int write_runs(const struct run_list *l, const struct run_result *last, const char *path,
		      enum output_format fmt)
{
	bool json = fmt == OUTPUT_JSON;
	struct writer w;
	size_t n = l->n + (last != NULL);
	if (!runs_with_summary(l, last))
		return 0;
	if (writer_open(&w, path))
		return BLKTOP_FAILED;
	/* JSON: each run's document as it stands, no headings between them. */
	for (size_t i = 0; i < l->n; i++) {
		const struct run_rec *r = &l->v[i];
		if (!r->have_result && !r->have_table)
			continue;
		if (n > 1 && !json)
			run_heading(w.f, i + 1, n, r->meta.when);
		summary_print(w.f, r->have_result ? &r->result : NULL,
			       r->have_table ? &r->table : NULL, fmt);
		if (!json)
			fputc('\n', w.f);
	}
	if (last) {
		if (n > 1 && !json)
			run_heading(w.f, n, n, last->start_wall ? (time_t)last->start_wall : time(NULL));
		summary_print(w.f, last, NULL, fmt);
	}
	return writer_close(&w, 0);
}

int runs_write_all(const struct run_list *l, const struct run_result *last, const char *path,
		   enum output_format fmt)
{
	say_not_started(l, last, fmt);
	return write_runs(l, last, path, fmt);
}

int runs_write_on_quit(const struct run_list *l, const struct run_result *last, const char *path,
		       enum output_format fmt)
{
	bool json = fmt == OUTPUT_JSON;
	char name[64];
	size_t n = runs_with_summary(l, last);
	say_not_started(l, last, fmt);
	if (path || n <= RUNS_PRINT_MAX)
		return write_runs(l, last, path, fmt);
	runs_file_name(l, json, name, sizeof(name));
	if (write_runs(l, last, name, fmt))
		return write_runs(l, last, NULL, fmt);  /* the terminal, then */
	/* The newest run on the terminal: a job's summary or a table. */
	struct writer w;
	int rc = writer_open(&w, NULL);
	if (!rc) {
		const struct run_rec *r = NULL;
		for (size_t i = l->n; !last && i-- > 0;)
			if (l->v[i].have_result || l->v[i].have_table) {
				r = &l->v[i];
				break;
			}
		summary_print(w.f, last ? last : r && r->have_result ? &r->result : NULL,
			       !last && r && r->have_table ? &r->table : NULL, fmt);
		rc = writer_close(&w, 0);
	}
	fprintf(stderr, _("blktop: the summaries of all %zu runs are in %s\n"), n, name);
	return rc;
}
