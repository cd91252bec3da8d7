/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pane_proc.c - a procedure's table in the workload pane: one line per
 * step as it fills in (label, state, IOPS, bandwidth, mean and p99
 * completion latency) and the procedure's last note under it. A sweep
 * also gets its curve as a chart: the steps along x (block size or
 * numjobs), IOPS or bandwidth as bars on the left scale, clat avg as
 * points on a scale of its own at the right, the numjobs knee marked. A
 * suite's tests are no axis: each row gets a bar and a clat bar instead.
 * `v` picks table and curve, one of them, or the pane beside the device
 * list; `b` swaps IOPS and bandwidth. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "screen/fmt.h"
#include "screen/pane.h"

/* The latency series must differ from the bars in colour and, for
 * monochrome, in glyph: yellow bold, points not blocks. */
#define EL_LAT EL_PINNED

#define CHART_MIN_W 36     /* scales, eight steps of two columns */
#define CHART_MIN_H 5      /* legend, three plot rows, the x labels */
#define CHART_WANT_H 12    /* legend, ten plot rows, the x labels */
#define TABLE_MIN_ROWS 7   /* the seven-test suite whole */
#define SCALE_W 8          /* "144MiB/s", "1.23kus" */
#define STEP_MAX_W 8

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
	if (tw > w) {
		/* Cut to w cells, the last one a '~': the figures after it
		 * keep their columns and every digit. */
		size_t n = strlen(s);
		snprintf(buf, len, "%s", s);
		while (n > 0 && text_width(buf) > w - 1)
			buf[--n] = '\0';
		while (n > 0 && (buf[n - 1] & 0xC0) == 0x80)   /* a partial character */
			buf[--n] = '\0';
		if (n > 0 && (unsigned char)buf[n - 1] >= 0xC0)
			buf[--n] = '\0';
		tw = text_width(buf);
		snprintf(buf + n, len - n, "~%*s", tw + 1 < w ? w - tw - 1 : 0, "");
		return buf;
	}
	snprintf(buf, len, "%s%*s", s, tw < w ? w - tw : 0, "");
	return buf;
}

static bool curve_bw(const struct screen_model *m)
{
	return m->proc_curve_bw != m->proc_bw_flip;
}

static double row_value(const struct screen_model *m, const struct proc_row *row)
{
	return curve_bw(m) ? row->bw_bytes : row->iops;
}

static bool row_measured(const struct proc_row *row)
{
	return (row->state == ROW_DONE || row->state == ROW_STOPPED ||
		row->state == ROW_FAILED) && row->runtime_ms;
}

static const char *measure_name(const struct screen_model *m)
{
	return curve_bw(m) ? _("bandwidth") : "IOPS";
}

/* Steps the x axis has room for: those planned, or those so far. */
static size_t steps_total(const struct screen_model *m)
{
	return m->proc_planned > m->proc_nrows ? m->proc_planned : m->proc_nrows;
}

/* The columns after the label: state, IOPS, BW, clat avg, p99. */
#define STATE_W 5
#define BW_W 11
#define FIGURES_W (STATE_W + 8 + BW_W + 8 + 8)

/* What a row shows in room cells: the label as wide as the longest
 * (at least 6 cells) or what is left; on a narrow pane the state and then
 * the bandwidth columns go, so the latency figures are always whole. */
struct row_cols {
	int lw;
	bool state, bw;
};

static struct row_cols row_cols(const struct screen_model *m, int room)
{
	struct row_cols c = { 6, true, true };
	int fixed = FIGURES_W;
	for (size_t i = 0; i < m->proc_nrows; i++) {
		int w = text_width(m->proc_rows[i].label);
		c.lw = w > c.lw ? w : c.lw;
	}
	if (room < 6 + fixed) {
		c.state = false;
		fixed -= STATE_W;
	}
	if (room < 6 + fixed) {
		c.bw = false;
		fixed -= BW_W;
	}
	if (c.lw > room - fixed)
		c.lw = room - fixed;
	if (c.lw < 6)
		c.lw = 6;
	return c;
}

static void format_row(const struct row_cols *c, const char *label, const char *state,
		       const char *iops, const char *bw, const char *clat, const char *p99,
		       char *buf, size_t len)
{
	char l[128], st[64];
	pad_cells(label, c->lw, l, sizeof(l));
	snprintf(buf, len, "%s", l);
	size_t n = strlen(buf);
	if (c->state && n < len)
		n += (size_t)snprintf(buf + n, len - n, " %s", pad_cells(state, 4, st, sizeof(st)));
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n, " %7s", iops);
	if (c->bw && n < len)
		n += (size_t)snprintf(buf + n, len - n, " %10s", bw);
	if (n < len)
		snprintf(buf + n, len - n, " %7s %7s", clat, p99);
}

static int header_text(const struct screen_model *m, int room, char *buf, size_t len)
{
	struct row_cols c = row_cols(m, room);
	format_row(&c, _("step"), "", "IOPS", "BW", _("clat us"), "p99", buf, len);
	return text_width(buf);
}

static void draw_glyphs(int y, int x, int n, attr_t a, const char *glyph)
{
	for (int i = 0; i < n; i++)
		draw_text(y, x + i, 1, a, glyph);
}

/* Bars at the end of a table row: the measure, then clat avg. */
static void draw_row_bars(const struct view *v, int y, int x, int w, const struct proc_row *row,
			  double max, double lmax)
{
	const struct theme *t = v->t;
	int mw = w * 2 / 3 - 1, lw = w - mw - 1;
	if (max > 0 && mw > 0) {
		int n = (int)lround(row_value(v->m, row) / max * mw);
		draw_glyphs(y, x, n > 0 ? n : row_value(v->m, row) > 0, t->attr[EL_GRAPH],
			    t->utf8 ? "\u2588" : "#");
	}
	if (lmax > 0 && lw > 0) {
		int n = (int)lround(row->clat_avg_ns / lmax * lw);
		draw_glyphs(y, x + mw + 1, n > 0 ? n : row->clat_avg_ns > 0, t->attr[EL_LAT],
			    t->utf8 ? "\u2592" : "*");
	}
}

/* The table in box: a header, then the rows (the latest when they do not
 * all fit: those are the news). With bars, the room right of the columns
 * gets a bar per row; label_only leaves the figures out for them. */
static void draw_table(const struct view *v, struct rect box, struct pane_state *st, bool bars,
		       bool label_only)
{
	const struct screen_model *m = v->m;
	const struct theme *t = v->t;
	char buf[400], a[32], b[32], c[32], d[32], word[64];
	struct row_cols rc = row_cols(m, box.w);
	int lw = rc.lw, tw;
	if (box.h < 1)
		return;
	if (label_only) {
		snprintf(buf, sizeof(buf), "%s", pad_cells(_("step"), lw, word, sizeof(word)));
		tw = text_width(buf);
	} else {
		tw = header_text(m, box.w, buf, sizeof(buf));
	}
	draw_text(box.y, box.x, box.w, t->attr[EL_HEADER], buf);
	int bx = box.x + tw + 1, bw = box.w - tw - 1;
	bars = bars && bw >= 8;
	if (bars) {
		int mw = bw * 2 / 3 - 1;
		draw_text(box.y, bx, mw, t->attr[EL_HEADER], measure_name(m));
		draw_text(box.y, bx + mw + 1, bw - mw - 1, t->attr[EL_LAT], _("clat avg"));
	}
	double max = 0, lmax = 0;
	for (size_t i = 0; i < m->proc_nrows; i++)
		if (row_measured(&m->proc_rows[i])) {
			max = fmax(max, row_value(m, &m->proc_rows[i]));
			lmax = fmax(lmax, m->proc_rows[i].clat_avg_ns);
		}
	int y = box.y + 1, end = box.y + box.h;
	int room = end - y;
	size_t last_first = room > 0 && m->proc_nrows > (size_t)room ? m->proc_nrows - (size_t)room : 0;
	/* The newest rows (the news) until the keys move the view; back at
	 * the end, it follows the newest again. */
	if (st->top != st->drawn_top)
		st->scrolled = (size_t)st->top < last_first;
	if (!st->scrolled || (size_t)st->top > last_first)
		st->top = (int)last_first;
	st->drawn_top = st->top;
	size_t first = (size_t)st->top;
	for (size_t i = first; i < m->proc_nrows && y < end; i++, y++) {
		const struct proc_row *row = &m->proc_rows[i];
		enum theme_elem e = row->state == ROW_RUNNING ? EL_RUNNING
				    : row->state == ROW_FAILED ? EL_ERROR : EL_NORMAL;
		char label[64];
		snprintf(label, sizeof(label), "%s", pad_cells(row->label, lw, word, sizeof(word)));
		if (label_only)
			snprintf(buf, sizeof(buf), "%s", label);
		else if (row_measured(row))
			format_row(&rc, row->label, row_state(row->state),
				   fmt_count(row->iops, a, sizeof(a)),
				   fmt_bytes_rate(row->bw_bytes, b, sizeof(b)),
				   /* ceil: a fraction of a ns rounds up as in print */
				   fmt_usec((uint64_t)ceil(row->clat_avg_ns), c, sizeof(c)),
				   fmt_usec((uint64_t)ceil(row->clat_p99_ns), d, sizeof(d)), buf, sizeof(buf));
		else
			snprintf(buf, sizeof(buf), "%s %s", label,
				 pad_cells(row_state(row->state), 4, word, sizeof(word)));
		draw_text(y, box.x, box.w, t->attr[e], buf);
		if ((long)i == m->proc_knee && tw + 7 < box.w && !bars)
			draw_text(y, box.x + tw + 1, box.w - tw - 1, t->attr[EL_HEADER], _("<- knee"));
		if (bars && row_measured(row))
			draw_row_bars(v, y, bx, bw, row, max, lmax);
	}
}

static const char *measure_label(const struct screen_model *m, double v, char *buf, size_t len)
{
	if (!curve_bw(m))
		return fmt_count(v, buf, len);
	fmt_bytes_rate(v, buf, len);
	char *s = strstr(buf, "/s");   /* the legend says per second */
	if (s)
		*s = '\0';
	return buf;
}

static const char *lat_label(double ns, char *buf, size_t len)
{
	char n[32];
	if (ns >= 1e6)
		snprintf(buf, len, "%sms", fmt_count(ns / 1e6, n, sizeof(n)));
	else
		snprintf(buf, len, "%sus", fmt_count(ns / 1000, n, sizeof(n)));
	return buf;
}

/* "█ IOPS  ● clat avg (us, right scale)  ▼ knee" on the chart's first line. */
static void draw_legend(const struct view *v, int y, int x, int w)
{
	const struct theme *t = v->t;
	int end = x + w;
	x += draw_text(y, x, end - x, t->attr[EL_GRAPH], t->utf8 ? "\u2588 " : "# ");
	x += draw_text(y, x, end - x, t->attr[EL_NORMAL], curve_bw(v->m) ? _("bandwidth per s")
									  : "IOPS");
	x += draw_text(y, x, end - x, t->attr[EL_NORMAL], "  ");
	x += draw_text(y, x, end - x, t->attr[EL_LAT], t->utf8 ? "\u25cf " : "o ");
	x += draw_text(y, x, end - x, t->attr[EL_NORMAL], _("clat avg (right scale)"));
	if (v->m->proc_knee >= 0) {
		x += draw_text(y, x, end - x, t->attr[EL_NORMAL], "  ");
		x += draw_text(y, x, end - x, t->attr[EL_HEADER], t->utf8 ? "\u25bc " : "v ");
		draw_text(y, x, end - x, t->attr[EL_NORMAL], _("knee"));
	}
}

/* The sweep's curve in box: x the steps, bars of the measure against the
 * left scale, clat avg points against the right one. Steps not yet run
 * keep their place (the axis does not jump as the table fills in); when
 * there are more than the width holds, the latest are shown. */
static void draw_chart(const struct view *v, struct rect box)
{
	const struct screen_model *m = v->m;
	const struct theme *t = v->t;
	char buf[64];
	int ph = box.h - 2, pw = box.w - 2 * SCALE_W - 2;
	if (ph < 1 || pw < 4)
		return;
	draw_legend(v, box.y, box.x, box.w);
	size_t n = steps_total(m), first = 0;
	if (n == 0)
		n = 1;
	int sw = pw / (int)n;
	if (sw < 2) {
		sw = 2;
		first = n - (size_t)(pw / 2);
		n = (size_t)(pw / 2);
	}
	if (sw > STEP_MAX_W)
		sw = STEP_MAX_W;
	int bw = sw >= 5 ? sw - 2 : sw > 1 ? sw - 1 : 1;
	double max = 0, lmax = 0;
	for (size_t i = 0; i < m->proc_nrows; i++)
		if (row_measured(&m->proc_rows[i])) {
			max = fmax(max, row_value(m, &m->proc_rows[i]));
			lmax = fmax(lmax, m->proc_rows[i].clat_avg_ns);
		}
	int top = box.y + 1, bottom = top + ph - 1, x0 = box.x + SCALE_W + 1;
	int xr = x0 + pw + 1;          /* the right scale */
	/* Scales: the top of each and 0, where the bars and points start. */
	draw_text_right(top, box.x, SCALE_W, t->attr[EL_GRAPH], measure_label(m, max, buf, sizeof(buf)));
	draw_text_right(bottom, box.x, SCALE_W, t->attr[EL_GRAPH], "0");
	draw_text(top, xr, SCALE_W, t->attr[EL_LAT], lat_label(lmax, buf, sizeof(buf)));
	if (ph > 1)
		draw_text(bottom, xr, SCALE_W, t->attr[EL_LAT], "0");
	for (int y = top; y <= bottom; y++) {
		draw_text(y, x0 - 1, 1, t->attr[EL_DIM], t->vline);
		draw_text(y, xr - 1, 1, t->attr[EL_DIM], t->vline);
	}
	/* The x labels: each under its step where it does not run into the
	 * one before; the axis' name in the left scale's place. */
	int ylab = bottom + 1, last_end = x0 - 1;
	draw_text_right(ylab, box.x, SCALE_W, t->attr[EL_HEADER],
			m->proc_kind == PROC_SWEEP_BS ? "bs" : "numjobs");
	for (size_t k = 0; k < n && first + k < m->proc_nrows; k++) {
		const struct proc_row *row = &m->proc_rows[first + k];
		int x = x0 + (int)((size_t)pw * k / n);   /* spread over the width */
		bool knee = (long)(first + k) == m->proc_knee;
		if (row_measured(row) && max > 0) {
			/* Whole cells in ASCII: its partial levels read as noise. */
			double h = row_value(m, row) / max * ph;
			int eighths = t->utf8 ? (int)lround(h * 8) : (int)lround(h) * 8;
			if (row_value(m, row) > 0 && eighths == 0)
				eighths = t->utf8 ? 1 : 8;
			for (int r = 0; r < ph; r++) {
				int lvl = eighths - r * 8;
				lvl = lvl < 0 ? 0 : lvl > 8 ? 8 : lvl;
				if (lvl)
					draw_glyphs(bottom - r, x, bw, t->attr[EL_GRAPH], t->graph[lvl]);
			}
			if (lmax > 0) {
				int r = (int)lround(row->clat_avg_ns / lmax * (ph - 1));
				draw_text(bottom - r, x + (bw - 1) / 2, 1, t->attr[EL_LAT],
					  t->utf8 ? "\u25cf" : "o");
			}
			if (knee) {
				int r = (eighths + 7) / 8;
				draw_text(bottom - (r < ph ? r : ph - 1), x + (bw - 1) / 2, 1,
					  t->attr[EL_HEADER], t->utf8 ? "\u25bc" : "v");
			}
		}
		int lw = text_width(row->label);
		int lx = x + (bw - lw) / 2;
		if (lx < x0)
			lx = x0;
		if (lx <= last_end || lx + lw > x0 + pw)
			continue;
		enum theme_elem e = knee ? EL_SELECTED : row->state == ROW_RUNNING ? EL_RUNNING
				    : row_measured(row) ? EL_NORMAL : EL_DIM;
		draw_text(ylab, lx, lw, t->attr[e], row->label);
		last_end = lx + lw;
	}
}

int proc_pane_rows(const struct screen_model *m, int cols)
{
	if (!m->proc_on || m->proc_view == PROC_VIEW_BESIDE)
		return 0;
	int n = (int)steps_total(m);
	if (n < 2)
		n = 2;
	if (!m->proc_sweep || m->proc_view == PROC_VIEW_TABLE) {
		/* The checks too, until the first step has ended. */
		bool first = true;
		for (size_t i = 0; i < m->proc_nrows && first; i++)
			first = m->proc_rows[i].state == ROW_PENDING ||
				m->proc_rows[i].state == ROW_RUNNING;
		return 3 + n + (first && m->proc_nchecks ? 2 + (int)m->proc_nchecks : 0);
	}
	if (m->proc_view == PROC_VIEW_CURVE)
		return 2 + CHART_WANT_H;
	char buf[400];
	if (cols - 2 >= header_text(m, cols - 2, buf, sizeof(buf)) + 2 + CHART_MIN_W)
		return 2 + (1 + n > CHART_WANT_H ? 1 + n : CHART_WANT_H);
	return 3 + n + CHART_WANT_H;
}

void proc_table_draw(const struct view *v, struct rect r, struct pane_state *st, bool focused)
{
	const struct screen_model *m = v->m;
	char buf[400];
	size_t ended = 0;
	for (size_t i = 0; i < m->proc_nrows; i++)
		ended += m->proc_rows[i].state != ROW_PENDING && m->proc_rows[i].state != ROW_RUNNING;
	/* Steps ended of those planned: 2/7 while the third runs; and, from
	 * the running step's runtime, the time left and the whole. */
	size_t planned = m->proc_planned ? m->proc_planned : m->proc_nrows;
	const struct live_figures *l = v->live;
	char when[96] = "", left[32], total[32];
	if (l && l->state == JOB_RUNNING && l->runtime_ms && planned > ended) {
		uint64_t step = l->runtime_ms;
		uint64_t now = l->elapsed_ms < step ? step - l->elapsed_ms : 0;
		snprintf(when, sizeof(when), _("  about %s left of %s"),
			 fmt_duration(now + (planned - ended - 1) * step, left, sizeof(left)),
			 fmt_duration(planned * step, total, sizeof(total)));
	}
	snprintf(buf, sizeof(buf), "%zu/%zu%s  %s", ended, planned, when,
		 _("v: view, b: IOPS/bandwidth, Up/PgUp/Home: scroll"));
	draw_pane_title(v->t, r, m->proc_title[0] ? m->proc_title : _("Procedure"), buf, focused);
	if (r.h < 3)
		return;
	/* The last line is the note. */
	struct rect box = { r.y + 1, r.x + 1, r.h - 2, r.w - 2 };
	if (m->proc_note[0])
		draw_text(r.y + r.h - 1, r.x + 1, r.w - 1, v->t->attr[EL_DIM], m->proc_note);
	/* Rows to spare under the table: what was checked before the run. */
	int spare = box.h - 1 - (int)steps_total(m);
	if (m->proc_nchecks && spare >= 2 && (!m->proc_sweep || m->proc_view == PROC_VIEW_TABLE)) {
		int ch = spare - 1 < (int)m->proc_nchecks + 1 ? spare - 1 : (int)m->proc_nchecks + 1;
		int cy = box.y + box.h - ch;
		draw_text(cy, box.x, box.w, v->t->attr[EL_HEADER], _("Checked before the run:"));
		for (int i = 0; i + 1 < ch; i++)
			draw_text(cy + 1 + i, box.x + 1, box.w - 1, v->t->attr[EL_DIM],
				  m->proc_checks[i]);
		box.h -= ch;
	}
	if (!m->proc_sweep) {
		draw_table(v, box, st, true, m->proc_view == PROC_VIEW_CURVE);
		return;
	}
	if (m->proc_view == PROC_VIEW_TABLE) {
		draw_table(v, box, st, false, false);
		return;
	}
	if (m->proc_view == PROC_VIEW_CURVE) {
		draw_chart(v, box);
		return;
	}
	/* Both: side by side when wide enough, else the table over the
	 * curve, keeping at least seven rows of the table. */
	int tw = header_text(m, box.w - 1 - CHART_MIN_W, buf, sizeof(buf)) + 1;
	if (box.w >= tw + 1 + CHART_MIN_W && box.h >= CHART_MIN_H) {
		draw_table(v, (struct rect){ box.y, box.x, box.h, tw }, st, false, false);
		draw_vline(v->t, box.y, box.x + tw, box.h);
		draw_chart(v, (struct rect){ box.y, box.x + tw + 2, box.h, box.w - tw - 2 });
		return;
	}
	int want = (int)steps_total(m), rows = box.h - 1 - CHART_WANT_H;
	if (want < 1)
		want = 1;
	if (rows < TABLE_MIN_ROWS)
		rows = TABLE_MIN_ROWS;
	if (rows > want)
		rows = want;
	if (box.h - 1 - rows < CHART_MIN_H || box.w < CHART_MIN_W) {
		draw_table(v, box, st, true, false);    /* no room: a bar per row */
		return;
	}
	draw_table(v, (struct rect){ box.y, box.x, rows + 1, box.w }, st, false, false);
	draw_chart(v, (struct rect){ box.y + rows + 1, box.x, box.h - rows - 1, box.w });
}
