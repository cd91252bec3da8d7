/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runner.c - the job and device-scan threads. The run's interval hook is
 * called from run.c's monitor thread: it copies the figures into the model
 * under the model's lock and writes one byte to the loop's pipe, so the
 * screen redraws in step with the run and the job threads never wait. */
#include "config.h"
#include "screen/runner.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "i18n.h"

static void wake(int fd)
{
	char c = 1;
	/* The pipe is non-blocking: a full pipe already means "wake up". */
	ssize_t r = write(fd, &c, 1);
	(void)r;
}

static void on_sample(const struct run_sample *s, void *arg)
{
	struct runner *r = arg;
	model_on_sample(r->model, s);
	wake(r->wake_fd);
}

static void on_interval(const struct run_interval *iv, void *arg)
{
	struct runner *r = arg;
	model_on_interval(r->model, iv);
	wake(r->wake_fd);
}

static void *runner_main(void *arg)
{
	struct runner *r = arg;
	struct run_hooks hooks = { .interval = on_interval, .arg = r,
				   .interval_ms = r->interval_ms, .ctl = &r->ctl,
				   .sample = on_sample };
	struct run_result res;
	char err[512];
	memset(&res, 0, sizeof(res));
	int rc = run_job_set(&r->set, &hooks, &res, err, sizeof(err));
	model_job_ended(r->model, rc, &res, err);
	if (rc == 0)
		run_result_free(&res);     /* emptied by the model; frees nothing */
	wake(r->wake_fd);
	return NULL;
}

int runner_start(struct runner *r, const struct job_set *set, char *err, size_t errlen)
{
	if (r->active) {
		snprintf(err, errlen, _("a job is already running"));
		return -1;
	}
	memset(&r->set, 0, sizeof(r->set));
	for (size_t i = 0; i < set->njobs; i++)
		if (job_set_add(&r->set, &set->jobs[i])) {
			job_set_free(&r->set);
			snprintf(err, errlen, "%s", strerror(ENOMEM));
			return -1;
		}
	r->set.force = set->force;
	/* A new control for a new run: the last one's stop stays with it. */
	runctl_init(&r->ctl, r->parent);
	model_job_starting(r->model, &r->set);
	int e = pthread_create(&r->tid, NULL, runner_main, r);
	if (e) {
		snprintf(err, errlen, _("cannot start the job: %s"), strerror(e));
		struct run_result none;
		memset(&none, 0, sizeof(none));
		model_job_ended(r->model, 1, &none, err);
		job_set_free(&r->set);
		return -1;
	}
	r->active = true;
	return 0;
}

void runner_stop(struct runner *r)
{
	if (r->active)
		runctl_stop(&r->ctl, RUNCTL_USER, 0, "stop key");
}

void runner_join(struct runner *r)
{
	if (!r->active)
		return;
	pthread_join(r->tid, NULL);
	r->active = false;
	job_set_free(&r->set);
}

static void *scanner_main(void *arg)
{
	struct scanner *s = arg;
	struct dev_rows rows;
	char err[256] = "";
	if (devsource_scan(&rows, true, &s->keep, err, sizeof(err)))
		memset(&rows, 0, sizeof(rows));
	model_devices_ready(s->model, &rows, err);
	devsource_free(&rows);
	wake(s->wake_fd);
	return NULL;
}

bool scanner_start(struct scanner *s, struct dev_rows *keep)
{
	if (s->active)
		return false;
	devsource_free(&s->keep);
	if (keep) {
		s->keep = *keep;
		memset(keep, 0, sizeof(*keep));
	}
	s->model->scanning = true;
	int e = pthread_create(&s->tid, NULL, scanner_main, s);
	if (e) {
		s->model->scanning = false;
		model_set_status(s->model, true, _("cannot list block devices: %s"), strerror(e));
		return true;
	}
	s->active = true;
	return true;
}

void scanner_join(struct scanner *s)
{
	if (s->active)
		pthread_join(s->tid, NULL);
	s->active = false;
	devsource_free(&s->keep);
}
