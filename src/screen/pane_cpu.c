/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pane_cpu.c - mpstat -P ALL in a pane: the nine columns for all CPUs and
 * each CPU, CPUs the job is pinned to marked with '*', and (m toggles) a
 * meter beside the figures as htop draws one: user, system, iowait, irq
 * and steal time in their colours. The "all" row stays put while the
 * per-CPU rows scroll. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "screen/pane.h"

#define LABEL_W 5
#define COL_W 8
#define METER_MIN 12     /* a meter narrower than this says nothing */

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

/* The meter's share of the row: 0 when off or too narrow. */
static int meter_width(const struct view *v, int w)
{
	if (!v->m->cpu_bars || w < LABEL_W + 3 * COL_W + METER_MIN + 3)
		return 0;
	int ncols = columns_that_fit(w - METER_MIN - 3);
	return w - LABEL_W - ncols * COL_W - 3;
}

/* "[||||||    ]": each kind of busy time in its colour, idle blank. */
static void draw_meter(const struct view *v, int y, int x, int mw, const struct cpu_pct *p)
{
	const struct theme *t = v->t;
	const struct { double pct; enum theme_elem el; } part[] = {
		{ p->pct[CPU_USR] + p->pct[CPU_NICE], EL_READ },
		{ p->pct[CPU_SYS], EL_P999 },
		{ p->pct[CPU_IOWAIT], EL_P99 },
		{ p->pct[CPU_IRQ] + p->pct[CPU_SOFT], EL_WRITE },
		{ p->pct[CPU_STEAL] + p->pct[CPU_GUEST], EL_DIM },
	};
	draw_text(y, x, 1, t->attr[EL_NORMAL], "[");
	double sum = 0;
	int done = 0;
	for (size_t i = 0; i < sizeof(part) / sizeof(part[0]); i++) {
		sum += part[i].pct;
		int upto = (int)(sum / 100.0 * mw + 0.5);
		upto = upto > mw ? mw : upto;
		for (; done < upto; done++)
			draw_text(y, x + 1 + done, 1, t->attr[part[i].el], t->meter_fill);
	}
	draw_text(y, x + 1 + mw, 1, t->attr[EL_NORMAL], "]");
}

static void draw_row(const struct view *v, int y, int x, int w, const char *label,
		     const struct cpu_pct *p, attr_t a)
{
	char buf[32];
	int mw = meter_width(v, w);
	int ncols = columns_that_fit(mw ? w - mw - 3 : w), cx = x;
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
	if (mw)
		draw_meter(v, y, cx + 1, mw, p);
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
	int mw = meter_width(v, w);
	int ncols = columns_that_fit(mw ? w - mw - 3 : w), cx = x + LABEL_W;
	draw_blank(y, x, w, t->attr[EL_HEADER]);
	if (mw) {
		/* The meter's legend: each word in its part's colour. */
		static const struct { const char *word; enum theme_elem el; } key[] = {
			{ "usr", EL_READ }, { "sys", EL_P999 }, { "iowait", EL_P99 },
			{ "irq", EL_WRITE }, { "steal", EL_DIM },
		};
		int mx = x + LABEL_W + ncols * COL_W + 2, mend = mx + mw + 1;
		for (size_t i = 0; i < sizeof(key) / sizeof(key[0]) && mx < mend; i++)
			mx += draw_text(y, mx, mend - mx, t->attr[key[i].el], key[i].word) + 1;
	}
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
