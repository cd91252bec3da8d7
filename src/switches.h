/* SPDX-License-Identifier: GPL-2.0-or-later */
/* switches.h - THE table of blktop's own switches (--batch, --list, -d,
 * --output...), beside the job options' table: the command line, --help,
 * the man page's OPTIONS and the shell completion all read it, so a new
 * switch is one row plus its parse callback. */
#ifndef BLKTOP_SWITCHES_H
#define BLKTOP_SWITCHES_H

#include <stdbool.h>
#include <stddef.h>

struct cli_args;

enum switch_arg {
	SW_FLAG,     /* no value; the next word is never taken (it stays a target) */
	SW_VALUE,    /* --x=V, --x V, fio's -x=V and -x V */
	SW_OPTIONAL, /* --x or --x=V: the next word is never taken */
};

/* Where the switch is described: a mode picks what blktop does (the man
 * page's MODES), an option changes how (its OPTIONS, generated). */
enum switch_section { SW_MODE, SW_OPTION };

struct blktop_switch {
	const char *name;        /* long name, without dashes */
	char short_name;         /* -d, -h, -V; 0: none */
	enum switch_section section;
	enum switch_arg arg;
	/* SW_VALUE: without a value of its own (the next word is a switch,
	 * or there is none) the value is the first word that is not one, as
	 * in `--run --batch read vdc`. */
	bool value_later;
	/* With --hosts: stays on this host (with its value) rather than
	 * going to every host's blktop. */
	bool local;
	const char *metavar;     /* "FILE", "SECONDS"; untranslated */
	/* The values it takes, for --help, completion and the man page;
	 * fills names (at most max) and returns how many. NULL: any. */
	size_t (*choices)(const char **names, size_t max);
	const char *help;        /* N_() text, one line */
	const char *man;         /* more for the man page (English), or NULL */
	/* Stores value (NULL when none was given) in args; on a bad value
	 * returns -1 with one translated line in err. */
	int (*parse)(struct cli_args *args, const char *value, char *err, size_t errlen);
};

extern const struct blktop_switch blktop_switches[];
extern const size_t blktop_switches_count;

/* By long name ("delay") or, for a one-letter name, by short one ("d"). */
const struct blktop_switch *switch_find(const char *name);

/* The switch as --help shows it: "-d, --delay=SECONDS", "--batch",
 * "--scratch[=SIZE]", "--output-format=normal|json|csv". */
void switch_usage_form(const struct blktop_switch *s, char *buf, size_t len);

/* The choices joined by sep ("normal|json|csv"); "" when any value goes. */
void switch_choices_text(const struct blktop_switch *s, const char *sep, char *buf, size_t len);

/* Parses a refresh delay in seconds: "2", "0.5", "1.25", or with fio's
 * time units ("500ms"). 0, or -1 when it is not one. Exposed for tests. */
int parse_delay_ms(const char *s, unsigned long long *out);

#endif
