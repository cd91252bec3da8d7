/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ops.h - an I/O engine is a small table of operations (libaio, io_uring,
 * the synchronous sync, psync, pvsync and pvsync2, and a null engine that
 * completes everything at once, for tests). The job loop in engine.c is
 * the same for all of them. */
#ifndef BLKTOP_ENGINE_OPS_H
#define BLKTOP_ENGINE_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct io_unit {
	void *buf;
	int fd;
	unsigned file;        /* index of fd in the setup's files */
	uint64_t offset;
	uint32_t len;
	uint8_t dir;          /* DIR_READ or DIR_WRITE */
	uint8_t verify;       /* a read of a written block, to be checked */
	/* Its priority (class << 13 | level; the job's unless cmdprio
	 * options chose another) and that priority's place among the
	 * thread's per-priority latencies (engine/cmdprio.h). */
	uint16_t ioprio, prio_idx;
	uint8_t requeued;     /* waits to go out again for the rest (resid.c) */
	uint32_t shift;       /* bytes buf, offset moved on past a short transfer */
	uint64_t t_start;     /* ns: prepared */
	uint64_t t_submit;    /* ns: handed to the kernel */
	uint64_t t_done;      /* ns: completed (set by synchronous engines) */
	int64_t result;       /* bytes done, or -errno */
	void *engine_data;    /* the engine's per-I/O state (an iocb) */
};

struct cmdprio;
struct engine;
struct job_spec;

/* What an engine is set up with, once per thread. */
struct engine_setup {
	const struct job_spec *spec;  /* the engine's options */
	unsigned depth;               /* I/Os in flight at most */
	struct io_unit *units;        /* depth of them, buffers allocated */
	const int *fds;               /* the thread's files, shared by clones */
	const char *const *paths;     /* their paths, to reopen */
	unsigned nfiles;
	/* libaio, io_uring: the per-I/O priorities to draw as each I/O
	 * goes (cmdprio_pick), NULL when the job has none. */
	struct cmdprio *cmdprio;
	char *why;                    /* init failed: the reason, one line */
	size_t whylen;
};

struct engine_ops {
	const char *name;
	/* Completes I/Os inside submit and stamps t_submit/t_done itself, so
	 * the job loop's own clock reads around submit are not the latency. */
	bool synchronous;
	/* Stamps t_submit and t_done of every I/O itself (the synchronous
	 * engines, and the trimming one in front of any engine: trim.c);
	 * else the loop reads the clock after submit and after reap. */
	bool stamps_times;
	/* Prepares for up to depth I/Os in flight. 0 or -errno; a refusal
	 * with a reason of its own (not just the errno) writes it to why. */
	int (*init)(struct engine *e, const struct engine_setup *s);
	/* Starts n I/Os; returns how many were accepted (>= 0) or -errno. An
	 * engine that completes synchronously fills in result here. */
	int (*submit)(struct engine *e, struct io_unit **ios, unsigned n);
	/* Waits for at least min completions (until timeout_ns passes, if not 0)
	 * and returns up to max in done[] with result set; or -errno. */
	int (*reap)(struct engine *e, unsigned min, unsigned max, struct io_unit **done,
		    uint64_t timeout_ns);
	void (*cleanup)(struct engine *e);
	/* Optional, before the run: can this engine run this job here at all
	 * (the kernel may refuse it)? 0, or -errno with the reason in why. */
	int (*probe)(const struct job_spec *spec, char *why, size_t whylen);
};

struct engine {
	const struct engine_ops *ops;
	void *priv;
};

extern const struct engine_ops engine_libaio;
extern const struct engine_ops engine_io_uring;
extern const struct engine_ops engine_sync;
extern const struct engine_ops engine_psync;
extern const struct engine_ops engine_pvsync;
extern const struct engine_ops engine_pvsync2;
extern const struct engine_ops engine_null;

/* The engine that runs a job's ioengine=, or NULL if not built in. */
const struct engine_ops *engine_ops_for(int kind);

#endif
