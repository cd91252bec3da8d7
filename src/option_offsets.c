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
	if (parse_size_kb(nr + back, job->kb_base, &v) || v > (1ULL << 62)) {
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
	for (int d = 0; d < DIR_ALL; d++)
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

/* zoned:A/S:A/S... (S in percent of the area) or zoned_abs:A/S... (S in
 * bytes): fio's rules, an entry without /S (or zoned's /0) takes an even
 * part of what the sizes leave, the shares must make 100. */
static int parse_zones(const struct job_option *o, struct job_spec *job, const char *value,
		       const char *list, bool abs, char *err, size_t errlen)
{
	char buf[1024];
	unsigned n = 0, pct = 0, sz_pct = 0, sz_missing = 0;
	bool missing[JOB_ZONES_MAX];

	if (strchr(list, ',')) {
		snprintf(err, errlen, _("%s: '%s': one list for reads and writes (fio 3 refuses lists per direction)"),
			 o->name, value);
		return -1;
	}
	size_t len = strlen(list);
	if (len >= sizeof(buf))
		goto bad;
	memcpy(buf, list, len + 1);
	for (char *p = buf, *e; p && *p; p = e) {
		e = strchr(p, ':');
		if (e)
			*e++ = '\0';
		if (!*p)
			break; /* fio stops at an empty entry */
		if (n == JOB_ZONES_MAX) {
			snprintf(err, errlen, _("%s: '%s': more than %d zones"), o->name, value,
				 JOB_ZONES_MAX);
			return -1;
		}
		char *slash = strchr(p, '/');
		if (slash)
			*slash++ = '\0';
		unsigned long long a, sz = 0;
		if (parse_uint(p, &a) || a > 100)
			goto bad;
		missing[n] = !abs && (!slash || !*slash);
		if (slash && *slash && (abs ? parse_size_kb(slash, job->kb_base, &sz) : parse_uint(slash, &sz)))
			goto bad;
		if (!abs && sz > 100)
			sz = 100; /* fio's cap */
		if (!abs && !sz)
			missing[n] = true;
		job->zones[n].pct = (unsigned)a;
		job->zones[n].size = sz;
		pct += (unsigned)a;
		if (missing[n])
			sz_missing++;
		else
			sz_pct += (unsigned)sz;
		n++;
	}
	if (pct != 100) {
		snprintf(err, errlen, _("%s: '%s': the zones' shares of the I/Os add up to %u%%, not 100%%"),
			 o->name, value, pct);
		return -1;
	}
	if (!abs && sz_pct > 100) {
		snprintf(err, errlen, _("%s: '%s': the zones' sizes add up to %u%% of the area, more than all of it"),
			 o->name, value, sz_pct);
		return -1;
	}
	if (sz_missing == 1 && n == 1)
		sz_pct = 100; /* fio's rule: a lone zone without a size has none */
	for (unsigned i = 0; i < n; i++)
		if (missing[i])
			job->zones[i].size = (100 - sz_pct) / sz_missing;
	job->nzones = n;
	return 0;
bad:
	snprintf(err, errlen, _("%s: '%s' is not a zone list such as %s"), o->name, value,
		 abs ? "zoned_abs:60/1g:40/3g" : "zoned:60/10:40/90");
	return -1;
}

/* A distribution's value and center after NAME: (fio's defaults: zipf
 * 1.1, pareto 0.2, normal 0; no center, -1), checked as fio checks them. */
static int dist_value(const struct job_option *o, const char *value, const char *name,
		      const char *colon, int dist, double *vp, double *centerp, char *err,
		      size_t errlen)
{
	double v = dist == DIST_ZIPF ? 1.1 : dist == DIST_PARETO ? 0.2 : 0, center = -1;
	if (colon && dist != DIST_RANDOM) {
		char num[64];
		const char *c2 = strchr(colon + 1, ':');
		size_t len = c2 ? (size_t)(c2 - colon - 1) : strlen(colon + 1);
		if (len >= sizeof(num))
			len = sizeof(num) - 1;
		memcpy(num, colon + 1, len);
		num[len] = '\0';
		if (parse_decimal(num, &v) || (c2 && parse_decimal(c2 + 1, &center))) {
			snprintf(err, errlen, _("%s: '%s': not a number after '%s:'"), o->name, value,
				 name);
			return -1;
		}
		if (c2 && (center < 0 || center > 1)) {
			snprintf(err, errlen, _("%s: '%s': the center must be from 0 to 1"), o->name,
				 value);
			return -1;
		}
	} else if (colon) {
		snprintf(err, errlen, _("%s: '%s': random takes no value"), o->name, value);
		return -1;
	}
	if (dist == DIST_ZIPF && v == 1.0) {
		snprintf(err, errlen, _("%s: '%s': zipf's theta must not be 1"), o->name, value);
		return -1;
	}
	if (dist == DIST_PARETO && (v <= 0 || v >= 1)) {
		snprintf(err, errlen, _("%s: '%s': pareto's h must be above 0 and below 1"), o->name,
			 value);
		return -1;
	}
	if (dist == DIST_NORMAL && (v < 0 || v >= 100)) {
		snprintf(err, errlen, _("%s: '%s': normal's deviation must be from 0 to below 100 (%% of the area)"),
			 o->name, value);
		return -1;
	}
	*vp = v;
	*centerp = center;
	return 0;
}

/* random_distribution=NAME[:VALUE[:CENTER]], or zoned:LIST, zoned_abs:LIST,
 * with fio's defaults (zipf 1.1, pareto 0.2, normal 0) and limits. */
int parse_random_distribution(const struct job_option *o, struct job_spec *job,
			      const char *value, char *err, size_t errlen)
{
	static const char *const names[] = { "random", "zipf", "pareto", "normal", "gauss",
					     "zoned", "zoned_abs", NULL };
	static const int dists[] = { DIST_RANDOM, DIST_ZIPF, DIST_PARETO, DIST_NORMAL,
				     DIST_NORMAL, DIST_ZONED, DIST_ZONED_ABS };
	const char *colon = value ? strchr(value, ':') : NULL;
	size_t n = colon ? (size_t)(colon - value) : (value ? strlen(value) : 0);
	size_t i;

	for (i = 0; value && names[i]; i++)
		if (strlen(names[i]) == n && !strncmp(names[i], value, n))
			break;
	if (!value || !names[i]) {
		snprintf(err, errlen, _("%s: unknown value '%s' (allowed: random, zipf, pareto, normal, zoned, zoned_abs)"),
			 o->name, value ? value : "");
		return -1;
	}
	int dist = dists[i];
	if (dist == DIST_ZONED || dist == DIST_ZONED_ABS) {
		if (!colon) {
			snprintf(err, errlen, _("%s: '%s' needs its zones, such as %s:60/10:40/90"),
				 o->name, value, names[i]);
			return -1;
		}
		if (parse_zones(o, job, value, colon + 1, dist == DIST_ZONED_ABS, err, errlen))
			return -1;
		job->random_distribution = dist;
		job->dist_center = -1;
		return 0;
	}
	double v, center;
	if (dist_value(o, value, names[i], colon, dist, &v, &center, err, errlen))
		return -1;
	job->random_distribution = dist;
	job->dist_param = v;
	job->dist_center = center;
	job->nzones = 0;
	return 0;
}

/* v with a point whatever the locale, to six places, no trailing zeros. */
static void format_decimal(double v, char *buf, size_t len)
{
	bool neg = v < 0;
	unsigned long long u = (unsigned long long)((neg ? -v : v) * 1e6 + 0.5);
	int n = snprintf(buf, len, "%s%llu.%06llu", neg ? "-" : "", u / 1000000, u % 1000000);
	while (n > 0 && (size_t)n < len && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && (size_t)n < len && buf[n - 1] == '.')
		buf[--n] = '\0';
}

void format_random_distribution(const struct job_option *o, const struct job_spec *job,
				char *buf, size_t len)
{
	static const char *const names[] = { "random", "zipf", "pareto", "normal", "zoned",
					     "zoned_abs" };
	int d = job->random_distribution;
	size_t used = (size_t)snprintf(buf, len, "%s", names[d]);
	(void)o;
	if (d == DIST_ZONED || d == DIST_ZONED_ABS) {
		char a[32];
		for (unsigned i = 0; i < job->nzones && used < len; i++) {
			if (d == DIST_ZONED_ABS)
				format_size(job->zones[i].size, a, sizeof(a));
			else
				snprintf(a, sizeof(a), "%llu", job->zones[i].size);
			used += (size_t)snprintf(buf + used, len - used, ":%u/%s", job->zones[i].pct, a);
		}
	} else if (d != DIST_RANDOM) {
		char v[40], c[40];
		format_decimal(job->dist_param, v, sizeof(v));
		format_decimal(job->dist_center, c, sizeof(c));
		snprintf(buf + used, len - used, ":%s%s%s", v, job->dist_center >= 0 ? ":" : "",
			 job->dist_center >= 0 ? c : "");
	}
}

/* zonemode: fio's none and strided; fio's zbd follows a zoned device's
 * write pointers, which blktop does not drive, so it is refused by name. */
int parse_zonemode(const struct job_option *o, struct job_spec *job, const char *value,
		   char *err, size_t errlen)
{
	if (value && !strcmp(value, "zbd")) {
		snprintf(err, errlen,
			 _("%s=zbd: not supported (it needs a zoned block device; blktop runs zonemode=strided)"),
			 o->name);
		return -1;
	}
	for (size_t i = 0; value && o->choices[i]; i++)
		if (!strcmp(o->choices[i], value)) {
			job->zonemode = o->choice_values[i];
			return 0;
		}
	char list[256];
	job_option_choices_text(o, ", ", list, sizeof(list));
	snprintf(err, errlen, _("%s: unknown value '%s' (allowed: %s)"), o->name,
		 value ? value : "", list);
	return -1;
}

int parse_file_service(const struct job_option *o, struct job_spec *job, const char *value,
		       char *err, size_t errlen)
{
	static const char *const names[] = { "roundrobin", "sequential", "random", "zipf",
					     "pareto", "normal", "gauss", NULL };
	static const int kinds[] = { FSV_ROUNDROBIN, FSV_SEQUENTIAL, FSV_RANDOM, FSV_ZIPF,
				     FSV_PARETO, FSV_NORMAL, FSV_NORMAL };
	static const int dists[] = { 0, 0, 0, DIST_ZIPF, DIST_PARETO, DIST_NORMAL, DIST_NORMAL };
	const char *colon = value ? strchr(value, ':') : NULL;
	size_t n = colon ? (size_t)(colon - value) : (value ? strlen(value) : 0);
	unsigned long long nr = 1;
	double v = 0, center = -1;
	size_t i;

	for (i = 0; value && names[i]; i++)
		if (strlen(names[i]) == n && !strncmp(names[i], value, n))
			break;
	if (!value || !names[i] || strlen(value) >= sizeof(job->file_service_type)) {
		snprintf(err, errlen,
			 _("%s: unknown value '%s' (allowed: roundrobin, sequential, random, zipf, pareto, normal, gauss, each with an optional :N)"),
			 o->name, value ? value : "");
		return -1;
	}
	if (kinds[i] <= FSV_RANDOM) {
		/* fio's I/Os per turn (sequential takes it and ignores it). */
		if (colon && (parse_uint(colon + 1, &nr) || nr > UINT32_MAX)) {
			snprintf(err, errlen, _("%s: '%s': not a count after '%s:'"), o->name, value,
				 names[i]);
			return -1;
		}
	} else if (dist_value(o, value, names[i], colon, dists[i], &v, &center, err, errlen)) {
		return -1;
	}
	snprintf(job->file_service_type, sizeof(job->file_service_type), "%s", value);
	job->file_service = kinds[i];
	job->file_service_nr = (unsigned)nr;
	job->file_service_param = v;
	job->file_service_center = center;
	return 0;
}
