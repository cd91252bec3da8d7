/* signals.c - how the screen hears Ctrl-C, SIGTERM, SIGHUP and Ctrl-\. Keeping
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

static const int caught_signals[SCREEN_NSIGNALS] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* The first signal names the exit status: a second Ctrl-C, or the SIGHUP
 * that follows when the terminal of a Ctrl-C'd session closes, does not
 * change what ended blktop. */
static void on_signal(int sig)
{
	if (!caught_signal)
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
	for (int i = 0; i < SCREEN_NSIGNALS; i++) {
		sigaction(caught_signals[i], NULL, &s->old[i]);
		/* An ignored SIGHUP stays ignored (nohup); the screen still
		 * leaves when its terminal hangs up (loop.c sees POLLHUP).
		 * SIGINT is taken even when ignored, as a script's
		 * background jobs have it: `kill -INT` must still stop one. */
		if (caught_signals[i] != SIGHUP || s->old[i].sa_handler != SIG_IGN)
			sigaction(caught_signals[i], &sa, NULL);
	}
}

void signals_give_back(struct screen_signals *s)
{
	/* Leaving because of a signal, the handler stays: a second Ctrl-C
	 * pending since the last wait, or pressed while the summary is
	 * printed, would otherwise kill blktop half-way through its output
	 * and skip the atexit() restores. It only records and asks for a
	 * stop, both harmless now. */
	if (!caught_signal)
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
