/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libaio.c - the Linux native AIO engine: io_submit for what the job loop
 * hands over (one I/O per call with fio's defaults, more with
 * iodepth_batch_submit), io_getevents for completions. */
#include "config.h"

#include <errno.h>
#include <libaio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ops.h"
#include "job.h"

struct libaio_priv {
	io_context_t ctx;
	struct iocb *iocbs;       /* one per unit, unit i owns iocbs[i] */
	struct iocb **submit;
	struct io_event *events;
	unsigned depth;
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
	return 0;
}

static int libaio_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct libaio_priv *p = e->priv;
	for (unsigned i = 0; i < n; i++) {
		struct io_unit *io = ios[i];
		struct iocb *cb = io->engine_data;
		if (io->dir == DIR_READ)
			io_prep_pread(cb, io->fd, io->buf, io->len, (long long)io->offset);
		else
			io_prep_pwrite(cb, io->fd, io->buf, io->len, (long long)io->offset);
		cb->data = io;
		p->submit[i] = cb;
	}
	int r = io_submit(p->ctx, (long)n, p->submit);
	/* libaio returns -errno rather than setting errno. */
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
	int r = io_getevents(p->ctx, (long)min, (long)max, p->events, tsp);
	if (r < 0)
		return r;
	for (int i = 0; i < r; i++) {
		struct io_unit *io = p->events[i].data;
		/* res is unsigned long; a negative errno comes back wrapped. */
		io->result = (int64_t)(long)p->events[i].res;
		done[i] = io;
	}
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
