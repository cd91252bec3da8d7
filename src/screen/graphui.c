/* SPDX-License-Identifier: GPL-2.0-or-later */
/* graphui.c - the keys of the live pane's graphs and the CPU meters:
 * what they show (b, c, m) and the cursor through time (Left, Right).
 * Kept out of loop.c, which holds only the loop. */
#include "config.h"

#include "i18n.h"
#include "screen/keys.h"
#include "screen/ui.h"

void graphui_action(struct ui *u, enum action act)
{
	struct screen_model *m = &u->model;
	switch (act) {
	case ACT_PROC_MEASURE:
		/* b: a procedure's curve while one shows, else the graph. */
		if (m->proc_on)
			procui_action(u, act);
		else
			m->graph_bw = !m->graph_bw;
		break;
	case ACT_GRAPH_MODE:
		m->graph_mode = (m->graph_mode + 1) % GRAPH_MODES;
		break;
	case ACT_GRAPH_OLDER:
		if ((size_t)m->graph_back + 1 < u->graph_n)
			m->graph_back++;
		break;
	case ACT_GRAPH_NEWER:
		if (m->graph_back > 0)
			m->graph_back--;
		break;
	case ACT_METERS:
		m->cpu_bars = !m->cpu_bars;
		break;
	default:
		break;
	}
}
