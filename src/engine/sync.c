/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sync.c - engines that complete inside submit, one system call per I/O:
 * the ones fio users name (sync: lseek and read/write; psync:
 * pread/pwrite; pvsync: preadv/pwritev; pvsync2: preadv2/pwritev2 with
 * hipri and nowait), and null, which completes without touching the
 * target, to test blktop itself and measure its overhead. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/ops.h"
#include "i18n.h"
#include "job.h"

/* Completed units wait here until the job loop reaps them. */
struct sync_priv {
	struct io_unit **completed;
	unsigned n, depth;
	/* sync: the thread's own open file descriptions (the clones of a
	 * section share fds, and read/write move a shared file position)
	 * and where each one's position stands. */
	int *own_fd;
	uint64_t *pos;
	unsigned nfiles;
	int rwf;                  /* pvsync2: RWF_* flags */
	bool v2;                  /* pvsync2: preadv2/pwritev2 */
};

static int sync_init(struct engine *e, const struct engine_setup *s)
{
	struct sync_priv *p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	e->priv = p;
	p->completed = calloc(s->depth, sizeof(*p->completed));
	if (!p->completed)
		return -ENOMEM;
	p->depth = s->depth;
	return 0;
}

/* sync reopens every file so that its file position is its own. */
static int sync_rw_init(struct engine *e, const struct engine_setup *s)
{
	int r = sync_init(e, s);
	if (r < 0)
		return r;
	struct sync_priv *p = e->priv;
	p->own_fd = malloc(s->nfiles * sizeof(*p->own_fd));
	p->pos = calloc(s->nfiles, sizeof(*p->pos));
	if (!p->own_fd || !p->pos)
		return -ENOMEM;
	for (unsigned i = 0; i < s->nfiles; i++)
		p->own_fd[i] = -1;
	p->nfiles = s->nfiles;
	for (unsigned i = 0; i < s->nfiles; i++) {
		int fl = fcntl(s->fds[i], F_GETFL);
		if (fl < 0 || !s->paths[i])
			return fl < 0 ? -errno : -EINVAL;
		p->own_fd[i] = open(s->paths[i], (fl & ~(O_CREAT | O_TRUNC | O_EXCL)) | O_CLOEXEC);
		if (p->own_fd[i] < 0) {
			int err = errno;
			snprintf(s->why, s->whylen, _("cannot reopen %s: %s"), s->paths[i],
				 strerror(err));
			return -err;
		}
		p->pos[i] = 0;
	}
	return 0;
}

static int pvsync2_init(struct engine *e, const struct engine_setup *s)
{
	int r = sync_init(e, s);
	if (r < 0)
		return r;
	struct sync_priv *p = e->priv;
	p->v2 = true;
	if (s->spec->hipri)
		p->rwf |= RWF_HIPRI;
	if (s->spec->nowait)
		p->rwf |= RWF_NOWAIT;
	return 0;
}

/* One I/O through one system call, retried on EINTR; stamps its times. */
static void sync_complete(struct sync_priv *p, struct io_unit *io, ssize_t r, uint64_t t0)
{
	io->t_submit = t0;
	io->t_done = now_ns();
	io->result = r < 0 ? -errno : r;
	p->completed[p->n++] = io;
}

static int sync_rw_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct sync_priv *p = e->priv;
	for (unsigned i = 0; i < n; i++) {
		struct io_unit *io = ios[i];
		int fd = p->own_fd[io->file];
		uint64_t t0 = now_ns();
		ssize_t r = 0;
		/* Sequential I/O needs no seek: the position is already there. */
		if (p->pos[io->file] != io->offset &&
		    lseek(fd, (off_t)io->offset, SEEK_SET) < 0)
			r = -1;
		if (r == 0) {
			do {
				r = io->dir == DIR_READ ? read(fd, io->buf, io->len)
							: write(fd, io->buf, io->len);
			} while (r < 0 && errno == EINTR);
		}
		/* After a failure the position is unknown: seek next time. */
		p->pos[io->file] = r > 0 ? io->offset + (uint64_t)r : UINT64_MAX;
		sync_complete(p, io, r, t0);
	}
	return (int)n;
}

static int psync_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct sync_priv *p = e->priv;
	for (unsigned i = 0; i < n; i++) {
		struct io_unit *io = ios[i];
		uint64_t t0 = now_ns();
		ssize_t r;
		do {
			r = io->dir == DIR_READ ? pread(io->fd, io->buf, io->len, (off_t)io->offset)
						: pwrite(io->fd, io->buf, io->len, (off_t)io->offset);
		} while (r < 0 && errno == EINTR);
		sync_complete(p, io, r, t0);
	}
	return (int)n;
}

static int pvsync_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct sync_priv *p = e->priv;
	for (unsigned i = 0; i < n; i++) {
		struct io_unit *io = ios[i];
		struct iovec iov = { io->buf, io->len };
		uint64_t t0 = now_ns();
		ssize_t r;
		do {
			if (p->v2)
				r = io->dir == DIR_READ
					? preadv2(io->fd, &iov, 1, (off_t)io->offset, p->rwf)
					: pwritev2(io->fd, &iov, 1, (off_t)io->offset, p->rwf);
			else
				r = io->dir == DIR_READ ? preadv(io->fd, &iov, 1, (off_t)io->offset)
							: pwritev(io->fd, &iov, 1, (off_t)io->offset);
		} while (r < 0 && errno == EINTR);
		sync_complete(p, io, r, t0);
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
	(void)min;
	(void)timeout_ns;
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
	if (p->own_fd)
		for (unsigned i = 0; i < p->nfiles; i++)
			if (p->own_fd[i] >= 0)
				close(p->own_fd[i]);
	free(p->own_fd);
	free(p->pos);
	free(p->completed);
	free(p);
	e->priv = NULL;
}

const struct engine_ops engine_sync = {
	.name = "sync",
	.synchronous = true,
	.stamps_times = true,
	.init = sync_rw_init,
	.submit = sync_rw_submit,
	.reap = sync_reap,
	.cleanup = sync_cleanup,
};

const struct engine_ops engine_psync = {
	.name = "psync",
	.synchronous = true,
	.stamps_times = true,
	.init = sync_init,
	.submit = psync_submit,
	.reap = sync_reap,
	.cleanup = sync_cleanup,
};

const struct engine_ops engine_pvsync = {
	.name = "pvsync",
	.synchronous = true,
	.stamps_times = true,
	.init = sync_init,
	.submit = pvsync_submit,
	.reap = sync_reap,
	.cleanup = sync_cleanup,
};

const struct engine_ops engine_pvsync2 = {
	.name = "pvsync2",
	.synchronous = true,
	.stamps_times = true,
	.init = pvsync2_init,
	.submit = pvsync_submit,
	.reap = sync_reap,
	.cleanup = sync_cleanup,
};

const struct engine_ops engine_null = {
	.name = "null",
	.synchronous = true,
	.stamps_times = true,
	.init = sync_init,
	.submit = null_submit,
	.reap = sync_reap,
	.cleanup = sync_cleanup,
};
