/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jobctl.c - what the screen does to jobs: start one (keeping the last
 * run's result), stop it, open the workload form and start what it holds,
 * and which device the live panes follow. Called from the key handlers
 * (input.c) and the event loop (loop.c). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "screen/ui.h"
#include "util/status.h"

static const struct dev_row *selected_dev(struct ui *u)
{
	const struct dev_rows *d = &u->model.devs;
	int sel = u->ps[PANE_DEVICES].sel;
	return sel >= 0 && (size_t)sel < d->n ? &d->v[sel] : NULL;
}

/* While a job runs its disk is followed; otherwise the selected device. */
void ui_update_follow(struct ui *u)
{
	const struct dev_row *d = selected_dev(u);
	if (model_job_active(&u->model))
		model_follow_disk(&u->model, u->model.job_disk);
	else
		model_follow_disk(&u->model, d ? d->disk : "");
}

/* The user moved the selection: that device is the one kept from now. */
void ui_selection_moved(struct ui *u)
{
	const struct dev_row *d = selected_dev(u);
	u->preselect[0] = '\0';
	if (d)
		snprintf(u->selected_name, sizeof(u->selected_name), "%s", d->name);
	ui_update_follow(u);
}

/* After a rescan the same device stays selected (or the preselected),
 * found by name: a new list moves rows under the index. Only the user
 * changes which device that is; one missing from a scan (devices come
 * and go on a busy machine) is selected again when it is back. */
void ui_reselect(struct ui *u)
{
	const struct dev_rows *d = &u->model.devs;
	const struct dev_row *r = u->preselect[0] ? devsource_find(d, u->preselect) : NULL;
	/* An empty list (a scan that failed) has not had its chance. */
	if (r || d->n)
		u->preselect[0] = '\0';
	if (!r && u->selected_name[0])
		r = devsource_find(d, u->selected_name);
	if (r) {
		u->ps[PANE_DEVICES].sel = (int)(r - d->v);
		snprintf(u->selected_name, sizeof(u->selected_name), "%s", r->name);
	} else if (!u->selected_name[0] && (r = selected_dev(u)) != NULL) {
		snprintf(u->selected_name, sizeof(u->selected_name), "%s", r->name);
	}
}

/* The last run's result is kept, not thrown away by the new one. */
void jobctl_keep_result(struct ui *u)
{
	if (u->model.have_result && runs_add_result(&u->runs, &u->cur_meta, &u->model.result) == 0)
		u->model.have_result = false;
	u->cur_on = false;
	u->cur_proc = false;
}

void jobctl_start(struct ui *u, const struct job_set *set)
{
	char err[512];
	struct run_meta meta;
	u->model.proc_on = false;
	jobctl_keep_result(u);
	run_meta_for(set, &meta);
	if (runner_start(&u->runner, set, err, sizeof(err))) {
		/* Refused before it began: recorded, nothing else dropped. */
		runs_add_refused(&u->runs, &meta, err);
		model_set_status(&u->model, true, "%s", err);
	} else {
		u->cur_meta = meta;
		u->cur_on = true;
		model_set_status(&u->model, false, "%s", "");
	}
	ui_update_follow(u);
	u->dirty = true;
}

void jobctl_run_ended(struct ui *u, bool stopped)
{
	enum job_state st = model_state(&u->model);
	if (!u->cur_on)
		return;
	if (!u->model.have_result) {
		/* Refused by the gate or failed before a result: the list says
		 * so; the runs before it stay as they were. */
		u->cur_meta.end = u->model.run_rc == BLKTOP_REFUSED ? RUN_REFUSED : RUN_FAILED;
		runs_add_refused(&u->runs, &u->cur_meta, u->model.run_err);
		u->cur_on = false;
		return;
	}
	u->cur_meta.end = st == JOB_FAILED ? RUN_FAILED : stopped ? RUN_STOPPED : RUN_DONE;
	if (u->model.result.start_wall)      /* as its summary's heading says */
		u->cur_meta.when = (time_t)u->model.result.start_wall;
	/* Too many to print on quit: said once, with the file's name. */
	if (runs_with_summary(&u->runs, &u->model.result) == RUNS_PRINT_MAX + 1 && !u->model.run_rc &&
	    !(u->args && u->args->output_file)) {
		char name[64];
		runs_file_name(&u->runs, u->args && u->args->format == OUTPUT_JSON, name, sizeof(name));
		model_set_status(&u->model, false, _("%d runs: on quit their summaries go to %s (R lists them)."),
				 RUNS_PRINT_MAX + 1, name);
	}
}

/* The form's first job: the last one the form started, else the command
 * line's (`blktop --rw=randwrite --bs=64k`, or the job --run ran), time-based
 * for a minute unless the line says how long, since a screen is for
 * watching (the form shows and changes both). */
static void form_seed(struct ui *u, const struct dev_row *d, struct job_spec *j)
{
	if (u->have_form_job) {
		*j = u->form_job;
	} else {
		char err[256];
		if (u->args)
			*j = u->args->job;
		else
			job_defaults(j);
		if (!job_option_given(j, "runtime") && !job_option_given(j, "time_based")) {
			job_option_set(j, "runtime", "60", err, sizeof(err));
			job_option_set(j, "time_based", "1", err, sizeof(err));
		}
	}
	if (d) {
		snprintf(j->filename, sizeof(j->filename), "%s", d->path);
		j->directory[0] = '\0';
	}
}

/* Switching workloads live: Enter during a job opens the form on the
 * running job's values (its first job, when a job file runs several). */
static int open_on_running(struct ui *u)
{
	if (!u->runner.active || !u->runner.set.njobs)
		return -1;
	if (form_open(&u->form, &u->runner.set.jobs[0])) {
		model_set_status(&u->model, true, "%s", strerror(ENOMEM));
		return 0;
	}
	form_set_message(&u->form, false,
			 _("The running job's values. Enter stops it and starts this one (asks "
			   "once); Esc leaves it running."));
	return 0;
}

void jobctl_open_form(struct ui *u)
{
	struct job_spec j;
	const struct dev_row *d = selected_dev(u);
	if (u->procrun.active) {
		model_set_status(&u->model, true, "%s",
				 _("A procedure is running: s stops it first."));
		u->status_job = true;
		return;
	}
	if (model_job_active(&u->model) && open_on_running(u) == 0)
		return;
	if (!d && !u->have_form_job) {
		model_set_status(&u->model, true, "%s", _("No device selected."));
		return;
	}
	form_seed(u, d, &j);
	if (form_open(&u->form, &j))
		model_set_status(&u->model, true, "%s", strerror(ENOMEM));
}

static void drop_pending(struct ui *u)
{
	job_set_free(&u->pending);
	u->have_pending = false;
}

void jobctl_form_started(struct ui *u)
{
	struct job_set set = { 0 };
	u->form_job = u->form.job;
	u->have_form_job = true;
	if (model_job_active(&u->model)) {
		/* One question, then the switch: the form stays open under it. */
		u->prompt = PROMPT_SWITCH;
		return;
	}
	if (job_set_add(&set, &u->form.job)) {
		model_set_status(&u->model, true, "%s", strerror(ENOMEM));
		return;
	}
	set.force = u->form.force;
	form_close(&u->form);
	jobctl_start(u, &set);
	job_set_free(&set);
}

void jobctl_switch(struct ui *u, bool yes)
{
	if (!yes) {
		form_set_message(&u->form, false, _("Not started: the running job goes on."));
		return;
	}
	drop_pending(u);
	if (job_set_add(&u->pending, &u->form.job)) {
		drop_pending(u);
		model_set_status(&u->model, true, "%s", strerror(ENOMEM));
		return;
	}
	u->pending.force = u->form.force;
	form_close(&u->form);
	if (!model_job_active(&u->model)) {      /* it ended meanwhile */
		jobctl_start_pending(u);
		return;
	}
	u->have_pending = true;
	runner_stop(&u->runner);
	procrun_stop(&u->procrun);
	model_mark_stopping(&u->model);
	model_set_status(&u->model, false, "%s",
			 _("Stopping the job; the new one starts when it has ended..."));
	u->status_job = true;
}

bool jobctl_start_pending(struct ui *u)
{
	if (!u->pending.njobs)
		return false;
	struct job_set set = u->pending;
	memset(&u->pending, 0, sizeof(u->pending));
	u->have_pending = false;
	jobctl_start(u, &set);
	job_set_free(&set);
	return true;
}

void jobctl_stop(struct ui *u)
{
	/* s stops everything, a switch on its way included. */
	drop_pending(u);
	if (!model_job_active(&u->model)) {
		model_set_status(&u->model, false, "%s", _("No job is running."));
		return;
	}
	runner_stop(&u->runner);
	procrun_stop(&u->procrun);
	model_mark_stopping(&u->model);
	model_set_status(&u->model, false, "%s", _("Stopping the job..."));
	u->status_job = true;
}
