/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run.c - runs a job set. Each job section becomes numjobs threads; sections
 * run together unless stonewall puts them in a later wave. The calling
 * thread paces the wave and is its monitor (monitor.c: samples and status
 * intervals, never the I/O path), then merges everything at the end. */
#include "config.h"
#include "run.h"
#include "run_priv.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/flow.h"
#include "i18n.h"
#include "monitor.h"
#include "options.h"
#include "target.h"
#include "util/cpulist.h"
#include "util/status.h"

#define MAX_FILES_PER_JOB 64
#define MAX_THREADS 4096
#define SERIES_CAP 2048
#define MONITOR_NAP_NS (50ULL * 1000 * 1000)
#define KICK_GRACE_NS (500ULL * 1000 * 1000)


/* Opens a target once per (path, access) for the whole run: the clones of
 * a section, and sections on the same device, share the descriptor; a
 * second O_EXCL open by this process would be refused by the kernel. */
static struct target *open_shared(struct open_targets *ot, const struct target *want,
				  const struct job_spec *job, bool force, int *status, char *err,
				  size_t errlen)
{
	bool writes = rw_modifies(job->rw);
	for (size_t i = 0; i < ot->n; i++) {
		struct target *t = ot->v[i];
		if (!strcmp(t->path, want->path) && t->writable == writes &&
		    t->direct == job->direct &&
		    (t->kind != TARGET_FILE ||
		     t->dev_size >= job->offset + want->clone_offset +
					    (want->file_size ? want->file_size : job->size)) &&
		    t->sync_flags == (writes ? job->sync_flags : 0))
			return t;
	}
	struct target **nv = realloc(ot->v, (ot->n + 1) * sizeof(*nv));
	struct target *t = malloc(sizeof(*t));
	if (nv)
		ot->v = nv;
	if (!nv || !t) {
		free(t);
		*status = BLKTOP_FAILED;
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return NULL;
	}
	*t = *want;
	*status = target_open(t, job, force, err, errlen);
	if (*status) {
		target_close(t);
		free(t);
		return NULL;
	}
	ot->v[ot->n++] = t;
	return t;
}

static void close_all(struct open_targets *ot)
{
	for (size_t i = 0; i < ot->n; i++) {
		target_close(ot->v[i]);
		free(ot->v[i]);
	}
	free(ot->v);
	ot->v = NULL;
	ot->n = 0;
}

/* cpus_allowed ("0-3,6") as a set of online CPUs. 0, or -1 with err set. */
static int parse_cpus(const char *list, cpu_set_t *set, char *err, size_t errlen)
{
	unsigned char bits[CPU_SETSIZE];
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	bool any = false;

	CPU_ZERO(set);
	if (cpulist_parse(list, bits, CPU_SETSIZE) < 0) {
		snprintf(err, errlen, _("cpus_allowed: '%s' is not a CPU list such as 0-3,6"), list);
		return -1;
	}
	for (int c = 0; c < CPU_SETSIZE && c < online; c++)
		if (bits[c]) {
			CPU_SET(c, set);
			any = true;
		}
	if (!any) {
		snprintf(err, errlen, _("cpus_allowed: none of %s is online (CPUs 0-%ld here)"),
			 list, online - 1);
		return -1;
	}
	return 0;
}

/* The n-th CPU of a set, wrapping: cpus_allowed_policy=split. */
static int nth_cpu(const cpu_set_t *set, unsigned n)
{
	int count = CPU_COUNT(set);
	int want = (int)(n % (unsigned)count);
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, set) && want-- == 0)
			return c;
	return 0;
}

static void thread_init_stats(struct job_thread *t)
{
	for (int d = 0; d < DIR_ALL; d++) {
		lat_init(&t->dir[d].slat);
		lat_init(&t->dir[d].clat);
		lat_init(&t->dir[d].lat);
	}
}

/* Builds the threads of one section and opens what they use. */
static int section_prepare(struct section *s, struct open_targets *ot, struct runctl *ctl,
			   int *group_end, bool force, struct joblog_set *logs,
			   unsigned first_thread, char *err, size_t errlen)
{
	const struct job_spec *job = s->spec;
	struct target want[MAX_FILES_PER_JOB];
	cpu_set_t cpus;
	int status = 0;

	CPU_ZERO(&cpus);
	if (job->cpus_allowed[0] && parse_cpus(job->cpus_allowed, &cpus, err, errlen))
		return BLKTOP_USAGE;
	s->nthreads = (unsigned)job->numjobs;
	s->threads = calloc(s->nthreads, sizeof(*s->threads));
	s->laid_files = calloc(s->nthreads, sizeof(*s->laid_files));
	s->laid_bytes = calloc(s->nthreads, sizeof(*s->laid_bytes));
	if (!s->threads || !s->laid_files || !s->laid_bytes)
		goto nomem;
	for (unsigned c = 0; c < s->nthreads; c++) {
		int n = target_files_for(job, c, want, MAX_FILES_PER_JOB, err, errlen);
		if (n < 0)
			return BLKTOP_USAGE;
		if (c == 0) {
			s->files_per_thread = (unsigned)n;
			s->files = calloc((size_t)n * s->nthreads, sizeof(*s->files));
			if (!s->files)
				goto nomem;
		}
		unsigned subjob = target_subjob(c, s->nthreads);
		uint64_t step = 0;
		if (!job->offset_increment_pct &&
		    __builtin_mul_overflow((uint64_t)subjob, job->offset_increment, &step))
			step = UINT64_MAX;
		for (int i = 0; i < n; i++)
			want[i].clone_offset = step;
		struct job_thread *t = &s->threads[c];
		t->spec = job;
		t->clone = c;
		t->thread_number = first_thread + c;
		t->files = &s->files[(size_t)c * s->files_per_thread];
		t->nfiles = (unsigned)n;
		thread_init_stats(t);
		for (int i = 0; i < n; i++) {
			size_t opened = ot->n;
			struct target *tg = open_shared(ot, &want[i], job, force, &status, err, errlen);
			if (!tg)
				return status;
			/* A file opened anew here and grown: fio lays it out in
			 * this clone's setup (a clone after the first finds it
			 * made). */
			if (ot->n > opened && tg->laid_out) {
				s->laid_files[c]++;
				s->laid_bytes[c] += tg->laid_out;
			}
			status = target_area(tg, job, want[i].file_size, subjob,
					     &t->files[i].area_start,
					     &t->files[i].area_len,
					     err, errlen);
			if (status == TARGET_AREA_FAILS) {
				/* This clone fails; the others run (fio's rule). */
				t->no_area = true;
				snprintf(t->error_msg, sizeof(t->error_msg), "%s", err);
				err[0] = '\0';
				status = 0;
			}
			if (status)
				return status;
			t->files[i].fd = tg->fd;
			t->files[i].path = tg->path;
			t->files[i].file_size = tg->dev_size;
		}
		uint64_t limit = job->io_size ? job->io_size : 0;
		if (!limit && !job->time_based) {
			for (int i = 0; i < n; i++)
				limit += t->files[i].area_len;
			/* As fio: with filesize, size caps the bytes moved. */
			if (job->filesize_low && job->size && job->size < limit)
				limit = job->size;
		}
		/* loops: the job's size (or io_size) that many times over;
		 * sequential offsets wrap round to the start as fio's loops do. */
		if (__builtin_mul_overflow(limit, job->loops ? job->loops : 1, &limit))
			limit = UINT64_MAX;
		/* trimwrite, randtrimwrite: fio counts the writes alone
		 * against the size (next_io.c leaves the trims out). */
		t->io_limit = job->time_based ? 0 : limit;
		/* number_ios: fio's count of I/Os of every direction against
		 * number_ios times loops (twice that for trimwrite, whose
		 * writes each follow a trim); time_based jobs ignore it. */
		uint64_t ios = job->number_ios;
		if (__builtin_mul_overflow(ios, job->loops ? job->loops : 1, &ios) ||
		    (rw_trimwrites(job->rw) && __builtin_mul_overflow(ios, 2, &ios)))
			ios = UINT64_MAX;
		t->ios_limit = job->time_based ? 0 : ios;
		if (job->cpus_allowed[0]) {
			t->pin = true;
			if (job->cpus_policy == CPUS_SPLIT) {
				/* As fio: the CPU is picked by the thread's number
				 * in the whole run (every job's clones counted
				 * in order), not its clone number, wrapping
				 * round the set. */
				CPU_ZERO(&t->cpus);
				CPU_SET(nth_cpu(&cpus, first_thread - 1 + c), &t->cpus);
			} else {
				t->cpus = cpus;
			}
		}
		t->ctl = ctl;
		if (logs && joblog_wanted(job) && !t->no_area) {
			t->log = joblog_add(logs, job, first_thread + c, err, errlen);
			if (!t->log)
				return BLKTOP_FAILED;
		}
		t->group_end = group_end;
	}
	s->tptr = calloc(s->nthreads, sizeof(*s->tptr));
	if (!s->tptr)
		goto nomem;
	for (unsigned c = 0; c < s->nthreads; c++)
		s->tptr[c] = &s->threads[c];
	static const uint64_t per_second[MON_KINDS] = { 1000, 1000 };
	if (monitor_init(&s->mon, s->tptr, s->nthreads, s->groupid, per_second, true))
		goto nomem;
	return 0;
nomem:
	snprintf(err, errlen, "%s", strerror(ENOMEM));
	return BLKTOP_FAILED;
}

static void section_free(struct section *s)
{
	run_free_prios(s->threads, s->threads ? s->nthreads : 0);
	free(s->laid_files);
	free(s->laid_bytes);
	free(s->tptr);
	free(s->threads);
	free(s->files);
	monitor_free(&s->mon);
}

static void on_kick(int sig)
{
	(void)sig; /* only there to interrupt a blocked io_getevents */
}

/* A job thread waits for completions without a timer. When the run should
 * end (a stop was asked for, or the runtime is over) and a thread is still
 * waiting, a signal interrupts its wait so it notices, even if the device
 * has stopped answering. */
static void kick_late_threads(struct section *secs, size_t n, unsigned wave,
			      const struct runctl *ctl, uint64_t now)
{
	bool stopping = runctl_stopped(ctl);
	for (size_t i = 0; i < n; i++) {
		struct section *s = &secs[i];
		if (s->wave != wave)
			continue;
		for (unsigned k = 0; k < s->nthreads; k++) {
			struct job_thread *t = &s->threads[k];
			uint64_t deadline = __atomic_load_n(&t->deadline_ns, __ATOMIC_RELAXED);
			bool late = stopping || (deadline && now > deadline + KICK_GRACE_NS);
			if (late && t->tid && !__atomic_load_n(&t->finished, __ATOMIC_ACQUIRE))
				pthread_kill(t->tid, SIGUSR1);
		}
	}
}

static bool wave_finished(struct section *secs, size_t n, unsigned wave)
{
	for (size_t i = 0; i < n; i++) {
		if (secs[i].wave != wave)
			continue;
		for (unsigned k = 0; k < secs[i].nthreads; k++)
			if (!__atomic_load_n(&secs[i].threads[k].finished, __ATOMIC_ACQUIRE))
				return false;
	}
	return true;
}

static void nap_until(uint64_t when)
{
	uint64_t now = now_ns();
	if (when <= now)
		return;
	uint64_t d = when - now;
	if (d > MONITOR_NAP_NS)
		d = MONITOR_NAP_NS;
	sleep_ns(d);
}

/* Threads of a wave set up (buffers, engine) first and start together:
 * setup time is not run time, and samples line up with the I/O. */
static void wait_ready(struct section *secs, size_t n, unsigned wave, const struct runctl *ctl)
{
	for (;;) {
		bool all = true;
		for (size_t i = 0; i < n && all; i++) {
			if (secs[i].wave != wave)
				continue;
			for (unsigned k = 0; k < secs[i].nthreads && all; k++) {
				const struct job_thread *t = &secs[i].threads[k];
				all = __atomic_load_n(&t->ready, __ATOMIC_ACQUIRE) ||
				      __atomic_load_n(&t->finished, __ATOMIC_ACQUIRE);
			}
		}
		if (all || runctl_stopped(ctl))
			return;
		sleep_ns(1000000);
	}
}

/* Starts a wave's threads and watches them until they all end. */
static int run_wave(struct section *secs, size_t n, struct unit *units, size_t nunits,
		    unsigned wave, const struct run_hooks *hooks, struct run_progress_state *prog,
		    struct runctl *ctl, uint64_t *tick0, char *err, size_t errlen)
{
	const struct run_hooks *mh = run_progress_hooks(prog, hooks);
	int go = 0;
	int status = 0;

	for (size_t i = 0; i < n; i++) {
		struct section *s = &secs[i];
		if (s->wave != wave)
			continue;
		for (unsigned k = 0; k < s->nthreads; k++) {
			struct job_thread *t = &s->threads[k];
			t->go = &go;
			if (t->no_area) {
				t->finished = 1;
				continue;
			}
			int r = pthread_create(&t->tid, NULL, job_thread_main, t);
			if (r) {
				snprintf(err, errlen, _("cannot start a job thread: %s"), strerror(r));
				t->finished = 1;
				t->tid = 0;
				runctl_stop(ctl, RUNCTL_ERROR, 0, "cannot start a job thread");
				status = BLKTOP_FAILED;
			}
		}
	}
	wait_ready(secs, n, wave, ctl);

	uint64_t start = now_ns();
	uint64_t hook_next = UINT64_MAX;
	uint64_t hook_gap = hooks && (hooks->interval || prog) && hooks->interval_ms
				    ? hooks->interval_ms * 1000000ULL : 0;
	for (size_t i = 0; i < n; i++) {
		struct section *s = &secs[i];
		if (s->wave != wave)
			continue;
		const struct job_spec *job = s->spec;
		uint64_t epoch = start + job->ramp_ms * 1000000ULL;
		monitor_start(&s->mon, start, epoch);
		for (unsigned k = 0; k < s->nthreads; k++) {
			struct job_thread *t = &s->threads[k];
			t->start_ns = start;
			t->ramp_end_ns = epoch;
			t->deadline_ns = job->runtime_ms ? epoch + job->runtime_ms * 1000000ULL : 0;
			if (t->no_area)
				t->counted_from_ns = t->ended_ns = start;
		}
	}
	for (size_t u = 0; u < nunits; u++)
		if (units[u].wave == wave)
			unit_start(&units[u], start);
	steady_units_begin(units, nunits, wave, start);
	__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
	/* The intervals run from the first wave's start, across waves, as
	 * fio's status-interval timer: a later wave's first interval ends
	 * at the next tick. */
	if (!*tick0)
		*tick0 = start;
	if (hook_gap)
		for (hook_next = *tick0 + hook_gap; hook_next <= start;)
			hook_next += hook_gap;

	uint64_t next_kick = 0;
	while (!wave_finished(secs, n, wave)) {
		uint64_t wake = hook_next;
		for (size_t i = 0; i < n; i++)
			if (secs[i].wave == wave && monitor_next(&secs[i].mon) < wake)
				wake = monitor_next(&secs[i].mon);
		for (size_t u = 0; u < nunits; u++)
			if (units[u].wave == wave && unit_next(&units[u]) < wake)
				wake = unit_next(&units[u]);
		wake = steady_units_next(units, nunits, wave, wake);
		nap_until(wake);
		uint64_t now = now_ns();
		if (now >= next_kick) {
			kick_late_threads(secs, n, wave, ctl, now);
			next_kick = now + KICK_GRACE_NS;
		}
		bool do_hook = now >= hook_next;
		for (size_t i = 0; i < n; i++)
			if (secs[i].wave == wave)
				monitor_update(&secs[i].mon, now, do_hook, mh);
		for (size_t u = 0; u < nunits; u++)
			if (units[u].wave == wave)
				unit_update(&units[u], now);
		steady_units_update(units, nunits, wave, now);
		if (do_hook) {
			while (hook_next <= now)
				hook_next += hook_gap;
			uint64_t due = hook_next - hook_gap;
			run_progress_emit(prog, wave, false, (due - *tick0) / 1000000ULL);
		}
	}
	for (size_t i = 0; i < n; i++)
		if (secs[i].wave == wave)
			for (unsigned k = 0; k < secs[i].nthreads; k++)
				if (secs[i].threads[k].tid)
					pthread_join(secs[i].threads[k].tid, NULL);
	/* A last status line for what happened since the previous one. */
	if (hook_gap) {
		for (size_t i = 0; i < n; i++)
			if (secs[i].wave == wave)
				monitor_finish(&secs[i].mon, mh);
		run_progress_emit(prog, wave, true, 0);
	}
	return status;
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
		const char *path = "";
		for (size_t k = 0; k < ot.n; k++)
			if (secs[i].files && ot.v[k]->fd == secs[i].files[0].fd)
				path = ot.v[k]->path;
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
	if (hooks && hooks->laid_out)
		for (size_t i = 0; i < set->njobs; i++)
			for (unsigned c = 0; c < secs[i].nthreads; c++)
				if (secs[i].laid_files[c])
					hooks->laid_out(secs[i].spec->name, secs[i].laid_files[c],
							secs[i].laid_bytes[c], hooks->ready_arg);

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
	for (unsigned w = 0; w <= last_wave && !runctl_stopped(&ctl); w++)
		if (run_wave(secs, set->njobs, units, nunits, w, hooks, prog, &ctl, &tick0, err,
			     errlen))
			result->exit_status = BLKTOP_FAILED;
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
	close_all(&ot);
	if (status) {
		run_result_free(result);
		return status;
	}
	return 0;
}
