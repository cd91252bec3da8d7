/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lattarget.h - fio's latency_target depth search, on the job loop's side.
 * Apart from engine.c so the loop's per-I/O path keeps two comparisons
 * against limits that are UINT64_MAX when the option is off. */
#ifndef BLKTOP_ENGINE_LATTARGET_H
#define BLKTOP_ENGINE_LATTARGET_H

#include <stdbool.h>
#include <stdint.h>

struct loop_state;

/* The search's state, kept in the loop's. */
struct lat_search {
	unsigned qd, low, high, max; /* fio's latency_qd, _low, _high; iodepth */
	unsigned stable;             /* successes in a row one below high */
	bool end_run;                /* the settled depth's last window */
	bool down;                   /* a completion went over: ramp down next */
	double pct;
	uint64_t window_ns, cycle_ios, failed;
};

/* Before the first I/O: the search's start at depth 1, or the limits off. */
void lattarget_setup(struct loop_state *ls);
/* An I/O took longer than the target. true: the job fails (depth 1 and
 * every I/O must be under, fio's "max latency exceeded"). */
bool lattarget_over(struct loop_state *ls);
/* The window is over (or a ramp-down is due): fio's check. */
void lattarget_check(struct loop_state *ls, uint64_t now);

#endif
