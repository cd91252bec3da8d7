/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run.h - runs a job set: one thread per job clone, stonewall groups run
 * one after another, a monitor that takes per-second snapshots, and the
 * merged results per reporting group. */
#ifndef BLKTOP_RUN_H
#define BLKTOP_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jobset.h"
#include "result.h"
#include "util/runctl.h"

/* One second of one job section: the per-second sample the report's
 * "samples" list keeps, with that second's latency histograms, for views
 * that draw the run over time. Pointers are valid during the call only. */
struct run_sample {
	unsigned groupid;
	const char *name;
	uint64_t wall_ns;           /* when taken: sections sampled together share it */
	bool first;                 /* the section's first sample */
	const struct sample *smp;
	const struct hist *clat[DIR_COUNT]; /* NULL for a direction not done */
};

struct run_hooks {
	/* Called from the monitor each status interval (may be NULL). */
	void (*interval)(const struct run_interval *iv, void *arg);
	/* Called from the monitor with each per-second sample (may be NULL). */
	void (*sample)(const struct run_sample *s, void *arg);
	void *arg;
	/* Called once every target has passed the write gate, before any
	 * I/O (may be NULL): what a refused run must not print goes here. */
	void (*ready)(void *ready_arg);
	void *ready_arg;
	/* After ready, for each clone whose files the run made or grew
	 * (may be NULL): how many and their sizes summed. */
	void (*laid_out)(const char *job, unsigned nfiles, uint64_t bytes, void *ready_arg);
	/* And right after it, for a clone whose layout met a full
	 * filesystem (may be NULL): ENOSPC or EDQUOT. */
	void (*layout_full)(int err, void *ready_arg);
	/* Called from the monitor each status interval with the whole
	 * run's figures (may be NULL); so_far is built when progress_so_far. */
	void (*progress)(const struct run_progress *p, void *arg);
	bool progress_so_far;
	uint64_t interval_ms;       /* 0: no interval callbacks */
	/* The caller's run control (may be NULL). A stop asked there, before
	 * or during the run, ends it; the run's own stops (an I/O error that
	 * ends it) go to a control of its own under this one and never
	 * reach the caller's. */
	struct runctl *ctl;
};

/* Checks the set (targets resolve, sizes fit, gate for writes) and runs it.
 * Blocks until every job ends; run it in a thread of its own to watch it.
 * A fault in the set returns 2 (usage) or 3 (safety refusal) with one
 * translated line in err; otherwise 0 with *result filled (its exit_status
 * says whether I/O failed, and err holds the first I/O error if any).
 * Nothing is printed: the caller decides where messages go. */
int run_job_set(struct job_set *set, const struct run_hooks *hooks, struct run_result *result,
		char *err, size_t errlen);


#endif
