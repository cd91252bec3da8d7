/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_cli.c - libFuzzer target for the command line (cli_parse): the
 * input is split into argv at NUL bytes (or at newlines when it has none).
 * Whatever the words, the parser must return 0 or 2, never exit, crash or
 * leak, print exactly one "blktop: " line when it refuses and nothing when
 * it accepts, and leave a job the runner can take. Build with run.sh. */
#include "config.h"
#include "cli.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

#define MAX_ARGS 128

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_str(const char *s, size_t size)
{
	if (!memchr(s, '\0', size))
		abort();
}

/* A pointer the parser kept must be one of the words it was given (or a
 * constant of its own), never a copy that could dangle or leak. */
static int in_argv(const char *p, int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (p >= argv[i] && p <= argv[i] + strlen(argv[i]))
			return 1;
	return 0;
}

static void check_accepted(const struct cli_args *a, int argc, char **argv)
{
	const struct job_spec *j = &a->job;

	if ((unsigned)a->mode > MODE_VERSION || (unsigned)a->format > OUTPUT_CSV)
		abort();
	if (a->mode == MODE_HELP || a->mode == MODE_VERSION)
		return;
	check_str(j->name, sizeof(j->name));
	check_str(j->filename, sizeof(j->filename));
	check_str(j->directory, sizeof(j->directory));
	check_str(j->cpus_allowed, sizeof(j->cpus_allowed));
	if (a->delay_ms < 100 || !a->lat_limit_us)
		abort();
	if (j->bs < 512 || j->iodepth < 1 || j->numjobs < 1 || j->rwmixread > 100)
		abort();
	if (a->output_file && !in_argv(a->output_file, argc, argv))
		abort();
	if (a->jobfile && !in_argv(a->jobfile, argc, argv))
		abort();
	if (a->scratch_size && !in_argv(a->scratch_size, argc, argv))
		abort();
	if (a->procedure && strcmp(a->procedure, "seven") &&
	    !in_argv(a->procedure, argc, argv))
		abort();
	/* Modes that run a job have somewhere to run it. */
	if ((a->mode == MODE_RUN || a->mode == MODE_PROFILE || a->mode == MODE_SUITE ||
	     a->mode == MODE_SWEEP) &&
	    !j->filename[0] && !j->directory[0] && !a->scratch)
		abort();
	if ((a->mode == MODE_PROFILE || a->mode == MODE_SWEEP) && !a->procedure)
		abort();
	if (a->mode == MODE_JOBFILE && !a->jobfile)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1);
	char *argv[MAX_ARGS + 2];
	int argc = 0;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	int sep = memchr(data, '\0', size) ? '\0' : '\n';

	argv[argc++] = (char *)"blktop";
	for (size_t i = 0, start = 0; i <= size && argc < MAX_ARGS; i++) {
		if (i == size || buf[i] == sep) {
			buf[i] = '\0';
			argv[argc++] = buf + start;
			start = i + 1;
		}
	}
	argv[argc] = NULL;

	/* The parser speaks on stderr; catch it to check the one-line rule. */
	char *msg = NULL;
	size_t msglen = 0;
	FILE *saved = stderr, *mem = open_memstream(&msg, &msglen);
	if (!mem) {
		free(buf);
		return 0;
	}
	stderr = mem;
	struct cli_args a;
	int rc = cli_parse(argc, argv, &a);
	stderr = saved;
	fclose(mem);

	if (rc == 0) {
		if (msglen)
			abort();
		check_accepted(&a, argc, argv);
		if (a.mode == MODE_HELP) {
			FILE *null = fopen("/dev/null", "w");
			if (null) {
				cli_usage(null);
				fclose(null);
			}
		}
	} else if (rc == 2) {
		/* "blktop: ...\n", one line unless a quoted word brought a
		 * line break of its own (argv can hold one). */
		if (msglen < 9 || strncmp(msg, "blktop: ", 8) || msg[msglen - 1] != '\n')
			abort();
		char *nl = strchr(msg, '\n');
		if (nl != msg + msglen - 1 && sep == '\n')
			abort();
	} else {
		abort();
	}
	free(msg);
	free(buf);
	return 0;
}
