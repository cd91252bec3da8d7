/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_proc_screen.c - `blktop --hosts=... --profile|--suite|--sweep`
 * without --batch: the procedure's steps on the fleet's screen. The
 * procedure runs in this thread (fleet/fleet_proc.c expands the steps and
 * makes each step's rows from the hosts' reports, exactly as for
 * --batch); its runner is the screen's loop, which attaches the step's
 * hosts to the fleet's collector and turns until every host has ended
 * the step, so keys, signals and the hosts' pipes are all waited on in
 * the screen's one wait. Above: the hosts of the current step (a host
 * that left the fleet shows how); below: the step counter, the clock, and
 * the table so far, drawn from the text --batch prints. Leaving prints
 * the report --batch would have printed for the steps done. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "output/writer.h"
#include "screen/fleet_ui.h"
#include "screen/fmt.h"
#include "util/clock.h"
#include "util/status.h"

/* The table so far as --batch prints it: the rows that have ended (a
 * running or pending row is not yet a result). While the numjobs sweep
 * runs, its knee lines would speak too soon: only its rows are kept. */
static void table_render(struct fleet_ui *f, const struct proc_table *t, bool final)
{
	struct proc_table c = *t;
	size_t done = 0;
	while (!final && done < t->nrows && t->rows[done].state != ROW_PENDING &&
	       t->rows[done].state != ROW_RUNNING)
		done++;
	if (!final)
		c.nrows = done;
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return;
	if (c.nrows)
		proc_table_normal(m, &c);
	fclose(m);
	if (!text)
		return;
	int lines = 0;
	for (char *p = text; *p; p++) {
		if (*p != '\n')
			continue;
		if (!final && t->kind == PROC_SWEEP_NUMJOBS && lines == (int)done + 1) {
			*p = '\0';
			break;
		}
		lines++;
	}
	free(f->m.table_text);
	f->m.table_text = text;
	f->m.table_lines = lines;
	snprintf(f->m.table_head, sizeof(f->m.table_head),
		 _("The fleet's totals, step by step (%zu hosts)"), f->proc->n);
}

static void on_note(const char *line, void *arg)
{
	struct fleet_ui *f = arg;
	snprintf(f->m.status, sizeof(f->m.status), "%s", line);
	/* The notes before the first step: the checks, what is not taken. */
	if (!f->steps_seen && f->m.nnotes < 4)
		snprintf(f->m.notes[f->m.nnotes++], sizeof(f->m.notes[0]), "%s", line);
	f->dirty = true;
}

static void on_row(const struct proc_table *t, size_t row, void *arg)
{
	struct fleet_ui *f = arg;
	if (row < t->nrows && t->rows[row].state == ROW_RUNNING)
		f->steps_seen = true;
	table_render(f, t, false);
	fleet_ui_update(f);
}

static void clock_line(struct fleet_ui *f)
{
	const struct fleet_proc *fp = f->proc;
	uint64_t now = f->proc_ended ? f->proc_end_ns : now_ns();
	uint64_t el = (now - f->proc_start_ns) / 1000000u;
	char a[32], b[32], c[32];
	fmt_duration(el, a, sizeof(a));
	if (f->proc_ended) {
		snprintf(f->m.time_line, sizeof(f->m.time_line), _("took %s"), a);
		return;
	}
	uint64_t left, ovh;
	bool guessed;
	if (!fleet_proc_left(fp, now, &left, &ovh, &guessed)) {
		snprintf(f->m.time_line, sizeof(f->m.time_line), _("elapsed %s"), a);
		return;
	}
	/* Each step to come as long as this one's jobs, plus the overhead
	 * (ssh, verdicts, reports) the steps so far had beyond theirs. */
	char d[32];
	snprintf(d, sizeof(d), _("%.1f s"), (double)ovh / 1000.0);
	snprintf(f->m.time_line, sizeof(f->m.time_line),
		 guessed ? _("elapsed %s, about %s left of about %s (%s a step beyond its jobs, "
			     "guessed)")
			 : _("elapsed %s, about %s left of about %s (%s a step beyond its jobs, "
			     "measured)"),
		 a, fmt_duration(left, b, sizeof(b)), fmt_duration(el + left, c, sizeof(c)), d);
}

void fleet_ui_proc_update(struct fleet_ui *f)
{
	struct fleet_proc *fp = f->proc;
	struct fleet_model *m = &f->m;
	if (f->step_active) {
		/* The step's hosts where they are among all; the others left. */
		size_t k = 0;
		for (size_t i = 0; i < fp->n; i++) {
			if (k < f->nrun && f->idx[k] == i)
				f->shown[i] = f->run[k++];
			else
				fleet_proc_gone_host(fp, i, &f->shown[i]);
		}
		fleet_model_update(m, f->shown, fp->n, f->live.stopping, f->live.ended, f->live.go);
	} else if (fp->nsteps && fp->steps[fp->nsteps - 1].hosts) {
		const struct fleet_step *s = &fp->steps[fp->nsteps - 1];
		fleet_model_update(m, s->hosts, fp->n, false, true, s->started);
	} else {
		fleet_model_update(m, fp->hosts, fp->n, false, false, false);
	}
	if (fp->cur.label[0] && fp->cur.planned)
		snprintf(m->step_line, sizeof(m->step_line), _("step %zu/%zu: %s"),
			 fp->cur.first + 1, fp->cur.planned, fp->cur.label);
	else if (fp->cur.label[0])
		snprintf(m->step_line, sizeof(m->step_line), _("step %zu: %s"), fp->cur.first + 1,
			 fp->cur.label);
	m->proc_ended = f->proc_ended;
	clock_line(f);
}

/* A step: its hosts on the collector, the screen's loop until every one
 * has ended it (or the user leaves at once: they are cut). */
static bool screen_runner(struct fleet_proc *fp, const struct fleet_job *job,
			  struct fleet_host *run, const size_t *idx, size_t nrun, int *status)
{
	struct fleet_ui *f = fp->runner_arg;
	*status = fleet_live_attach(&f->live, job, run, nrun);
	if (*status)
		return false;
	f->run = run;
	f->idx = idx;
	f->nrun = nrun;
	f->step_active = true;
	fleet_live_start(&f->live);
	if (runctl_stopped(fp->ctl))
		fleet_live_stop(&f->live);
	fleet_ui_update(f);
	while (!f->leave && !f->live.ended)
		fleet_ui_turn(f);
	bool go = f->live.go;
	fleet_ui_update(f);
	f->step_active = false;
	fleet_live_detach(&f->live);
	f->run = NULL;
	f->idx = NULL;
	f->nrun = 0;
	return go;
}

static void ui_free(struct fleet_ui *f)
{
	if (f->proc)
		fleet_proc_close(f->proc);
	free(f->proc);
	free(f->shown);
	free(f->pfd);
	fleet_model_free(&f->m);
	free(f->term);
	free(f);
}

int fleet_proc_screen_main(const struct cli_args *args, int argc, char **argv)
{
	struct fleet_ui *f = calloc(1, sizeof(*f));
	if (!f)
		return BLKTOP_FAILED;
	f->term = calloc(1, sizeof(*f->term));
	f->proc = calloc(1, sizeof(*f->proc));
	if (!f->term || !f->proc) {
		ui_free(f);
		return BLKTOP_FAILED;
	}
	struct fleet_proc *fp = f->proc;
	struct ui *u = f->term;
	enum proc_kind kind;
	f->delay_ms = args->delay_ms ? args->delay_ms : 1000;
	fleet_model_init(&f->m);
	f->m.proc = true;
	f->live.ended = true;
	runctl_init(&f->ctl, NULL);
	runctl_init(&f->proc_ctl, &f->ctl);
	/* The hosts and the procedure first: bad input is said on the
	 * terminal as is; then the terminal, and only then any host. */
	int status = fleet_proc_open(fp, args, argc, argv, &kind);
	if (!status) {
		f->shown = calloc(fp->n, sizeof(*f->shown));
		f->pfd = calloc(1 + FLEET_SESSION_FDS * fp->n, sizeof(*f->pfd));
		if (!f->shown || !f->pfd)
			status = BLKTOP_FAILED;
	}
	if (status) {
		ui_free(f);
		return status;
	}
	sigstop_install(&f->sigs, &f->ctl, true);
	sigstop_block(&f->sigs, SIGWINCH);
	if (terminal_start(u)) {
		sigstop_end(&f->sigs);
		ui_free(f);
		return BLKTOP_USAGE;
	}
	stderr_hold(u);
	fp->ctl = &f->proc_ctl;
	fp->sigs = &f->sigs;
	fp->runner = screen_runner;
	fp->runner_arg = f;
	fp->hooks = (struct proc_hooks){ .note = on_note, .row = on_row, .arg = f };
	snprintf(f->m.step_line, sizeof(f->m.step_line), "%s", procedure_title(kind));
	f->proc_start_ns = now_ns();
	f->next_tick_ns = f->proc_start_ns + f->delay_ms * 1000000ull;
	fleet_ui_update(f);

	struct proc_table table;
	char err[1024] = "";
	int st = fleet_proc_run(fp, kind, &table, err, sizeof(err));
	f->proc_ended = true;
	f->proc_end_ns = now_ns();
	table_render(f, &table, true);
	snprintf(f->m.status, sizeof(f->m.status), "%s",
		 err[0] ? err : _("The procedure has ended: q leaves and prints its report."));
	fleet_ui_update(f);
	while (!f->leave && !f->quitting)
		fleet_ui_turn(f);

	terminal_end(u);
	stderr_release(u);
	sigstop_end(&f->sigs);
	if (st && err[0])
		fprintf(stderr, "blktop: %s\n", err);
	struct writer w;
	status = writer_open(&w, args->output_file);
	if (!status) {
		fleet_proc_report(fp, &table, w.f);
		status = writer_close(&w, st);
	}
	proc_table_free(&table);
	if (runctl_signo(&f->ctl))
		status = BLKTOP_SIGNAL_BASE + runctl_signo(&f->ctl);
	ui_free(f);
	return status;
}
