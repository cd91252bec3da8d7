/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pane_graph.c - the live pane's graphs over time, one column per second
 * of the runs (graphdata.h): IOPS or bandwidth per direction, clat p50,
 * p99 and p99.9 on a log scale, and a latency heat map (time across,
 * latency octaves up, the shade the share of that second's I/Os). Each
 * has a legend, a labelled scale and a time axis that marks where each
 * run begins; a readout line gives the cursor's second in full figures
 * (Left and Right move it). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "screen/fmt.h"
#include "screen/pane.h"

#define LABEL_W 7        /* the scale's labels, left of the plot */
#define PANEL_MIN 4      /* legend, a plot row or two, the time axis */
#define TICK_EVERY 12    /* columns between time labels */

enum panel { PANEL_RATES, PANEL_LAT, PANEL_HEAT, PANEL_COUNT };

/* A latency for a scale label: "850ns", "12us", "1.5ms", "2s". */
static const char *fmt_lat(uint64_t ns, char *buf, size_t len)
{
	static const struct { double div; const char *unit; } u[] = {
		{ 1e9, "s" }, { 1e6, "ms" }, { 1e3, "us" }, { 1, "ns" },
	};
	for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		if ((double)ns < u[i].div && u[i].div > 1)
			continue;
		double v = (double)ns / u[i].div;
		snprintf(buf, len, v < 9.95 && v != floor(v) ? "%.1f%s" : "%.0f%s", v, u[i].unit);
		return buf;
	}
	snprintf(buf, len, "0");
	return buf;
}

/* The plot's columns: the newest `cols` points, the newest at the right. */
struct window {
	const struct graph_point *p;
	size_t n;
	int x0;              /* screen column of p[0] */
};

static struct window window_of(const struct view *v, int x, int cols)
{
	struct window w;
	w.n = v->npts < (size_t)cols ? v->npts : (size_t)cols;
	w.p = v->pts + (v->npts - w.n);
	w.x0 = x + cols - (int)w.n;
	return w;
}

/* The time axis: a rule, each run's time at intervals, a mark where a
 * run begins and the cursor's column in reverse. */
static void draw_time_axis(const struct view *v, int y, int x, int w, const struct window *win)
{
	const struct theme *t = v->t;
	char buf[32];
	for (int c = 0; c < w; c++)
		draw_text(y, x + c, 1, t->attr[EL_DIM], t->hline);
	/* "run 2" just left of the mark where each run begins... */
	bool *taken = calloc((size_t)w + 1, sizeof(*taken));
	if (!taken)
		return;
	for (size_t i = 0; i < win->n; i++) {
		if (!win->p[i].run_start)
			continue;
		int cx = win->x0 + (int)i;
		snprintf(buf, sizeof(buf), _("run %u"), win->p[i].run);
		int lw = text_width(buf);
		taken[cx - x] = true;
		if (cx - lw - 1 < x || taken[cx - lw - 1 - x])
			continue;
		draw_text(y, cx - lw, lw, t->attr[EL_DIM], buf);
		for (int c = cx - lw - 1; c < cx; c++)
			taken[c - x] = true;
	}
	/* ...then times right to left from the newest, each label ending at
	 * its column, where they do not cover a mark or another label. */
	for (size_t back = 0; back < win->n; back += TICK_EVERY) {
		int cx = win->x0 + (int)(win->n - 1 - back);
		fmt_duration(win->p[win->n - 1 - back].t_ms, buf, sizeof(buf));
		int lw = text_width(buf), from = cx - lw + 1;
		bool clear = from - 1 >= x;
		for (int c = from - 1; clear && c <= cx; c++)
			clear = !taken[c - x];
		if (!clear)
			continue;
		draw_text(y, from, lw, t->attr[EL_DIM], buf);
		for (int c = from - 1; c <= cx; c++)
			taken[c - x] = true;
	}
	free(taken);
	for (size_t i = 0; i < win->n; i++)
		if (win->p[i].run_start)
			draw_text(y, win->x0 + (int)i, 1, t->attr[EL_HEADER], t->run_mark);
	int back = v->m->graph_back;
	if (back > 0 && (size_t)back < win->n)
		draw_text(y, win->x0 + (int)(win->n - 1 - (size_t)back), 1,
			  t->attr[EL_HEADER] | A_REVERSE, "|");
}

/* A run's first column, up through the plot's empty cells. */
static void draw_run_lines(const struct view *v, int y, int h, const struct window *win)
{
	for (size_t i = 1; i < win->n; i++)
		if (win->p[i].run_start)
			for (int r = 0; r < h; r++)
				draw_text(y + r, win->x0 + (int)i, 1, v->t->attr[EL_DIM],
					  v->t->run_line);
}

static double rate_of(const struct view *v, const struct graph_point *p, int d)
{
	return v->m->graph_bw ? p->bw_bytes[d] : p->iops[d];
}

static const char *fmt_rate(const struct view *v, double r, char *buf, size_t len)
{
	return v->m->graph_bw ? fmt_bytes_rate(r, buf, len) : fmt_count(r, buf, len);
}

/* Bars of eighths for one direction, scaled to its own maximum. */
static void draw_bars(const struct view *v, int y, int x, int h, const struct window *win, int d)
{
	const struct theme *t = v->t;
	char top[32];
	double max = 0;
	for (size_t i = 0; i < win->n; i++)
		if (rate_of(v, &win->p[i], d) > max)
			max = rate_of(v, &win->p[i], d);
	draw_text(y, x, LABEL_W - 1, t->attr[EL_DIM], fmt_rate(v, max, top, sizeof(top)));
	if (h > 1)
		draw_text_right(y + h - 1, x, LABEL_W - 1, t->attr[EL_DIM], "0");
	attr_t a = t->attr[d == DIR_READ ? EL_READ : EL_WRITE];
	for (size_t i = 0; i < win->n && max > 0; i++) {
		double val = rate_of(v, &win->p[i], d);
		int eighths = (int)(val / max * h * 8 + 0.5);
		if (val > 0 && eighths == 0)
			eighths = 1;
		for (int row = 0; row < h && eighths > row * 8; row++) {
			int lvl = eighths - row * 8;
			draw_text(y + h - 1 - row, win->x0 + (int)i, 1, a, t->graph[lvl > 8 ? 8 : lvl]);
		}
	}
}

/* A coloured swatch and its word, for legends; returns cells used. */
static int legend_item(const struct view *v, int y, int x, int w, attr_t a, const char *mark,
		       const char *word)
{
	int used = draw_text(y, x, w, a, mark);
	used += draw_text(y, x + used, w - used, v->t->attr[EL_NORMAL], " ");
	used += draw_text(y, x + used, w - used, v->t->attr[EL_NORMAL], word);
	return used + 2;
}

static void legend_runs(const struct view *v, int y, int x, int w)
{
	legend_item(v, y, x, w, v->t->attr[EL_HEADER], v->t->run_mark, _("a run begins"));
}

/* Reads and writes each in their half (or the whole plot when only one
 * direction did I/O), each on its own scale. */
static void draw_rates(const struct view *v, struct rect r)
{
	const struct theme *t = v->t;
	int cols = r.w - LABEL_W;
	struct window win = window_of(v, r.x + LABEL_W, cols);
	bool dirs[DIR_COUNT] = { false, false };
	for (size_t i = 0; i < win.n; i++)
		for (int d = 0; d < DIR_COUNT; d++)
			if (win.p[i].iops[d] > 0)
				dirs[d] = true;
	int cx = r.x;
	cx += draw_text(r.y, cx, r.w, t->attr[EL_HEADER],
			v->m->graph_bw ? _("Bandwidth per second") : _("IOPS per second"));
	cx += 2;
	cx += legend_item(v, r.y, cx, r.x + r.w - cx, t->attr[EL_READ], t->graph[8], _("read"));
	cx += legend_item(v, r.y, cx, r.x + r.w - cx, t->attr[EL_WRITE], t->graph[8], _("write"));
	legend_runs(v, r.y, cx, r.x + r.w - cx);
	int ph = r.h - 2, py = r.y + 1;
	draw_time_axis(v, r.y + r.h - 1, r.x + LABEL_W, cols, &win);
	if (!win.n) {
		draw_text(py + (ph - 1) / 2, r.x + LABEL_W, cols, t->attr[EL_DIM],
			  _("no I/O yet: one column per second of a run"));
		return;
	}
	draw_run_lines(v, py, ph, &win);
	if (dirs[DIR_READ] && dirs[DIR_WRITE] && ph >= 2) {
		int top = (ph + 1) / 2;
		draw_bars(v, py, r.x, top, &win, DIR_READ);
		draw_bars(v, py + top, r.x, ph - top, &win, DIR_WRITE);
	} else {
		draw_bars(v, py, r.x, ph, &win, dirs[DIR_WRITE] ? DIR_WRITE : DIR_READ);
	}
}

/* p50, p99 and p99.9 of each second on a log scale of whole decades. */
static void draw_latency(const struct view *v, struct rect r)
{
	const struct theme *t = v->t;
	static const enum theme_elem el[GRAPH_LATS] = { EL_P50, EL_P99, EL_P999 };
	static const char *const name[GRAPH_LATS] = { "p50", "p99", "p99.9" };
	int cols = r.w - LABEL_W;
	struct window win = window_of(v, r.x + LABEL_W, cols);
	int cx = r.x;
	cx += draw_text(r.y, cx, r.w, t->attr[EL_HEADER], _("Completion latency (log scale)"));
	cx += 2;
	for (int k = 0; k < GRAPH_LATS; k++)
		cx += legend_item(v, r.y, cx, r.x + r.w - cx, t->attr[el[k]], t->lat_mark[k],
				  name[k]);
	legend_runs(v, r.y, cx, r.x + r.w - cx);
	int ph = r.h - 2, py = r.y + 1;
	draw_time_axis(v, r.y + r.h - 1, r.x + LABEL_W, cols, &win);
	uint64_t lo = UINT64_MAX, hi = 0;
	for (size_t i = 0; i < win.n; i++)
		for (int k = 0; k < GRAPH_LATS; k++) {
			uint64_t ns = win.p[i].lat_ns[k];
			if (ns && ns < lo)
				lo = ns;
			if (ns > hi)
				hi = ns;
		}
	if (!hi) {
		draw_text(py + (ph - 1) / 2, r.x + LABEL_W, cols, t->attr[EL_DIM],
			  _("no I/O yet: one column per second of a run"));
		return;
	}
	double d_lo = floor(log10((double)lo)), d_hi = ceil(log10((double)hi));
	if (d_hi <= d_lo)
		d_hi = d_lo + 1;
	double span = d_hi - d_lo;
	/* A label at each decade that gets a row of its own. */
	int last_row = -1;
	for (int dec = (int)d_hi; dec >= (int)d_lo; dec--) {
		double d = dec;
		int row = (int)((d - d_lo) / span * (ph - 1) + 0.5);
		if (row == last_row)
			continue;
		char buf[32];
		draw_text_right(py + ph - 1 - row, r.x, LABEL_W - 1, t->attr[EL_DIM],
				fmt_lat((uint64_t)pow(10, d), buf, sizeof(buf)));
		last_row = row;
	}
	draw_run_lines(v, py, ph, &win);
	for (size_t i = 0; i < win.n; i++)
		for (int k = 0; k < GRAPH_LATS; k++) {
			uint64_t ns = win.p[i].lat_ns[k];
			if (!ns)
				continue;
			int row = (int)((log10((double)ns) - d_lo) / span * (ph - 1) + 0.5);
			row = row < 0 ? 0 : row >= ph ? ph - 1 : row;
			draw_text(py + ph - 1 - row, win.x0 + (int)i, 1, t->attr[el[k]],
				  t->lat_mark[k]);
		}
}

static int shade_level(double share)
{
	return share <= 0 ? 0 : share < 0.05 ? 1 : share < 0.25 ? 2 : share < 0.5 ? 3 : 4;
}

/* Octaves of latency up, seconds across; each cell's shade is the share
 * of that second's I/Os whose latency fell in its octaves. */
static void draw_heat(const struct view *v, struct rect r)
{
	const struct theme *t = v->t;
	static const char *const share_word[SHADE_LEVELS] = { "", "<5%", "<25%", "<50%", ">=50%" };
	int cols = r.w - LABEL_W;
	struct window win = window_of(v, r.x + LABEL_W, cols);
	int cx = r.x;
	cx += draw_text(r.y, cx, r.w, t->attr[EL_HEADER],
			_("Latency heat map (share of each second's I/Os)"));
	cx += 2;
	for (int s = 1; s < SHADE_LEVELS; s++)
		cx += legend_item(v, r.y, cx, r.x + r.w - cx, t->attr[EL_HEAT1 + s - 1], t->shade[s],
				  share_word[s]);
	legend_runs(v, r.y, cx, r.x + r.w - cx);
	int ph = r.h - 2, py = r.y + 1;
	draw_time_axis(v, r.y + r.h - 1, r.x + LABEL_W, cols, &win);
	int lo = GRAPH_OCTAVES, hi = -1;
	for (size_t i = 0; i < win.n; i++)
		for (int k = 0; k < GRAPH_OCTAVES; k++)
			if (win.p[i].heat[k]) {
				lo = k < lo ? k : lo;
				hi = k > hi ? k : hi;
			}
	if (hi < 0) {
		draw_text(py + (ph - 1) / 2, r.x + LABEL_W, cols, t->attr[EL_DIM],
			  _("no I/O yet: one column per second of a run"));
		return;
	}
	int noct = hi - lo + 1;
	int per_row = (noct + ph - 1) / ph;
	int rows = (noct + per_row - 1) / per_row;
	for (int row = 0; row < rows; row++) {
		int o0 = lo + row * per_row;
		int y = py + ph - 1 - row;
		if (row % 2 == 0 || rows <= ph / 2) {
			char buf[32];
			draw_text_right(y, r.x, LABEL_W - 1, t->attr[EL_DIM],
					fmt_lat(1ULL << o0, buf, sizeof(buf)));
		}
		for (size_t i = 0; i < win.n; i++) {
			const struct graph_point *p = &win.p[i];
			uint64_t n = 0;
			for (int o = o0; o < o0 + per_row && o <= hi; o++)
				n += p->heat[o];
			int lvl = p->ios ? shade_level((double)n / (double)p->ios) : 0;
			if (lvl)
				draw_text(y, win.x0 + (int)i, 1, t->attr[EL_HEAT1 + lvl - 1],
					  t->shade[lvl]);
		}
	}
}

/* The cursor's second in full: what the columns above it stand for. */
static void draw_readout(const struct view *v, int y, int x, int w)
{
	const struct theme *t = v->t;
	int back = v->m->graph_back;
	if (!v->npts)
		return;
	if ((size_t)back >= v->npts)
		back = (int)v->npts - 1;
	const struct graph_point *p = &v->pts[v->npts - 1 - (size_t)back];
	char when[32], bw[2][32], lat[GRAPH_LATS][32], line[400];
	for (int d = 0; d < DIR_COUNT; d++)
		fmt_bytes_rate(p->bw_bytes[d], bw[d], sizeof(bw[d]));
	for (int k = 0; k < GRAPH_LATS; k++)
		fmt_lat(p->lat_ns[k], lat[k], sizeof(lat[k]));
	/* Whole IOPS as the report's samples have them, rounded. */
	snprintf(line, sizeof(line),
		 _("%s of run %u: read %.0f IOPS %s, write %.0f IOPS %s, clat p50 %s p99 %s p99.9 %s"),
		 fmt_duration(p->t_ms, when, sizeof(when)), p->run, p->iops[DIR_READ], bw[DIR_READ],
		 p->iops[DIR_WRITE], bw[DIR_WRITE], lat[0], lat[1], lat[2]);
	int used = draw_text(y, x, w, t->attr[EL_HEADER], back ? "<>" : ">");
	draw_text(y, x + used + 1, w - used - 1, t->attr[EL_NORMAL], line);
}

typedef void (*panel_draw)(const struct view *v, struct rect r);
static const panel_draw panel_fn[PANEL_COUNT] = { draw_rates, draw_latency, draw_heat };

void graph_area_draw(const struct view *v, struct rect r)
{
	if (r.h < 1 || r.w <= LABEL_W + 1)
		return;
	int mode = v->m->graph_mode % GRAPH_MODES;
	bool want[PANEL_COUNT] = { mode == 0 || mode == 1, mode == 0 || mode == 2,
				   mode == 0 || mode == 3 };
	/* The readout when there is room for it and a panel. */
	if (r.h >= PANEL_MIN + 1) {
		draw_readout(v, r.y + r.h - 1, r.x, r.w);
		r.h--;
	}
	if (r.h < PANEL_MIN) {
		struct rect one = r;
		int p = mode ? mode - 1 : PANEL_RATES;
		if (r.h >= 3)
			panel_fn[p](v, one);
		return;
	}
	/* As many of the wanted panels as get PANEL_MIN rows each; on a wide
	 * area the first two side by side. */
	int n = 0;
	int order[PANEL_COUNT] = { PANEL_RATES, PANEL_LAT, PANEL_HEAT };
	for (int p = 0; p < PANEL_COUNT; p++)
		if (want[p])
			order[n++] = p;
	if (!n)
		return;
	bool wide = n >= 2 && r.w >= 150;
	int stack = wide ? n - 1 : n;
	while (stack > 1 && r.h / stack < PANEL_MIN + 1) {
		n--;
		stack--;
		if (wide && n < 2) {
			wide = false;
			stack = n;
		}
	}
	int h = r.h / (stack > 0 ? stack : 1), y = r.y;
	for (int i = 0; i < n; i++) {
		struct rect pr = { y, r.x, h, r.w };
		if (wide && i < 2) {
			int half = (r.w - 1) / 2;
			pr.w = i == 0 ? half : r.w - half - 1;
			pr.x = i == 0 ? r.x : r.x + half + 1;
			if (i == 0) {
				panel_fn[order[i]](v, pr);
				continue;
			}
		}
		if (i == n - 1)
			pr.h = r.y + r.h - y;
		panel_fn[order[i]](v, pr);
		y += h;
	}
}
