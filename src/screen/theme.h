/* SPDX-License-Identifier: GPL-2.0-or-later */
/* theme.h - what the screen draws with: semantic elements mapped to colour
 * or, with NO_COLOR or a terminal without colours, to bold and reverse
 * only; and the line and graph characters, UTF-8 or plain ASCII. */
#ifndef BLKTOP_SCREEN_THEME_H
#define BLKTOP_SCREEN_THEME_H

#include <stdbool.h>

#include "screen/term.h"

enum theme_elem {
	EL_NORMAL,
	EL_TITLE_BAR,        /* the top line */
	EL_PANE_TITLE,
	EL_PANE_FOCUS,       /* the title of the pane that has the keys */
	EL_HEADER,           /* column headings */
	EL_SELECTED,         /* the selected row */
	EL_SAFE,
	EL_HAS_DATA,
	EL_IN_USE,
	EL_READ_ONLY,
	EL_GRAPH,
	EL_ERROR,
	EL_KEY,              /* a key's name in the key bar */
	EL_KEY_LABEL,
	EL_DIM,              /* figures that are zero or stale */
	EL_RUNNING,
	EL_PINNED,           /* CPUs the job is pinned to */
	EL_EDIT,             /* a form field being edited */
	EL_READ,             /* reads in the graphs */
	EL_WRITE,            /* writes in the graphs */
	EL_P50,              /* the latency graph's lines */
	EL_P99,
	EL_P999,
	EL_HEAT1,            /* the heat map, least to most of the I/Os */
	EL_HEAT2,
	EL_HEAT3,
	EL_HEAT4,
	EL_COUNT,
};

#define GRAPH_LEVELS 9
#define SHADE_LEVELS 5

struct theme {
	bool color;
	bool utf8;
	attr_t attr[EL_COUNT];
	const char *hline;
	const char *vline;
	const char *tee_down;        /* where a vertical line meets the one above */
	const char *tee_up;
	const char *graph[GRAPH_LEVELS]; /* empty .. full cell */
	const char *shade[SHADE_LEVELS]; /* the heat map: none .. most */
	const char *lat_mark[3];     /* the latency graph's p50, p99, p99.9 */
	const char *run_mark;        /* where a run begins, under the graphs */
	const char *run_line;        /* the same, up through empty cells */
	const char *meter_fill;      /* CPU meter bars */
};

/* Picks colours or monochrome (NO_COLOR, no colours) and UTF-8 or ASCII
 * lines (the locale's codeset). Call after initscr(). */
void theme_init(struct theme *t);

#endif
