/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runctl.c - the run-control object (see runctl.h). Only C11 atomics, so
 * a signal handler may call any of it, as long as they are lock-free. */
#include "config.h"
#include "util/runctl.h"

#include <stddef.h>

_Static_assert(ATOMIC_INT_LOCK_FREE == 2 && ATOMIC_POINTER_LOCK_FREE == 2,
	       "a signal handler may only use lock-free atomics");

void runctl_init(struct runctl *c, const struct runctl *parent)
{
	atomic_init(&c->cause, RUNCTL_RUNNING);
	atomic_init(&c->signo, 0);
	atomic_init(&c->why, NULL);
	c->parent = parent;
}

bool runctl_stop(struct runctl *c, enum runctl_cause cause, int sig, const char *why)
{
	int none = 0;
	/* The signal first: whoever sees the cause set also sees the signal
	 * that came with it (a Ctrl-C'd run exits 130, not 0). */
	if (sig)
		atomic_compare_exchange_strong(&c->signo, &none, sig);
	int running = RUNCTL_RUNNING;
	if (!atomic_compare_exchange_strong(&c->cause, &running, (int)cause))
		return false;
	if (why)
		atomic_store(&c->why, why);
	return true;
}

/* The first control, from c up, that was asked to stop. */
static const struct runctl *stopped_one(const struct runctl *c)
{
	for (; c; c = c->parent)
		if (atomic_load(&c->cause) != RUNCTL_RUNNING)
			return c;
	return NULL;
}

enum runctl_cause runctl_cause(const struct runctl *c)
{
	const struct runctl *s = stopped_one(c);
	return s ? (enum runctl_cause)atomic_load(&s->cause) : RUNCTL_RUNNING;
}

int runctl_signo(const struct runctl *c)
{
	/* A signal anywhere above wins: a run stopped by its own error and
	 * then by Ctrl-C still ends as a shell expects of Ctrl-C. */
	for (; c; c = c->parent) {
		int sig = atomic_load(&c->signo);
		if (sig)
			return sig;
	}
	return 0;
}

const char *runctl_why(const struct runctl *c)
{
	const struct runctl *s = stopped_one(c);
	const char *why = s ? atomic_load(&s->why) : NULL;
	return why ? why : "";
}
