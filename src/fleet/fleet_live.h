/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_live.h - the fleet for the screen: the same verdicts-then-run as
 * --batch, but driven a step at a time from the screen's event loop, so
 * the screen waits on the hosts' pipes beside the terminal. A collector
 * only: it keeps each host's state and last interval (struct fleet_host)
 * and draws nothing. */
#ifndef BLKTOP_FLEET_LIVE_H
#define BLKTOP_FLEET_LIVE_H

#include <poll.h>

#include "fleet/fleet.h"

struct fleet_live {
	struct fleet_job job;
	struct fleet_host *hosts;
	size_t n;
	bool checking;               /* the verdicts are being taken */
	bool go;                     /* the run started on the ready hosts */
	bool stopping;               /* every host was told to stop */
	bool ended;                  /* every host has ended */
	uint64_t kill_at_ns;         /* a stopped host still there then is killed */
	struct fleet_session *session; /* a driver that runs every host itself */
	uint64_t wake_ns;            /* its next timed step, 0: none */
	struct pollfd *pfd;          /* what to wait on (FLEET_SESSION_FDS a host) */
	size_t npfd;
	uint64_t sig_state;          /* changes whenever a host's state does */
	uint64_t sig_figs;           /* ... or its figures */
	bool attached;               /* the hosts and job are a caller's */
};

/* What fleet_live_step saw change. */
enum { FLEET_CHANGED_STATE = 1, FLEET_CHANGED_FIGURES = 2 };

/* Sets the hosts up (nothing started yet). 0 or an exit status, said on
 * stderr. */
int fleet_live_open(struct fleet_live *f, const struct cli_args *args, int argc, char **argv);
/* One step of a procedure (fleet_proc.h): the step's job on the hosts
 * still in the fleet, which stay the caller's. 0 or an exit status. */
int fleet_live_attach(struct fleet_live *f, const struct fleet_job *job, struct fleet_host *hosts,
		      size_t n);
/* Ends what is left of the step (fleet_live_end) and lets its hosts go,
 * reports kept; f is then an ended fleet of none. */
void fleet_live_detach(struct fleet_live *f);
/* Starts every host's verdict; the run follows in fleet_live_step. */
void fleet_live_start(struct fleet_live *f);
/* Reads what came, moves on from the verdicts to the run, kills hosts
 * that outstay a stop; refreshes pfd. Returns FLEET_CHANGED_* bits. */
int fleet_live_step(struct fleet_live *f);
/* Tells every host to stop with its report (closes its stdin: the far
 * side's wrapper ends blktop there); the hosts that have not started do
 * not. */
void fleet_live_stop(struct fleet_live *f);
/* Ends every host still going now (dropped: its ssh killed, or its
 * session cut), leaving the reports there are. */
void fleet_live_end(struct fleet_live *f);
/* Kills every host still going and frees everything. */
void fleet_live_close(struct fleet_live *f);

#endif
