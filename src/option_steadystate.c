/* SPDX-License-Identifier: GPL-2.0-or-later */
/* option_steadystate.c - the value of fio's steadystate (ss): a criterion
 * and its limit in one word, "iops:10%" or "bw_slope:1m". The limit is a
 * share of the window's mean with '%', else I/Os per second (iops) or
 * bytes per second with fio's size suffixes (bw). Apart from the other
 * parsers so that the steady-state options stay together. */
#include "config.h"
#include "options.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"

static const char *const criterion_names[] = { "iops", "iops_slope", "bw", "bw_slope" };
#define CRITERIA ((int)(sizeof(criterion_names) / sizeof(criterion_names[0])))

/* The text between b and e without the blanks around it, into out. */
static int trimmed(const char *b, const char *e, char *out, size_t len)
{
	while (b < e && isspace((unsigned char)*b))
		b++;
	while (e > b && isspace((unsigned char)e[-1]))
		e--;
	if ((size_t)(e - b) >= len || e == b)
		return -1;
	memcpy(out, b, (size_t)(e - b));
	out[e - b] = '\0';
	return 0;
}

static int bad_value(const struct job_option *o, const char *value, char *err, size_t errlen)
{
	snprintf(err, errlen,
		 _("%s: '%s' is not a criterion and limit such as iops:10%%, iops_slope:0.1%%, bw:10m or bw_slope:1%%"),
		 o->name, value ? value : "");
	return -1;
}

int parse_steadystate(const struct job_option *o, struct job_spec *job, const char *value,
		      char *err, size_t errlen)
{
	char name[16], limit[64];
	const char *colon = value ? strchr(value, ':') : NULL;
	int crit = -1;

	if (!colon || trimmed(value, colon, name, sizeof(name)))
		return bad_value(o, value, err, errlen);
	for (int i = 0; i < CRITERIA; i++)
		if (!strcmp(name, criterion_names[i]))
			crit = i;
	const char *end = colon + strlen(colon);
	const char *pct = strchr(colon + 1, '%');
	if (crit < 0 || trimmed(colon + 1, pct ? pct : end, limit, sizeof(limit)))
		return bad_value(o, value, err, errlen);
	if (pct && trimmed(pct + 1, end, name, sizeof(name)) == 0)
		return bad_value(o, value, err, errlen); /* something after the '%' */
	double v;
	unsigned long long bytes;
	if (pct || crit == SS_IOPS || crit == SS_IOPS_SLOPE) {
		if (parse_decimal(limit, &v))
			return bad_value(o, value, err, errlen);
	} else {
		/* A bandwidth in bytes per second, k and m as kb_base says. */
		if (parse_size_kb(limit, (unsigned)job->kb_base, &bytes))
			return bad_value(o, value, err, errlen);
		v = (double)bytes;
	}
	job->ss_criterion = crit;
	job->ss_pct = pct != NULL;
	job->ss_limit = v;
	return 0;
}

void format_steadystate(const struct job_option *o, const struct job_spec *job, char *buf,
			size_t len)
{
	(void)o;
	int crit = job->ss_criterion >= 0 && job->ss_criterion < CRITERIA ? job->ss_criterion : 0;
	char limit[64];
	/* Text the parser takes back: bytes whole, other limits without an
	 * exponent or trailing zeros. */
	if (!job->ss_pct && (crit == SS_BW || crit == SS_BW_SLOPE)) {
		snprintf(limit, sizeof(limit), "%.0f", job->ss_limit);
	} else {
		snprintf(limit, sizeof(limit), "%.6f", job->ss_limit);
		char *end = limit + strlen(limit);
		while (end > limit && end[-1] == '0')
			*--end = '\0';
		if (end > limit && end[-1] == '.')
			end[-1] = '\0';
	}
	snprintf(buf, len, "%s:%s%s", criterion_names[crit], limit, job->ss_pct ? "%" : "");
}
