/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run_wave.c - runs one wave of a job set: starts its threads together,
 * then paces the monitors, the report entries' samples, the steady-state
 * checks and the status intervals until every thread has ended, kicking
 * threads whose wait outlives the run. Apart from run.c, which sets the
 * waves up and merges what they did. */
#include "config.h"
#include "run_priv.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "util/clock.h"
#include "util/status.h"

#define MONITOR_NAP_NS (50ULL * 1000 * 1000)
#define KICK_GRACE_NS (500ULL * 1000 * 1000)

/* A job thread waits for completions without a timer. When the run should
 * end (a stop was asked for, or the runtime is over) and a thread is still
 * waiting, a signal interrupts its wait so it notices, even if the device
 * has stopped answering. */
static void kick_late_threads(struct section *secs, size_t n, unsigned wave,
			      const struct runctl *ctl, uint64_t now)
{
	bool stopping = runctl_stopped(ctl);
	for (size_t i = 0; i < n; i++) {
		struct section *s = &secs[i];
		if (s->wave != wave)
			continue;
		for (unsigned k = 0; k < s->nthreads; k++) {
			struct job_thread *t = &s->threads[k];
			uint64_t deadline = __atomic_load_n(&t->deadline_ns, __ATOMIC_RELAXED);
			bool late = stopping || (deadline && now > deadline + KICK_GRACE_NS);
			if (late && t->tid && !__atomic_load_n(&t->finished, __ATOMIC_ACQUIRE))
				pthread_kill(t->tid, SIGUSR1);
		}
	}
}

static bool wave_finished(struct section *secs, size_t n, unsigned wave)
{
	for (size_t i = 0; i < n; i++) {
		if (secs[i].wave != wave)
			continue;
		for (unsigned k = 0; k < secs[i].nthreads; k++)
			if (!__atomic_load_n(&secs[i].threads[k].finished, __ATOMIC_ACQUIRE))
				return false;
	}
	return true;
}

static void nap_until(uint64_t when)
{
	uint64_t now = now_ns();
	if (when <= now)
		return;
	uint64_t d = when - now;
	if (d > MONITOR_NAP_NS)
		d = MONITOR_NAP_NS;
	sleep_ns(d);
}

/* Threads of a wave set up (buffers, engine) first and start together:
 * setup time is not run time, and samples line up with the I/O. */
static void wait_ready(struct section *secs, size_t n, unsigned wave, const struct runctl *ctl)
{
	for (;;) {
		bool all = true;
		for (size_t i = 0; i < n && all; i++) {
			if (secs[i].wave != wave)
				continue;
			for (unsigned k = 0; k < secs[i].nthreads && all; k++) {
				const struct job_thread *t = &secs[i].threads[k];
				all = __atomic_load_n(&t->ready, __ATOMIC_ACQUIRE) ||
				      __atomic_load_n(&t->finished, __ATOMIC_ACQUIRE);
			}
		}
		if (all || runctl_stopped(ctl))
			return;
		sleep_ns(1000000);
	}
}

/* Starts a wave's threads and watches them until they all end. */
int run_wave(struct section *secs, size_t n, struct unit *units, size_t nunits,
	     unsigned wave, const struct run_hooks *hooks, struct run_progress_state *prog,
	     struct runctl *ctl, uint64_t *tick0, char *err, size_t errlen)
{
	const struct run_hooks *mh = run_progress_hooks(prog, hooks);
	int go = 0;
	int status = 0;

	for (size_t i = 0; i < n; i++) {
		struct section *s = &secs[i];
		if (s->wave != wave)
			continue;
		for (unsigned k = 0; k < s->nthreads; k++) {
			struct job_thread *t = &s->threads[k];
			t->go = &go;
			if (t->no_area) {
				t->finished = 1;
				continue;
			}
			int r = pthread_create(&t->tid, NULL, job_thread_main, t);
			if (r) {
				snprintf(err, errlen, _("cannot start a job thread: %s"), strerror(r));
				t->finished = 1;
				t->tid = 0;
				runctl_stop(ctl, RUNCTL_ERROR, 0, "cannot start a job thread");
				status = BLKTOP_FAILED;
			}
		}
	}
	wait_ready(secs, n, wave, ctl);

	uint64_t start = now_ns();
	uint64_t hook_next = UINT64_MAX;
	uint64_t hook_gap = hooks && (hooks->interval || prog) && hooks->interval_ms
				    ? hooks->interval_ms * 1000000ULL : 0;
	for (size_t i = 0; i < n; i++) {
		struct section *s = &secs[i];
		if (s->wave != wave)
			continue;
		const struct job_spec *job = s->spec;
		uint64_t epoch = start + job->ramp_ms * 1000000ULL;
		monitor_start(&s->mon, start, epoch);
		for (unsigned k = 0; k < s->nthreads; k++) {
			struct job_thread *t = &s->threads[k];
			t->start_ns = start;
			t->ramp_end_ns = epoch;
			t->deadline_ns = job->runtime_ms ? epoch + job->runtime_ms * 1000000ULL : 0;
			if (t->no_area)
				t->counted_from_ns = t->ended_ns = start;
		}
	}
	for (size_t u = 0; u < nunits; u++)
		if (units[u].wave == wave)
			unit_start(&units[u], start);
	steady_units_begin(units, nunits, wave, start);
	__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
	/* The intervals run from the first wave's start, across waves, as
	 * fio's status-interval timer: a later wave's first interval ends
	 * at the next tick. */
	if (!*tick0)
		*tick0 = start;
	if (hook_gap)
		for (hook_next = *tick0 + hook_gap; hook_next <= start;)
			hook_next += hook_gap;

	uint64_t next_kick = 0;
	while (!wave_finished(secs, n, wave)) {
		uint64_t wake = hook_next;
		for (size_t i = 0; i < n; i++)
			if (secs[i].wave == wave && monitor_next(&secs[i].mon) < wake)
				wake = monitor_next(&secs[i].mon);
		for (size_t u = 0; u < nunits; u++)
			if (units[u].wave == wave && unit_next(&units[u]) < wake)
				wake = unit_next(&units[u]);
		wake = steady_units_next(units, nunits, wave, wake);
		nap_until(wake);
		uint64_t now = now_ns();
		if (now >= next_kick) {
			kick_late_threads(secs, n, wave, ctl, now);
			next_kick = now + KICK_GRACE_NS;
		}
		bool do_hook = now >= hook_next;
		for (size_t i = 0; i < n; i++)
			if (secs[i].wave == wave)
				monitor_update(&secs[i].mon, now, do_hook, mh);
		for (size_t u = 0; u < nunits; u++)
			if (units[u].wave == wave)
				unit_update(&units[u], now);
		steady_units_update(units, nunits, wave, now);
		if (do_hook) {
			while (hook_next <= now)
				hook_next += hook_gap;
			uint64_t due = hook_next - hook_gap;
			run_progress_emit(prog, wave, false, (due - *tick0) / 1000000ULL, due);
		}
	}
	for (size_t i = 0; i < n; i++)
		if (secs[i].wave == wave)
			for (unsigned k = 0; k < secs[i].nthreads; k++)
				if (secs[i].threads[k].tid)
					pthread_join(secs[i].threads[k].tid, NULL);
	/* A last status line for what happened since the previous one. */
	if (hook_gap) {
		for (size_t i = 0; i < n; i++)
			if (secs[i].wave == wave)
				monitor_finish(&secs[i].mon, mh);
		run_progress_emit(prog, wave, true, 0, 0);
	}
	return status;
}
