/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jobset.c - a growable array of job specs. */
#include "config.h"
#include "jobset.h"

#include <stdlib.h>

/* The array doubles when njobs reaches a power of two, so a job file of
 * 4096 sections costs 13 reallocs, not 4096. */
int job_set_add(struct job_set *set, const struct job_spec *job)
{
	size_t n = set->njobs;

	if (n == 0 || (n & (n - 1)) == 0) {
		struct job_spec *j = realloc(set->jobs, (n ? 2 * n : 1) * sizeof(*j));
		if (!j)
			return -1;
		set->jobs = j;
	}
	set->jobs[set->njobs++] = *job;
	return 0;
}

void job_set_free(struct job_set *set)
{
	free(set->jobs);
	set->jobs = NULL;
	set->njobs = 0;
}
