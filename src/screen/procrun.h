/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procrun.h - the screen's procedure thread (p): runs one built-in
 * procedure (procedure_run blocks until it ends) and keeps a copy of its
 * table and last note under a lock of its own, for the event loop to copy
 * into the model. Live figures go to the model as a job's do. No curses. */
#ifndef BLKTOP_SCREEN_PROCRUN_H
#define BLKTOP_SCREEN_PROCRUN_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "procedures/procedure.h"
#include "screen/model.h"
#include "util/runctl.h"

struct procrun {
	struct screen_model *model;
	int wake_fd;                 /* write end of the loop's pipe */
	uint64_t interval_ms;
	unsigned long long lat_limit_us;  /* numjobs sweep: --lat-limit (0: none) */
	struct proc_request req;
	const struct runctl *parent; /* the screen's: its stop stops the procedure */
	struct runctl ctl;           /* this procedure's: the stop key stops it */
	pthread_t tid;
	bool active;                 /* started and not yet joined */

	pthread_mutex_t lock;        /* guards what follows */
	bool lock_ready;
	uint64_t seq;                /* bumped by every change */
	uint64_t row_seq;            /* bumped when a row starts */
	uint64_t row_seq_start;      /* row_seq when this procedure started */
	char title[160];
	char note[256];
	char checks[PROC_CHECKS][256]; /* its notes before the first step ran */
	size_t nchecks;
	struct proc_row *rows;
	size_t nrows, planned;
	bool curve_bw;
	long knee;                   /* numjobs sweep: the knee so far, or -1 */
	struct proc_table final;     /* the whole table once the procedure ended */
	bool have_final;
};

/* Starts kind on job (copied); the options set in the job's bitmap win
 * over the procedure's own. 0, or -1 with err set. */
int procrun_start(struct procrun *p, enum proc_kind kind, const struct job_spec *job,
		  bool force, char *err, size_t errlen);
/* Asks the procedure to stop; safe to call again and again. */
void procrun_stop(struct procrun *p);
/* Waits for the thread (after the model said it ended). */
void procrun_join(struct procrun *p);
/* UI thread: copies the table and note into the model when they changed.
 * Returns true when a new row started since the last call (*row is it). */
bool procrun_collect(struct procrun *p, struct screen_model *m, uint64_t *seen,
		     uint64_t *seen_row, struct proc_row *row);
/* After the join: the procedure's final table (rows that ran, the knee,
 * interrupted), as --batch prints it; NULL when none ran or it made none. */
const struct proc_table *procrun_final(const struct procrun *p);
/* After the join: takes the final table over (the runs list keeps it).
 * true when there was one with rows. */
bool procrun_take_final(struct procrun *p, struct proc_table *t);
void procrun_free(struct procrun *p);

#endif
