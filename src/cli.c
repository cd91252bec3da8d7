/* cli.c - the command line: modes, blktop's own switches, and every job
 * option of the table as --name=value (fio's -name=value works too, since
 * the seeds are full of it). */
#include "config.h"
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "options.h"

static const char *const mode_names[] = { "read", "write", "randread", "randwrite", "rw",
					  "randrw", "readwrite", NULL };

__attribute__((format(printf, 1, 2))) static int fail(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "blktop: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 2;
}

static bool is_mode(const char *s)
{
	for (size_t i = 0; mode_names[i]; i++)
		if (!strcmp(s, mode_names[i]))
			return true;
	return false;
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

/* Takes the value of a blktop switch: "--x=V" or "--x V". */
static const char *switch_value(int argc, char **argv, int *i, const char *inline_value)
{
	if (inline_value)
		return inline_value;
	if (*i + 1 < argc)
		return argv[++*i];
	return NULL;
}

static int set_output_format(struct cli_args *a, const char *v)
{
	if (!v)
		return fail(_("--output-format needs a value: normal, json or csv"));
	if (!strcmp(v, "normal"))
		a->format = OUTPUT_NORMAL;
	else if (!strcmp(v, "json"))
		a->format = OUTPUT_JSON;
	else if (!strcmp(v, "csv"))
		a->format = OUTPUT_CSV;
	else
		return fail(_("--output-format: unknown format '%s' (allowed: normal, json, csv)"), v);
	return 0;
}

static int take_positional(struct cli_args *a, const char *arg, const char **target)
{
	if (*target)
		return fail(_("unexpected argument '%s' (only one target is taken)"), arg);
	*target = arg;
	return 0;
}

int cli_parse(int argc, char **argv, struct cli_args *a)
{
	const char *target = NULL;
	const char *mode = NULL;
	char err[512];

	memset(a, 0, sizeof(*a));
	a->mode = MODE_SCREEN;
	a->format = OUTPUT_NORMAL;
	a->delay_ms = 1000;
	a->lat_limit_us = 500;
	job_defaults(&a->job);

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		char name[64];
		const char *value;

		if (arg[0] != '-' || !arg[1]) {
			if (a->mode == MODE_RUN && !mode) {
				if (!is_mode(arg))
					return fail(_("--run: unknown mode '%s' (allowed: read, write, randread, randwrite, rw, randrw)"),
						    arg);
				mode = arg;
				continue;
			}
			if ((a->mode == MODE_PROFILE || a->mode == MODE_SWEEP) && !a->procedure) {
				a->procedure = arg;
				continue;
			}
			if (take_positional(a, arg, &target))
				return 2;
			continue;
		}
		if (!strcmp(arg, "-h")) {
			a->mode = MODE_HELP;
			return 0;
		}
		if (!strcmp(arg, "-V")) {
			a->mode = MODE_VERSION;
			return 0;
		}
		if (!strcmp(arg, "-d")) {
			const char *v = switch_value(argc, argv, &i, NULL);
			if (!v || parse_time_ms(v, &a->delay_ms) || a->delay_ms < 100)
				return fail(_("-d: '%s' is not a refresh delay in seconds (0.1 or more)"),
					    v ? v : "");
			continue;
		}
		split_opt(arg, name, sizeof(name), &value);
		if (!strcmp(name, "help")) {
			a->mode = MODE_HELP;
			return 0;
		}
		if (!strcmp(name, "version")) {
			a->mode = MODE_VERSION;
			return 0;
		}
		if (!strcmp(name, "batch")) {
			a->batch = true;
		} else if (!strcmp(name, "force")) {
			a->force = true;
		} else if (!strcmp(name, "list")) {
			a->mode = MODE_LIST;
		} else if (!strcmp(name, "demo")) {
			a->mode = MODE_DEMO;
		} else if (!strcmp(name, "run")) {
			a->mode = MODE_RUN;
			if (value) {
				if (!is_mode(value))
					return fail(_("--run: unknown mode '%s' (allowed: read, write, randread, randwrite, rw, randrw)"),
						    value);
				mode = value;
			}
		} else if (!strcmp(name, "job")) {
			a->mode = MODE_JOBFILE;
			a->jobfile = switch_value(argc, argv, &i, value);
			if (!a->jobfile)
				return fail(_("--job needs a job file: --job FILE"));
		} else if (!strcmp(name, "profile")) {
			a->mode = MODE_PROFILE;
			a->procedure = value;
		} else if (!strcmp(name, "suite")) {
			a->mode = MODE_SUITE;
			a->procedure = value ? value : "seven";
		} else if (!strcmp(name, "sweep")) {
			a->mode = MODE_SWEEP;
			a->procedure = value;
		} else if (!strcmp(name, "scratch")) {
			a->scratch = true;
			a->scratch_size = value;
		} else if (!strcmp(name, "output-format")) {
			if (set_output_format(a, switch_value(argc, argv, &i, value)))
				return 2;
		} else if (!strcmp(name, "output")) {
			a->output_file = switch_value(argc, argv, &i, value);
			if (!a->output_file)
				return fail(_("--output needs a file name"));
		} else if (!strcmp(name, "delay")) {
			if (!value || parse_time_ms(value, &a->delay_ms) || a->delay_ms < 100)
				return fail(_("--delay: '%s' is not a refresh delay in seconds"),
					    value ? value : "");
		} else if (!strcmp(name, "lat-limit")) {
			unsigned long long ns;
			if (!value || parse_uint(value, &ns) || !ns)
				return fail(_("--lat-limit: '%s' is not a latency in microseconds"),
					    value ? value : "");
			a->lat_limit_us = ns;
		} else {
			if (!job_option_find(name))
				return fail(_("unknown option '%s' (blktop --help lists them)"), arg);
			if (job_option_set(&a->job, name, value, err, sizeof(err)))
				return fail("%s", err);
		}
	}

	if (a->mode == MODE_RUN) {
		if (!mode)
			return fail(_("--run needs a mode and a target: --run MODE TARGET"));
		job_option_set(&a->job, "rw", mode, err, sizeof(err));
		if (!job_option_given(&a->job, "name"))
			snprintf(a->job.name, sizeof(a->job.name), "%s", mode);
	}
	if (target) {
		if (a->mode == MODE_SCREEN)
			return fail(_("a target needs a mode: blktop --run MODE %s"), target);
		if (strlen(target) >= sizeof(a->job.filename))
			return fail(_("target name too long: %s"), target);
		snprintf(a->job.filename, sizeof(a->job.filename), "%s", target);
	}
	bool needs_target = a->mode == MODE_RUN || a->mode == MODE_PROFILE ||
			    a->mode == MODE_SUITE || a->mode == MODE_SWEEP;
	if (needs_target && !a->job.filename[0] && !a->job.directory[0] && !a->scratch)
		return fail(_("no target: name a device (vdc), file or directory, or use --scratch"));
	if ((a->mode == MODE_PROFILE || a->mode == MODE_SWEEP) && !a->procedure)
		return fail(a->mode == MODE_PROFILE
				    ? _("--profile needs a name: latency, iops or throughput")
				    : _("--sweep needs what to sweep: bs or numjobs"));
	return 0;
}

void cli_usage(FILE *out)
{
	fprintf(out, "%s\n\n", _("blktop - block storage monitor and runner"));
	fprintf(out, "%s\n", _("Usage:"));
	fprintf(out, "  blktop                                 %s\n",
		_("full-screen monitor and runner"));
	fprintf(out, "  blktop --run MODE TARGET [JOB OPTS]    %s\n",
		_("the same, with that job started at once"));
	fprintf(out, "  blktop --batch --run MODE TARGET [JOB OPTS] [--output-format=normal|json]\n");
	fprintf(out, "  blktop --list [--output-format=json]   %s\n",
		_("devices and their safety verdicts"));
	fprintf(out, "  blktop --job FILE [--batch]            %s\n", _("run a fio-style job file"));
	fprintf(out, "  blktop --profile latency|iops|throughput TARGET [--batch]\n");
	fprintf(out, "  blktop --suite[=seven|cdm] TARGET [--batch]\n");
	fprintf(out, "  blktop --sweep bs|numjobs TARGET [--batch]\n");
	fprintf(out, "  blktop --demo                          %s\n",
		_("a scratch device, with a job running on it"));
	fprintf(out, "\n%s\n", _("MODE: read write randread randwrite rw randrw (readwrite = rw)"));
	fprintf(out, "%s\n\n", _("TARGET: vdc, /dev/vdc, a regular file, or a directory"));
	fprintf(out, "%s\n", _("Options:"));
	fprintf(out, "  --batch                 %s\n", _("no screen: run, then print the report"));
	fprintf(out, "  --force                 %s\n",
		_("allow writes to a device that holds data (never to one in use)"));
	fprintf(out, "  --scratch[=SIZE]        %s\n",
		_("make a scratch loop device (default 1G), removed at exit"));
	fprintf(out, "  --output-format=FMT     %s\n", _("normal, json or csv"));
	fprintf(out, "  --output=FILE           %s\n", _("write the report to FILE"));
	fprintf(out, "  -d SECONDS              %s\n", _("screen refresh interval (default 1)"));
	fprintf(out, "  --lat-limit=USEC        %s\n",
		_("latency limit for --sweep numjobs (default 500)"));
	fprintf(out, "  -h, --help / -V, --version\n\n");
	fprintf(out, "%s\n", _("Job options (fio's names and meanings; --name=value):"));
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];
		char opt[64];
		snprintf(opt, sizeof(opt), "--%s=%s", o->name,
			 o->type == OPT_BOOL ? "0|1" : o->unit ? o->unit : "X");
		fprintf(out, "  %-28s %s", opt, _(o->help));
		if (o->def && o->def[0])
			fprintf(out, _(" (default %s)"), o->def);
		fputc('\n', out);
	}
	fprintf(out, "\n%s\n",
		_("Exit status: 0 done, 1 the run failed, 2 bad usage or input, 3 refused for safety."));
}
