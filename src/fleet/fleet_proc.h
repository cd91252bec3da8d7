/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_proc.h - --hosts with --profile, --suite or --sweep, for both
 * front ends: the batch (fleet_proc_main) and the fleet's screen. The
 * procedure expands its steps here; how a step's run on the hosts is
 * waited for is the front end's (the batch's own loop, or the screen's
 * event loop, drawing the hosts as they go). No curses. */
#ifndef BLKTOP_FLEET_PROC_H
#define BLKTOP_FLEET_PROC_H

#include <stdint.h>
#include <stdio.h>

#include "fleet/fleet.h"
#include "fleet/fleet_eta.h"
#include "procedures/procedure.h"

struct writer;
struct fleet_proc;

/* Runs one step's job on the hosts still in the fleet (run: nrun of them,
 * idx: each one's index among all hosts) until every one has ended. True
 * when it started; *status an exit status when the job could not be sent. */
typedef bool (*fleet_step_runner)(struct fleet_proc *fp, const struct fleet_job *job,
				  struct fleet_host *run, const size_t *idx, size_t nrun,
				  int *status);

/* One step as it ran: every host of --hosts, in order. */
struct fleet_step {
	char label[128];             /* its rows' labels */
	size_t index;                /* of its first row, from 0 */
	struct fleet_host *hosts;
	bool started;
};

/* A note of the procedure's, kept for the report (notes NULL). */
struct fleet_note {
	char *text;
	size_t before;               /* the steps that had ended then */
};

struct fleet_proc {
	const struct cli_args *args;
	char **argv;
	struct fleet_host *hosts;    /* addresses and drivers, from fleet_setup */
	size_t n;
	struct fleet_job job;        /* as fleet_setup made it */
	bool *gone;                  /* left the fleet (dropped, unreachable...) */
	size_t *gone_at;             /* at which step, from 1 */
	struct runctl *ctl;          /* its stop ends the step and the procedure */
	struct sigstop *sigs;
	struct fleet_step *steps;
	size_t nsteps;
	FILE *out, *notes;           /* notes NULL: kept for the report */
	struct fleet_note *kept;
	size_t nkept;
	bool print_steps;            /* each step's report as it ends (batch) */
	int worst;                   /* the hosts' status over the steps */
	struct proc_remote remote;
	enum proc_kind kind;         /* the procedure fleet_proc_run runs */
	fleet_step_runner runner;
	void *runner_arg;
	struct proc_hooks hooks;     /* the front end's (note, row), may be empty */
	struct {                     /* the step the runner runs */
		char label[128];     /* its rows' labels */
		size_t first, rows;  /* its first row (from 0) and how many */
		size_t planned;      /* the procedure's rows, 0: open-ended */
		uint64_t ms;         /* its ramps and runtimes, 0: not known */
	} cur;
	/* The procedure's clock: its start, and the steps' overhead beyond
	 * their jobs, measured (fleet_eta.h). */
	uint64_t start_ns;
	struct fleet_eta eta;
};

/* Sets the fleet up for the procedure of args (nothing reached yet). 0 or
 * an exit status, said on stderr. */
int fleet_proc_open(struct fleet_proc *fp, const struct cli_args *args, int argc, char **argv,
		    enum proc_kind *kind);
/* Runs the procedure, each step through fp->runner; the table is filled
 * (free it). Returns the exit status, err one line when it failed. */
int fleet_proc_run(struct fleet_proc *fp, enum proc_kind kind, struct proc_table *table,
		   char *err, size_t errlen);
/* The report as --batch prints it (the steps' reports unless printed as
 * they ended, then the fleet's table; JSON and CSV too). */
void fleet_proc_report(struct fleet_proc *fp, const struct proc_table *table, FILE *out);
/* Each step's report as --batch prints it when it ends (normal only),
 * the notes kept before each, as --batch prints them. */
void fleet_proc_print_steps(const struct fleet_proc *fp, const struct proc_table *t, FILE *out);
/* What is left of the procedure after now (false: not known), and
 * the step's overhead taken for it (*guessed: not measured yet). */
bool fleet_proc_left(const struct fleet_proc *fp, uint64_t now_ns, uint64_t *left_ms,
		     uint64_t *overhead_ms, bool *guessed);
/* A host that left the fleet, as a step it did not run shows it. */
void fleet_proc_gone_host(const struct fleet_proc *fp, size_t i, struct fleet_host *out);
void fleet_proc_close(struct fleet_proc *fp);

#endif
