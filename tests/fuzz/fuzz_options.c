/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_options.c - libFuzzer target for the options table: every option
 * (and its alias) with fuzzed text, the shared parsers, and the promise
 * the form and reports rely on: what job_option_format prints,
 * job_option_set reads back to the same value. Build with run.sh. */
#include "config.h"
#include "options.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One non-empty line (it is printed after "FILE:LINE: " or alone), unless
 * the text quoted in it brought its own line break: argv can. */
static void check_message(const char *err, const char *input)
{
	if (!err[0] || (strchr(err, '\n') && !strchr(input, '\n')))
		abort();
}

/* Formats opt from job, sets the text on a fresh job, formats again:
 * both texts and the fields must agree. */
static void check_round_trip(const struct job_spec *def, const struct job_spec *job,
			     const struct job_option *o)
{
	struct job_spec again = *def;
	char text[8192], text2[8192], err[512], tiny[4];

	job_option_format(job, o, text, sizeof(text));
	if (job_option_set(&again, o->name, text, err, sizeof(err)))
		abort();
	job_option_format(&again, o, text2, sizeof(text2));
	if (strcmp(text, text2))
		abort();
	if (o->size && memcmp((const char *)job + o->offset,
			      (const char *)&again + o->offset, o->size))
		abort();
	/* Short buffers are cut, never overrun. */
	job_option_format(job, o, tiny, sizeof(tiny));
	if (!memchr(tiny, '\0', sizeof(tiny)))
		abort();
}

static void try_option(const struct job_spec *def, const struct job_option *o,
		       const char *name, const char *value)
{
	struct job_spec job = *def;
	char err[512];

	err[0] = '\0';
	if (job_option_set(&job, name, value, err, sizeof(err)))
		check_message(err, value);
	else
		check_round_trip(def, &job, o);
}

static void check_parsers(const char *s)
{
	unsigned long long v = 0, w;
	int b;
	char buf[64];

	if (!parse_size(s, &v)) {
		/* format_size's text must read back to the same bytes. */
		if (parse_size(format_size(v, buf, sizeof(buf)), &w) || w != v)
			abort();
	}
	if (!parse_time_ms(s, &v) && !s[0])
		abort();
	if (!parse_uint(s, &v)) {
		if (!s[0])
			abort();
	}
	if (!parse_bool(s, &b) && b != 0 && b != 1)
		abort();
	format_size(v, buf, 3);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';

	/* job_defaults itself goes through the table: do it once. */
	struct job_spec def;
	job_defaults(&def);

	check_parsers(s);
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];

		try_option(&def, o, o->name, s);
		if (o->alias)
			try_option(&def, o, o->alias, s);
	}

	/* "name=value": an arbitrary name must be looked up safely. */
	char *eq = strchr(s, '=');
	char *whole = strdup(s);
	if (eq && whole) {
		struct job_spec job = def;
		char err[512];

		*eq = '\0';
		const struct job_option *o = job_option_find(s);
		err[0] = '\0';
		if (job_option_set(&job, s, eq + 1, err, sizeof(err)))
			check_message(err, whole);
		else if (!o)
			abort();
		else
			check_round_trip(&def, &job, o);
	}
	free(whole);
	free(s);
	return 0;
}
