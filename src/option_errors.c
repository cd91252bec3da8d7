/* SPDX-License-Identifier: GPL-2.0-or-later */
/* option_errors.c - fio's ignore_error: per kind of error (read, write,
 * verify) the errnos continue_on_error lets pass, instead of fio's
 * default EIO and EILSEQ. Apart from option_values.c, as it is read by
 * the engine's error path (job_error_ignored in job.h). */
#include "config.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

/* The names fio accepts (its str2error): errnos 1 to 34 in order. Any
 * other errno is given by its number, as in fio. */
static const char *const errno_names[] = {
	"EPERM", "ENOENT", "ESRCH", "EINTR", "EIO", "ENXIO", "E2BIG", "ENOEXEC", "EBADF",
	"ECHILD", "EAGAIN", "ENOMEM", "EACCES", "EFAULT", "ENOTBLK", "EBUSY", "EEXIST",
	"EXDEV", "ENODEV", "ENOTDIR", "EISDIR", "EINVAL", "ENFILE", "EMFILE", "ENOTTY",
	"ETXTBSY", "EFBIG", "ENOSPC", "ESPIPE", "EROFS", "EMLINK", "EPIPE", "EDOM", "ERANGE",
};
#define ERRNO_NAMES (sizeof(errno_names) / sizeof(errno_names[0]))

/* One errno of a list: a name of the table or a number (a leading '-'
 * is dropped, as fio does). 0 when it is neither. */
static int one_errno(const char *s, size_t n)
{
	char buf[32];
	if (!n || n >= sizeof(buf))
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (buf[0] == 'E') {
		for (size_t i = 0; i < ERRNO_NAMES; i++)
			if (!strcmp(errno_names[i], buf))
				return (int)i + 1;
		return 0;
	}
	const char *p = buf[0] == '-' ? buf + 1 : buf;
	char *end;
	long v = strtol(p, &end, 10);
	if (end == p || *end || v <= 0 || v > 4095)
		return 0;
	return (int)v;
}

/* ignore_error=READ,WRITE,VERIFY: each a ':'-joined list; a list given
 * turns its kind of continue_on_error on (fio does the same, so a later
 * continue_on_error still overrides it). An empty list keeps fio's
 * default for its kind. */
int parse_ignore_error(const struct job_option *o, struct job_spec *job, const char *value,
		       char *err, size_t errlen)
{
	int list[ERRK_COUNT][JOB_IGNORE_ERR_MAX];
	unsigned n[ERRK_COUNT] = { 0 };
	unsigned kind = 0;
	const char *p = value ? value : "";

	while (*p == ' ' || *p == '\t')
		p++;
	for (; *p; kind++) {
		if (kind == ERRK_COUNT) {
			snprintf(err, errlen, _("%s: '%s' has more than three lists (read,write,verify)"),
				 o->name, value);
			return -1;
		}
		const char *end = p + strcspn(p, ",");
		/* fio stops a list at its first empty element. */
		for (const char *q = p; q < end && *q != ':';) {
			size_t len = strcspn(q, ":,");
			while (len && (q[len - 1] == ' ' || q[len - 1] == '\t'))
				len--;
			int e = one_errno(q, len);
			if (!e) {
				snprintf(err, errlen,
					 _("%s: '%.*s' is not an errno name (EPERM to ERANGE) or number"),
					 o->name, (int)(len ? len : 1), len ? q : ":");
				return -1;
			}
			if (n[kind] == JOB_IGNORE_ERR_MAX) {
				snprintf(err, errlen, _("%s: more than %d errors in one list"), o->name,
					 JOB_IGNORE_ERR_MAX);
				return -1;
			}
			list[kind][n[kind]++] = e;
			q += strcspn(q, ":,");
			if (*q == ':')
				q++;
		}
		p = *end ? end + 1 : end;
	}
	for (unsigned k = 0; k < ERRK_COUNT; k++) {
		job->ignore_error_n[k] = n[k];
		memcpy(job->ignore_error[k], list[k], n[k] * sizeof(int));
		if (n[k])
			job->continue_on_error |= 1 << k;
	}
	return 0;
}

void format_ignore_error(const struct job_option *o, const struct job_spec *job, char *buf,
			 size_t len)
{
	size_t used = 0;
	unsigned last = 0;
	(void)o;
	for (unsigned k = 0; k < ERRK_COUNT; k++)
		if (job->ignore_error_n[k])
			last = k + 1;
	buf[0] = '\0';
	for (unsigned k = 0; k < last && used < len; k++) {
		if (k)
			used += (size_t)snprintf(buf + used, len - used, ",");
		for (unsigned i = 0; i < job->ignore_error_n[k] && used < len; i++) {
			int e = job->ignore_error[k][i];
			const char *sep = i ? ":" : "";
			if (e >= 1 && (size_t)e <= ERRNO_NAMES)
				used += (size_t)snprintf(buf + used, len - used, "%s%s", sep,
							 errno_names[e - 1]);
			else
				used += (size_t)snprintf(buf + used, len - used, "%s%d", sep, e);
		}
	}
}
