/* SPDX-License-Identifier: GPL-2.0-or-later */
/* result.h - what a run produced, as typed values: per reporting group
 * figures, the devices' and CPUs' deltas, the live interval. The runner
 * fills them; reports, procedures and the screen read them. Below the
 * output layer, so reports never need the runner. */
#ifndef BLKTOP_RESULT_H
#define BLKTOP_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/cpu.h"
#include "collect/diskstat.h"
#include "collect/verdict.h"
#include "job.h"
#include "stats/prio.h"
#include "stats/stats.h"
#include "stats/steady.h"

/* Results of one reporting group (a job section and its clones). */
struct group_result {
	char name[JOB_NAME_MAX];
	unsigned groupid;           /* stonewall group, as fio's groupid */
	unsigned nthreads;
	struct job_spec spec;       /* the first job of the group */
	char path[4096];            /* resolved target of the first job */
	uint64_t runtime_ms;        /* measured time, ramp excluded */
	uint64_t job_runtime_ms;    /* the threads' runtimes summed (fio's job_runtime) */
	struct dir_stats dir[DIR_ALL];   /* trims too */
	/* Latencies per I/O priority as fio reports them (its clat_prio):
	 * empty unless a job of the entry has cmdprio options or its jobs
	 * differ in prio/prioclass; listed when two have samples. */
	struct prio_set prios[DIR_COUNT];
	/* Per-second samples (fio's bw_avg_time and iops_avg_time). */
	struct sample_stat iops_samples[DIR_ALL];
	struct sample_stat bw_samples[DIR_ALL];     /* KiB/s, as fio's bw_* */
	struct sample_series series;
	double usr_cpu, sys_cpu;    /* percent of runtime */
	uint64_t ctx, majf, minf;
	uint64_t depth_levels[DEPTH_LEVELS];
	uint64_t submit_calls, reap_calls;
	unsigned latency_depth;     /* fio's: the depth latency_target found, else iodepth; 0: no I/O loop ran */
	uint64_t submit_dist[DEPTH_LEVELS], complete_dist[DEPTH_LEVELS];
	int error;                  /* 0, or errno that ended the job */
	char error_msg[512];
	bool error_resid;           /* it was a transfer of no bytes (fio's "full resid") */
	const char *error_func;     /* fio's func= where not the I/O's (static), or NULL */
	bool error_in_setup;        /* it failed in the run's file setup, before any job process */
	/* fio's steady-state window (dur 0: none), a report entry's; its
	 * memory is the run result's. */
	struct steady_window ss;
};

struct run_result {
	struct group_result *groups;    /* one per job section, its clones merged */
	size_t ngroups;
	/* fio's report entries (jobs[]): one per clone, or with
	 * group_reporting one per reporting group, named after its first job.
	 * No series of their own (the sections' groups have them). When
	 * nentries is 0 the reports take the groups. */
	struct group_result *entries;
	size_t nentries;
	struct disk_delta *disks;   /* the targets' devices, over the whole run */
	size_t ndisks;
	struct cpu_pct cpu_all;     /* mpstat figures over the run */
	struct cpu_pct *cpu;
	int ncpu;
	uint64_t start_wall;        /* time(NULL) at the start */
	uint64_t start_wall_ms;     /* the same in ms since the epoch (0: unknown) */
	uint64_t end_wall_ms;       /* when the run ended (fio's timestamp_ms) */
	uint64_t elapsed_s;         /* a periodic report's fio elapsed (0: from the times) */
	uint64_t eta_s;             /* and its fio eta (run_eta.c) */
	int exit_status;            /* 0, 1 (run failed), 3 (refused) */
	char device_name[64];       /* the first target's disk ("" for none) */
	bool verdict_taken;         /* its safety verdict was taken before the run */
	struct verdict_result verdict;
	/* --profile-env's lines, in order (the JSON's blktop.notes); owned by
	 * the caller, never freed with the result. */
	const char *const *notes;
	size_t nnotes;
};

/* Live view for status lines and the screen: one interval's figures. */
struct run_interval {
	unsigned groupid;
	const char *name;
	uint64_t t_ms;              /* since the group's start (ramp excluded) */
	uint64_t span_ms;
	uint64_t ios[DIR_COUNT], bytes[DIR_COUNT], errors[DIR_COUNT];
	uint64_t clat_pct_ns[DIR_COUNT][17]; /* hist_default_pcts */
	uint64_t clat_mean_ns[DIR_COUNT];
	uint64_t clat_max_ns[DIR_COUNT];
	/* The run so far, for views that show both. */
	uint64_t run_ios[DIR_COUNT], run_bytes[DIR_COUNT];
	uint64_t run_errors[DIR_COUNT];
	int first_error[DIR_COUNT];  /* errno of the run's first failed I/O, 0 if none */
	uint64_t run_clat_pct_ns[DIR_COUNT][17];
	uint64_t run_clat_mean_ns[DIR_COUNT];
	uint64_t runtime_ms;        /* the group's planned runtime, 0 if by size */
	bool ramping;               /* still in ramp_time: not counted */
	/* The interval's clat histograms (valid during the call only). */
	const struct hist *clat_hist[DIR_COUNT];
};

/* A target disk's queue interrupt over a status interval. */
struct run_irq_rate {
	char disk[64];
	char name[64];              /* as /proc/interrupts names it */
	unsigned irq;
	double per_s;               /* all CPUs */
};

/* One status interval of the whole run, once every running section's
 * interval is taken: those intervals, the targets' disks and the CPUs over
 * the same time, and when the hooks ask for it the run so far as a result
 * (cumulative, as fio's periodic reports; figures only the threads' ends
 * give, such as CPU time and depth shares, are 0 there). Pointers are
 * valid during the call only. */
struct run_progress {
	uint64_t wall_ms;           /* when taken, ms since the epoch */
	uint64_t t_ms;              /* since the run's start */
	uint64_t span_ms;           /* since the previous one */
	bool wave_end;              /* the rest of a wave after its threads ended */
	const struct run_interval *iv; /* one per section that ran in it */
	size_t niv;
	const struct disk_delta *disks; /* the targets' disks over the interval */
	size_t ndisks;
	bool cpu_valid;
	struct cpu_pct cpu_all;     /* mpstat's "all" row over the interval */
	const struct cpu_pct *cpus; /* each CPU's row over the interval (ncpus) */
	int ncpus;
	const struct run_irq_rate *irqs; /* the target disks' queue interrupts */
	size_t nirqs;
	const struct run_result *so_far; /* NULL unless progress_so_far (and at a wave's end) */
};

void run_result_free(struct run_result *r);

/* When the run ended well but I/O errors were counted and ignored
 * (continue_on_error), writes one translated line that says how many,
 * under which policy, and the first; false when there is nothing to say. */
bool run_ignored_errors(const struct run_result *r, char *buf, size_t len);

#endif
