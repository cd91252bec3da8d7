/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run_section.c - sets a job section up before its wave starts: numjobs
 * threads, each with its files opened (once per path and access for the
 * whole run, as the kernel refuses a second O_EXCL open), its area in
 * them, its I/O limits, CPUs and logs, and the section's monitor. Apart
 * from run.c, which orders the sections and merges their results. */
#include "config.h"
#include "run_priv.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/gate.h"
#include "i18n.h"
#include "util/cpulist.h"
#include "util/status.h"

#define MAX_FILES_PER_JOB 64

/* Opens a target once per (path, access) for the whole run: the clones of
 * a section, and sections on the same device, share the descriptor; a
 * second O_EXCL open by this process would be refused by the kernel. */
static struct target *open_shared(struct open_targets *ot, const struct target *want,
				  const struct job_spec *job, bool force, int *status,
				  struct target *failed, char *err, size_t errlen)
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
		failed->setup_errno = t->setup_errno;
		failed->setup_func = t->setup_func;
		failed->laid_out = t->laid_out;
		target_close(t);
		free(t);
		return NULL;
	}
	ot->v[ot->n++] = t;
	return t;
}

void open_targets_close(struct open_targets *ot)
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

/* The bytes a clone moves, from its files' areas: fio's size, io_size
 * and loops. */
static void clone_limit(struct job_thread *t)
{
	const struct job_spec *job = t->spec;
	unsigned n = t->nfiles;
	uint64_t limit = job->io_size ? job->io_size : 0;
	if (!limit) {
		for (unsigned i = 0; i < n; i++)
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
	t->size_bytes = limit;
}

/* fio's first check of a job's files: without size=, filesize= or
 * fill_device, files that are all missing or empty leave nothing to size
 * the job by ("you need to specify size=", EINVAL, func=total_file_size,
 * before any file is made). A device counts as sized. */
static bool nothing_to_size(const struct job_spec *job, const struct target *want, int n)
{
	if (job->size || job->filesize_low || job->fill_device)
		return false;
	for (int i = 0; i < n; i++) {
		struct stat st;
		if (want[i].kind != TARGET_FILE || (!stat(want[i].path, &st) && st.st_size > 0))
			return false;
	}
	return true;
}

/* A clone that fails alone, as fio's whose file setup fails: never
 * started, the run exits 1; error is fio's code for it (0 for none). */
static void clone_fails(struct job_thread *t, int error, const char *func, const char *why)
{
	t->no_area = true;
	t->error = error;
	t->error_func = func;
	snprintf(t->error_msg, sizeof(t->error_msg), "%s", why);
}

/* Opens (sizes, lays out) clone c's files want[0..n) and finds its area
 * in each. A clone whose area is empty fails alone (fio's rule). */
static int open_clone(struct section *s, unsigned c, struct target *want, int n,
		      struct open_targets *ot, bool force, char *err, size_t errlen)
{
	const struct job_spec *job = s->spec;
	struct job_thread *t = &s->threads[c];
	unsigned subjob = target_subjob(c, s->nthreads);
	uint64_t step = 0;
	int status = 0;
	if (!job->offset_increment_pct &&
	    __builtin_mul_overflow((uint64_t)subjob, job->offset_increment, &step))
		step = UINT64_MAX;
	for (int i = 0; i < n; i++)
		want[i].clone_offset = step;
	/* fio's setup makes the directories of the clone's first name that
	 * has any (not of the later ones), before it looks at any size; the
	 * null engine touches no file. */
	for (int i = 0; i < n && job->ioengine != ENGINE_NULL; i++) {
		if (!strchr(want[i].path, '/'))
			continue;
		status = target_make_dirs(want[i].path, force, err, errlen);
		if (status == TARGET_AREA_FAILS) {
			clone_fails(t, 0, NULL, err);
			err[0] = '\0';
			return 0;
		}
		if (status)
			return status;
		break;
	}
	if (nothing_to_size(job, want, n)) {
		snprintf(err, errlen, _("%s: %s is missing or empty and no size is given: the job fails (fio: \"you need to specify size=\")"),
			 job->name, want[0].path);
		clone_fails(t, EINVAL, "total_file_size", err);
		err[0] = '\0';
		return 0;
	}
	for (int i = 0; i < n; i++) {
		size_t opened = ot->n;
		struct target failed = { .setup_errno = 0 };
		struct target *tg = open_shared(ot, &want[i], job, force, &status, &failed, err,
						errlen);
		if (status == TARGET_AREA_FAILS) {
			/* allow_file_create=0 and the file missing: fio fails
			 * the clone, its error 0; a file it cannot make or lay
			 * out, with the failed call's errno. A layout that
			 * began is told as fio tells it, its end too if the
			 * filesystem was full. */
			if (failed.laid_out) {
				s->laid_files[c]++;
				s->laid_bytes[c] += failed.laid_out;
				if (failed.setup_errno == ENOSPC || failed.setup_errno == EDQUOT)
					t->layout_full_errno = failed.setup_errno;
			}
			clone_fails(t, failed.setup_errno, failed.setup_errno ? failed.setup_func : NULL,
				    err);
			err[0] = '\0';
			return 0;
		}
		if (!tg)
			return status;
		/* A file opened anew here and grown: fio lays it out in
		 * this clone's setup (a clone after the first finds it
		 * made). */
		if (ot->n > opened && tg->laid_out) {
			s->laid_files[c]++;
			s->laid_bytes[c] += tg->laid_out;
		}
		status = target_area(tg, job, want[i].file_size, subjob, &t->files[i].area_start,
				     &t->files[i].area_len, err, errlen);
		if (status == TARGET_AREA_FAILS) {
			/* This clone fails; the others run (fio's rule). */
			clone_fails(t, 0, NULL, err);
			err[0] = '\0';
			status = 0;
		}
		if (status)
			return status;
		if (tg->alloc_errno && !t->pending_error)
			t->pending_error = tg->alloc_errno;
		t->files[i].fd = tg->fd;
		t->files[i].path = tg->path;
		t->files[i].file_size = tg->dev_size;
	}
	return 0;
}

/* A section whose files are opened when its wave starts still meets the
 * write gate before the run: a write to (or unlink of) a file the gate
 * refuses now, or a read of one too short for the job today, which would
 * have to grow it, is refused as it would be when opened up front. A file
 * an earlier wave makes is new now, and blktop's once made. */
static int deferred_gate(const struct job_spec *job, const struct target *want, int n,
			 bool force, char *err, size_t errlen)
{
	for (int i = 0; i < n; i++) {
		struct stat st;
		if (want[i].kind != TARGET_FILE || stat(want[i].path, &st))
			continue;
		uint64_t need = job->offset + (want[i].file_size ? want[i].file_size : job->size);
		bool grows = need > (uint64_t)st.st_size;
		if (!rw_modifies(job->rw) && !job->unlink && !grows)
			continue;
		char why[512];
		if (gate_file_write(want[i].path, force, why, sizeof(why)) != GATE_ALLOW) {
			if (job->unlink && !rw_modifies(job->rw) && !grows)
				snprintf(err, errlen, _("unlink=1 would delete %s: %s"),
					 want[i].path, why);
			else
				snprintf(err, errlen, "%s", why);
			return BLKTOP_REFUSED;
		}
	}
	return 0;
}

/* fio's create_serialize=0: the job sets its files up when its thread
 * starts, after the stonewall before it, so it sees what earlier groups
 * made; create_serialize=1 (fio's default) sets every job's up, in job
 * order, before any job runs. Regular files (and names not there yet)
 * only: a device's size does not change with what earlier groups do. */
static bool defer_files(const struct section *s)
{
	const struct job_spec *job = s->spec;
	struct target want[MAX_FILES_PER_JOB];
	char ignored[256];
	if (job->create_serialize || s->wave == 0 || job->ioengine == ENGINE_NULL)
		return false;
	for (unsigned c = 0; c < (unsigned)job->numjobs; c++) {
		int n = target_files_for(job, c, 0, want, MAX_FILES_PER_JOB, ignored,
					 sizeof(ignored));
		if (n < 0)
			return false;
		for (int i = 0; i < n; i++)
			if (want[i].kind == TARGET_BLOCK)
				return false;
	}
	return true;
}

int section_open_files(struct section *s, struct open_targets *ot, bool force)
{
	struct target want[MAX_FILES_PER_JOB];
	char err[512];
	for (unsigned c = 0; c < s->nthreads; c++) {
		struct job_thread *t = &s->threads[c];
		int n = target_files_for(s->spec, c, t->thread_number, want, MAX_FILES_PER_JOB, err,
					 sizeof(err));
		int status = n < 0 ? BLKTOP_USAGE : open_clone(s, c, want, n, ot, force, err,
								 sizeof(err));
		if (status) {
			/* As fio, whose thread fails its file setup: this
			 * clone fails, the others run, the exit status is 1. */
			t->no_area = true;
			snprintf(t->error_msg, sizeof(t->error_msg), "%s", err);
			/* fio's code for a file it cannot size (no size=). */
			if (status == BLKTOP_USAGE)
				t->error = EINVAL;
			continue;
		}
		if (!t->no_area)
			clone_limit(t);
		if (t->pending_error)
			t->ios_limit = 1;
	}
	s->deferred = false;
	return 0;
}

/* Builds the threads of one section and opens what they use. */
int section_prepare(struct section *s, struct open_targets *ot, struct runctl *ctl,
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
	s->deferred = defer_files(s);
	s->threads = calloc(s->nthreads, sizeof(*s->threads));
	s->laid_files = calloc(s->nthreads, sizeof(*s->laid_files));
	s->laid_bytes = calloc(s->nthreads, sizeof(*s->laid_bytes));
	if (!s->threads || !s->laid_files || !s->laid_bytes)
		goto nomem;
	for (unsigned c = 0; c < s->nthreads; c++) {
		int n = target_files_for(job, c, first_thread + c, want, MAX_FILES_PER_JOB, err,
					 errlen);
		if (n < 0)
			return BLKTOP_USAGE;
		if (c == 0) {
			s->files_per_thread = (unsigned)n;
			s->files = calloc((size_t)n * s->nthreads, sizeof(*s->files));
			s->names = calloc((size_t)n * s->nthreads, sizeof(*s->names));
			if (!s->files || !s->names)
				goto nomem;
		}
		struct job_thread *t = &s->threads[c];
		t->spec = job;
		t->clone = c;
		t->thread_number = first_thread + c;
		t->files = &s->files[(size_t)c * s->files_per_thread];
		t->nfiles = (unsigned)n;
		thread_init_stats(t);
		for (int i = 0; i < n; i++) {
			char **name = &s->names[(size_t)c * s->files_per_thread + (size_t)i];
			if (!(*name = strdup(want[i].path)))
				goto nomem;
			t->files[i].path = *name;
			t->files[i].fd = -1;
		}
		if (s->deferred)
			status = deferred_gate(job, want, n, force, err, errlen);
		else
			status = open_clone(s, c, want, n, ot, force, err, errlen);
		if (status)
			return status;
		/* fio sets create_serialize=1 files up in its main process,
		 * before any job has a pid of its own. */
		t->error_in_setup = job->create_serialize && t->error;
		if (!s->deferred && !t->no_area)
			clone_limit(t);
		/* number_ios: fio's count of I/Os of every direction against
		 * number_ios times loops (twice that for trimwrite, whose
		 * writes each follow a trim); time_based jobs ignore it. */
		uint64_t ios = job->number_ios;
		if (__builtin_mul_overflow(ios, job->loops ? job->loops : 1, &ios) ||
		    (rw_trimwrites(job->rw) && __builtin_mul_overflow(ios, 2, &ios)))
			ios = UINT64_MAX;
		t->ios_limit = job->time_based ? 0 : ios;
		/* fio checks its job's error after each I/O it issues. */
		if (t->pending_error)
			t->ios_limit = 1;
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

void section_free(struct section *s)
{
	run_free_prios(s->threads, s->threads ? s->nthreads : 0);
	free(s->laid_files);
	free(s->laid_bytes);
	free(s->tptr);
	free(s->threads);
	free(s->files);
	for (size_t k = 0; s->names && k < (size_t)s->nthreads * s->files_per_thread; k++)
		free(s->names[k]);
	free(s->names);
	monitor_free(&s->mon);
}
