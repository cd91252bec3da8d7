/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run.c - runs a job set. Each job section becomes numjobs threads; sections
 * run together unless stonewall puts them in a later wave. The calling
 * thread paces the wave and is its monitor (monitor.c: samples and status
 * intervals, never the I/O path), then merges everything at the end.
 * A section's setup is run_section.c's; running one wave, run_wave.c's. */
#include "config.h"
#include "run.h"
#include "run_priv.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/flow.h"
#include "i18n.h"
#include "monitor.h"
#include "options.h"
#include "target.h"
#include "util/status.h"

#define MAX_THREADS 4096
#define SERIES_CAP 2048

static void on_kick(int sig)
{
	(void)sig; /* only there to interrupt a blocked io_getevents */
}

/* wait_for=NAME: the job runs in a wave after the named one's, which
 * fio wants defined earlier in the file. The job waits for the whole
 * wave of the named job, not for that job alone (blktop's runner starts
 * jobs by waves): its bytes are fio's, its start may be later. */
static int wait_for_wave(struct section *secs, size_t i, char *err, size_t errlen)
{
	const char *want = secs[i].spec->wait_for;
	for (size_t k = 0; k < i; k++)
		if (!strcmp(secs[k].spec->name, want)) {
			if (secs[i].wave <= secs[k].wave)
				secs[i].wave = secs[k].wave + 1;
			return 0;
		}
	snprintf(err, errlen, _("%s: wait_for=%s: no job of that name before this one"),
		 secs[i].spec->name, want);
	return BLKTOP_USAGE;
}

/* Tells the hooks what the section's file setup laid out, clone by clone,
 * as fio's "Laying out IO file" lines (and its line for a full filesystem). */
static void tell_layout(const struct section *s, const struct run_hooks *hooks)
{
	for (unsigned c = 0; hooks && c < s->nthreads; c++) {
		if (s->laid_files[c] && hooks->laid_out)
			hooks->laid_out(s->spec->name, s->laid_files[c], s->laid_bytes[c],
					hooks->ready_arg);
		if (s->threads[c].layout_full_errno && hooks->layout_full)
			hooks->layout_full(s->threads[c].layout_full_errno, hooks->ready_arg);
	}
}

/* The sections of wave w that open their files as it starts (fio's
 * create_serialize=0) open them now, after the waves before it, and their
 * layout is told as the others' was before the run. */
static void open_wave_files(struct section *secs, size_t n, unsigned w, struct open_targets *ot,
			    bool force, const struct run_hooks *hooks)
{
	for (size_t i = 0; i < n; i++) {
		if (secs[i].wave != w || !secs[i].deferred)
			continue;
		section_open_files(&secs[i], ot, force);
		tell_layout(&secs[i], hooks);
	}
}

int run_job_set(struct job_set *set, const struct run_hooks *hooks, struct run_result *result,
		char *err, size_t errlen)
{
	struct open_targets ot = { NULL, 0 };
	struct section *secs = calloc(set->njobs ? set->njobs : 1, sizeof(*secs));
	/* exitall: one flag per reporting group, set by the thread that ends it. */
	int *group_end = calloc(set->njobs ? set->njobs : 1, sizeof(*group_end));
	struct disk_snapshot *disk_before = NULL, *disk_after = NULL;
	size_t ndisk_before = 0, ndisk_after = 0;
	struct cpu_snapshot cpu_before = { 0 }, cpu_after = { 0 };
	int status = 0;
	unsigned wave = 0, groupid = 0;
	struct unit *units = NULL;
	size_t nunits = 0;
	const struct job_thread **unit_threads = NULL;
	struct run_progress_state *prog = NULL;
	struct io_flow *flows = NULL;

	err[0] = '\0';
	memset(result, 0, sizeof(*result));
	if (!secs || !group_end) {
		free(secs);
		free(group_end);
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return BLKTOP_FAILED;
	}
	if (set->njobs == 0) {
		snprintf(err, errlen, _("no jobs to run"));
		free(secs);
		free(group_end);
		return BLKTOP_USAGE;
	}
	unsigned long long threads = 0;
	for (size_t i = 0; i < set->njobs; i++)
		threads += set->jobs[i].numjobs;
	if (threads > MAX_THREADS) {
		snprintf(err, errlen, _("numjobs: %llu threads in all is more than %u"), threads,
			 MAX_THREADS);
		free(secs);
		free(group_end);
		return BLKTOP_USAGE;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_kick; /* no SA_RESTART: the wait must return EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	/* The run's own control, under the caller's: nothing is reset, so a
	 * stop the caller asked for before this point still holds. */
	struct runctl ctl;
	runctl_init(&ctl, hooks ? hooks->ctl : NULL);
	/* fio's log files: one writer thread for the run, made only when a
	 * job asks for a log; threads are numbered as fio numbers them. */
	struct joblog_set *logs = NULL;
	for (size_t i = 0; i < set->njobs && !logs; i++)
		if (joblog_wanted(&set->jobs[i]) && !(logs = joblog_set_new())) {
			snprintf(err, errlen, "%s", strerror(ENOMEM));
			free(secs);
			free(group_end);
			return BLKTOP_FAILED;
		}
	unsigned thread_number = 1;
	unsigned last_wave = 0;
	/* fio checks directory= as it parses: no job has made a file yet. */
	for (size_t i = 0; i < set->njobs && !status; i++)
		if (set->jobs[i].directory[0] && target_dirs_check(&set->jobs[i], err, errlen))
			status = BLKTOP_USAGE;
	for (size_t i = 0; i < set->njobs && !status; i++) {
		struct job_spec *job = &set->jobs[i];
		/* stonewall waits for every job before it, a job that waits
		 * for another one (wait_for) included. */
		if (i > 0 && job->stonewall)
			wave = last_wave + 1;
		if (i > 0 && (job->stonewall || job->new_group))
			groupid++;
		secs[i].spec = job;
		secs[i].wave = wave;
		if (job->wait_for[0])
			status = wait_for_wave(secs, i, err, errlen);
		if (secs[i].wave > last_wave)
			last_wave = secs[i].wave;
		secs[i].groupid = groupid;
		if (!status && i > 0 && secs[i - 1].groupid == groupid)
			status = steady_check_group(secs[i - 1].spec, job, err, errlen);
		if (!status)
			status = engine_check(job, err, errlen);
		if (!status)
			status = section_prepare(&secs[i], &ot, &ctl, &group_end[groupid],
						 set->force, logs, thread_number, err, errlen);
		thread_number += (unsigned)job->numjobs;
	}
	/* fio's exitall, set by any job, ends a reporting group when any of
	 * its threads ends. */
	bool exitall = false;
	for (size_t i = 0; i < set->njobs; i++)
		exitall = exitall || set->jobs[i].exitall;
	for (size_t i = 0; i < set->njobs && exitall && !status; i++) {
		/* exit_what=stonewall stops the groups of the thread's wave. */
		unsigned lo = secs[i].groupid;
		unsigned hi = lo;
		for (size_t j = 0; j < set->njobs; j++)
			if (secs[j].wave == secs[i].wave) {
				lo = secs[j].groupid < lo ? secs[j].groupid : lo;
				hi = secs[j].groupid > hi ? secs[j].groupid : hi;
			}
		for (unsigned k = 0; k < secs[i].nthreads; k++) {
			secs[i].threads[k].exitall = true;
			secs[i].threads[k].group_ends = group_end;
			secs[i].threads[k].ngroups = groupid + 1;
			secs[i].threads[k].wave_group_lo = lo;
			secs[i].threads[k].wave_group_hi = hi;
		}
	}
	/* fio's flows: each job's weight joins its flow id's before any
	 * thread starts, as fio adds them when it sets the jobs up. */
	flows = calloc(set->njobs, sizeof(*flows));
	if (!flows && !status) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		status = BLKTOP_FAILED;
	}
	for (size_t i = 0, nflows = 0; i < set->njobs && !status; i++) {
		struct io_flow *f = flow_join(flows, &nflows, set->njobs, &set->jobs[i]);
		for (unsigned k = 0; k < secs[i].nthreads; k++) {
			secs[i].threads[k].flow = f;
			secs[i].threads[k].run_threads = (unsigned)threads;
		}
		/* dedupe_global draws on every thread's first buffer state,
		 * each from its own job's seed: one seed for all, here. */
		const struct job_spec *a = &set->jobs[i];
		if (set->jobs[i].dedupe_global) {
			for (size_t j = 0; j < set->njobs && !status; j++) {
				const struct job_spec *b = &set->jobs[j];
				if (a->randrepeat != b->randrepeat || a->randseed != b->randseed ||
				    job_option_given(a, "randseed") != job_option_given(b, "randseed") ||
				    !a->randrepeat) {
					snprintf(err, errlen, _("%s: dedupe_global with jobs that differ in randseed or randrepeat=0: not supported"),
						 a->name);
					status = BLKTOP_USAGE;
				}
			}
		}
	}
	if (status)
		goto out;

	result->groups = calloc(set->njobs, sizeof(*result->groups));
	if (units_build(secs, set->njobs, threads, &units, &nunits, &unit_threads) == 0)
		result->entries = calloc(nunits ? nunits : 1, sizeof(*result->entries));
	if (!result->groups || !result->entries) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		status = BLKTOP_FAILED;
		goto out;
	}
	result->ngroups = set->njobs;
	for (size_t i = 0; i < set->njobs; i++) {
		secs[i].mon.res = &result->groups[i];
		/* A deferred section's files have their names already. */
		const char *path = "";
		for (size_t k = 0; k < ot.n; k++)
			if (secs[i].files && ot.v[k]->fd == secs[i].files[0].fd)
				path = ot.v[k]->path;
		if (!path[0] && secs[i].deferred && secs[i].files && secs[i].files[0].path)
			path = secs[i].files[0].path;
		run_group_init(secs[i].mon.res, secs[i].spec, secs[i].groupid, secs[i].nthreads, path);
		sample_series_init(&secs[i].mon.res->series, SERIES_CAP);
	}
	result->nentries = nunits;
	for (size_t u = 0; u < nunits; u++) {
		const struct job_thread *t = units[u].threads[0];
		units[u].mon.res = &result->entries[u];
		run_group_init(&result->entries[u], t->spec, units[u].groupid, units[u].nthreads,
			   t->nfiles && t->files[0].path ? t->files[0].path : "");
		/* fio names a group after its first job but lists the options
		 * of its last. */
		const struct job_spec *last = units[u].threads[units[u].nthreads - 1]->spec;
		memcpy(result->entries[u].spec.given, last->given, sizeof(last->given));
		result->entries[u].spec.given_global = last->given_global;
		if (steady_watch_start(units[u].ss, &result->entries[u])) {
			snprintf(err, errlen, "%s", strerror(ENOMEM));
			status = BLKTOP_FAILED;
			goto out;
		}
	}
	if (ot.n && ot.v[0]->disk[0])
		snprintf(result->device_name, sizeof(result->device_name), "%s", ot.v[0]->disk);
	/* The verdict goes into the report; taken before the run, since the
	 * run's own exclusive open would show as "in use". */
	if (ot.n && ot.v[0]->kind == TARGET_BLOCK && ot.v[0]->verdict_taken) {
		result->verdict = ot.v[0]->verdict;
		result->verdict_taken = true;
	}
	if (set->dry_run)
		goto out;
	if (hooks && hooks->ready)
		hooks->ready(hooks->ready_arg);
	for (size_t i = 0; i < set->njobs; i++)
		tell_layout(&secs[i], hooks);

	if (logs && joblog_set_start(logs) < 0) {
		snprintf(err, errlen, _("cannot start the log writer: %s"), strerror(EAGAIN));
		status = BLKTOP_FAILED;
		goto out;
	}
	result->start_wall_ms = run_wall_ms();
	result->start_wall = result->start_wall_ms / 1000;
	run_disks_snapshot(&ot, &disk_before, &ndisk_before);
	cpu_snapshot_take(&cpu_before);
	prog = run_progress_new(hooks, &ot, secs, set->njobs, units, nunits, result, disk_before,
				ndisk_before, &cpu_before);
	uint64_t tick0 = 0;
	for (unsigned w = 0; w <= last_wave && !runctl_stopped(&ctl); w++) {
		open_wave_files(secs, set->njobs, w, &ot, set->force, hooks);
		if (run_wave(secs, set->njobs, units, nunits, w, hooks, prog, &ctl, &tick0, err,
			     errlen))
			result->exit_status = BLKTOP_FAILED;
	}
	cpu_snapshot_take(&cpu_after);
	run_disks_snapshot(&ot, &disk_after, &ndisk_after);
	char logerr[512];
	if (joblog_set_finish(logs, logerr, sizeof(logerr)) && !result->exit_status) {
		result->exit_status = BLKTOP_FAILED;
		snprintf(err, errlen, "%s", logerr);
	}
	logs = NULL;
	result->end_wall_ms = run_wall_ms();

	unsigned no_area = 0;
	bool no_area_err = false;
	for (size_t i = 0; i < set->njobs; i++) {
		run_collect(secs[i].mon.res, secs[i].tptr, secs[i].nthreads);
		run_collect_prios(secs[i].mon.res, secs[i].tptr, secs[i].nthreads);
		if (secs[i].mon.res->error && !result->exit_status) {
			/* The message names the job, or the target and offset. */
			result->exit_status = BLKTOP_FAILED;
			snprintf(err, errlen, "%s", secs[i].mon.res->error_msg);
		}
		for (unsigned k = 0; k < secs[i].nthreads; k++) {
			if (!secs[i].threads[k].no_area)
				continue;
			if (!no_area++ && !result->exit_status) {
				result->exit_status = BLKTOP_FAILED;
				snprintf(err, errlen, "%s", secs[i].threads[k].error_msg);
				no_area_err = true;
			}
		}
	}
	/* fio says so once per clone and counts them in its exit status;
	 * blktop's status stays 1 (2 and 3 mean bad input and refusal). */
	if (no_area_err && no_area > 1) {
		size_t used = strlen(err);
		snprintf(err + used, errlen - used, _(" (%u clones fail so)"), no_area);
	}
	for (size_t u = 0; u < nunits; u++) {
		run_collect(&result->entries[u], units[u].threads, units[u].nthreads);
		run_collect_prios(&result->entries[u], units[u].threads, units[u].nthreads);
	}
	if (cpu_before.ncpu && cpu_after.ncpu)
		run_cpu_results(result, &cpu_before, &cpu_after);
	if (ndisk_after) {
		result->disks = calloc(ndisk_after, sizeof(*result->disks));
		if (result->disks)
			result->ndisks = run_disks_delta(disk_before, ndisk_before, disk_after,
							 ndisk_after, result->disks);
	}
out:
	if (logs) {
		char ignored[512];
		joblog_set_finish(logs, ignored, sizeof(ignored));
	}
	run_progress_free(prog);
	units_free(units, nunits, unit_threads);
	for (size_t i = 0; i < set->njobs; i++)
		section_free(&secs[i]);
	free(secs);
	free(group_end);
	free(flows);
	free(disk_before);
	free(disk_after);
	cpu_snapshot_free(&cpu_before);
	cpu_snapshot_free(&cpu_after);
	open_targets_close(&ot);
	if (status) {
		run_result_free(result);
		return status;
	}
	return 0;
}
