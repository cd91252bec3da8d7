/* SPDX-License-Identifier: GPL-2.0-or-later */
/* steady.h - fio's steady-state window: a report entry's last few
 * per-second samples of IOPS and bandwidth, and whether they meet the
 * job's criterion (steadystate=). Arithmetic only: the runner feeds it a
 * sample a second (run_steady.c), the reports print it. */
#ifndef BLKTOP_STEADY_H
#define BLKTOP_STEADY_H

#include <stdbool.h>
#include <stdint.h>

#include "job.h"

struct steady_window {
	unsigned dur;               /* samples in the window (seconds); 0: off */
	int criterion;              /* enum ss_criterion */
	bool pct;                   /* limit in percent of the window's mean */
	double limit;
	uint64_t *iops, *bw;        /* rings of dur samples: I/Os and bytes per second */
	unsigned next;              /* the slot the next sample goes to */
	unsigned count;             /* samples taken, at most dur */
	bool attained;
	/* From the last full window: the largest distance of a sample from
	 * the mean (iops and bw criteria), the least-squares slope per second
	 * (the _slope ones), and the one judged (percent of the mean if pct). */
	double deviation, slope, value;
};

/* The window of a job (whole seconds of its steadystate_duration; none
 * under a second, as fio). 0, or -1 out of memory. */
int steady_window_init(struct steady_window *w, const struct job_spec *spec);
void steady_window_free(struct steady_window *w);

/* One second's sample. True when it fills the window and the window meets
 * the criterion: attained is set then, and the window is final. */
bool steady_window_add(struct steady_window *w, uint64_t iops, uint64_t bw_bytes);

/* The window's samples oldest first, as fio lists them: while it is not
 * full, the samples taken and then zeros. */
uint64_t steady_window_at(const struct steady_window *w, bool bw, unsigned i);
/* Mean of all dur slots (unfilled ones count as 0), in whole units. */
uint64_t steady_window_mean(const struct steady_window *w, bool bw);

static inline bool steady_is_slope(int criterion)
{
	return criterion == SS_IOPS_SLOPE || criterion == SS_BW_SLOPE;
}
static inline bool steady_is_iops(int criterion)
{
	return criterion == SS_IOPS || criterion == SS_IOPS_SLOPE;
}

#endif
