/* SPDX-License-Identifier: GPL-2.0-or-later */
/* main.c - blktop's modes: the screen, batch runs, the device list, job
 * files and the built-in procedures. Everything else is in modules; this
 * file only decides which to call, and where results and errors go. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "engine/engine.h"
#include "fleet/fleet.h"
#include "i18n.h"
#include "jobfile.h"
#include "options.h"
#include "output/listing.h"
#include "output/report.h"
#include "output/writer.h"
#include "outwatch.h"
#include "procedures/procedure.h"
#include "run.h"
#include "scratch.h"
#include "screen/screen.h"
#include "sysroot.h"
#include "util/buildinfo.h"
#include "util/catalogs.h"
#include "util/sigstop.h"
#include "util/status.h"

/* Where a batch run's status output goes: blktop's interval lines to
 * standard output (with --output too), fio's periodic reports where the
 * report goes, as fio writes them. */
struct periodic {
	const struct cli_args *args;
	struct writer *report, *lines;
};

static void print_interval(const struct run_interval *iv, void *arg)
{
	struct periodic *p = arg;
	report_interval(p->lines->f, iv);
	writer_flush(p->lines);
}

struct preamble {
	FILE *out;
	const struct job_set *set;
	enum output_format format;
	uint64_t interval_ms;
};

static void print_preamble(void *arg)
{
	struct preamble *p = arg;
	if (p->format == OUTPUT_JSONL) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		report_jsonl_start(p->out, (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000,
				   p->interval_ms);
	} else {
		report_normal_preamble(p->out, p->set);
	}
	fflush(p->out);
}

/* fio prints its layout line with its normal output only. */
static void print_laid_out(const char *job, unsigned nfiles, uint64_t bytes, void *arg)
{
	struct preamble *p = arg;
	if (p->format != OUTPUT_JSONL)
		report_normal_laid_out(p->out, job, nfiles, bytes);
}

/* fio's line for a layout that met a full filesystem, in every output
 * but the JSON-lines stream (which carries nothing but its objects). */
static void print_layout_full(int err, void *arg)
{
	struct preamble *p = arg;
	if (p->format != OUTPUT_JSONL) {
		fprintf(p->out, "fio: %s on laying out file, stopping\n",
			err == EDQUOT ? "EDQUOT" : "ENOSPC");
		fflush(p->out);
	}
}

/* The terse line and the JSON document (json+ when listed) of a run, as
 * --output-format lists them, in fio's order. A single run has no
 * procedure table: csv is terse, as in fio. */
static void print_terse_json(FILE *out, const struct cli_args *args, const struct run_result *r)
{
	unsigned formats = args->formats;
	if (formats & (OUTFMT_TERSE | OUTFMT_CSV))
		report_terse_version(out, r, args->terse_version);
	if (formats & OUTFMT_JSONPLUS)
		report_json_plus(out, r);
	else if (formats & OUTFMT_JSON)
		report_json(out, r);
}

/* --status-interval: what fio prints at each interval, the run so far in
 * each format listed (a whole JSON document, fio's normal report without
 * blktop's blocks, the terse line), after blktop's interval lines. */
static void print_periodic(const struct run_progress *pr, void *arg)
{
	struct periodic *p = arg;
	const struct run_result *r = pr->so_far;
	unsigned formats = p->args->formats;
	FILE *out = p->report->f;
	if (!r)
		return;
	print_terse_json(out, p->args, r);
	if (formats & OUTFMT_NORMAL) {
		fputc('\n', out);
		report_normal_periodic(out, r);
		fputc('\n', out);
	}
	writer_flush(p->report);
}

/* jsonl: a line with the interval's own figures, flushed at once for the
 * reader on the other end of a pipe. */
static void print_jsonl_progress(const struct run_progress *pr, void *arg)
{
	struct periodic *p = arg;
	report_jsonl_interval(p->report->f, pr);
	writer_flush(p->report);
}

/* A run's report in each format --output-format lists, in fio's order
 * (terse, JSON, normal). Before them, fio's line for each failed job, on
 * standard output in every format as fio prints it; with --output on
 * stderr, so the file holds the report alone (fio's has no such line). */
static void print_reports(const struct cli_args *args, FILE *out, const struct run_result *r)
{
	unsigned formats = args->formats;
	/* jsonl is a stream of its own: its last line is the whole report. */
	if (args->format == OUTPUT_JSONL) {
		report_jsonl_final(out, r);
		return;
	}
	report_error_lines(args->output_file ? stderr : out, r);
	print_terse_json(out, args, r);
	if (formats & OUTFMT_NORMAL) {
		/* fio's normal report opens with a blank line. */
		fputc('\n', out);
		report_normal(out, r);
	}
}

/* --profile-env's lines: kept for the JSON report, and said at once
 * where the output has room for them (normal: the report's stream;
 * jsonl: a note line; else standard error). */
struct env_notes {
	FILE *out;
	const struct cli_args *args;
	char **v;
	size_t n;
};

static void env_note(const char *line, void *arg)
{
	struct env_notes *e = arg;
	char **v = realloc(e->v, (e->n + 1) * sizeof(*v));
	char *text = strdup(line);
	if (v)
		e->v = v;
	if (v && text)
		e->v[e->n++] = text;
	else
		free(text);
	if (e->args->format == OUTPUT_JSONL) {
		report_jsonl_note(e->out, line);
	} else if (e->args->formats & OUTFMT_NORMAL) {
		fprintf(e->out, "%s\n", line);
	} else {
		fprintf(stderr, "%s\n", line);
		fflush(stderr);
	}
	fflush(e->out);
}

static void env_notes_free(struct env_notes *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->v[i]);
	free(e->v);
}

/* Runs a job set without the screen and prints its report. */
static int run_batch(const struct cli_args *args, struct job_set *set)
{
	struct run_result result;
	struct writer report, term;
	struct runctl ctl;
	struct sigstop sigs;
	char err[1024];

	int status = writer_open(&report, args->output_file);
	if (status)
		return status;
	/* Status lines go to standard output, with --output too. */
	struct writer *lines = &report;
	if (args->output_file && !writer_open(&term, NULL))
		lines = &term;
	struct periodic per = { args, &report, lines };
	struct run_hooks hooks = { .interval = print_interval, .arg = &per, .ctl = &ctl };
	FILE *out = report.f;
	for (size_t i = 0; i < set->njobs; i++)
		if (set->jobs[i].status_interval_ms)
			hooks.interval_ms = set->jobs[i].status_interval_ms;
	/* As fio's: the command line's holds for a job file too. */
	if (job_option_given(&args->job, "status-interval"))
		hooks.interval_ms = args->job.status_interval_ms;
	if (args->format == OUTPUT_JSONL) {
		hooks.interval = NULL;
		hooks.progress = print_jsonl_progress;
		if (!hooks.interval_ms)
			hooks.interval_ms = 1000;
	} else {
		hooks.progress = print_periodic;
		hooks.progress_so_far = true;
		/* blktop's lines are text: not in a JSON or terse stream. */
		if (!(args->formats & OUTFMT_NORMAL))
			hooks.interval = NULL;
	}
	set->force = args->force;
	set->dry_run = args->dry_run;
	/* Ctrl-C, SIGTERM and SIGHUP (the SSH session dropped) all end the
	 * run the same way: I/O stops, results so far are reported, cleanup
	 * runs. Until the report is out: a second Ctrl-C must not cut it. */
	runctl_init(&ctl, NULL);
	sigstop_install(&sigs, &ctl, false);
	/* `| head -n1`: the reader leaving stops the run (outwatch.c). */
	outwatch_start(fileno(out == stdout || hooks.interval_ms ? stdout : out), &ctl);
	/* fio's lines before the run, once the gate has passed: a refusal
	 * stays one line. */
	struct preamble pre = { out, set, args->format, hooks.interval_ms };
	if ((args->formats & OUTFMT_NORMAL) || args->format == OUTPUT_JSONL) {
		hooks.ready = print_preamble;
		hooks.laid_out = print_laid_out;
	}
	hooks.layout_full = print_layout_full;
	hooks.ready_arg = &pre;
	/* The profile's environment, once the signals are ours (a stop puts
	 * it back as well); with --dry-run nothing is taken. */
	struct env_notes notes = { .out = out, .args = args };
	struct proc_hooks env_hooks = { .note = env_note, .arg = &notes };
	struct proc_env env;
	bool take_env = args->profile_env && !args->dry_run;
	if (take_env &&
	    (status = procedure_env_begin(args->profile_env, set, &env_hooks, &env, err, sizeof(err)))) {
		outwatch_stop();
		procedure_env_end(&env, &env_hooks);
		fprintf(stderr, "blktop: %s\n", err);
		goto close;
	}
	status = run_job_set(set, &hooks, &result, err, sizeof(err));
	outwatch_stop();
	/* At once: the report was measured with the settings, the machine
	 * should not stay so while it is printed. */
	if (take_env)
		procedure_env_end(&env, &env_hooks);
	if (status) {
		fprintf(stderr, "blktop: %s\n", err);
		goto close;
	}
	if (args->dry_run)
		report_dry_run(out, &result,
			       args->format == OUTPUT_JSON || args->format == OUTPUT_JSONL);
	else {
		result.notes = (const char *const *)notes.v;
		result.nnotes = notes.n;
		print_reports(args, out, &result);
	}
	/* The error that ended the run, or else the errors it ignored. */
	if ((result.exit_status && err[0]) || run_ignored_errors(&result, err, sizeof(err)))
		fprintf(stderr, "blktop: %s\n", err);
	status = result.exit_status;
	run_result_free(&result);
	int sig = runctl_signo(&ctl);
	if (sig) {
		/* Interrupted: the report covers what ran; the status says so,
		 * as a shell expects of a program ended by a signal. */
		if (sig == SIGPIPE)
			fputs(_("blktop: the output's reader went away (broken pipe); the run was stopped\n"),
			      stderr);
		else
			fprintf(stderr, _("blktop: stopped by signal %d (%s); the report covers the time that ran\n"),
				sig, strsignal(sig));
		status = BLKTOP_SIGNAL_BASE + sig;
	}
close:
	env_notes_free(&notes);
	/* A report that could not be written is a failed run. */
	if (lines != &report)
		status = writer_close(lines, status);
	status = writer_close(&report, status);
	sigstop_end(&sigs);
	return status;
}

/* The full screen with a job set already running. */
static int run_screen(const struct cli_args *args, struct job_set *set)
{
	set->force = args->force;
	return screen_main(args, set, scratch_path());
}

/* --scratch and --demo: make the loop device, and make it the target when
 * none was named. */
static int setup_scratch(struct cli_args *args)
{
	unsigned long long size = SCRATCH_DEFAULT_SIZE;
	char dev[64], err[512];

	if (args->scratch_size && (parse_size(args->scratch_size, &size) || size < (1 << 20))) {
		fprintf(stderr, _("blktop: --scratch: '%s' is not a size of 1m or more\n"),
			args->scratch_size);
		return BLKTOP_USAGE;
	}
	if (scratch_create(size, dev, sizeof(dev), err, sizeof(err))) {
		fprintf(stderr, "blktop: %s\n", err);
		return BLKTOP_FAILED;
	}
	if (!args->job.filename[0] && !args->job.directory[0])
		snprintf(args->job.filename, sizeof(args->job.filename), "%s", dev);
	return 0;
}

/* --demo: a random-read job on the scratch device. */
static void demo_job(struct cli_args *args)
{
	char err[256];
	struct job_spec *j = &args->job;

	job_option_set(j, "rw", "randread", err, sizeof(err));
	snprintf(j->name, sizeof(j->name), "demo");
	j->time_based = true;
	if (!job_option_given(j, "iodepth"))
		j->iodepth = 8;
	if (!job_option_given(j, "runtime"))
		j->runtime_ms = args->batch ? 10000 : 3600000;
}

/* --readonly, as fio's: a job that writes is refused before anything runs. */
static int refuse_writes(const struct cli_args *args, const struct job_set *set)
{
	for (size_t i = 0; args->readonly && i < set->njobs; i++)
		if (rw_modifies(set->jobs[i].rw)) {
			fprintf(stderr, _("blktop: job %s writes (rw=%s), and --readonly refuses every write\n"),
				set->jobs[i].name, rw_name(set->jobs[i].rw));
			return BLKTOP_REFUSED;
		}
	return 0;
}

int main(int argc, char **argv)
{
	struct cli_args args;
	struct job_set set = { 0 };
	char catalogs[4096];
	int status;

	setlocale(LC_ALL, "");
	bindtextdomain(PACKAGE, catalogs_dir(PACKAGE, LOCALEDIR, catalogs, sizeof(catalogs)));
	textdomain(PACKAGE);
	sysroot_set(getenv("BLKTOP_SYSROOT"));
	writer_keep_std_fds();

	status = cli_parse(argc, argv, &args);
	if (status)
		return status;
	/* The JSON-lines stream is a run's, read while it goes. */
	if (args.format == OUTPUT_JSONL && args.mode != MODE_HELP && args.mode != MODE_VERSION &&
	    (!args.batch || args.hosts ||
	     (args.mode != MODE_RUN && args.mode != MODE_JOBFILE && args.mode != MODE_DEMO))) {
		fputs(_("blktop: --output-format=jsonl goes with --batch and --run, --job or --demo\n"),
		      stderr);
		return BLKTOP_USAGE;
	}

	/* The environment is taken around a batch run of the command line's
	 * jobs; a fleet's profile sends it to each host itself. */
	if (args.profile_env && args.mode != MODE_HELP && args.mode != MODE_VERSION &&
	    (!args.batch || args.hosts || args.mode != MODE_RUN)) {
		fputs(_("blktop: --profile-env goes with --batch and jobs on the command line "
			"(with --hosts, --profile takes it to each host)\n"),
		      stderr);
		return BLKTOP_USAGE;
	}

	if (args.mode == MODE_LIST) {
		struct writer w;
		writer_open(&w, NULL);
		return writer_close(&w, listing_print(w.f, args.format == OUTPUT_JSON));
	}
	/* Many hosts: the job goes to each, scratch devices included. */
	if (args.hosts && args.mode != MODE_HELP && args.mode != MODE_VERSION)
		return args.batch ? fleet_main(&args, argc, argv)
				  : fleet_screen_main(&args, argc, argv);
	if (args.mode == MODE_DEMO) {
		demo_job(&args);
		args.scratch = true;
		args.mode = MODE_RUN;
	}
	if (args.scratch && (status = setup_scratch(&args)))
		return status;

	switch (args.mode) {
	case MODE_HELP:
		cli_usage(stdout);
		return 0;
	case MODE_VERSION:
		printf("blktop %s\n", PACKAGE_VERSION);
		printf(_("engines: %s\n"), engine_names_built());
		buildinfo_print(stdout);
		return 0;
	case MODE_RUN:
		/* more[] holds the jobs before the last --name, in order. */
		for (size_t k = 0; k < args.nmore; k++)
			if (job_set_add(&set, &args.more[k]))
				return BLKTOP_FAILED;
		if (job_set_add(&set, &args.job))
			return BLKTOP_FAILED;
		if ((status = refuse_writes(&args, &set)))
			break;
		status = args.batch ? run_batch(&args, &set) : run_screen(&args, &set);
		break;
	case MODE_JOBFILE: {
		char err[512];
		struct jobfile_filter filter = { args.sections, args.nsections };
		if (jobfile_parse_filtered(args.jobfile, &filter, &set, err, sizeof(err))) {
			fprintf(stderr, "blktop: %s\n", err);
			status = BLKTOP_USAGE;
			break;
		}
		if ((status = refuse_writes(&args, &set)))
			break;
		status = args.batch ? run_batch(&args, &set) : run_screen(&args, &set);
		break;
	}
	case MODE_PROFILE:
	case MODE_SUITE:
	case MODE_SWEEP: {
		/* On a terminal the procedure runs on the screen, its table
		 * filling in, and is printed on exit; otherwise (piped, --batch)
		 * as a plain report. */
		struct writer w;
		if (!args.batch && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
			status = screen_main(&args, NULL, scratch_path());
		else if (!(status = writer_open(&w, args.output_file)))
			status = writer_close(&w, procedure_main(&args, &w));
		break;
	}
	case MODE_SCREEN:
	default:
		status = screen_main(&args, NULL, scratch_path());
		break;
	}
	job_set_free(&set);
	return status;
}
