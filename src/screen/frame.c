/* SPDX-License-Identifier: GPL-2.0-or-later */
/* frame.c - one frame: the title bar, the panes (or the form or help in
 * their place), the key bar with any prompt or message, and the plain
 * notice when the terminal is under 80x24. Everything is redrawn each
 * time; curses sends only what changed. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "screen/fmt.h"
#include "screen/help.h"
#include "screen/keys.h"
#include "screen/ui.h"

const struct pane_class *const ui_panes[PANE_COUNT] = {
	[PANE_DEVICES] = &pane_devices,
	[PANE_WORKLOAD] = &pane_workload,
	[PANE_LIVE] = &pane_live,
	[PANE_CPU] = &pane_cpu,
	[PANE_IRQ] = &pane_irq,
};

const char *ui_state_word(enum job_state s)
{
	switch (s) {
	case JOB_RUNNING: return _("RUNNING");
	case JOB_STOPPING: return _("STOPPING");
	case JOB_DONE: return _("DONE");
	case JOB_FAILED: return _("FAILED");
	case JOB_REFUSED: return _("NOT STARTED");
	default: return _("IDLE");
	}
}

static void draw_title(struct ui *u, const struct live_figures *l)
{
	const struct screen_model *m = &u->model;
	struct rect r = u->layout.title;
	attr_t a = u->theme.attr[EL_TITLE_BAR];
	char left[256], right[PATH_MAX + 200], bs[32], el[32], tot[32];

	draw_blank(r.y, r.x, r.w, a);
	right[0] = '\0';
	if (m->have_job) {
		const struct job_spec *j = &m->job;
		char when[80];
		if (l->runtime_ms)
			snprintf(when, sizeof(when), "%s/%s",
				 fmt_duration(l->elapsed_ms, el, sizeof(el)),
				 fmt_duration(l->runtime_ms, tot, sizeof(tot)));
		else
			snprintf(when, sizeof(when), "%s", fmt_duration(l->elapsed_ms, el, sizeof(el)));
		snprintf(right, sizeof(right), "%s %s qd%llu j%llu -> %s  %s  %s", rw_name(j->rw),
			 format_size(j->bs, bs, sizeof(bs)), j->iodepth, j->numjobs,
			 m->job_disk[0] ? m->job_disk : j->filename, when, ui_state_word(l->state));
	}
	int rw = text_width(right);
	int lw = r.w - rw - 3;
	title_left_text(m, lw, left, sizeof(left));
	draw_text(r.y, r.x + 1, lw > 0 ? lw : 0, a, left);
	draw_text_right(r.y, r.x, r.w - 1, l->state == JOB_RUNNING ? a | A_BOLD : a, right);
}

/* "F1 Help  Enter Form ..." from the key table; the form and help have
 * their own few keys. */
static void draw_key_bar(struct ui *u)
{
	const struct theme *t = &u->theme;
	struct rect r = u->layout.keys;
	int x = r.x, end = r.x + r.w;
	draw_blank(r.y, r.x, r.w, t->attr[EL_KEY_LABEL]);

	if (u->prompt != PROMPT_NONE || u->model.status[0]) {
		char buf[700];
		attr_t a = t->attr[u->model.status_error ? EL_ERROR : EL_NORMAL];
		if (u->prompt == PROMPT_QUIT)
			snprintf(buf, sizeof(buf), "%s",
				 _("A job is running. Stop it and quit? (y/n)"));
		else if (u->prompt == PROMPT_SWITCH)
			snprintf(buf, sizeof(buf), "%s",
				 _("A job is running. Stop it and start this one? (y/n)"));
		else if (u->prompt == PROMPT_SAVE)
			snprintf(buf, sizeof(buf), _("Save summary to (Enter saves, Esc cancels): %s_"),
				 u->prompt_text);
		else
			snprintf(buf, sizeof(buf), "%s", u->model.status);
		if (u->prompt != PROMPT_NONE)
			a = t->attr[EL_EDIT];
		draw_text(r.y, x, r.w, a, buf);
		return;
	}
	struct bar_key {
		const char *key, *label;
	};
	static const struct bar_key form_keys[] = {
		{ "Enter", N_("Start") }, { "Esc", N_("Cancel") }, { "F1", N_("Help") },
	}, help_keys[] = {
		{ "Esc", N_("Back") },
	}, runs_keys[] = {
		{ "Enter", N_("Summary") }, { "w", N_("Save") }, { "W", N_("JSON") },
		{ "c", N_("Compare") }, { "Esc", N_("Back") },
	};
	if (u->form.open || u->procmenu.open || u->help_open || u->runs_view != RUNS_CLOSED) {
		bool runs = !u->help_open && u->runs_view != RUNS_CLOSED && !u->form.open &&
			    !u->procmenu.open;
		const struct bar_key *keys = u->help_open ? help_keys : runs ? runs_keys
										      : form_keys;
		size_t n = u->help_open ? 1 : runs ? 5 : 3;
		for (size_t i = 0; i < n && x < end; i++) {
			const char *k = keys[i].key;
			const char *l = keys[i].label;
			x += draw_text(r.y, x, end - x, t->attr[EL_KEY], k);
			x += draw_text(r.y, x, end - x, t->attr[EL_KEY_LABEL], " ");
			x += draw_text(r.y, x, end - x, t->attr[EL_KEY_LABEL], _(l));
			x += draw_text(r.y, x, end - x, t->attr[EL_KEY_LABEL], "  ");
		}
		return;
	}
	/* The last entry (Quit) always shows: an entry that would push it
	 * off a narrow terminal (or a long translation) is left out. */
	size_t last = 0;
	for (size_t i = 0; i < key_table_count; i++)
		if (key_table[i].bar)
			last = i;
	for (size_t i = 0; i < key_table_count && x < end; i++) {
		const struct key_binding *k = &key_table[i];
		char name[16];
		if (!k->bar)
			continue;
		/* The first of the names: "F1, ?" shows as "F1". */
		size_t n = strcspn(k->names, ",");
		snprintf(name, sizeof(name), "%.*s", (int)n, k->names);
		if (i != last) {
			const struct key_binding *q = &key_table[last];
			int qw = (int)strcspn(q->names, ",") + 1 + text_width(_(q->bar));
			if (x + text_width(name) + 1 + text_width(_(k->bar)) + 2 + qw > end)
				continue;
		}
		x += draw_text(r.y, x, end - x, t->attr[EL_KEY], name);
		x += draw_text(r.y, x, end - x, t->attr[EL_KEY_LABEL], " ");
		x += draw_text(r.y, x, end - x, t->attr[EL_KEY_LABEL], _(k->bar));
		x += draw_text(r.y, x, end - x, t->attr[EL_KEY_LABEL], "  ");
	}
}

/* Rows the panes would like to show everything they have. */
static void wanted_rows(const struct screen_model *m, struct pane_wants *w)
{
	w->devices = 2 + (int)m->devs.n;
	/* A procedure's table lives in the workload pane, beside them. */
	if (m->proc_on && w->devices < 3 + (int)m->proc_nrows)
		w->devices = 3 + (int)m->proc_nrows;
	w->cpu = 2 + (m->ncpu ? m->ncpu : m->host.ncpu_online);
	/* With no queues: the explanation and the info line. */
	w->irq = m->irq_prev.n ? 2 + (int)m->irq_prev.n : 2;
}

void frame_draw(struct ui *u)
{
	struct live_figures live;
	struct pane_wants want;
	wanted_rows(&u->model, &want);
	/* A procedure's table and curve: across the top row, or (v) beside
	 * the device list in its larger part. */
	want.proc = proc_pane_rows(&u->model, COLS);
	want.proc_beside = u->model.proc_on && !want.proc;
	layout_compute(&u->layout, LINES, COLS, &want);
	erase();
	if (u->layout.too_small) {
		compact_draw(u);
		wnoutrefresh(stdscr);
		doupdate();
		return;
	}
	model_live_copy(&u->model, &live);
	draw_title(u, &live);
	if (u->help_open) {
		help_draw(&u->theme, u->layout.body, &u->help_top);
	} else if (u->procmenu.open) {
		procmenu_draw(&u->procmenu, &u->theme, u->layout.body);
	} else if (u->runs_view != RUNS_CLOSED) {
		runsview_draw(u, u->layout.body, &live);
	} else if (u->form.open) {
		form_draw(&u->form, &u->theme, u->layout.body);
	} else {
		u->graph_n = model_graph_copy(&u->model, u->graph_pts, GRAPH_POINTS);
		u->nsecs = model_sections_copy(&u->model, u->secs, MODEL_SECTIONS);
		struct view v = { &u->model, &live, &u->theme, u->graph_pts, u->graph_n,
				  u->secs, u->nsecs };
		for (int p = 0; p < PANE_COUNT; p++)
			if (u->layout.pane[p].h > 0 && u->layout.pane[p].w > 0)
				ui_panes[p]->draw(&v, u->layout.pane[p], &u->ps[p], u->focus == (enum pane_id)p);
		struct rect d = u->layout.pane[PANE_DEVICES];
		if (d.w > 0) {       /* hidden while a procedure's pane is wide */
			draw_vline(&u->theme, d.y + 1, d.x + d.w, d.h - 1);
			draw_text(d.y, d.x + d.w, 1, u->theme.attr[EL_PANE_TITLE] & ~A_BOLD,
				  u->theme.tee_down);
		}
		if (u->layout.bottom_side_by_side) {
			struct rect c = u->layout.pane[PANE_CPU];
			draw_vline(&u->theme, c.y + 1, c.x + c.w, c.h - 1);
			draw_text(c.y, c.x + c.w, 1, u->theme.attr[EL_PANE_TITLE] & ~A_BOLD,
				  u->theme.tee_down);
		}
	}
	draw_key_bar(u);
	wnoutrefresh(stdscr);
	doupdate();
}
