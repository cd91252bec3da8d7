/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options.c - the parsers of the job options: values as the user types
 * them into a job (the rows themselves are in option_table.c). */
#include "config.h"
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "util/arith.h"


const struct job_option *job_option_find(const char *name)
{
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];
		if (!strcmp(o->name, name) || (o->alias && !strcmp(o->alias, name)))
			return o;
	}
	return NULL;
}

int parse_uint(const char *s, unsigned long long *out)
{
	/* fio computes a value in parentheses, in every number option. */
	if (s && s[0] == '(')
		return arith_eval(s, ARITH_BYTES, out);
	if (!s || !*s || *s == '-' || isspace((unsigned char)*s))
		return -1;
	char *end;
	errno = 0;
	/* Decimal as fio reads it (iodepth=010 is ten), hex only with 0x. */
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	unsigned long long v = strtoull(s, &end, hex ? 16 : 10);
	if (errno || *end || end == s)
		return -1;
	*out = v;
	return 0;
}

/* Multiplies with overflow check. */
static int mul_ok(unsigned long long a, unsigned long long b, unsigned long long *out)
{
	return __builtin_mul_overflow(a, b, out) ? -1 : 0;
}

/* The unsigned decimal number a size or time starts with; *end is left
 * at its unit. strtoull alone would take "-1" and " 1". */
static int leading_number(const char *s, unsigned long long *v, char **end)
{
	if (!s || !*s || *s == '-' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	*v = strtoull(s, end, 10);
	return errno || *end == s ? -1 : 0;
}

/* fio's units: k, kb (any case) are kb_base, kib is the other base (with
 * kb_base=1024, 8KiB is 8000; with 1000, it is 8192), as fio 3.33 reads
 * them. */
int parse_size_kb(const char *s, unsigned kb_base, unsigned long long *out)
{
	char *end;
	unsigned long long v;
	bool si = kb_base == 1000;
	if (s && s[0] == '(')
		return arith_eval(s, si ? ARITH_BYTES_SI : ARITH_BYTES, out);
	if (leading_number(s, &v, &end))
		return -1;
	int pow;
	switch (tolower((unsigned char)*end)) {
	case '\0': pow = 0; break;
	case 'b': pow = 0; end++; goto tail_done;
	case 'k': pow = 1; break;
	case 'm': pow = 2; break;
	case 'g': pow = 3; break;
	case 't': pow = 4; break;
	case 'p': pow = 5; break;
	default: return -1;
	}
	unsigned long long base = si ? 1000 : 1024;
	if (*end) {
		end++;
		if (*end == 'i' || *end == 'I') {
			base = si ? 1024 : 1000;
			end++;
		}
		if (*end == 'b' || *end == 'B')
			end++;
	}
tail_done:
	if (*end)
		return -1;
	unsigned long long mult = 1;
	while (pow-- > 0)
		mult *= base;
	return mul_ok(v, mult, out);
}

int parse_size(const char *s, unsigned long long *out)
{
	return parse_size_kb(s, 1024, out);
}

int parse_time_ms(const char *s, unsigned long long *out)
{
	char *end;
	unsigned long long v;
	if (s && s[0] == '(') {
		if (arith_eval(s, ARITH_TIME, &v))
			return -1;
		/* Microseconds, rounded up as "500us" is below. */
		*out = v / 1000 + (v % 1000 != 0);
		return 0;
	}
	if (leading_number(s, &v, &end))
		return -1;
	/* fio's time options take seconds unless a unit says otherwise. */
	if (!*end || !strcasecmp(end, "s") || !strcasecmp(end, "sec"))
		return mul_ok(v, 1000, out);
	if (!strcasecmp(end, "ms") || !strcasecmp(end, "msec")) {
		*out = v;
		return 0;
	}
	if (!strcasecmp(end, "us") || !strcasecmp(end, "usec")) {
		/* Rounded up to whole milliseconds: 500us must not become 0,
		 * which means "no limit". */
		*out = v / 1000 + (v % 1000 != 0);
		return 0;
	}
	if (!strcasecmp(end, "m") || !strcasecmp(end, "min"))
		return mul_ok(v, 60000, out);
	if (!strcasecmp(end, "h"))
		return mul_ok(v, 3600000, out);
	if (!strcasecmp(end, "d"))
		return mul_ok(v, 86400000ULL, out);
	return -1;
}

int parse_bool(const char *s, int *out)
{
	if (!s || !strcmp(s, "1") || !strcasecmp(s, "true") || !strcasecmp(s, "yes") ||
	    !strcasecmp(s, "on")) {
		*out = 1;
		return 0;
	}
	if (!strcmp(s, "0") || !strcasecmp(s, "false") || !strcasecmp(s, "no") ||
	    !strcasecmp(s, "off")) {
		*out = 0;
		return 0;
	}
	return -1;
}

const char *format_size(unsigned long long bytes, char *buf, size_t len)
{
	static const char units[] = "kmgtp";
	unsigned i = 0;
	unsigned long long v = bytes;
	while (v >= 1024 && v % 1024 == 0 && i < sizeof(units) - 1) {
		v /= 1024;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%llu", v);
	else
		snprintf(buf, len, "%llu%c", v, units[i - 1]);
	return buf;
}

void job_option_choices_text(const struct job_option *o, const char *sep, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; o->choices[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? sep : "",
					 o->choices[i]);
}

static int job_option_apply(struct job_spec *job, const char *name, const char *value,
			    char *err, size_t errlen);

/* Keeps name=value as written, replacing an earlier value the job itself
 * gave (one from [global] stays listed there, as fio lists it). Options
 * given without a value are not listed, as in fio. A value that does not
 * fit is only left out of the listing; the option itself is set. */
static void given_record(struct job_spec *job, const char *name, const char *value)
{
	size_t keylen = strlen(name);
	size_t global = job->given_global < sizeof(job->given) ? job->given_global : 0;
	char *p = job->given + global;

	if (!value)
		return;
	while (*p) {
		char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
		if (!strncmp(p, name, keylen) && p[keylen] == '=')
			memmove(p, p + len, strlen(p + len) + 1);
		else
			p += len;
	}
	size_t used = strlen(job->given);
	if (used + keylen + strlen(value) + 2 < sizeof(job->given))
		snprintf(job->given + used, sizeof(job->given) - used, "%s=%s\n", name, value);
}

void job_given_mark_global(struct job_spec *job)
{
	job->given_global = (unsigned)strlen(job->given);
}

void job_given_drop_own(struct job_spec *job)
{
	if (job->given_global < sizeof(job->given))
		job->given[job->given_global] = '\0';
}

int job_option_set(struct job_spec *job, const char *name, const char *value,
		   char *err, size_t errlen)
{
	int r = job_option_apply(job, name, value, err, errlen);
	const struct job_option *o = r ? NULL : job_option_find(name);
	if (o)
		given_record(job, o->name, value);
	return r;
}

static int job_option_apply(struct job_spec *job, const char *name, const char *value,
			    char *err, size_t errlen)
{
	const struct job_option *o = job_option_find(name);
	if (!o) {
		snprintf(err, errlen, _("unknown option '%s' (see --help for the job options)"),
			 name);
		return -1;
	}
	char *field = (char *)job + o->offset;
	unsigned long long v = 0;
	int b;

	if (o->parse) {
		if (o->parse(o, job, value, err, errlen))
			return -1;
		job_option_mark_set(job, job_option_index(o));
		return 0;
	}
	if (!value && o->type != OPT_BOOL) {
		snprintf(err, errlen, _("%s needs a value (--%s=VALUE)"), o->name, o->name);
		return -1;
	}

	switch (o->type) {
	case OPT_STR:
		if (strlen(value) >= o->size) {
			snprintf(err, errlen, _("%s: value longer than %zu characters"), o->name,
				 o->size - 1);
			return -1;
		}
		memcpy(field, value, strlen(value) + 1);
		break;
	case OPT_BOOL:
		if (parse_bool(value, &b)) {
			snprintf(err, errlen, _("%s: '%s' is not 0 or 1"), o->name, value);
			return -1;
		}
		*(bool *)field = b;
		break;
	case OPT_INT:
	case OPT_SIZE:
	case OPT_TIME: {
		int r = o->type == OPT_INT ? parse_uint(value, &v)
			: o->type == OPT_SIZE ? parse_size_kb(value, job->kb_base, &v)
					      : parse_time_ms(value, &v);
		if (r) {
			const char *what = o->type == OPT_INT ? _("a whole number")
					   : o->type == OPT_SIZE ? _("a size such as 4k, 1m, 10g")
								 : _("a time such as 30, 30s, 500ms, 2m");
			snprintf(err, errlen, _("%s: '%s' is not %s"), o->name, value, what);
			return -1;
		}
		if (v < o->min || v > o->max) {
			snprintf(err, errlen, _("%s: %s is out of range (%llu to %llu)"), o->name,
				 value, o->min, o->max);
			return -1;
		}
		*(unsigned long long *)field = v;
		break;
	}
	case OPT_ENUM: {
		size_t i;
		for (i = 0; o->choices[i]; i++)
			if (!strcmp(o->choices[i], value))
				break;
		if (!o->choices[i]) {
			char list[256];
			job_option_choices_text(o, ", ", list, sizeof(list));
			snprintf(err, errlen, _("%s: unknown value '%s' (allowed: %s)"), o->name,
				 value, list);
			return -1;
		}
		*(int *)field = o->choice_values[i];
		break;
	}
	}
	job_option_mark_set(job, job_option_index(o));
	return 0;
}

void job_defaults(struct job_spec *job)
{
	char err[256];
	memset(job, 0, sizeof(*job));
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];
		if (!o->def)
			continue;
		if (job_option_set(job, o->name, o->def, err, sizeof(err)))
			abort(); /* a bad default in the table is a programming error */
	}
	/* Defaults are not the user's choices. */
	memset(job->options_set, 0, sizeof(job->options_set));
	job->given[0] = '\0';
	job->given_global = 0;
}

bool job_option_given(const struct job_spec *job, const char *name)
{
	const struct job_option *o = job_option_find(name);
	return o && job_option_is_set(job, job_option_index(o));
}

int parse_filesize(const struct job_option *o, struct job_spec *job, const char *value,
		   char *err, size_t errlen)
{
	char low[64];
	unsigned long long lo, hi;
	const char *sep = value ? strpbrk(value, "-:") : NULL;

	if (!value || strlen(value) >= sizeof(low))
		goto bad;
	snprintf(low, sizeof(low), "%.*s", sep ? (int)(sep - value) : (int)strlen(value), value);
	if (parse_size_kb(low, job->kb_base, &lo) ||
	    (sep ? parse_size_kb(sep + 1, job->kb_base, &hi) : (hi = lo, 0)) || hi < lo)
		goto bad;
	job->filesize_low = lo;
	job->filesize_high = hi;
	return 0;
bad:
	snprintf(err, errlen, _("%s: '%s' is not a size or a range such as 1m-4m"), o->name,
		 value ? value : "");
	return -1;
}

void format_filesize(const struct job_option *o, const struct job_spec *job, char *buf,
		     size_t len)
{
	char a[32], b[32];
	(void)o;
	if (job->filesize_high == job->filesize_low)
		snprintf(buf, len, "%s", format_size(job->filesize_low, a, sizeof(a)));
	else
		snprintf(buf, len, "%s-%s", format_size(job->filesize_low, a, sizeof(a)),
			 format_size(job->filesize_high, b, sizeof(b)));
}

/* The percent field beside size, offset and offset_increment. */
static unsigned *pct_field(const struct job_option *o, struct job_spec *job)
{
	if (o->offset == offsetof(struct job_spec, size))
		return &job->size_pct;
	if (o->offset == offsetof(struct job_spec, offset_increment))
		return &job->offset_increment_pct;
	return &job->offset_pct;
}

/* size, offset and offset_increment: a size, or as fio a share of each
 * file or device ("80%", 1 to 100; the offsets also 0%). */
int parse_size_pct(const struct job_option *o, struct job_spec *job, const char *value,
		   char *err, size_t errlen)
{
	unsigned long long v;
	size_t n = value ? strlen(value) : 0;
	unsigned long long *field = (unsigned long long *)((char *)job + o->offset);

	if (n > 1 && value[n - 1] == '%') {
		char num[32];
		if (n - 1 >= sizeof(num))
			goto bad;
		memcpy(num, value, n - 1);
		num[n - 1] = '\0';
		if (parse_uint(num, &v) || v > 100 ||
		    (v == 0 && o->offset == offsetof(struct job_spec, size)))
			goto bad;
		*field = 0;
		*pct_field(o, job) = (unsigned)v;
		return 0;
	}
	if (parse_size_kb(value, job->kb_base, &v))
		goto bad;
	*field = v;
	*pct_field(o, job) = 0;
	return 0;
bad:
	snprintf(err, errlen, _("%s: '%s' is not a size such as 4k, 1m, 10g, or a share such as 50%%"),
		 o->name, value ? value : "");
	return -1;
}

void format_size_pct(const struct job_option *o, const struct job_spec *job, char *buf,
		     size_t len)
{
	unsigned pct = *pct_field(o, (struct job_spec *)job);
	if (pct)
		snprintf(buf, len, "%u%%", pct);
	else
		format_size(*(const unsigned long long *)((const char *)job + o->offset), buf, len);
}

int parse_rwmixwrite(const struct job_option *o, struct job_spec *job, const char *value,
			    char *err, size_t errlen)
{
	unsigned long long v;
	if (parse_uint(value, &v) || v > o->max) {
		snprintf(err, errlen, _("%s: '%s' is not a percentage from 0 to 100"), o->name,
			 value ? value : "");
		return -1;
	}
	job->rwmixread = 100 - v;
	return 0;
}

void format_rwmixwrite(const struct job_option *o, const struct job_spec *job, char *buf,
			      size_t len)
{
	(void)o;
	snprintf(buf, len, "%llu", 100 - job->rwmixread);
}

void job_option_format(const struct job_spec *job, const struct job_option *o,
		       char *buf, size_t len)
{
	const char *field = (const char *)job + o->offset;
	if (o->format) {
		o->format(o, job, buf, len);
		return;
	}
	switch (o->type) {
	case OPT_STR:
		snprintf(buf, len, "%s", field);
		break;
	case OPT_BOOL:
		snprintf(buf, len, "%d", *(const bool *)field ? 1 : 0);
		break;
	case OPT_INT:
		snprintf(buf, len, "%llu", *(const unsigned long long *)field);
		break;
	case OPT_SIZE:
		format_size(*(const unsigned long long *)field, buf, len);
		break;
	case OPT_TIME: {
		unsigned long long ms = *(const unsigned long long *)field;
		if (ms % 1000 == 0)
			snprintf(buf, len, "%llu", ms / 1000);
		else
			snprintf(buf, len, "%llums", ms);
		break;
	}
	case OPT_ENUM: {
		int v = *(const int *)field;
		snprintf(buf, len, "?");
		for (size_t i = 0; o->choices[i]; i++)
			if (o->choice_values[i] == v) {
				snprintf(buf, len, "%s", o->choices[i]);
				break;
			}
		break;
	}
	}
}

/* write_*_log: the field holds the prefix; which flag goes with it. */
static bool *log_flag(const struct job_option *o, struct job_spec *job)
{
	char *field = (char *)job + o->offset;
	if (field == job->bw_log_prefix)
		return &job->write_bw_log;
	if (field == job->iops_log_prefix)
		return &job->write_iops_log;
	if (field == job->lat_log_prefix)
		return &job->write_lat_log;
	return &job->write_hist_log;
}

/* fio's write_*_log=PREFIX; without a value the job's name is the
 * prefix. An empty value (the form's cleared field) turns the log off. */
int parse_log_prefix(const struct job_option *o, struct job_spec *job, const char *value,
		     char *err, size_t errlen)
{
	char *field = (char *)job + o->offset;
	if (value && strlen(value) >= o->size) {
		snprintf(err, errlen, _("%s: value longer than %zu characters"), o->name, o->size - 1);
		return -1;
	}
	snprintf(field, o->size, "%s", value ? value : "");
	*log_flag(o, job) = !value || value[0];
	return 0;
}

void format_log_prefix(const struct job_option *o, const struct job_spec *job, char *buf,
		       size_t len)
{
	const char *field = (const char *)job + o->offset;
	bool on = *log_flag(o, (struct job_spec *)job);
	snprintf(buf, len, "%s", !on ? "" : field[0] ? field : job->name);
}
