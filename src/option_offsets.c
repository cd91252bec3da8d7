/* SPDX-License-Identifier: GPL-2.0-or-later */
/* option_offsets.c - the values of fio's options on where each I/O goes
 * after the last: rw's modifier (randread:8, write:4k, read:-8k) and
 * percentage_random. Apart from option_values.c, as these shape the job
 * loop's offsets (engine/next_io.c) rather than the I/O itself. */
#include "config.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

/* rw=MODE[:N]: fio reads N after the mode as a count of I/Os that share
 * one random start (random modes) or as bytes to skip after each I/O,
 * backwards when negative (sequential modes). */
int parse_rw(const struct job_option *o, struct job_spec *job, const char *value, char *err,
	     size_t errlen)
{
	char mode[32];
	const char *colon = value ? strchr(value, ':') : NULL;
	size_t n = colon ? (size_t)(colon - value) : (value ? strlen(value) : 0);
	size_t i = 0;

	if (value && n < sizeof(mode)) {
		memcpy(mode, value, n);
		mode[n] = '\0';
		for (i = 0; o->choices[i]; i++)
			if (!strcmp(o->choices[i], mode))
				break;
	}
	if (!value || n >= sizeof(mode) || !o->choices[i]) {
		char list[256];
		job_option_choices_text(o, ", ", list, sizeof(list));
		snprintf(err, errlen, _("%s: unknown value '%s' (allowed: %s, each with an optional :N)"),
			 o->name, value ? value : "", list);
		return -1;
	}
	job->rw = (enum rw_mode)o->choice_values[i];
	job->rw_seq_nr = 1;
	job->rw_seq_add = 0;
	if (!colon)
		return 0;
	const char *nr = colon + 1;
	unsigned long long v;
	if (rw_is_random(job->rw)) {
		if (parse_uint(nr, &v) || v > 1000000000ULL) {
			snprintf(err, errlen, _("%s: '%s' after the mode is not a count of I/Os"),
				 o->name, nr);
			return -1;
		}
		job->rw_seq_nr = (unsigned)v;
		return 0;
	}
	bool back = nr[0] == '-';
	if (parse_size(nr + back, &v) || v > (1ULL << 62)) {
		snprintf(err, errlen, _("%s: '%s' after the mode is not a size such as 4k or -8k"),
			 o->name, nr);
		return -1;
	}
	job->rw_seq_add = back ? -(long long)v : (long long)v;
	return 0;
}

void format_rw(const struct job_option *o, const struct job_spec *job, char *buf, size_t len)
{
	const char *name = "?";
	char a[32];
	for (size_t i = 0; o->choices[i]; i++)
		if (o->choice_values[i] == (int)job->rw) {
			name = o->choices[i];
			break;
		}
	if (rw_is_random(job->rw) && job->rw_seq_nr != 1)
		snprintf(buf, len, "%s:%u", name, job->rw_seq_nr);
	else if (!rw_is_random(job->rw) && job->rw_seq_add)
		snprintf(buf, len, "%s:%s%s", name, job->rw_seq_add < 0 ? "-" : "",
			 format_size(job->rw_seq_add < 0 ? (unsigned long long)-job->rw_seq_add
							 : (unsigned long long)job->rw_seq_add,
				     a, sizeof(a)));
	else
		snprintf(buf, len, "%s", name);
}

/* percentage_random=R[,W]: as bs=R,W, a value not followed by a comma
 * goes on to the directions after it. */
int parse_percentage_random(const struct job_option *o, struct job_spec *job, const char *value,
			    char *err, size_t errlen)
{
	char part[OPTION_DIR_PARTS][512];
	unsigned long long v[OPTION_DIR_PARTS];
	if (!value || !value[0] || option_split_dirs(value, part)) {
		snprintf(err, errlen, _("%s: '%s' is not a percentage, or one each for read,write such as 50,90"),
			 o->name, value ? value : "");
		return -1;
	}
	for (int d = 0; d < OPTION_DIR_PARTS; d++) {
		v[d] = 100;
		if (part[d][0] && (parse_uint(part[d], &v[d]) || v[d] > 100)) {
			snprintf(err, errlen, _("%s: '%s' is not a percentage from 0 to 100"),
				 o->name, part[d]);
			return -1;
		}
	}
	for (int d = 0; d < DIR_COUNT; d++)
		job->percentage_random[d] = (unsigned)v[d];
	return 0;
}

void format_percentage_random(const struct job_option *o, const struct job_spec *job, char *buf,
			      size_t len)
{
	(void)o;
	if (job->percentage_random[DIR_READ] == job->percentage_random[DIR_WRITE])
		snprintf(buf, len, "%u", job->percentage_random[DIR_READ]);
	else
		snprintf(buf, len, "%u,%u", job->percentage_random[DIR_READ],
			 job->percentage_random[DIR_WRITE]);
}
