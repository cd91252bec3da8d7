/* run.h - runs a job set: one thread per job clone, stonewall groups run
 * one after another, a monitor that takes per-second snapshots, and the
 * merged results per reporting group. */
#ifndef BLKTOP_RUN_H
#define BLKTOP_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/diskstat.h"
#include "collect/cpu.h"
#include "job.h"
#include "stats/stats.h"

/* fio's "IO depths" buckets: 1, 2, 4, 8, 16, 32, >=64. */
#define DEPTH_LEVELS 7

struct job_set {
	struct job_spec *jobs;
	size_t njobs;
	bool force;                 /* --force: allow writes to has-data */
};

int job_set_add(struct job_set *set, const struct job_spec *job);
void job_set_free(struct job_set *set);

/* Counters of one direction; written by one job thread. */
struct dir_stats {
	uint64_t ios;
	uint64_t bytes;
	uint64_t errors;
	int first_error;            /* errno of the first failed I/O, 0 if none */
	uint64_t first_error_offset; /* where it was */
	struct lat_stat slat, clat, lat;
};

/* Results of one reporting group (a job section and its clones). */
struct group_result {
	char name[JOB_NAME_MAX];
	unsigned groupid;           /* stonewall group, as fio's groupid */
	unsigned nthreads;
	struct job_spec spec;       /* the first job of the group */
	char path[4096];            /* resolved target of the first job */
	uint64_t runtime_ms;        /* measured time, ramp excluded */
	struct dir_stats dir[DIR_COUNT];
	struct sample_stat iops_samples[DIR_COUNT];
	struct sample_stat bw_samples[DIR_COUNT];   /* KiB/s, as fio's bw_* */
	struct sample_series series;
	double usr_cpu, sys_cpu;    /* percent of runtime */
	uint64_t ctx, majf, minf;
	uint64_t depth_levels[DEPTH_LEVELS];
	uint64_t submit_calls, reap_calls;
	int error;                  /* 0, or errno that ended the job */
	char error_msg[512];
};

struct run_result {
	struct group_result *groups;
	size_t ngroups;
	struct disk_delta *disks;   /* the targets' devices, over the whole run */
	size_t ndisks;
	struct cpu_pct cpu_all;     /* mpstat figures over the run */
	struct cpu_pct *cpu;
	int ncpu;
	uint64_t start_wall;        /* time(NULL) at the start */
	int exit_status;            /* 0, 1 (run failed), 3 (refused) */
	char device_name[64];       /* the first target's disk ("" for none) */
	char verdict[32];           /* its safety verdict, "" if not taken */
	char reasons[512];          /* the verdict's reasons, "; "-separated */
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
};

struct run_hooks {
	/* Called from the monitor each status interval (may be NULL). */
	void (*interval)(const struct run_interval *iv, void *arg);
	void *arg;
	uint64_t interval_ms;       /* 0: no interval callbacks */
};

/* Checks the set (targets resolve, sizes fit, gate for writes) and runs it.
 * Blocks until every job ends; run it in a thread of its own to watch it.
 * A fault in the set returns 2 (usage) or 3 (safety refusal) with one
 * translated line in err; otherwise 0 with *result filled (its exit_status
 * says whether I/O failed, and err holds the first I/O error if any).
 * Nothing is printed: the caller decides where messages go. */
int run_job_set(struct job_set *set, const struct run_hooks *hooks, struct run_result *result,
		char *err, size_t errlen);
void run_result_free(struct run_result *r);

/* When the run ended well but I/O errors were counted and ignored
 * (continue_on_error), writes one translated line that says how many,
 * under which policy, and the first; false when there is nothing to say. */
bool run_ignored_errors(const struct run_result *r, char *buf, size_t len);

/* Asks a running job set to stop (signal-safe). */
void run_request_stop(void);

#endif
