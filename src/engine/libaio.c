/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libaio.c - the Linux native AIO engine: io_submit for what the job loop
 * hands over (one I/O per call with fio's defaults, more with
 * iodepth_batch_submit, split where fio's ring of iocbs wraps);
 * completions are read from the kernel's ring in our own memory while any
 * are there, io_getevents only to wait. */
#include "config.h"

#include <errno.h>
#include <libaio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cmdprio.h"
#include "engine/ops.h"
#include "job.h"

/* The completion ring the kernel maps at the context's address (its
 * layout, fs/aio.c's struct aio_ring, has not changed since Linux 2.6.19;
 * a ring with another magic or incompatible features is left alone). The
 * kernel appends at tail; whoever consumes moves head, and the kernel
 * reads head back on every wait and submit, so taking completions here
 * saves a system call per batch and changes nothing the device sees. */
struct aio_ring_view {
	unsigned id, nr, head, tail;
	unsigned magic, compat_features, incompat_features, header_length;
	struct io_event events[];
};
#define AIO_RING_MAGIC 0xa10a10a1u
/* The iocb's priority is read only with this flag (Linux 5.0's aio_abi.h). */
#ifndef IOCB_FLAG_IOPRIO
#define IOCB_FLAG_IOPRIO (1 << 1)
#endif

struct libaio_priv {
	io_context_t ctx;
	struct aio_ring_view *ring; /* NULL: io_getevents only */
	struct iocb *iocbs;       /* one per unit, unit i owns iocbs[i] */
	struct iocb **submit;
	struct io_event *events;
	unsigned depth;
	/* Where the next I/O goes in fio's ring of iodepth iocb slots: fio
	 * hands the kernel a run of its ring in one io_submit, so a batch
	 * that wraps past the ring's end goes as two calls. We split at the
	 * same place, for the same calls as fio's (iodepth_submit, and the
	 * plugs and merges the device sees). */
	unsigned slot;
	struct cmdprio *cmdprio;  /* NULL: every I/O at the job's priority */
};

static int libaio_init(struct engine *e, const struct engine_setup *s)
{
	unsigned depth = s->depth;
	struct io_unit *units = s->units;
	struct libaio_priv *p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	e->priv = p;
	p->depth = depth;
	p->cmdprio = s->cmdprio;
	p->iocbs = calloc(depth, sizeof(*p->iocbs));
	p->submit = calloc(depth, sizeof(*p->submit));
	p->events = calloc(depth, sizeof(*p->events));
	if (!p->iocbs || !p->submit || !p->events)
		return -ENOMEM;
	for (unsigned i = 0; i < depth; i++) {
		units[i].engine_data = &p->iocbs[i];
		p->iocbs[i].data = &units[i];
	}
	int r = io_setup((int)depth, &p->ctx);
	if (r < 0)
		return r;
	struct aio_ring_view *ring = (struct aio_ring_view *)p->ctx;
	if (ring->magic == AIO_RING_MAGIC && ring->incompat_features == 0 &&
	    ring->header_length == sizeof(*ring) && ring->nr)
		p->ring = ring;
	return 0;
}

static void take_event(const struct io_event *ev, struct io_unit **done)
{
	struct io_unit *io = ev->data;
	/* res is unsigned long; a negative errno comes back wrapped. */
	io->result = (int64_t)(long)ev->res;
	*done = io;
}

/* Takes up to max completions from the ring if it already holds at least
 * min (so nothing need be waited for); otherwise takes none, and the
 * wait goes to io_getevents with the job's own (min, max), as fio's
 * would. Returns how many were taken. */
static unsigned ring_take(struct aio_ring_view *ring, unsigned min, unsigned max,
			  struct io_unit **done)
{
	unsigned nr = ring->nr;
	unsigned head = ring->head;
	unsigned tail = __atomic_load_n(&ring->tail, __ATOMIC_ACQUIRE);
	unsigned avail = tail >= head ? tail - head : nr - head + tail;
	if (avail < min || !avail)
		return 0;
	unsigned got = 0;
	while (got < max && head != tail) {
		take_event(&ring->events[head], &done[got++]);
		head = head + 1 == nr ? 0 : head + 1;
	}
	__atomic_store_n(&ring->head, head, __ATOMIC_RELEASE);
	return got;
}

static int libaio_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct libaio_priv *p = e->priv;
	/* The rest comes back to us in the job loop's next call. */
	if (n > p->depth - p->slot)
		n = p->depth - p->slot;
	for (unsigned i = 0; i < n; i++) {
		struct io_unit *io = ios[i];
		struct iocb *cb = io->engine_data;
		if (io->dir == DIR_READ)
			io_prep_pread(cb, io->fd, io->buf, io->len, (long long)io->offset);
		else
			io_prep_pwrite(cb, io->fd, io->buf, io->len, (long long)io->offset);
		/* As fio's: only a chosen I/O carries a priority of its own;
		 * the others go at the thread's (prio, prioclass). */
		if (p->cmdprio && cmdprio_pick(p->cmdprio, io)) {
			cb->aio_reqprio = (short)io->ioprio;
			cb->u.c.flags |= IOCB_FLAG_IOPRIO;
		}
		cb->data = io;
		p->submit[i] = cb;
	}
	int r = io_submit(p->ctx, (long)n, p->submit);
	/* libaio returns -errno rather than setting errno. */
	if (r > 0)
		p->slot = (p->slot + (unsigned)r) % p->depth;
	return r;
}

static int libaio_reap(struct engine *e, unsigned min, unsigned max, struct io_unit **done,
		       uint64_t timeout_ns)
{
	struct libaio_priv *p = e->priv;
	struct timespec ts, *tsp = NULL;
	if (timeout_ns) {
		ts.tv_sec = (time_t)(timeout_ns / 1000000000ULL);
		ts.tv_nsec = (long)(timeout_ns % 1000000000ULL);
		tsp = &ts;
	}
	if (max > p->depth)
		max = p->depth;
	if (p->ring) {
		unsigned got = ring_take(p->ring, min, max, done);
		/* Nothing to wait for: a poll (min 0) that found nothing is
		 * answered here too, as io_getevents would answer it. */
		if (got || !min)
			return (int)got;
	}
	int r = io_getevents(p->ctx, (long)min, (long)max, p->events, tsp);
	if (r < 0)
		return r;
	for (int i = 0; i < r; i++)
		take_event(&p->events[i], &done[i]);
	return r;
}

static void libaio_cleanup(struct engine *e)
{
	struct libaio_priv *p = e->priv;
	if (!p)
		return;
	if (p->ctx)
		io_destroy(p->ctx);
	free(p->iocbs);
	free(p->submit);
	free(p->events);
	free(p);
	e->priv = NULL;
}

const struct engine_ops engine_libaio = {
	.name = "libaio",
	.synchronous = false,
	.init = libaio_init,
	.submit = libaio_submit,
	.reap = libaio_reap,
	.cleanup = libaio_cleanup,
};
