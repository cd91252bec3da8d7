/* SPDX-License-Identifier: GPL-2.0-or-later */
/* loop.c - the screen's one event loop and its entry point.
 *
 * The loop waits in ppoll() on the terminal and a pipe the background
 * threads write to, with the refresh tick as its timeout; signals get
 * through only inside that wait (util/sigstop.c). Key handlers only change
 * state and mark the frame dirty; at most one frame is drawn per wakeup.
 * While a run goes, its intervals drive the refresh, so the collectors
 * sample the same second the run reports. */
#include "config.h"
#include "screen/screen.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "i18n.h"
#include "options.h"
#include "screen/ui.h"
#include "util/clock.h"
#include "util/status.h"

static void rescan(struct ui *u)
{
	probing_rescan(u);
}

/* The command line's job or procedure, once the first scan is in. */
static void start_first(struct ui *u)
{
	u->first_pending = false;
	if (u->first_job.njobs)
		jobctl_start(u, &u->first_job);
	else if (u->args && u->args->procedure)
		procui_start_args(u, u->args);
	job_set_free(&u->first_job);
}

/* Something a background thread finished: an interval, a run, a scan. */
static void handle_wake(struct ui *u)
{
	char buf[64];
	while (read(u->wake[0], buf, sizeof(buf)) > 0)
		;
	if (procui_wake(u))
		u->dirty = true;
	if (model_collect_pending(&u->model)) {
		/* A new device list moves rows under the selection's index:
		 * find the selected device again by name before anything
		 * (a job starting, the follow) reads the index. */
		ui_reselect(u);
		if (!model_job_active(&u->model) && u->procrun.active) {
			procrun_join(&u->procrun);
			procui_wake(u);
			procui_ended(u);
			if (u->model.run_rc && u->model.run_err[0])
				model_set_status(&u->model, true, "%s", u->model.run_err);
			if (!u->quit && !runctl_stopped(&u->ctl))
				rescan(u);
		}
		if (!model_job_active(&u->model) && u->runner.active) {
			bool stopped = runctl_stopped(&u->runner.ctl);
			runner_join(&u->runner);
			if (u->model.run_rc)
				model_set_status(&u->model, true, "%s", u->model.run_err);
			jobctl_run_ended(u, stopped);
			/* A switch (Enter, y) starts its job now; then verdicts
			 * may have changed (a write made a filesystem): the scan
			 * keeps away from the new job's disk. */
			if (!u->quit && !runctl_stopped(&u->ctl)) {
				jobctl_start_pending(u);
				rescan(u);
			}
		}
		/* "Stopping the job..." and the like end with the job. */
		if (u->status_job && !model_job_active(&u->model)) {
			u->model.status[0] = '\0';
			u->status_job = false;
		}
		probing_after_wake(u);
		if (u->first_pending && probing_idle(u))
			start_first(u);
		ui_reselect(u);
		ui_update_follow(u);
		u->dirty = true;
	}
	pthread_mutex_lock(&u->model.lock);
	uint64_t seq = u->model.iv_seq;
	pthread_mutex_unlock(&u->model.lock);
	if (seq != u->seen_iv_seq) {
		/* Sample with the run's interval so both cover the same second;
		 * the timer is only a fallback while intervals flow. */
		u->seen_iv_seq = seq;
		probing_tick(u);
		/* Not when the fallback sampled a moment ago (an interval late
		 * on a loaded machine): CPU and device figures over a few
		 * ticks would be whole multiples of 20 %, not the second's. */
		uint64_t now = now_ns();
		if (now - u->last_sample_ns >= u->delay_ms * 500000ull) {
			model_sample(&u->model);
			u->last_sample_ns = now;
		}
		u->next_tick_ns = now + u->delay_ms * 1500000ull;
		u->dirty = true;
	}
}

static void tick(struct ui *u)
{
	probing_tick(u);
	model_sample(&u->model);
	u->last_sample_ns = now_ns();
	u->next_tick_ns = u->last_sample_ns + u->delay_ms * 1000000ull;
	u->dirty = true;
}

static void wait_once(struct ui *u)
{
	struct pollfd pfd[2] = { { -1, 0, 0 }, { u->wake[0], POLLIN, 0 } };
	if (ui_wait(u, &u->sigs, pfd, 2, u->next_tick_ns) > 0 && (pfd[1].revents & POLLIN))
		handle_wake(u);
	if (!u->tty_gone)
		input_read_keys(u);
	if (now_ns() >= u->next_tick_ns)
		tick(u);
}

static void run_loop(struct ui *u)
{
	while (!u->quit && !runctl_stopped(&u->ctl)) {
		if (u->dirty && !u->tty_gone) {
			frame_draw(u);
			u->dirty = false;
		}
		wait_once(u);
	}
}

/* Stops the job and waits for it, keeping the screen alive meanwhile. */
static void finish_job(struct ui *u)
{
	if (!u->runner.active && !u->procrun.active)
		return;
	jobctl_stop(u);
	/* A procedure puts its sysfs values back before its thread ends. */
	while (u->runner.active || u->procrun.active) {
		if (!u->tty_gone)
			frame_draw(u);
		u->next_tick_ns = now_ns() + 200000000ull;
		wait_once(u);
	}
}

static void ui_init(struct ui *u, const struct cli_args *args)
{
	memset(u, 0, sizeof(*u));
	u->args = args;
	u->delay_ms = args && args->delay_ms ? args->delay_ms : 1000;
	u->focus = PANE_DEVICES;
	u->save_run = -1;
	u->runs_mark = -1;
	u->runs.opened = time(NULL);
	model_init(&u->model);
	u->runner.model = &u->model;
	u->runner.interval_ms = u->delay_ms;
	u->model.interval_ms = u->delay_ms;
	u->scanner.model = &u->model;
	u->procrun.model = &u->model;
	u->procrun.interval_ms = u->delay_ms;
	runctl_init(&u->ctl, NULL);
	u->runner.parent = &u->ctl;
	u->procrun.parent = &u->ctl;
	u->dirty = true;
}

/* As --batch: a run stopped by a signal ends as the shell expects of a
 * program ended by it. */
static int exit_status(const struct ui *u)
{
	int sig = runctl_signo(&u->ctl);
	if (sig)
		return BLKTOP_SIGNAL_BASE + sig;
	if (u->model.have_result)
		return u->model.result.exit_status;
	return u->model.run_rc;
}

int screen_main(const struct cli_args *args, struct job_set *initial_job,
		const char *scratch_dev)
{
	struct ui *u = calloc(1, sizeof(*u));
	if (!u)
		return BLKTOP_FAILED;
	ui_init(u, args);
	if (pipe2(u->wake, O_NONBLOCK | O_CLOEXEC)) {
		perror("blktop: pipe");
		free(u);
		return BLKTOP_FAILED;
	}
	u->runner.wake_fd = u->scanner.wake_fd = u->procrun.wake_fd = u->wake[1];
	/* Before initscr() (curses then leaves SIGINT and SIGTERM alone) and
	 * before any thread starts (they inherit the mask): the signals get
	 * through only while the loop waits. */
	sigstop_install(&u->sigs, &u->ctl, true);
	sigstop_block(&u->sigs, SIGWINCH);
	if (terminal_start(u)) {
		sigstop_end(&u->sigs);
		close(u->wake[0]);
		close(u->wake[1]);
		model_free(&u->model);
		free(u);
		return BLKTOP_USAGE;
	}
	stderr_hold(u);
	if (scratch_dev) {
		snprintf(u->preselect, sizeof(u->preselect), "%s", scratch_dev);
		snprintf(u->model.scratch_dev, sizeof(u->model.scratch_dev), "%s", scratch_dev);
	}
	else if (initial_job && initial_job->njobs)
		snprintf(u->preselect, sizeof(u->preselect), "%s", initial_job->jobs[0].filename);
	else if (args && args->procedure)
		snprintf(u->preselect, sizeof(u->preselect), "%s", args->job.filename);

	/* The first frame comes before anything slow: the devices as sysfs
	 * lists them, their verdicts once the scanner has probed them. */
	struct dev_rows rows;
	char err[256];
	if (devsource_scan(&rows, false, NULL, err, sizeof(err)) == 0)
		model_devices_ready(&u->model, &rows, "");
	model_collect_pending(&u->model);
	ui_reselect(u);
	ui_update_follow(u);
	model_sample(&u->model);
	u->last_sample_ns = now_ns();
	u->next_tick_ns = u->last_sample_ns + u->delay_ms * 1000000ull;
	/* Every verdict is taken before any job starts: the job (or the
	 * procedure) of the command line waits for the first scan. */
	probing_tick(u);
	rescan(u);
	if (initial_job && initial_job->njobs) {
		u->first_pending = true;
		for (size_t i = 0; i < initial_job->njobs; i++)
			if (job_set_add(&u->first_job, &initial_job->jobs[i]))
				u->first_pending = false;
		u->first_job.force = initial_job->force;
		if (!u->first_pending)
			jobctl_start(u, initial_job);
	} else if (args && args->procedure) {
		u->first_pending = true;
	}
	frame_draw(u);

	run_loop(u);
	finish_job(u);
	scanner_join(&u->scanner);
	terminal_end(u);
	stderr_release(u);
	sigstop_end(&u->sigs);
	int sig = runctl_signo(&u->ctl);

	enum output_format fmt = args ? args->format : OUTPUT_NORMAL;
	int out_rc = -1;  /* the summary on exit: > 0 when it was lost */
	if (u->model.have_result || runs_with_summary(&u->runs, NULL)) {
		/* Every run of the session, oldest first, procedures too. */
		out_rc = runs_write_on_quit(&u->runs, u->model.have_result ? &u->model.result : NULL,
					    args ? args->output_file : NULL, fmt);
		if (u->model.proc_on && u->model.run_rc && u->model.run_err[0] && u->runs.n &&
		    u->runs.v[u->runs.n - 1].have_table)  /* failed part-way */
			fprintf(stderr, "blktop: %s\n", u->model.run_err);
	} else if (u->model.run_rc && u->model.run_err[0])
		fprintf(stderr, "blktop: %s\n", u->model.run_err);
	/* Errors a continue_on_error policy let pass are said once more here,
	 * as --batch says them, so they do not vanish with the screen. */
	if (!u->model.proc_on && u->model.have_result &&
	    run_ignored_errors(&u->model.result, err, sizeof(err)))
		fprintf(stderr, "blktop: %s\n", err);
	if (sig && (u->model.have_result || u->model.proc_on))
		fprintf(stderr, _("blktop: stopped by signal %d (%s); the report covers the time that ran\n"),
			sig, strsignal(sig));
	else if (sig)
		fprintf(stderr, _("blktop: stopped by signal %d (%s)\n"), sig, strsignal(sig));
	int status = exit_status(u);
	if (u->model.proc_on && !sig)
		status = u->model.run_rc ? u->model.run_rc : out_rc > 0 ? BLKTOP_FAILED : BLKTOP_OK;
	else if (out_rc > 0 && !status)
		status = BLKTOP_FAILED;  /* the summary was lost */
	form_close(&u->form);
	runsview_close(u);
	job_set_free(&u->pending);
	job_set_free(&u->first_job);
	runs_free(&u->runs);
	procrun_free(&u->procrun);
	model_free(&u->model);
	close(u->wake[0]);
	close(u->wake[1]);
	free(u);
	return status;
}
