/* SPDX-License-Identifier: GPL-2.0-or-later */
/* engine.h - one job thread: keeps iodepth I/Os in flight on its area of
 * the target through an engine's operations, and counts what completes. */
#ifndef BLKTOP_ENGINE_H
#define BLKTOP_ENGINE_H

#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>

#include "engine/joblog.h"
#include "job.h"
#include "stats/prio.h"
#include "stats/stats.h"
#include "util/clock.h"
#include "util/runctl.h"

/* One file or device a thread works on; a job with a filename list gets
 * several and takes them in turn, one I/O each (fio's round robin). */
struct thread_file {
	int fd;                     /* shared by the clones of a section */
	const char *path;           /* for error messages; owned by the runner */
	uint64_t area_start;        /* offset */
	uint64_t area_len;          /* bytes the offsets fall in */
	uint64_t file_size;         /* the whole file's or device's (strided zones) */
	uint64_t nblocks[DIR_ALL]; /* random offsets of each direction */
	/* Per direction, as fio keeps them: where the last I/O ended (the
	 * next sequential offset) and began (NO_OFFSET: none yet). */
	uint64_t last_pos[DIR_ALL];
	uint64_t last_start[DIR_ALL];
};

struct job_thread {
	const struct job_spec *spec;
	unsigned clone;             /* 0..numjobs-1 */
	unsigned thread_number;     /* fio's: 1-based over the run's threads */
	struct thread_file *files;
	unsigned nfiles;
	uint64_t io_limit;          /* bytes to transfer, 0: until the deadline */
	uint64_t size_bytes;        /* fio's total_io_size: size or io_size, times loops,
				     * time_based too (fio's eta reckons with it) */
	uint64_t ios_limit;         /* number_ios: I/Os to issue, 0: no limit */
	struct io_flow *flow;       /* fio's flow=, shared with its flow id's jobs; NULL: none */
	unsigned run_threads;       /* threads of the whole run (dedupe_global) */
	uint64_t start_ns;          /* when the section started */
	uint64_t ramp_end_ns;       /* I/Os that end before this are not counted */
	uint64_t deadline_ns;       /* 0: none */
	cpu_set_t cpus;
	bool pin;
	/* The run's control: stopped by the runner's caller to end the job,
	 * and by a thread whose error the job's continue_on_error does not
	 * cover: that ends the whole run. */
	struct runctl *ctl;
	/* exitall: set (atomic) by a thread of an exitall job as it ends;
	 * every thread of the reporting group stops issuing then. */
	int *group_end;
	/* exit_what: the run's flags, one per reporting group, and the
	 * groups of this thread's wave (stonewall stops those). */
	int *group_ends;
	unsigned ngroups, wave_group_lo, wave_group_hi;
	bool exitall;               /* fio's exitall is the run's: any job's sets it */
	int *go;                    /* set (atomic) when every thread is ready */
	struct joblog *log;         /* fio's log files, NULL if none asked for */
	int ready;                  /* set (atomic) by the thread after setup */
	/* Bumped (release) before and after the thread zeroes its counts
	 * (latency_target's settled depth, fio's stats reset): odd while it
	 * does; the monitor starts its samples afresh when it changes. */
	unsigned stats_gen;

	/* Results: written by the thread; ios, bytes, the histograms and the
	 * depth counters may be read by the monitor while it runs (relaxed
	 * atomics; the depth counters as posted every few milliseconds). */
	struct dir_stats dir[DIR_ALL]; /* trims too */
	/* Latencies per I/O priority (cmdprio options; empty without them):
	 * the table is made before ready is set and stays as it is, its
	 * entries' counts and histograms read by the periodic reports as
	 * dir[]'s are; the runner frees them. */
	struct prio_set prios[DIR_COUNT];
	uint64_t depth_levels[DEPTH_LEVELS];
	uint64_t submit_calls, reap_calls;
	unsigned latency_depth;     /* fio's latency_qd (lattarget.c); 0: no I/O loop (yet) */
	/* I/Os per submit call and per completion wait, in fio's buckets. */
	uint64_t submit_dist[DEPTH_LEVELS], complete_dist[DEPTH_LEVELS];
	uint64_t counted_from_ns;   /* when counting began (end of ramp) */
	uint64_t ended_ns;
	struct rusage ru_start, ru_end;
	/* The thread's CPU since counting began, for the periodic reports:
	 * only a thread can read its own rusage, so it posts it (relaxed
	 * atomics) every few milliseconds while it runs, and once more at its
	 * end with the final figures. */
	struct live_usage {
		uint64_t usr_us, sys_us, ctx, majf, minf;
	} live;
	int error;                  /* errno that ended the job, 0 if none */
	char error_msg[512];
	bool error_resid;           /* it was a transfer of no bytes (fio's "full resid") */
	/* fio's func= of the error where it is not the I/O's (a static
	 * string, e.g. "total_file_size"); NULL: from the error's kind. */
	const char *error_func;
	bool error_in_setup;         /* failed in the run's serialized file setup */
	int layout_full_errno;       /* its file's layout met a full filesystem
	                              * (ENOSPC or EDQUOT): fio says so */
	/* fio's error from the file's setup that lets the job start
	 * (fallocate=keep failing): one I/O, then the job ends with it. */
	int pending_error;
	/* fio's clone with no area (no size, offset past the end): never
	 * started, no I/O, error_msg says why; the run exits 1 but the
	 * clone's own error stays 0, as in fio's report, unless fio sets one
	 * (EINVAL, "total_file_size": no size and nothing to size it by). */
	bool no_area;
	int finished;               /* set (atomic) as the thread's last act */
	pthread_t tid;
};

/* The engines built in, space-separated (for --version). */
const char *engine_names_built(void);

/* Before the run: 0 if the job's engine is built in and the kernel lets it
 * run, else an exit status with one line in err naming the engine or the
 * options and the reason (2 where the options are bad input). */
int engine_check(const struct job_spec *spec, char *err, size_t errlen);

/* Runs one job thread to its end (the pthread start routine). */
void *job_thread_main(void *arg);


#endif
