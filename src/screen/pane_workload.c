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

/* Lays "key value" pairs out left to right, wrapping at the pane edge. */
struct flow {
	const struct theme *t;
	int y, x, x0, w, ylimit;
};

static void flow_put(struct flow *f, const char *key, const char *value)
{
	int kw = text_width(key), vw = text_width(value);
	int need = kw + 1 + vw;
	if (f->x > f->x0 && f->x + need > f->x0 + f->w) {
		f->y++;
		f->x = f->x0;
	}
	if (f->y >= f->ylimit)
		return;
	int room = f->x0 + f->w - f->x;
	f->x += draw_text(f->y, f->x, room, f->t->attr[EL_HEADER], key);
	f->x += draw_text(f->y, f->x, f->x0 + f->w - f->x, f->t->attr[EL_NORMAL], " ");
	f->x += draw_text(f->y, f->x, f->x0 + f->w - f->x, f->t->attr[EL_NORMAL], value);
	f->x += draw_text(f->y, f->x, f->x0 + f->w - f->x, f->t->attr[EL_NORMAL], "  ");
}

static void flow_option(struct flow *f, const struct job_spec *j, const char *name,
			const char *label)
{
	const struct job_option *o = job_option_find(name);
	char buf[300];
	if (!o)
		return;
	job_option_format(j, o, buf, sizeof(buf));
	flow_put(f, label ? label : name, buf);
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

static void draw_state(const struct view *v, struct rect r)
{
	const struct screen_model *m = v->m;
	const struct theme *t = v->t;
	enum job_state s = v->live->state;
	int y = r.y + r.h - 1;
	char buf[700], el[32], tot[32];
	enum theme_elem e = s == JOB_RUNNING ? EL_RUNNING
			    : s == JOB_FAILED || s == JOB_REFUSED ? EL_ERROR : EL_HEADER;
	if (s == JOB_REFUSED || (s == JOB_FAILED && m->run_err[0]))
		snprintf(buf, sizeof(buf), "%s: %s", state_word(s), m->run_err);
	else if (v->live->runtime_ms)
		snprintf(buf, sizeof(buf), "%s %s/%s", state_word(s),
			 fmt_duration(v->live->elapsed_ms, el, sizeof(el)),
			 fmt_duration(v->live->runtime_ms, tot, sizeof(tot)));
	else
		snprintf(buf, sizeof(buf), "%s %s", state_word(s),
			 fmt_duration(v->live->elapsed_ms, el, sizeof(el)));
	draw_text(y, r.x + 1, r.w - 1, t->attr[e], buf);
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
	char buf[300];
	draw_pane_title(v->t, r, _("Workload"), NULL, focused);
	if (r.h < 2)
		return;
	if (!m->have_job) {
		draw_text(r.y + 1, r.x + 1, r.w - 1, v->t->attr[EL_DIM],
			  _("Pick a device, Enter: form, Enter: run"));
		return;
	}
	struct flow f = { v->t, r.y + 1, r.x + 1, r.x + 1, r.w - 1, r.y + r.h - 1 };
	flow_option(&f, j, "rw", NULL);
	flow_option(&f, j, "bs", NULL);
	flow_option(&f, j, "iodepth", "qd");
	flow_option(&f, j, "numjobs", "jobs");
	if (j->rw == RW_RW || j->rw == RW_RANDRW)
		flow_option(&f, j, "rwmixread", "read%");
	flow_option(&f, j, "runtime", NULL);
	if (j->time_based)
		flow_put(&f, "time_based", "1");
	if (j->size)
		flow_option(&f, j, "size", NULL);
	flow_option(&f, j, "ioengine", NULL);
	if (!j->direct)
		flow_put(&f, "direct", "0");
	if (j->cpus_allowed[0]) {
		snprintf(buf, sizeof(buf), "%s%s", j->cpus_allowed,
			 j->cpus_policy == CPUS_SPLIT ? " split" : "");
		flow_put(&f, "cpus", buf);
	} else {
		flow_put(&f, "cpus", _("any"));
	}
	if (j->rate_iops)
		flow_option(&f, j, "rate_iops", NULL);
	if (j->ramp_ms)
		flow_option(&f, j, "ramp_time", NULL);
	if (m->njobs > 1) {
		snprintf(buf, sizeof(buf), "%zu", m->njobs);
		flow_put(&f, _("sections"), buf);
	}
	flow_put(&f, "->", j->filename[0] ? j->filename : j->directory);
	irq_cpus(m, buf, sizeof(buf));
	if (buf[0] && !strcmp(m->follow, m->job_disk))
		flow_put(&f, "IRQ>CPU", buf);
	draw_state(v, r);
}

const struct pane_class pane_workload = {
	.title = N_("Workload"),
	.draw = draw_workload,
	.rows = NULL,
	.selects = false,
};
