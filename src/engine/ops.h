/* ops.h - an I/O engine is a small table of operations (libaio, psync, and
 * a null engine that completes everything at once, for tests). The job
 * loop in engine.c is the same for all of them. */
#ifndef BLKTOP_ENGINE_OPS_H
#define BLKTOP_ENGINE_OPS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

struct io_unit {
	void *buf;
	int fd;
	uint64_t offset;
	uint32_t len;
	uint8_t dir;          /* DIR_READ or DIR_WRITE */
	uint64_t t_start;     /* ns: prepared */
	uint64_t t_submit;    /* ns: handed to the kernel */
	uint64_t t_done;      /* ns: completed (set by synchronous engines) */
	int64_t result;       /* bytes done, or -errno */
	void *engine_data;    /* the engine's per-I/O state (an iocb) */
};

struct engine;

struct engine_ops {
	const char *name;
	/* Completes I/Os inside submit and stamps t_submit/t_done itself, so
	 * the job loop's own clock reads around submit are not the latency. */
	bool synchronous;
	/* Prepares for up to depth I/Os in flight. 0 or -errno. */
	int (*init)(struct engine *e, unsigned depth, struct io_unit *units);
	/* Starts n I/Os; returns how many were accepted (>= 0) or -errno. An
	 * engine that completes synchronously fills in result here. */
	int (*submit)(struct engine *e, struct io_unit **ios, unsigned n);
	/* Waits for at least min completions (until timeout_ns passes, if not 0)
	 * and returns up to max in done[] with result set; or -errno. */
	int (*reap)(struct engine *e, unsigned min, unsigned max, struct io_unit **done,
		    uint64_t timeout_ns);
	void (*cleanup)(struct engine *e);
};

struct engine {
	const struct engine_ops *ops;
	void *priv;
};

extern const struct engine_ops engine_libaio;
extern const struct engine_ops engine_psync;
extern const struct engine_ops engine_null;

#endif
