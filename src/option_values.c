/* SPDX-License-Identifier: GPL-2.0-or-later */
/* option_values.c - the readings of fio options whose values are more than
 * their type: one option stored in another's field (buffered is !direct,
 * cpumask is a cpus_allowed list), and values blktop refuses with the
 * reason rather than running them differently. The rows are in
 * option_table.c; the plain types' parsers in options.c. */
#include "config.h"
#include "options.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util/pattern.h"

int parse_buffered(const struct job_option *o, struct job_spec *job, const char *value,
		   char *err, size_t errlen)
{
	int b;
	if (parse_bool(value, &b)) {
		snprintf(err, errlen, _("%s: '%s' is not 0 or 1"), o->name, value);
		return -1;
	}
	job->direct = !b;
	return 0;
}

void format_buffered(const struct job_option *o, const struct job_spec *job, char *buf,
		     size_t len)
{
	(void)o;
	snprintf(buf, len, "%d", job->direct ? 0 : 1);
}

/* fio's cpumask is a number whose bit n allows CPU n; blktop keeps one
 * form, the cpus_allowed list, so the policy and the report see one. */
int parse_cpumask(const struct job_option *o, struct job_spec *job, const char *value,
		  char *err, size_t errlen)
{
	unsigned long long mask;
	if (value && !value[0]) {
		/* The form's empty field: any CPU. */
		job->cpus_allowed[0] = '\0';
		return 0;
	}
	if (!value || parse_uint(value, &mask) || !mask) {
		snprintf(err, errlen, _("%s: '%s' is not a CPU mask such as 0xf (CPUs 0 to 3)"),
			 o->name, value ? value : "");
		return -1;
	}
	char list[sizeof(job->cpus_allowed)];
	size_t used = 0;
	list[0] = '\0';
	for (int c = 0; c < 64; c++)
		if (mask >> c & 1)
			used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%d",
						 used ? "," : "", c);
	snprintf(job->cpus_allowed, sizeof(job->cpus_allowed), "%s", list);
	return 0;
}

void format_cpumask(const struct job_option *o, const struct job_spec *job, char *buf,
		    size_t len)
{
	(void)o;
	/* Back to a mask when cpus_allowed is a list of single CPUs below 64
	 * (what a mask becomes); anything else is cpus_allowed's to show. */
	unsigned long long mask = 0;
	const char *p = job->cpus_allowed;
	while (*p) {
		char *end;
		unsigned long c = strtoul(p, &end, 10);
		if (end == p || c >= 64 || (*end && *end != ',')) {
			mask = 0;
			break;
		}
		mask |= 1ULL << c;
		p = *end ? end + 1 : end;
	}
	if (mask)
		snprintf(buf, len, "0x%llx", mask);
	else
		snprintf(buf, len, "%s", "");
}

/* kb_base: 1024 (k is 1024, KiB 1000: fio's compatible reading) or
 * 1000 (k is 1000, KiB 1024); the normal report's units follow it. */
int parse_kb_base(const struct job_option *o, struct job_spec *job, const char *value,
		  char *err, size_t errlen)
{
	if (value && (!strcmp(value, "1024") || !strcmp(value, "1000"))) {
		job->kb_base = atoi(value);
		return 0;
	}
	snprintf(err, errlen, _("%s: unknown value '%s' (allowed: 1000, 1024)"), o->name,
		 value ? value : "");
	return -1;
}

void format_kb_base(const struct job_option *o, const struct job_spec *job, char *buf,
		    size_t len)
{
	(void)o;
	snprintf(buf, len, "%d", job->kb_base ? job->kb_base : 1024);
}

/* unit_base: 0 (bytes, as fio's engines that are not bit-based), 8
 * (bytes) or 1 (bits: the normal report's rates in bit/s). */
int parse_unit_base(const struct job_option *o, struct job_spec *job, const char *value,
		    char *err, size_t errlen)
{
	if (value && (!strcmp(value, "0") || !strcmp(value, "1") || !strcmp(value, "8"))) {
		job->unit_base = value[0] - '0';
		return 0;
	}
	snprintf(err, errlen, _("%s: unknown value '%s' (allowed: 0, 1, 8)"), o->name,
		 value ? value : "");
	return -1;
}

void format_unit_base(const struct job_option *o, const struct job_spec *job, char *buf,
		      size_t len)
{
	(void)o;
	snprintf(buf, len, "%d", job->unit_base);
}

/* The decimal at the start of s, read the same whatever the locale (fio's
 * values are written with a point): an optional sign, then digits with at
 * most one point among them, one digit at least. Returns the number of
 * digits after the point, *out the value and *end the first byte not
 * taken; or -1 with *end = s when s starts with no such number or its
 * value is too large for a double. */
static int scan_decimal(const char *s, const char **end, double *out)
{
	const char *p = s + (*s == '-' || *s == '+');
	double mant = 0, scale = 1; /* one division at the end rounds once */
	int fraction = -1;		/* digits after the point; -1: no point yet */
	bool digits = false;

	for (;; p++) {
		if (*p == '.' && fraction < 0) {
			fraction = 0;
		} else if (*p >= '0' && *p <= '9') {
			digits = true;
			mant = mant * 10 + (*p - '0');
			if (fraction >= 0) {
				scale *= 10;
				fraction++;
			}
		} else {
			break;
		}
	}
	if (!digits || !isfinite(mant)) {
		*end = s;
		return -1;
	}
	*end = p;
	*out = (*s == '-' ? -mant : mant) / scale;
	return fraction < 0 ? 0 : fraction;
}

int parse_decimal(const char *s, double *out)
{
	const char *end;
	double v;
	if (!s || scan_decimal(s, &end, &v) < 0 || *end)
		return -1;
	*out = v;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* fio's percentile_list: up to 20 values in (0, 100] joined by ':',
 * reported in ascending order as fio sorts them. fio takes 0 too but
 * stops the list there; blktop says so instead. */
int parse_pct_list(const struct job_option *o, struct job_spec *job, const char *value,
		   char *err, size_t errlen)
{
	double v[JOB_PCT_MAX];
	unsigned n = 0, precision = 0;

	for (const char *p = value ? value : ""; *p;) {
		const char *end;
		double x = 0;
		if (n == JOB_PCT_MAX) {
			snprintf(err, errlen, _("%s: more than %d percentiles"), o->name, JOB_PCT_MAX);
			return -1;
		}
		int digits = scan_decimal(p, &end, &x);
		if (digits < 0 || (*end && *end != ':') || !(x > 0 && x <= 100)) {
			snprintf(err, errlen,
				 _("%s: '%s' is not a list of percentages above 0 such as 50:99:99.9"),
				 o->name, value);
			return -1;
		}
		v[n++] = x;
		if ((unsigned)digits > precision)
			precision = (unsigned)digits;
		p = *end ? end + 1 : end;
	}
	if (!n) {
		snprintf(err, errlen, _("%s: '%s' is not a list of percentages above 0 such as 50:99:99.9"),
			 o->name, value ? value : "");
		return -1;
	}
	qsort(v, n, sizeof(v[0]), cmp_double);
	memcpy(job->pct_list, v, n * sizeof(v[0]));
	job->npct = n;
	job->pct_precision = precision;
	return 0;
}

void format_pct_list(const struct job_option *o, const struct job_spec *job, char *buf,
		     size_t len)
{
	/* Whole numbers of 10^-precision, so the point is '.' in any locale. */
	unsigned long long scale = 1;
	size_t used = 0;
	(void)o;
	for (unsigned i = 0; i < job->pct_precision && i < 6; i++)
		scale *= 10;
	buf[0] = '\0';
	for (unsigned i = 0; i < job->npct && used < len; i++) {
		unsigned long long x = (unsigned long long)(job->pct_list[i] * (double)scale + 0.5);
		used += (size_t)snprintf(buf + used, len - used, "%s%llu", i ? ":" : "", x / scale);
		if (scale > 1 && used < len)
			used += (size_t)snprintf(buf + used, len - used, ".%0*llu",
						 (int)(job->pct_precision < 6 ? job->pct_precision : 6),
						 x % scale);
	}
}

/* fio's per-direction values: "R,W,T", where a value not followed by a
 * comma goes on to the directions after it (bs=8k,32k: writes and trims
 * 32k) and an empty one means the default (bs=,8k). */
#define DIR_PARTS OPTION_DIR_PARTS
#define split_dirs option_split_dirs
int option_split_dirs(const char *value, char part[DIR_PARTS][512])
{
	const char *p = value ? value : "";
	int n = 0;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (n == DIR_PARTS || len >= sizeof(part[0]))
			return -1;
		memcpy(part[n], p, len);
		part[n][len] = '\0';
		n++;
		if (!comma)
			break;
		p = comma + 1;
	}
	for (int d = n; d < DIR_PARTS; d++)
		memcpy(part[d], part[n - 1], sizeof(part[0]));
	return 0;
}

static int size_in_range(const struct job_option *o, unsigned kb_base, const char *text,
			 unsigned long long *v, char *err, size_t errlen)
{
	if (parse_size_kb(text, kb_base, v)) {
		snprintf(err, errlen, _("%s: '%s' is not a size such as 4k, 64k, 1m"), o->name, text);
		return -1;
	}
	if (*v < o->min || *v > o->max) {
		snprintf(err, errlen, _("%s: %s is out of range (%llu to %llu)"), o->name, text,
			 o->min, o->max);
		return -1;
	}
	return 0;
}

int parse_bs(const struct job_option *o, struct job_spec *job, const char *value, char *err,
	     size_t errlen)
{
	char part[DIR_PARTS][512];
	unsigned long long v[DIR_PARTS];
	if (!value || !value[0] || split_dirs(value, part)) {
		snprintf(err, errlen, _("%s: '%s' is not a size, or sizes for read,write,trim such as 4k,64k"),
			 o->name, value ? value : "");
		return -1;
	}
	for (int d = 0; d < DIR_PARTS; d++) {
		v[d] = 4096; /* fio's default for a direction left empty */
		if (part[d][0] && size_in_range(o, job->kb_base, part[d], &v[d], err, errlen))
			return -1;
	}
	if (v[DIR_TRIM] != v[DIR_WRITE]) {
		snprintf(err, errlen, _("%s: '%s': a trim size other than the write size is not supported"),
			 o->name, value);
		return -1;
	}
	job->bs = v[DIR_READ];
	job->bs_write = v[DIR_WRITE] == v[DIR_READ] ? 0 : v[DIR_WRITE];
	return 0;
}

void format_bs(const struct job_option *o, const struct job_spec *job, char *buf, size_t len)
{
	char a[32], b[32];
	(void)o;
	if (job->bs_write && job->bs_write != job->bs)
		snprintf(buf, len, "%s,%s", format_size(job->bs, a, sizeof(a)),
			 format_size(job->bs_write, b, sizeof(b)));
	else
		snprintf(buf, len, "%s", format_size(job->bs, a, sizeof(a)));
}

int parse_bsrange(const struct job_option *o, struct job_spec *job, const char *value,
		  char *err, size_t errlen)
{
	char part[DIR_PARTS][512];
	unsigned long long r[DIR_PARTS][2] = { { 0, 0 } };
	if (split_dirs(value, part)) {
		snprintf(err, errlen, _("%s: '%s' is not ranges for read,write,trim such as 4k-64k"),
			 o->name, value ? value : "");
		return -1;
	}
	for (int d = 0; d < DIR_PARTS; d++) {
		if (!part[d][0])
			continue;
		char *sep = strpbrk(part[d], "-:");
		if (!sep) {
			snprintf(err, errlen, _("%s: '%s' is not a range such as 4k-64k"), o->name,
				 part[d]);
			return -1;
		}
		*sep = '\0';
		if (size_in_range(o, job->kb_base, part[d], &r[d][0], err, errlen) ||
		    size_in_range(o, job->kb_base, sep + 1, &r[d][1], err, errlen))
			return -1;
		if (r[d][0] > r[d][1]) {
			snprintf(err, errlen, _("%s: %s-%s: the smaller size goes first"), o->name,
				 part[d], sep + 1);
			return -1;
		}
	}
	for (int d = 0; d < DIR_COUNT; d++) {
		job->bsrange[d][0] = r[d][0];
		job->bsrange[d][1] = r[d][1];
	}
	return 0;
}

void format_bsrange(const struct job_option *o, const struct job_spec *job, char *buf,
		    size_t len)
{
	char t[DIR_COUNT][80], a[32], b[32];
	(void)o;
	for (int d = 0; d < DIR_COUNT; d++) {
		t[d][0] = '\0';
		if (job->bsrange[d][0])
			snprintf(t[d], sizeof(t[d]), "%s-%s",
				 format_size(job->bsrange[d][0], a, sizeof(a)),
				 format_size(job->bsrange[d][1], b, sizeof(b)));
	}
	if (!strcmp(t[0], t[1]))
		snprintf(buf, len, "%s", t[0]);
	else
		snprintf(buf, len, "%s,%s%s", t[0], t[1], t[1][0] ? "" : ",");
}

/* One direction's "4k/10:64k/50:32k/": shares left blank (or 0) share
 * what the others leave, as fio fills them in. */
static int parse_split_dir(const struct job_option *o, unsigned kb_base, char *text,
			   struct job_bssplit *out, unsigned *n_out, char *err, size_t errlen)
{
	unsigned n = 0, missing = 0, sum = 0;
	for (char *save = NULL, *tok = strtok_r(text, ":", &save); tok;
	     tok = strtok_r(NULL, ":", &save)) {
		if (n == JOB_BSSPLIT_MAX) {
			snprintf(err, errlen, _("%s: more than %d sizes in one direction"), o->name,
				 JOB_BSSPLIT_MAX);
			return -1;
		}
		char *slash = strchr(tok, '/');
		unsigned long long pct = 0, bs;
		if (slash) {
			*slash = '\0';
			if (slash[1] && (parse_uint(slash + 1, &pct) || pct > 100)) {
				snprintf(err, errlen, _("%s: '%s' is not a percentage from 0 to 100"),
					 o->name, slash + 1);
				return -1;
			}
		}
		if (size_in_range(o, kb_base, tok, &bs, err, errlen))
			return -1;
		out[n].bs = (unsigned)bs;
		out[n].pct = (unsigned)pct;
		missing += pct == 0;
		sum += (unsigned)pct;
		n++;
	}
	if (sum > 100) {
		snprintf(err, errlen, _("%s: the percentages add up to %u, more than 100"), o->name,
			 sum);
		return -1;
	}
	for (unsigned i = 0; i < n && missing; i++)
		if (!out[i].pct)
			out[i].pct = (100 - sum) / missing;
	*n_out = n;
	return 0;
}

int parse_bssplit(const struct job_option *o, struct job_spec *job, const char *value,
		  char *err, size_t errlen)
{
	char part[DIR_PARTS][512];
	struct job_bssplit s[DIR_PARTS][JOB_BSSPLIT_MAX];
	unsigned n[DIR_PARTS] = { 0 };
	if (split_dirs(value, part)) {
		snprintf(err, errlen, _("%s: '%s' is not sizes and shares such as 4k/10:64k/90"),
			 o->name, value ? value : "");
		return -1;
	}
	for (int d = 0; d < DIR_PARTS; d++)
		if (part[d][0] && parse_split_dir(o, job->kb_base, part[d], s[d], &n[d], err, errlen))
			return -1;
	for (int d = 0; d < DIR_COUNT; d++) {
		job->bssplit_n[d] = n[d];
		memset(job->bssplit[d], 0, sizeof(job->bssplit[d]));
		memcpy(job->bssplit[d], s[d], n[d] * sizeof(s[d][0]));
	}
	return 0;
}

static void format_split_dir(const struct job_spec *job, int d, char *buf, size_t len)
{
	size_t used = 0;
	char a[32];
	buf[0] = '\0';
	for (unsigned i = 0; i < job->bssplit_n[d] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s/%u", i ? ":" : "",
					 format_size(job->bssplit[d][i].bs, a, sizeof(a)),
					 job->bssplit[d][i].pct);
}

void format_bssplit(const struct job_option *o, const struct job_spec *job, char *buf,
		    size_t len)
{
	char t[DIR_COUNT][JOB_BSSPLIT_MAX * 24];
	(void)o;
	for (int d = 0; d < DIR_COUNT; d++)
		format_split_dir(job, d, t[d], sizeof(t[d]));
	if (!strcmp(t[0], t[1]))
		snprintf(buf, len, "%s", t[0]);
	else
		snprintf(buf, len, "%s,%s%s", t[0], t[1], t[1][0] ? "" : ",");
}

int parse_blockalign(const struct job_option *o, struct job_spec *job, const char *value,
		     char *err, size_t errlen)
{
	char part[DIR_PARTS][512];
	unsigned long long v[DIR_PARTS] = { 0 };
	if (!value || !value[0] || split_dirs(value, part)) {
		snprintf(err, errlen, _("%s: '%s' is not a size, or sizes for read,write,trim such as 4k,64k"),
			 o->name, value ? value : "");
		return -1;
	}
	for (int d = 0; d < DIR_PARTS; d++)
		if (part[d][0] && size_in_range(o, job->kb_base, part[d], &v[d], err, errlen))
			return -1;
	for (int d = 0; d < DIR_COUNT; d++)
		job->blockalign[d] = v[d];
	return 0;
}

void format_blockalign(const struct job_option *o, const struct job_spec *job, char *buf,
		       size_t len)
{
	char a[32], b[32];
	(void)o;
	if (job->blockalign[0] == job->blockalign[1])
		snprintf(buf, len, "%s", format_size(job->blockalign[0], a, sizeof(a)));
	else
		snprintf(buf, len, "%s,%s", format_size(job->blockalign[0], a, sizeof(a)),
			 format_size(job->blockalign[1], b, sizeof(b)));
}

/* buffer_pattern: fio's pattern syntax (util/pattern.c, as verify_pattern
 * reads it), checked as it is given so a bad one is a usage error. */
int parse_buffer_pattern(const struct job_option *o, struct job_spec *job, const char *value,
			 char *err, size_t errlen)
{
	unsigned char pat[PATTERN_MAX];
	const char *v = value ? value : "";
	int n = *v ? pattern_parse(v, pat, sizeof(pat)) : 0;
	if (n == -2) {
		snprintf(err, errlen, _("%s: '%s': fio's %%o is not supported here"), o->name, v);
		return -1;
	}
	if (n < 0 || strlen(v) >= sizeof(job->buffer_pattern)) {
		snprintf(err, errlen,
			 _("%s: '%s' is not a pattern (\"text\", 0x hex bytes, decimal numbers, at most %d bytes)"),
			 o->name, v, PATTERN_MAX);
		return -1;
	}
	snprintf(job->buffer_pattern, sizeof(job->buffer_pattern), "%s", v);
	return 0;
}

void format_buffer_pattern(const struct job_option *o, const struct job_spec *job, char *buf,
			   size_t len)
{
	(void)o;
	snprintf(buf, len, "%s", job->buffer_pattern);
}
