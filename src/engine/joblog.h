/* SPDX-License-Identifier: GPL-2.0-or-later */
/* joblog.h - fio's log files (write_bw_log, write_iops_log, write_lat_log,
 * write_hist_log) with fio's names and line formats, so fio's plotting and
 * parsing tools read blktop's logs as they read fio's.
 *
 * A job thread never writes a file nor takes a lock: it appends compact
 * records to a chunk it owns and, when the chunk is full, hands it over a
 * single-producer single-consumer list to one writer thread per run, which
 * formats the lines and gives the chunk back for reuse. Chunks are made at
 * setup; a new one is allocated only when the writer falls behind (once
 * per thousand records at most), never per I/O. Since the writer streams
 * to disk, memory stays bounded without fio's log_compression.
 */
#ifndef BLKTOP_ENGINE_JOBLOG_H
#define BLKTOP_ENGINE_JOBLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job.h"
#include "stats/hist.h"

struct joblog;      /* one job thread's logs */
struct joblog_set;  /* every thread's logs of a run, and the writer */

/* Whether a job asks for any log file. */
bool joblog_wanted(const struct job_spec *spec);

/* A run's logs: no file is made yet. NULL only when out of memory. */
struct joblog_set *joblog_set_new(void);

/* Adds a thread's logs and creates (truncates) its files. thread_number
 * is fio's: 1-based over the whole job set in order, clones in turn.
 * Returns the thread's logs, or NULL with one translated line in err. */
struct joblog *joblog_add(struct joblog_set *set, const struct job_spec *spec,
			  unsigned thread_number, char *err, size_t errlen);

/* Starts the writer thread. 0, or -errno. */
int joblog_set_start(struct joblog_set *set);

/* After every job thread has ended: writes what is left, closes the
 * files, joins the writer and frees everything (set may be NULL).
 * Returns 0, or -1 with one translated line in err when a file could not
 * be written or samples were lost. */
int joblog_set_finish(struct joblog_set *set, char *err, size_t errlen);

/* --- Called by the job thread only (no locks, no allocation per I/O). --- */

/* Counting began at base_ns (monotonic): times in the logs count from it. */
void joblog_begin(struct joblog *l, uint64_t base_ns);

/* latency_target settled and the job's statistics start again at now_ns
 * (fio moves the job's epoch there): the logs' times count from it; the
 * lines already written stay. The averaging windows keep their last
 * close, as fio's do, so what follows gathers until then (or the end). */
void joblog_restart(struct joblog *l, uint64_t now_ns);

/* A counted I/O was submitted at submit_ns, slat_ns after it was made;
 * ioprio is its priority (class << 13 | level), the lines' last column. */
void joblog_submitted(struct joblog *l, int dir, uint64_t submit_ns, uint64_t slat_ns,
		      uint32_t len, uint64_t offset, unsigned ioprio);

/* A counted I/O completed at end_ns; clat_hist is its direction's clat
 * histogram, this I/O included (for write_hist_log); ioprio as above. */
void joblog_completed(struct joblog *l, int dir, uint64_t end_ns, uint64_t clat_ns,
		      uint64_t lat_ns, uint32_t len, uint64_t offset,
		      const struct hist *clat_hist, unsigned ioprio);

/* The thread ends at end_ns: the open latency averaging windows are
 * logged and the last chunk goes to the writer (the averaged bw and iops
 * windows close with the run, in joblog_set_finish, as fio's do). */
void joblog_end(struct joblog *l, uint64_t end_ns);

#endif
