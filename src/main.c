/* main.c - blktop's modes: the screen, batch runs, the device list, job
 * files and the built-in procedures. Everything else is in modules; this
 * file only decides which to call, and where results and errors go. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "i18n.h"
#include "output/report.h"
#include "run.h"
#include "sysroot.h"

static void on_stop_signal(int sig)
{
	(void)sig;
	run_request_stop();
}

/* Ctrl-C, SIGTERM and SIGHUP (the SSH session dropped) all end the run the
 * same way: I/O stops, results so far are reported, cleanup runs. */
static void install_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* Output piped to head: writes fail with EPIPE instead of killing us
	 * before the I/O has stopped. */
	signal(SIGPIPE, SIG_IGN);
}

static void print_interval(const struct run_interval *iv, void *arg)
{
	report_interval(arg, iv);
	fflush(arg);
}

static FILE *open_output(const struct cli_args *args)
{
	if (!args->output_file)
		return stdout;
	FILE *f = fopen(args->output_file, "w");
	if (!f)
		fprintf(stderr, _("blktop: --output: cannot write %s: %s\n"), args->output_file,
			strerror(errno));
	return f;
}

/* Runs a job set without the screen and prints its report. */
static int run_batch(const struct cli_args *args, struct job_set *set)
{
	struct run_result result;
	struct run_hooks hooks = { print_interval, stdout, 0 };
	char err[1024];

	FILE *out = open_output(args);
	if (!out)
		return 2;
	for (size_t i = 0; i < set->njobs; i++)
		if (set->jobs[i].status_interval_ms)
			hooks.interval_ms = set->jobs[i].status_interval_ms;
	set->force = args->force;
	int status = run_job_set(set, &hooks, &result, err, sizeof(err));
	if (status) {
		fprintf(stderr, "blktop: %s\n", err);
		if (out != stdout)
			fclose(out);
		return status;
	}
	if (args->format == OUTPUT_JSON)
		report_json(out, &result);
	else
		report_normal(out, &result);
	if (result.exit_status && err[0])
		fprintf(stderr, "blktop: %s\n", err);
	status = result.exit_status;
	run_result_free(&result);
	if (out != stdout && fclose(out)) {
		fprintf(stderr, _("blktop: --output: writing %s failed: %s\n"), args->output_file,
			strerror(errno));
		status = status ? status : 1;
	}
	return status;
}

int main(int argc, char **argv)
{
	struct cli_args args;
	struct job_set set = { NULL, 0, false };
	int status;

	setlocale(LC_ALL, "");
	bindtextdomain(PACKAGE, LOCALEDIR);
	textdomain(PACKAGE);
	sysroot_set(getenv("BLKTOP_SYSROOT"));

	status = cli_parse(argc, argv, &args);
	if (status)
		return status;

	switch (args.mode) {
	case MODE_HELP:
		cli_usage(stdout);
		return 0;
	case MODE_VERSION:
		printf("blktop %s\n", PACKAGE_VERSION);
		return 0;
	case MODE_RUN:
		install_signals();
		if (job_set_add(&set, &args.job))
			return 1;
		if (!args.batch) {
			fprintf(stderr, _("blktop: the screen is not built yet; add --batch\n"));
			status = 2;
			break;
		}
		status = run_batch(&args, &set);
		break;
	default:
		fprintf(stderr, _("blktop: this mode is not built yet\n"));
		status = 2;
		break;
	}
	job_set_free(&set);
	return status;
}
