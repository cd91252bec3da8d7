/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_jobfile.c - libFuzzer target for the job-file reader: any bytes
 * must give either jobs or one line of error, never a crash, a leak or a
 * change to the set on failure. Build and run with tests/fuzz/run.sh.
 * The input is read as a file in a directory of small files to include
 * (one that includes itself, one with a section, one with a variable),
 * with two variables set in the environment. */
#include "config.h"
#include "jobfile.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"

/* A terminated string no longer than its array. */
static void check_str(const char *s, size_t size)
{
	if (!memchr(s, '\0', size))
		abort();
}

static char dir[256];
static char name[300];

static void put(const char *file, const char *text)
{
	char path[600];
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	FILE *f = fopen(path, "w");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
}

static void remove_dir(void)
{
	static const char *const files[] = { "inc.fio", "loop.fio", "sect.fio", "var.fio", NULL };
	char path[600];
	for (size_t i = 0; files[i]; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		unlink(path);
	}
	rmdir(dir);
}

static void setup(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof(dir), "%s/blktop-fuzz-inc.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		abort();
	put("inc.fio", "bs=8k\niodepth=2\n");
	put("loop.fio", "include loop.fio\n");
	put("sect.fio", "bs=4k\n[x]\n");
	put("var.fio", "size=${FUZZ_SIZE}\nbs=$FUZZ_BS\n");
	setenv("FUZZ_BS", "16k", 1);
	setenv("FUZZ_SIZE", "(1m*2)", 1);
	snprintf(name, sizeof(name), "%s/fuzz.fio", dir);
	atexit(remove_dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct job_set set = { 0 };
	char err[512];

	if (!name[0])
		setup();
	err[0] = '\0';
	if (jobfile_parse_buffer(name, (const char *)data, size, &set, err, sizeof(err))) {
		/* One line, naming the file (or the included one, and who
		 * included it), and nothing left in the set. */
		size_t n = strlen(name);
		bool named = !strncmp(err, name, n) && err[n] == ':';
		bool included = !strncmp(err, dir, strlen(dir)) && strstr(err, "(included from ");
		if ((!named && !included) || strchr(err, '\n') || set.njobs || set.jobs)
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
