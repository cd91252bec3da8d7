/* signals.c - how the screen hears Ctrl-C, SIGTERM and SIGHUP. Keeping
 * them blocked except inside the loop's ppoll() means a signal can only
 * end the wait: no job thread is ever interrupted, and there is no window
 * between checking the flag and going to sleep. */
#include "config.h"
#include "screen/signals.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

#include "run.h"

/* The one file-scope mutable: written by the handler only. */
static volatile sig_atomic_t caught_signal;

static const int caught_signals[SCREEN_NSIGNALS] = { SIGINT, SIGTERM, SIGHUP };

static void on_signal(int sig)
{
	caught_signal = sig;
	run_request_stop();
}

void signals_take(struct screen_signals *s)
{
	sigset_t block;
	struct sigaction sa;
	caught_signal = 0;
	sigemptyset(&block);
	for (int i = 0; i < SCREEN_NSIGNALS; i++)
		sigaddset(&block, caught_signals[i]);
	sigaddset(&block, SIGWINCH);
	pthread_sigmask(SIG_BLOCK, &block, &s->mask);
	s->wait_mask = s->mask;
	for (int i = 0; i < SCREEN_NSIGNALS; i++)
		sigdelset(&s->wait_mask, caught_signals[i]);
	sigdelset(&s->wait_mask, SIGWINCH);
	/* No SA_RESTART: the signal must end the wait. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < SCREEN_NSIGNALS; i++)
		sigaction(caught_signals[i], &sa, &s->old[i]);
}

void signals_give_back(struct screen_signals *s)
{
	for (int i = 0; i < SCREEN_NSIGNALS; i++)
		sigaction(caught_signals[i], &s->old[i], NULL);
	pthread_sigmask(SIG_SETMASK, &s->mask, NULL);
}

void signals_take_pending(void)
{
	sigset_t pend;
	sigpending(&pend);
	for (int i = 0; i < SCREEN_NSIGNALS; i++) {
		if (!sigismember(&pend, caught_signals[i]))
			continue;
		sigset_t one;
		struct timespec zero = { 0, 0 };
		sigemptyset(&one);
		sigaddset(&one, caught_signals[i]);
		if (sigtimedwait(&one, NULL, &zero) > 0)
			on_signal(caught_signals[i]);
	}
}

void signals_hangup(void)
{
	on_signal(SIGHUP);
}

int signals_caught(void)
{
	return caught_signal;
}
