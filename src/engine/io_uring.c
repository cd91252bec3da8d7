/* SPDX-License-Identifier: GPL-2.0-or-later */
/* io_uring.c - the io_uring engine. liburing sets the ring up (as fio
 * sets it up: completion queue as deep as the submission queue,
 * cooperative and deferred task work where the kernel has them) and tears
 * it down; the per-I/O path walks the two rings the kernel maps itself,
 * as fio's engine does, with no library call per I/O. fio's options:
 * fixedbufs, registerfiles (both in effect whether given or not: see
 * uring_init), sqthread_poll (+ _cpu), hipri, nowait,
 * force_async.
 *
 * What the kernel sees is fio's: each submit call of the job loop is one
 * io_uring_enter carrying exactly its I/Os (one with fio's defaults), with
 * IORING_ENTER_GETEVENTS so the kernel posts the completions it holds and
 * the next wait finds them in the ring without a system call; a wait is a
 * call of its own, as fio's. (Handing the I/Os over in the wait's own call
 * saves a call but not time: a task that sleeps right after it submits is
 * moved between CPUs about 0.6 times per I/O at iodepth 1 on a loop
 * device, against 0.17 with the two calls, and ran 0.91x fio's IOPS there
 * against 0.95x.)
 *
 * Per I/O: one SQE written, one CQE read, the ring heads and tails moved
 * once per call; fixedbufs and registerfiles change fields of the SQE,
 * force_async adds a counter. No locks, no allocation after init. */
#include "config.h"

#include <errno.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "engine/cmdprio.h"
#include "engine/ops.h"
#include "i18n.h"
#include "job.h"
#include "options.h"
#include "sysroot.h"
#include "util/clock.h"

struct uring_priv {
	struct io_uring ring;       /* liburing's: setup, registration, exit */
	bool ring_ok;
	/* The submission ring: our tail, published with a release store. */
	struct io_uring_sqe *sqes;  /* SQE i is unit i's, for good */
	unsigned *sq_array;         /* which SQE each ring slot holds */
	unsigned *sq_ktail, *sq_kflags;
	unsigned sq_mask, sq_tail;
	/* The completion ring: we are its only consumer, so its head is
	 * ours and is stored back once per reap. */
	struct io_uring_cqe *cqes;
	unsigned *cq_khead, *cq_ktail;
	unsigned cq_mask, cq_head;
	int enter_fd;               /* the registered ring's index, or its fd */
	unsigned enter_flags;       /* IORING_ENTER_REGISTERED_RING if registered */
	bool sqpoll, ext_arg;
	struct io_unit *units;      /* unit i uses registered buffer i */
	unsigned depth;
	unsigned unsent;            /* SQEs in the ring the kernel has not taken */
	uint8_t op[2];              /* opcode for DIR_READ, DIR_WRITE (trims: trim.c) */
	uint8_t sqe_flags;          /* IOSQE_FIXED_FILE with registerfiles */
	bool fixedbufs, fixedfiles;
	int rw_flags;               /* RWF_NOWAIT */
	struct cmdprio *cmdprio;    /* NULL: each I/O at the job's priority */
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

/* Takes the ring's pointers from liburing's mapping, once. */
static void ring_view(struct uring_priv *p)
{
	struct io_uring *ring = &p->ring;
	p->sqes = ring->sq.sqes;
	p->sq_ktail = ring->sq.ktail;
	p->sq_kflags = ring->sq.kflags;
	p->sq_mask = ring->sq.ring_mask;
	p->sq_array = ring->sq.array;
	p->sq_tail = *ring->sq.ktail;
	memset(p->sqes, 0, ring->sq.ring_entries * sizeof(*p->sqes));
	p->cqes = ring->cq.cqes;
	p->cq_khead = ring->cq.khead;
	p->cq_ktail = ring->cq.ktail;
	p->cq_mask = ring->cq.ring_mask;
	p->cq_head = *ring->cq.khead;
	p->enter_fd = ring->ring_fd;
	p->sqpoll = ring->flags & IORING_SETUP_SQPOLL;
	p->ext_arg = ring->features & IORING_FEAT_EXT_ARG;
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
	ring_view(p);
	/* One fewer fd lookup per io_uring_enter; older kernels lack it. */
	if (io_uring_register_ring_fd(&p->ring) == 1) {
		p->enter_fd = p->ring.enter_ring_fd;
		p->enter_flags = IORING_ENTER_REGISTERED_RING;
	}

	p->op[DIR_READ] = IORING_OP_READ;
	p->op[DIR_WRITE] = IORING_OP_WRITE;
	/* The buffers and files are registered with the ring whether or not
	 * the job says fixedbufs and registerfiles: the kernel then neither
	 * pins a buffer's pages nor looks its file up on each I/O, and the
	 * device sees the same requests (the pages are the same 4 KiB pages).
	 * Only where the job asked does a refusal end it; otherwise blktop
	 * goes on as fio would without them. */
	struct iovec *iov = calloc(s->depth, sizeof(*iov));
	if (!iov)
		return -ENOMEM;
	for (unsigned i = 0; i < s->depth; i++) {
		iov[i].iov_base = s->units[i].buf;
		iov[i].iov_len = job_bs_max(s->spec);
	}
	r = io_uring_register_buffers(&p->ring, iov, s->depth);
	free(iov);
	if (r >= 0) {
		p->fixedbufs = true;
		p->op[DIR_READ] = IORING_OP_READ_FIXED;
		p->op[DIR_WRITE] = IORING_OP_WRITE_FIXED;
	} else if (s->spec->fixedbufs) {
		snprintf(s->why, s->whylen, _("fixedbufs: the kernel refuses to register %u buffers: %s (RLIMIT_MEMLOCK?)"),
			 s->depth, strerror(-r));
		return r;
	}
	r = s->nfiles ? io_uring_register_files(&p->ring, s->fds, s->nfiles) : -EINVAL;
	if (r >= 0) {
		p->fixedfiles = true;
		p->sqe_flags = IOSQE_FIXED_FILE;
	} else if (s->spec->registerfiles) {
		snprintf(s->why, s->whylen, _("registerfiles: the kernel refuses: %s"), strerror(-r));
		return r;
	}
	if (s->spec->nowait)
		p->rw_flags = RWF_NOWAIT;
	/* fio sets each I/O's priority on its sqe (the job's, or one the
	 * cmdprio options chose): a poll thread would not inherit the job
	 * thread's own. */
	p->cmdprio = s->cmdprio;
	p->force_async = (unsigned)s->spec->force_async;
	/* Unit i fills SQE i (as fio's io_u i fills its own): the kernel
	 * has copied an SQE by the time its I/O can complete, so the unit's
	 * next I/O finds its SQE free. What never changes is set here. */
	for (unsigned i = 0; i < s->depth; i++) {
		struct io_uring_sqe *sqe = &p->sqes[i];
		sqe->flags = p->sqe_flags;
		sqe->rw_flags = p->rw_flags;
		sqe->buf_index = p->fixedbufs ? (uint16_t)i : 0;
		sqe->user_data = (uint64_t)(uintptr_t)&s->units[i];
		s->units[i].engine_data = sqe;
	}
	return 0;
}

/* Fills the fields of the unit's SQE that change from one I/O to the
 * next; the rest were set at init. */
static void prep_sqe(struct uring_priv *p, struct io_uring_sqe *sqe, const struct io_unit *io)
{
	sqe->opcode = p->op[io->dir];
	sqe->fd = p->fixedfiles ? (int)io->file : io->fd;
	sqe->off = io->offset;
	sqe->addr = (uint64_t)(uintptr_t)io->buf;
	sqe->len = io->len;
	sqe->ioprio = io->ioprio;
	if (p->force_async) {
		bool async = ++p->nth >= p->force_async;
		if (async)
			p->nth = 0;
		sqe->flags = (uint8_t)(p->sqe_flags | (async ? IOSQE_ASYNC : 0));
	}
}

/* io_uring_enter on our ring: to_submit SQEs from the ring, and with
 * IORING_ENTER_GETEVENTS the kernel posts the completions it holds and
 * waits until the ring has wait of them. The number of SQEs the kernel
 * took, or -errno. */
static inline int enter(const struct uring_priv *p, unsigned to_submit, unsigned wait,
			unsigned flags)
{
	return io_uring_enter((unsigned)p->enter_fd, to_submit, wait, flags | p->enter_flags, NULL);
}

/* The same, the wait ending after timeout_ns (IORING_FEAT_EXT_ARG; a
 * kernel without it is never asked, see wait_polled). */
static int enter_timed(const struct uring_priv *p, unsigned to_submit, unsigned wait,
		       uint64_t timeout_ns)
{
	struct __kernel_timespec ts = {
		.tv_sec = (long long)(timeout_ns / 1000000000ULL),
		.tv_nsec = (long long)(timeout_ns % 1000000000ULL),
	};
	struct io_uring_getevents_arg arg = { .ts = (uint64_t)(uintptr_t)&ts };
	return io_uring_enter2((unsigned)p->enter_fd, to_submit, wait,
			       IORING_ENTER_GETEVENTS | IORING_ENTER_EXT_ARG | p->enter_flags,
			       (sigset_t *)&arg, sizeof(arg));
}

/* Hands the kernel the SQEs it has not taken, in calls of what is left
 * (a kernel short of memory may take fewer). 0, or -errno with
 * p->unsent still counting what it did not take. */
static int flush(struct uring_priv *p)
{
	while (p->unsent) {
		int r = enter(p, p->unsent, 0, IORING_ENTER_GETEVENTS);
		if (r <= 0)
			return r < 0 ? (r == -EBUSY ? -EAGAIN : r) : -EAGAIN;
		p->unsent -= (unsigned)r < p->unsent ? (unsigned)r : p->unsent;
	}
	return 0;
}

/* The loop's I/Os go into the ring and to the kernel in one call.
 * Returns n (the kernel's, or some held for the next call into it), or
 * -errno with none of them taken. */
static int uring_submit(struct engine *e, struct io_unit **ios, unsigned n)
{
	struct uring_priv *p = e->priv;
	/* Held I/Os of an earlier call go first, in a call of their own. */
	if (p->unsent) {
		int r = flush(p);
		if (r < 0)
			return r;
	}
	/* In flight (held ones too) is at most depth, and the ring holds as
	 * many: the slots are free. */
	unsigned tail = p->sq_tail;
	for (unsigned i = 0; i < n; i++) {
		struct io_uring_sqe *sqe = ios[i]->engine_data;
		if (p->cmdprio)
			cmdprio_pick(p->cmdprio, ios[i]);
		prep_sqe(p, sqe, ios[i]);
		p->sq_array[tail++ & p->sq_mask] = (unsigned)(sqe - p->sqes);
	}
	p->sq_tail = tail;
	__atomic_store_n(p->sq_ktail, tail, __ATOMIC_RELEASE);
	if (p->sqpoll) {
		/* The kernel's thread takes them; it is woken only if it
		 * went to sleep, as fio does. */
		if (__atomic_load_n(p->sq_kflags, __ATOMIC_ACQUIRE) & IORING_SQ_NEED_WAKEUP)
			enter(p, 0, 0, IORING_ENTER_SQ_WAKEUP);
		return (int)n;
	}
	p->unsent = n;
	int r = flush(p);
	if (r < 0 && p->unsent == n) {
		/* None taken: the loop tries them again; the ring slots
		 * are filled in anew then. */
		p->sq_tail -= n;
		__atomic_store_n(p->sq_ktail, p->sq_tail, __ATOMIC_RELEASE);
		p->unsent = 0;
		return r;
	}
	/* Some taken: the rest go with the next call into the kernel. */
	return (int)n;
}

/* Takes up to max completions from the ring, moving its head once. */
static inline unsigned take(struct uring_priv *p, struct io_unit **done, unsigned max)
{
	unsigned head = p->cq_head;
	unsigned tail = __atomic_load_n(p->cq_ktail, __ATOMIC_ACQUIRE);
	unsigned got = 0;
	while (head != tail && got < max) {
		const struct io_uring_cqe *cqe = &p->cqes[head & p->cq_mask];
		struct io_unit *io = (struct io_unit *)(uintptr_t)cqe->user_data;
		io->result = cqe->res;
		done[got++] = io;
		head++;
	}
	if (got) {
		p->cq_head = head;
		__atomic_store_n(p->cq_khead, head, __ATOMIC_RELEASE);
	}
	return got;
}

/* A wait with a timeout on a kernel that cannot time io_uring_enter out
 * (before 5.11): ask it for its completions without waiting, every
 * millisecond, until they are there or the time is up. Only the job's
 * final drain waits with a timeout. */
static int wait_polled(struct uring_priv *p, unsigned min, unsigned max, struct io_unit **done,
		       uint64_t timeout_ns)
{
	uint64_t until = now_ns() + timeout_ns;
	unsigned got = 0;
	for (;;) {
		int r = p->unsent ? flush(p) : enter(p, 0, 0, IORING_ENTER_GETEVENTS);
		if (r < 0 && r != -EAGAIN && r != -EINTR)
			return got ? (int)got : r;
		got += take(p, done + got, max - got);
		uint64_t now = now_ns();
		if (got >= min || now >= until)
			return (int)got;
		sleep_ns(until - now < 1000000ULL ? until - now : 1000000ULL);
	}
}

static int uring_reap(struct engine *e, unsigned min, unsigned max, struct io_unit **done,
		      uint64_t timeout_ns)
{
	struct uring_priv *p = e->priv;
	unsigned got = 0;
	bool entered = false;

	if (max > p->depth)
		max = p->depth;
	if (timeout_ns && min && !p->ext_arg)
		return wait_polled(p, min, max, done, timeout_ns);
	for (;;) {
		if (!p->unsent) {
			got += take(p, done + got, max - got);
			/* A poll (min 0) enters once: deferred completions
			 * show only after the kernel runs its task work. */
			if (got >= max || (got >= min && (got > 0 || entered)))
				return (int)got;
		}
		/* The ring holds no more than we took: wait for what is
		 * missing. Held I/Os go to the kernel in this same call. */
		unsigned want = min > got ? min - got : 0;
		unsigned sending = p->unsent;
		int r = timeout_ns && want ? enter_timed(p, sending, want, timeout_ns)
					   : enter(p, sending, want, IORING_ENTER_GETEVENTS);
		entered = true;
		if (r < 0) {
			if (r == -ETIME || r == -EINTR) {
				/* Time is up or a signal came: what is there,
				 * and the loop decides. */
				got += take(p, done + got, max - got);
				return got || r == -ETIME ? (int)got : r;
			}
			if (r != -EAGAIN && r != -EBUSY)
				return got ? (int)got : r;
			continue;
		}
		if (sending) {
			p->unsent -= (unsigned)r < sending ? (unsigned)r : sending;
			if (p->unsent)
				continue; /* the kernel did not wait: the rest first */
			/* The kernel's answer is the SQEs it took: a wait that
			 * a signal or the timeout ended looks the same. What
			 * is there goes back, and the loop decides. */
			got += take(p, done + got, max - got);
			return (int)got;
		}
	}
}

static void uring_cleanup(struct engine *e)
{
	struct uring_priv *p = e->priv;
	if (!p)
		return;
	/* The ring's own teardown runs in a kernel worker after its fd is
	 * closed, and drops the registered files only then: a device opened
	 * with O_EXCL for writing would stay claimed past our exit, and the
	 * next run on it (blktop's or anyone's) would meet EBUSY. Taken back
	 * here, they are released before the job's own descriptors close. */
	if (p->ring_ok && p->fixedfiles)
		(void)io_uring_unregister_files(&p->ring);
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
