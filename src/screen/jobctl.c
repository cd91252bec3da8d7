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
	if (d)
		snprintf(u->selected_name, sizeof(u->selected_name), "%s", d->name);
}

/* After a rescan, the same device stays selected (or the preselected). */
void ui_reselect(struct ui *u)
{
	const struct dev_rows *d = &u->model.devs;
	const char *want = u->preselect[0] ? u->preselect : u->selected_name;
	const struct dev_row *r = want[0] ? devsource_find(d, want) : NULL;
	if (r)
		u->ps[PANE_DEVICES].sel = (int)(r - d->v);
	u->preselect[0] = '\0';
}

void jobctl_start(struct ui *u, const struct job_set *set)
{
	char err[512];
	u->model.proc_on = false;
	/* The last run's result is kept, not thrown away by the new one. */
	if (u->model.have_result && runs_add_result(&u->runs, &u->model.result) == 0)
		u->model.have_result = false;
	if (runner_start(&u->runner, set, err, sizeof(err)))
		model_set_status(&u->model, true, "%s", err);
	else
		model_set_status(&u->model, false, "%s", "");
	ui_update_follow(u);
	u->dirty = true;
}

/* The form's first job: the table's defaults, but time-based for a minute,
 * since a screen is for watching (the form shows and changes both). */
static void form_seed(struct ui *u, const struct dev_row *d, struct job_spec *j)
{
	if (u->have_form_job) {
		*j = u->form_job;
	} else {
		char err[256];
		job_defaults(j);
		job_option_set(j, "runtime", "60", err, sizeof(err));
		job_option_set(j, "time_based", "1", err, sizeof(err));
	}
	if (d) {
		snprintf(j->filename, sizeof(j->filename), "%s", d->path);
		j->directory[0] = '\0';
	}
}

void jobctl_open_form(struct ui *u)
{
	struct job_spec j;
	const struct dev_row *d = selected_dev(u);
	if (model_job_active(&u->model)) {
		model_set_status(&u->model, true, "%s", _("A job is running: s stops it first."));
		u->status_job = true;
		return;
	}
	if (!d && !u->have_form_job) {
		model_set_status(&u->model, true, "%s", _("No device selected."));
		return;
	}
	form_seed(u, d, &j);
	if (form_open(&u->form, &j))
		model_set_status(&u->model, true, "%s", strerror(ENOMEM));
}

void jobctl_form_started(struct ui *u)
{
	struct job_set set = { 0 };
	u->form_job = u->form.job;
	u->have_form_job = true;
	if (job_set_add(&set, &u->form.job)) {
		model_set_status(&u->model, true, "%s", strerror(ENOMEM));
		return;
	}
	set.force = u->form.force;
	form_close(&u->form);
	jobctl_start(u, &set);
	job_set_free(&set);
}

void jobctl_stop(struct ui *u)
{
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
