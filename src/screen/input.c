/* SPDX-License-Identifier: GPL-2.0-or-later */
/* input.c - the screen's keys: each goes to whatever is open (a prompt,
 * help, the procedure menu, the form) or else to the main screen's action
 * from the key table (keys.c). Handlers only change state and mark the
 * frame dirty; the loop draws. */
#include "config.h"

#include <stdio.h>

#include "i18n.h"
#include "screen/keys.h"
#include "screen/summary.h"
#include "screen/ui.h"

/* What w saves: run i of the runs list (a job's result or a procedure's
 * table), or with -1 the shown run's (when the list has none). */
static bool save_result(struct ui *u, const struct run_result **res,
			const struct proc_table **tab, time_t *when)
{
	*tab = NULL;
	*when = 0;
	if (u->save_run >= 0)
		return ui_run_summary(u, u->save_run, res, tab, when);
	*res = u->model.have_result ? &u->model.result : runs_last_result(&u->runs);
	return *res != NULL;
}

void ui_begin_save(struct ui *u, bool json, int run)
{
	const struct run_result *res;
	const struct proc_table *tab;
	time_t when;
	/* On the main screen w saves the newest run that has a summary: after
	 * a procedure that is its table, not the result of its last step. */
	for (int i = ui_runs_count(u) - 1; run < 0 && i >= 0; i--)
		if (ui_run_summary(u, i, &res, &tab, &when))
			run = i;
	u->save_run = run;
	if (!save_result(u, &res, &tab, &when)) {
		model_set_status(&u->model, true, "%s",
				 run >= 0 ? _("This run has no summary to save.")
					  : _("No finished run to save yet."));
		return;
	}
	u->prompt = PROMPT_SAVE;
	u->prompt_json = json;
	summary_default_name(res, tab, when, json, u->prompt_text, sizeof(u->prompt_text));
}

static void prompt_key(struct ui *u, struct key_event ev)
{
	if (u->prompt == PROMPT_QUIT || u->prompt == PROMPT_SWITCH) {
		bool yes = !ev.func && (ev.code == 'y' || ev.code == 'Y');
		enum prompt_kind p = u->prompt;
		u->prompt = PROMPT_NONE;
		if (p == PROMPT_SWITCH)
			jobctl_switch(u, yes);
		else if (yes)
			u->quit = true;
		return;
	}
	if (!ev.func && ev.code == 27) {
		u->prompt = PROMPT_NONE;
	} else if (!ev.func && (ev.code == '\n' || ev.code == '\r')) {
		char err[600];
		const struct run_result *res;
		const struct proc_table *tab;
		time_t when;
		u->prompt = PROMPT_NONE;
		if (!save_result(u, &res, &tab, &when))
			model_set_status(&u->model, true, "%s", _("This run has no summary to save."));
		else if (summary_save(res, tab, u->prompt_text, u->prompt_json, err, sizeof(err)))
			model_set_status(&u->model, true, "%s", err);
		else
			model_set_status(&u->model, false, _("Summary saved to %s"), u->prompt_text);
	} else {
		text_edit_key(u->prompt_text, sizeof(u->prompt_text), ev);
	}
}

static void move_in_pane(struct ui *u, enum action act)
{
	struct view v = { &u->model, NULL, &u->theme, u->graph_pts, u->graph_n, u->secs,
			  u->nsecs };
	const struct pane_class *p = ui_panes[u->focus];
	struct pane_state *st = &u->ps[u->focus];
	int rows = p->rows ? p->rows(&v) : 0;
	int page = u->layout.pane[u->focus].h - 3;
	int *pos = p->selects ? &st->sel : &st->top;
	if (!rows)
		return;
	switch (act) {
	case ACT_UP: (*pos)--; break;
	case ACT_DOWN: (*pos)++; break;
	case ACT_PAGE_UP: *pos -= page > 1 ? page : 1; break;
	case ACT_PAGE_DOWN: *pos += page > 1 ? page : 1; break;
	case ACT_HOME: *pos = 0; break;
	case ACT_END: *pos = rows - 1; break;
	default: break;
	}
	if (*pos >= rows)
		*pos = rows - 1;
	if (*pos < 0)
		*pos = 0;
	if (u->focus == PANE_DEVICES)
		ui_selection_moved(u);
}

static void main_key(struct ui *u, struct key_event ev)
{
	enum action act = keys_lookup(ev);
	switch (act) {
	case ACT_HELP: u->help_open = true; u->help_top = 0; break;
	case ACT_ENTER: jobctl_open_form(u); break;
	case ACT_STOP: jobctl_stop(u); break;
	case ACT_PROCEDURES: procui_open(u); break;
	case ACT_PROC_VIEW: procui_action(u, act); break;
	case ACT_PROC_MEASURE: case ACT_GRAPH_OLDER: case ACT_GRAPH_NEWER: case ACT_GRAPH_MODE:
	case ACT_METERS:
		graphui_action(u, act);
		break;
	case ACT_QUIT:
		if (model_job_active(&u->model))
			u->prompt = PROMPT_QUIT;
		else
			u->quit = true;
		break;
	case ACT_TOGGLE_PCT: u->model.pct_run = !u->model.pct_run; break;
	case ACT_SAVE: ui_begin_save(u, false, -1); break;
	case ACT_SAVE_JSON: ui_begin_save(u, true, -1); break;
	case ACT_RUNS: runsview_open(u); break;
	case ACT_RESCAN: probing_key(u); break;
	case ACT_REDRAW: clearok(curscr, TRUE); break;
	case ACT_NEXT_PANE: u->focus = (u->focus + 1) % PANE_COUNT; break;
	case ACT_PREV_PANE: u->focus = (u->focus + PANE_COUNT - 1) % PANE_COUNT; break;
	case ACT_UP: case ACT_DOWN: case ACT_PAGE_UP: case ACT_PAGE_DOWN:
	case ACT_HOME: case ACT_END:
		move_in_pane(u, act);
		break;
	default: break;
	}
}

static void handle_key(struct ui *u, struct key_event ev)
{
	u->dirty = true;
	if (ev.func && ev.code == KEY_RESIZE)
		return;                  /* the next frame lays out for LINES, COLS */
	if (u->prompt != PROMPT_NONE) {
		prompt_key(u, ev);
		return;
	}
	u->model.status[0] = '\0';
	u->status_job = false;
	if (ev.func && ev.code == KEY_MOUSE) {
		struct mouse_act ma = u->help_open || u->form.open || u->procmenu.open ||
				      u->runs_view != RUNS_CLOSED
				      ? (struct mouse_act){ ACT_NONE, 0, false } : mouse_event(u);
		for (int i = 0; i < ma.repeat; i++)
			move_in_pane(u, ma.act);
		if (ma.selected)
			ui_selection_moved(u);
		return;
	}
	if (u->layout.too_small) {
		enum action a = keys_lookup(ev);
		if (a == ACT_QUIT || a == ACT_STOP)
			main_key(u, ev);
		return;
	}
	if (u->help_open) {
		enum action a = keys_lookup(ev);
		if (a == ACT_UP || a == ACT_DOWN)
			u->help_top += a == ACT_UP ? -1 : 1;
		else
			u->help_open = false;
		return;
	}
	if (u->runs_view != RUNS_CLOSED) {
		if (ev.func && ev.code == KEY_F(1))
			u->help_open = true;
		else
			runsview_key(u, ev);
		return;
	}
	if (u->procmenu.open) {
		if (ev.func && ev.code == KEY_F(1))
			u->help_open = true;
		else
			procui_key(u, ev);
		return;
	}
	if (u->form.open) {
		if (ev.func && ev.code == KEY_F(1)) {
			u->help_open = true;
			return;
		}
		switch (form_key(&u->form, ev, &u->model.devs)) {
		case FORM_CLOSE: form_close(&u->form); break;
		case FORM_START: jobctl_form_started(u); break;
		default: break;
		}
		return;
	}
	main_key(u, ev);
}

void input_read_keys(struct ui *u)
{
	for (int i = 0; i < 64; i++) {
		wint_t wc;
		int r = get_wch(&wc);
		if (r == ERR)
			break;
		handle_key(u, (struct key_event){ (int)wc, r == KEY_CODE_YES });
	}
}
