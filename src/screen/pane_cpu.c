/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pane_cpu.c - mpstat -P ALL in a pane: the nine columns for all CPUs and
 * each CPU, CPUs the job is pinned to marked with '*'. The "all" row stays
 * put while the per-CPU rows scroll. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "screen/pane.h"

#define LABEL_W 5
#define COL_W 8

static const enum cpu_field shown[] = {
	CPU_USR, CPU_NICE, CPU_SYS, CPU_IOWAIT, CPU_IRQ, CPU_SOFT, CPU_STEAL, CPU_GUEST, CPU_IDLE,
};
static const char *const shown_name[] = {
	"%usr", "%nice", "%sys", "%iowait", "%irq", "%soft", "%steal", "%guest", "%idle",
};
#define NSHOWN (int)(sizeof(shown) / sizeof(shown[0]))

/* Fewer columns when narrow; %idle is always last. */
static int columns_that_fit(int w)
{
	int n = (w - LABEL_W) / COL_W;
	return n > NSHOWN ? NSHOWN : n < 1 ? 1 : n;
}

static bool column_kept(int i, int ncols)
{
	return i == NSHOWN - 1 || i < ncols - 1;
}

static void draw_row(const struct view *v, int y, int x, int w, const char *label,
		     const struct cpu_pct *p, attr_t a)
{
	char buf[32];
	int ncols = columns_that_fit(w), cx = x;
	draw_blank(y, x, w, a);
	draw_text(y, cx, LABEL_W, a, label);
	cx += LABEL_W;
	for (int i = 0; i < NSHOWN; i++) {
		if (!column_kept(i, ncols))
			continue;
		snprintf(buf, sizeof(buf), "%.2f", p->pct[shown[i]]);
		draw_text_right(y, cx, COL_W, a, buf);
		cx += COL_W;
	}
}

static void draw_cpu(const struct view *v, struct rect r, struct pane_state *st, bool focused)
{
	const struct screen_model *m = v->m;
	const struct theme *t = v->t;
	char extra[96];
	snprintf(extra, sizeof(extra), "%s", m->npinned ? _("* = job pinned here") : "");
	draw_pane_title(t, r, _("CPU"), extra, focused);
	int x = r.x + 1, w = r.w - 1, y = r.y + 1, end = r.y + r.h;
	if (y >= end)
		return;
	int ncols = columns_that_fit(w), cx = x + LABEL_W;
	draw_blank(y, x, w, t->attr[EL_HEADER]);
	draw_text(y, x, LABEL_W, t->attr[EL_HEADER], "CPU");
	for (int i = 0; i < NSHOWN; i++) {
		if (!column_kept(i, ncols))
			continue;
		draw_text_right(y, cx, COL_W, t->attr[EL_HEADER], shown_name[i]);
		cx += COL_W;
	}
	y++;
	if (!m->cpu_valid) {
		if (y < end)
			draw_text(y, x, w, t->attr[EL_DIM], _("(waiting for a second sample)"));
		return;
	}
	if (y < end)
		draw_row(v, y++, x, w, "all", &m->cpu_all, t->attr[EL_NORMAL]);
	int visible = end - y;
	if (st->top > m->ncpu - visible)
		st->top = m->ncpu - visible;
	if (st->top < 0)
		st->top = 0;
	for (int i = 0; i < visible && st->top + i < m->ncpu; i++) {
		int c = st->top + i;
		bool pin = c < CPU_MAX && m->pinned[c];
		char label[16];
		snprintf(label, sizeof(label), "%d%s", c, pin ? "*" : "");
		draw_row(v, y + i, x, w, label, &m->cpu[c], t->attr[pin ? EL_PINNED : EL_NORMAL]);
	}
}

static int cpu_rows(const struct view *v)
{
	return v->m->ncpu;
}

const struct pane_class pane_cpu = {
	.title = N_("CPU"),
	.draw = draw_cpu,
	.rows = cpu_rows,
	.selects = false,
};
