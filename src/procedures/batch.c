/* SPDX-License-Identifier: GPL-2.0-or-later */
/* batch.c - --profile, --suite and --sweep without the screen: progress
 * lines as each step starts and ends (the table fills in row by row on
 * the terminal too), fio's report for a profile's run, then the table in
 * the format asked for. In the normal format everything goes to one
 * stream; with json or csv the table alone does, and the progress goes to
 * stderr so the output stays machine-readable. */
#include "config.h"
#include "procedures/procedure.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "collect/tune.h"
#include "i18n.h"
#include "output/report.h"
#include "output/writer.h"
#include "outwatch.h"
#include "util/sigstop.h"
#include "util/status.h"

struct batch {
	struct writer *w;             /* the report's destination, w->f == out */
	FILE *out, *notes;
	enum output_format format;
	bool profile;
	bool reported;                /* fio's report of the profile's run printed */
};

/* Progress lines are shown as they come; on the report's own stream a
 * failed write is kept for the writer's close (output/writer.h). */
static void flush_notes(struct batch *b)
{
	if (b->notes == b->out)
		writer_flush(b->w);
	else
		fflush(b->notes);
}

static void on_note(const char *line, void *arg)
{
	struct batch *b = arg;
	fprintf(b->notes, "%s\n", line);
	flush_notes(b);
}

static void on_row(const struct proc_table *t, size_t i, void *arg)
{
	struct batch *b = arg;
	const struct proc_row *r = &t->rows[i];

	/* The numjobs ramp says its own line, with the gain. */
	if (t->kind == PROC_SWEEP_NUMJOBS || r->state == ROW_RUNNING || r->state == ROW_PENDING)
		return;
	if (r->state == ROW_FAILED && !r->runtime_ms) {
		fprintf(b->notes, _("      %s failed: %s\n"), r->label, r->note);
	} else {
		fprintf(b->notes,
			_("      %s: %.1f IOPS (per second %.0f..%.0f), %.2f MiB/s, clat avg %.1f us, p99 %.1f us%s\n"),
			r->label, r->iops, r->iops_min, r->iops_max, r->bw_bytes / 1048576.0,
			report_lat_up(r->clat_avg_ns, 1000, 1), report_lat_up(r->clat_p99_ns, 1000, 1),
			r->state == ROW_STOPPED ? _(" (stopped)") : "");
	}
	flush_notes(b);
}

static void on_run_done(const struct proc_table *t, const struct run_result *r, void *arg)
{
	struct batch *b = arg;

	(void)t;
	if (!b->profile)
		return;
	if (b->format == OUTPUT_NORMAL) {
		fputc('\n', b->out);
		report_normal(b->out, r);
		b->reported = true;
	} else if (b->format == OUTPUT_JSON) {
		report_json(b->out, r);
		b->reported = true;
	}
}

static void on_interval(const struct run_interval *iv, void *arg)
{
	struct batch *b = arg;
	report_interval(b->notes, iv);
	flush_notes(b);
}

int procedure_unknown(const struct cli_args *args)
{
	const char *name = args->procedure ? args->procedure : "";

	if (args->mode == MODE_PROFILE)
		fprintf(stderr, _("blktop: --profile: unknown profile '%s' (allowed: latency, iops, throughput)\n"),
			name);
	else if (args->mode == MODE_SUITE)
		fprintf(stderr, _("blktop: --suite: unknown suite '%s' (allowed: seven, cdm)\n"), name);
	else
		fprintf(stderr, _("blktop: --sweep: unknown sweep '%s' (allowed: bs, numjobs)\n"), name);
	return BLKTOP_USAGE;
}

static bool any_measured(const struct proc_table *t)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i].runtime_ms)
			return true;
	return false;
}

int procedure_main(struct cli_args *args, struct writer *w)
{
	FILE *out = w->f;
	struct proc_request req;
	struct proc_table table;
	enum proc_kind kind;
	char err[1024];

	if (procedure_kind(args->mode, args->procedure, &kind))
		return procedure_unknown(args);
	/* Ctrl-C, SIGTERM and SIGHUP (the SSH session dropped) all end a
	 * procedure the same way: the current run stops, no step follows,
	 * sysfs values are put back, and the table covers what ran. One
	 * control for the whole procedure, so a signal between two steps
	 * stops it as surely as one during a step. */
	struct runctl ctl;
	struct sigstop sigs;
	runctl_init(&ctl, NULL);
	sigstop_install(&sigs, &ctl, false);

	memset(&req, 0, sizeof(req));
	req.kind = kind;
	req.job = args->job;
	req.force = args->force;
	req.lat_limit_us = args->lat_limit_us;
	req.ctl = &ctl;

	struct batch b = { w, out, args->format == OUTPUT_NORMAL ? out : stderr, args->format,
			   kind == PROC_LATENCY || kind == PROC_IOPS || kind == PROC_THROUGHPUT,
			   false };
	struct proc_hooks hooks = { on_note, on_row, on_run_done, NULL, 0, &b, NULL };
	if (args->job.status_interval_ms) {
		hooks.interval = on_interval;
		hooks.interval_ms = args->job.status_interval_ms;
	}

	/* `| head -n1`: the reader leaving stops the procedure (outwatch.c). */
	outwatch_start(fileno(out), &ctl);
	int st = procedure_run(&req, &hooks, &table, err, sizeof(err));
	outwatch_stop();
	/* procedure_run has put everything back; this says so if it had not. */
	tune_restore();
	if (st == BLKTOP_USAGE || st == BLKTOP_REFUSED)
		fprintf(stderr, "blktop: %s\n", err);
	/* A refusal or bad input before any run leaves nothing to show. */
	if (table.nrows && ((st != 2 && st != 3) || any_measured(&table))) {
		if (args->format == OUTPUT_CSV)
			proc_table_csv(out, &table);
		else if (args->format == OUTPUT_JSON && !(b.profile && b.reported))
			proc_table_json(out, &table);
		else if (args->format == OUTPUT_NORMAL)
			proc_table_normal(out, &table);
	}
	if (st == BLKTOP_FAILED && err[0])
		fprintf(stderr, "blktop: %s\n", err);
	proc_table_free(&table);
	writer_flush(w);
	int sig = runctl_signo(&ctl);
	if (sig == SIGPIPE) {
		fputs(_("blktop: the output's reader went away (broken pipe); the run was stopped\n"),
		      stderr);
		st = BLKTOP_SIGNAL_BASE + sig;
	} else if (sig) {
		fprintf(stderr, _("blktop: stopped by signal %d (%s); the table covers the time that ran\n"),
			sig, strsignal(sig));
		st = BLKTOP_SIGNAL_BASE + sig;
	}
	sigstop_end(&sigs);
	return st;
}
