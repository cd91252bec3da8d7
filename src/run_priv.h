/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run_priv.h - what the runner's files share: the sections, report
 * entries and open targets of a run, and the merging of threads into
 * results (run_merge.c), so that the live figures of --status-interval
 * (run_progress.c) are merged as the final ones are. Private to run*.c. */
#ifndef BLKTOP_RUN_PRIV_H
#define BLKTOP_RUN_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/cpu.h"
#include "collect/diskstat.h"
#include "collect/irq.h"
#include "engine/engine.h"
#include "monitor.h"
#include "result.h"
#include "target.h"

/* The target disks' queue interrupts at the last interval (run_irqs.c). */
struct run_irqs {
	struct irq_snapshot *snap;  /* one per disk that could be read */
	size_t n;
};
void run_irqs_init(struct run_irqs *s, const struct disk_snapshot *disks, size_t n);
/* Rates since the last call (or init) for the disks now; *out (free it)
 * holds the returned count. */
size_t run_irqs_sample(struct run_irqs *s, const struct disk_snapshot *disks, size_t n,
		       struct run_irq_rate **out);
void run_irqs_free(struct run_irqs *s);

struct section {
	struct job_spec *spec;
	unsigned wave;              /* stonewall: runs after earlier waves */
	unsigned groupid;           /* reporting group (stonewall or new_group) */
	struct job_thread *threads;
	unsigned nthreads;
	struct thread_file *files;  /* nthreads * files_per_thread */
	unsigned files_per_thread;
	const struct job_thread **tptr; /* &threads[k], for its monitor */
	struct monitor mon;         /* its samples, intervals and result */
	/* Per clone: the files this run grew for it and their sizes summed
	 * (fio's "Laying out IO file" line for that clone). */
	unsigned *laid_files;
	uint64_t *laid_bytes;
	/* create_serialize=0 in a later wave: its files are opened when its
	 * wave starts (section_open_files); till then the threads' files
	 * hold names alone (names[], nthreads * files_per_thread). */
	bool deferred;
	char **names;
};

/* One entry of fio's report (jobs[]): a clone, or with group_reporting
 * the clones of a reporting group's jobs, in order. */
struct unit {
	unsigned wave;
	unsigned groupid;
	bool grouped;               /* made by group_reporting */
	const struct job_thread **threads;
	unsigned nthreads;
	struct monitor mon;         /* its bw and iops samples */
	/* group_reporting over several threads: fio samples each thread on
	 * its own clock (a latency_target reset restarts that thread's
	 * alone) and sums the threads' samples; mon's then go unused. */
	struct monitor *clones;
	struct steady_watch *ss;    /* its steady-state check; NULL: none */
};

/* run_units.c: the report entries of sections secs[0..n) (*out and *ptrs
 * to free with units_free, also on failure: -1 out of memory). */
int units_build(struct section *secs, size_t n, unsigned long long nthreads,
		struct unit **out, size_t *nout, const struct job_thread ***ptrs);
void units_free(struct unit *u, size_t n, const struct job_thread **ptrs);
/* An entry's monitors: its wave starts, when one next has a sample due,
 * a wake of the runner at now. */
void unit_start(struct unit *u, uint64_t start_ns);
uint64_t unit_next(const struct unit *u);
void unit_update(struct unit *u, uint64_t now);
/* fio's steady-state check of a report entry (run_steady.c). Threads
 * join one by one as the entry is made (a watch is made with the first
 * whose job asks for it; ENOMEM: -1); start gives it the entry's result,
 * whose window it fills (-1 out of memory). A NULL watch does nothing. */
struct steady_watch;
int steady_watch_add(struct steady_watch **w, struct job_thread *t);
int steady_watch_start(struct steady_watch *w, struct group_result *res);
void steady_watch_free(struct steady_watch *w);
/* The watches of a wave's entries: their clocks set going as the wave
 * starts; the earlier of wake and their next check; the checks due at now. */
void steady_units_begin(struct unit *units, size_t n, unsigned wave, uint64_t start_ns);
uint64_t steady_units_next(const struct unit *units, size_t n, unsigned wave, uint64_t wake);
void steady_units_update(struct unit *units, size_t n, unsigned wave, uint64_t now);
/* fio wants the same steady-state options on every job of a reporting
 * group: 0, or BLKTOP_USAGE with one line in err naming b. */
int steady_check_group(const struct job_spec *a, const struct job_spec *b, char *err,
		       size_t errlen);

/* Targets opened for the whole run, shared by the clones that use them. */
struct open_targets {
	struct target **v;
	size_t n;
};

/* Wall-clock time in ms since the epoch. */
uint64_t run_wall_ms(void);
/* Merges threads (a section's, or a report entry's) into a result; the
 * threads have ended. */
void run_collect(struct group_result *g, const struct job_thread *const *threads, unsigned n);
/* The final result's per-priority latencies (fio's clat_prio), and the
 * threads' own, freed with the threads. */
void run_collect_prios(struct group_result *g, const struct job_thread *const *threads,
		       unsigned n);
void run_free_prios(struct job_thread *threads, unsigned n);
void run_group_init(struct group_result *g, const struct job_spec *spec, unsigned groupid,
		    unsigned nthreads, const char *path);
/* The distinct disks under the opened targets, snapshotted. */
int run_disks_snapshot(const struct open_targets *ot, struct disk_snapshot **out, size_t *n);
/* Disk deltas of the disks in both snapshots (out has room for na). */
size_t run_disks_delta(const struct disk_snapshot *b, size_t nb, const struct disk_snapshot *a,
		       size_t na, struct disk_delta *out);
void run_cpu_results(struct run_result *r, const struct cpu_snapshot *a,
		     const struct cpu_snapshot *b);

/* The run's progress for hooks->progress: each status interval's figures
 * gathered from the sections' monitors, the devices and CPUs between two
 * intervals, and the run so far (run_progress.c). */
struct run_progress_state {
	const struct run_hooks *user;
	struct run_hooks inner;     /* what the monitors call: gathers */
	struct run_interval *iv;
	struct hist *hist;          /* DIR_COUNT per interval */
	size_t niv, cap;
	const struct open_targets *ot;
	struct disk_snapshot *disk_prev;
	size_t ndisk_prev;
	const struct disk_snapshot *disk_start;
	size_t ndisk_start;
	struct cpu_snapshot cpu_prev;
	const struct cpu_snapshot *cpu_start;
	struct run_irqs irq_prev;   /* the disks' interrupts at the last interval */
	uint64_t prev_ms;
	/* For the run so far. */
	struct section *secs;
	size_t nsecs;
	struct unit *units;
	size_t nunits;
	const struct run_result *result;
	struct group_result *groups, *entries;
	struct group_result *one;   /* room to merge one ended thread */
	struct hist *scratch;       /* room for one histogram */
	struct lat_stat *lat_scratch;   /* room for one running latency */
	unsigned wave;
};

/* NULL when the hooks ask for no progress (nothing to free then), or out
 * of memory. disk_start and cpu_start are the run's first snapshots. */
struct run_progress_state *run_progress_new(const struct run_hooks *hooks,
					    const struct open_targets *ot,
					    struct section *secs, size_t nsecs,
					    struct unit *units, size_t nunits,
					    const struct run_result *result,
					    const struct disk_snapshot *disk_start, size_t ndisk_start,
					    const struct cpu_snapshot *cpu_start);
void run_progress_free(struct run_progress_state *p);
/* The hooks a wave's monitors get: the caller's, or the gathering ones. */
const struct run_hooks *run_progress_hooks(struct run_progress_state *p,
					   const struct run_hooks *hooks);
/* Every monitor of the wave has had its interval: hand them on. */
/* due_ms: ms from the first wave's start to the status-interval tick
 * this report is for (fio's timer runs from the start, across waves);
 * 0 for a wave's last report. */
/* run_eta.c: fio's eta of a periodic report (elapsed_s: its elapsed;
 * due_ns: its tick, when fio's timer fires; wave: the one running). */
uint64_t run_eta(const struct section *secs, size_t nsecs, unsigned wave, uint64_t elapsed_s,
		 uint64_t due_ns, uint64_t now);
void run_progress_emit(struct run_progress_state *p, unsigned wave, bool wave_end,
		       uint64_t due_ms, uint64_t due_ns);

/* run_section.c: builds the threads of section s (numbered from
 * first_thread in the whole run) and opens the files they use into ot,
 * shared by every section of the run. 0, or a BLKTOP_ status with err
 * set; section_free frees it either way. */
int section_prepare(struct section *s, struct open_targets *ot, struct runctl *ctl,
		    int *group_end, bool force, struct joblog_set *logs,
		    unsigned first_thread, char *err, size_t errlen);
/* Opens a deferred section's files as its wave starts: each clone whose
 * files cannot be set up fails alone, with its message (fio's rule for a
 * thread whose file setup fails). Returns 0. */
int section_open_files(struct section *s, struct open_targets *ot, bool force);
void section_free(struct section *s);
/* Closes and frees the run's targets (unlink= removes its files). */
void open_targets_close(struct open_targets *ot);

/* run_wave.c: starts wave's threads together and watches them until they
 * all end; *tick0 is the first wave's start, from which the status
 * intervals run (0 before it). 0, or BLKTOP_FAILED with err set when a
 * thread could not be started. */
int run_wave(struct section *secs, size_t n, struct unit *units, size_t nunits,
	     unsigned wave, const struct run_hooks *hooks, struct run_progress_state *prog,
	     struct runctl *ctl, uint64_t *tick0, char *err, size_t errlen);

#endif
