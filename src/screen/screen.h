/* SPDX-License-Identifier: GPL-2.0-or-later */
/* screen.h - the full-screen monitor and runner: device list
 * with verdicts, workload form, live figures, CPU and IRQ panes. */
#ifndef BLKTOP_SCREEN_H
#define BLKTOP_SCREEN_H

#include "cli.h"
#include "jobset.h"

/* Runs the screen until the user quits or SIGINT, SIGTERM or SIGHUP
 * arrives. initial_job (may be NULL) starts at once and is not taken
 * over (the caller frees it); its force flag is honoured as given.
 * scratch_dev ("/dev/loop3", or NULL) is selected in the device list;
 * the caller removes it after this returns. Leaving stops any job, waits
 * for it, restores the terminal, then prints the last run's summary on
 * stdout or into args->output_file (JSON when args->format is
 * OUTPUT_JSON). Installs its own SIGINT, SIGTERM and SIGHUP handlers for
 * the while and restores the caller's. Returns the exit status: 128+N
 * when signal N ended it, else the last run's (0, 1), 2 or 3 when it
 * could not start, 0 with no run. */
int screen_main(const struct cli_args *args, struct job_set *initial_job,
		const char *scratch_dev);

/* --hosts without --batch: a row per host, their totals, each host's
 * panes; leaving stops every host's job and prints the fleet's report.
 * Returns the exit status as fleet_main does. */
int fleet_screen_main(const struct cli_args *args, int argc, char **argv);

#endif
