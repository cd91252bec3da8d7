/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runsview.c - the runs list (R): every run of the session with its time,
 * target, job, IOPS, bandwidth, p99 and how it ended; any run's summary
 * as --batch prints it, saved with w or W; two runs side by side with
 * the ratio of each figure. Figures come from runs.c and the model; this
 * file only lays them out and takes the view's keys. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "screen/fmt.h"
#include "screen/summary.h"
#include "screen/ui.h"

int ui_runs_count(const struct ui *u)
{
	return (int)u->runs.n + (u->cur_on ? 1 : 0);
}

/* Run i of the list (0 oldest): its record, and its result or (a
 * procedure's) table if any. The newest run's result is still the model's. */
static const struct run_meta *run_at2(struct ui *u, int i, const struct run_result **res,
				      const struct proc_table **tab, const char **err)
{
	*res = NULL;
	*tab = NULL;
	*err = "";
	if (i < 0 || i >= ui_runs_count(u))
		return NULL;
	if (i < (int)u->runs.n) {
		const struct run_rec *r = &u->runs.v[i];
		*res = r->have_result ? &r->result : NULL;
		*tab = r->have_table ? &r->table : NULL;
		*err = r->err;
		return &r->meta;
	}
	*res = u->model.have_result && !u->cur_proc ? &u->model.result : NULL;
	*err = u->model.run_err;
	return &u->cur_meta;
}

/* A job's run: what the comparison and the figures need. */
static const struct run_meta *run_at(struct ui *u, int i, const struct run_result **res,
				     const char **err)
{
	const struct proc_table *tab;
	return run_at2(u, i, res, &tab, err);
}

const struct run_result *ui_run_result(struct ui *u, int i)
{
	const struct run_result *res;
	const char *err;
	run_at(u, i, &res, &err);
	return res;
}

bool ui_run_summary(struct ui *u, int i, const struct run_result **res,
		    const struct proc_table **tab, time_t *when)
{
	const char *err;
	const struct run_meta *m = run_at2(u, i, res, tab, &err);
	*when = m ? m->when : 0;
	return *res || *tab;
}

void runsview_open(struct ui *u)
{
	int n = ui_runs_count(u);
	if (!n) {
		model_set_status(&u->model, false, "%s", _("No run yet: Enter on a device opens the form."));
		return;
	}
	u->runs_view = RUNS_LIST;
	u->runs_sel = n - 1;
	u->runs_mark = -1;
}

static void close_summary(struct ui *u)
{
	free(u->sum_text);
	u->sum_text = NULL;
	u->runs_view = RUNS_LIST;
}

void runsview_close(struct ui *u)
{
	free(u->sum_text);
	u->sum_text = NULL;
	u->runs_view = RUNS_CLOSED;
}

static void open_summary(struct ui *u)
{
	const struct run_result *res;
	const struct proc_table *tab;
	const char *err;
	const struct run_meta *m = run_at2(u, u->runs_sel, &res, &tab, &err);
	if (!m)
		return;
	if (!res && !tab) {
		if (m->end == RUN_RUNNING)
			model_set_status(&u->model, false, "%s",
					 _("This run has no summary yet: it is still running."));
		else
			model_set_status(&u->model, true, _("Run %d did not start: %s"),
					 u->runs_sel + 1, err);
		return;
	}
	free(u->sum_text);
	u->sum_text = summary_text(res, tab);
	if (!u->sum_text)
		return;
	u->sum_top = 0;
	u->runs_view = RUNS_SUMMARY;
}

static void mark_or_compare(struct ui *u)
{
	const struct run_result *res;
	const struct proc_table *tab;
	const char *err;
	run_at2(u, u->runs_sel, &res, &tab, &err);
	if (tab) {
		model_set_status(&u->model, true, "%s",
				 _("A procedure has a table of steps, not one result: only jobs are compared."));
		return;
	}
	if (!res) {
		model_set_status(&u->model, true, "%s",
				 _("Only finished runs can be compared: this one has no result."));
		return;
	}
	if (u->runs_mark < 0 || u->runs_mark == u->runs_sel) {
		u->runs_mark = u->runs_sel;
		model_set_status(&u->model, false,
				 _("Run %d marked: select another and press c to compare."),
				 u->runs_sel + 1);
		return;
	}
	u->cmp_a = u->runs_mark;
	u->cmp_b = u->runs_sel;
	u->runs_mark = -1;
	u->runs_view = RUNS_COMPARE;
}

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static int text_lines(const char *s)
{
	int n = 0;
	for (; s && *s; s++)
		n += *s == '\n';
	return n + 1;
}

void runsview_key(struct ui *u, struct key_event ev)
{
	enum action a = keys_lookup(ev);
	int page = u->layout.body.h > 4 ? u->layout.body.h - 3 : 1;
	int *pos = u->runs_view == RUNS_SUMMARY ? &u->sum_top : &u->runs_sel;
	int last = u->runs_view == RUNS_SUMMARY ? text_lines(u->sum_text) - 1
						: ui_runs_count(u) - 1;
	bool esc = !ev.func && (ev.code == 27 || ev.code == 'q');
	if (u->runs_view == RUNS_COMPARE) {
		if (esc || a == ACT_ENTER)
			u->runs_view = RUNS_LIST;
		return;
	}
	switch (a) {
	case ACT_UP: (*pos)--; break;
	case ACT_DOWN: (*pos)++; break;
	case ACT_PAGE_UP: *pos -= page; break;
	case ACT_PAGE_DOWN: *pos += page; break;
	case ACT_HOME: *pos = 0; break;
	case ACT_END: *pos = last; break;
	case ACT_STOP: jobctl_stop(u); break;
	case ACT_SAVE: case ACT_SAVE_JSON:
		ui_begin_save(u, a == ACT_SAVE_JSON, u->runs_sel);
		break;
	case ACT_ENTER:
		if (u->runs_view == RUNS_SUMMARY)
			close_summary(u);
		else
			open_summary(u);
		break;
	case ACT_GRAPH_MODE:              /* c: compare */
		if (u->runs_view == RUNS_LIST)
			mark_or_compare(u);
		break;
	default:
		if (esc && u->runs_view == RUNS_SUMMARY)
			close_summary(u);
		else if (esc || a == ACT_RUNS)
			runsview_close(u);
		break;
	}
	*pos = clamp(*pos, 0, last > 0 ? last : 0);
}

/* One row's figures: a kept result's, or the running job's so far. */
static void row_figures(struct ui *u, const struct run_meta *m, const struct run_result *res,
			const struct live_figures *live, struct run_figures *f)
{
	runs_figures(res, f);
	if (res || m->end != RUN_RUNNING || !live->have_interval)
		return;
	f->valid = true;
	for (int d = 0; d < DIR_COUNT; d++) {
		f->iops_total += live->run[d].iops;
		f->bw_total += live->run[d].bw_bytes;
		if (live->run[d].ios && live->run[d].pct_ns[12] > f->p99_worst)
			f->p99_worst = live->run[d].pct_ns[12];
	}
}

/* Column starts: #, time, target, job, IOPS, bandwidth, p99, state. */
static const int col_w[] = { 5, 9, 12, 24, 9, 11, 10, 12 };
#define NCOLS (int)(sizeof(col_w) / sizeof(col_w[0]))

static void draw_row(int y, int x, int w, attr_t a, const char *const cells[NCOLS])
{
	int cx = x;
	draw_blank(y, x, w, a);
	for (int c = 0; c < NCOLS && cx < x + w; c++) {
		int cw = c == NCOLS - 1 ? x + w - cx : col_w[c];
		if (cw > x + w - cx)
			cw = x + w - cx;
		/* Figures to the right of their column, words to the left. */
		if (c >= 4 && c <= 6)
			draw_text_right(y, cx, cw - 1, a, cells[c]);
		else
			draw_text(y, cx, cw - 1, a, cells[c]);
		cx += cw;
	}
}

static void draw_list(struct ui *u, struct rect r, const struct live_figures *live)
{
	const struct theme *t = &u->theme;
	int n = ui_runs_count(u);
	int x = r.x + 1, w = r.w - 2, y = r.y + 1;
	int visible = r.h - 3;
	char extra[128], file[200];
	/* Where quit puts the summaries when there are too many to print. */
	bool json = u->args && u->args->format == OUTPUT_JSON;
	size_t kept = runs_with_summary(&u->runs, u->model.have_result ? &u->model.result : NULL);
	file[0] = '\0';
	if (kept > RUNS_PRINT_MAX && !(u->args && u->args->output_file)) {
		char name[64];
		runs_file_name(&u->runs, json, name, sizeof(name));
		snprintf(file, sizeof(file), _("On quit the %zu summaries go to %s"), kept, name);
		visible--;
	}
	snprintf(extra, sizeof(extra), _("%d runs  Enter summary  w/W save  c compare  Esc back"), n);
	draw_pane_title(t, r, _("Runs"), extra, true);
	const char *head[NCOLS] = { " #", _("TIME"), _("TARGET"), _("JOB"), _("IOPS"),
				    _("BANDWIDTH"), _("P99 (us)"), _("STATE") };
	draw_row(y++, x, w, t->attr[EL_HEADER], head);
	if (visible < 1)
		visible = 1;
	u->runs_sel = clamp(u->runs_sel, 0, n - 1);
	if (u->runs_sel < u->runs_top)
		u->runs_top = u->runs_sel;
	if (u->runs_sel >= u->runs_top + visible)
		u->runs_top = u->runs_sel - visible + 1;
	for (int i = u->runs_top; i < n && i < u->runs_top + visible; i++, y++) {
		const struct run_result *res;
		const struct proc_table *tab;
		const char *err;
		const struct run_meta *m = run_at2(u, i, &res, &tab, &err);
		struct run_figures f;
		char num[16], when[16], iops[32], bw[32], p99[32], state[64];
		struct tm tm;
		if (tab)
			runs_table_figures(tab, &f);
		else
			row_figures(u, m, res, live, &f);
		/* > the selected run, * the one marked to compare: also
		 * without colours. */
		snprintf(num, sizeof(num), "%c%s%d", i == u->runs_sel ? '>' : ' ',
			 i == u->runs_mark ? "*" : "", i + 1);
		localtime_r(&m->when, &tm);
		strftime(when, sizeof(when), "%H:%M:%S", &tm);
		if (f.valid) {
			fmt_count(f.iops_total, iops, sizeof(iops));
			fmt_bytes_rate(f.bw_total, bw, sizeof(bw));
			fmt_usec(f.p99_worst, p99, sizeof(p99));
		} else {
			snprintf(iops, sizeof(iops), "-");
			snprintf(bw, sizeof(bw), "-");
			snprintf(p99, sizeof(p99), "-");
		}
		if (m->end == RUN_RUNNING)
			snprintf(state, sizeof(state), "%s", ui_state_word(live->state));
		else
			snprintf(state, sizeof(state), "%s", run_end_word(m->end));
		const char *cells[NCOLS] = { num, when, m->target, m->job, iops, bw, p99, state };
		attr_t a = i == u->runs_sel ? t->attr[EL_SELECTED]
			   : m->end == RUN_FAILED || m->end == RUN_REFUSED ? t->attr[EL_ERROR]
									  : t->attr[EL_NORMAL];
		draw_row(y, x, w, a, cells);
	}
	if (file[0])
		draw_text(r.y + r.h - 2, x, w, t->attr[EL_HEADER], file);
	/* The selected run's reason, when it did not start or failed. */
	const struct run_result *res;
	const struct proc_table *tab;
	const char *err;
	const struct run_meta *m = run_at2(u, u->runs_sel, &res, &tab, &err);
	if (m && !res && !tab && err[0] && m->end != RUN_RUNNING)
		draw_wrapped(r.y + r.h - 1, x, w, 1, t->attr[EL_ERROR], err);
}

static void draw_summary(struct ui *u, struct rect r)
{
	const struct theme *t = &u->theme;
	char title[64];
	snprintf(title, sizeof(title), _("Run %d: summary"), u->runs_sel + 1);
	draw_pane_title(t, r, title, _("w/W save  Up/Down scroll  Esc back"), true);
	int visible = r.h - 1, n = text_lines(u->sum_text);
	u->sum_top = clamp(u->sum_top, 0, n - visible > 0 ? n - visible : 0);
	const char *p = u->sum_text;
	for (int i = 0; p && *p && i < u->sum_top + visible; i++) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (i >= u->sum_top) {
			char line[512];
			snprintf(line, sizeof(line), "%.*s", (int)(len < sizeof(line) ? len : sizeof(line) - 1), p);
			draw_text(r.y + 1 + i - u->sum_top, r.x + 1, r.w - 2, t->attr[EL_NORMAL], line);
		}
		p = nl ? nl + 1 : p + len;
	}
}

static void ratio_text(double a, double b, char *buf, size_t len)
{
	if (a > 0)
		snprintf(buf, len, "%.2fx", b / a);
	else
		snprintf(buf, len, "-");
}

static void run_line(struct ui *u, int i, char *buf, size_t len)
{
	const struct run_result *res;
	const char *err;
	const struct run_meta *m = run_at(u, i, &res, &err);
	char when[16];
	struct tm tm;
	localtime_r(&m->when, &tm);
	strftime(when, sizeof(when), "%H:%M:%S", &tm);
	snprintf(buf, len, _("run %d: %s %s %s, %s"), i + 1, when, m->target, m->job,
		 run_end_word(m->end));
}

static void draw_compare(struct ui *u, struct rect r)
{
	const struct theme *t = &u->theme;
	struct run_figures fa, fb;
	char line[300], va[32], vb[32], ratio[32];
	int x = r.x + 1, w = r.w - 2, y = r.y + 1;
	runs_figures(ui_run_result(u, u->cmp_a), &fa);
	runs_figures(ui_run_result(u, u->cmp_b), &fb);
	snprintf(line, sizeof(line), _("run %d and run %d"), u->cmp_a + 1, u->cmp_b + 1);
	draw_pane_title(t, r, _("Compare"), line, true);
	run_line(u, u->cmp_a, line, sizeof(line));
	draw_text(y, x, w, t->attr[EL_NORMAL], "A ");
	draw_text(y++, x + 2, w - 2, t->attr[EL_NORMAL], line);
	run_line(u, u->cmp_b, line, sizeof(line));
	draw_text(y, x, w, t->attr[EL_NORMAL], "B ");
	draw_text(y++, x + 2, w - 2, t->attr[EL_NORMAL], line);
	y++;
	const int fw = 24, cw = 14;
	draw_blank(y, x, w, t->attr[EL_HEADER]);
	draw_text(y, x, fw, t->attr[EL_HEADER], _("FIGURE"));
	draw_text_right(y, x + fw, cw, t->attr[EL_HEADER], "A");
	draw_text_right(y, x + fw + cw, cw, t->attr[EL_HEADER], "B");
	draw_text_right(y, x + fw + 2 * cw, cw, t->attr[EL_HEADER], "B/A");
	y++;
	static const char *const dir_name[DIR_COUNT] = { N_("read"), N_("write") };
	for (int d = 0; d < DIR_COUNT && y < r.y + r.h; d++) {
		if (!fa.ios[d] && !fb.ios[d])
			continue;
		struct { const char *what; double a, b; int kind; } rows[] = {
			{ N_("IOPS"), fa.iops[d], fb.iops[d], 0 },
			{ N_("bandwidth"), fa.bw_bytes[d], fb.bw_bytes[d], 1 },
			{ N_("clat mean (us)"), (double)fa.mean_ns[d], (double)fb.mean_ns[d], 2 },
			{ N_("clat p50 (us)"), (double)fa.p50_ns[d], (double)fb.p50_ns[d], 2 },
			{ N_("clat p99 (us)"), (double)fa.p99_ns[d], (double)fb.p99_ns[d], 2 },
			{ N_("clat p99.9 (us)"), (double)fa.p999_ns[d], (double)fb.p999_ns[d], 2 },
		};
		for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]) && y < r.y + r.h; k++, y++) {
			char what[64];
			snprintf(what, sizeof(what), "%s %s", _(dir_name[d]), _(rows[k].what));
			if (rows[k].kind == 0) {
				fmt_count(rows[k].a, va, sizeof(va));
				fmt_count(rows[k].b, vb, sizeof(vb));
			} else if (rows[k].kind == 1) {
				fmt_bytes_rate(rows[k].a, va, sizeof(va));
				fmt_bytes_rate(rows[k].b, vb, sizeof(vb));
			} else {
				fmt_usec((uint64_t)rows[k].a, va, sizeof(va));
				fmt_usec((uint64_t)rows[k].b, vb, sizeof(vb));
			}
			ratio_text(rows[k].a, rows[k].b, ratio, sizeof(ratio));
			draw_text(y, x, fw, t->attr[EL_NORMAL], what);
			draw_text_right(y, x + fw, cw, t->attr[EL_NORMAL], va);
			draw_text_right(y, x + fw + cw, cw, t->attr[EL_NORMAL], vb);
			draw_text_right(y, x + fw + 2 * cw, cw, t->attr[EL_HEADER], ratio);
		}
	}
}

void runsview_draw(struct ui *u, struct rect r, const struct live_figures *live)
{
	switch (u->runs_view) {
	case RUNS_LIST: draw_list(u, r, live); break;
	case RUNS_SUMMARY: draw_summary(u, r); break;
	case RUNS_COMPARE: draw_compare(u, r); break;
	default: break;
	}
}
