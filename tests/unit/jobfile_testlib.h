/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jobfile_testlib.h - what the job-file reader's two unit tests share:
 * parsing a text as a file, expecting an error, the source directory.
 * Include after <cmocka.h> and "jobfile.h". */
#ifndef BLKTOP_JOBFILE_TESTLIB_H
#define BLKTOP_JOBFILE_TESTLIB_H

#include <stdlib.h>
#include <string.h>

#define ERRLEN 512

/* Parses text as a file named "t.fio". */
static inline int parse_err(const char *text, struct job_set *set, char *err)
{
	err[0] = '\0';
	return jobfile_parse_buffer("t.fio", text, strlen(text), set, err, ERRLEN);
}

/* The same, showing the error if there is one. */
static inline int parse(const char *text, struct job_set *set)
{
	char err[ERRLEN];
	int rc = parse_err(text, set, err);

	if (rc)
		print_message("(expected or not) %s\n", err);
	return rc;
}

/* The file must fail, and its error must start with want. */
static inline void expect_error(const char *text, const char *want)
{
	struct job_set set = { 0 };
	char err[ERRLEN];

	assert_int_equal(parse_err(text, &set, err), -1);
	if (strncmp(err, want, strlen(want)))
		fail_msg("error '%s' does not start with '%s'", err, want);
	assert_null(strchr(err, '\n'));
	assert_int_equal(set.njobs, 0);
	job_set_free(&set);
}

static inline const char *srcdir(void)
{
	const char *d = getenv("top_srcdir");

	return d && *d ? d : ".";
}

#endif
