/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_eta.h - the clock of a procedure on many hosts: how long is left.
 * A step takes its jobs' own time (ramps and runtimes) and more: the ssh
 * sessions, every host's verdict, the far sides' start and reports. That
 * overhead is measured on the steps done (their time less their jobs')
 * and taken for each step to come; before the first step has ended it is
 * a stated guess. Pure: the unit tests feed it times. */
#ifndef BLKTOP_FLEET_ETA_H
#define BLKTOP_FLEET_ETA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The overhead of a step before one has been measured: two ssh sessions
 * a host (its verdict, then its run), the far sides' start and their
 * reports. tests/e2e/fleet_eta.sh measured 5.3 s a step on two loopback
 * hosts (3 s steps of a block-size sweep). */
#define FLEET_ETA_GUESS_MS 5000

struct fleet_eta {
	uint64_t step_start_ns;      /* the current step's, 0: between steps */
	uint64_t done_wall_ms;       /* the measured steps: their time */
	uint64_t done_job_ms;        /* and their jobs' own */
	size_t done;                 /* how many */
};

/* Where the procedure is, for the estimate. */
struct fleet_eta_step {
	uint64_t job_ms;             /* the current step's jobs' time, 0: not known */
	size_t first, rows;          /* its first row (from 0), its rows */
	size_t planned;              /* the procedure's rows, 0: open-ended */
};

void fleet_eta_begin(struct fleet_eta *e, uint64_t now_ns);
/* The step ended; measured unless its length was not known or it was
 * stopped (its time is then no step's). */
void fleet_eta_end(struct fleet_eta *e, uint64_t now_ns, uint64_t job_ms, bool measured);
/* A step's overhead: the measured mean, or the guess (*guessed). */
uint64_t fleet_eta_overhead_ms(const struct fleet_eta *e, bool *guessed);
/* What is left after now: the rest of the current step (the whole of
 * the next one between steps), then each step to come taken as long as
 * the current one's jobs plus the overhead. False when not known (no
 * plan, or a step of unknown length). */
bool fleet_eta_left(const struct fleet_eta *e, const struct fleet_eta_step *s, uint64_t now_ns,
		    uint64_t *left_ms);

#endif
