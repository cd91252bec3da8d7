/* SPDX-License-Identifier: GPL-2.0-or-later */
/* engine.c - the job loop shared by every engine: pick offsets and
 * directions, keep iodepth I/Os in flight, time each one (slat, clat, lat)
 * and count it. This is the per-I/O hot path: no locks, no allocation, one
 * clock read per batch rather than per I/O where the batch shares a moment.
 */
#include "config.h"
#include "engine/engine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "engine/fio_lines.h"
#include "engine/flow.h"
#include "engine/loop.h"
#include "engine/numa.h"
#include "engine/trim.h"
#include "engine/ops.h"
#include "engine/pacing.h"
#include "engine/random.h"
#include "engine/syncpoint.h"
#include "engine/verify.h"
#include "i18n.h"
#include "options.h"

/* How long one wait for completions may block while draining at the end
 * (and for the rate cap's sleeps), so a stop is noticed. */
#define REAP_TIMEOUT_NS (100ULL * 1000 * 1000)

/* A device that fails every I/O at once (a dead disk, a killed FUSE
 * server) would make a job that ignores errors spin a core at full speed,
 * counting failures. After this many failures in a row the thread naps
 * between batches: at most about 100 batches a second until an I/O
 * succeeds again. fio just spins; blktop keeps going too, but cheaply. */
#define ERR_STREAK_BACKOFF 32
#define ERR_BACKOFF_NS (10ULL * 1000 * 1000)

/* How often a running thread posts its CPU use for the periodic reports:
 * a figure at most this old, for one getrusage per period. */
#define USAGE_POST_NS (10ULL * 1000 * 1000)

/* fio's depth buckets: 1, 2, 4, 8, 16, 32, 64 and more (the power of
 * two at or below; 0 counts with 1). One instruction, not a loop: this
 * runs for every submit call. */
static unsigned depth_level(unsigned depth)
{
	if (depth >= 64)
		return DEPTH_LEVELS - 1;
	return depth ? 31u - (unsigned)__builtin_clz(depth) : 0;
}

/* fio's submit and complete buckets: how many I/Os one call took, in
 * 0, 1-4, 5-8, 9-16, 17-32, 33-64, more. */
static unsigned batch_level(unsigned n)
{
	if (n == 0)
		return 0;
	if (n > 64)
		return DEPTH_LEVELS - 1;
	if (n <= 4)
		return 1;
	/* 5-8: 2, 9-16: 3, ... (the power of two at or above n, less one) */
	return 31u - (unsigned)__builtin_clz(n - 1);
}

static void stat_add(uint64_t *field, uint64_t v)
{
	__atomic_store_n(field, *field + v, __ATOMIC_RELAXED);
}

static uint64_t tv_us(const struct timeval *a, const struct timeval *b)
{
	int64_t us = ((int64_t)b->tv_sec - (int64_t)a->tv_sec) * 1000000 +
		     ((int64_t)b->tv_usec - (int64_t)a->tv_usec);
	return us > 0 ? (uint64_t)us : 0;
}

/* The rusage since counting began, where the monitor reads it. */
static void post_usage(struct job_thread *t, const struct rusage *now)
{
	const struct rusage *s = &t->ru_start;
	struct live_usage *l = &t->live;
	__atomic_store_n(&l->usr_us, tv_us(&s->ru_utime, &now->ru_utime), __ATOMIC_RELAXED);
	__atomic_store_n(&l->sys_us, tv_us(&s->ru_stime, &now->ru_stime), __ATOMIC_RELAXED);
	__atomic_store_n(&l->ctx, (uint64_t)(now->ru_nvcsw - s->ru_nvcsw) +
			 (uint64_t)(now->ru_nivcsw - s->ru_nivcsw), __ATOMIC_RELAXED);
	__atomic_store_n(&l->majf, (uint64_t)(now->ru_majflt - s->ru_majflt), __ATOMIC_RELAXED);
	__atomic_store_n(&l->minf, (uint64_t)(now->ru_minflt - s->ru_minflt), __ATOMIC_RELAXED);
}

/* The IO depth counters are the loop's own (plain increments on the hot
 * path); the thread's copies are what the monitor and the final merge
 * read. */
static void post_depths(struct loop_state *ls)
{
	struct job_thread *t = ls->t;
	for (int l = 0; l < DEPTH_LEVELS; l++) {
		__atomic_store_n(&t->depth_levels[l], ls->depth_levels[l], __ATOMIC_RELAXED);
		__atomic_store_n(&t->submit_dist[l], ls->submit_dist[l], __ATOMIC_RELAXED);
		__atomic_store_n(&t->complete_dist[l], ls->complete_dist[l], __ATOMIC_RELAXED);
	}
}

/* What the periodic reports show of a running thread, posted every
 * USAGE_POST_NS rather than per I/O: a check of the clock read already
 * made is all the hot path pays. */
static void post_usage_now(struct loop_state *ls, uint64_t now)
{
	ls->next_usage_ns = now + USAGE_POST_NS;
	if (!ls->counting)
		return;
	post_depths(ls);
	struct rusage ru;
	if (getrusage(RUSAGE_THREAD, &ru) == 0)
		post_usage(ls->t, &ru);
}


/* An error ends the thread's job (fio's: each clone is a job of its
 * own); with exitall_on_error it ends the whole run: the other threads
 * stop too (the runner wakes any that wait), later waves do not start,
 * and the report covers what ran. The first error wins. */
void loop_stop_error(struct job_thread *t, int err, const char *why)
{
	t->error = err;
	if (t->spec->exitall_on_error)
		runctl_stop(t->ctl, RUNCTL_ERROR, 0, why);
}

void loop_set_error(struct job_thread *t, int err, const char *what)
{
	if (t->error)
		return;
	snprintf(t->error_msg, sizeof(t->error_msg), "%s: %s: %s", t->spec->name, what,
		 strerror(err));
	loop_stop_error(t, err, "I/O error");
}

const char *loop_file_path(const struct job_thread *t, int fd)
{
	for (unsigned i = 0; i < t->nfiles; i++)
		if (t->files[i].fd == fd && t->files[i].path)
			return t->files[i].path;
	return t->spec->filename;
}

/* An exitall job's end: fio's exit_what says which groups stop, the
 * thread's own (group), those running now (stonewall: the groups of its
 * wave; the next wave then starts) or every one, those not yet started
 * too (all: they start and end at once). */
static void exit_what_stop(struct job_thread *t)
{
	unsigned lo = 0, hi = 0;
	switch (t->spec->exit_what) {
	case EXIT_WHAT_STONEWALL:
		lo = t->wave_group_lo, hi = t->wave_group_hi;
		break;
	case EXIT_WHAT_ALL:
		hi = t->ngroups ? t->ngroups - 1 : 0;
		break;
	default:
		__atomic_store_n(t->group_end, 1, __ATOMIC_RELAXED);
		return;
	}
	if (!t->group_ends) {
		__atomic_store_n(t->group_end, 1, __ATOMIC_RELAXED);
		return;
	}
	for (unsigned g = lo; g <= hi && g < t->ngroups; g++)
		__atomic_store_n(&t->group_ends[g], 1, __ATOMIC_RELAXED);
}

/* Whether the job may issue an I/O now, its area aside: a short
 * transfer's rest goes out after the area's last offset too, as fio's. */
static bool may_go(struct loop_state *ls, uint64_t now)
{
	struct job_thread *t = ls->t;
	if (runctl_stopped(t->ctl) || t->error)
		return false;
	if (t->group_end && __atomic_load_n(t->group_end, __ATOMIC_RELAXED))
		return false;
	/* fio's verify phase ends with the runtime too. */
	if (t->deadline_ns && now >= t->deadline_ns)
		return false;
	if (ls->read_back)
		return verify_pending(ls->vs);
	if (ls->pass_limit && ls->pass_issued >= ls->pass_limit)
		return false;
	if (t->io_limit && ls->issued_bytes >= t->io_limit)
		return false;
	if (t->ios_limit && ls->issued_ios >= t->ios_limit)
		return false;
	return true;
}

static bool may_issue(struct loop_state *ls, uint64_t now)
{
	return may_go(ls, now) && !ls->area_done;
}

void loop_count_done(struct loop_state *ls, struct io_unit *io, uint64_t t_end, uint64_t bytes)
{
	struct job_thread *t = ls->t;
	struct dir_stats *d = &t->dir[io->dir];

	ls->err_streak = 0;
	if (ls->vs) {
		/* A transfer cut short and sent again for the rest (resid.c)
		 * is checked, or marked written, as the whole block, as fio's
		 * verify takes its unit's own buffer, offset and length. */
		struct io_unit whole, *v = io;
		if (__builtin_expect(io->shift != 0, 0)) {
			whole = *io;
			whole.buf = (char *)io->buf - io->shift;
			whole.offset -= io->shift;
			whole.len += io->shift;
			v = &whole;
		}
		if (io->dir == DIR_WRITE)
			verify_write_done(ls->vs, v);
		else if (verify_read_done(ls->vs, v) < 0 && !t->error) {
			loop_stop_error(t, EILSEQ, "verify failed");
		}
	}
	if (!ls->counting) {
		if (t_end < t->ramp_end_ns) {
			ls->ramp_bytes[io->dir] += bytes;
			ls->ramp_ios[io->dir]++;
			return;
		}
		ls->counting = true;
		t->counted_from_ns = t->ramp_end_ns;
		/* fio's number_ios counts from the ramp's end: what
		 * completes from now on and what is in flight. */
		ls->issued_ios = ls->inflight;
		getrusage(RUSAGE_THREAD, &t->ru_start);
		if (ls->paced && t->spec->ramp_ms)
			pacing_restart(&ls->pace, t_end);
	}
	uint64_t slat = io->t_submit - io->t_start, clat = t_end - io->t_submit;
	if (ls->slat_taken[io->dir])
		lat_add(&d->slat, slat);
	lat_add(&d->clat, clat);
	lat_add(&d->lat, slat + clat);
	cmdprio_account(&ls->cmdprio, io, clat, slat + clat);
	if (slat + clat > ls->lat_limit_ns && lattarget_over(ls) && !t->error) {
		fio_line_latency(slat + clat, ls->lat_limit_ns, loop_file_path(t, io->fd), io->dir,
				 io->offset, io->len);
		loop_stop_error(t, ETIMEDOUT, "max latency exceeded");
	}
	stat_add(&d->bytes, bytes);
	stat_add(&d->ios, 1);
	if (t->log)
		joblog_completed(t->log, io->dir, t_end, clat, slat + clat, bytes, io->offset,
				 &d->clat.hist, io->ioprio);
}

/* Counts a completed I/O. The one test on the per-I/O path: an I/O that
 * did not transfer its length (failed, or cut short) goes to resid.c.
 * false: the unit waits to go out again for the rest. */
static inline bool account(struct loop_state *ls, struct io_unit *io, uint64_t t_end)
{
	if (__builtin_expect(io->result != (int64_t)io->len, 0))
		return loop_io_odd(ls, io, t_end);
	loop_count_done(ls, io, t_end, io->len);
	return true;
}

/* Hands the prepared I/Os in batch[] to the engine, in as many calls as
 * it takes. Returns how many went in flight, or -errno. */
static int submit_pending(struct loop_state *ls)
{
	struct job_thread *t = ls->t;
	unsigned n = ls->npending, sent = 0, queued = 0;

	ls->npending = 0;
	while (sent < n) {
		int r = ls->eng.ops->submit(&ls->eng, ls->batch + sent, n - sent);
		stat_add(&t->submit_calls, 1);
		if (r == -EAGAIN || r == -EINTR) {
			/* Not an error: no room in the kernel just now. Retry,
			 * unless the job is over meanwhile. */
			if (runctl_stopped(t->ctl) || (t->deadline_ns && now_ns() >= t->deadline_ns)) {
				while (sent < n)
					ls->free_list[ls->nfree++] = ls->batch[sent++];
				break;
			}
			if (r == -EAGAIN)
				sleep_ns(100ULL * 1000);
			continue;
		}
		if (r < 0) {
			/* The kernel refused the first I/O left (EBADF, ENODEV,
			 * EINVAL...): that I/O failed, under the same policy as
			 * one that completes with an error. */
			struct io_unit *io = ls->batch[sent++];
			io->result = r;
			ls->refused = true;
			if (account(ls, io, now_ns()))
				ls->free_list[ls->nfree++] = io;
			ls->refused = false;
			if (t->error) {
				while (sent < n)
					ls->free_list[ls->nfree++] = ls->batch[sent++];
			}
			continue;
		}
		if (ls->counting)
			ls->submit_dist[batch_level((unsigned)r)]++;
		if (!ls->eng.ops->stamps_times) {
			uint64_t ts = now_ns();
			for (unsigned i = sent; i < sent + (unsigned)r; i++)
				ls->batch[i]->t_submit = ts;
			ls->last_submit_ns = ts;
		}
		/* slat is logged at submit, as fio does, for the I/Os that
		 * start after the ramp (the first ones complete after the
		 * counting starts), where fio takes one. */
		if (t->log)
			for (unsigned i = sent; i < sent + (unsigned)r; i++) {
				const struct io_unit *io = ls->batch[i];
				if (io->t_start >= t->ramp_end_ns && ls->slat_taken[io->dir])
					joblog_submitted(t->log, io->dir, io->t_submit,
							 io->t_submit - io->t_start, io->len,
							 io->offset, io->ioprio);
			}
		sent += (unsigned)r;
		queued += (unsigned)r;
		ls->inflight += (unsigned)r;
		if (ls->counting && r)
			ls->depth_levels[depth_level(ls->inflight)] += (unsigned)r;
	}
	return (int)queued;
}

/* Fills the queue up to depth (or the rate), handing the I/Os over in
 * groups of iodepth_batch_submit as fio does (with its default of 1, one
 * I/O per submit call); what is left over goes before any wait. Returns
 * how many went in flight, or -errno. */
static int issue_batch(struct loop_state *ls, uint64_t now)
{
	int queued = 0;

	/* A short transfer's rest goes out before any new I/O, as fio's
	 * requeued ones, within the depth and the job's limits. */
	while (__builtin_expect(ls->nrequeue, 0) && ls->nfree + ls->nrequeue > ls->hold &&
	       !ls->sync_due && !(ls->poll_each && queued) && may_go(ls, now)) {
		struct io_unit *io = loop_requeue_take(ls);
		io->t_start = now;
		ls->batch[ls->npending++] = io;
		if (ls->npending >= ls->batch_submit) {
			int r = submit_pending(ls);
			if (r < 0)
				return r;
			queued += r;
		}
	}
	while (ls->nfree > ls->hold && !ls->sync_due && !(ls->poll_each && queued) &&
	       may_issue(ls, now)) {
		if (ls->t->flow && flow_ahead(ls->t->flow, &ls->flow_mine, ls->t->spec->flow)) {
			ls->flow_held = true;
			break;
		}
		struct io_unit *io = ls->free_list[ls->nfree - 1];
		if (!next_io_prep(ls, io)) {
			ls->area_done = true;
			break;
		}
		ls->nfree--;
		if (ls->paced) {
			int r = pacing_turn(ls, io, &now);
			if (r) {
				ls->free_list[ls->nfree++] = io;
				if (r < 0)
					return r;
				break;
			}
		}
		io->t_start = now;
		ls->batch[ls->npending++] = io;
		if (ls->npending >= ls->batch_submit) {
			int r = submit_pending(ls);
			if (r < 0)
				return r;
			queued += r;
			/* The clock read after the submit starts the next I/O. */
			if (ls->last_submit_ns)
				now = ls->last_submit_ns;
			/* fio checks the latency target after each submit too,
			 * where its loop goes on without a reap. */
			if (now >= ls->lat_check_ns && ls->nfree > ls->hold)
				lattarget_check(ls, now);
			if (ls->paced && pacing_after(ls, &now) < 0)
				return -EIO;
		}
	}
	if (ls->npending) {
		int r = submit_pending(ls);
		if (r < 0)
			return r;
		queued += r;
	}
	/* fio's flow_sleep: held back, the job waits for its I/Os in
	 * flight and sleeps; without it, it tries again after a reap. */
	if (ls->flow_held) {
		ls->flow_held = false;
		if (ls->t->spec->flow_sleep_us) {
			int r = loop_quiesce(ls);
			if (r < 0)
				return r;
			sleep_ns(ls->t->spec->flow_sleep_us * 1000ULL);
		}
	}
	return queued;
}

static int reap_some(struct loop_state *ls, unsigned min, unsigned max, uint64_t timeout_ns)
{
	struct job_thread *t = ls->t;
	if (max > ls->inflight)
		max = ls->inflight;
	if (min > max)
		max = min;
	int r = ls->eng.ops->reap(&ls->eng, min, max, ls->done, timeout_ns);
	t->reap_calls++;
	if (r < 0) {
		if (r == -EINTR)
			return 0;
		loop_set_error(t, -r, _("waiting for completions failed"));
		return r;
	}
	/* A poll that found nothing is not a call in fio's count: its
	 * engines poll inside one getevents until something is there. */
	if (ls->counting && (r > 0 || min > 0))
		ls->complete_dist[batch_level((unsigned)r)]++;
	if (r == 0)
		return 0;
	uint64_t t_end = ls->eng.ops->stamps_times ? 0 : now_ns();
	ls->last_reap_ns = t_end;
	for (int i = 0; i < r; i++) {
		struct io_unit *io = ls->done[i];
		if (account(ls, io, ls->eng.ops->stamps_times ? io->t_done : t_end))
			ls->free_list[ls->nfree++] = io;
	}
	if (__builtin_expect(ls->nshifted, 0))
		loop_unshift_done(ls, ls->done, (unsigned)r);
	ls->inflight -= (unsigned)r;
	return r;
}

/* The queue is full, or in fio's polling mode an I/O has gone out: reap
 * as fio does. Wait for iodepth_batch_complete_min completions (0: poll
 * without blocking until one is there), take up to
 * iodepth_batch_complete_max per call, and go on until the depth is down
 * to iodepth_low. */
static int reap_full(struct loop_state *ls)
{
	do {
		int got = 0;
		if (ls->complete_min == 0) {
			while (got == 0 && !runctl_stopped(ls->t->ctl)) {
				got = reap_some(ls, 0, ls->complete_max, 0);
				if (got < 0)
					return got;
			}
		} else {
			unsigned min = ls->complete_min < ls->inflight ? ls->complete_min
								       : ls->inflight;
			got = reap_some(ls, min, ls->complete_max, 0);
			if (got < 0)
				return got;
		}
		if (runctl_stopped(ls->t->ctl))
			break;
	} while (ls->inflight > ls->low);
	return 0;
}

/* A sync is due (fsync=, fdatasync=): every I/O in flight completes
 * first, as fio's engines wait before they sync. 0 or -errno. */
int loop_quiesce(struct loop_state *ls)
{
	if (ls->npending) {
		int r = submit_pending(ls);
		if (r < 0)
			return r;
	}
	while (ls->inflight > 0) {
		int r = reap_some(ls, ls->inflight, ls->inflight, 0);
		if (r < 0)
			return r;
		if (runctl_stopped(ls->t->ctl) || ls->t->error)
			return 0;
	}
	return 0;
}

static int sync_now(struct loop_state *ls)
{
	ls->sync_due = false;
	int e = loop_quiesce(ls);
	if (e < 0 || ls->inflight > 0)
		return e;
	e = syncpoint_run(&ls->sync);
	if (e) {
		loop_set_error(ls->t, -e, _("fsync failed"));
		return e;
	}
	return 0;
}

/* Issues and reaps until the phase is over (size, runtime, a stop, an
 * error, or no block left to read back), then drains what is in flight. */
static void run_loop(struct loop_state *ls)
{
	uint64_t now = now_ns();
	while (may_issue(ls, now) || (ls->nrequeue && may_go(ls, now))) {
		if (now >= ls->next_usage_ns)
			post_usage_now(ls, now);
		if (ls->sync_due) {
			if (sync_now(ls) < 0)
				break;
			now = now_ns();
			continue;
		}
		if (ls->err_streak >= ERR_STREAK_BACKOFF) {
			sleep_ns(ERR_BACKOFF_NS);
			now = now_ns();
			if (!may_issue(ls, now))
				break;
		}
		if (issue_batch(ls, now) < 0)
			break;
		if (ls->inflight == 0) {
			/* Every I/O of the batch was refused at submit and the
			 * policy ignores it, or a pacing stall emptied the
			 * queue (its waits are pacing_turn's and _after's). */
			now = now_ns();
			continue;
		}
		/* The queue is as full as it may be: wait for a completion
		 * without a timer (the runner interrupts a stuck wait with
		 * a signal). Short of full (the area's last I/Os, a flow or
		 * pacing hold) wait for one, or look once if the job polls. */
		if (ls->nfree <= ls->hold || ls->poll_each) {
			if (reap_full(ls) < 0)
				break;
		} else if (reap_some(ls, ls->complete_min ? 1 : 0, ls->complete_max, 0) < 0) {
			break;
		}
		/* The moment the last completion was seen starts the next
		 * batch: one clock read fewer per I/O. */
		now = ls->last_reap_ns ? ls->last_reap_ns : now_ns();
		ls->last_reap_ns = 0;
		if (ls->paced && pacing_after(ls, &now) < 0)
			break;
		if (now >= ls->lat_check_ns)
			lattarget_check(ls, now);
	}
	/* Drain: every I/O in flight is reaped before the thread ends, so
	 * no buffer is freed under the kernel. A polling job drains polling,
	 * as fio's quiesce does with iodepth_batch_complete_min=0. */
	uint64_t give_up = now_ns() + 30ULL * 1000000000ULL;
	unsigned drain_min = ls->complete_min ? 1 : 0;
	while (ls->inflight > 0 && now_ns() < give_up)
		if (reap_some(ls, drain_min, ls->inflight, drain_min ? REAP_TIMEOUT_NS : 0) < 0 &&
		    ls->inflight > 0)
			break;
}

void *job_thread_main(void *arg)
{
	struct job_thread *t = arg;
	struct loop_state ls;

	memset(&ls, 0, sizeof(ls));
	ls.t = t;

	if (t->pin && pthread_setaffinity_np(pthread_self(), sizeof(t->cpus), &t->cpus))
		loop_set_error(t, EINVAL, _("cannot bind to cpus_allowed"));
	char numa_why[160];
	int numa_err = t->error ? 0 : numa_place_thread(t->spec, numa_why, sizeof(numa_why));
	if (numa_err)
		loop_set_error(t, numa_err, numa_why);
	/* prio, prioclass: fio sets them on the job's thread (who 0: the
	 * calling thread) before its engine starts. */
	if (!t->error && job_ioprio(t->spec) &&
	    syscall(SYS_ioprio_set, 1 /* IOPRIO_WHO_PROCESS */, 0, (int)job_ioprio(t->spec)))
		loop_set_error(t, errno, "ioprio_set");

	int r = t->error ? -t->error : loop_setup(&ls, t);
	/* Ready: wait for the others, so the wave starts together. The runner
	 * sets start, ramp and deadline before it says go. */
	__atomic_store_n(&t->ready, 1, __ATOMIC_RELEASE);
	while (t->go && !__atomic_load_n(t->go, __ATOMIC_ACQUIRE) && !runctl_stopped(t->ctl))
		sleep_ns(200000);
	if (r < 0) {
		/* One line naming the engine and why it cannot run here. */
		if (!t->error) {
			char name[32];
			job_option_format(t->spec, job_option_find("ioengine"), name, sizeof(name));
			snprintf(t->error_msg, sizeof(t->error_msg), _("%s: ioengine=%s: %s"),
				 t->spec->name, name, ls.why[0] ? ls.why : strerror(-r));
			loop_stop_error(t, -r, "engine setup failed");
		}
	} else if (t->spec->create_only) {
		/* fio's create_only: the files were laid out before the run
		 * (target.c); the job ends without an I/O. fio's thread never
		 * reaches its I/O loop, so it has no depth (its report leaves
		 * the latency_target keys out) and its CPU use counts from
		 * here, as fio's does from just before that loop. */
		__atomic_store_n(&t->latency_depth, 0, __ATOMIC_RELAXED);
		getrusage(RUSAGE_THREAD, &t->ru_start);
	} else {
		/* startdelay: the job starts this long after the run. */
		if (t->spec->startdelay_ms) {
			uint64_t until = t->start_ns + t->spec->startdelay_ms * 1000000ULL;
			for (uint64_t n = now_ns(); n < until && !runctl_stopped(t->ctl) &&
			     !(t->group_end && __atomic_load_n(t->group_end, __ATOMIC_RELAXED));
			     n = now_ns())
				sleep_ns(until - n < REAP_TIMEOUT_NS ? until - n : REAP_TIMEOUT_NS);
		}
		/* The runtime counts from when this thread can issue I/O, as in
		 * fio: a thread started late on a busy machine (or by
		 * startdelay) still runs its whole ramp and runtime. */
		uint64_t late = now_ns() - t->start_ns;
		if (late > 0) {
			/* The monitor reads it to start its samples here. */
			__atomic_store_n(&t->ramp_end_ns, t->ramp_end_ns + late, __ATOMIC_RELAXED);
			if (t->deadline_ns)
				__atomic_store_n(&t->deadline_ns, t->deadline_ns + late,
						 __ATOMIC_RELAXED);
		}
		if (ls.paced)
			pacing_setup(&ls.pace, t->spec, ls.rng.s[0], now_ns());
		if (t->ramp_end_ns <= t->start_ns) {
			ls.counting = true;
			t->counted_from_ns = t->start_ns;
			getrusage(RUSAGE_THREAD, &t->ru_start);
		}
		/* The logs count time from where counting starts, as
		 * counted_from_ns will say. */
		if (t->log)
			joblog_begin(t->log, t->ramp_end_ns > t->start_ns ? t->ramp_end_ns
									  : t->start_ns);
		ls.pass_limit = verify_pass_bytes(ls.vs, !ls.eng.ops->synchronous ||
						  (ls.eng.ops == &engine_null && ls.depth > 1));
		/* verify_only on a write job: fio's dry run never enters its
		 * I/O loop, so it has no latency depth (no latency line or
		 * latency_target keys in its report). */
		if (verify_skip_writes(ls.vs))
			__atomic_store_n(&t->latency_depth, 0, __ATOMIC_RELAXED);
		for (;;) {
			if (!verify_skip_writes(ls.vs))
				run_loop(&ls);
			if (!t->error && ls.inflight == 0) {
				int e = syncpoint_end(&ls.sync, t->spec, ls.fds, t->nfiles);
				if (e)
					loop_set_error(t, -e, _("fsync at the end of the job failed"));
			}
			/* fio reads back only after writes that ran to their end:
			 * not after an error, a stop, or a runtime that ran out. */
			bool going = !t->error && !runctl_stopped(t->ctl) &&
				     !(t->deadline_ns && now_ns() >= t->deadline_ns);
			if (!verify_reads_back(ls.vs) || !going)
				break;
			verify_begin_read_back(ls.vs);
			ls.read_back = true;
			run_loop(&ls);
			/* time_based: fio writes the area again, then checks it
			 * again, until the runtime ends. */
			if (!ls.pass_limit || t->error || runctl_stopped(t->ctl) ||
			    (t->deadline_ns && now_ns() >= t->deadline_ns))
				break;
			verify_new_pass(ls.vs);
			next_io_new_pass(&ls);
			ls.read_back = false;
			ls.pass_issued = 0;
		}
	}
	/* fallocate=keep failed as the file was laid out: fio's job issues
	 * one I/O, then ends with that error. */
	if (t->pending_error && !t->error) {
		loop_set_error(t, t->pending_error, "fallocate");
		t->error_func = "fallocate";
	}
	/* A job that ended inside its ramp: fio reports what it did (its
	 * counts are only reset as the ramp ends), with no latencies. */
	if (!ls.counting && t->spec->ramp_ms && !t->error) {
		for (int d = 0; d < DIR_ALL; d++) {
			t->dir[d].bytes = ls.ramp_bytes[d];
			t->dir[d].ios = ls.ramp_ios[d];
		}
		t->counted_from_ns = t->start_ns;
	}
	if (t->flow)
		flow_leave(t->flow, ls.flow_mine, t->spec->flow);
	if (t->exitall && t->group_end)
		exit_what_stop(t);
	t->ended_ns = now_ns();
	if (!t->counted_from_ns)
		t->counted_from_ns = t->ended_ns;
	if (t->log)
		joblog_end(t->log, t->ended_ns);
	getrusage(RUSAGE_THREAD, &t->ru_end);
	post_depths(&ls);
	if (ls.counting)
		post_usage(t, &t->ru_end);
	verify_finish(ls.vs);
	loop_teardown(&ls);
	__atomic_store_n(&t->finished, 1, __ATOMIC_RELEASE);
	return NULL;
}
