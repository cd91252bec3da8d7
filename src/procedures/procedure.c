/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procedure.c - what every procedure needs: the target resolved once (a
 * device, a file, or a directory in which one data file is shared by all
 * steps), jobs built through the options table with the user's options
 * winning, and one job set run into rows of the table.
 * The procedures themselves are in profile.c, suite.c and sweep.c. */
#include "config.h"
#include "procedures/proc_priv.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "cli.h"
#include "collect/diskstat.h"
#include "collect/tune.h"
#include "i18n.h"
#include "options.h"
#include "stats/hist.h"
#include "stats/stats.h"
#include "sysroot.h"
#include "target.h"
#include "util/status.h"

bool proc_stopped(const struct proc_ctx *c)
{
	return runctl_stopped(c->req->ctl);
}

int procedure_kind(int mode, const char *name, enum proc_kind *out)
{
	enum proc_family f = mode == MODE_PROFILE ? PROC_PROFILE
			     : mode == MODE_SUITE ? PROC_SUITE : PROC_SWEEP;
	const struct proc_entry *e = (mode == MODE_PROFILE || mode == MODE_SUITE ||
				      mode == MODE_SWEEP) ? proc_entry_find(f, name) : NULL;
	if (!e)
		return -1;
	*out = e->kind;
	return 0;
}

void proc_note(struct proc_ctx *c, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	if (!c->hooks->note)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	c->hooks->note(line, c->hooks->arg);
}

bool proc_given(const struct proc_ctx *c, const char *option)
{
	const struct job_option *o = job_option_find(option);
	return o && job_option_is_set(&c->req->job, job_option_index(o));
}

static void disk_lbs(struct proc_target *t)
{
	char path[128];
	unsigned long long v;

	if (!t->disk[0])
		return;
	snprintf(path, sizeof(path), "/sys/block/%s/queue/logical_block_size", t->disk);
	if (!sysroot_read_u64(path, &v) && v)
		t->lbs = (unsigned)v;
}

static int block_facts(struct proc_ctx *c)
{
	struct proc_target *t = &c->tgt;
	unsigned long long bytes = 0;
	int lbs = 0;
	int fd = open(t->path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(c->err, c->errlen, _("%s: cannot open: %s"), t->path, strerror(errno));
		return BLKTOP_FAILED;
	}
	if (!ioctl(fd, BLKGETSIZE64, &bytes))
		t->size = bytes;
	if (!ioctl(fd, BLKSSZGET, &lbs) && lbs > 0)
		t->lbs = (unsigned)lbs;
	close(fd);
	return 0;
}

int proc_target_prepare(struct proc_ctx *c)
{
	const struct job_spec *uj = &c->req->job;
	struct proc_target *t = &c->tgt;
	const char *name = uj->filename[0] ? uj->filename : uj->directory;
	struct stat st;

	if (proc_is_remote(c)) {
		/* The hosts' targets, resolved there: nothing here to open
		 * (each host may also have its own, HOST=TARGET). */
		snprintf(t->path, sizeof(t->path), "%s", name);
		t->kind = TARGET_BLOCK;
		t->exists = true;
		snprintf(c->t->target, sizeof(c->t->target), "%s", name);
		return 0;
	}
	if (!name[0]) {
		snprintf(c->err, c->errlen,
			 _("no target: name a device (vdc), file or directory, or use --scratch"));
		return BLKTOP_USAGE;
	}
	if (strchr(name, ':')) {
		snprintf(c->err, c->errlen,
			 _("%s: a procedure takes one target (use a job file for several)"), name);
		return BLKTOP_USAGE;
	}
	target_resolve(name, t->path, sizeof(t->path), &t->kind);
	t->exists = t->kind != TARGET_NONE;
	switch (t->kind) {
	case TARGET_BLOCK:
		if (block_facts(c))
			return BLKTOP_FAILED;
		break;
	case TARGET_FILE:
		if (!stat(t->path, &st))
			t->size = (unsigned long long)st.st_size;
		break;
	case TARGET_DIR:
		if ((size_t)snprintf(t->data_file, sizeof(t->data_file), "%s/blktop-%s.dat",
				     t->path, c->t->name) >= sizeof(t->data_file)) {
			snprintf(c->err, c->errlen, _("%s: path too long"), name);
			return BLKTOP_USAGE;
		}
		t->data_file_made = access(t->data_file, F_OK) != 0;
		break;
	case TARGET_NONE: {
		/* A new file, if its directory exists; never under /dev. */
		char dir[PATH_MAX];
		snprintf(dir, sizeof(dir), "%s", t->path);
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		if (!strncmp(t->path, "/dev/", 5) || !slash ||
		    stat(dir[0] ? dir : "/", &st) || !S_ISDIR(st.st_mode)) {
			snprintf(c->err, c->errlen, _("%s: no such device, file or directory"), name);
			return BLKTOP_USAGE;
		}
		t->kind = TARGET_FILE;
		break;
	}
	default:
		snprintf(c->err, c->errlen, _("%s: not a block device, regular file or directory"),
			 name);
		return BLKTOP_USAGE;
	}
	/* The disk under it, for the queue settings and the block size. */
	char where[PATH_MAX];
	snprintf(where, sizeof(where), "%s", t->path);
	if (!t->exists) {
		char *slash = strrchr(where, '/');
		*slash = '\0';
		if (!where[0])
			snprintf(where, sizeof(where), "/");
	}
	if (diskstat_name_for_path(where, t->disk, sizeof(t->disk)))
		t->disk[0] = '\0';
	if (t->kind == TARGET_FILE && t->exists)
		t->lbs = target_dio_align(t->path);
	if (!t->lbs)
		disk_lbs(t);
	snprintf(c->t->target, sizeof(c->t->target), "%s", t->path);
	return 0;
}

/* Size of a file the procedure lays out: what it asks for, at most half
 * the free space (a benchmark must not fill the user's filesystem). */
static int new_file_size(struct proc_ctx *c, unsigned long long *out)
{
	const struct proc_target *t = &c->tgt;
	char dir[PATH_MAX];
	struct statvfs vfs;
	unsigned long long want = c->area ? c->area : PROC_FILE_SIZE;

	snprintf(dir, sizeof(dir), "%s", t->path);
	if (t->kind != TARGET_DIR) {
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		else
			snprintf(dir, sizeof(dir), ".");
	}
	if (!statvfs(dir[0] ? dir : "/", &vfs)) {
		unsigned long long half = (unsigned long long)vfs.f_bavail * vfs.f_frsize / 2;
		if (want > half)
			want = half;
	}
	want &= ~((1ULL << 20) - 1);
	if (want < (1ULL << 20)) {
		snprintf(c->err, c->errlen,
			 _("%s: not enough free space for a test file (give --size)"), t->path);
		return BLKTOP_USAGE;
	}
	*out = want;
	return 0;
}

static int place_target(struct proc_ctx *c, struct job_spec *j)
{
	const struct proc_target *t = &c->tgt;

	if (t->kind == TARGET_DIR) {
		snprintf(j->directory, sizeof(j->directory), "%s", t->path);
		snprintf(j->filename, sizeof(j->filename), "%s", strrchr(t->data_file, '/') + 1);
	} else {
		j->directory[0] = '\0';
		snprintf(j->filename, sizeof(j->filename), "%s", t->path);
	}
	if (proc_given(c, "size"))
		return 0;
	if (t->exists && t->kind != TARGET_DIR) {
		/* A device or an existing file: the test's size when it names
		 * one and it fits, else all of it. */
		unsigned long long avail = t->size > j->offset ? t->size - j->offset : 0;
		j->size = c->area && c->area < avail ? c->area : 0;
		return 0;
	}
	return new_file_size(c, &j->size);
}

int proc_job(struct proc_ctx *c, struct job_spec *j, const char *name,
	     const char *const *settings)
{
	const struct job_spec *uj = &c->req->job;

	job_defaults(j);
	snprintf(j->name, sizeof(j->name), "%s", name);
	for (size_t i = 0; settings && settings[i]; i++) {
		char key[64];
		const char *eq = strchr(settings[i], '=');
		size_t n = eq ? (size_t)(eq - settings[i]) : strlen(settings[i]);
		if (n >= sizeof(key))
			n = sizeof(key) - 1;
		memcpy(key, settings[i], n);
		key[n] = '\0';
		if (job_option_set(j, key, eq ? eq + 1 : NULL, c->err, c->errlen))
			return BLKTOP_USAGE;
	}
	/* The user's options win: copied field by field as the table lays
	 * them out, so no option is known here by name. */
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];
		if (!job_option_is_set(uj, i) || !strcmp(o->name, "filename") ||
		    !strcmp(o->name, "directory"))
			continue;
		memcpy((char *)j + o->offset, (const char *)uj + o->offset, o->size);
		job_option_mark_set(j, i);
	}
	return place_target(c, j);
}

int proc_job_set(struct proc_ctx *c, struct job_spec *j, const char *option, const char *value)
{
	if (proc_given(c, option))
		return 0;
	return job_option_set(j, option, value, c->err, c->errlen) ? BLKTOP_USAGE : BLKTOP_OK;
}

void proc_describe(const struct job_spec *j, char *buf, size_t len)
{
	static const char *const shown[] = { "rw", "bs", "iodepth", "numjobs", "runtime",
					     "ioengine", "rwmixread", "cpus_allowed", "size",
					     NULL };
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; shown[i] && used < len; i++) {
		const struct job_option *o = job_option_find(shown[i]);
		char v[256];
		if (!o || (!strcmp(shown[i], "rwmixread") && (!rw_reads(j->rw) || !rw_writes(j->rw))) ||
		    (!strcmp(shown[i], "cpus_allowed") && !j->cpus_allowed[0]) ||
		    (!strcmp(shown[i], "size") && !j->size))
			continue;
		job_option_format(j, o, v, sizeof(v));
		/* The table prints times in plain seconds ("30") or with a
		 * unit ("500ms"); say the unit either way. */
		size_t vl = strlen(v);
		bool secs = !strcmp(shown[i], "runtime") && vl && isdigit((unsigned char)v[vl - 1]);
		int n = snprintf(buf + used, len - used, "%s%s=%s%s", used ? " " : "", o->name, v,
				 secs ? "s" : "");
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

long proc_row_add(struct proc_ctx *c, const char *label, const struct job_spec *j)
{
	struct proc_table *t = c->t;
	struct proc_row *v = realloc(t->rows, (t->nrows + 1) * sizeof(*v));

	if (!v)
		return -1;
	t->rows = v;
	struct proc_row *r = &t->rows[t->nrows];
	memset(r, 0, sizeof(*r));
	snprintf(r->label, sizeof(r->label), "%s", label);
	snprintf(r->rw, sizeof(r->rw), "%s", rw_name(j->rw));
	r->bs = j->bs;
	r->iodepth = j->iodepth;
	r->numjobs = j->numjobs;
	return (long)t->nrows++;
}

/* The row's figures from one reporting group: both directions together. */
static void row_fill(struct proc_row *row, const struct group_result *g)
{
	static const double pcts[] = { 50, 99, 99.9, 99.99 };
	uint64_t pv[4];
	uint64_t ios = g->dir[DIR_READ].ios + g->dir[DIR_WRITE].ios;
	uint64_t bytes = g->dir[DIR_READ].bytes + g->dir[DIR_WRITE].bytes;
	struct lat_stat *m = malloc(2 * sizeof(*m));

	row->runtime_ms = g->runtime_ms;
	if (g->runtime_ms) {
		row->iops = (double)ios * 1000.0 / (double)g->runtime_ms;
		row->bw_bytes = (double)bytes * 1000.0 / (double)g->runtime_ms;
	}
	row->iops_min = row->iops_max = row->iops;
	for (size_t k = 0; k < g->series.len; k++) {
		double v = g->series.v[k].iops[0] + g->series.v[k].iops[1];
		if (k == 0 || v < row->iops_min)
			row->iops_min = v;
		if (k == 0 || v > row->iops_max)
			row->iops_max = v;
	}
	if (!m)
		return;
	for (int i = 0; i < 2; i++) {
		lat_init(&m[i]);
		for (int d = 0; d < DIR_COUNT; d++)
			lat_merge(&m[i], i ? &g->dir[d].lat : &g->dir[d].clat);
	}
	hist_percentiles(&m[0].hist, pcts, 4, lat_min(&m[0]), m[0].max_ns, pv);
	row->clat_avg_ns = lat_mean(&m[0]);
	row->clat_p50_ns = (double)pv[0];
	row->clat_p99_ns = (double)pv[1];
	row->clat_p999_ns = (double)pv[2];
	row->clat_p9999_ns = (double)pv[3];
	row->lat_min_ns = (double)lat_min(&m[1]);
	row->lat_max_ns = (double)m[1].max_ns;
	row->lat_avg_ns = lat_mean(&m[1]);
	row->lat_stdev_ns = lat_stddev(&m[1]);
	free(m);
}

static void tell_row(struct proc_ctx *c, size_t i)
{
	if (c->hooks->row)
		c->hooks->row(c->t, i, c->hooks->arg);
}

/* The monitor's interval: the live figures, to the caller at its pace. */
static void live_interval(const struct run_interval *iv, void *arg)
{
	struct proc_ctx *c = arg;

	if (c->hooks->interval && c->hooks->interval_ms)
		c->hooks->interval(iv, c->hooks->arg);
}

static void live_sample(const struct run_sample *s, void *arg)
{
	struct proc_ctx *c = arg;

	c->hooks->sample(s, c->hooks->arg);
}

static void rows_mark(struct proc_ctx *c, size_t first, size_t n, enum proc_row_state s,
		      const char *note)
{
	for (size_t i = first; i < first + n && i < c->t->nrows; i++) {
		c->t->rows[i].state = s;
		if (note)
			snprintf(c->t->rows[i].note, sizeof(c->t->rows[i].note), "%s", note);
		tell_row(c, i);
	}
}

int proc_run(struct proc_ctx *c, struct job_set *set, size_t first)
{
	struct run_result r;
	struct run_hooks rh = { .interval = live_interval, .arg = c,
				.interval_ms = c->hooks->interval_ms ? c->hooks->interval_ms : 1000,
				.ctl = c->req->ctl,
				.sample = c->hooks->sample ? live_sample : NULL };

	if (proc_stopped(c)) {
		c->t->interrupted = true;
		rows_mark(c, first, set->njobs, ROW_STOPPED, _("not run: stopped"));
		return 0;
	}
	set->force = c->req->force;
	rows_mark(c, first, set->njobs, ROW_RUNNING, NULL);
	if (c->req->remote) {
		int rst = c->req->remote->run_step(c->req->remote, set, c->t, first, c->err,
						   c->errlen);
		if (proc_stopped(c))
			c->t->interrupted = true;
		for (size_t i = first; i < first + set->njobs && i < c->t->nrows; i++)
			tell_row(c, i);
		return rst;
	}
	int st = run_job_set(set, &rh, &r, c->err, c->errlen);
	if (st) {
		for (size_t i = first; i < first + set->njobs && i < c->t->nrows; i++)
			c->t->rows[i].status = st;
		rows_mark(c, first, set->njobs, ROW_FAILED, c->err);
		return st;
	}
	bool stopped = proc_stopped(c);
	if (stopped)
		c->t->interrupted = true;
	for (size_t g = 0; g < r.ngroups && first + g < c->t->nrows; g++) {
		struct proc_row *row = &c->t->rows[first + g];
		row_fill(row, &r.groups[g]);
		row->status = r.groups[g].error ? BLKTOP_FAILED : BLKTOP_OK;
		if (r.groups[g].error) {
			row->state = ROW_FAILED;
			snprintf(row->note, sizeof(row->note), "%.*s", (int)sizeof(row->note) - 1,
				 r.groups[g].error_msg);
		} else {
			row->state = stopped ? ROW_STOPPED : ROW_DONE;
			if (stopped)
				snprintf(row->note, sizeof(row->note), "%s",
					 _("stopped: figures cover the time that ran"));
		}
	}
	char ignored[512];
	if (run_ignored_errors(&r, ignored, sizeof(ignored)))
		proc_note(c, "%s", ignored);
	if (c->hooks->run_done)
		c->hooks->run_done(c->t, &r, c->hooks->arg);
	for (size_t g = 0; g < r.ngroups && first + g < c->t->nrows; g++)
		tell_row(c, first + g);
	st = r.exit_status;
	run_result_free(&r);
	return st;
}

const char *procedure_title(enum proc_kind k)
{
	return _(proc_entry_of(k)->title);
}

const char *procedure_name(enum proc_kind k)
{
	return proc_entry_of(k)->name;
}

int procedure_run(const struct proc_request *req, const struct proc_hooks *hooks,
		  struct proc_table *table, char *err, size_t errlen)
{
	static const struct proc_hooks none;
	struct proc_ctx c = { .req = req, .hooks = hooks ? hooks : &none, .t = table,
			      .err = err, .errlen = errlen };
	int st;

	memset(table, 0, sizeof(*table));
	table->kind = req->kind;
	table->knee = -1;
	table->lat_limit_us = req->lat_limit_us;
	snprintf(table->name, sizeof(table->name), "%s", procedure_name(req->kind));
	snprintf(table->title, sizeof(table->title), "%s", procedure_title(req->kind));
	snprintf(table->stop_reason, sizeof(table->stop_reason), "none");
	err[0] = '\0';
	st = proc_target_prepare(&c);
	if (st)
		return st;
	switch (req->kind) {
	case PROC_LATENCY:
	case PROC_IOPS:
	case PROC_THROUGHPUT:
		st = profile_run(&c);
		break;
	case PROC_SEVEN:
	case PROC_CDM:
		st = suite_run(&c);
		break;
	default:
		st = sweep_run(&c);
		break;
	}
	/* Normally done already, right after the run; a failed step may
	 * have returned before that. */
	tune_restore();
	if (c.tgt.data_file_made && !access(c.tgt.data_file, F_OK)) {
		if (unlink(c.tgt.data_file) == 0)
			proc_note(&c, _("removed %s (laid out for this procedure)"),
				  c.tgt.data_file);
		else
			proc_note(&c, _("could not remove %s: %s"), c.tgt.data_file,
				  strerror(errno));
	}
	if (proc_stopped(&c))
		table->interrupted = true;
	return st;
}

void proc_table_free(struct proc_table *t)
{
	free(t->rows);
	t->rows = NULL;
	t->nrows = 0;
}
