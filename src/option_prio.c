/* SPDX-License-Identifier: GPL-2.0-or-later */
/* option_prio.c - fio's prio and prioclass: a number in range, kept one
 * more than given so that 0 says "not given", since fio sets a job's I/O
 * priority (and its logs' priority column) only when either is given:
 * prio=0 alone is best effort level 0 (0x4000), not the 0 of a job
 * without them (job.h's job_ioprio reads them back). */
#include "config.h"
#include "options.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"

static unsigned long long *ioprio_field(const struct job_option *o, struct job_spec *job)
{
	return !strcmp(o->name, "prio") ? &job->prio : &job->prioclass;
}

int parse_ioprio(const struct job_option *o, struct job_spec *job, const char *value,
		 char *err, size_t errlen)
{
	unsigned long long v;
	if (value && !value[0]) {
		*ioprio_field(o, job) = 0;
		return 0;
	}
	if (!value || parse_uint(value, &v) || v > o->max) {
		snprintf(err, errlen, _("%s: '%s' is not a number from 0 to %llu"), o->name,
			 value ? value : "", o->max);
		return -1;
	}
	*ioprio_field(o, job) = v + 1;
	return 0;
}

void format_ioprio(const struct job_option *o, const struct job_spec *job, char *buf, size_t len)
{
	unsigned long long v = *ioprio_field(o, (struct job_spec *)job);
	if (v)
		snprintf(buf, len, "%llu", v - 1);
	else if (len)
		buf[0] = '\0';
}
