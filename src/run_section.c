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
#include <unistd.h>

#include "i18n.h"
#include "util/cpulist.h"
#include "util/status.h"

#define MAX_FILES_PER_JOB 64

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
		if (!limit) {
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
		t->size_bytes = limit;
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

void section_free(struct section *s)
{
	run_free_prios(s->threads, s->threads ? s->nthreads : 0);
	free(s->laid_files);
	free(s->laid_bytes);
	free(s->tptr);
	free(s->threads);
	free(s->files);
	monitor_free(&s->mon);
}
