/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procedure.h - the published disk tests, built in: --profile latency|iops|
 * throughput (the ESSD PL-X latency test, with the sysfs steps and the IRQ pinning),
 * --suite seven|cdm (the seven-test matrix, CrystalDiskMark's) and --sweep
 * bs|numjobs (the Azure block-size test and the multi-disk job file). Each builds its jobs through the options
 * table, runs them with run_job_set() and fills a table row by row; the
 * batch output and the screen both watch it through struct proc_hooks. */
#ifndef BLKTOP_PROCEDURE_H
#define BLKTOP_PROCEDURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "job.h"
#include "procedures/registry.h"
#include "jobset.h"
#include "result.h"
#include "run.h"
#include "util/runctl.h"

struct cli_args;


enum proc_row_state { ROW_PENDING, ROW_RUNNING, ROW_DONE, ROW_FAILED, ROW_STOPPED };

/* One test or step. Rates are over the measured time (ramp excluded);
 * both directions are added up; latencies are in nanoseconds. */
struct proc_row {
	enum proc_row_state state;
	char label[48];               /* "Seq_Read_IOPS_Test", "RND4K Q32T1 read", "4k", "16" */
	char rw[16];                  /* fio's name of the mode */
	unsigned long long bs, iodepth, numjobs;
	uint64_t runtime_ms;
	double iops;                  /* mean over the run */
	double iops_min, iops_max;    /* of the per-second samples */
	double bw_bytes;              /* bytes per second */
	double clat_avg_ns, clat_p99_ns;
	double clat_p50_ns, clat_p999_ns, clat_p9999_ns;
	double lat_min_ns, lat_max_ns, lat_avg_ns, lat_stdev_ns;
	double gain;                  /* numjobs sweep: over the best before it */
	int status;                   /* 0, or the run's exit status */
	char note[256];               /* why it failed or stopped, translated */
};

struct proc_table {
	enum proc_kind kind;
	char name[32];                /* "latency", "seven", "bs"... never translated */
	char title[160];              /* translated heading */
	char target[4096];            /* the target as resolved */
	size_t planned;               /* rows expected; 0 when open-ended */
	struct proc_row *rows;
	size_t nrows;
	long knee;                    /* numjobs sweep: row of the knee, or -1 */
	char stop_reason[16];         /* numjobs sweep: ramp_stop_name() */
	unsigned long long lat_limit_us;
	bool curve_bw;                /* the curve plots bandwidth, not IOPS */
	bool interrupted;             /* a stop was asked for */
};

/* What a caller sees while a procedure runs. Every callback runs in the
 * thread that called procedure_run(); pointers are valid during the call
 * only (rows may move between calls). Any of them may be NULL. */
struct proc_hooks {
	/* A line of the procedure's own: checks, choices, a step starting. */
	void (*note)(const char *line, void *arg);
	/* A row changed state (ROW_RUNNING when it starts, then done). */
	void (*row)(const struct proc_table *t, size_t row, void *arg);
	/* A run ended; r is its full result (profiles print fio's report). */
	void (*run_done)(const struct proc_table *t, const struct run_result *r, void *arg);
	/* Passed on to run_job_set() for the live figures. */
	void (*interval)(const struct run_interval *iv, void *arg);
	uint64_t interval_ms;         /* 0: no interval callbacks */
	void *arg;
	/* Passed on to run_job_set() for the graphs over time. */
	void (*sample)(const struct run_sample *s, void *arg);
};

/* A procedure whose steps run elsewhere (--hosts: src/fleet runs each
 * step on every host at once). run_step runs the step's job set, fills
 * its rows first.. (figures, state, note) from what came back, and
 * returns as run_job_set would (0, 1, 2, 3; err for 2 and 3). */
struct proc_remote {
	int (*run_step)(const struct proc_remote *r, const struct job_set *set,
			struct proc_table *t, size_t first, char *err, size_t errlen);
	void *arg;
	/* The far sides take a profile's environment steps themselves, on
	 * their own disks and CPUs (a far-side blktop started with
	 * --profile-env); false when they cannot (fio's server). */
	bool env_on_hosts;
};

struct proc_request {
	enum proc_kind kind;
	struct job_spec job;          /* target (filename or directory) and options;
				       * those set by the user win */
	bool force;
	unsigned long long lat_limit_us;
	/* Stopping it ends the current run and starts no further step,
	 * whenever the stop comes (NULL: runs to the end). */
	struct runctl *ctl;
	/* NULL: the steps run here. Else the target is the far sides' (here
	 * nothing is opened, checked or tuned) and remote runs each step. */
	const struct proc_remote *remote;
};

/* --profile-env: a profile's environment steps taken here around a plain
 * batch run of a job set, as the profile takes them (a fleet's far side
 * is started so, on the host that owns the disk). What was changed, for
 * the end. */
struct proc_env {
	bool rq_changed;
	char rq_path[128];
	char rq_old[128];
	char disk[64];
};
/* Before the run: the checks, rq_affinity set, for latency the set's
 * jobs pinned to the CPU of the disk's queue interrupt; each step said
 * through hooks->note. 0, or an exit status with one line in err (bad
 * profile name or target; nothing changed then). */
int procedure_env_begin(const char *profile, struct job_set *set, const struct proc_hooks *hooks,
			struct proc_env *env, char *err, size_t errlen);
/* After the run, however it ended: what was set is put back, and said. */
void procedure_env_end(const struct proc_env *env, const struct proc_hooks *hooks);

/* For a menu of procedures: the name the command line takes ("latency",
 * "seven", "numjobs"; never translated) and a translated one-line title. */
const char *procedure_name(enum proc_kind k);
const char *procedure_title(enum proc_kind k);

/* Parses a procedure name for a mode (MODE_PROFILE "latency", MODE_SUITE
 * "seven"...). 0, or -1 for an unknown name. */
int procedure_kind(int mode, const char *name, enum proc_kind *out);

/* Runs a procedure to the end (or until req->ctl is stopped). The
 * table is filled (free it with proc_table_free, also after a failure).
 * Returns an enum blktop_status: BLKTOP_OK, _FAILED (a run failed), _USAGE
 * (bad input) or _REFUSED (refused for safety),
 * with one translated line in err for 2 and 3. Every sysfs value changed
 * is restored before it returns. */
int procedure_run(const struct proc_request *req, const struct proc_hooks *hooks,
		  struct proc_table *table, char *err, size_t errlen);
void proc_table_free(struct proc_table *t);

/* The table as text (the seven-test matrix's layout, the Azure block-size test's units...), with an
 * ASCII curve under a sweep; as CSV; as JSON. */
void proc_table_normal(FILE *out, const struct proc_table *t);
void proc_table_csv(FILE *out, const struct proc_table *t);
int proc_table_json(FILE *out, const struct proc_table *t);

/* The batch side of --profile, --suite and --sweep: signals, progress
 * lines, the report and table in args->format on w (output/writer.h,
 * which the caller closes). Returns the exit status (128 + signal when a
 * signal stopped it). */
struct writer;
int procedure_main(struct cli_args *args, struct writer *w);
/* Says on stderr that args->procedure names no procedure of its mode,
 * with the names allowed; returns BLKTOP_USAGE. */
int procedure_unknown(const struct cli_args *args);

#endif
