/* SPDX-License-Identifier: GPL-2.0-or-later */
/* theme.c - colour and monochrome schemes, UTF-8 and ASCII characters.
 * Elements are semantic (a verdict, a selected row) so a scheme changes
 * in one table, as htop's CRT.c does. */
#include "config.h"
#include "screen/theme.h"

#include <langinfo.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct colour_spec {
	short fg, bg;
	attr_t extra;
};

/* -1 is the terminal's own colour (use_default_colors). */
static const struct colour_spec colour_scheme[EL_COUNT] = {
	[EL_NORMAL] = { -1, -1, A_NORMAL },
	[EL_TITLE_BAR] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL },
	[EL_PANE_TITLE] = { COLOR_CYAN, -1, A_BOLD },
	[EL_PANE_FOCUS] = { COLOR_BLACK, COLOR_GREEN, A_BOLD },
	[EL_HEADER] = { COLOR_CYAN, -1, A_NORMAL },
	[EL_SELECTED] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL },
	[EL_SAFE] = { COLOR_GREEN, -1, A_NORMAL },
	[EL_HAS_DATA] = { COLOR_YELLOW, -1, A_BOLD },
	[EL_IN_USE] = { COLOR_RED, -1, A_BOLD },
	[EL_READ_ONLY] = { COLOR_MAGENTA, -1, A_NORMAL },
	[EL_GRAPH] = { COLOR_CYAN, -1, A_NORMAL },
	[EL_ERROR] = { COLOR_RED, -1, A_BOLD },
	[EL_KEY] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL },
	[EL_KEY_LABEL] = { -1, -1, A_NORMAL },
	[EL_DIM] = { COLOR_BLUE, -1, A_BOLD },
	[EL_RUNNING] = { COLOR_GREEN, -1, A_BOLD },
	[EL_PINNED] = { COLOR_YELLOW, -1, A_BOLD },
	[EL_EDIT] = { COLOR_BLACK, COLOR_YELLOW, A_NORMAL },
	[EL_READ] = { COLOR_GREEN, -1, A_NORMAL },
	[EL_WRITE] = { COLOR_MAGENTA, -1, A_NORMAL },
	[EL_P50] = { COLOR_GREEN, -1, A_BOLD },
	[EL_P99] = { COLOR_YELLOW, -1, A_BOLD },
	[EL_P999] = { COLOR_RED, -1, A_BOLD },
	[EL_HEAT1] = { COLOR_BLUE, -1, A_NORMAL },
	[EL_HEAT2] = { COLOR_CYAN, -1, A_NORMAL },
	[EL_HEAT3] = { COLOR_YELLOW, -1, A_NORMAL },
	[EL_HEAT4] = { COLOR_RED, -1, A_BOLD },
};

/* Bold and reverse only: readable on any terminal. */
static const attr_t mono_scheme[EL_COUNT] = {
	[EL_NORMAL] = A_NORMAL,
	[EL_TITLE_BAR] = A_REVERSE,
	[EL_PANE_TITLE] = A_BOLD,
	[EL_PANE_FOCUS] = A_REVERSE | A_BOLD,
	[EL_HEADER] = A_BOLD,
	[EL_SELECTED] = A_REVERSE,
	[EL_SAFE] = A_NORMAL,
	[EL_HAS_DATA] = A_BOLD,
	[EL_IN_USE] = A_BOLD,
	[EL_READ_ONLY] = A_BOLD,
	[EL_GRAPH] = A_NORMAL,
	[EL_ERROR] = A_BOLD,
	[EL_KEY] = A_REVERSE,
	[EL_KEY_LABEL] = A_NORMAL,
	[EL_DIM] = A_NORMAL,
	[EL_RUNNING] = A_BOLD,
	[EL_PINNED] = A_BOLD,
	[EL_EDIT] = A_REVERSE | A_BOLD,
	[EL_READ] = A_NORMAL,
	[EL_WRITE] = A_BOLD,
	[EL_P50] = A_NORMAL,
	[EL_P99] = A_BOLD,
	[EL_P999] = A_BOLD,
	[EL_HEAT1] = A_NORMAL,
	[EL_HEAT2] = A_NORMAL,
	[EL_HEAT3] = A_NORMAL,
	[EL_HEAT4] = A_BOLD,
};

static const char *const graph_utf8[GRAPH_LEVELS] = {
	" ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588",
};
static const char *const graph_ascii[GRAPH_LEVELS] = {
	" ", "_", ".", ",", "-", "=", "+", "*", "#",
};

static const char *const shade_utf8[SHADE_LEVELS] = {
	" ", "\u2591", "\u2592", "\u2593", "\u2588",
};
static const char *const shade_ascii[SHADE_LEVELS] = { " ", ".", ":", "*", "#" };
static const char *const lat_utf8[3] = { "\u00b7", "\u2022", "\u25c6" };
static const char *const lat_ascii[3] = { ".", "o", "*" };

static bool locale_is_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "utf8"));
}

/* https://no-color.org: any non-empty value turns colour off. */
static bool colour_wanted(void)
{
	const char *nc = getenv("NO_COLOR");
	return !(nc && *nc) && has_colors();
}

void theme_init(struct theme *t)
{
	memset(t, 0, sizeof(*t));
	t->utf8 = locale_is_utf8();
	t->color = colour_wanted();
	if (t->color && start_color() == OK) {
		bool defaults = use_default_colors() == OK;
		for (int e = 0; e < EL_COUNT; e++) {
			short fg = colour_scheme[e].fg, bg = colour_scheme[e].bg;
			if (!defaults) {
				fg = fg < 0 ? COLOR_WHITE : fg;
				bg = bg < 0 ? COLOR_BLACK : bg;
			}
			init_pair((short)(e + 1), fg, bg);
			t->attr[e] = COLOR_PAIR(e + 1) | colour_scheme[e].extra;
		}
	} else {
		t->color = false;
		memcpy(t->attr, mono_scheme, sizeof(t->attr));
	}
	if (t->utf8) {
		t->hline = "\u2500";
		t->vline = "\u2502";
		t->tee_down = "\u252c";
		t->tee_up = "\u2534";
		memcpy(t->graph, graph_utf8, sizeof(t->graph));
		memcpy(t->shade, shade_utf8, sizeof(t->shade));
		memcpy(t->lat_mark, lat_utf8, sizeof(t->lat_mark));
		t->run_mark = "\u25b2";
		t->run_line = "\u2506";
		t->meter_fill = "\u2588";
	} else {
		t->hline = "-";
		t->vline = "|";
		t->tee_down = "+";
		t->tee_up = "+";
		memcpy(t->graph, graph_ascii, sizeof(t->graph));
		memcpy(t->shade, shade_ascii, sizeof(t->shade));
		memcpy(t->lat_mark, lat_ascii, sizeof(t->lat_mark));
		t->run_mark = "^";
		t->run_line = ":";
		t->meter_fill = "|";
	}
}
