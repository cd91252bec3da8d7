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

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "options.h"
#include "util/arith.h"
#include "util/str.h"

/* fio's own default limit of jobs (--max-jobs); it also keeps a hostile
 * file of empty sections from eating memory (each job is ~9 KiB). */
#define JOBFILE_MAX_JOBS 4096

/* A job file is a page of text; this stops a mistaken path to a disk
 * image from being read into memory whole. */
#define JOBFILE_MAX_BYTES (4u << 20)

/* An option line once its variables are filled in: fio's own limit
 * (OPT_LEN_MAX) is 8 KiB. */
#define JOBFILE_MAX_LINE 8192

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

/* A file that includes itself must end somewhere; fio has no limit and
 * recurses until it runs out of stack. */
#define JOBFILE_MAX_INCLUDE_DEPTH 16

/* fio's own keywords: what $ncpus, $pagesize and $mb_memory stand for
 * (filled in once per parse), and the filename_format ones, which are
 * left for the target code and never taken from the environment. */
static const char *const reserved_words[] = { "ncpus", "pagesize", "mb_memory", "jobname",
					      "jobnum", "filenum", "clientuid", NULL };

struct parser {
	const char *file;
	unsigned long line;        /* 1-based; 0 while no line is at fault */
	int depth;                 /* include nesting: 0 in the file itself */
	const char *const *sections; /* --section: the only jobs kept, or NULL */
	size_t nsections;
	bool skipping;             /* in a job section --section leaves out */
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
	if (!p->in_section || p->in_global || p->skipping)
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

	if (p->depth)
		return fail(p, _("a section header in an included file (fio allows none)"));
	p->in_section = true;
	/* fio takes any section whose name starts with "global" as global. */
	p->in_global = !strncmp(name, "global", 6);
	p->skipping = false;
	if (p->in_global)
		return 0;
	if (p->nsections) {
		/* --section: as fio, a left-out section is not read at all. */
		bool keep = false;
		for (size_t i = 0; i < p->nsections && !keep; i++)
			keep = !strcmp(p->sections[i], name);
		if (!keep) {
			p->skipping = true;
			p->in_section = false;
			return 0;
		}
	}
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
	/* Only bools may stand alone, and fio's write_*_log (the job's name
	 * as the prefix); job_option_set's own message for this speaks of
	 * --options. */
	if (!value && o->type != OPT_BOOL && o->parse != parse_log_prefix)
		return fail(p, _("option '%s' needs a value (%s=VALUE)"), key, key);
	struct job_spec *job = p->in_global ? &p->global : &p->job;
	if (job_option_set(job, key, value, msg, sizeof(msg)))
		return fail(p, "%s", msg);
	return 0;
}

/* Appends n bytes to the growing line out; -1 when it would pass the
 * limit. */
static int put(char *out, size_t cap, size_t *used, const char *s, size_t n)
{
	if (*used + n >= cap)
		return -1;
	memcpy(out + *used, s, n);
	*used += n;
	out[*used] = '\0';
	return 0;
}

static bool reserved(const char *name, size_t n)
{
	for (size_t i = 0; reserved_words[i]; i++)
		if (strlen(reserved_words[i]) == n && !strncmp(reserved_words[i], name, n))
			return true;
	return false;
}

/* fio's keywords, as fio computes them when it starts. */
static void keyword_value(const char *word, char *buf, size_t len)
{
	long page = sysconf(_SC_PAGESIZE);
	if (!strcmp(word, "pagesize"))
		snprintf(buf, len, "%ld", page);
	else if (!strcmp(word, "ncpus"))
		snprintf(buf, len, "%ld", sysconf(_SC_NPROCESSORS_CONF));
	else
		snprintf(buf, len, "%llu",
			 (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)page >> 20);
}

/*
 * Variables in an option line, in fio's order: ${NAME} from the
 * environment (empty when unset, as fio); then $NAME from the environment
 * where it is set and not one of fio's words (fio itself leaves a bare
 * $NAME as written); then $ncpus, $pagesize and $mb_memory, anywhere in
 * the line, as fio replaces them. *computed tells whether a keyword was
 * replaced: the value is then arithmetic, as fio hands it to bc.
 */
static int expand_line(struct parser *p, const char *in, char *out, size_t cap, bool *computed)
{
	size_t used = 0;
	out[0] = '\0';
	*computed = false;
	for (const char *c = in; *c;) {
		if (c[0] == '$' && c[1] == '{') {
			const char *close = strchr(c + 2, '}');
			if (close && close > c + 2) {
				char name[256];
				size_t n = (size_t)(close - c - 2);
				if (n >= sizeof(name))
					return fail(p, _("variable name '%.40s...' is too long"), c + 2);
				memcpy(name, c + 2, n);
				name[n] = '\0';
				const char *v = getenv(name);
				if (v && put(out, cap, &used, v, strlen(v)))
					goto too_long;
				c = close + 1;
				continue;
			}
		}
		if (c[0] == '$' && (isalpha((unsigned char)c[1]) || c[1] == '_')) {
			size_t n = 1;
			while (isalnum((unsigned char)c[1 + n]) || c[1 + n] == '_')
				n++;
			char name[256];
			const char *v = NULL;
			if (n < sizeof(name) && !reserved(c + 1, n)) {
				memcpy(name, c + 1, n);
				name[n] = '\0';
				v = getenv(name);
			}
			if (v) {
				if (put(out, cap, &used, v, strlen(v)))
					goto too_long;
				c += 1 + n;
				continue;
			}
		}
		if (put(out, cap, &used, c, 1))
			goto too_long;
		c++;
	}
	/* fio's keywords match anywhere, even inside a longer word. */
	for (size_t k = 0; k < 3; k++) {
		char word[32], value[32];
		snprintf(word, sizeof(word), "$%s", reserved_words[k]);
		keyword_value(reserved_words[k], value, sizeof(value));
		char *at;
		while ((at = strstr(out, word))) {
			size_t wl = strlen(word), vl = strlen(value), tail = strlen(at + wl);
			if (used - wl + vl >= cap)
				goto too_long;
			memmove(at + vl, at + wl, tail + 1);
			memcpy(at, value, vl);
			used = used - wl + vl;
			*computed = true;
		}
	}
	return 0;
too_long:
	return fail(p, _("the line is longer than %zu characters once its variables are filled in"),
		    cap - 1);
}

static int include_file(struct parser *p, const char *name);

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
	if (p->skipping)
		return 0;
	if (!strncmp(s, "include", 7) && isspace((unsigned char)s[7])) {
		if (!p->in_section)
			return fail(p, _("'include' comes before the first [section]"));
		return include_file(p, str_trim(s + 8));
	}
	/* Only a line with a variable is copied: its limit is fio's, others
	 * are as long as they are. */
	if (!strchr(s, '$'))
		return set_option(p, s);
	char line[JOBFILE_MAX_LINE];
	bool computed;
	if (expand_line(p, s, line, sizeof(line), &computed))
		return -1;
	char *eq = strchr(line, '=');
	/* fio hands a line whose keyword was replaced to bc when it has an
	 * operator: "size=$mb_memory/4" is a quarter of the memory. */
	if (computed && eq && arith_has_operator(eq + 1) && !strchr(eq + 1, '\'')) {
		unsigned long long v;
		char *value = str_trim(eq + 1);
		if (arith_eval(value, ARITH_PLAIN, &v)) {
			*eq = '\0';
			return fail(p, _("%s: cannot compute '%s' (whole numbers and + - * / %% ^ only)"),
				    str_trim(line), value);
		}
		snprintf(eq + 1, sizeof(line) - (size_t)(eq + 1 - line), "%llu", v);
	}
	return set_option(p, line);
}

/* fio reads a section's kb_base before its other options, wherever the
 * line stands: size=8k then kb_base=1000 is 8000 bytes. So the section
 * just begun gets it first, from the lines up to the next header. */
static int preset_kb_base(struct parser *p, const char *text, size_t len)
{
	if (p->skipping || !p->in_section)
		return 0;
	for (size_t pos = 0; pos < len;) {
		const char *start = text + pos;
		const char *nl = memchr(start, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - start) : len - pos;
		char line[128];
		pos += n + 1;
		if (n >= sizeof(line))
			continue;
		memcpy(line, start, n);
		line[n] = '\0';
		line[strcspn(line, ";#")] = '\0';
		char *s = str_trim(line);
		if (*s == '[')
			return 0;
		char *eq = strchr(s, '=');
		if (!eq)
			continue;
		*eq = '\0';
		/* A bad value is left to its own line, whose number the
		 * error then names. */
		const char *v = str_trim(eq + 1);
		if (!strcmp(str_trim(s), "kb_base") && (!strcmp(v, "1000") || !strcmp(v, "1024"))) {
			char set[32];
			snprintf(set, sizeof(set), "kb_base=%s", v);
			return set_option(p, set);
		}
	}
	return 0;
}

static int parse_text(struct parser *p, const char *text, size_t len)
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
		bool header = *str_trim(line) == '[';
		if (parse_line(p, line) ||
		    (header && preset_kb_base(p, text + pos + n + 1, nl ? len - pos - n - 1 : 0))) {
			rc = -1;
			break;
		}
		pos += n + 1;
	}
	free(line);
	return rc;
}

static int parse_lines(struct parser *p, const char *text, size_t len)
{
	if (parse_text(p, text, len))
		return -1;
	if (finish_section(p))
		return -1;
	if (p->jobs.njobs == 0) {
		p->line = 0;
		if (p->nsections)
			return fail(p, _("no job section has the name --section gives"));
		return fail(p, _("no job sections (a job file needs at least one [name] "
				 "other than [global])"));
	}
	return 0;
}

static int parse_buffer(const char *name, const char *text, size_t len,
			const struct jobfile_filter *filter, struct job_set *set, char *err,
			size_t errlen)
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
	if (filter) {
		p->sections = filter->sections;
		p->nsections = filter->nsections;
	}
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

int jobfile_parse_buffer(const char *name, const char *text, size_t len,
			 struct job_set *set, char *err, size_t errlen)
{
	return parse_buffer(name, text, len, NULL, set, err, errlen);
}

/* Reads a whole job file (or standard input for "-") into *buf. 0, or -1
 * with err set. */
static int read_text(const char *path, char **buf_out, size_t *len_out, char *err,
		     size_t errlen)
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
	rc = 0;
out:
	if (rc)
		free(buf);
	else
		*buf_out = buf, *len_out = len;
	if (!use_stdin)
		fclose(f);
	return rc;
}

/* "include NAME": NAME's lines read as if they stood here, in the
 * section being read. A relative NAME is looked for beside the including
 * file first, then in the current directory (fio looks in the reverse
 * order; the two differ only when both hold a file of that name). */
static int include_file(struct parser *p, const char *name)
{
	char path[PATH_MAX];
	const char *slash = strrchr(p->file, '/');
	struct stat st;

	if (!*name)
		return fail(p, _("'include' needs a file name"));
	if (p->depth >= JOBFILE_MAX_INCLUDE_DEPTH)
		return fail(p, _("includes nested deeper than %d (does a file include itself?)"),
			    JOBFILE_MAX_INCLUDE_DEPTH);
	bool beside = name[0] != '/' && slash &&
		      snprintf(path, sizeof(path), "%.*s%s", (int)(slash - p->file + 1), p->file,
			       name) < (int)sizeof(path) &&
		      !stat(path, &st);
	if (!beside)
		snprintf(path, sizeof(path), "%s", name);
	/* A FIFO or a device would hang the reader or feed it a disk. */
	if (stat(path, &st))
		return fail(p, _("include %s: %s"), path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return fail(p, _("include %s: not a regular file"), path);

	char *buf = NULL, msg[512];
	size_t len = 0;
	if (read_text(path, &buf, &len, msg, sizeof(msg)))
		return fail(p, "%s", msg);
	const char *file = p->file;
	unsigned long line = p->line;
	p->file = path;
	p->line = 0;
	p->depth++;
	int rc = parse_text(p, buf, len);
	p->depth--;
	free(buf);
	if (rc && p->err) {
		/* The included file's own line is named; say who included it. */
		size_t n = strlen(p->err);
		if (p->errlen > n)
			snprintf(p->err + n, p->errlen - n, _(" (included from %s:%lu)"), file, line);
	}
	p->file = file;
	p->line = line;
	return rc;
}

int jobfile_parse_filtered(const char *path, const struct jobfile_filter *filter,
			   struct job_set *set, char *err, size_t errlen)
{
	char *buf = NULL;
	size_t len = 0;

	if (read_text(path, &buf, &len, err, errlen))
		return -1;
	int rc = parse_buffer(path, buf, len, filter, set, err, errlen);
	free(buf);
	return rc;
}

int jobfile_parse(const char *path, struct job_set *set, char *err, size_t errlen)
{
	return jobfile_parse_filtered(path, NULL, set, err, errlen);
}
