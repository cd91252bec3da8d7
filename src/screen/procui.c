/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procui.c - the procedure menu and thread as the event loop sees them:
 * p opens the menu on the selected device, Enter starts the procedure,
 * each step's start resets the live pane to that step's job, and the
 * table so far is copied into the model for the workload pane; v and b
 * change how the pane shows it. Stop and quit go through the same paths
 * as a job's (loop.c); leaving prints the table as --batch does. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "screen/ui.h"
#include "util/status.h"

static const struct dev_row *selected(struct ui *u)
{
	const struct dev_rows *d = &u->model.devs;
	int sel = u->ps[PANE_DEVICES].sel;
	return sel >= 0 && (size_t)sel < d->n ? &d->v[sel] : NULL;
}

void procui_open(struct ui *u)
{
	const struct dev_row *d = selected(u);
	if (model_job_active(&u->model)) {
		model_set_status(&u->model, true, "%s", _("A job is running: s stops it first."));
		return;
	}
	if (!d) {
		model_set_status(&u->model, true, "%s", _("No device selected."));
		return;
	}
	/* The form's last runtime, when it was short enough for a step. */
	unsigned rt = 5;
	if (u->have_form_job && u->form_job.runtime_ms && u->form_job.runtime_ms <= 600000)
		rt = (unsigned)((u->form_job.runtime_ms + 999) / 1000);
	if (u->procmenu.open)
		return;
	procmenu_open(&u->procmenu, d, u->procmenu.runtime_s ? u->procmenu.runtime_s : rt);
}

static void launch(struct ui *u, enum proc_kind kind, const struct job_spec *job, bool force,
		   const char *dev_name);

static void start(struct ui *u)
{
	struct procmenu *pm = &u->procmenu;
	struct job_spec j;
	char err[600], rt[32];
	job_defaults(&j);
	snprintf(j.filename, sizeof(j.filename), "%s", pm->dev_path);
	snprintf(rt, sizeof(rt), "%u", pm->runtime_s);
	/* Set through the table, so it wins over the procedure's own. */
	job_option_set(&j, "runtime", rt, err, sizeof(err));
	pm->open = false;
	launch(u, proc_registry[pm->sel].kind, &j, pm->force, pm->dev_name);
}

/* `blktop --sweep bs vdc` on a terminal: the procedure starts at once, as
 * `--run` starts a job, with the options given on the command line. */
int procui_start_args(struct ui *u, const struct cli_args *args)
{
	enum proc_kind kind;
	if (procedure_kind(args->mode, args->procedure, &kind))
		return -1;
	const char *name = strrchr(args->job.filename, '/');
	launch(u, kind, &args->job, args->force,
	       name ? name + 1 : args->job.filename);
	return 0;
}

static void launch(struct ui *u, enum proc_kind kind, const struct job_spec *job, bool force,
		   const char *dev_name)
{
	char err[600];
	struct job_spec j = *job;
	/* The knee is the best step within the limit: --lat-limit, or its default. */
	u->procrun.lat_limit_us = u->args ? u->args->lat_limit_us : 500;
	/* The title bar and live pane show the target until the first step.
	 * The last job's result goes to the runs list first: this procedure
	 * is the list's next run. */
	struct job_set set = { .jobs = &j, .njobs = 1, .force = force };
	jobctl_keep_result(u);
	run_meta_for_proc(kind, &j, &u->cur_meta);
	model_job_starting(&u->model, &set);
	u->model.proc_on = true;
	u->model.proc_nrows = u->model.proc_planned = 0;
	u->model.proc_knee = -1;
	u->model.proc_note[0] = '\0';
	u->ps[PANE_WORKLOAD].top = 0;
	if (procrun_start(&u->procrun, kind, &j, force, err, sizeof(err))) {
		model_proc_ended(&u->model, 2, err);
		model_collect_pending(&u->model);
		model_set_status(&u->model, true, "%s", err);
		u->cur_meta.end = RUN_REFUSED;
		runs_add_refused(&u->runs, &u->cur_meta, err);
		return;
	}
	u->cur_on = u->cur_proc = true;
	model_set_status(&u->model, false, _("%s started on %s; s stops it."),
			 procedure_name(kind), dev_name);
}

void procui_key(struct ui *u, struct key_event ev)
{
	switch (procmenu_key(&u->procmenu, ev, &u->model.devs)) {
	case PM_CLOSE: u->procmenu.open = false; break;
	case PM_START: start(u); break;
	default: break;
	}
}

/* A step started: the live pane and title bar follow its job. */
static void step_started(struct ui *u, const struct proc_row *row)
{
	struct job_spec j = u->model.job;
	struct job_set set = { .jobs = &j, .njobs = 1 };
	char err[256];
	if (model_state(&u->model) != JOB_RUNNING)
		return;                /* stopping: no step is shown as new */
	if (row->rw[0])
		job_option_set(&j, "rw", row->rw, err, sizeof(err));
	if (row->bs)
		j.bs = row->bs;
	if (row->iodepth)
		j.iodepth = row->iodepth;
	if (row->numjobs)
		j.numjobs = row->numjobs;
	model_job_starting(&u->model, &set);
}

bool procui_wake(struct ui *u)
{
	struct proc_row row;
	if (!u->procrun.lock_ready)
		return false;
	bool changed = false;
	uint64_t seq = u->seen_proc_seq;
	if (procrun_collect(&u->procrun, &u->model, &u->seen_proc_seq, &u->seen_proc_row, &row))
		step_started(u, &row);
	changed = seq != u->seen_proc_seq;
	return changed;
}

void procui_action(struct ui *u, enum action act)
{
	struct screen_model *m = &u->model;
	if (!m->proc_on) {
		model_set_status(m, false, "%s", _("No procedure to show: p starts one."));
		return;
	}
	if (act == ACT_PROC_VIEW)
		m->proc_view = (enum proc_view)((m->proc_view + 1) % PROC_VIEW_COUNT);
	else if (act == ACT_PROC_MEASURE)
		m->proc_bw_flip = !m->proc_bw_flip;
}

void procui_ended(struct ui *u)
{
	struct proc_table t;
	if (!u->cur_on || !u->cur_proc)
		return;
	u->cur_on = u->cur_proc = false;
	if (!procrun_take_final(&u->procrun, &t)) {
		/* Refused (the gate, the checks) or failed before a step. */
		u->cur_meta.end = u->model.run_rc == BLKTOP_REFUSED ? RUN_REFUSED : RUN_FAILED;
		runs_add_refused(&u->runs, &u->cur_meta, u->model.run_err);
		return;
	}
	u->cur_meta.end = t.interrupted ? RUN_STOPPED : u->model.run_rc ? RUN_FAILED : RUN_DONE;
	if (runs_add_table(&u->runs, &u->cur_meta, &t))
		proc_table_free(&t);
}
