/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jobfile.c - fio-style job files into a job set.
 *
 * Users arrive with fio job files (the published tests carry two) and expect them to
 * run unchanged, so this reads the same ini dialect fio does: sections,
 * key=value lines, comments, [global] defaults. What an option means is
 * not known here: every key and value goes through the options table
 * (job_option_set), so the job file, the command line and the form can
 * never disagree. The rules are listed in jobfile.h. */
#include "config.h"
#include "jobfile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "util/str.h"

/* fio's own default limit of jobs (--max-jobs); it also keeps a hostile
 * file of empty sections from eating memory (each job is ~9 KiB). */
#define JOBFILE_MAX_JOBS 4096

/* A job file is a page of text; this stops a mistaken path to a disk
 * image from being read into memory whole. */
#define JOBFILE_MAX_BYTES (4u << 20)

/*
 * fio keys blktop accepts and ignores because they cannot change what is
 * measured. Anything else the table does not know is an error: silently
 * dropping an option would report numbers for a workload the user did not
 * ask for.
 */
static const struct ignored_key {
	const char *name;
	bool is_bool;       /* value must still parse as a bool */
} ignored_keys[] = {
	/* blktop's jobs are always threads; fio's default is processes,
	 * which issue the same I/O. The Azure block-size test sets it. */
	{ "thread", true },
	/* Free text fio prints before the job; blktop has nowhere to show it. */
	{ "description", false },
};

struct parser {
	const char *file;
	unsigned long line;        /* 1-based; 0 while no line is at fault */
	struct job_spec global;    /* defaults so far, from every [global] */
	struct job_spec job;       /* the job section being read */
	bool in_section;           /* a header has been read */
	bool in_global;            /* ... and it was a [global] */
	struct job_set jobs;       /* this file's jobs, until all are good */
	char *err;
	size_t errlen;
};

static int fail(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Writes "FILE:LINE: message" (or "FILE: message") to the caller's err. */
static int fail(struct parser *p, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!p->err || !p->errlen)
		return -1;
	if (p->line)
		snprintf(p->err, p->errlen, "%s:%lu: %s", p->file, p->line, msg);
	else
		snprintf(p->err, p->errlen, "%s: %s", p->file, msg);
	return -1;
}

/* Hands the job section just read to the file's job list. */
static int finish_section(struct parser *p)
{
	if (!p->in_section || p->in_global)
		return 0;
	if (job_set_add(&p->jobs, &p->job))
		return fail(p, _("out of memory"));
	return 0;
}

static int start_section(struct parser *p, char *s)
{
	size_t n = strlen(s);
	char msg[256];

	if (n < 2 || s[n - 1] != ']')
		return fail(p, _("section header '%s' does not end with ']'"), s);
	s[n - 1] = '\0';
	char *name = str_trim(s + 1);
	if (!*name)
		return fail(p, _("empty section name '[]'"));
	if (finish_section(p))
		return -1;

	p->in_section = true;
	/* fio takes any section whose name starts with "global" as global. */
	p->in_global = !strncmp(name, "global", 6);
	if (p->in_global)
		return 0;
	if (p->jobs.njobs >= JOBFILE_MAX_JOBS)
		return fail(p, _("more than %d job sections"), JOBFILE_MAX_JOBS);
	if (strlen(name) >= sizeof(p->job.name))
		return fail(p, _("section name '%s' is longer than %zu characters"),
			    name, sizeof(p->job.name) - 1);
	/* As fio: the section name wins over a name= in [global], and a
	 * name= inside the section wins over both. */
	p->job = p->global;
	job_given_mark_global(&p->job);
	if (job_option_set(&p->job, "name", name, msg, sizeof(msg)))
		return fail(p, "%s", msg);
	job_given_drop_own(&p->job);
	return 0;
}

static const struct ignored_key *find_ignored(const char *key)
{
	for (size_t i = 0; i < sizeof(ignored_keys) / sizeof(ignored_keys[0]); i++)
		if (!strcmp(ignored_keys[i].name, key))
			return &ignored_keys[i];
	return NULL;
}

static int set_option(struct parser *p, char *s)
{
	char *key = s, *value = NULL;
	char msg[512];
	char *eq = strchr(s, '=');

	if (eq) {
		*eq = '\0';
		value = str_trim(eq + 1);
		key = str_trim(key);
	}
	if (!*key)
		return fail(p, _("'=' with no option name before it"));
	if (!p->in_section)
		return fail(p, _("option '%s' comes before the first [section]"), key);

	const struct ignored_key *ig = find_ignored(key);
	if (ig) {
		int b;
		if (ig->is_bool && value && parse_bool(value, &b))
			return fail(p, _("%s: '%s' is not 0 or 1"), key, value);
		return 0;
	}

	const struct job_option *o = job_option_find(key);
	if (!o)
		return fail(p, _("unknown option '%s'"), key);
	/* Only bools may stand alone; job_option_set's own message for this
	 * speaks of --options. */
	if (!value && o->type != OPT_BOOL)
		return fail(p, _("option '%s' needs a value (%s=VALUE)"), key, key);
	struct job_spec *job = p->in_global ? &p->global : &p->job;
	if (job_option_set(job, key, value, msg, sizeof(msg)))
		return fail(p, "%s", msg);
	return 0;
}

static int parse_line(struct parser *p, char *s)
{
	/* fio ends a line at its first ';' or '#', wherever it stands. */
	s[strcspn(s, ";#")] = '\0';
	/* fio strips white space and control characters (a CR) too. */
	s = str_trim(s);
	if (!*s)
		return 0;
	if (*s == '[')
		return start_section(p, s);
	return set_option(p, s);
}

static int parse_lines(struct parser *p, const char *text, size_t len)
{
	char *line = NULL;
	size_t cap = 0, pos = 0;
	int rc = 0;

	/* Editors on Windows start UTF-8 files with a byte order mark. */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
		pos = 3;
	while (pos < len) {
		const char *start = text + pos;
		const char *nl = memchr(start, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - start) : len - pos;

		p->line++;
		if (memchr(start, '\0', n)) {
			rc = fail(p, _("NUL byte in the line: not a text file"));
			break;
		}
		if (!line || n + 1 > cap) {
			char *bigger = realloc(line, n + 1);
			if (!bigger) {
				rc = fail(p, _("out of memory"));
				break;
			}
			line = bigger;
			cap = n + 1;
		}
		memcpy(line, start, n);
		line[n] = '\0';
		if (parse_line(p, line)) {
			rc = -1;
			break;
		}
		pos += n + 1;
	}
	free(line);
	if (rc)
		return rc;
	if (finish_section(p))
		return -1;
	if (p->jobs.njobs == 0) {
		p->line = 0;
		return fail(p, _("no job sections (a job file needs at least one [name] "
				 "other than [global])"));
	}
	return 0;
}

int jobfile_parse_buffer(const char *name, const char *text, size_t len,
			 struct job_set *set, char *err, size_t errlen)
{
	struct parser *p = calloc(1, sizeof(*p));
	int rc;

	if (!p) {
		snprintf(err, errlen, "%s: %s", name, strerror(ENOMEM));
		return -1;
	}
	p->file = name;
	p->err = err;
	p->errlen = errlen;
	job_defaults(&p->global);

	rc = parse_lines(p, text, len);
	if (!rc) {
		size_t had = set->njobs;
		for (size_t i = 0; i < p->jobs.njobs; i++) {
			if (job_set_add(set, &p->jobs.jobs[i])) {
				/* The set holds plain structs: dropping the tail
				 * restores it. */
				set->njobs = had;
				p->line = 0;
				rc = fail(p, _("out of memory"));
				break;
			}
		}
	}
	job_set_free(&p->jobs);
	free(p);
	return rc;
}

int jobfile_parse(const char *path, struct job_set *set, char *err, size_t errlen)
{
	bool use_stdin = !strcmp(path, "-");
	FILE *f = use_stdin ? stdin : fopen(path, "re");
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int rc = -1;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	for (;;) {
		if (len == cap) {
			if (cap > JOBFILE_MAX_BYTES) {
				snprintf(err, errlen, _("%s: larger than %u MiB: not a job file"),
					 path, JOBFILE_MAX_BYTES >> 20);
				goto out;
			}
			/* One byte past the limit tells a file of exactly the
			 * limit from a longer one. */
			size_t ncap = cap ? cap * 2 : 8192;
			if (ncap > JOBFILE_MAX_BYTES + 1)
				ncap = JOBFILE_MAX_BYTES + 1;
			char *bigger = realloc(buf, ncap);
			if (!bigger) {
				snprintf(err, errlen, "%s: %s", path, strerror(ENOMEM));
				goto out;
			}
			buf = bigger;
			cap = ncap;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0) {
			if (ferror(f)) {
				snprintf(err, errlen, "%s: %s", path, strerror(errno));
				goto out;
			}
			break;
		}
	}
	rc = jobfile_parse_buffer(path, buf, len, set, err, errlen);
out:
	free(buf);
	if (!use_stdin)
		fclose(f);
	return rc;
}
