/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_view.c - drawing the fleet screen from its model: a row per host
 * (name, driver and version, state, verdict, IOPS and bandwidth each way,
 * p50/p99/p99.9 of the last interval, errors), the totals row, and for an
 * open host its CPU pane (as mpstat -P ALL) and IRQ pane from its far
 * side's jsonl. Views read the model only. */
#include "config.h"
#include "screen/fleet_view.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "screen/draw.h"
#include "screen/fmt.h"
#include "screen/term.h"

const struct fleet_key fleet_keys[] = {
	{ "Up/Down k/j", NULL, N_("select a host"), FA_UP },
	{ "Enter", N_("Host"), N_("open the host's CPU and IRQ panes (again: back)"), FA_ENTER },
	{ "Esc", NULL, N_("back to the hosts"), FA_BACK },
	{ "F6 >", N_("Sort"), N_("sort by the next column"), FA_SORT_NEXT },
	{ "<", NULL, N_("sort by the previous column"), FA_SORT_PREV },
	{ "I", N_("Invert"), N_("invert the sort order"), FA_INVERT },
	{ "s", N_("Stop all"), N_("stop every host's job (each reports); a procedure ends there"),
	  FA_STOP },
	{ "PgUp PgDn", NULL, N_("scroll the procedure's table"), FA_TABLE_UP },
	{ "h ? F1", N_("Help"), N_("this help"), FA_HELP },
	{ "q F10", N_("Quit"), N_("stop every host's job and leave"), FA_QUIT },
};
const size_t fleet_nkeys = sizeof(fleet_keys) / sizeof(fleet_keys[0]);

/* Each column's width; the host's name takes what is left. */
static const int col_w[FC_COUNT] = {
	[FC_HOST] = 0,     [FC_DRIVER] = 14, [FC_STATE] = 11, [FC_VERDICT] = 8,
	[FC_RIOPS] = 8,    [FC_WIOPS] = 8,   [FC_RBW] = 10,   [FC_WBW] = 10,
	[FC_P50] = 8,      [FC_P99] = 8,     [FC_P999] = 8,   [FC_ERRORS] = 5,
};
#define HOST_MIN_W 12

static int host_width(int w)
{
	int rest = 0;
	for (int c = 1; c < FC_COUNT; c++)
		rest += col_w[c] + 1;
	return w - rest > HOST_MIN_W ? (w - rest > 28 ? 28 : w - rest) : HOST_MIN_W;
}

/* A percentile; marked * when it is the whole run's (the host ended). */
static const char *pct_cell(const struct fleet_row *r, uint64_t ns, char *buf, size_t len)
{
	char v[32];
	if (!r->has_pct)
		return "-";
	snprintf(buf, len, "%s%s", fmt_usec(ns, v, sizeof(v)), r->pct_whole ? "*" : "");
	return buf;
}

static const char *cell(const struct fleet_row *r, enum fleet_col c, char *buf, size_t len,
			bool is_row)
{
	bool pct = c == FC_P50 || c == FC_P99 || c == FC_P999;
	if (c >= FC_RIOPS && !r->live && !(pct && r->pct_whole))
		return "-";
	if (!is_row && c > FC_HOST && c < FC_RIOPS)
		return ""; /* the totals row has no driver, state or verdict */
	switch (c) {
	case FC_HOST: return r->name;
	case FC_DRIVER: return r->driver;
	case FC_STATE: return r->state;
	case FC_VERDICT: return r->verdict[0] ? r->verdict : "-";
	/* Whole numbers, so the totals row can be checked against the rows. */
	case FC_RIOPS: snprintf(buf, len, "%.0f", r->iops[0]); return buf;
	case FC_WIOPS: snprintf(buf, len, "%.0f", r->iops[1]); return buf;
	case FC_RBW: return fmt_bytes_rate(r->bw[0], buf, len);
	case FC_WBW: return fmt_bytes_rate(r->bw[1], buf, len);
	case FC_P50: return pct_cell(r, r->p50, buf, len);
	case FC_P99: return pct_cell(r, r->p99, buf, len);
	case FC_P999: return pct_cell(r, r->p999, buf, len);
	case FC_ERRORS:
		if (!r->has_errors)
			return "-";
		snprintf(buf, len, "%llu", (unsigned long long)r->errors);
		return buf;
	default: return "";
	}
}

static attr_t state_attr(const struct theme *t, const struct fleet_row *r)
{
	if (!strcmp(r->state, "running"))
		return t->attr[EL_RUNNING];
	if (!strcmp(r->state, "dropped") || !strcmp(r->state, "refused") ||
	    !strcmp(r->state, "unreachable") || !strcmp(r->state, "broken") ||
	    !strcmp(r->state, "failed"))
		return t->attr[EL_ERROR];
	return t->attr[EL_NORMAL];
}

static void draw_row(const struct theme *t, int y, int w, const struct fleet_row *r, attr_t a,
		     bool is_row)
{
	char buf[64];
	int x = 0, hw = host_width(w);
	draw_blank(y, 0, w, a);
	for (int c = 0; c < FC_COUNT && x < w; c++) {
		int cw = c == FC_HOST ? hw : col_w[c];
		attr_t ca = a;
		if (c == FC_STATE && is_row && a == t->attr[EL_NORMAL])
			ca = state_attr(t, r);
		const char *s = cell(r, (enum fleet_col)c, buf, sizeof(buf), is_row);
		if (c >= FC_RIOPS)
			draw_text_right(y, x, cw < w - x ? cw : w - x, ca, s);
		else
			draw_text(y, x, cw < w - x ? cw : w - x, ca, s);
		x += cw + 1;
	}
}

static void draw_header(const struct fleet_model *m, const struct theme *t, int y, int w)
{
	int x = 0, hw = host_width(w);
	draw_blank(y, 0, w, t->attr[EL_HEADER]);
	for (int c = 0; c < FC_COUNT && x < w; c++) {
		char buf[64];
		int cw = c == FC_HOST ? hw : col_w[c];
		/* The sort column is marked with its direction. */
		snprintf(buf, sizeof(buf), "%s%s", _(fleet_col_title((enum fleet_col)c)),
			 (int)m->sort == c ? (m->desc ? "v" : "^") : "");
		attr_t a = (int)m->sort == c ? t->attr[EL_PANE_FOCUS] : t->attr[EL_HEADER];
		if (c >= FC_RIOPS)
			draw_text_right(y, x, cw < w - x ? cw : w - x, a, buf);
		else
			draw_text(y, x, cw < w - x ? cw : w - x, a, buf);
		x += cw + 1;
	}
}

static void draw_keybar(const struct theme *t, int y, int w)
{
	int x = 0;
	draw_blank(y, 0, w, t->attr[EL_NORMAL]);
	for (size_t i = 0; i < fleet_nkeys && x < w; i++) {
		const struct fleet_key *k = &fleet_keys[i];
		if (!k->bar)
			continue;
		x += draw_text(y, x, w - x, t->attr[EL_KEY], k->names);
		x += draw_text(y, x, w - x, t->attr[EL_KEY_LABEL], _(k->bar));
		x += draw_text(y, x, w - x, t->attr[EL_NORMAL], " ");
	}
}

static void draw_table(const struct fleet_model *m, const struct theme *t, int y0, int h, int w)
{
	draw_header(m, t, y0, w);
	int rows = h - 3, top = 0;
	if (m->sel >= rows)
		top = m->sel - rows + 1;
	for (int i = 0; i < rows && top + i < (int)m->n; i++) {
		bool sel = top + i == m->sel;
		draw_row(t, y0 + 1 + i, w, &m->rows[top + i],
			 sel ? t->attr[EL_SELECTED] : t->attr[EL_NORMAL], true);
	}
	int ty = y0 + 1 + ((int)m->n < rows ? (int)m->n : rows);
	draw_row(t, ty, w, &m->total, t->attr[EL_HEADER], false);
	/* The selected host's last word from its far side. */
	if (m->n && m->rows[m->sel].message[0])
		draw_text(ty + 1, 0, w, t->attr[EL_DIM], m->rows[m->sel].message);
	/* What the figures are, where a driver gives fewer live. */
	int y = ty + 2, last = y0 + h - 2;
	if (m->rates_only_live && y < last)
		y += draw_wrapped(y, 0, w, last - y, t->attr[EL_DIM],
				  _("fio's hosts: P50/P99/P99.9 and ERR are the last interval's, "
				    "from the status each server sends every interval, '-' where "
				    "none came."));
	if (m->any_whole && y < last)
		draw_wrapped(y, 0, w, last - y, t->attr[EL_DIM],
			     _("*: the whole run's percentiles, from the host's final report."));
}

/* A procedure: the hosts of its current step above, then its clock and
 * its table so far (the fleet's totals, as --batch prints them). */
static void draw_proc(const struct fleet_model *m, const struct theme *t, int y0, int h, int w)
{
	int hh = (int)m->n + 6;
	if (hh > h / 2 + 2)
		hh = h / 2 + 2;
	draw_table(m, t, y0, hh, w);
	int y = y0 + hh - 2, end = y0 + h - 1;
	if (y >= end)
		return;
	draw_blank(y, 0, w, t->attr[EL_HEADER]);
	int x = draw_text(y, 0, w, t->attr[EL_HEADER], m->table_head);
	if (x + 2 < w)
		draw_text(y, x + 2, w - x - 2, t->attr[EL_HEADER], m->time_line);
	for (int i = 0; i < m->nnotes && y + 1 < end; i++)
		draw_text(++y, 0, w, t->attr[EL_DIM], m->notes[i]);
	/* What the selected host's blktop did to its machine (a profile's
	 * environment), each line named by the host. */
	for (const char *n = m->sel_notes; *n && y + 1 < end;) {
		size_t len = strcspn(n, "\n");
		char buf[640];
		snprintf(buf, sizeof(buf), "%s: %.*s", m->sel_name, (int)len, n);
		draw_text(++y, 0, w, t->attr[EL_DIM], buf);
		n += len + (n[len] == '\n');
	}
	const char *p = m->table_text ? m->table_text : "";
	for (int line = 0; *p && ++y < end; line++) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char buf[512];
		if (line < m->table_top) {
			y--;
		} else {
			snprintf(buf, sizeof(buf), "%.*s", (int)(len < sizeof(buf) ? len : sizeof(buf) - 1),
				 p);
			draw_text(y, 0, w, t->attr[EL_NORMAL], buf);
		}
		p += len + (nl ? 1 : 0);
	}
}

/* fio's server sends neither CPU nor interrupt figures: a fio host's
 * panes say so, rather than wait for figures that never come. */
static void draw_cpu(const struct host_live *l, bool none_sent, const struct theme *t, struct rect r)
{
	static const enum cpu_field shown[] = { CPU_USR, CPU_NICE, CPU_SYS, CPU_IOWAIT,
						CPU_IRQ, CPU_SOFT, CPU_STEAL, CPU_IDLE };
	char buf[32];
	draw_pane_title(t, r, _("CPU"), _("from the host's jsonl"), true);
	if (none_sent) {
		draw_wrapped(r.y + 1, r.x + 1, r.w - 2, r.h - 1, t->attr[EL_DIM],
			     _("fio's server sends no CPU figures (a far-side blktop does: "
			       "--driver=blktop)"));
		return;
	}
	if (!l->cpu_valid) {
		draw_text(r.y + 1, r.x + 1, r.w - 2, t->attr[EL_DIM],
			  _("no CPU figures from this host yet"));
		return;
	}
	int y = r.y + 1, x = r.x + 1;
	draw_text(y, x, 6, t->attr[EL_HEADER], _("CPU"));
	for (size_t f = 0; f < sizeof(shown) / sizeof(shown[0]); f++)
		draw_text_right(y, x + 6 + 8 * (int)f, 7, t->attr[EL_HEADER],
				cpu_field_name(shown[f]));
	for (int c = -1; c < l->ncpus && ++y < r.y + r.h; c++) {
		const struct cpu_pct *p = c < 0 ? &l->cpu_all : &l->cpus[c];
		if (c < 0)
			snprintf(buf, sizeof(buf), "%s", "all");
		else
			snprintf(buf, sizeof(buf), "%d", c);
		draw_text(y, x, 6, t->attr[EL_NORMAL], buf);
		for (size_t f = 0; f < sizeof(shown) / sizeof(shown[0]); f++) {
			snprintf(buf, sizeof(buf), "%.1f", p->pct[shown[f]]);
			draw_text_right(y, x + 6 + 8 * (int)f, 7, t->attr[EL_NORMAL], buf);
		}
	}
}

static void draw_irq(const struct host_live *l, bool none_sent, const struct theme *t, struct rect r)
{
	char buf[32];
	draw_pane_title(t, r, _("IRQ"), _("the target's queue interrupts"), false);
	if (none_sent) {
		draw_wrapped(r.y + 1, r.x + 1, r.w - 2, r.h - 1, t->attr[EL_DIM],
			     _("fio's server sends no interrupt figures"));
		return;
	}
	if (!l->nirqs) {
		draw_wrapped(r.y + 1, r.x + 1, r.w - 2, r.h - 1, t->attr[EL_DIM],
			     _("no queue interrupts from this host (a loop or dm device has none)"));
		return;
	}
	for (size_t i = 0; i < l->nirqs && 1 + (int)i < r.h; i++) {
		int y = r.y + 1 + (int)i;
		snprintf(buf, sizeof(buf), "%u", l->irqs[i].irq);
		draw_text_right(y, r.x + 1, 5, t->attr[EL_NORMAL], buf);
		draw_text(y, r.x + 7, r.w - 20, t->attr[EL_NORMAL], l->irqs[i].name);
		draw_text_right(y, r.x + r.w - 12, 11, t->attr[EL_NORMAL],
				fmt_count(l->irqs[i].rate, buf, sizeof(buf)));
	}
}

static void draw_host(const struct fleet_model *m, const struct theme *t, int y0, int h, int w)
{
	const struct fleet_row *r = NULL;
	for (size_t i = 0; i < m->n; i++)
		if ((int)m->rows[i].host == m->open)
			r = &m->rows[i];
	if (!r)
		return;
	draw_header(m, t, y0, w);
	draw_row(t, y0 + 1, w, r, t->attr[EL_NORMAL], true);
	int ph = h - 3, cw = w * 3 / 5;
	draw_cpu(&m->detail, r->no_cpu_irq, t, (struct rect){ y0 + 2, 0, ph, cw });
	draw_irq(&m->detail, r->no_cpu_irq, t, (struct rect){ y0 + 2, cw, ph, w - cw });
}

static void draw_help(const struct theme *t, int y0, int h, int w, int *top)
{
	int n = (int)fleet_nkeys + 2;
	if (*top > n - (h - 1))
		*top = n - (h - 1);
	if (*top < 0)
		*top = 0;
	draw_pane_title(t, (struct rect){ y0, 0, h, w }, _("Help"), NULL, true);
	for (int i = *top; i < n && y0 + 1 + i - *top < y0 + h; i++) {
		int y = y0 + 1 + i - *top;
		if (i == 0) {
			draw_text(y, 1, w - 2, t->attr[EL_NORMAL],
				  _("The fleet: a row per host, its last interval's figures; the totals' "
				    "percentiles come from the hosts' histograms merged."));
			continue;
		}
		if (i == 1)
			continue;
		const struct fleet_key *k = &fleet_keys[i - 2];
		draw_text(y, 2, 14, t->attr[EL_KEY], k->names);
		draw_text(y, 16, w - 17, t->attr[EL_NORMAL], _(k->help));
	}
}

void fleet_view_draw(const struct fleet_model *m, const struct theme *t, bool help,
		     int *help_top)
{
	int h = LINES, w = COLS;
	char buf[256];
	erase();
	const char *phase = m->ended      ? _("every host has ended")
			    : m->stopping ? _("stopping every host...")
			    : m->started  ? _("running")
					  : _("taking the verdicts");
	if (m->proc)
		snprintf(buf, sizeof(buf), _("blktop %s - fleet of %zu hosts - %s - %s"),
			 PACKAGE_VERSION, m->n, m->step_line,
			 m->proc_ended ? _("the procedure has ended") : phase);
	else
		snprintf(buf, sizeof(buf), _("blktop %s - fleet of %zu hosts - %s"),
			 PACKAGE_VERSION, m->n, phase);
	draw_blank(0, 0, w, t->attr[EL_TITLE_BAR]);
	draw_text(0, 0, w, t->attr[EL_TITLE_BAR], buf);
	if (help)
		draw_help(t, 1, h - 2, w, help_top);
	else if (m->open >= 0)
		draw_host(m, t, 1, h - 1, w);
	else if (m->proc)
		draw_proc(m, t, 1, h - 2, w);
	else
		draw_table(m, t, 1, h - 1, w);
	if (m->status[0])
		draw_text(h - 2, 0, w, t->attr[EL_NORMAL], m->status);
	draw_keybar(t, h - 1, w);
	refresh();
}
