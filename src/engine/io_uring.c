/* SPDX-License-Identifier: GPL-2.0-or-later */
/* io_uring.c - the io_uring engine (liburing): the job loop's I/Os go into
 * the submission ring and one io_uring_enter hands over what the loop
 * groups (iodepth_batch_submit); completions are read from the ring
 * without a system call when they are there. fio's options: fixedbufs,
 * registerfiles, sqthread_poll (+ _cpu), hipri, nowait, force_async. The
 * ring is set up as fio sets it up (completion queue as deep as the
 * submission queue, cooperative and deferred task work where the kernel
 * has them), so the two compare at equal settings.
 *
 * Per I/O this costs one SQE filled in and one CQE read; fixedbufs and
 * registerfiles only change fields of the SQE; force_async adds a counter.
 * No locks, no allocation after init. */
#include "config.h"

#include <errno.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "engine/ops.h"
#include "i18n.h"
#include "job.h"
#include "options.h"
#include "sysroot.h"

struct uring_priv {
	struct io_uring ring;
	bool ring_ok;
	struct io_unit *units;      /* unit i uses registered buffer i */
	unsigned depth;
	unsigned unsent;            /* SQEs in the ring the kernel has not taken */
	bool fixedbufs, fixedfiles;
	int rw_flags;               /* RWF_NOWAIT */
	unsigned short ioprio;      /* prio, prioclass: on every I/O, as fio */
	unsigned force_async, nth;
};

/* The ring fio would set up for this job; falls back flag by flag where
 * the kernel is older, as fio does. */
static int ring_setup(struct io_uring *ring, unsigned depth, const struct job_spec *spec)
{
	struct io_uring_params p;
	memset(&p, 0, sizeof(p));
	if (spec->hipri)
		p.flags |= IORING_SETUP_IOPOLL;
	if (spec->sqthread_poll) {
		p.flags |= IORING_SETUP_SQPOLL;
		if (job_option_given(spec, "sqthread_poll_cpu")) {
			p.flags |= IORING_SETUP_SQ_AFF;
			p.sq_thread_cpu = (unsigned)spec->sqthread_poll_cpu;
		}
	}
	p.flags |= IORING_SETUP_CQSIZE;
	p.cq_entries = depth;
	p.flags |= IORING_SETUP_COOP_TASKRUN;
	p.flags |= IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN;
	for (;;) {
		int r = io_uring_queue_init_params(depth, ring, &p);
		if (r != -EINVAL)
			return r;
		if (p.flags & IORING_SETUP_DEFER_TASKRUN)
			p.flags &= ~(IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_SINGLE_ISSUER);
		else if (p.flags & IORING_SETUP_COOP_TASKRUN)
			p.flags &= ~IORING_SETUP_COOP_TASKRUN;
		else if (p.flags & IORING_SETUP_CQSIZE)
			p.flags &= ~IORING_SETUP_CQSIZE;
		else
			return r;
	}
}

/* Why the kernel refused a ring, in one line. */
static void refusal(int err, const struct job_spec *spec, char *why, size_t len)
{
	unsigned long long disabled = 0;
	if (err == -EPERM || err == -ENOSYS) {
		if (!sysroot_read_u64("/proc/sys/kernel/io_uring_disabled", &disabled) && disabled) {
			snprintf(why, len, _("the kernel refuses io_uring (sysctl kernel.io_uring_disabled = %llu)"),
				 disabled);
			return;
		}
		if (err == -ENOSYS) {
			snprintf(why, len, _("this kernel has no io_uring (ENOSYS)"));
			return;
		}
		if (spec->sqthread_poll) {
			snprintf(why, len, _("the kernel refuses sqthread_poll here: %s (it needs CAP_SYS_ADMIN on kernels before 5.11)"),
				 strerror(-err));
			return;
		}
	}
	snprintf(why, len, _("the kernel refuses an io_uring ring: %s"), strerror(-err));
}

static int uring_probe(const struct job_spec *spec, char *why, size_t whylen)
{
	struct io_uring ring;
	int r = ring_setup(&ring, 1, spec);
	if (r < 0) {
		refusal(r, spec, why, whylen);
		return r;
	}
	io_uring_queue_exit(&ring);
	return 0;
}

static int uring_init(struct engine *e, const struct engine_setup *s)
{
	struct uring_priv *p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	e->priv = p;
	p->depth = s->depth;
	p->units = s->units;
	int r = ring_setup(&p->ring, s->depth, s->spec);
	if (r < 0) {
		refusal(r, s->spec, s->why, s->whylen);
		return r;
	}
	p->ring_ok = true;
	/* One fewer fd lookup per io_uring_enter; older kernels lack it. */
	io_uring_register_ring_fd(&p->ring);

	if (s->spec->fixedbufs) {
		struct iovec *iov = calloc(s->depth, sizeof(*iov));
		if (!iov)
			return -ENOMEM;
		for (unsigned i = 0; i < s->depth; i++) {
			iov[i].iov_base = s->units[i].buf;
			iov[i].iov_len = job_bs_max(s->spec);
		}
		r = io_uring_register_buffers(&p->ring, iov, s->depth);
		free(iov);
		if (r < 0) {
			snprintf(s->why, s->whylen, _("fixedbufs: the kernel refuses to register %u buffers: %s (RLIMIT_MEMLOCK?)"),
				 s->depth, strerror(-r));
			return r;
		}
		p->fixedbufs = true;
	}
	if (s->spec->registerfiles) {
		r = io_uring_register_files(&p->ring, s->fds, s->nfiles);
		if (r < 0) {
			snprintf(s->why, s->whylen, _("registerfiles: the kernel refuses: %s"),
				 strerror(-r));
			return r;
		}
		p->fixedfiles = true;
	}
	if (s->spec->nowait)
		p->rw_flags = RWF_NOWAIT;
	/* fio sets the job's priority on each sqe: a poll thread would not
	 * inherit the job thread's own. */
	p->ioprio = (unsigned short)job_ioprio(s->spec);
	p->force_async = (unsigned)s->spec->force_async;
	return 0;
}

static void prep_sqe(struct uring_priv *p, struct io_uring_sqe *sqe, struct io_unit *io)
{
	int fd = p->fixedfiles ? (int)io->file : io->fd;
	if (p->fixedbufs) {
		int idx = (int)(io - p->units);
		if (io->dir == DIR_READ)
			io_uring_prep_read_fixed(sqe, fd, io->buf, io->len, io->offset, idx);
		else
			io_uring_prep_write_fixed(sqe, fd, io->buf, io->len, io->offset, idx);
	} else if (io->dir == DIR_READ) {
		io_uring_prep_read(sqe, fd, io->buf, io->len, io->offset);
	} else {
		io_uring_prep_write(sqe, fd, io->buf, io->len, io->offset);
	}
	sqe->rw_flags = p->rw_flags;
	sqe->ioprio = p->ioprio;
	if (p->fixedfiles)
		sqe->flags |= IOSQE_FIXED_FILE;
	if (p->force_async && ++p->nth >= p->force_async) {
		p->nth = 0;
		sqe->flags |= IOSQE_ASYNC;
	}
	io_uring_sqe_set_data(sqe, io);
}

/* The first p->unsent of ios are already in the ring from a call the
 * kernel took only part of (or refused with EAGAIN/EBUSY): they are not
 * filled in twice. */
static int uring_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct uring_priv *p = e->priv;
	unsigned i;
	for (i = p->unsent; i < n; i++) {
		struct io_uring_sqe *sqe = io_uring_get_sqe(&p->ring);
		if (!sqe)
			break;
		prep_sqe(p, sqe, ios[i]);
	}
	int r = io_uring_submit(&p->ring);
	if (r < 0) {
		p->unsent = i;
		return r == -EBUSY ? -EAGAIN : r;
	}
	/* Under sqthread_poll liburing counts every entry the polling thread
	 * has not consumed yet, this call's and earlier ones': all of them
	 * are the kernel's now. */
	if ((unsigned)r > i)
		r = (int)i;
	p->unsent = i - (unsigned)r;
	return r;
}

static int uring_reap(struct engine *e, unsigned min, unsigned max, struct io_unit **done,
		      uint64_t timeout_ns)
{
	struct uring_priv *p = e->priv;
	unsigned got = 0;
	bool entered = false;

	if (max > p->depth)
		max = p->depth;
	for (;;) {
		/* liburing's inline ring walk: no call per look at the ring. */
		unsigned head, n = 0;
		struct io_uring_cqe *cqe;
		io_uring_for_each_cqe(&p->ring, head, cqe) {
			if (got >= max)
				break;
			struct io_unit *io = io_uring_cqe_get_data(cqe);
			io->result = cqe->res;
			done[got++] = io;
			n++;
		}
		if (n)
			io_uring_cq_advance(&p->ring, n);
		if (got >= max || (got >= min && (got > 0 || entered)))
			break;
		int r;
		if (min == 0) {
			/* Polling: deferred completions show only after an
			 * enter, so run the kernel's task work once. */
			r = io_uring_get_events(&p->ring);
			entered = true;
		} else if (timeout_ns) {
			struct __kernel_timespec ts = {
				.tv_sec = (long long)(timeout_ns / 1000000000ULL),
				.tv_nsec = (long long)(timeout_ns % 1000000000ULL),
			};
			r = io_uring_wait_cqes(&p->ring, &cqe, min - got, &ts, NULL);
			if (r == -ETIME)
				entered = true, min = got, r = 0;
		} else {
			r = io_uring_wait_cqe_nr(&p->ring, &cqe, min - got);
		}
		if (r < 0 && r != -EAGAIN && r != -EBUSY)
			return got ? (int)got : r;
	}
	return (int)got;
}

static void uring_cleanup(struct engine *e)
{
	struct uring_priv *p = e->priv;
	if (!p)
		return;
	if (p->ring_ok)
		io_uring_queue_exit(&p->ring);
	free(p);
	e->priv = NULL;
}

const struct engine_ops engine_io_uring = {
	.name = "io_uring",
	.synchronous = false,
	.init = uring_init,
	.submit = uring_submit,
	.reap = uring_reap,
	.cleanup = uring_cleanup,
	.probe = uring_probe,
};
