/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pane_irq.c - the followed disk's queue interrupts: per-second rate in
 * total and on each CPU, effective and allowed affinity; the disk's
 * rq_affinity and where the job is pinned. Says so when the disk has no
 * interrupts of its own (loop, zram). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "screen/fmt.h"
#include "screen/pane.h"
#include "util/cpulist.h"

#define IRQ_W 5
#define NAME_W 16
#define RATE_W 8
#define EFF_W 6
#define SMP_W 9
#define CPU_W 7
#define MAX_CPU_COLS 64

/* CPUs worth a column when not all fit: busy ones and affinity targets. */
static int pick_cpus(const struct screen_model *m, int room, int *cpus)
{
	int ncpu = m->irq_prev.ncpu, n = 0;
	if (ncpu <= room) {
		for (int c = 0; c < ncpu && n < MAX_CPU_COLS; c++)
			cpus[n++] = c;
		return n;
	}
	for (int c = 0; c < ncpu && n < room && n < MAX_CPU_COLS; c++) {
		bool busy = false;
		for (size_t i = 0; i < m->irq_prev.n && !busy; i++) {
			unsigned char bits[CPU_MAX];
			busy = (m->irq_rates && m->irq_rates[i].percpu[c] > 0) ||
			       (cpulist_parse(m->irq_prev.q[i].effective_affinity, bits, CPU_MAX) > 0 &&
				c < CPU_MAX && bits[c]);
		}
		if (busy || (c < CPU_MAX && m->pinned[c]))
			cpus[n++] = c;
	}
	return n;
}

static void pinned_text(const struct screen_model *m, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int c = 0; c < CPU_MAX && used + 8 < len; c++) {
		if (!m->pinned[c])
			continue;
		int e = c;
		while (e + 1 < CPU_MAX && m->pinned[e + 1])
			e++;
		used += (size_t)(e > c ? snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "", c, e)
				       : snprintf(buf + used, len - used, "%s%d", used ? "," : "", c));
		c = e;
	}
}

static void draw_info(const struct view *v, int y, int x, int w)
{
	const struct screen_model *m = v->m;
	char line[400], pins[200];
	int rqa = m->irq_prev.rq_affinity;
	pinned_text(m, pins, sizeof(pins));
	char rq[32];
	if (rqa >= 0)
		snprintf(rq, sizeof(rq), "%d", rqa);
	else
		snprintf(rq, sizeof(rq), "-");
	if (m->have_job && !strcmp(m->follow, m->job_disk))
		snprintf(line, sizeof(line), _("rq_affinity %s   job pinned to %s"), rq,
			 pins[0] ? pins : _("no CPU (runs anywhere)"));
	else
		snprintf(line, sizeof(line), _("rq_affinity %s"), rq);
	draw_text(y, x, w, v->t->attr[EL_NORMAL], line);
}

static void draw_irq(const struct view *v, struct rect r, struct pane_state *st, bool focused)
{
	const struct screen_model *m = v->m;
	const struct theme *t = v->t;
	char title[256], buf[64];
	snprintf(title, sizeof(title), m->follow[0] ? _("IRQ (%s)") : _("IRQ"), m->follow);
	draw_pane_title(t, r, title, NULL, focused);
	int x = r.x + 1, w = r.w - 1, y = r.y + 1, end = r.y + r.h;
	if (y >= end)
		return;
	if (!m->follow[0]) {
		draw_text(y, x, w, t->attr[EL_DIM], _("no device selected"));
		return;
	}
	const struct irq_snapshot *s = &m->irq_prev;
	if (!m->irq_have_prev) {
		/* Unreadable (a container, a fake tree) is said, not waited on. */
		draw_text(y, x, w, t->attr[EL_DIM],
			  m->irq_unreadable ? _("cannot read /proc/interrupts: no interrupt figures")
					    : _("reading /proc/interrupts..."));
		return;
	}
	if (s->n == 0) {
		if (s->found == IRQ_FOUND_NONE)
			snprintf(title, sizeof(title),
				 _("%s has no interrupts of its own (no device behind it: loop, zram, dm, md)"),
				 m->follow);
		else
			snprintf(title, sizeof(title), _("%s: no queue interrupts found for its device"),
				 m->follow);
		draw_text(y++, x, w, t->attr[EL_NORMAL], title);
		if (y < end)
			draw_info(v, end - 1, x, w);
		return;
	}
	int cpus[MAX_CPU_COLS];
	int fixed = IRQ_W + NAME_W + RATE_W + EFF_W + SMP_W;
	int ncols = pick_cpus(m, (w - fixed) / CPU_W, cpus);
	int cx = x;
	attr_t h = t->attr[EL_HEADER];
	draw_blank(y, x, w, h);
	draw_text(y, cx, IRQ_W, h, "IRQ");
	draw_text(y, cx += IRQ_W, NAME_W, h, _("NAME"));
	draw_text_right(y, cx += NAME_W, RATE_W - 1, h, "/s");
	draw_text_right(y, cx += RATE_W, EFF_W - 1, h, _("EFF"));
	draw_text(y, cx += EFF_W, SMP_W, h, _("SMP"));
	cx += SMP_W;
	for (int k = 0; k < ncols; k++, cx += CPU_W) {
		snprintf(buf, sizeof(buf), "CPU%d", cpus[k]);
		draw_text_right(y, cx, CPU_W, h, buf);
	}
	y++;
	int visible = end - y - 1;     /* the last line is the info line */
	if (visible < 1)
		visible = 1;
	if (st->top > (int)s->n - visible)
		st->top = (int)s->n - visible;
	if (st->top < 0)
		st->top = 0;
	for (int i = 0; i < visible && st->top + i < (int)s->n && y < end; i++, y++) {
		size_t qi = (size_t)st->top + (size_t)i;
		const struct irq_queue *q = &s->q[qi];
		const struct irq_rate *rt = m->irq_valid && m->irq_rates ? &m->irq_rates[qi] : NULL;
		cx = x;
		snprintf(buf, sizeof(buf), "%u", q->irq);
		draw_text(y, cx, IRQ_W - 1, t->attr[EL_NORMAL], buf);
		draw_text(y, cx += IRQ_W, NAME_W - 1, t->attr[EL_NORMAL], q->name);
		draw_text_right(y, cx += NAME_W, RATE_W - 1, t->attr[EL_NORMAL],
				rt ? fmt_count(rt->total, buf, sizeof(buf)) : "-");
		draw_text_right(y, cx += RATE_W, EFF_W - 1, t->attr[EL_PINNED],
				q->effective_affinity[0] ? q->effective_affinity : "-");
		draw_text(y, cx += EFF_W, SMP_W - 1, t->attr[EL_NORMAL],
			  q->smp_affinity[0] ? q->smp_affinity : "-");
		cx += SMP_W;
		for (int k = 0; k < ncols; k++, cx += CPU_W) {
			double rate = rt && cpus[k] < s->ncpu ? rt->percpu[cpus[k]] : 0;
			draw_text_right(y, cx, CPU_W, t->attr[rate > 0 ? EL_NORMAL : EL_DIM],
					rt ? fmt_count(rate, buf, sizeof(buf)) : "-");
		}
	}
	draw_info(v, end - 1, x, w);
}

static int irq_rows(const struct view *v)
{
	return (int)v->m->irq_prev.n;
}

const struct pane_class pane_irq = {
	.title = N_("IRQ"),
	.draw = draw_irq,
	.rows = irq_rows,
	.selects = false,
};
