/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options.h - THE table of job options (rows in option_table.c, parsers
 * in options.c). The command line, job files,
 * --help, the man page and the workload form all read this one table. */
#ifndef BLKTOP_OPTIONS_H
#define BLKTOP_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job.h"

enum opt_type {
	OPT_STR,    /* text copied into a char array */
	OPT_BOOL,   /* 0/1, true/false; a bare --name means 1 */
	OPT_INT,    /* plain number, min..max */
	OPT_SIZE,   /* bytes, with fio's k/m/g/t suffixes (1024-based) */
	OPT_TIME,   /* milliseconds; default unit seconds, fio's suffixes */
	OPT_ENUM,   /* one of choices[], stored as its index (int) */
};

struct job_option;

/* A row's own reading of a value, where its type's is not enough: store
 * into job, or return -1 with one translated line in err. value is NULL
 * for a bare --name. */
typedef int (*job_option_parse_fn)(const struct job_option *o, struct job_spec *job,
				   const char *value, char *err, size_t errlen);
/* A row's own text of the value (what its parse callback takes back). */
typedef void (*job_option_format_fn)(const struct job_option *o, const struct job_spec *job,
				     char *buf, size_t len);

/* One row per option, written with designated initializers: a new option
 * is one row (plus what it does). */
struct job_option {
	const char *name;
	const char *alias;          /* another accepted name, or NULL */
	enum opt_type type;
	size_t offset;              /* into struct job_spec */
	size_t size;                /* of the field (strings: array size) */
	unsigned long long min, max;
	const char *def;            /* default, as text a user would type; NULL: none */
	const char *const *choices; /* OPT_ENUM: names, NULL-terminated */
	const int *choice_values;   /* OPT_ENUM: value of each name */
	const char *unit;           /* shown in help, untranslated */
	const char *help;           /* N_() text */
	job_option_parse_fn parse;  /* NULL: the type's parser */
	job_option_format_fn format; /* NULL: the type's format */
};

extern const struct job_option job_options[];
extern const size_t job_options_count;

const struct job_option *job_option_find(const char *name);

/* The row's index, the bit of the job's set-options bitmap. */
static inline size_t job_option_index(const struct job_option *o)
{
	return (size_t)(o - job_options);
}

/* Whether the option called name (or its alias) was set on this job by
 * the user (command line, job file, form), not by job_defaults(). */
bool job_option_given(const struct job_spec *job, const char *name);

/* Fills a job with every option's default. */
void job_defaults(struct job_spec *job);

/* Parses value for option name into job. On error returns -1 and writes a
 * one-line, translated message naming the option and what is allowed. */
/* fio's "global options": what the job has been given so far came from
 * [global] (jobfile.c calls it as a section starts). */
void job_given_mark_global(struct job_spec *job);
/* Forgets what the job itself was given (a section's name from its
 * header is no option fio lists). */
void job_given_drop_own(struct job_spec *job);
int job_option_set(struct job_spec *job, const char *name, const char *value,
		   char *err, size_t errlen);

/* An OPT_ENUM option's values joined by sep ("libaio|psync|null"). */
void job_option_choices_text(const struct job_option *o, const char *sep, char *buf, size_t len);

/* Current value of an option as text (for the form and reports). */
void job_option_format(const struct job_spec *job, const struct job_option *opt,
		       char *buf, size_t len);

/* Parsers shared with the job-file reader and procedures. Return 0 or -1. */
int parse_size(const char *s, unsigned long long *out);
/* As parse_size, with a job's kb_base (1000 or 1024; 0 reads as 1024). */
int parse_size_kb(const char *s, unsigned kb_base, unsigned long long *out);
int parse_time_ms(const char *s, unsigned long long *out);
int parse_uint(const char *s, unsigned long long *out);
int parse_bool(const char *s, int *out);
/* A decimal such as 1.2, -0.5 or +3 with a point whatever the locale (as
 * fio writes its values); no exponent. -1: empty, a sign or point alone,
 * a byte after the number, or too large for a double. In option_values.c. */
int parse_decimal(const char *s, double *out);

/* Row callbacks of option_table.c (struct job_option's parse and format)
 * that live with the parsers in options.c. */
int parse_rwmixwrite(const struct job_option *o, struct job_spec *job, const char *value,
		     char *err, size_t errlen);
void format_rwmixwrite(const struct job_option *o, const struct job_spec *job, char *buf,
		       size_t len);
/* write_*_log=PREFIX: the prefix, and the flag that the log is wanted. */
int parse_log_prefix(const struct job_option *o, struct job_spec *job, const char *value,
		     char *err, size_t errlen);
void format_log_prefix(const struct job_option *o, const struct job_spec *job, char *buf,
		       size_t len);
/* filesize: a size or a range ("1m-4m", "1m:4m"), into filesize_low/high. */
int parse_filesize(const struct job_option *o, struct job_spec *job, const char *value,
		   char *err, size_t errlen);
void format_filesize(const struct job_option *o, const struct job_spec *job, char *buf,
		     size_t len);
/* file_service_type: fio's names, with an optional ":N". */
int parse_file_service(const struct job_option *o, struct job_spec *job, const char *value,
		       char *err, size_t errlen);
/* size and offset: a size, or fio's share of each target ("80%"). */
int parse_size_pct(const struct job_option *o, struct job_spec *job, const char *value,
		   char *err, size_t errlen);
void format_size_pct(const struct job_option *o, const struct job_spec *job, char *buf,
		     size_t len);

/* Row callbacks in option_values.c. */
#define OPTION_VALUE_FN(n)                                                                  \
	int parse_##n(const struct job_option *o, struct job_spec *job, const char *value, \
		      char *err, size_t errlen);                                           \
	void format_##n(const struct job_option *o, const struct job_spec *job, char *buf, \
			size_t len)
OPTION_VALUE_FN(buffered);
OPTION_VALUE_FN(cpumask);
OPTION_VALUE_FN(kb_base);
OPTION_VALUE_FN(unit_base);
OPTION_VALUE_FN(pct_list);
OPTION_VALUE_FN(bs);
OPTION_VALUE_FN(bsrange);
OPTION_VALUE_FN(bssplit);
OPTION_VALUE_FN(blockalign);
OPTION_VALUE_FN(rw);
OPTION_VALUE_FN(percentage_random);
OPTION_VALUE_FN(random_distribution);
OPTION_VALUE_FN(ignore_error);
OPTION_VALUE_FN(buffer_pattern);
/* Row callbacks in option_pacing.c: times in microseconds (thinktime),
 * per-direction rates (rate=R,W). */
OPTION_VALUE_FN(usec);
OPTION_VALUE_FN(lat_pct);
OPTION_VALUE_FN(dir_rate);
/* fio's per-direction values "R,W,T" split into the text of each (a
 * value not followed by a comma goes on to the directions after it);
 * -1 when a part is too long or there are more than three. */
#define OPTION_DIR_PARTS 3
int option_split_dirs(const char *value, char part[OPTION_DIR_PARTS][512]);
int parse_zonemode(const struct job_option *o, struct job_spec *job, const char *value,
		   char *err, size_t errlen);
/* steadystate: criterion and limit (option_steadystate.c). */
OPTION_VALUE_FN(steadystate);
/* prio, prioclass (option_prio.c). */
int parse_ioprio(const struct job_option *o, struct job_spec *job, const char *value,
		 char *err, size_t errlen);
void format_ioprio(const struct job_option *o, const struct job_spec *job, char *buf, size_t len);
/* cmdprio_percentage, cmdprio_class, cmdprio: R[,W] numbers in the
 * row's range, into unsigned[DIR_COUNT]; cmdprio_bssplit (option_cmdprio.c). */
int parse_cmdprio_dirs(const struct job_option *o, struct job_spec *job, const char *value,
		       char *err, size_t errlen);
void format_cmdprio_dirs(const struct job_option *o, const struct job_spec *job, char *buf,
			 size_t len);
int parse_cmdprio_bssplit(const struct job_option *o, struct job_spec *job, const char *value,
			  char *err, size_t errlen);
/* One cmdprio_bssplit entry: I/Os of bs bytes, pct of which take prio
 * (class << 13 | level), or -1: cmdprio_class's and cmdprio's. */
#define CMDPRIO_SPLIT_MAX 64
struct cmdprio_split {
	unsigned long long bs;
	unsigned pct;
	int prio;
};
/* cmdprio_bssplit's text read as fio reads it, into each direction's
 * entries in order of size (0 % ones dropped): 0, or -1 with err. */
int cmdprio_split_parse(const char *text, unsigned kb_base,
			struct cmdprio_split out[DIR_COUNT][CMDPRIO_SPLIT_MAX], unsigned n[DIR_COUNT],
			char *err, size_t errlen);
/* Row callbacks in option_numa.c. */
int parse_numa_cpu_nodes(const struct job_option *o, struct job_spec *job, const char *value,
			 char *err, size_t errlen);
int parse_numa_mem_policy(const struct job_option *o, struct job_spec *job, const char *value,
			  char *err, size_t errlen);

/* Formats a byte count the way fio does ("4096", "4k"...) into buf. */
const char *format_size(unsigned long long bytes, char *buf, size_t len);

#endif
