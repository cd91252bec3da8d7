/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sweep.c - --sweep bs|numjobs: one option stepped, one run per step, one
 * row per run. bs follows the Azure block-size test's iops tool (random reads, from the
 * logical block size to 16 MiB, doubling; IO/s, kB/s, Mbit/s); numjobs
 * follows the multi-disk job file (8, 12, 16... for random, 1, 2, 3... for sequential,
 * until IOPS stop rising or latency passes the limit) and names the knee.
 * The arithmetic of both is in ramp.c. */
#include "config.h"
#include "procedures/proc_priv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "output/report.h"
#include "procedures/ramp.h"
#include "util/status.h"

/* iops.py runs 32 threads of synchronous reads; one libaio job at
 * iodepth 32 keeps as many in flight. */
static const char *const bs_settings[] = {
	"rw=randread", "iodepth=32", "numjobs=1", "runtime=10", "time_based=1",
	"ioengine=libaio", "direct=1", "norandommap=1", "randrepeat=0", "group_reporting=1",
	NULL,
};
/* The numjobs ramp's job: 8k random reads at iodepth 1, more jobs each step. */
static const char *const numjobs_settings[] = {
	"rw=randread", "bs=8k", "iodepth=1", "runtime=10", "time_based=1", "ioengine=libaio",
	"direct=1", "norandommap=1", "randrepeat=0", "group_reporting=1", NULL,
};

/* Builds the step's job: the procedure's job with the swept option set. */
static int step_job(struct proc_ctx *c, const char *const *settings, const char *option,
		    unsigned long long value, struct job_spec *j)
{
	char v[32], name[JOB_NAME_MAX];

	snprintf(v, sizeof(v), "%llu", value);
	snprintf(name, sizeof(name), "%s-%llu", option, value);
	int st = proc_job(c, j, name, settings);
	/* The swept option is the sweep's, whatever the command line said. */
	if (!st && job_option_set(j, option, v, c->err, c->errlen))
		st = BLKTOP_USAGE;
	return st;
}

static int run_step(struct proc_ctx *c, struct job_spec *j, const char *label, size_t *row)
{
	struct job_set set = { 0 };
	char desc[512];
	long r = proc_row_add(c, label, j);

	if (r < 0 || job_set_add(&set, j)) {
		snprintf(c->err, c->errlen, "%s", strerror(ENOMEM));
		return BLKTOP_FAILED;
	}
	*row = (size_t)r;
	proc_describe(j, desc, sizeof(desc));
	if (c->t->planned)
		proc_note(c, "[%zu/%zu] %s", *row + 1, c->t->planned, desc);
	else
		proc_note(c, "[%zu] %s", *row + 1, desc);
	int st = proc_run(c, &set, *row);
	job_set_free(&set);
	return st;
}

static void ignored(struct proc_ctx *c, const char *option)
{
	if (proc_given(c, option))
		proc_note(c, _("--%s is what this sweep varies; the given value is not used"),
			  option);
}

static int sweep_bs(struct proc_ctx *c)
{
	unsigned long long steps[32];
	size_t n = ramp_bs_steps(c->tgt.lbs, steps, 32);
	struct job_spec j;
	char label[32];
	int worst = 0;

	ignored(c, "bs");
	int st = step_job(c, bs_settings, "bs", steps[0], &j);
	if (st)
		return st;
	if ((st = env_verdict(c, rw_modifies(j.rw))))
		return st;
	if (c->tgt.lbs > SWEEP_BS_MIN)
		proc_note(c, _("starts at %s: the logical block size of %s (direct I/O goes no smaller)"),
			  format_size(steps[0], label, sizeof(label)),
			  c->tgt.disk[0] ? c->tgt.disk : c->tgt.path);
	/* Steps larger than the area would fail; the curve ends there. */
	unsigned long long area = j.size ? j.size : c->tgt.size;
	while (area && n > 1 && steps[n - 1] > area)
		n--;
	c->t->planned = n;
	c->t->curve_bw = true;
	for (size_t i = 0; i < n && !proc_stopped(c); i++) {
		size_t row;
		if ((st = step_job(c, bs_settings, "bs", steps[i], &j)))
			return st;
		format_size(steps[i], label, sizeof(label));
		st = run_step(c, &j, label, &row);
		if (st == 2 || st == 3)
			return st;
		/* A failed step ends the curve: see suite_run. */
		if (st) {
			worst = st;
			snprintf(c->t->stop_reason, sizeof(c->t->stop_reason), "error");
			break;
		}
	}
	return worst;
}

static void step_said(struct proc_ctx *c, const struct proc_row *r, size_t i)
{
	if (i == 0)
		proc_note(c, _("      numjobs %llu: %.0f IOPS, lat avg %.1f us"), r->numjobs, r->iops,
			  report_lat_up(r->lat_avg_ns, 1000, 1));
	else
		proc_note(c, _("      numjobs %llu: %.0f IOPS (%+.1f %% vs the best before), lat avg %.1f us"),
			  r->numjobs, r->iops, r->gain * 100, report_lat_up(r->lat_avg_ns, 1000, 1));
}

static int sweep_numjobs(struct proc_ctx *c)
{
	struct ramp_point pts[RAMP_MAX_STEPS];
	double limit = (double)c->req->lat_limit_us;
	enum ramp_stop stop = RAMP_GO_ON;
	struct job_spec j;
	size_t n = 0;

	ignored(c, "numjobs");
	int st = step_job(c, numjobs_settings, "numjobs", 1, &j);
	if (st)
		return st;
	if ((st = env_verdict(c, rw_modifies(j.rw))))
		return st;
	bool sequential = !rw_is_random(j.rw);
	c->t->curve_bw = sequential;
	proc_note(c, sequential
		? _("sequential: numjobs 1, 2, 3... until throughput gains under 3 %% twice, or lat avg passes %llu us")
		: _("random: numjobs 8, 12, 16... until IOPS gain under 3 %% twice, or lat avg passes %llu us"),
		c->req->lat_limit_us);

	while (stop == RAMP_GO_ON && !proc_stopped(c)) {
		unsigned long long jobs = ramp_numjobs(sequential, n);
		char label[32];
		size_t row;
		if ((st = step_job(c, numjobs_settings, "numjobs", jobs, &j)))
			return st;
		snprintf(label, sizeof(label), "%llu", jobs);
		st = run_step(c, &j, label, &row);
		if (st) {
			snprintf(c->t->stop_reason, sizeof(c->t->stop_reason), "error");
			break;
		}
		struct proc_row *r = &c->t->rows[row];
		if (r->state != ROW_DONE)
			break;
		pts[n].numjobs = jobs;
		pts[n].iops = r->iops;
		pts[n].lat_avg_us = r->lat_avg_ns / 1000;
		r->gain = ramp_gain(pts, n);
		step_said(c, r, n);
		n++;
		stop = ramp_should_stop(pts, n, limit);
	}
	if (proc_stopped(c))
		snprintf(c->t->stop_reason, sizeof(c->t->stop_reason), "stopped");
	else if (stop != RAMP_GO_ON)
		snprintf(c->t->stop_reason, sizeof(c->t->stop_reason), "%s", ramp_stop_name(stop));
	c->t->knee = ramp_knee(pts, n, limit);
	return st == BLKTOP_USAGE || st == BLKTOP_REFUSED ? st : st ? BLKTOP_FAILED : BLKTOP_OK;
}

int sweep_run(struct proc_ctx *c)
{
	proc_note(c, "%s: %s", c->t->title, c->tgt.path);
	return c->t->kind == PROC_SWEEP_BS ? sweep_bs(c) : sweep_numjobs(c);
}
