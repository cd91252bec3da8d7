/* SPDX-License-Identifier: GPL-2.0-or-later */
/* syncpoint.h - fio's sync points in a job: fsync=N and fdatasync=N after
 * every N writes issued, and end_fsync/fsync_on_close when the job ends.
 * The job loop asks syncpoint_write() for every write it prepares (one
 * compare when the options are off); when a sync is due it stops issuing,
 * and before the next I/O (none after the job's last write, as in fio)
 * waits for what is in flight, as fio's engines do before a sync, and
 * calls syncpoint_run(). */
#ifndef BLKTOP_ENGINE_SYNCPOINT_H
#define BLKTOP_ENGINE_SYNCPOINT_H

#include <stdbool.h>
#include <stdint.h>

#include "job.h"

struct syncpoint {
	uint64_t every;     /* writes between syncs, 0: none */
	uint64_t writes;    /* writes issued since the last sync */
	bool data_only;     /* fdatasync rather than fsync */
	int due_fd;         /* the file of the write that made a sync due, or -1 */
	uint64_t syncs;     /* syncs done, the job's end ones included */
};

void syncpoint_init(struct syncpoint *sp, const struct job_spec *spec);

/* Counts one write to fd; true when a sync of fd is now due. */
static inline bool syncpoint_write(struct syncpoint *sp, int fd)
{
	if (!sp->every || ++sp->writes < sp->every)
		return false;
	sp->writes = 0;
	sp->due_fd = fd;
	return true;
}

/* The sync that is due (nothing in flight any more). 0 or -errno. */
int syncpoint_run(struct syncpoint *sp);

/* At the job's end, after the last completion: end_fsync or
 * fsync_on_close, one fsync of each file of a job that writes.
 * 0 or -errno (the first failure). */
int syncpoint_end(struct syncpoint *sp, const struct job_spec *spec, const int *fds,
		  unsigned nfds);

#endif
