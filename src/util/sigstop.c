/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sigstop.c - the signal handlers of every mode (see sigstop.h). The
 * handler reads one atomic pointer and stores into the run-control
 * object it names, nothing else: that is all a handler may safely do
 * while job threads and the monitor read the same object. */
#include "config.h"
#include "util/sigstop.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

static const int stop_signals[SIGSTOP_NSIGNALS] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* What the handler stops; NULL between runs, when a late signal finds
 * nothing to stop. The one file-scope mutable, written outside handlers
 * only. */
static _Atomic(struct runctl *) target;

static void on_signal(int sig)
{
	int saved = errno;    /* the interrupted code may be about to read it */
	struct runctl *c = atomic_load(&target);
	if (c)
		runctl_stop(c, RUNCTL_SIGNAL, sig, "signal");
	errno = saved;
}

void sigstop_install(struct sigstop *s, struct runctl *ctl, bool quit)
{
	struct sigaction sa;

	memset(s, 0, sizeof(*s));
	s->ctl = ctl;
	atomic_store(&target, ctl);
	/* No SA_RESTART: a signal must end the screen's wait. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < SIGSTOP_NSIGNALS; i++) {
		int sig = stop_signals[i];
		if (sig == SIGQUIT && !quit)
			continue;
		if (sigaction(sig, NULL, &s->old[i]))
			continue;
		if (sig == SIGHUP && s->old[i].sa_handler == SIG_IGN)
			continue;
		s->taken[i] = sigaction(sig, &sa, NULL) == 0;
	}
	signal(SIGPIPE, SIG_IGN);
}

void sigstop_block(struct sigstop *s, int extra)
{
	sigset_t block;

	sigemptyset(&block);
	for (int i = 0; i < SIGSTOP_NSIGNALS; i++)
		if (s->taken[i])
			sigaddset(&block, stop_signals[i]);
	if (extra)
		sigaddset(&block, extra);
	pthread_sigmask(SIG_BLOCK, &block, &s->mask);
	s->wait_mask = s->mask;
	for (int i = 0; i < SIGSTOP_NSIGNALS; i++)
		if (s->taken[i])
			sigdelset(&s->wait_mask, stop_signals[i]);
	if (extra)
		sigdelset(&s->wait_mask, extra);
	s->blocked = true;
}

void sigstop_take_pending(struct sigstop *s)
{
	sigset_t pend;

	sigpending(&pend);
	for (int i = 0; i < SIGSTOP_NSIGNALS; i++) {
		if (!s->taken[i] || !sigismember(&pend, stop_signals[i]))
			continue;
		sigset_t one;
		struct timespec zero = { 0, 0 };
		sigemptyset(&one);
		sigaddset(&one, stop_signals[i]);
		if (sigtimedwait(&one, NULL, &zero) > 0)
			on_signal(stop_signals[i]);
	}
}

void sigstop_deliver(struct sigstop *s, enum runctl_cause cause, int sig)
{
	runctl_stop(s->ctl, cause, sig, NULL);
}

void sigstop_end(struct sigstop *s)
{
	/* Handlers first, the target after: a signal in between still counts. */
	if (!runctl_signo(s->ctl))
		for (int i = 0; i < SIGSTOP_NSIGNALS; i++)
			if (s->taken[i])
				sigaction(stop_signals[i], &s->old[i], NULL);
	atomic_store(&target, NULL);
	if (s->blocked)
		pthread_sigmask(SIG_SETMASK, &s->mask, NULL);
	s->blocked = false;
}
