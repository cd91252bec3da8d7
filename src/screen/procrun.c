/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procrun.c - the procedure thread. procedure_run() calls the hooks in
 * this thread: a note or a row is copied under procrun's lock, an
 * interval goes to the model as the job runner's does, and each one wakes
 * the event loop through its pipe. The sysfs values a profile changes are
 * put back by procedure_run() before it returns, so leaving the screen
 * joins this thread. */
#include "config.h"
#include "screen/procrun.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "i18n.h"
#include "procedures/ramp.h"
#include "util/str.h"

static void wake(int fd)
{
	char c = 1;
	ssize_t r = write(fd, &c, 1);   /* non-blocking: full means awake */
	(void)r;
}

static void on_note(const char *line, void *arg)
{
	struct procrun *p = arg;
	pthread_mutex_lock(&p->lock);
	str_copy(p->note, sizeof(p->note), line);
	str_trim_end(p->note);
	/* Until a step runs, the notes are the checks of the machine and the
	 * target: kept, so the screen shows them all before the run. */
	if (p->row_seq == p->row_seq_start && p->nchecks < PROC_CHECKS)
		snprintf(p->checks[p->nchecks++], sizeof(p->checks[0]), "%s", p->note);
	p->seq++;
	pthread_mutex_unlock(&p->lock);
	wake(p->wake_fd);
}

/* The numjobs sweep names its knee once it ends; the screen marks the
 * knee of the steps done so far meanwhile, by the same rule (ramp.c). */
static long knee_so_far(const struct procrun *p, const struct proc_table *t)
{
	struct ramp_point pts[RAMP_MAX_STEPS];
	size_t n = 0;
	if (t->kind != PROC_SWEEP_NUMJOBS)
		return -1;
	if (t->knee >= 0)
		return t->knee;
	for (size_t i = 0; i < t->nrows && n < RAMP_MAX_STEPS; i++) {
		const struct proc_row *r = &t->rows[i];
		if (r->state != ROW_DONE)
			break;
		pts[n++] = (struct ramp_point){ r->numjobs, r->iops, r->lat_avg_ns / 1000 };
	}
	return ramp_knee(pts, n, (double)p->req.lat_limit_us);
}

static void on_row(const struct proc_table *t, size_t row, void *arg)
{
	struct procrun *p = arg;
	pthread_mutex_lock(&p->lock);
	if (t->nrows > p->nrows || !p->rows) {
		struct proc_row *v = realloc(p->rows, (t->nrows ? t->nrows : 1) * sizeof(*v));
		if (!v) {
			pthread_mutex_unlock(&p->lock);
			return;
		}
		p->rows = v;
	}
	memcpy(p->rows, t->rows, t->nrows * sizeof(*p->rows));
	p->nrows = t->nrows;
	p->planned = t->planned;
	p->curve_bw = t->curve_bw;
	p->knee = knee_so_far(p, t);
	snprintf(p->title, sizeof(p->title), "%s", t->title);
	if (row < t->nrows && t->rows[row].state == ROW_RUNNING)
		p->row_seq++;
	p->seq++;
	pthread_mutex_unlock(&p->lock);
	wake(p->wake_fd);
}

static void on_sample(const struct run_sample *s, void *arg)
{
	struct procrun *p = arg;
	model_on_sample(p->model, s);
	wake(p->wake_fd);
}

static void on_interval(const struct run_interval *iv, void *arg)
{
	struct procrun *p = arg;
	model_on_interval(p->model, iv);
	wake(p->wake_fd);
}

static void *procrun_main(void *arg)
{
	struct procrun *p = arg;
	struct proc_hooks hooks = { on_note, on_row, NULL, on_interval, p->interval_ms, p,
				    on_sample };
	struct proc_table t;
	char err[1024] = "";
	int rc = procedure_run(&p->req, &hooks, &t, err, sizeof(err));
	/* The final table: failures and stops are in it too. */
	if (t.nrows)
		on_row(&t, t.nrows, p);
	/* Kept for the summary printed when the screen is left. */
	pthread_mutex_lock(&p->lock);
	proc_table_free(&p->final);
	p->final = t;
	p->have_final = true;
	pthread_mutex_unlock(&p->lock);
	model_proc_ended(p->model, rc, err);
	wake(p->wake_fd);
	return NULL;
}

int procrun_start(struct procrun *p, enum proc_kind kind, const struct job_spec *job,
		  bool force, char *err, size_t errlen)
{
	if (p->active) {
		snprintf(err, errlen, "%s", _("a procedure is already running"));
		return -1;
	}
	if (!p->lock_ready) {
		pthread_mutex_init(&p->lock, NULL);
		p->lock_ready = true;
	}
	pthread_mutex_lock(&p->lock);
	free(p->rows);
	p->rows = NULL;
	p->nrows = p->planned = 0;
	p->knee = -1;
	p->note[0] = '\0';
	p->nchecks = 0;
	p->row_seq_start = p->row_seq;
	proc_table_free(&p->final);
	p->have_final = false;
	snprintf(p->title, sizeof(p->title), "%s", procedure_title(kind));
	p->seq++;
	pthread_mutex_unlock(&p->lock);

	memset(&p->req, 0, sizeof(p->req));
	p->req.kind = kind;
	p->req.job = *job;
	p->req.force = force;
	p->req.lat_limit_us = p->lat_limit_us;
	/* A new control for a new procedure: the last one's stop stays with
	 * it, and a signal (the parent's) stops this one too. */
	runctl_init(&p->ctl, p->parent);
	p->req.ctl = &p->ctl;
	int e = pthread_create(&p->tid, NULL, procrun_main, p);
	if (e) {
		snprintf(err, errlen, _("cannot start the procedure: %s"), strerror(e));
		return -1;
	}
	p->active = true;
	return 0;
}

void procrun_stop(struct procrun *p)
{
	if (p->active)
		runctl_stop(&p->ctl, RUNCTL_USER, 0, "stop key");
}

void procrun_join(struct procrun *p)
{
	if (!p->active)
		return;
	pthread_join(p->tid, NULL);
	p->active = false;
}

bool procrun_collect(struct procrun *p, struct screen_model *m, uint64_t *seen,
		     uint64_t *seen_row, struct proc_row *row)
{
	bool started = false;
	if (!p->lock_ready)
		return false;
	pthread_mutex_lock(&p->lock);
	if (p->seq != *seen) {
		*seen = p->seq;
		struct proc_row *v = p->nrows ? malloc(p->nrows * sizeof(*v)) : NULL;
		if (v || !p->nrows) {
			if (p->nrows)
				memcpy(v, p->rows, p->nrows * sizeof(*v));
			free(m->proc_rows);
			m->proc_rows = v;
			m->proc_nrows = p->nrows;
		}
		m->proc_planned = p->planned;
		m->proc_curve_bw = p->curve_bw;
		m->proc_knee = p->knee;
		m->proc_kind = p->req.kind;
		m->proc_sweep = p->req.kind == PROC_SWEEP_BS || p->req.kind == PROC_SWEEP_NUMJOBS;
		snprintf(m->proc_title, sizeof(m->proc_title), "%s", p->title);
		snprintf(m->proc_note, sizeof(m->proc_note), "%s", p->note);
		memcpy(m->proc_checks, p->checks, sizeof(m->proc_checks));
		m->proc_nchecks = p->nchecks;
	}
	if (p->row_seq != *seen_row) {
		*seen_row = p->row_seq;
		for (size_t i = 0; i < p->nrows; i++)
			if (p->rows[i].state == ROW_RUNNING) {
				*row = p->rows[i];
				started = true;
			}
	}
	pthread_mutex_unlock(&p->lock);
	return started;
}

const struct proc_table *procrun_final(const struct procrun *p)
{
	return p->lock_ready && !p->active && p->have_final && p->final.nrows ? &p->final : NULL;
}

bool procrun_take_final(struct procrun *p, struct proc_table *t)
{
	if (!procrun_final(p))
		return false;
	*t = p->final;
	memset(&p->final, 0, sizeof(p->final));
	p->have_final = false;
	return true;
}

void procrun_free(struct procrun *p)
{
	if (!p->lock_ready)
		return;
	pthread_mutex_destroy(&p->lock);
	proc_table_free(&p->final);
	p->have_final = false;
	free(p->rows);
	p->rows = NULL;
	p->lock_ready = false;
}
