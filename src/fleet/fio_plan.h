/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fio_plan.h - a fleet job put in fio's words for fio's server
 * (--driver=fio): the command line sent as JOBLINE, or the job file's
 * text with --readonly, after the checks that keep a program from being
 * run on the far side. */
#ifndef BLKTOP_FLEET_FIO_PLAN_H
#define BLKTOP_FLEET_FIO_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fleet/fleet.h"

#define FIO_PLAN_MAX_WORDS 512

struct fio_plan {
	const char *words[FIO_PLAN_MAX_WORDS]; /* fio's command line, for JOBLINE */
	size_t nwords;
	size_t target_at;             /* where --filename goes (--run), 0: none */
	bool jobline, readonly, writes;
};

/* Checks the job (a job that runs a program is refused: BLKTOP_USAGE,
 * said on stderr) and fills p; says on stderr whether fio runs it with
 * --readonly. 0 or an exit status. */
int fio_plan_make(const struct fleet_job *job, struct fio_plan *p);
void fio_plan_free(struct fio_plan *p);
/* The live figures' interval: --status-interval, else the screen's -d,
 * else a second. fio's server is asked for its status that often. */
uint64_t fio_plan_interval_ms(const struct cli_args *a);
/* "--filename=T", T under /dev unless it has a '/' (malloc'd). */
char *fio_plan_target(const char *t);
/* A job file's text for a host with its own target (HOST=TARGET): a
 * global filename of that target first, every section's own filename
 * left out (malloc'd, its length in *outlen; NULL: no memory). */
char *fio_plan_jobtext(const char *text, size_t len, const char *target, size_t *outlen);

#endif
