/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jobset.h - a job set: the jobs that the command line or a job file
 * describes, in order, as the runner, the procedures and the screen take
 * them. Kept low so every front end can name it without the runner. */
#ifndef BLKTOP_JOBSET_H
#define BLKTOP_JOBSET_H

#include <stdbool.h>
#include <stddef.h>

#include "job.h"

struct job_set {
	struct job_spec *jobs;
	size_t njobs;
	bool force;                 /* --force: allow writes to has-data */
	bool dry_run;               /* --dry-run: verdict and gate, no I/O */
};

int job_set_add(struct job_set *set, const struct job_spec *job);
void job_set_free(struct job_set *set);

#endif
