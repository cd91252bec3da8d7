/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_view.h - the fleet screen's views: the hosts' table with its
 * totals row, one host's CPU and IRQ panes, the key bar and the help,
 * all drawn from the fleet model, and the keys they list. */
#ifndef BLKTOP_SCREEN_FLEET_VIEW_H
#define BLKTOP_SCREEN_FLEET_VIEW_H

#include <stddef.h>

#include "screen/fleet_model.h"
#include "screen/theme.h"

enum fleet_action {
	FA_NONE, FA_UP, FA_DOWN, FA_ENTER, FA_BACK, FA_SORT_NEXT, FA_SORT_PREV, FA_INVERT,
	FA_STOP, FA_QUIT, FA_HELP, FA_REDRAW, FA_TABLE_UP, FA_TABLE_DOWN,
};

struct fleet_key {
	const char *names;           /* as the help lists them */
	const char *bar;             /* N_(): the key bar's word, NULL: not there */
	const char *help;            /* N_() */
	enum fleet_action act;
};

extern const struct fleet_key fleet_keys[];
extern const size_t fleet_nkeys;

/* The whole frame: the table (or the open host's panes, or the help). */
void fleet_view_draw(const struct fleet_model *m, const struct theme *t, bool help,
		     int *help_top);

#endif
