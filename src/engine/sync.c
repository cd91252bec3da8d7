/* sync.c - engines that complete inside submit: psync (pread/pwrite, for
 * seed 002's psync-versus-libaio comparison) and null (completes without
 * touching the target, to test blktop itself and measure its overhead). */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/ops.h"
#include "job.h"

/* Completed units wait here until the job loop reaps them. */
struct sync_priv {
	struct io_unit **completed;
	unsigned n, depth;
};

static int sync_init(struct engine *e, unsigned depth, struct io_unit *units)
{
	struct sync_priv *p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->completed = calloc(depth, sizeof(*p->completed));
	if (!p->completed) {
		free(p);
		return -ENOMEM;
	}
	p->depth = depth;
	e->priv = p;
	return 0;
}

static int psync_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct sync_priv *p = e->priv;
	for (unsigned i = 0; i < n; i++) {
		struct io_unit *io = ios[i];
		io->t_submit = now_ns();
		ssize_t r;
		do {
			r = io->dir == DIR_READ ? pread(io->fd, io->buf, io->len, (off_t)io->offset)
						: pwrite(io->fd, io->buf, io->len, (off_t)io->offset);
		} while (r < 0 && errno == EINTR);
		io->t_done = now_ns();
		io->result = r < 0 ? -errno : r;
		p->completed[p->n++] = io;
	}
	return (int)n;
}

static int null_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct sync_priv *p = e->priv;
	uint64_t t = now_ns();
	for (unsigned i = 0; i < n; i++) {
		ios[i]->t_submit = t;
		ios[i]->t_done = t;
		ios[i]->result = ios[i]->len;
		p->completed[p->n++] = ios[i];
	}
	return (int)n;
}

static int sync_reap(struct engine *e, unsigned min, unsigned max, struct io_unit **done,
		     uint64_t timeout_ns)
{
	struct sync_priv *p = e->priv;
	unsigned n = p->n < max ? p->n : max;
	for (unsigned i = 0; i < n; i++)
		done[i] = p->completed[--p->n];
	return (int)n;
}

static void sync_cleanup(struct engine *e)
{
	struct sync_priv *p = e->priv;
	if (!p)
		return;
	free(p->completed);
	free(p);
	e->priv = NULL;
}

const struct engine_ops engine_psync = {
	.name = "psync",
	.synchronous = true,
	.init = sync_init,
	.submit = psync_submit,
	.reap = sync_reap,
	.cleanup = sync_cleanup,
};

const struct engine_ops engine_null = {
	.name = "null",
	.synchronous = true,
	.init = sync_init,
	.submit = null_submit,
	.reap = sync_reap,
	.cleanup = sync_cleanup,
};
