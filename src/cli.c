/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cli.c - the command line: modes, blktop's own switches, and every job
 * option of the table as --name=value (fio's -name=value works too, since
 * the published tests are full of it). */
#include "config.h"
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "procedures/registry.h"
#include "switches.h"
#include "util/status.h"

__attribute__((format(printf, 1, 2))) static int fail(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "blktop: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return BLKTOP_USAGE;
}

/* Splits "--name=value" / "-name=value" / "--name" into name and value. */
static void split_opt(const char *arg, char *name, size_t len, const char **value)
{
	const char *s = arg + (arg[1] == '-' ? 2 : 1);
	const char *eq = strchr(s, '=');
	size_t n = eq ? (size_t)(eq - s) : strlen(s);
	if (n >= len)
		n = len - 1;
	memcpy(name, s, n);
	name[n] = '\0';
	*value = eq ? eq + 1 : NULL;
}

static int take_positional(struct cli_args *a, const char *arg, const char **target)
{
	if (a->mode == MODE_RUN && !a->run_mode) {
		char err[256];
		if (switch_find("run")->parse(a, arg, err, sizeof(err)))
			return fail("%s", err);
		return 0;
	}
	if ((a->mode == MODE_PROFILE || a->mode == MODE_SWEEP) && !a->procedure) {
		a->procedure = arg;
		return 0;
	}
	if (*target)
		return fail(_("unexpected argument '%s' (only one target is taken)"), arg);
	*target = arg;
	return 0;
}

/* Whether argv[i + 1] can be the value of the word before it. */
static bool next_is_value(int argc, char **argv, int i, bool not_a_switch)
{
	if (i + 1 >= argc)
		return false;
	return !not_a_switch || argv[i + 1][0] != '-' || !argv[i + 1][1];
}

/* One blktop switch: its value from "=V", or the next word where the row
 * takes one there. */
static int take_switch(struct cli_args *a, const struct blktop_switch *s, const char *arg,
		       const char *value, int argc, char **argv, int *i)
{
	char err[512];
	if (s->arg == SW_FLAG && value)
		return fail(_("%s takes no value"), arg);
	if (s->arg == SW_VALUE && !value && next_is_value(argc, argv, *i, s->value_later))
		value = argv[++*i];
	if (s->parse(a, value, err, sizeof(err)))
		return fail("%s", err);
	return 0;
}

/* One job option: its value from "=V", or the next word unless it is a
 * 0|1 option (a bare --direct means 1, and the word after it stays a
 * target). */
static int take_job_option(struct cli_args *a, const char *arg, const char *name,
			   const char *value, int argc, char **argv, int *i)
{
	char err[512];
	const struct job_option *o = job_option_find(name);
	if (!o)
		return fail(_("unknown option '%s' (blktop --help lists them)"), arg);
	if (!value && o->type != OPT_BOOL && next_is_value(argc, argv, *i, false))
		value = argv[++*i];
	if (o == job_option_find("name")) {
		/* fio's rule: what came before the first --name is global;
		 * each later --name ends the job before it. */
		if (!a->named) {
			a->global = a->job;
			a->named = true;
		} else {
			if (a->nmore == CLI_MAX_JOBS - 1)
				return fail(_("more than %d jobs (--name) on one command line"),
					    CLI_MAX_JOBS);
			a->more[a->nmore++] = a->job;
			a->job = a->global;
		}
	}
	if (job_option_set(&a->job, name, value, err, sizeof(err)))
		return fail("%s", err);
	return 0;
}

int cli_parse(int argc, char **argv, struct cli_args *a)
{
	const char *target = NULL;
	char err[512];

	memset(a, 0, sizeof(*a));
	a->mode = MODE_SCREEN;
	a->format = OUTPUT_NORMAL;
	a->formats = OUTFMT_NORMAL;
	a->terse_version = 3;
	a->delay_ms = 1000;
	a->lat_limit_us = 500;
	job_defaults(&a->job);

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		char name[64];
		const char *value;

		if (arg[0] != '-' || !arg[1]) {
			const char *before = target;
			if (take_positional(a, arg, &target))
				return BLKTOP_USAGE;
			if (target != before)
				a->target_argi = i;
			continue;
		}
		split_opt(arg, name, sizeof(name), &value);
		/* -d, -h, -V by their letter (--d is no switch); any other
		 * -name=value as --name=value, as fio takes it. */
		const struct blktop_switch *s = switch_find(name);
		if (!name[0] || (!name[1] && (arg[1] == '-' || !s)))
			return fail(_("unknown option '%s' (blktop --help lists them)"), arg);
		int first = i;
		if (s ? take_switch(a, s, arg, value, argc, argv, &i)
		      : take_job_option(a, arg, name, value, argc, argv, &i))
			return BLKTOP_USAGE;
		if (s && !strcmp(s->name, "job"))
			a->jobfile_argi = i;
		for (int k = first; s && s->local && k <= i; k++) {
			if (a->nlocal >= (int)(sizeof(a->local_argi) / sizeof(a->local_argi[0])))
				return fail("%s", _("too many switches on the command line"));
			a->local_argi[a->nlocal++] = k;
		}
		if (a->mode == MODE_HELP || a->mode == MODE_VERSION)
			return BLKTOP_OK;
	}

	/* fio's own command line: jobs given by --name (each with its own
	 * rw, fio's default read) and no mode run as --run runs its jobs. */
	bool fio_jobs = a->mode == MODE_SCREEN && a->named;
	if (fio_jobs)
		a->mode = MODE_RUN;
	if (a->mode == MODE_RUN && !fio_jobs) {
		if (!a->run_mode)
			return fail(_("--run needs a mode and a target: --run MODE TARGET"));
		/* MODE and TARGET are the whole line's: every job's. */
		if (job_option_set(&a->job, "rw", a->run_mode, err, sizeof(err)))
			return fail("--run: %s", err);
		for (size_t k = 0; k < a->nmore; k++)
			job_option_set(&a->more[k], "rw", a->run_mode, err, sizeof(err));
		if (!job_option_given(&a->job, "name"))
			snprintf(a->job.name, sizeof(a->job.name), "%.*s",
				 (int)strcspn(a->run_mode, ":"), a->run_mode);
	}
	if (target) {
		if (a->mode == MODE_SCREEN)
			return fail(_("a target needs a mode: blktop --run MODE %s"), target);
		if (strlen(target) >= sizeof(a->job.filename))
			return fail(_("target name too long: %s"), target);
		snprintf(a->job.filename, sizeof(a->job.filename), "%s", target);
		a->job.short_target = true;
		for (size_t k = 0; k < a->nmore; k++) {
			snprintf(a->more[k].filename, sizeof(a->more[k].filename), "%s", target);
			a->more[k].short_target = true;
		}
	}
	/* fio's --name jobs without filename= or directory= name their
	 * files as fio does (filename_format, jobname.jobnum.filenum by
	 * default) here; --run's short form needs its target. */
	bool needs_target = (a->mode == MODE_RUN && !fio_jobs) || a->mode == MODE_PROFILE ||
			    a->mode == MODE_SUITE || a->mode == MODE_SWEEP;
	if (a->dry_run && a->mode != MODE_RUN && a->mode != MODE_JOBFILE)
		return fail("%s", _("--dry-run goes with --run or --job"));
	/* With --hosts, HOST=TARGET may name each host's own target. */
	if (needs_target && !a->job.filename[0] && !a->job.directory[0] && !a->scratch && !a->hosts)
		return fail(_("no target: name a device (vdc), file or directory, or use --scratch"));
	if ((a->mode == MODE_PROFILE || a->mode == MODE_SWEEP) && !a->procedure)
		return fail(a->mode == MODE_PROFILE
				    ? _("--profile needs a name: latency, iops or throughput")
				    : _("--sweep needs what to sweep: bs or numjobs"));
	return BLKTOP_OK;
}

/* One row of --help: the form, then the help at column 31, or on the next
 * line when the form is wider. */
static void usage_row(FILE *out, const char *form, const char *help)
{
	if (strlen(form) > 28)
		fprintf(out, "  %s\n  %-28s %s", form, "", help);
	else
		fprintf(out, "  %-28s %s", form, help);
}

static void switch_rows(FILE *out, enum switch_section section)
{
	for (size_t i = 0; i < blktop_switches_count; i++) {
		char form[256];
		if (blktop_switches[i].section != section)
			continue;
		switch_usage_form(&blktop_switches[i], form, sizeof(form));
		usage_row(out, form, _(blktop_switches[i].help));
		fputc('\n', out);
	}
}

void cli_usage(FILE *out)
{
	fprintf(out, "%s\n\n", _("blktop - block storage monitor and runner"));
	fprintf(out, "%s\n", _("Usage:"));
	fprintf(out, "  blktop [-d SECONDS]                    %s\n",
		_("full-screen monitor and runner"));
	fprintf(out, "  blktop --run MODE TARGET [JOB OPTS]\n");
	fprintf(out, "  blktop --batch --run MODE TARGET [JOB OPTS] [--output-format=normal|json|jsonl]\n");
	fprintf(out, "  blktop --list [--output-format=json]\n");
	fprintf(out, "  blktop --job FILE [--batch]\n");
	fprintf(out, "  blktop [--batch] [JOB OPTS] --name=NAME [JOB OPTS] ...  %s\n",
		_("fio's command-line jobs"));
	for (int f = PROC_PROFILE; f <= PROC_SWEEP; f++) {
		const char *names[PROC_KIND_COUNT];
		size_t n = proc_family_names((enum proc_family)f, names, PROC_KIND_COUNT);
		fprintf(out, "  blktop --%s%s", proc_family_switch((enum proc_family)f),
			f == PROC_SUITE ? "[=" : " ");
		for (size_t i = 0; i < n; i++)
			fprintf(out, "%s%s", i ? "|" : "", names[i]);
		fprintf(out, "%s TARGET [--batch]\n", f == PROC_SUITE ? "]" : "");
	}
	fprintf(out, "  blktop --demo\n");
	fprintf(out, "\n%s\n", _("MODE: read write randread randwrite rw randrw trim randtrim trimwrite (readwrite = rw)"));
	fprintf(out, "%s\n\n", _("TARGET: vdc, /dev/vdc, a regular file, or a directory"));
	fprintf(out, "%s\n", _("Modes:"));
	switch_rows(out, SW_MODE);
	fprintf(out, "\n%s\n", _("Procedures:"));
	for (size_t i = 0; i < PROC_KIND_COUNT; i++) {
		const struct proc_entry *e = &proc_registry[i];
		char form[64];
		snprintf(form, sizeof(form), "--%s%s%s", proc_family_switch(e->family),
			 e->family == PROC_SUITE ? "=" : " ", e->name);
		usage_row(out, form, _(e->what));
		fputc('\n', out);
	}
	fprintf(out, "\n%s\n", _("Options:"));
	switch_rows(out, SW_OPTION);
	fprintf(out, "\n%s\n", _("Job options (fio's names and meanings; --name=value):"));
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];
		char opt[128];
		size_t n = (size_t)snprintf(opt, sizeof(opt), "--%s=", o->name);
		if (o->type == OPT_BOOL)
			snprintf(opt + n, sizeof(opt) - n, "0|1");
		else if (o->type == OPT_ENUM)
			job_option_choices_text(o, "|", opt + n, sizeof(opt) - n);
		else
			snprintf(opt + n, sizeof(opt) - n, "%s", o->unit ? o->unit : "X");
		usage_row(out, opt, _(o->help));
		if (o->def && o->def[0])
			fprintf(out, _(" (default %s)"), o->def);
		fputc('\n', out);
	}
	fprintf(out, "\n%s\n",
		_("A value also goes as --name value or fio's -name=value; a [=value] only after '='."));
	fprintf(out, "%s\n",
		_("Exit status: 0 done, 1 the run failed, 2 bad usage or input, 3 refused for safety."));
}
