/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mouse.c - the mouse, as htop takes it: a click focuses the pane under
 * it and, on the device list, selects the row clicked; the wheel scrolls
 * the pane under the pointer. Everything else stays on the keys, so a
 * terminal without a mouse loses nothing. */
#include "config.h"

#include "screen/keys.h"
#include "screen/ui.h"

#define WHEEL_ROWS 3

void mouse_enable(void)
{
	mmask_t want = BUTTON1_PRESSED | BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
	want |= BUTTON5_PRESSED;
#endif
	mousemask(want, NULL);
	/* Presses only: no wait to tell a click from a double click. */
	mouseinterval(0);
}

static int pane_at(const struct layout *l, int y, int x)
{
	for (int p = 0; p < PANE_COUNT; p++) {
		struct rect r = l->pane[p];
		if (r.w > 0 && r.h > 0 && y >= r.y && y < r.y + r.h && x >= r.x && x < r.x + r.w)
			return p;
	}
	return -1;
}

struct mouse_act mouse_event(struct ui *u)
{
	struct mouse_act out = { ACT_NONE, 0, false };
	MEVENT ev;
	if (getmouse(&ev) != OK || u->layout.too_small)
		return out;
	int p = pane_at(&u->layout, ev.y, ev.x);
	if (p < 0)
		return out;
	u->focus = (enum pane_id)p;
	if (ev.bstate & BUTTON4_PRESSED) {
		out.act = ACT_UP;
		out.repeat = WHEEL_ROWS;
		return out;
	}
#ifdef BUTTON5_PRESSED
	if (ev.bstate & BUTTON5_PRESSED) {
		out.act = ACT_DOWN;
		out.repeat = WHEEL_ROWS;
		return out;
	}
#endif
	if (!(ev.bstate & BUTTON1_PRESSED) || p != PANE_DEVICES)
		return out;
	/* The device list: its title line, its header, then the rows. */
	struct rect r = u->layout.pane[PANE_DEVICES];
	struct pane_state *st = &u->ps[PANE_DEVICES];
	int row = ev.y - (r.y + 2);
	int visible = r.h - 3;
	if (row < 0 || row >= visible || st->top + row >= (int)u->model.devs.n)
		return out;
	st->sel = st->top + row;
	out.selected = true;
	return out;
}
