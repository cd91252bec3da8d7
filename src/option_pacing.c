/* SPDX-License-Identifier: GPL-2.0-or-later */
/* option_pacing.c - the values of fio's pacing options that neither a
 * plain type nor option_values.c reads: think times in microseconds (fio's
 * unit for thinktime, unlike its other times) and rates per direction
 * (rate=R,W as fio takes them, rate=,W for writes alone). Apart from
 * option_values.c so that file stays one person's size. */
#include "config.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"

/* A time in microseconds; a bare number is in the row's unit ("us" for
 * thinktime and thinktime_spin, "s" for thinktime_iotime, as in fio). */
static int usec_of(const char *s, int bare_is_seconds, unsigned long long *out)
{
	char *end;
	if (!s || s[0] < '0' || s[0] > '9')
		return -1;
	unsigned long long v = strtoull(s, &end, 10), mul;
	if (!*end)
		mul = bare_is_seconds ? 1000000ULL : 1;
	else if (!strcasecmp(end, "us") || !strcasecmp(end, "usec"))
		mul = 1;
	else if (!strcasecmp(end, "ms") || !strcasecmp(end, "msec"))
		mul = 1000;
	else if (!strcasecmp(end, "s") || !strcasecmp(end, "sec"))
		mul = 1000000ULL;
	else if (!strcasecmp(end, "m") || !strcasecmp(end, "min"))
		mul = 60000000ULL;
	else if (!strcasecmp(end, "h"))
		mul = 3600000000ULL;
	else
		return -1;
	if (v && mul > ~0ULL / v)
		return -1;
	*out = v * mul;
	return 0;
}

int parse_usec(const struct job_option *o, struct job_spec *job, const char *value,
	       char *err, size_t errlen)
{
	unsigned long long v;
	int secs = o->unit && !strcmp(o->unit, "s");
	if (usec_of(value, secs, &v)) {
		snprintf(err, errlen, _("%s: '%s' is not a time such as 100 (%s), 500us, 20ms, 1s"),
			 o->name, value ? value : "", o->unit ? o->unit : "us");
		return -1;
	}
	if (v < o->min || v > o->max) {
		snprintf(err, errlen, _("%s: %s is out of range (%llu to %llu us)"), o->name, value,
			 o->min, o->max);
		return -1;
	}
	*(unsigned long long *)((char *)job + o->offset) = v;
	return 0;
}

void format_usec(const struct job_option *o, const struct job_spec *job, char *buf, size_t len)
{
	unsigned long long us = *(const unsigned long long *)((const char *)job + o->offset);
	if (us && us % 1000000 == 0)
		snprintf(buf, len, "%llus", us / 1000000);
	else if (us && us % 1000 == 0)
		snprintf(buf, len, "%llums", us / 1000);
	else
		snprintf(buf, len, "%lluus", us);
}

/* rate, rate_min (OPT_SIZE rows: bytes per second with fio's suffixes)
 * and rate_iops, rate_iops_min (OPT_INT rows): R,W,T, an empty part 0
 * (no limit in that direction); trims are fio's third part, taken and
 * dropped as blktop issues none. */
int parse_dir_rate(const struct job_option *o, struct job_spec *job, const char *value,
		   char *err, size_t errlen)
{
	char part[OPTION_DIR_PARTS][512];
	unsigned long long v[OPTION_DIR_PARTS] = { 0, 0, 0 };
	if (!value || !value[0] || option_split_dirs(value, part)) {
		snprintf(err, errlen, _("%s: '%s' is not a rate, or rates for read,write such as 1m,2m"),
			 o->name, value ? value : "");
		return -1;
	}
	for (int d = 0; d < OPTION_DIR_PARTS; d++) {
		if (!part[d][0])
			continue;
		int bad = o->type == OPT_SIZE ? parse_size(part[d], &v[d]) : parse_uint(part[d], &v[d]);
		if (bad) {
			snprintf(err, errlen, o->type == OPT_SIZE
					 ? _("%s: '%s' is not a rate in bytes per second such as 400k, 10m")
					 : _("%s: '%s' is not a whole number of I/Os per second"),
				 o->name, part[d]);
			return -1;
		}
		if (v[d] > o->max) {
			snprintf(err, errlen, _("%s: %s is out of range (%llu to %llu)"), o->name,
				 part[d], o->min, o->max);
			return -1;
		}
	}
	unsigned long long *field = (unsigned long long *)((char *)job + o->offset);
	field[DIR_READ] = v[0];
	field[DIR_WRITE] = v[1];
	return 0;
}

void format_dir_rate(const struct job_option *o, const struct job_spec *job, char *buf,
		     size_t len)
{
	const unsigned long long *f =
		(const unsigned long long *)((const char *)job + o->offset);
	char a[32] = "", b[32] = "";
	if (o->type == OPT_SIZE) {
		if (f[DIR_READ])
			format_size(f[DIR_READ], a, sizeof(a));
		if (f[DIR_WRITE])
			format_size(f[DIR_WRITE], b, sizeof(b));
	} else {
		if (f[DIR_READ])
			snprintf(a, sizeof(a), "%llu", f[DIR_READ]);
		if (f[DIR_WRITE])
			snprintf(b, sizeof(b), "%llu", f[DIR_WRITE]);
	}
	if (f[DIR_READ] == f[DIR_WRITE])
		snprintf(buf, len, "%s", f[DIR_READ] ? a : "0");
	else
		snprintf(buf, len, "%s,%s", a, b);
}

/* latency_percentile: a decimal from 0 to 100 with a point whatever the
 * locale, as fio reads its floats. */
int parse_lat_pct(const struct job_option *o, struct job_spec *job, const char *value,
		  char *err, size_t errlen)
{
	double v;
	if (parse_decimal(value, &v) || v < 0 || v > 100.0) {
		snprintf(err, errlen, _("%s: '%s' is not a percentage from 0 to 100"), o->name,
			 value ? value : "");
		return -1;
	}
	/* The one row that takes a percentage: its field directly. */
	job->latency_percentile = v;
	return 0;
}

void format_lat_pct(const struct job_option *o, const struct job_spec *job, char *buf, size_t len)
{
	(void)o;
	snprintf(buf, len, "%g", job->latency_percentile);
}
