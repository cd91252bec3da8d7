/* SPDX-License-Identifier: GPL-2.0-or-later */
/* proc_priv.h - what the procedures share: the target as a procedure sees
 * it, building a job through the options table with the user's overrides
 * on top, and running one job set into rows of the table. Private to
 * src/procedures. */
#ifndef BLKTOP_PROC_PRIV_H
#define BLKTOP_PROC_PRIV_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "procedures/procedure.h"
#include "run.h"

/* The seven-test matrix runs over size=10G; files made in a directory are capped at
 * half the free space, and get this much when the test names no size. */
#define PROC_SEVEN_SIZE (10ULL << 30)
#define PROC_CDM_SIZE (1ULL << 30)
#define PROC_FILE_SIZE (1ULL << 30)

struct proc_target {
	char path[PATH_MAX];          /* resolved: /dev/vdc, a file, a directory */
	enum target_kind kind;        /* TARGET_BLOCK, TARGET_FILE or TARGET_DIR */
	bool exists;
	char disk[64];                /* the whole disk under it, "" if none */
	unsigned lbs;                 /* its logical block size, 0 if unknown */
	unsigned long long size;      /* device or file size, 0 if unknown/new */
	char data_file[PATH_MAX];     /* directory targets: the file the jobs share */
	bool data_file_made;          /* it did not exist before: removed at the end */
};

struct proc_ctx {
	const struct proc_request *req;
	const struct proc_hooks *hooks;
	struct proc_table *t;
	struct proc_target tgt;
	unsigned long long area;      /* size= the procedure asks for; 0 all */
	char *err;
	size_t errlen;
	struct proc_env *env;         /* --profile-env: what it changed, or NULL */
};

void proc_note(struct proc_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whether the procedure was asked to stop (req->ctl): no step starts. */
bool proc_stopped(const struct proc_ctx *c);

/* Whether the steps run on far sides (--hosts): the environment's steps
 * are not taken here. */
static inline bool proc_is_remote(const struct proc_ctx *c)
{
	return c->req->remote != NULL;
}

/* Resolves the request's target once for every step (c->tgt). 0, or an
 * exit status with c->err set. */
int proc_target_prepare(struct proc_ctx *c);

/* Whether the user gave a job option (by its table name). */
bool proc_given(const struct proc_ctx *c, const char *option);

/* Builds a job: the table's defaults, then the procedure's settings
 * ("name=value", NULL-terminated), then every option the user gave, then
 * the target and a size that fits it. 0, or 2 with c->err set. */
int proc_job(struct proc_ctx *c, struct job_spec *j, const char *name,
	     const char *const *settings);
/* One more setting on a built job (a value the procedure computed),
 * unless the user gave that option. 0, or 2 with c->err set. */
int proc_job_set(struct proc_ctx *c, struct job_spec *j, const char *option, const char *value);

/* "rw=randwrite bs=4k iodepth=1 ..." as the options table prints them. */
void proc_describe(const struct job_spec *j, char *buf, size_t len);

/* Appends a pending row; returns its index, or -1 out of memory. */
long proc_row_add(struct proc_ctx *c, const char *label, const struct job_spec *j);

/* Runs a job set whose reporting groups fill rows first.. in order, and
 * tells the hooks. Returns the run's status (0, 1, 2, 3); 2 and 3 leave
 * the line in c->err and mark the rows failed. */
int proc_run(struct proc_ctx *c, struct job_set *set, size_t first);

/* The procedures. Each returns as proc_run does. */
int profile_run(struct proc_ctx *c);
int suite_run(struct proc_ctx *c);
int sweep_run(struct proc_ctx *c);

/* Environment checks (env.c). */
struct irq_snapshot;
/* The safety verdict of the target in one line; 3 (and the line in
 * c->err) when the job would write and may not. */
int env_verdict(struct proc_ctx *c, bool writes);
/* The ESSD PL-X latency test's checks: idle=poll, scheduler, rq_affinity, write cache. */
void env_checks(struct proc_ctx *c);
/* The ESSD PL-X latency test's words for an rq_affinity value (translated). */
const char *env_rq_affinity_meaning(int v);
/* Picks the queue interrupt to pin to: single-CPU effective affinity
 * first, a CPU other than 0, one this process may run on, lowest IRQ.
 * allowed[cpu] (nallowed long) may be NULL for any. Returns the queue's
 * index and sets *cpu, or -1. */
long env_pick_irq(const struct irq_snapshot *s, const unsigned char *allowed, int nallowed,
		  int *cpu);

#endif
