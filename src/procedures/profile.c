/* SPDX-License-Identifier: GPL-2.0-or-later */
/* profile.c - --profile latency|iops|throughput: the ESSD PL-X latency test's procedure done
 * step by step, each step said as it is taken: the safety verdict (the
 * published test's blkid check), the environment checks, rq_affinity set (and put
 * back however the run ends), for latency the queue interrupt whose CPU
 * the job is pinned to, then the run and its report. The same
 * environment steps serve --profile-env, with which a fleet's far side
 * takes them on the host that owns the disk (procedure_env_begin). */
#include "config.h"
#include "procedures/proc_priv.h"

#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "collect/irq.h"
#include "collect/tune.h"
#include "cli.h"
#include "i18n.h"
#include "options.h"
#include "sysroot.h"
#include "util/status.h"

static const char *const latency_settings[] = {
	"rw=randwrite", "bs=4k", "iodepth=1", "numjobs=1", "runtime=30", "time_based=1",
	"ioengine=libaio", "direct=1", "group_reporting=1", "cpus_allowed_policy=split", NULL,
};
static const char *const iops_settings[] = {
	"rw=randwrite", "bs=4k", "iodepth=64", "numjobs=64", "runtime=30", "time_based=1",
	"ioengine=libaio", "direct=1", "group_reporting=1", NULL,
};
/* Not from a published test: the usual bandwidth pair (the seven-test matrix's 1M qd32 tests). */
static const char *const throughput_settings[] = {
	"bs=1m", "iodepth=32", "numjobs=1", "runtime=30", "time_based=1", "ioengine=libaio",
	"direct=1", "group_reporting=1", NULL,
};

/* echo V > /sys/block/X/queue/rq_affinity, remembered for the restore. */
static void set_rq_affinity(struct proc_ctx *c, const char *value)
{
	char path[128], old[TUNE_VALUE_MAX] = "";
	const char *disk = c->tgt.disk;

	if (!disk[0]) {
		proc_note(c, _("rq_affinity: no block device under %s; step skipped"), c->tgt.path);
		return;
	}
	snprintf(path, sizeof(path), "/sys/block/%s/queue/rq_affinity", disk);
	int r = tune_set(path, value, old, sizeof(old));
	if (r == 0 && !strcmp(old, value)) {
		proc_note(c, _("rq_affinity: already %s on %s"), value, disk);
	} else if (r == 0) {
		proc_note(c, _("rq_affinity: %s -> %s on %s: %s (put back to %s when the run ends)"),
			  old, value, disk, env_rq_affinity_meaning(value[0] - '0'), old);
		if (c->env) {
			c->env->rq_changed = true;
			snprintf(c->env->rq_path, sizeof(c->env->rq_path), "%s", path);
			snprintf(c->env->rq_old, sizeof(c->env->rq_old), "%s", old);
			snprintf(c->env->disk, sizeof(c->env->disk), "%s", disk);
		}
	} else if (r == -ENOENT) {
		proc_note(c, _("rq_affinity: %s has no %s; the run goes on without it"), disk, path);
	} else if (r == -EACCES || r == -EPERM || r == -EROFS) {
		proc_note(c, _("rq_affinity: cannot set %s to %s: %s (blktop is not root?); the run goes on with %s"),
			  path, value, strerror(-r), old[0] ? old : "?");
	} else {
		proc_note(c, _("rq_affinity: cannot set %s to %s: %s; the run goes on with %s"), path,
			  value, strerror(-r), old[0] ? old : "?");
	}
}

static void list_queues(struct proc_ctx *c, const struct irq_snapshot *s)
{
	size_t shown = s->n < 8 ? s->n : 8;

	for (size_t i = 0; i < shown; i++)
		proc_note(c, _("  IRQ %u %s: effective_affinity_list %s"), s->q[i].irq, s->q[i].name,
			  s->q[i].effective_affinity[0] ? s->q[i].effective_affinity : "-");
	if (s->n > shown)
		proc_note(c, _("  ... and %zu more queue interrupts"), s->n - shown);
}

/* The ESSD PL-X latency test: the device's queue interrupt, its effective_affinity_list,
 * and the job pinned there, so the submission, the interrupt and (with
 * rq_affinity 2) the completion all stay on one CPU. */
static int pin_to_irq(struct proc_ctx *c, struct job_spec *j)
{
	struct irq_snapshot s;
	const char *disk = c->tgt.disk;

	if (proc_given(c, "cpus_allowed")) {
		proc_note(c, _("queue interrupts: cpus_allowed=%s given: the profile does not pin the job"),
			  j->cpus_allowed);
		return 0;
	}
	if (!disk[0]) {
		proc_note(c, _("queue interrupts: no block device under %s; the job is not pinned"),
			  c->tgt.path);
		return 0;
	}
	if (irq_snapshot_take(disk, &s)) {
		proc_note(c, _("queue interrupts: cannot read /proc/interrupts; the job is not pinned"));
		return 0;
	}
	switch (s.found) {
	case IRQ_FOUND_NONE:
		proc_note(c, _("queue interrupts: %s has no device of its own (loop, zram, dm and md devices have none): there is no device interrupt to pin to; the job is not pinned"),
			  disk);
		irq_snapshot_free(&s);
		return 0;
	case IRQ_FOUND_NOTHING:
		proc_note(c, _("queue interrupts: %s has a device, but none of its interrupts is in /proc/interrupts; the job is not pinned"),
			  disk);
		irq_snapshot_free(&s);
		return 0;
	default:
		break;
	}
	proc_note(c, _("queue interrupts of %s (through /sys/block/%s/device, as the ESSD PL-X latency test finds them):"),
		  disk, disk);
	list_queues(c, &s);

	cpu_set_t mine;
	unsigned char allowed[CPU_SETSIZE];
	bool have_mask = sched_getaffinity(0, sizeof(mine), &mine) == 0;
	for (int k = 0; k < CPU_SETSIZE; k++)
		allowed[k] = have_mask && CPU_ISSET(k, &mine);
	int cpu = -1;
	long q = env_pick_irq(&s, have_mask ? allowed : NULL, CPU_SETSIZE, &cpu);
	if (q < 0) {
		proc_note(c, _("  none has an effective CPU this process may run on; the job is not pinned"));
		irq_snapshot_free(&s);
		return 0;
	}
	char v[16];
	snprintf(v, sizeof(v), "%d", cpu);
	int st = proc_job_set(c, j, "cpus_allowed", v);
	if (!st)
		st = proc_job_set(c, j, "cpus_allowed_policy", "split");
	if (!st) {
		const char *why = s.n == 1 ? _("the device's only queue interrupt")
			: cpu != 0 ? _("the first queue whose interrupt lands on one CPU other than CPU 0, which also takes the timer and most other interrupts")
				   : _("the first queue whose interrupt lands on a CPU this process may use");
		proc_note(c, _("  job pinned to CPU %d: the effective_affinity_list of IRQ %u %s, %s (the ESSD PL-X latency test picks one at random with shuf; blktop picks the same one every run, so runs compare)"),
			  cpu, s.q[q].irq, s.q[q].name, why);
	}
	irq_snapshot_free(&s);
	return st;
}

static int build_jobs(struct proc_ctx *c, struct job_set *set)
{
	struct job_spec j;
	int st = 0;

	switch (c->t->kind) {
	case PROC_LATENCY:
		st = proc_job(c, &j, "latency", latency_settings);
		break;
	case PROC_IOPS:
		st = proc_job(c, &j, "iops", iops_settings);
		break;
	default:
		st = proc_job(c, &j, "seq-read", throughput_settings);
		if (!st)
			st = proc_job_set(c, &j, "rw", "read");
		if (!st && job_set_add(set, &j))
			st = BLKTOP_FAILED;
		if (!st)
			st = proc_job(c, &j, "seq-write", throughput_settings);
		if (!st)
			st = proc_job_set(c, &j, "rw", "write");
		j.stonewall = true;
		break;
	}
	if (!st && job_set_add(set, &j))
		st = BLKTOP_FAILED;
	if (st == 1)
		snprintf(c->err, c->errlen, "%s", strerror(ENOMEM));
	return st;
}

/* The environment steps on the machine that owns the disk: the checks,
 * rq_affinity for the run, and for latency the job pinned next to the
 * queue interrupt. */
static int take_env(struct proc_ctx *c, struct job_set *set)
{
	env_checks(c);
	if (c->t->kind == PROC_LATENCY)
		set_rq_affinity(c, "2");
	else if (c->t->kind == PROC_IOPS)
		set_rq_affinity(c, "0");
	else
		proc_note(c, _("rq_affinity: left as it is (the ESSD PL-X tests set it for latency and IOPS only)"));
	/* The ESSD PL-X latency test sleeps 5 s after the echo; the setting applies to the
	 * next completion, so blktop does not wait. */
	for (size_t i = 0; c->t->kind == PROC_LATENCY && i < set->njobs; i++) {
		int st = pin_to_irq(c, &set->jobs[i]);
		if (st)
			return st;
	}
	return 0;
}

int profile_run(struct proc_ctx *c)
{
	struct job_set set = { 0 };
	bool writes = false;
	char desc[512];
	int st = build_jobs(c, &set);

	if (st)
		goto out;
	for (size_t i = 0; i < set.njobs; i++)
		writes = writes || rw_modifies(set.jobs[i].rw);

	proc_note(c, "%s: %s", c->t->title, c->tgt.path);
	st = env_verdict(c, writes);
	if (st)
		goto out;
	if (proc_is_remote(c)) {
		/* Here they would check and tune this machine, not the hosts:
		 * a far-side blktop takes them on its own disk and CPUs. */
		if (c->req->remote->env_on_hosts)
			proc_note(c, "%s", _("environment: each host takes the profile's checks, rq_affinity "
					     "and IRQ pinning itself, on its own disk and CPUs; what each did "
					     "is under its line in the step's report"));
		else
			proc_note(c, "%s", _("environment: with --driver=fio the profile's checks, rq_affinity "
					     "and IRQ pinning are not taken (fio's server runs the jobs as "
					     "they are on each host)"));
	} else if ((st = take_env(c, &set))) {
		goto out;
	}

	c->t->planned = set.njobs;
	for (size_t i = 0; i < set.njobs; i++) {
		proc_describe(&set.jobs[i], desc, sizeof(desc));
		proc_note(c, _("run %s: %s"), set.jobs[i].name, desc);
		if (proc_row_add(c, set.jobs[i].name, &set.jobs[i]) < 0) {
			snprintf(c->err, c->errlen, "%s", strerror(ENOMEM));
			st = BLKTOP_FAILED;
			goto out;
		}
	}
	st = proc_run(c, &set, 0);
out:
	/* At once, not at exit: the report that follows was measured with
	 * the setting, the machine should not stay so any longer. */
	tune_restore();
	job_set_free(&set);
	return st;
}

static void env_note(const struct proc_hooks *hooks, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void env_note(const struct proc_hooks *hooks, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	if (!hooks->note)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	hooks->note(line, hooks->arg);
}

int procedure_env_begin(const char *profile, struct job_set *set, const struct proc_hooks *hooks,
			struct proc_env *env, char *err, size_t errlen)
{
	struct proc_request req = { 0 };
	struct proc_table t = { 0 };
	struct proc_ctx c = { .req = &req, .hooks = hooks, .t = &t, .err = err, .errlen = errlen,
			      .env = env };

	memset(env, 0, sizeof(*env));
	err[0] = '\0';
	if (procedure_kind(MODE_PROFILE, profile, &req.kind) || !set->njobs) {
		snprintf(err, errlen, _("--profile-env: unknown profile '%s' (allowed: latency, iops, throughput)"),
			 profile);
		return BLKTOP_USAGE;
	}
	/* The jobs' own target and options: one given on the command line
	 * (cpus_allowed) is not the profile's to change. */
	req.job = set->jobs[0];
	t.kind = req.kind;
	snprintf(t.name, sizeof(t.name), "%s", profile);
	int st = proc_target_prepare(&c);
	if (st)
		return st;
	proc_note(&c, _("environment of the %s profile, taken by this blktop: %s"), profile,
		  c.tgt.path);
	return take_env(&c, set);
}

void procedure_env_end(const struct proc_env *env, const struct proc_hooks *hooks)
{
	char now[TUNE_VALUE_MAX] = "";

	tune_restore();
	if (!env->rq_changed)
		return;
	/* What the file reads now, not what was meant: the note is the proof. */
	if (sysroot_read(env->rq_path, now, sizeof(now)) >= 0 && !strcmp(now, env->rq_old))
		env_note(hooks, _("rq_affinity: put back to %s on %s"), env->rq_old, env->disk);
	else
		env_note(hooks, _("rq_affinity: could not put %s back to %s (it reads %s; set it by hand: echo %s > %s)"),
			 env->rq_path, env->rq_old, now[0] ? now : "?", env->rq_old, env->rq_path);
}
