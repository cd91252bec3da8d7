/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runctl.h - the run-control object: whether a run should stop, who asked
 * and why. The front end that starts a run owns one and hands it down
 * through the run hooks; signal handlers, the screen's stop key, the
 * output watcher, the runner and the job threads all talk through it, so
 * no stop depends on a flag that another part may clear.
 *
 * A stop is never taken back. A run gets a fresh object of its own whose
 * parent is the caller's: an I/O error stops that run only, while a stop
 * of the parent (a signal, the stop key) reaches every run under it,
 * including one that has not started yet. Every function is lock-free and
 * async-signal-safe. */
#ifndef BLKTOP_UTIL_RUNCTL_H
#define BLKTOP_UTIL_RUNCTL_H

#include <stdatomic.h>
#include <stdbool.h>

/* Who asked for the stop. The first stop names it; later ones only add a
 * signal number when the first had none. */
enum runctl_cause {
	RUNCTL_RUNNING = 0,     /* no stop asked */
	RUNCTL_SIGNAL,          /* SIGINT, SIGTERM, SIGHUP, SIGQUIT */
	RUNCTL_OUTPUT_GONE,     /* the reader of the output left (as SIGPIPE) */
	RUNCTL_TERMINAL_GONE,   /* the screen's terminal hung up (as SIGHUP) */
	RUNCTL_USER,            /* the screen's stop key, leaving the screen */
	RUNCTL_TIME_LIMIT,      /* a limit the caller set ran out */
	RUNCTL_ERROR,           /* an error the job's policy does not cover */
};

struct runctl {
	atomic_int cause;                 /* enum runctl_cause */
	atomic_int signo;                 /* the signal it stands for, or 0 */
	_Atomic(const char *) why;        /* a string of static lifetime */
	const struct runctl *parent;      /* set before any thread sees this */
};

/* A control with nothing asked yet, under parent (NULL: none). */
void runctl_init(struct runctl *c, const struct runctl *parent);

/* Asks for the stop. sig is the signal the stop stands for (its exit
 * status is 128 + sig), or 0; why is a short untranslated phrase of
 * static lifetime, or NULL. Returns true for the stop that named the
 * cause. Async-signal-safe. */
bool runctl_stop(struct runctl *c, enum runctl_cause cause, int sig, const char *why);

/* Whether this control or one above it was asked to stop. Inline: the
 * job threads ask before every I/O. */
static inline bool runctl_stopped(const struct runctl *c)
{
	for (; c; c = c->parent)
		if (atomic_load_explicit(&c->cause, memory_order_acquire) != RUNCTL_RUNNING)
			return true;
	return false;
}

/* The cause, signal and reason of the first stop, this control's own or,
 * when it has none, its parent's. RUNCTL_RUNNING, 0 and "" when none. */
enum runctl_cause runctl_cause(const struct runctl *c);
int runctl_signo(const struct runctl *c);
const char *runctl_why(const struct runctl *c);

#endif
