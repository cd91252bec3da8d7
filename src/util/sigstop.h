/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sigstop.h - the one place blktop takes SIGINT, SIGTERM, SIGHUP (and, on
 * the screen, SIGQUIT): the handler only asks a run-control object to
 * stop, so batch runs, procedures and the screen end the same way: I/O
 * stops, results so far are reported, cleanup runs, and the exit status
 * is 128 + the first signal. */
#ifndef BLKTOP_UTIL_SIGSTOP_H
#define BLKTOP_UTIL_SIGSTOP_H

#include <signal.h>
#include <stdbool.h>

#include "util/runctl.h"

#define SIGSTOP_NSIGNALS 4

struct sigstop {
	struct runctl *ctl;
	struct sigaction old[SIGSTOP_NSIGNALS];
	bool taken[SIGSTOP_NSIGNALS];
	bool blocked;
	sigset_t mask;                /* the caller's mask, restored at the end */
	sigset_t wait_mask;           /* with sigstop_block: the mask to wait with */
};

/* Signals stop ctl from now on (ctl must outlive sigstop_end). An ignored
 * SIGHUP stays ignored (nohup); SIGINT is taken even when ignored, as a
 * shell script's background jobs have it: `kill -INT` must still stop
 * one. With quit, SIGQUIT too: on the screen Ctrl-\ is a key like any
 * other and must not dump core with the terminal in cbreak mode. SIGPIPE
 * is ignored for the rest of the process: a reader that leaves shows as
 * EPIPE (the output watcher stops the run), not as sudden death before
 * the I/O has stopped. Install only one at a time. */
void sigstop_install(struct sigstop *s, struct runctl *ctl, bool quit);

/* Blocks the signals taken (and extra, when not 0) in the calling thread;
 * threads started afterwards inherit the mask. s->wait_mask is then the
 * mask to wait with (ppoll, pselect), so a signal can only end a wait:
 * no job thread is interrupted and no stop falls between a check and
 * going to sleep. */
void sigstop_block(struct sigstop *s, int extra);

/* A wait that found a descriptor ready returns without running the
 * handler of a signal pending too: this takes such signals now. */
void sigstop_take_pending(struct sigstop *s);

/* The same as the handler, for a stop that did not come as a signal but
 * means one (the terminal hung up: SIGHUP). */
void sigstop_deliver(struct sigstop *s, enum runctl_cause cause, int sig);

/* Signals no longer reach ctl. The old handlers come back, unless a
 * signal came: then ours stay, doing nothing, so a second Ctrl-C while
 * the report is printed cannot end blktop half-way through its output
 * and its cleanup. Undoes sigstop_block. */
void sigstop_end(struct sigstop *s);

#endif
