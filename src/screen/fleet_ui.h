/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_ui.h - what the fleet's screen (fleet_screen.c) shares with its
 * procedure mode (fleet_proc_screen.c): the screen's state, its one wait
 * and its model update. In procedure mode each step's run is waited for
 * inside the procedure's runner, so the screen's loop runs there. */
#ifndef BLKTOP_SCREEN_FLEET_UI_H
#define BLKTOP_SCREEN_FLEET_UI_H

#include <poll.h>
#include <stdio.h>

#include "fleet/fleet_live.h"
#include "fleet/fleet_proc.h"
#include "screen/fleet_model.h"
#include "screen/ui.h"
#include "util/runctl.h"
#include "util/sigstop.h"

struct fleet_ui {
	struct ui *term;             /* the terminal's part of the screen's ui */
	struct fleet_live live;      /* the run, or the procedure's current step */
	struct fleet_model m;
	struct runctl ctl;
	struct sigstop sigs;
	unsigned delay_ms;
	uint64_t next_tick_ns;
	bool dirty, quitting, leave, help;
	bool figures_due;            /* new intervals, drawn at the next tick */
	int help_top;
	struct pollfd *pfd;          /* the terminal, then the hosts' */

	/* Procedure mode (proc not NULL). */
	struct fleet_proc *proc;
	struct runctl proc_ctl;      /* s and q stop it (under ctl: signals too) */
	bool step_active;            /* live runs a step on run */
	struct fleet_host *run;      /* the step's hosts, idx their places */
	const size_t *idx;
	size_t nrun;
	struct fleet_host *shown;    /* every host as the step shows it */
	uint64_t proc_start_ns, proc_end_ns;
	bool proc_ended;
	bool steps_seen;             /* a step has started */
};

/* The model from the hosts (or the step's), dirty for the next frame. */
void fleet_ui_update(struct fleet_ui *f);
/* Draws when dirty, waits once on the terminal and the hosts, acts. */
void fleet_ui_turn(struct fleet_ui *f);
/* Procedure mode's part of fleet_ui_update (fleet_proc_screen.c). */
void fleet_ui_proc_update(struct fleet_ui *f);
/* --hosts with --profile, --suite or --sweep on the screen. */
int fleet_proc_screen_main(const struct cli_args *args, int argc, char **argv);

#endif
