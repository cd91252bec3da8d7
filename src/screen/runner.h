/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runner.h - the screen's background threads: one runs a job set (run.c
 * blocks until it ends), one lists and probes devices (libblkid reads can
 * take seconds). Both hand their results to the model and wake the event
 * loop through a pipe. No curses. */
#ifndef BLKTOP_SCREEN_RUNNER_H
#define BLKTOP_SCREEN_RUNNER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "run.h"
#include "screen/model.h"
#include "util/runctl.h"

struct runner {
	struct screen_model *model;
	int wake_fd;                 /* write end of the loop's pipe */
	uint64_t interval_ms;
	struct job_set set;          /* a copy of what runs */
	const struct runctl *parent; /* the screen's: its stop stops the run */
	struct runctl ctl;           /* this run's: the stop key stops it */
	pthread_t tid;
	bool active;                 /* started and not yet joined */
};

struct scanner {
	struct screen_model *model;
	int wake_fd;
	struct dev_rows keep;        /* rows of disks not to open (a job's target) */
	pthread_t tid;
	bool active;
};

/* Starts set (copied) in a thread of its own. 0, or -1 with err set. */
int runner_start(struct runner *r, const struct job_set *set, char *err, size_t errlen);
/* Asks the run to stop; safe to call again and again. */
void runner_stop(struct runner *r);
/* Waits for the run's thread (after the model said it ended). */
void runner_join(struct runner *r);

/* Starts a device scan unless one is going. The whole disks of keep's
 * rows (NULL for none) are not opened: their rows stay as keep has them;
 * keep is taken over. Returns false when a scan was already going. */
bool scanner_start(struct scanner *s, struct dev_rows *keep);
void scanner_join(struct scanner *s);

#endif
