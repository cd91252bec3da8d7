/* pane_proc.c - a procedure's table in the workload pane: one line per
 * step as it fills in (label, state, IOPS, bandwidth, mean and p99
 * completion latency), the procedure's last note under it, and for a
 * sweep its curve: a bar per step, IOPS or bandwidth against the block
 * size or numjobs, next to the latency columns. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "screen/fmt.h"
#include "screen/pane.h"

static const char *row_state(enum proc_row_state s)
{
	switch (s) {
	case ROW_PENDING: return "";
	case ROW_RUNNING: return _("run");
	case ROW_DONE: return _("done");
	case ROW_FAILED: return _("fail");
	default: return _("stop");
	}
}

/* s padded with spaces to w display cells: printf pads by bytes, and a
 * translated word (Chinese: three bytes, two cells a character) would
 * pull the columns after it to the left. */
static const char *pad_cells(const char *s, int w, char *buf, size_t len)
{
	int tw = text_width(s);
	snprintf(buf, len, "%s%*s", s, tw < w ? w - tw : 0, "");
	return buf;
}

static double row_value(const struct screen_model *m, const struct proc_row *row)
{
	return m->proc_curve_bw ? row->bw_bytes : row->iops;
}

static void draw_bar(const struct theme *t, int y, int x, int w, double frac)
{
	char bar[256];
	int n = (int)(frac * w + 0.5);
	if (n > w)
		n = w;
	if (n < 0 || w <= 0)
		return;
	if (n > (int)sizeof(bar) - 1)
		n = (int)sizeof(bar) - 1;
	memset(bar, '#', (size_t)n);
	bar[n] = '\0';
	draw_text(y, x, w, t->attr[EL_GRAPH], bar);
}

void proc_table_draw(const struct view *v, struct rect r, struct pane_state *st, bool focused)
{
	const struct screen_model *m = v->m;
	const struct theme *t = v->t;
	char buf[400], a[32], b[32], c[32], d[32], word[64];
	snprintf(buf, sizeof(buf), "%zu/%zu", m->proc_nrows,
		 m->proc_planned ? m->proc_planned : m->proc_nrows);
	draw_pane_title(t, r, m->proc_title[0] ? m->proc_title : _("Procedure"), buf, focused);
	if (r.h < 3)
		return;
	int y = r.y + 1, end = r.y + r.h - 1;   /* the last line: the note */
	int lw = 6;                /* as wide as the longest label, up to 18 */
	for (size_t i = 0; i < m->proc_nrows; i++) {
		int w = text_width(m->proc_rows[i].label);
		lw = w > lw ? (w < 18 ? w : 18) : lw;
	}
	snprintf(buf, sizeof(buf), "%s %-4s %7s %10s %7s %7s",
		 pad_cells(_("step"), lw, word, sizeof(word)), "", "IOPS", "BW", _("clat us"), "p99");
	int tw = text_width(buf);
	draw_text(y, r.x + 1, r.w - 1, t->attr[EL_HEADER], buf);
	if (m->proc_sweep && r.w - 3 - tw > 4)
		draw_text(y, r.x + 2 + tw, r.w - 2 - tw, t->attr[EL_HEADER],
			  m->proc_curve_bw ? _("bandwidth") : "IOPS");
	y++;
	double max = 0;
	for (size_t i = 0; i < m->proc_nrows; i++)
		if (row_value(m, &m->proc_rows[i]) > max)
			max = row_value(m, &m->proc_rows[i]);
	/* The last rows when they do not all fit: those are the news. */
	int room = end - y;
	size_t first = room > 0 && m->proc_nrows > (size_t)room ? m->proc_nrows - (size_t)room : 0;
	if (st->top > 0 && (size_t)st->top < first)
		first = (size_t)st->top;
	for (size_t i = first; i < m->proc_nrows && y < end; i++, y++) {
		const struct proc_row *row = &m->proc_rows[i];
		bool measured = row->state == ROW_DONE || row->state == ROW_STOPPED ||
				row->state == ROW_FAILED;
		enum theme_elem e = row->state == ROW_RUNNING ? EL_RUNNING
				    : row->state == ROW_FAILED ? EL_ERROR : EL_NORMAL;
		if (measured && row->runtime_ms)
			snprintf(buf, sizeof(buf), "%-*.*s %s %7s %10s %7s %7s", lw, lw, row->label,
				 pad_cells(row_state(row->state), 4, word, sizeof(word)),
				 fmt_count(row->iops, a, sizeof(a)),
				 fmt_bytes_rate(row->bw_bytes, b, sizeof(b)),
				 fmt_usec((uint64_t)row->clat_avg_ns, c, sizeof(c)),
				 fmt_usec((uint64_t)row->clat_p99_ns, d, sizeof(d)));
		else
			snprintf(buf, sizeof(buf), "%-*.*s %s", lw, lw, row->label,
				 pad_cells(row_state(row->state), 4, word, sizeof(word)));
		draw_text(y, r.x + 1, r.w - 1, t->attr[e], buf);
		if (m->proc_sweep && measured && max > 0)
			draw_bar(t, y, r.x + 2 + tw, r.w - 3 - tw, row_value(m, row) / max);
	}
	if (m->proc_note[0])
		draw_text(r.y + r.h - 1, r.x + 1, r.w - 1, t->attr[EL_DIM], m->proc_note);
}
