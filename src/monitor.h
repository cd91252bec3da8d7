/* SPDX-License-Identifier: GPL-2.0-or-later */
/* monitor.h - what the runner's calling thread does while a wave runs:
 * reads the job threads' counters without stopping them (relaxed
 * atomics; it never touches the I/O path), makes the per-second samples
 * behind iops_* / bw_* and the series, and the status intervals the run
 * hooks ask for. One monitor per job section. */
#ifndef BLKTOP_MONITOR_H
#define BLKTOP_MONITOR_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "result.h"
#include "run.h"
#include "stats/hist.h"

/* What the monitor reads of a section at one moment. */
struct monitor_snap {
	uint64_t t_ns;
	uint64_t ios[DIR_ALL], bytes[DIR_ALL]; /* trims: for their bw/iops samples */
	uint64_t errors[DIR_COUNT];
	int first_error[DIR_COUNT];
	uint64_t clat_n[DIR_COUNT], clat_sum[DIR_COUNT];
	struct hist clat[DIR_COUNT];
};

/* The two kinds of sample, each over its own period: fio's bw_avg_time
 * and iops_avg_time. */
enum { MON_BW, MON_IOPS, MON_KINDS };

struct monitor {
	const struct job_spec *spec;  /* the first thread's */
	unsigned groupid;
	const struct job_thread *const *threads;
	unsigned nthreads;
	bool dirs[DIR_ALL];           /* directions some thread does */
	bool series;                  /* also the per-second series (a section's) */
	struct group_result *res;     /* samples and series go here */
	uint64_t epoch_ns;            /* end of the ramp: samples count from here */
	uint64_t period_ns[MON_KINDS], next_ns[MON_KINDS];
	struct monitor_snap *prev[MON_KINDS], *prev_hook, *cur;
	struct hist *tick_diff;       /* the second's histograms, per direction */
	uint64_t nsamples;
	unsigned stats_gen;           /* the threads' stats_gen, summed, as last seen */
	bool epoch_set;               /* moved to the threads' own start */
	/* own: the bw and iops samples go to own_bw and own_iops, not to
	 * res (a group's per-thread monitors; the caller sums them). */
	bool own;
	struct sample_stat own_bw[DIR_ALL], own_iops[DIR_ALL];
};

/* A monitor of nthreads threads (any sections'), sampling bw and iops
 * every period_ms[MON_BW] and period_ms[MON_IOPS]; with series, also the
 * per-second series (then both periods should be 1000). 0, or -1 out of
 * memory (free it all the same). res is set before monitor_start. */
int monitor_init(struct monitor *m, const struct job_thread *const *threads, unsigned nthreads,
		 unsigned groupid, const uint64_t period_ms[MON_KINDS], bool series);
void monitor_free(struct monitor *m);

/* The wave started at start_ns; its ramp ends at epoch_ns. */
void monitor_start(struct monitor *m, uint64_t start_ns, uint64_t epoch_ns);

/* A wake of the monitor at now: the samples whose period has passed, a
 * status interval through hooks when hook is set. */
void monitor_update(struct monitor *m, uint64_t now, bool hook, const struct run_hooks *hooks);
/* When the monitor next has a sample to take. */
uint64_t monitor_next(const struct monitor *m);

/* After the threads ended: a last interval for what happened since the
 * previous one, if anything did. */
void monitor_finish(struct monitor *m, const struct run_hooks *hooks);

#endif
