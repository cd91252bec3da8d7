/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run_steady.c - fio's steady-state check, on the runner's side: once a
 * second it reads the threads' counts of a report entry (a clone, or a
 * reporting group with group_reporting), adds the second's IOPS and
 * bandwidth to the entry's window (stats/steady.h), and ends the entry's
 * threads when the window meets the criterion. The job threads do nothing
 * for it: it reads their counters as the monitor does (relaxed atomics)
 * and ends them through their deadline, which their I/O loop checks
 * already.
 *
 * fio's timing, kept: a thread takes part once it counts (after
 * ramp_time), and from steadystate_ramp_time plus one second after that
 * on; each thread's rate is its I/Os and bytes since the last check over
 * the whole milliseconds between, in integers, and an entry's sample is
 * the sum of its threads' rates. A thread that has ended takes no part. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "run_priv.h"
#include "util/status.h"

#define STEADY_TICK_NS 1000000000ULL

struct steady_thread {
	struct job_thread *t;
	uint64_t epoch_ns;          /* when it began to count, as last seen */
	uint64_t prev_ns, prev_ios, prev_bytes;
	bool ramp_over;
};

struct steady_watch {
	const struct job_spec *spec;
	struct steady_thread *th;
	unsigned n, cap;
	struct steady_window *win;  /* the report entry's */
	uint64_t next_ns;
	uint64_t stop_ns;           /* when it was attained (0: not yet) */
};

int steady_watch_add(struct steady_watch **wp, struct job_thread *t)
{
	struct steady_watch *w = *wp;
	if (!w) {
		if (t->spec->ss_dur_ms < 1000)
			return 0;
		w = calloc(1, sizeof(*w));
		if (!w)
			return -1;
		w->spec = t->spec;
		*wp = w;
	}
	if (w->n == w->cap) {
		unsigned cap = w->cap ? w->cap * 2 : 4;
		struct steady_thread *th = realloc(w->th, cap * sizeof(*th));
		if (!th)
			return -1;
		w->th = th;
		w->cap = cap;
	}
	memset(&w->th[w->n], 0, sizeof(w->th[w->n]));
	w->th[w->n++].t = t;
	return 0;
}

void steady_watch_free(struct steady_watch *w)
{
	if (!w)
		return;
	free(w->th);
	free(w);
}

int steady_watch_start(struct steady_watch *w, struct group_result *res)
{
	if (!w)
		return 0;
	w->win = &res->ss;
	w->next_ns = UINT64_MAX;
	return steady_window_init(w->win, w->spec);
}

void steady_units_begin(struct unit *units, size_t n, unsigned wave, uint64_t start_ns)
{
	for (size_t u = 0; u < n; u++) {
		struct steady_watch *w = units[u].ss;
		if (w && w->win && units[u].wave == wave)
			w->next_ns = start_ns + STEADY_TICK_NS;
	}
}

uint64_t steady_units_next(const struct unit *units, size_t n, unsigned wave, uint64_t wake)
{
	for (size_t u = 0; u < n; u++)
		if (units[u].ss && units[u].wave == wave && units[u].ss->next_ns < wake)
			wake = units[u].ss->next_ns;
	return wake;
}

/* fio ends every thread of the entry; so does a deadline of now, and the
 * runner's kick wakes a thread that waits past it. Kept lowering it on
 * each check while a thread runs: a thread moves its own deadline as it
 * starts late or as latency_target settles. */
static void stop_threads(struct steady_watch *w)
{
	for (unsigned i = 0; i < w->n; i++) {
		struct job_thread *t = w->th[i].t;
		uint64_t d = __atomic_load_n(&t->deadline_ns, __ATOMIC_RELAXED);
		while ((d == 0 || d > w->stop_ns) &&
		       !__atomic_compare_exchange_n(&t->deadline_ns, &d, w->stop_ns, false,
						    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
			;
	}
}

static void thread_counts(const struct job_thread *t, uint64_t *ios, uint64_t *bytes)
{
	*ios = *bytes = 0;
	for (int d = 0; d < DIR_ALL; d++) {
		*ios += __atomic_load_n(&t->dir[d].ios, __ATOMIC_RELAXED);
		*bytes += __atomic_load_n(&t->dir[d].bytes, __ATOMIC_RELAXED);
	}
}

static void steady_watch_update(struct steady_watch *w, uint64_t now)
{
	if (!w || !w->win || now < w->next_ns)
		return;
	while (w->next_ns <= now)
		w->next_ns += STEADY_TICK_NS;
	if (w->stop_ns) {
		stop_threads(w);
		return;
	}
	uint64_t sum_iops = 0, sum_bw = 0;
	unsigned taking_part = 0;
	const uint64_t ss_ramp_ns = w->spec->ss_ramp_ms * 1000000ULL;
	for (unsigned i = 0; i < w->n; i++) {
		struct steady_thread *s = &w->th[i];
		if (__atomic_load_n(&s->t->finished, __ATOMIC_ACQUIRE))
			continue;
		uint64_t epoch = __atomic_load_n(&s->t->counted_from_ns, __ATOMIC_RELAXED);
		if (!epoch || epoch > now)
			continue; /* still in its ramp_time (or not started) */
		if (epoch != s->epoch_ns) {
			/* Counting began, or began again (latency_target's
			 * reset): the counts start from zero there. */
			s->epoch_ns = s->prev_ns = epoch;
			s->prev_ios = s->prev_bytes = 0;
		}
		/* fio waits a second past steadystate_ramp_time, if any. */
		if (!s->ramp_over && (!ss_ramp_ns || now - epoch >= ss_ramp_ns + STEADY_TICK_NS))
			s->ramp_over = true;
		uint64_t ios, bytes;
		thread_counts(s->t, &ios, &bytes);
		uint64_t ms = (now - s->prev_ns) / 1000000ULL;
		if (s->ramp_over && ms && ios >= s->prev_ios && bytes >= s->prev_bytes) {
			sum_iops += 1000 * (ios - s->prev_ios) / ms;
			sum_bw += 1000 * (bytes - s->prev_bytes) / ms;
			taking_part++;
		}
		s->prev_ns = now;
		s->prev_ios = ios;
		s->prev_bytes = bytes;
	}
	if (taking_part && steady_window_add(w->win, sum_iops, sum_bw)) {
		w->stop_ns = now;
		stop_threads(w);
	}
}

void steady_units_update(struct unit *units, size_t n, unsigned wave, uint64_t now)
{
	for (size_t u = 0; u < n; u++)
		if (units[u].wave == wave)
			steady_watch_update(units[u].ss, now);
}

int steady_check_group(const struct job_spec *a, const struct job_spec *b, char *err,
		       size_t errlen)
{
	bool a_on = a->ss_dur_ms >= 1000, b_on = b->ss_dur_ms >= 1000;
	if (!a_on && !b_on)
		return 0;
	if (a_on == b_on && a->ss_dur_ms / 1000 == b->ss_dur_ms / 1000 &&
	    a->ss_ramp_ms == b->ss_ramp_ms && a->ss_criterion == b->ss_criterion &&
	    a->ss_pct == b->ss_pct && a->ss_limit == b->ss_limit)
		return 0;
	snprintf(err, errlen,
		 _("%s: steadystate options must be the same for every job of a reporting group (as in %s)"),
		 b->name, a->name);
	return BLKTOP_USAGE;
}
