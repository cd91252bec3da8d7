/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procmenu.c - the procedure menu drawn in place of the panes: one line
 * per procedure of the registry (its command-line name and what it is),
 * what the selected one runs, the runtime
 * each step gets, and a message line. Enter checks the device as the
 * workload form does before any procedure starts. */
#include "config.h"
#include "screen/procmenu.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "screen/form.h"

static void set_message(struct procmenu *pm, bool error, const char *text)
{
	snprintf(pm->message, sizeof(pm->message), "%s", text);
	pm->message_error = error;
}

void procmenu_open(struct procmenu *pm, const struct dev_row *d, unsigned runtime_s)
{
	int sel = pm->sel;
	memset(pm, 0, sizeof(*pm));
	pm->open = true;
	pm->sel = sel >= 0 && sel < PROC_KIND_COUNT ? sel : 0;
	pm->runtime_s = runtime_s ? runtime_s : 5;
	snprintf(pm->dev_name, sizeof(pm->dev_name), "%s", d->name);
	snprintf(pm->dev_path, sizeof(pm->dev_path), "%s", d->path);
}

/* Procedures write (profiles and suites do; a sweep may): the device is
 * checked as for a write, as the command line's gate would. */
static enum procmenu_result check_device(struct procmenu *pm, const struct dev_rows *devs)
{
	const struct dev_row *d = devsource_find(devs, pm->dev_name);
	char msg[1200];
	if (!d)
		return PM_START;       /* gone from the list: the run's own gate decides */
	if (!d->probed) {
		snprintf(msg, sizeof(msg),
			 _("%s is still being probed: its verdict is not known yet. Try again "
			   "in a moment."), d->name);
		set_message(pm, true, msg);
		return PM_NONE;
	}
	if (d->verdict == VERDICT_IN_USE || d->verdict == VERDICT_READ_ONLY) {
		snprintf(msg, sizeof(msg), _("refused: %s is %s: %s"), d->name, d->verdict_word,
			 d->reasons);
		set_message(pm, true, msg);
		return PM_NONE;
	}
	if (d->verdict == VERDICT_HAS_DATA && !pm->force) {
		pm->confirming = true;
		pm->confirm_text[0] = '\0';
		snprintf(msg, sizeof(msg),
			 _("%s holds data (%s). Writing destroys it. Type %s and Enter to "
			   "write anyway, Esc to go back:"), d->name, d->reasons, d->name);
		set_message(pm, true, msg);
		return PM_NONE;
	}
	return PM_START;
}

static enum procmenu_result confirm_key(struct procmenu *pm, struct key_event ev)
{
	if (!ev.func && ev.code == 27) {
		pm->confirming = false;
		set_message(pm, false, _("Not started."));
		return PM_NONE;
	}
	if (!ev.func && (ev.code == '\n' || ev.code == '\r')) {
		char msg[256];
		pm->confirming = false;
		if (!strcmp(pm->confirm_text, pm->dev_name)) {
			pm->force = true;
			return PM_START;
		}
		snprintf(msg, sizeof(msg), _("Not started: the name typed does not match %s."),
			 pm->dev_name);
		set_message(pm, true, msg);
		return PM_NONE;
	}
	text_edit_key(pm->confirm_text, sizeof(pm->confirm_text), ev);
	return PM_NONE;
}

enum procmenu_result procmenu_key(struct procmenu *pm, struct key_event ev,
				  const struct dev_rows *devs)
{
	if (pm->confirming)
		return confirm_key(pm, ev);
	if (!ev.func && ev.code == 27)
		return PM_CLOSE;
	if (!ev.func && (ev.code == '\n' || ev.code == '\r'))
		return check_device(pm, devs);
	if (ev.func && ev.code == KEY_ENTER)
		return check_device(pm, devs);
	if (!ev.func && (ev.code == '+' || ev.code == '='))
		pm->runtime_s = pm->runtime_s < 600 ? pm->runtime_s + 1 : 600;
	else if (!ev.func && ev.code == '-')
		pm->runtime_s = pm->runtime_s > 1 ? pm->runtime_s - 1 : 1;
	else if (keys_lookup(ev) == ACT_UP)
		pm->sel = pm->sel > 0 ? pm->sel - 1 : 0;
	else if (keys_lookup(ev) == ACT_DOWN)
		pm->sel = pm->sel + 1 < PROC_KIND_COUNT ? pm->sel + 1 : PROC_KIND_COUNT - 1;
	else if (keys_lookup(ev) == ACT_HOME)
		pm->sel = 0;
	else if (keys_lookup(ev) == ACT_END)
		pm->sel = PROC_KIND_COUNT - 1;
	return PM_NONE;
}

void procmenu_draw(const struct procmenu *pm, const struct theme *t, struct rect r)
{
	char buf[1400];
	draw_pane_title(t, r, _("Procedures"), pm->dev_path, true);
	int y = r.y + 1, end = r.y + r.h;
	/* sel is a row of the registry, in its order. */
	for (int k = 0; k < PROC_KIND_COUNT && y < end; k++, y++) {
		const struct proc_entry *e = &proc_registry[k];
		attr_t a = t->attr[k == pm->sel ? EL_SELECTED : EL_NORMAL];
		draw_blank(y, r.x, r.w, a);
		int x = r.x + 1;
		x += draw_text(y, x, 2, a, k == pm->sel ? ">" : " ");
		snprintf(buf, sizeof(buf), "%-11s", e->name);
		x += draw_text(y, x, r.x + r.w - x, a | A_BOLD, buf);
		draw_text(y, x, r.x + r.w - x, a, _(e->what));
	}
	/* What the selected one runs. */
	if (y < end && pm->sel >= 0 && pm->sel < PROC_KIND_COUNT)
		y += draw_wrapped(y, r.x + 1, r.w - 1, end - y > 2 ? 2 : end - y,
				  t->attr[EL_DIM], _(proc_registry[pm->sel].title));
	y++;
	if (y < end) {
		snprintf(buf, sizeof(buf), _("runtime of each step: %us (+ and - change it)"),
			 pm->runtime_s);
		draw_text(y++, r.x + 1, r.w - 1, t->attr[EL_HEADER], buf);
	}
	if (y < end)
		draw_text(y++, r.x + 1, r.w - 1, t->attr[EL_DIM],
			  _("Enter starts it on the device, Esc goes back; s stops it while it runs."));
	y++;
	if (y < end && pm->message[0]) {
		attr_t a = t->attr[pm->message_error ? EL_ERROR : EL_NORMAL];
		y += draw_wrapped(y, r.x + 1, r.w - 1, end - y > 3 ? 3 : end - y, a, pm->message);
	}
	if (y < end && pm->confirming) {
		snprintf(buf, sizeof(buf), "> %s_", pm->confirm_text);
		draw_text(y, r.x + 1, r.w - 1, t->attr[EL_EDIT], buf);
	}
}
