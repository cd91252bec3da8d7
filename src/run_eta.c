/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run_eta.c - fio's "eta" in a periodic JSON report (--status-interval
 * with JSON output): fio's best guess of the seconds the run has left,
 * from each thread's state, reckoned as fio 3.33's eta.c does, so that a
 * tool reading fio's stream reads the same figure in ours. Apart from
 * run_progress.c, which gathers the run so far, because the arithmetic is
 * fio's own (integer seconds, its float truncations, its unsigned wrap). */
#include "config.h"
#include "run_priv.h"

#include <limits.h>

/* Whole seconds from a to b, rounded up from whole milliseconds, as
 * fio's (mtime + 999) / 1000. */
static uint64_t secs_up(uint64_t a, uint64_t b)
{
	return b > a ? ((b - a) / 1000000ULL + 999) / 1000 : 0;
}

/* fio's guess for a thread not started yet or inside its ramp: its
 * runtime (with its startdelay and, before the ramp is over, the ramp;
 * less the ramp's time so far inside it), or its bytes at its rate, the
 * shorter of those it has. */
static uint64_t guess(const struct job_thread *t, uint64_t total, bool in_ramp, uint64_t now)
{
	const struct job_spec *s = t->spec;
	uint64_t t_eta = 0, r_eta = 0;
	if (s->runtime_ms) {
		t_eta = (s->runtime_ms + s->startdelay_ms + s->ramp_ms) * 1000ULL / 1000000ULL;
		if (in_ramp) {
			uint64_t ramp_left = secs_up(t->start_ns, now);
			if (ramp_left <= t_eta)
				t_eta -= ramp_left;
		}
	}
	uint64_t rate = 0;
	if (rw_reads(s->rw))
		rate += s->rate[DIR_READ];
	if (rw_modifies(s->rw))
		rate += s->rate[DIR_WRITE];
	if (rate)
		r_eta = total / rate + s->startdelay_ms / 1000;
	if (r_eta && t_eta)
		return r_eta < t_eta ? r_eta : t_eta;
	return r_eta ? r_eta : t_eta;
}

/* fio's thread_eta for a running thread: the share of its bytes done
 * (of its runtime, time_based) gives the time left, capped at what its
 * runtime leaves. Taken at the tick, as fio's timer fires (its thread
 * starts a little after its clock, blktop's with it): the seconds
 * since the thread's start then, and its bytes then, from those counted
 * by now at the pace since its start. done_secs: fio's seconds of the
 * threads that ended. */
static uint64_t running(const struct job_thread *t, uint64_t total, uint64_t from,
			uint64_t due_ns, uint64_t now, uint64_t done_secs)
{
	const struct job_spec *s = t->spec;
	uint64_t timeout = s->runtime_ms * 1000ULL / 1000000ULL;
	uint64_t at = due_ns > from && due_ns < now ? due_ns : now;
	uint64_t elapsed = secs_up(from, at);
	double bytes = 0;
	for (int d = 0; d < DIR_ALL; d++)
		bytes += (double)__atomic_load_n(&t->dir[d].bytes, __ATOMIC_RELAXED);
	if (now > at)
		bytes = bytes * (double)(at - from) / (double)(now - from);
	double perc = 0.0;
	if (total) {
		perc = bytes / (double)total;
		if (perc > 1.0)
			perc = 1.0;
	}
	if (s->time_based) {
		if (timeout) {
			double perc_t = (double)elapsed / (double)timeout;
			if (perc_t < perc)
				perc = perc_t;
		} else {
			perc = 0.0;
		}
	}
	uint64_t eta = perc == 0.0 ? timeout : (uint64_t)((double)elapsed * (1.0 / perc)) - elapsed;
	/* Unsigned, as fio's: past the runtime the cap wraps and holds not. */
	if (s->runtime_ms && eta > timeout + done_secs - elapsed)
		eta = timeout + done_secs - elapsed;
	return eta;
}

/* A thread's bytes to move, as fio's total_io_size (size or io_size,
 * times loops), and more where it verifies what it writes. */
static uint64_t total_bytes(const struct job_thread *t)
{
	const struct job_spec *s = t->spec;
	uint64_t total = t->size_bytes;
	if (s->do_verify && s->verify && rw_modifies(s->rw)) {
		if (rw_reads(s->rw)) {
			uint64_t wpct = 100 - s->rwmixread;
			total += total * (wpct ? wpct : 50) / 100;
		} else {
			total <<= 1;
		}
	}
	return total;
}

uint64_t run_eta(const struct section *secs, size_t nsecs, unsigned wave, uint64_t elapsed_s,
		 uint64_t due_ns, uint64_t now)
{
	bool exitall = false;
	uint64_t done_secs = 0;
	for (size_t i = 0; i < nsecs; i++)
		for (unsigned k = 0; k < secs[i].nthreads; k++) {
			const struct job_thread *t = &secs[i].threads[k];
			exitall = exitall || t->exitall;
			if (secs[i].wave < wave ||
			    (secs[i].wave == wave && __atomic_load_n(&t->finished, __ATOMIC_ACQUIRE)))
				if (t->ended_ns > t->counted_from_ns && t->counted_from_ns)
					done_secs += (t->ended_ns - t->counted_from_ns) / 1000000000ULL;
		}
	uint64_t eta = exitall ? INT_MAX : 0, stone = 0;
	for (size_t i = 0; i < nsecs; i++)
		for (unsigned k = 0; k < secs[i].nthreads; k++) {
			const struct job_thread *t = &secs[i].threads[k];
			bool not_created = secs[i].wave > wave;
			uint64_t e = 0;
			if (elapsed_s < 3) {
				e = INT_MAX;
			} else if (not_created) {
				e = guess(t, total_bytes(t), false, now);
			} else if (secs[i].wave < wave || t->no_area ||
				   __atomic_load_n(&t->finished, __ATOMIC_ACQUIRE)) {
				e = 0;
			} else {
				uint64_t from = __atomic_load_n(&t->counted_from_ns, __ATOMIC_ACQUIRE);
				uint64_t ramp_end = __atomic_load_n(&t->ramp_end_ns, __ATOMIC_RELAXED);
				if (!from)
					e = guess(t, total_bytes(t), t->spec->ramp_ms && now < ramp_end,
						  now);
				else
					e = running(t, total_bytes(t), from, due_ns, now,
						    done_secs);
			}
			if (exitall) {
				if (e < eta)
					eta = e;
			} else if (not_created && secs[i].spec->stonewall) {
				stone += e;
			} else if (e > eta) {
				eta = e;
			}
		}
	return eta + stone;
}
