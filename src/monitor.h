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
	uint64_t ios[DIR_COUNT], bytes[DIR_COUNT], errors[DIR_COUNT];
	int first_error[DIR_COUNT];
	uint64_t clat_n[DIR_COUNT], clat_sum[DIR_COUNT];
	struct hist clat[DIR_COUNT];
};

struct monitor {
	const struct job_spec *spec;
	unsigned groupid;
	const struct job_thread *threads;
	unsigned nthreads;
	struct group_result *res;     /* samples and series go here */
	uint64_t epoch_ns;            /* end of the ramp: samples count from here */
	struct monitor_snap *prev_tick, *prev_hook, *cur;
	struct hist *tick_diff;       /* the second's histograms, per direction */
	uint64_t nsamples;
};

/* A monitor of nthreads threads of spec. 0, or -1 out of memory (free it
 * all the same). res is set before monitor_start. */
int monitor_init(struct monitor *m, const struct job_spec *spec, unsigned groupid,
		 const struct job_thread *threads, unsigned nthreads);
void monitor_free(struct monitor *m);

/* The wave started at start_ns; its ramp ends at epoch_ns. */
void monitor_start(struct monitor *m, uint64_t start_ns, uint64_t epoch_ns);

/* A wake of the monitor at now: a sample when a second of the section
 * has passed (tick), a status interval through hooks (hook). */
void monitor_update(struct monitor *m, uint64_t now, bool tick, bool hook,
		    const struct run_hooks *hooks);

/* After the threads ended: a last interval for what happened since the
 * previous one, if anything did. */
void monitor_finish(struct monitor *m, const struct run_hooks *hooks);

#endif
