/* SPDX-License-Identifier: GPL-2.0-or-later */
/* trim.c - trims (rw=trim, randtrim, trimwrite) for every engine but
 * null. fio 3.33's libaio, io_uring and synchronous engines all trim the
 * same way: one BLKDISCARD ioctl inside the submit call, done when it
 * returns (on a regular file the ioctl fails with ENOTTY, and so does the
 * I/O; no hole is punched). Rather than teach each engine that, a job
 * that trims runs its engine behind this one, which does the trims itself
 * and hands the rest on; jobs that do not trim never pass through here,
 * so their per-I/O path is the engine's own. */
#include "config.h"

#include <errno.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <sys/ioctl.h>

#include "engine/engine.h"
#include "engine/ops.h"
#include "engine/trim.h"
#include "job.h"
#include "util/clock.h"

struct trim_priv {
	struct engine inner;
	struct io_unit **done;  /* trims done, not yet reaped */
	unsigned n;
	unsigned inner_inflight; /* handed to the inner engine, not reaped */
	bool inner_async;       /* libaio, io_uring: see trim_submit */
};

static int trim_init(struct engine *e, const struct engine_setup *s)
{
	struct trim_priv *p = e->priv;
	p->done = calloc(s->depth, sizeof(*p->done));
	if (!p->done)
		return -ENOMEM;
	return p->inner.ops->init(&p->inner, s);
}

/* One trim, timed as fio times it: from the call to its return. */
static void trim_one(struct trim_priv *p, struct io_unit *io)
{
	uint64_t range[2] = { io->offset, io->len };
	io->t_submit = now_ns();
	int r;
	do
		r = ioctl(io->fd, BLKDISCARD, range);
	while (r < 0 && errno == EINTR);
	io->result = r < 0 ? -errno : (int64_t)io->len;
	io->t_done = now_ns();
	p->done[p->n++] = io;
}

/* Trims are done here, one per call; the I/Os before the first trim go to
 * the inner engine in one call. Returns how many were taken, as submit. */
static int trim_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct trim_priv *p = e->priv;
	if (ios[0]->dir == DIR_TRIM) {
		trim_one(p, ios[0]);
		/* fio's asynchronous engines trim inside their queue call, and
		 * a trim that fails there ends the job at once, whatever depth
		 * is left to fill (its I/Os in flight still complete): the
		 * loop's refused I/O, as a submit that failed. */
		if (p->inner_async && ios[0]->result < 0 && ios[0]->result != -EAGAIN) {
			int err = (int)ios[0]->result;
			p->done[--p->n] = NULL;
			return err;
		}
		return 1;
	}
	unsigned k = 1;
	while (k < n && ios[k]->dir != DIR_TRIM)
		k++;
	int r = p->inner.ops->submit(&p->inner, ios, k);
	if (r <= 0)
		return r;
	/* The loop takes this engine's stamps: an asynchronous inner
	 * engine's I/Os are stamped here as the loop would stamp them. */
	if (!p->inner.ops->stamps_times) {
		uint64_t ts = now_ns();
		for (int i = 0; i < r; i++)
			ios[i]->t_submit = ts;
	}
	p->inner_inflight += (unsigned)r;
	return r;
}

static int trim_reap(struct engine *e, unsigned min, unsigned max, struct io_unit **done,
		     uint64_t timeout_ns)
{
	struct trim_priv *p = e->priv;
	unsigned got = 0;
	while (p->n && got < max)
		done[got++] = p->done[--p->n];
	if (got >= max || !p->inner_inflight || (got && got >= min))
		return (int)got;
	unsigned want = min > got ? min - got : 0;
	if (want > p->inner_inflight)
		want = p->inner_inflight;
	int r = p->inner.ops->reap(&p->inner, want, max - got, done + got, timeout_ns);
	if (r < 0)
		return got ? (int)got : r;
	if (!p->inner.ops->stamps_times) {
		uint64_t t = now_ns();
		for (int i = 0; i < r; i++)
			done[got + (unsigned)i]->t_done = t;
	}
	p->inner_inflight -= (unsigned)r;
	return (int)(got + (unsigned)r);
}

static void trim_cleanup(struct engine *e)
{
	struct trim_priv *p = e->priv;
	if (!p)
		return;
	if (p->inner.ops->cleanup)
		p->inner.ops->cleanup(&p->inner);
	free(p->done);
	free(p);
	e->priv = NULL;
}

/* The inner engine's kind shows through (the error rules ask it); the
 * job's depth is set from the inner engine before it is wrapped. */
static const struct engine_ops engine_trim_sync = {
	.name = "trim",
	.synchronous = true,
	.stamps_times = true,
	.init = trim_init,
	.submit = trim_submit,
	.reap = trim_reap,
	.cleanup = trim_cleanup,
};
static const struct engine_ops engine_trim_async = {
	.name = "trim",
	.synchronous = false,
	.stamps_times = true,
	.init = trim_init,
	.submit = trim_submit,
	.reap = trim_reap,
	.cleanup = trim_cleanup,
};

int trim_engine_wrap(struct engine *e)
{
	struct trim_priv *p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->inner = *e;
	p->inner_async = !e->ops->synchronous;
	e->ops = e->ops->synchronous ? &engine_trim_sync : &engine_trim_async;
	e->priv = p;
	return 0;
}
