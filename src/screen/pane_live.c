/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pane_live.c - the run as it goes: IOPS and bandwidth per direction for
 * the last interval and the run so far, clat percentiles (interval or run,
 * `t` toggles), the followed disk's iostat -x figures, and the graphs
 * over time (pane_graph.c). After the run the final figures stay. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "screen/fmt.h"
#include "screen/pane.h"

#define DIR_W 6

static const char *const pct_label[MODEL_NPCTS] = {
	"p1", "p5", "p10", "p20", "p30", "p40", "p50", "p60", "p70", "p80", "p90", "p95",
	"p99", "p99.5", "p99.9", "p99.95", "p99.99",
};
/* Which percentiles to keep when not all fit: max first, then the tail,
 * the median and the low end (index MODEL_NPCTS is max). */
static const int pct_priority[MODEL_NPCTS + 1] = {
	MODEL_NPCTS, 6, 12, 14, 16, 0, 10, 11, 13, 15, 1, 2, 9, 3, 8, 4, 7, 5,
};

static bool job_done(enum job_state s)
{
	return s == JOB_DONE || s == JOB_FAILED;
}

static void active_dirs(const struct view *v, bool dirs[DIR_COUNT])
{
	const struct job_spec *j = &v->m->job;
	dirs[DIR_READ] = rw_reads(j->rw);
	dirs[DIR_WRITE] = rw_writes(j->rw);
	/* Sections of a job file may do both. */
	for (int d = 0; d < DIR_COUNT; d++)
		if (v->live->run[d].ios || v->live->last[d].ios)
			dirs[d] = true;
}

static const char *dir_word(int d)
{
	return d == DIR_READ ? _("read") : _("write");
}

/* The direction's name in a column of at least DIR_W cells. */
static int draw_dir_word(const struct view *v, int y, int x, int w, int d)
{
	int used = draw_text(y, x, w, v->t->attr[EL_HEADER], dir_word(d));
	return used + 1 > DIR_W ? used + 1 : DIR_W;
}

/* "read  IOPS 36.9k BW 144MiB/s avg 26.7us | run IOPS 36.1k BW 141MiB/s" */
static void draw_rates(const struct view *v, int y, int x, int w, int d)
{
	const struct theme *t = v->t;
	const struct live_figures *l = v->live;
	bool done = job_done(l->state);
	const struct dir_figures *now = done ? &l->run[d] : &l->last[d];
	char line[400], a[32], b[32], c[32], e[32], f[32];
	int cx = x;

	cx += draw_dir_word(v, y, x, w, d);
	snprintf(line, sizeof(line), "IOPS %-6s BW %-10s avg %sus",
		 fmt_count(now->iops, a, sizeof(a)), fmt_bytes_rate(now->bw_bytes, b, sizeof(b)),
		 fmt_usec(now->clat_mean_ns, c, sizeof(c)));
	cx += draw_text(y, cx, x + w - cx, t->attr[EL_NORMAL], line);
	if (done) {
		snprintf(line, sizeof(line), _("  (whole run, %s I/Os)"),
			 fmt_count((double)now->ios, e, sizeof(e)));
		draw_text(y, cx, x + w - cx, t->attr[EL_DIM], line);
		return;
	}
	snprintf(line, sizeof(line), "  %s %s IOPS %s", _("run:"),
		 fmt_count(l->run[d].iops, e, sizeof(e)),
		 fmt_bytes_rate(l->run[d].bw_bytes, f, sizeof(f)));
	draw_text(y, cx, x + w - cx, t->attr[EL_DIM], line);
}

/* As many "p50 25.1" pairs as fit, in ascending order. */
static void draw_percentiles(const struct view *v, int y, int x, int w, int d)
{
	const struct theme *t = v->t;
	const struct live_figures *l = v->live;
	bool use_run = v->m->pct_run || job_done(l->state);
	const struct dir_figures *f = use_run ? &l->run[d] : &l->last[d];
	char label[64], val[MODEL_NPCTS + 1][24];
	bool keep[MODEL_NPCTS + 1] = { false };

	snprintf(label, sizeof(label), "%s ", use_run ? _("clat(run) us") : _("clat(int) us"));
	int cx = x + draw_dir_word(v, y, x, w, d);
	cx += draw_text(y, cx, x + w - cx, t->attr[EL_HEADER], label);
	int room = x + w - cx;
	for (int i = 0; i < MODEL_NPCTS; i++)
		fmt_usec(f->pct_ns[i], val[i], sizeof(val[i]));
	fmt_usec(f->clat_max_ns, val[MODEL_NPCTS], sizeof(val[MODEL_NPCTS]));
	for (int k = 0; k <= MODEL_NPCTS; k++) {
		int i = pct_priority[k];
		const char *name = i == MODEL_NPCTS ? "max" : pct_label[i];
		int need = (int)strlen(name) + 1 + (int)strlen(val[i]) + 2;
		if (need > room)
			break;
		keep[i] = true;
		room -= need;
	}
	for (int i = 0; i <= MODEL_NPCTS; i++) {
		if (!keep[i])
			continue;
		const char *name = i == MODEL_NPCTS ? "max" : pct_label[i];
		cx += draw_text(y, cx, x + w - cx, t->attr[EL_DIM], name);
		cx += draw_text(y, cx, x + w - cx, t->attr[EL_NORMAL], " ");
		cx += draw_text(y, cx, x + w - cx, t->attr[EL_NORMAL], val[i]);
		cx += draw_text(y, cx, x + w - cx, t->attr[EL_NORMAL], "  ");
	}
}

/* Failed I/Os so far, per direction, the first one's errno text, and
 * what the policy does with them: shown only when there are any, in the
 * error colour, so a dying device is seen while the job still runs. */
static void draw_errors(const struct view *v, int y, int x, int w)
{
	const struct live_figures *l = v->live;
	char policy[32], line[400], first[160] = "";
	int fe = l->first_error[DIR_READ] ? l->first_error[DIR_READ] : l->first_error[DIR_WRITE];

	job_option_format(&v->m->job, job_option_find("continue_on_error"), policy,
			  sizeof(policy));
	if (fe)
		snprintf(first, sizeof(first), _("  first: %s"), strerror(fe));
	snprintf(line, sizeof(line), _("errors  read %llu  write %llu%s  (continue_on_error=%s%s)"),
		 (unsigned long long)l->dir_errors[DIR_READ],
		 (unsigned long long)l->dir_errors[DIR_WRITE], first, policy,
		 l->state == JOB_FAILED ? _(": the job stopped") : "");
	draw_text(y, x, w, v->t->attr[EL_ERROR], line);
}

/* iostat -x figures of the followed disk: live, or over the run at its
 * end; wraps onto a second line when lines allows. Returns lines used. */
static int draw_device(const struct view *v, int y, int x, int w, int lines)
{
	const struct screen_model *m = v->m;
	const struct theme *t = v->t;
	bool over_run = job_done(v->live->state) && m->result_disk_valid;
	const struct disk_rates *r = over_run ? &m->result_disk : &m->disk;
	char val[12][24];
	/* iostat -x's names; the merges and request sizes say why r/s can
	 * be under the job's read IOPS (the block layer merged requests). */
	static const char *const key[12] = {
		"r/s", "w/s", "rkB/s", "wkB/s", "rrqm/s", "wrqm/s", "rareq-sz", "wareq-sz",
		"r_await", "w_await", "aqu-sz", "%util",
	};

	if (lines < 1)
		return 0;
	if (!m->follow[0]) {
		draw_text(y, x, w, t->attr[EL_DIM], _("no device counters (not a block device)"));
		return 1;
	}
	struct flow f;
	flow_init(&f, y, x, w, lines);
	if (!over_run && !m->disk_valid) {
		flow_put(&f, m->follow, t->attr[EL_HEADER], _("(waiting for a second sample)"),
			 t->attr[EL_DIM]);
		return 1;
	}
	fmt_count(r->r_s, val[0], sizeof(val[0]));
	fmt_count(r->w_s, val[1], sizeof(val[1]));
	fmt_count(r->rkb_s, val[2], sizeof(val[2]));
	fmt_count(r->wkb_s, val[3], sizeof(val[3]));
	fmt_count(r->rrqm_s, val[4], sizeof(val[4]));
	fmt_count(r->wrqm_s, val[5], sizeof(val[5]));
	snprintf(val[6], sizeof(val[6]), "%.2f", r->r_s > 0 ? r->rkb_s / r->r_s : 0.0);
	snprintf(val[7], sizeof(val[7]), "%.2f", r->w_s > 0 ? r->wkb_s / r->w_s : 0.0);
	snprintf(val[8], sizeof(val[8]), "%.2f", r->r_await);
	snprintf(val[9], sizeof(val[9]), "%.2f", r->w_await);
	snprintf(val[10], sizeof(val[10]), "%.2f", r->aqu_sz);
	snprintf(val[11], sizeof(val[11]), "%.1f", r->util);
	flow_put(&f, m->follow, t->attr[EL_HEADER], over_run ? _("(run)") : "", t->attr[EL_DIM]);
	for (int i = 0; i < 12; i++)
		flow_put(&f, key[i], t->attr[EL_DIM], val[i], t->attr[EL_NORMAL]);
	return f.used;
}

/* A job file's sections, one line each while several run: their own
 * rates and p99, so one slow section is not hidden in the sum. */
static void draw_section(const struct view *v, int y, int x, int w, const struct section_live *s)
{
	const struct theme *t = v->t;
	char part[160], io[32], bw[32], p99[32];
	int cx = x + draw_text(y, x, w, t->attr[EL_HEADER], "  ");
	cx += draw_text(y, cx, 16, t->attr[EL_HEADER], s->name[0] ? s->name : "?");
	cx = cx < x + 19 ? x + 19 : cx + 1;
	for (int d = 0; d < DIR_COUNT; d++) {
		if (!s->last[d].ios && !s->run[d].ios)
			continue;
		snprintf(part, sizeof(part), "%s %s IOPS %s p99 %sus  ", dir_word(d),
			 fmt_count(s->last[d].iops, io, sizeof(io)),
			 fmt_bytes_rate(s->last[d].bw_bytes, bw, sizeof(bw)),
			 fmt_usec(s->last[d].pct_ns[12], p99, sizeof(p99)));
		cx += draw_text(y, cx, x + w - cx, t->attr[EL_NORMAL], part);
	}
}

static void title_extra(const struct view *v, char *buf, size_t len)
{
	const struct live_figures *l = v->live;
	char el[32], tot[32], left[32];
	const char *mode = v->m->pct_run || job_done(l->state) ? _("[run]") : _("[interval]");
	if (l->state == JOB_IDLE || l->state == JOB_REFUSED) {
		buf[0] = '\0';
		return;
	}
	if (l->runtime_ms && !job_done(l->state)) {
		uint64_t rest = l->runtime_ms > l->elapsed_ms ? l->runtime_ms - l->elapsed_ms : 0;
		snprintf(buf, len, _("%s / %s, %s left  errors %llu  %s%s"),
			 fmt_duration(l->elapsed_ms, el, sizeof(el)),
			 fmt_duration(l->runtime_ms, tot, sizeof(tot)),
			 fmt_duration(rest, left, sizeof(left)), (unsigned long long)l->errors,
			 mode, l->ramping ? _("  ramping") : "");
	} else if (l->runtime_ms)
		snprintf(buf, len, _("%s / %s  errors %llu  %s"),
			 fmt_duration(l->elapsed_ms, el, sizeof(el)),
			 fmt_duration(l->runtime_ms, tot, sizeof(tot)), (unsigned long long)l->errors,
			 mode);
	else
		snprintf(buf, len, _("%s  errors %llu  %s%s"),
			 fmt_duration(l->elapsed_ms, el, sizeof(el)), (unsigned long long)l->errors,
			 mode, l->ramping ? _("  ramping") : "");
	if (job_done(l->state)) {
		size_t used = strlen(buf);
		snprintf(buf + used, len - used, "  %s", _("final summary (w: save)"));
	}
}

static void draw_live(const struct view *v, struct rect r, struct pane_state *st, bool focused)
{
	const struct live_figures *l = v->live;
	char extra[200];
	title_extra(v, extra, sizeof(extra));
	draw_pane_title(v->t, r, _("Live"), extra, focused);
	int x = r.x + 1, w = r.w - 2, y = r.y + 1, end = r.y + r.h;
	if (r.h < 2)
		return;
	if (l->state == JOB_IDLE || (!l->have_interval && !job_done(l->state))) {
		const char *msg = l->state == JOB_IDLE
				  ? _("No job yet. Select a device, Enter opens the form, Enter starts.")
				  : l->state == JOB_REFUSED ? _("The job did not start (see Workload).")
							    : _("Starting...");
		y += draw_wrapped(y, x, w, 2, v->t->attr[EL_DIM], msg);
		y += draw_device(v, y, x, w, end - y > 3 ? 2 : 1);
		graph_area_draw(v, (struct rect){ y, x, end - y, w });
		return;
	}
	bool dirs[DIR_COUNT];
	active_dirs(v, dirs);
	for (int d = 0; d < DIR_COUNT && y < end; d++)
		if (dirs[d])
			draw_rates(v, y++, x, w, d);
	for (int d = 0; d < DIR_COUNT && y < end; d++)
		if (dirs[d])
			draw_percentiles(v, y++, x, w, d);
	/* Per-section rows while several run, leaving the graphs room. */
	for (size_t i = 0; v->nsecs > 1 && i < v->nsecs && end - y > 6; i++)
		draw_section(v, y++, x, w, &v->secs[i]);
	if (l->errors && y < end)
		draw_errors(v, y++, x, w);
	/* Two lines for the device when the graph keeps at least one. */
	y += draw_device(v, y, x, w, end - y >= 3 ? 2 : 1);
	graph_area_draw(v, (struct rect){ y, x, end - y, w });
}

const struct pane_class pane_live = {
	.title = N_("Live"),
	.draw = draw_live,
	.rows = NULL,
	.selects = false,
};
