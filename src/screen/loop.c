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

#include <errno.h>
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
#include "screen/help.h"
#include "screen/keys.h"
#include "screen/summary.h"
#include "screen/termfallback.h"
#include "screen/ui.h"
#include "util/clock.h"
#include "util/status.h"

static const struct dev_row *selected_dev(struct ui *u)
{
	const struct dev_rows *d = &u->model.devs;
	int sel = u->ps[PANE_DEVICES].sel;
	return sel >= 0 && (size_t)sel < d->n ? &d->v[sel] : NULL;
}

/* While a job runs its disk is followed; otherwise the selected device. */
static void update_follow(struct ui *u)
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
static void reselect(struct ui *u)
{
	const struct dev_rows *d = &u->model.devs;
	const char *want = u->preselect[0] ? u->preselect : u->selected_name;
	const struct dev_row *r = want[0] ? devsource_find(d, want) : NULL;
	if (r)
		u->ps[PANE_DEVICES].sel = (int)(r - d->v);
	u->preselect[0] = '\0';
}

static void start_job(struct ui *u, const struct job_set *set)
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
	update_follow(u);
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

static void open_form(struct ui *u)
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

static void form_started(struct ui *u)
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
	start_job(u, &set);
	job_set_free(&set);
}

static void stop_job(struct ui *u)
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

/* The result w saves: the shown run's, or the newest kept one. */
static const struct run_result *save_result(struct ui *u)
{
	return u->model.have_result ? &u->model.result : runs_last_result(&u->runs);
}

static void begin_save(struct ui *u, bool json)
{
	if (!save_result(u)) {
		model_set_status(&u->model, true, "%s", _("No finished run to save yet."));
		return;
	}
	u->prompt = PROMPT_SAVE;
	u->prompt_json = json;
	summary_default_name(save_result(u), json, u->prompt_text, sizeof(u->prompt_text));
}

static void prompt_key(struct ui *u, struct key_event ev)
{
	if (u->prompt == PROMPT_QUIT) {
		u->prompt = PROMPT_NONE;
		if (!ev.func && (ev.code == 'y' || ev.code == 'Y'))
			u->quit = true;
		return;
	}
	if (!ev.func && ev.code == 27) {
		u->prompt = PROMPT_NONE;
	} else if (!ev.func && (ev.code == '\n' || ev.code == '\r')) {
		char err[600];
		u->prompt = PROMPT_NONE;
		if (!save_result(u) || summary_save(save_result(u), u->prompt_text, u->prompt_json, err, sizeof(err)))
			model_set_status(&u->model, true, "%s", err);
		else
			model_set_status(&u->model, false, _("Summary saved to %s"), u->prompt_text);
	} else {
		text_edit_key(u->prompt_text, sizeof(u->prompt_text), ev);
	}
}

static void move_in_pane(struct ui *u, enum action act)
{
	struct view v = { &u->model, NULL, &u->theme, u->graph_pts, u->graph_n, u->secs,
			  u->nsecs };
	const struct pane_class *p = ui_panes[u->focus];
	struct pane_state *st = &u->ps[u->focus];
	int rows = p->rows ? p->rows(&v) : 0;
	int page = u->layout.pane[u->focus].h - 3;
	int *pos = p->selects ? &st->sel : &st->top;
	if (!rows)
		return;
	switch (act) {
	case ACT_UP: (*pos)--; break;
	case ACT_DOWN: (*pos)++; break;
	case ACT_PAGE_UP: *pos -= page > 1 ? page : 1; break;
	case ACT_PAGE_DOWN: *pos += page > 1 ? page : 1; break;
	case ACT_HOME: *pos = 0; break;
	case ACT_END: *pos = rows - 1; break;
	default: break;
	}
	if (*pos >= rows)
		*pos = rows - 1;
	if (*pos < 0)
		*pos = 0;
	if (u->focus == PANE_DEVICES)
		update_follow(u);
}

static void rescan(struct ui *u)
{
	probing_rescan(u);
}

static void main_key(struct ui *u, struct key_event ev)
{
	enum action act = keys_lookup(ev);
	switch (act) {
	case ACT_HELP: u->help_open = true; u->help_top = 0; break;
	case ACT_ENTER: open_form(u); break;
	case ACT_STOP: stop_job(u); break;
	case ACT_PROCEDURES: procui_open(u); break;
	case ACT_PROC_VIEW: procui_action(u, act); break;
	case ACT_PROC_MEASURE: case ACT_GRAPH_OLDER: case ACT_GRAPH_NEWER: case ACT_GRAPH_MODE:
	case ACT_METERS:
		graphui_action(u, act);
		break;
	case ACT_QUIT:
		if (model_job_active(&u->model))
			u->prompt = PROMPT_QUIT;
		else
			u->quit = true;
		break;
	case ACT_TOGGLE_PCT: u->model.pct_run = !u->model.pct_run; break;
	case ACT_SAVE: begin_save(u, false); break;
	case ACT_SAVE_JSON: begin_save(u, true); break;
	case ACT_RESCAN: probing_key(u); break;
	case ACT_REDRAW: clearok(curscr, TRUE); break;
	case ACT_NEXT_PANE: u->focus = (u->focus + 1) % PANE_COUNT; break;
	case ACT_PREV_PANE: u->focus = (u->focus + PANE_COUNT - 1) % PANE_COUNT; break;
	case ACT_UP: case ACT_DOWN: case ACT_PAGE_UP: case ACT_PAGE_DOWN:
	case ACT_HOME: case ACT_END:
		move_in_pane(u, act);
		break;
	default: break;
	}
}

static void handle_key(struct ui *u, struct key_event ev)
{
	u->dirty = true;
	if (ev.func && ev.code == KEY_RESIZE)
		return;                  /* the next frame lays out for LINES, COLS */
	if (u->prompt != PROMPT_NONE) {
		prompt_key(u, ev);
		return;
	}
	u->model.status[0] = '\0';
	u->status_job = false;
	if (ev.func && ev.code == KEY_MOUSE) {
		struct mouse_act ma = u->help_open || u->form.open || u->procmenu.open
				      ? (struct mouse_act){ ACT_NONE, 0, false } : mouse_event(u);
		for (int i = 0; i < ma.repeat; i++)
			move_in_pane(u, ma.act);
		if (ma.selected)
			update_follow(u);
		return;
	}
	if (u->layout.too_small) {
		enum action a = keys_lookup(ev);
		if (a == ACT_QUIT || a == ACT_STOP)
			main_key(u, ev);
		return;
	}
	if (u->help_open) {
		enum action a = keys_lookup(ev);
		if (a == ACT_UP || a == ACT_DOWN)
			u->help_top += a == ACT_UP ? -1 : 1;
		else
			u->help_open = false;
		return;
	}
	if (u->procmenu.open) {
		if (ev.func && ev.code == KEY_F(1))
			u->help_open = true;
		else
			procui_key(u, ev);
		return;
	}
	if (u->form.open) {
		if (ev.func && ev.code == KEY_F(1)) {
			u->help_open = true;
			return;
		}
		switch (form_key(&u->form, ev, &u->model.devs)) {
		case FORM_CLOSE: form_close(&u->form); break;
		case FORM_START: form_started(u); break;
		default: break;
		}
		return;
	}
	main_key(u, ev);
}

static void read_keys(struct ui *u)
{
	for (int i = 0; i < 64; i++) {
		wint_t wc;
		int r = get_wch(&wc);
		if (r == ERR)
			break;
		handle_key(u, (struct key_event){ (int)wc, r == KEY_CODE_YES });
	}
}

/* The command line's job or procedure, once the first scan is in. */
static void start_first(struct ui *u)
{
	u->first_pending = false;
	if (u->first_job.njobs)
		start_job(u, &u->first_job);
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
		if (!model_job_active(&u->model) && u->procrun.active) {
			procrun_join(&u->procrun);
			procui_wake(u);
			if (u->model.run_rc && u->model.run_err[0])
				model_set_status(&u->model, true, "%s", u->model.run_err);
			if (!u->quit && !runctl_stopped(&u->ctl))
				rescan(u);
		}
		if (!model_job_active(&u->model) && u->runner.active) {
			runner_join(&u->runner);
			if (u->model.run_rc)
				model_set_status(&u->model, true, "%s", u->model.run_err);
			if (u->model.run_rc && !u->model.have_result)
				runs_add_refused(&u->runs, u->model.run_err);
			/* Verdicts may have changed (a write made a filesystem). */
			if (!u->quit && !runctl_stopped(&u->ctl))
				rescan(u);
		}
		/* "Stopping the job..." and the like end with the job. */
		if (u->status_job && !model_job_active(&u->model)) {
			u->model.status[0] = '\0';
			u->status_job = false;
		}
		probing_after_wake(u);
		if (u->first_pending && probing_idle(u))
			start_first(u);
		reselect(u);
		update_follow(u);
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
		model_sample(&u->model);
		u->next_tick_ns = now_ns() + u->delay_ms * 1500000ull;
		u->dirty = true;
	}
}

static void tick(struct ui *u)
{
	probing_tick(u);
	model_sample(&u->model);
	u->next_tick_ns = now_ns() + u->delay_ms * 1000000ull;
	u->dirty = true;
}

static void wait_once(struct ui *u, const sigset_t *wait_mask)
{
	uint64_t now = now_ns();
	uint64_t left = u->next_tick_ns > now ? u->next_tick_ns - now : 0;
	struct timespec ts = { (time_t)(left / 1000000000ull), (long)(left % 1000000000ull) };
	/* A negative descriptor is skipped: a dead terminal must not spin us. */
	struct pollfd pfd[2] = { { u->tty_gone ? -1 : u->tty_fd, POLLIN, 0 },
				 { u->wake[0], POLLIN, 0 } };
	int r = ppoll(pfd, 2, &ts, wait_mask);
	if (r > 0) {
		sigstop_take_pending(&u->sigs);
		if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
			u->tty_gone = true;
			sigstop_deliver(&u->sigs, RUNCTL_TERMINAL_GONE, SIGHUP);
		}
		if (pfd[1].revents & POLLIN)
			handle_wake(u);
	}
	if (!u->tty_gone)
		read_keys(u);
	if (now_ns() >= u->next_tick_ns)
		tick(u);
}

static void run_loop(struct ui *u, const sigset_t *wait_mask)
{
	while (!u->quit && !runctl_stopped(&u->ctl)) {
		if (u->dirty && !u->tty_gone) {
			frame_draw(u);
			u->dirty = false;
		}
		wait_once(u, wait_mask);
	}
}

/* Stops the job and waits for it, keeping the screen alive meanwhile. */
static void finish_job(struct ui *u, const sigset_t *wait_mask)
{
	if (!u->runner.active && !u->procrun.active)
		return;
	stop_job(u);
	/* A procedure puts its sysfs values back before its thread ends. */
	while (u->runner.active || u->procrun.active) {
		if (!u->tty_gone)
			frame_draw(u);
		u->next_tick_ns = now_ns() + 200000000ull;
		wait_once(u, wait_mask);
	}
}

/* The screen goes to the terminal even when stdout is redirected, so
 * `blktop --run ... > run.txt` shows the screen and leaves the summary in
 * the file. */
/* The terminal type must be one curses knows and can draw on: TERM unset
 * or unknown makes newterm() fail, and a type without cursor addressing
 * (TERM=dumb, emacs' shell) would scroll garbage. Each gets one line that
 * says what to do, and exit 2, as bad input does. */
static bool terminal_usable(SCREEN *scr)
{
	const char *term = getenv("TERM");
	if (!scr) {
		if (!term || !*term)
			fprintf(stderr, "blktop: %s\n",
				_("TERM is not set, so the screen cannot draw: set it (e.g. TERM=xterm-256color) or use --batch for a plain report"));
		else
			fprintf(stderr, _("blktop: the terminal type '%s' (TERM) is not known here: set TERM to one that is (e.g. xterm-256color) or use --batch for a plain report\n"),
				term);
		return false;
	}
	const char *cup = tigetstr("cup");
	if (cup && cup != (char *)-1)
		return true;
	endwin();
	delscreen(scr);
	fprintf(stderr, _("blktop: the terminal type '%s' (TERM) cannot move the cursor, so the screen cannot draw: use --batch for a plain report, or a full terminal (e.g. TERM=xterm-256color)\n"),
		term ? term : "");
	return false;
}

static int terminal_start(struct ui *u)
{
	SCREEN *scr = NULL;
	bool tty = true;
	/* Without TERM there is nothing for newterm() to look up. */
	const char *term = getenv("TERM");
	bool has_term = term && *term;
	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		if (has_term)
			scr = termfallback_newterm(stdout, stdin);
		u->tty_fd = STDIN_FILENO;
	} else {
		u->tty = fopen("/dev/tty", "r+e");
		if (u->tty) {
			if (has_term)
				scr = termfallback_newterm(u->tty, u->tty);
			u->tty_fd = fileno(u->tty);
		}
		tty = u->tty != NULL;
	}
	if (!tty || !terminal_usable(scr)) {
		if (!tty)
			fprintf(stderr, "blktop: %s\n",
				_("the screen needs a terminal; use --batch for a plain report"));
		if (u->tty)
			fclose(u->tty);
		u->tty = NULL;
		return -1;
	}
	u->term = scr;
	set_term(scr);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	/* A frame is always finished: curses would otherwise stop half-way
	 * when a key is waiting and leave the rest for the next frame. */
	typeahead(-1);
	mouse_enable();
	theme_init(&u->theme);
	return 0;
}

/* Lines written on stderr while the screen is up (the sysfs steps of a
 * procedure say what they set and restore) would scribble over it: they
 * are kept in a file and written out once the terminal is back. */
static void stderr_hold(struct ui *u)
{
	u->held_err = NULL;
	u->saved_err_fd = -1;
	if (!isatty(STDERR_FILENO))
		return;
	FILE *f = tmpfile();
	int saved = f ? dup(STDERR_FILENO) : -1;
	if (saved < 0 || dup2(fileno(f), STDERR_FILENO) < 0) {
		if (saved >= 0)
			close(saved);
		if (f)
			fclose(f);
		return;
	}
	u->held_err = f;
	u->saved_err_fd = saved;
}

static void stderr_release(struct ui *u)
{
	char buf[4096];
	size_t n;
	if (!u->held_err)
		return;
	fflush(stderr);
	dup2(u->saved_err_fd, STDERR_FILENO);
	close(u->saved_err_fd);
	rewind(u->held_err);
	while ((n = fread(buf, 1, sizeof(buf), u->held_err)) > 0)
		fwrite(buf, 1, n, stderr);
	fflush(stderr);
	fclose(u->held_err);
	u->held_err = NULL;
}

static void terminal_end(struct ui *u)
{
	endwin();
	delscreen(u->term);
	if (u->tty)
		fclose(u->tty);
}

static void ui_init(struct ui *u, const struct cli_args *args)
{
	memset(u, 0, sizeof(*u));
	u->args = args;
	u->delay_ms = args && args->delay_ms ? args->delay_ms : 1000;
	u->focus = PANE_DEVICES;
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
	reselect(u);
	update_follow(u);
	model_sample(&u->model);
	u->next_tick_ns = now_ns() + u->delay_ms * 1000000ull;
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
			start_job(u, initial_job);
	} else if (args && args->procedure) {
		u->first_pending = true;
	}
	frame_draw(u);

	run_loop(u, &u->sigs.wait_mask);
	finish_job(u, &u->sigs.wait_mask);
	scanner_join(&u->scanner);
	terminal_end(u);
	stderr_release(u);
	sigstop_end(&u->sigs);
	int sig = runctl_signo(&u->ctl);

	bool json = args && args->format == OUTPUT_JSON;
	int out_rc = -1;  /* the summary on exit: > 0 when it was lost */
	if (u->model.proc_on) {
		/* The last run was a procedure: its table, as --batch prints it
		 * (a job run before it is not the news). */
		out_rc = procui_summary(u);
		if (u->model.run_rc && u->model.run_err[0])
			fprintf(stderr, "blktop: %s\n", u->model.run_err);
	} else if (u->model.have_result || runs_last_result(&u->runs)) {
		/* Every run of the session, oldest first. */
		out_rc = runs_write_all(&u->runs, u->model.have_result ? &u->model.result : NULL,
					args ? args->output_file : NULL, json);
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
	job_set_free(&u->first_job);
	runs_free(&u->runs);
	procrun_free(&u->procrun);
	model_free(&u->model);
	close(u->wake[0]);
	close(u->wake[1]);
	free(u);
	return status;
}
