/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model.h - everything the screen shows, as data. Collectors and the run
 * feed it snapshots; it keeps the previous ones and turns them into rates
 * and percentages; views only read it. No curses, so unit tests drive it.
 *
 * Two threads write to it: the run's monitor thread (model_on_interval)
 * and the screen's runner and scanner threads (model_job_ended,
 * model_devices_ready). Those touch only the fields under `lock`, copy
 * in and return: the job threads never wait for the screen. */
#ifndef BLKTOP_SCREEN_MODEL_H
#define BLKTOP_SCREEN_MODEL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/cpu.h"
#include "collect/diskstat.h"
#include "collect/irq.h"
#include "procedures/procedure.h"
#include "run.h"
#include "screen/devsource.h"
#include "screen/graphdata.h"

#define MODEL_NPCTS 17          /* hist_default_pcts */
#define PROC_CHECKS 8           /* a procedure's notes kept from before its first step */

/* The procedure pane (v cycles): wide (the top row's full width, the
 * CPU and IRQ panes given up on a small terminal) with the table and its
 * curve, the table alone or the curve alone; or beside the device list. */
enum proc_view { PROC_VIEW_BOTH, PROC_VIEW_TABLE, PROC_VIEW_CURVE, PROC_VIEW_BESIDE,
		 PROC_VIEW_COUNT };

enum job_state {
	JOB_IDLE,        /* nothing run yet */
	JOB_RUNNING,
	JOB_STOPPING,    /* stop asked, threads still ending */
	JOB_DONE,        /* ended; a result is there */
	JOB_FAILED,      /* ended with I/O errors; a result is there */
	JOB_REFUSED,     /* never started: bad target or the safety gate */
};

/* Figures of one direction, for the last interval or a whole run. */
struct dir_figures {
	double iops, bw_bytes;
	uint64_t clat_mean_ns, clat_max_ns;
	uint64_t pct_ns[MODEL_NPCTS];
	uint64_t ios;
};

/* What the live pane draws in one frame, copied out under the lock. */
struct live_figures {
	enum job_state state;
	bool have_interval;          /* at least one interval arrived */
	bool ramping;
	uint64_t elapsed_ms, runtime_ms;
	struct dir_figures last[DIR_COUNT];  /* the last interval */
	struct dir_figures run[DIR_COUNT];   /* the run so far, or the final result */
	uint64_t errors;
	uint64_t dir_errors[DIR_COUNT];      /* the run so far, per direction */
	int first_error[DIR_COUNT];          /* errno of the first, 0 if none */
};

/* One job section's latest figures (a job file may run several at once). */
#define MODEL_SECTIONS 32
struct section_live {
	/* run.c's name pointer, as the section's identity only: the job
	 * set it points into may be freed (a procedure's step ends) while
	 * the screen still draws the section, so the name is copied. */
	const void *key;
	char name[64];
	unsigned groupid;
	uint64_t round;              /* the round it last reported in */
	bool ramping;
	uint64_t elapsed_ms, runtime_ms;
	struct dir_figures last[DIR_COUNT], run[DIR_COUNT];
};

struct host_info {
	char hostname[65];     /* as utsname holds them */
	char release[65];
	int ncpu_online;
};

struct screen_model {
	pthread_mutex_t lock;
	/* --- under lock: written by other threads --- */
	enum job_state state;
	uint64_t iv_seq;             /* bumped by every interval */
	struct live_figures live;
	struct section_live sec[MODEL_SECTIONS];
	size_t nsec;
	uint64_t round;              /* bumped when a section reports again */
	struct graph_hist graph;     /* every run's seconds, for the graphs */
	bool ended_pending;          /* runner finished; UI has not joined */
	int end_rc;
	char end_err[512];
	bool end_proc;               /* a procedure ended: no result to take */
	struct run_result end_result;
	bool devs_pending;
	struct dev_rows pending_devs;
	char devs_err[256];

	/* --- UI thread only --- */
	struct host_info host;
	struct job_spec job;         /* the job shown (running, or last) */
	size_t njobs;
	bool have_job;
	char job_disk[64];           /* whole disk of the job's target */
	unsigned char pinned[CPU_MAX];
	int npinned;
	char follow[64];             /* disk whose counters are sampled */
	char scratch_dev[64];        /* blktop's own scratch device ("/dev/loop3"), or "" */

	struct dev_rows devs;
	bool devs_scanned;
	bool scanning;

	struct cpu_snapshot cpu_prev;
	bool cpu_have_prev, cpu_valid;
	struct cpu_pct cpu_all;
	struct cpu_pct *cpu;         /* ncpu rows */
	int ncpu;

	struct disk_snapshot disk_prev;
	bool disk_have_prev, disk_valid;
	struct disk_rates disk;

	struct irq_snapshot irq_prev;
	bool irq_have_prev, irq_valid;
	bool irq_unreadable;         /* the last read of /proc/interrupts failed */
	struct irq_rate *irq_rates;  /* irq_prev.n entries once valid */

	bool have_result;
	struct run_result result;
	struct disk_rates result_disk;
	bool result_disk_valid;
	int run_rc;                  /* what run_job_set returned */
	char run_err[512];

	/* A procedure (p): its table so far, copied from procrun.c. */
	bool proc_on;                /* one runs or ran: the workload pane shows it */
	char proc_title[160];
	char proc_note[256];         /* its last note line */
	char proc_checks[PROC_CHECKS][256]; /* what it checked before its first step */
	size_t proc_nchecks;
	struct proc_row *proc_rows;
	size_t proc_nrows, proc_planned;
	bool proc_curve_bw;
	bool proc_sweep;
	enum proc_kind proc_kind;
	long proc_knee;              /* numjobs sweep: the knee's row so far, or -1 */
	enum proc_view proc_view;    /* v: how the procedure pane is laid out */
	bool proc_bw_flip;           /* b: the curve plots the other measure */

	uint64_t interval_ms;        /* the run's status interval */
	bool graph_bw;               /* b: the rate graph shows bandwidth */
	int graph_mode;              /* c: which graphs the live pane shows */
	int graph_back;              /* the graphs' cursor: seconds before the newest */
	bool cpu_bars;               /* m: the CPU pane draws meters */
	bool pct_run;                /* percentiles of the run, not the interval */
	char status[256];            /* one-line message under the panes */
	bool status_error;
};

void model_init(struct screen_model *m);
void model_free(struct screen_model *m);

/* The run's monitor thread: one interval's figures. */
void model_on_interval(struct screen_model *m, const struct run_interval *iv);
/* The run's monitor thread: one second of one section. */
void model_on_sample(struct screen_model *m, const struct run_sample *s);
/* The procedure thread: the procedure ended (rc as procedure_run gave it);
 * the state becomes DONE (0), FAILED (1) or NOT STARTED. */
void model_proc_ended(struct screen_model *m, int rc, const char *err);
/* The runner thread: the run ended (rc and err as run_job_set gave them).
 * Takes the result over. */
void model_job_ended(struct screen_model *m, int rc, struct run_result *res, const char *err);
/* The scanner thread: a fresh device list. Takes rows over. */
void model_devices_ready(struct screen_model *m, struct dev_rows *rows, const char *err);

/* UI thread: a job set is about to start. */
void model_job_starting(struct screen_model *m, const struct job_set *set);
/* UI thread: picks up what other threads left (an ended run, a device
 * list). Returns true when something changed. */
bool model_collect_pending(struct screen_model *m);
/* UI thread: the disk whose counters and IRQs to follow ("" for none). */
void model_follow_disk(struct screen_model *m, const char *disk);
/* UI thread: takes CPU, disk and IRQ snapshots and turns them into rates. */
void model_sample(struct screen_model *m);
/* UI thread: one CPU snapshot, the pane's percentages against the one fed
 * before it. Takes the snapshot's rows over (cur is left empty). */
void model_feed_cpu(struct screen_model *m, struct cpu_snapshot *cur);
/* UI thread: one snapshot of the followed disk, its rates against the one
 * fed before it; NULL or an invalid snapshot (the disk could not be read)
 * clears them. */
void model_feed_disk(struct screen_model *m, const struct disk_snapshot *cur);
/* UI thread: a consistent copy of the live figures for one frame. */
void model_live_copy(struct screen_model *m, struct live_figures *out);
/* UI thread: the sections that reported in the last round (a job file
 * runs several at once), up to max; returns how many. */
size_t model_sections_copy(struct screen_model *m, struct section_live *out, size_t max);
/* UI thread: the graphs' newest points (up to max), oldest first. */
size_t model_graph_copy(struct screen_model *m, struct graph_point *out, size_t max);
/* UI thread: stop was asked; the state shows it until the run ends. */
void model_mark_stopping(struct screen_model *m);
/* The job's state, read under the lock. */
enum job_state model_state(struct screen_model *m);
/* UI thread: whether a job is running or stopping. */
bool model_job_active(struct screen_model *m);
void model_set_status(struct screen_model *m, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Whole disk holding a job target ("/dev/vdc", "vdc", a file), "" if none. */
void model_target_disk(const char *target, char *disk, size_t len);

#endif
