/* signals.h - SIGINT, SIGTERM, SIGHUP, SIGQUIT (and SIGWINCH for curses) while
 * the screen runs: blocked in every thread, let through only while the
 * event loop waits, where the handler records them and asks the run to
 * stop. */
#ifndef BLKTOP_SCREEN_SIGNALS_H
#define BLKTOP_SCREEN_SIGNALS_H

#include <signal.h>

/* SIGINT, SIGTERM, SIGHUP, and SIGQUIT: Ctrl-\ is a key like any other
 * in the form, and must not dump core with the terminal in cbreak mode
 * and sysfs values changed. */
#define SCREEN_NSIGNALS 4

struct screen_signals {
	sigset_t mask;               /* the caller's mask, restored at the end */
	sigset_t wait_mask;          /* what the loop's ppoll runs with */
	struct sigaction old[SCREEN_NSIGNALS];
};

/* Blocks the signals and installs the handlers; call before initscr()
 * (curses then leaves SIGINT and SIGTERM alone) and before starting any
 * thread (they inherit the mask). */
void signals_take(struct screen_signals *s);
void signals_give_back(struct screen_signals *s);
/* ppoll() that finds a descriptor ready returns without running the
 * handler of a signal pending too: this delivers it. */
void signals_take_pending(void);
/* The terminal hung up: the same as SIGHUP. */
void signals_hangup(void);
/* The signal that asked blktop to leave, or 0. */
int signals_caught(void);

#endif
