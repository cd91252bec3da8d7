/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gen-options.c - writes blktop.1 from blktop.1.in: the JOB OPTIONS come
 * from the options table and the KEYS from the screen's key table, so the
 * man page cannot drift from the program; blktop's own OPTIONS come from
 * the switch table (src/switches.c). Build-time tool, not installed.
 *
 *   gen-options TEMPLATE      the page on stdout: each line that is just
 *                             `.\" @JOB_OPTIONS@`, `.\" @SWITCHES@`,
 *                             `.\" @PROCEDURES@` or `.\" @KEYS@` becomes
 *                             that section; @VERSION@ becomes the version
 *   gen-options --names       every option name and alias, one a line
 *                             (what tests/e2e/manpage.sh looks for)
 *   gen-options --switches    every switch, "mode NAME" or "option NAME"
 */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "procedures/registry.h"
#include "screen/keys.h"
#include "switches.h"

#define U64MAX 0xffffffffffffffffULL

/* Text as roff takes it in a filled line: backslashes escaped, every '-'
 * a real minus (so --bs and 0-3,6 copy as typed), a leading control
 * character made harmless. */
static void roff(FILE *out, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else
			fputc(*s, out);
	}
}

/* Whether the help text starts with one of the option's values
 * ("shared: every thread..."), which must keep its case. */
static bool starts_with_value(const char *help, const char *const *choices)
{
	for (size_t i = 0; choices && choices[i]; i++) {
		size_t n = strlen(choices[i]);
		if (!strncmp(help, choices[i], n) && help[n] == ':')
			return true;
	}
	return false;
}

/* The help text as a sentence: capital first letter (unless it is a
 * value), full stop at the end. */
static void sentence(FILE *out, const char *help, const char *const *choices)
{
	char buf[512];
	snprintf(buf, sizeof(buf), "%s", help);
	if (!starts_with_value(buf, choices))
		buf[0] = (char)toupper((unsigned char)buf[0]);
	roff(out, buf);
	size_t n = strlen(buf);
	if (n && buf[n - 1] != '.')
		fputc('.', out);
	fputc('\n', out);
}

static void metavar(FILE *out, const struct job_option *o)
{
	switch (o->type) {
	case OPT_STR: fputs("\\fITEXT\\fR", out); break;
	case OPT_BOOL: fputs("0|1", out); break;
	case OPT_INT: fputs("\\fIN\\fR", out); break;
	case OPT_SIZE: fputs("\\fISIZE\\fR", out); break;
	case OPT_TIME: fputs("\\fITIME\\fR", out); break;
	case OPT_ENUM:
		for (size_t i = 0; o->choices[i]; i++) {
			/* \: lets a long list break after a bar. */
			fputs(i ? "|\\:" : "", out);
			roff(out, o->choices[i]);
		}
		break;
	}
}

static void bound(FILE *out, const struct job_option *o, unsigned long long v)
{
	char buf[32];
	if (o->type == OPT_SIZE)
		roff(out, format_size(v, buf, sizeof(buf)));
	else if (o->type == OPT_TIME && v % 1000 == 0)
		fprintf(out, "%llus", v / 1000);
	else if (o->type == OPT_TIME)
		fprintf(out, "%llums", v);
	else
		fprintf(out, "%llu", v);
}

static void job_options_section(FILE *out)
{
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];
		fputs(".TP\n\\fB\\-\\-", out);
		roff(out, o->name);
		fputs("\\fR=", out);
		metavar(out, o);
		if (o->alias) {
			fputs(" (also \\fB\\-\\-", out);
			roff(out, o->alias);
			fputs("\\fR)", out);
		}
		fputc('\n', out);
		sentence(out, o->help, o->choices);
		if (o->type == OPT_SIZE)
			fputs("Bytes, or with fio's suffixes k, m, g, t, p (powers of 1024).\n", out);
		else if (o->type == OPT_TIME)
			fputs("Seconds, or with a unit: ms, us, s, m, h, d.\n", out);
		if ((o->type == OPT_INT || o->type == OPT_SIZE || o->type == OPT_TIME) &&
		    o->max != U64MAX && o->max) {
			fputs("From ", out);
			bound(out, o, o->min);
			fputs(" to ", out);
			bound(out, o, o->max);
			fputs(".\n", out);
		}
		if (o->def) {
			fputs("Default: ", out);
			if (o->def[0]) {
				fputs("\\fB", out);
				roff(out, o->def);
				fputs("\\fR", out);
			} else {
				fputs("none", out);
			}
			fputs(".\n", out);
		}
	}
}

/* blktop's own options (the mode switches are described in MODES, by
 * hand, with their procedures): the entry's head from the row, its body
 * the row's man text or else its help as a sentence. */
static void switches_section(FILE *out)
{
	for (size_t i = 0; i < blktop_switches_count; i++) {
		const struct blktop_switch *s = &blktop_switches[i];
		if (s->section != SW_OPTION)
			continue;
		fputs(".TP\n", out);
		if (s->short_name) {
			fprintf(out, "\\fB\\-%c\\fR", s->short_name);
			if (s->arg == SW_VALUE) {
				fputs(" \\fI", out);
				roff(out, s->metavar);
				fputs("\\fR", out);
			}
			fputs(", ", out);
		}
		fputs("\\fB\\-\\-", out);
		roff(out, s->name);
		if (s->arg == SW_VALUE) {
			fputs("=\\fR\\fI", out);
			roff(out, s->metavar);
		} else if (s->arg == SW_OPTIONAL) {
			fputs("\\fR[\\fB=\\fR\\fI", out);
			roff(out, s->metavar);
			fputs("\\fR]", out);
		}
		fputs("\\fR\n", out);
		if (s->man)
			fputs(s->man, out);
		else
			sentence(out, s->help, NULL);
	}
}

/* The built-in procedures, from the registry: how each is started, what
 * it is and what it runs. */
static void procedures_section(FILE *out)
{
	for (size_t i = 0; i < PROC_KIND_COUNT; i++) {
		const struct proc_entry *e = &proc_registry[i];
		fputs(".TP\n\\fB\\-\\-", out);
		roff(out, proc_family_switch(e->family));
		fputs(e->family == PROC_SUITE ? "=" : " ", out);
		roff(out, e->name);
		fputs("\\fR\n", out);
		sentence(out, e->what, NULL);
		if (strcmp(e->what, e->title))
			sentence(out, e->title, NULL);
	}
}

static void keys_section(FILE *out)
{
	for (size_t i = 0; i < key_table_count; i++) {
		const struct key_binding *k = &key_table[i];
		fputs(".TP\n.B ", out);
		roff(out, k->names);
		fputc('\n', out);
		sentence(out, k->help, NULL);
		if (k->bar) {
			fputs("Shown in the key bar as \\(lq", out);
			roff(out, k->bar);
			fputs("\\(rq.\n", out);
		}
	}
}

static void names(FILE *out)
{
	for (size_t i = 0; i < job_options_count; i++) {
		fprintf(out, "%s\n", job_options[i].name);
		if (job_options[i].alias)
			fprintf(out, "%s\n", job_options[i].alias);
	}
}

/* Each switch as "option NAME" or "mode NAME", for tests/e2e/manpage.sh. */
static void switch_names(FILE *out)
{
	for (size_t i = 0; i < blktop_switches_count; i++)
		fprintf(out, "%s %s\n", blktop_switches[i].section == SW_MODE ? "mode" : "option",
			blktop_switches[i].name);
}

/* Copies line to out with each @VERSION@ replaced. */
static void copy_line(FILE *out, const char *line)
{
	static const char tag[] = "@VERSION@";
	const char *p;
	while ((p = strstr(line, tag))) {
		fwrite(line, 1, (size_t)(p - line), out);
		fputs(PACKAGE_VERSION, out);
		line = p + sizeof(tag) - 1;
	}
	fputs(line, out);
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--names")) {
		names(stdout);
		return fflush(stdout) ? 1 : 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--switches")) {
		switch_names(stdout);
		return fflush(stdout) ? 1 : 0;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: gen-options TEMPLATE | gen-options --names | --switches\n");
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	char line[4096];
	int seen = 0;
	while (fgets(line, sizeof(line), in)) {
		if (!strcmp(line, ".\\\" @JOB_OPTIONS@\n")) {
			job_options_section(stdout);
			seen |= 1;
		} else if (!strcmp(line, ".\\\" @KEYS@\n")) {
			keys_section(stdout);
			seen |= 2;
		} else if (!strcmp(line, ".\\\" @SWITCHES@\n")) {
			switches_section(stdout);
			seen |= 4;
		} else if (!strcmp(line, ".\\\" @PROCEDURES@\n")) {
			procedures_section(stdout);
			seen |= 8;
		} else {
			copy_line(stdout, line);
		}
	}
	int bad = ferror(in);
	fclose(in);
	if (bad || seen != 15) {
		fprintf(stderr, "gen-options: %s: %s\n", argv[1],
			bad ? "read error"
			    : "a marker line (@SWITCHES@, @PROCEDURES@, @JOB_OPTIONS@ or @KEYS@) is missing");
		return 1;
	}
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
