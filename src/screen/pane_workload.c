/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pane_workload.c - the job that runs (or ran): its options as the table
 * formats them, where it is pinned, which CPU takes its interrupts, and
 * its state or the reason it did not start. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "screen/fmt.h"
#include "screen/pane.h"

static void put(struct flow *f, const struct theme *t, const char *key, const char *value)
{
	flow_put(f, key, t->attr[EL_HEADER], value, t->attr[EL_NORMAL]);
}

static void put_option(struct flow *f, const struct theme *t, const struct job_spec *j,
		       const char *name, const char *label)
{
	const struct job_option *o = job_option_find(name);
	char buf[300];
	if (!o)
		return;
	job_option_format(j, o, buf, sizeof(buf));
	put(f, t, label ? label : name, buf);
}

static const char *state_word(enum job_state s)
{
	switch (s) {
	case JOB_IDLE: return _("idle");
	case JOB_RUNNING: return _("RUNNING");
	case JOB_STOPPING: return _("STOPPING");
	case JOB_DONE: return _("DONE");
	case JOB_FAILED: return _("FAILED");
	case JOB_REFUSED: return _("NOT STARTED");
	}
	return "";
}

/* The state on the pane's last line; a refusal or failure takes the last
 * two, since its reason is the point. Returns the lines used. */
static int draw_state(const struct view *v, struct rect r)
{
	const struct screen_model *m = v->m;
	const struct theme *t = v->t;
	enum job_state s = v->live->state;
	char buf[700], el[32], tot[32];
	enum theme_elem e = s == JOB_RUNNING ? EL_RUNNING
			    : s == JOB_FAILED || s == JOB_REFUSED ? EL_ERROR : EL_HEADER;
	if (s == JOB_REFUSED || (s == JOB_FAILED && m->run_err[0])) {
		snprintf(buf, sizeof(buf), "%s: %s", state_word(s), m->run_err);
		int lines = r.h - 1 >= 3 ? 2 : 1;
		draw_wrapped(r.y + r.h - lines, r.x + 1, r.w - 1, lines, t->attr[e], buf);
		return lines;
	}
	if (v->live->runtime_ms)
		snprintf(buf, sizeof(buf), "%s %s/%s", state_word(s),
			 fmt_duration(v->live->elapsed_ms, el, sizeof(el)),
			 fmt_duration(v->live->runtime_ms, tot, sizeof(tot)));
	else
		snprintf(buf, sizeof(buf), "%s %s", state_word(s),
			 fmt_duration(v->live->elapsed_ms, el, sizeof(el)));
	draw_text(r.y + r.h - 1, r.x + 1, r.w - 1, t->attr[e], buf);
	return 1;
}

/* The CPUs that take the followed disk's queue interrupts. */
static void irq_cpus(const struct screen_model *m, char *buf, size_t len)
{
	buf[0] = '\0';
	size_t used = 0;
	for (size_t i = 0; i < m->irq_prev.n && used + 1 < len; i++) {
		const struct irq_queue *q = &m->irq_prev.q[i];
		used += (size_t)snprintf(buf + used, len - used, "%s%u>%s", i ? " " : "", q->irq,
					 q->effective_affinity[0] ? q->effective_affinity : "?");
	}
}

static void draw_workload(const struct view *v, struct rect r, struct pane_state *st, bool focused)
{
	const struct screen_model *m = v->m;
	const struct job_spec *j = &m->job;
	const struct theme *t = v->t;
	char buf[300];
	if (m->proc_on) {
		proc_table_draw(v, r, st, focused);
		return;
	}
	draw_pane_title(t, r, _("Workload"), NULL, focused);
	if (r.h < 2)
		return;
	if (!m->have_job) {
		draw_wrapped(r.y + 1, r.x + 1, r.w - 1, r.h - 1, t->attr[EL_DIM],
			     _("Select a device: Enter opens the workload form, Enter again starts it."));
		return;
	}
	/* Most telling first: what is left out at 80x24 matters least. */
	struct flow f;
	int state_lines = draw_state(v, r);
	flow_init(&f, r.y + 1, r.x + 1, r.w - 1, r.h - 1 - state_lines);
	put(&f, t, "->", j->filename[0] ? j->filename : j->directory);
	put_option(&f, t, j, "rw", NULL);
	put_option(&f, t, j, "bs", NULL);
	put_option(&f, t, j, "iodepth", "qd");
	put_option(&f, t, j, "numjobs", "jobs");
	if (j->rw == RW_RW || j->rw == RW_RANDRW)
		put_option(&f, t, j, "rwmixread", "read%");
	if (j->cpus_allowed[0]) {
		snprintf(buf, sizeof(buf), "%s%s", j->cpus_allowed,
			 j->cpus_policy == CPUS_SPLIT ? " split" : "");
		put(&f, t, "cpus", buf);
	} else {
		put(&f, t, "cpus", _("any"));
	}
	irq_cpus(m, buf, sizeof(buf));
	if (buf[0] && !strcmp(m->follow, m->job_disk))
		put(&f, t, "IRQ>CPU", buf);
	put_option(&f, t, j, "runtime", NULL);
	if (j->time_based)
		put(&f, t, "time_based", "1");
	if (j->size)
		put_option(&f, t, j, "size", NULL);
	put_option(&f, t, j, "ioengine", NULL);
	if (!j->direct)
		put(&f, t, "direct", "0");
	if (j->rate_iops[DIR_READ] || j->rate_iops[DIR_WRITE])
		put_option(&f, t, j, "rate_iops", NULL);
	if (j->ramp_ms)
		put_option(&f, t, j, "ramp_time", NULL);
	if (m->njobs > 1) {
		snprintf(buf, sizeof(buf), "%zu", m->njobs);
		put(&f, t, _("sections"), buf);
	}
}

/* A procedure's table scrolls (Up, PgUp, Home...); the job's figures do not. */
static int workload_rows(const struct view *v)
{
	return v->m->proc_on ? (int)v->m->proc_nrows : 0;
}

const struct pane_class pane_workload = {
	.title = N_("Workload"),
	.draw = draw_workload,
	.rows = workload_rows,
	.selects = false,
};
