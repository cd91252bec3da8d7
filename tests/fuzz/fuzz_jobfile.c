/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_jobfile.c - libFuzzer target for the job-file reader: any bytes
 * must give either jobs or one line of error, never a crash, a leak or a
 * change to the set on failure. Build and run with tests/fuzz/run.sh. */
#include "config.h"
#include "jobfile.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

/*
 * The real job_set_add is in run.c with the runner (threads, engine,
 * collectors); the parser needs only this much of it. Capacity doubles,
 * as the real one must for files of thousands of sections.
 */
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

/* A terminated string no longer than its array. */
static void check_str(const char *s, size_t size)
{
	if (!memchr(s, '\0', size))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct job_set set = { 0 };
	char err[512];

	err[0] = '\0';
	if (jobfile_parse_buffer("fuzz.fio", (const char *)data, size, &set, err,
				 sizeof(err))) {
		/* One line, naming the file, and nothing left in the set. */
		if (strncmp(err, "fuzz.fio:", 9) || strchr(err, '\n') || set.njobs ||
		    set.jobs)
			abort();
		return 0;
	}
	if (set.njobs == 0 || set.njobs > 4096)
		abort();
	for (size_t i = 0; i < set.njobs; i++) {
		const struct job_spec *j = &set.jobs[i];

		check_str(j->name, sizeof(j->name));
		check_str(j->filename, sizeof(j->filename));
		check_str(j->directory, sizeof(j->directory));
		check_str(j->cpus_allowed, sizeof(j->cpus_allowed));
		/* Comments are gone and values are trimmed. */
		if (strpbrk(j->filename, ";#\n") || strpbrk(j->name, ";#\n"))
			abort();
		if (j->bs < 512 || j->iodepth < 1 || j->numjobs < 1 || j->rwmixread > 100)
			abort();
	}
	job_set_free(&set);
	return 0;
}
