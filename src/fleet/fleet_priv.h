/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_priv.h - what the batch fleet (fleet.c) and the screen's
 * collector (fleet_live.c) share: setting the hosts up from the command
 * line, starting one, and one non-blocking pass over all of them. */
#ifndef BLKTOP_FLEET_PRIV_H
#define BLKTOP_FLEET_PRIV_H

#include <poll.h>

#include "fleet/fleet.h"

/* The host list parsed, the usage checked, --job's file read, the hosts
 * allocated (none started). 0 or an exit status (said on stderr). */
int fleet_setup(const struct cli_args *args, int argc, char **argv, struct fleet_job *job,
		struct fleet_host **hosts, size_t *n);
/* Kills what is left, frees the hosts and the job's text. */
void fleet_free(struct fleet_job *job, struct fleet_host *hosts, size_t n);
/* Starts a host's verdict (check) or its run. 0 or -1 (state BROKEN). */
int fleet_start_host(const struct fleet_job *job, struct fleet_host *h, bool check);
/* Reads what every started host has said, finishes those that ended,
 * starts again the check of a host whose driver asks for it (a blktop
 * that refused --profile-env: checked without it), and puts the
 * descriptors still open in p (room for 2 n), *np of them. Returns how
 * many hosts are still going. */
size_t fleet_pump_once(const struct fleet_job *job, struct fleet_host *hosts, size_t n, bool check,
		       struct pollfd *p, size_t *np);

/* One run of the job on every host at once, by the hosts' driver:
 * verdicts, then the run (or fio's session). True when it started;
 * *status is an exit status when the job could not be sent (usage). */
struct runctl;
struct sigstop;
bool fleet_run_hosts(const struct fleet_job *job, struct fleet_host *hosts, size_t n,
		     struct runctl *ctl, struct sigstop *sigs, int *status);
/* --hosts with --profile, --suite or --sweep (fleet_proc.c): each step on
 * every host at once, in lockstep. Returns blktop's exit status. */
int fleet_proc_main(const struct cli_args *args, int argc, char **argv);

#endif
