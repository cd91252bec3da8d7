/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cli.h - argv to a mode and a job set, through the options table. */
#ifndef BLKTOP_CLI_H
#define BLKTOP_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "jobset.h"

enum cli_mode { MODE_SCREEN, MODE_RUN, MODE_LIST, MODE_JOBFILE, MODE_PROFILE, MODE_SUITE,
		MODE_SWEEP, MODE_DEMO, MODE_HELP, MODE_VERSION };
enum output_format { OUTPUT_NORMAL, OUTPUT_JSON, OUTPUT_CSV, OUTPUT_JSONL };
/* --output-format's list (fio's form: "json,normal") as bits; a batch run
 * prints each listed format in fio's order. args.format, the one format
 * the procedures, the screen and --hosts use, is csv when csv is listed,
 * else jsonl for jsonl, else json for json or json+, else normal. */
enum {
	OUTFMT_NORMAL = 1, OUTFMT_JSON = 2, OUTFMT_JSONPLUS = 4, OUTFMT_TERSE = 8,
	OUTFMT_CSV = 16, OUTFMT_JSONL = 32,
};

/* Jobs one command line may describe with --name, and --section's limit. */
#define CLI_MAX_JOBS 16
#define CLI_MAX_SECTIONS 64

struct cli_args {
	enum cli_mode mode;
	bool batch;
	bool force;
	enum output_format format;
	unsigned formats;            /* OUTFMT_* bits */
	unsigned terse_version;      /* --terse-version: 2..5 (3, fio's default) */
	const char *output_file;     /* --output */
	const char *jobfile;         /* --job */
	const char *run_mode;        /* --run's MODE */
	const char *procedure;       /* --profile/--suite/--sweep argument */
	const char *scratch_size;    /* --scratch[=SIZE], NULL if not asked */
	bool scratch;
	unsigned long long delay_ms; /* -d */
	unsigned long long lat_limit_us;
	struct job_spec job;         /* the command line's job; its bitmap says
				      * which options were on the line */
	bool dry_run;                /* --dry-run: verdict and gate only */
	/* Many hosts (src/fleet): the words of argv that stay here (the
	 * switches marked local, and their values) and the target's word,
	 * so the rest goes to every host as the user wrote it. */
	const char *hosts;           /* --hosts, NULL for this host only */
	const char *ssh_command;     /* --ssh */
	const char *remote_blktop;   /* --remote-blktop */
	bool hosts_partial;          /* --hosts-partial */
	bool fio_driver;             /* --driver=fio: fio's server on the far side */
	unsigned fio_port;           /* --fio-port, 0: fio's default */
	bool fio_running;            /* --fio-running: the servers are there already */
	const char *remote_fio;      /* --remote-fio */
	int target_argi;             /* argv index of the target, 0: none */
	int jobfile_argi;            /* argv index of --job's file, 0: none */
	int nlocal;
	int local_argi[32];
	/* As fio: the options before the first --name are global, each
	 * --name starts a job of its own, begun as a copy of global. job is
	 * the last; more[] holds the ones before it, in order. */
	struct job_spec global;
	struct job_spec more[CLI_MAX_JOBS - 1];
	size_t nmore;
	bool named;                  /* a --name has been seen */
	const char *sections[CLI_MAX_SECTIONS]; /* --section, in order */
	size_t nsections;
	bool readonly;               /* --readonly: refuse any job that writes */
	/* --profile-env: a profile's environment steps around a batch run of
	 * the command line's jobs (a fleet's far side takes them so). */
	const char *profile_env;
};

/* Parses argv: blktop's switches (switches.c) and job options (options.c),
 * each as --name=value, --name value or fio's -name=value; a 0|1 option or
 * a switch without a value never takes the next word. Returns BLKTOP_OK,
 * or BLKTOP_USAGE after printing one line naming the fault. */
int cli_parse(int argc, char **argv, struct cli_args *args);
void cli_usage(FILE *out);

#endif
