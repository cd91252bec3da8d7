/* SPDX-License-Identifier: GPL-2.0-or-later */
/* draw.h - drawing text by display width: a CJK character takes two
 * cells, so every column is measured with wcwidth, never in bytes. */
#ifndef BLKTOP_SCREEN_DRAW_H
#define BLKTOP_SCREEN_DRAW_H

#include <stdbool.h>

#include "screen/theme.h"

struct rect {
	int y, x, h, w;
};

/* Cells a (multibyte) string takes on screen. */
int text_width(const char *s);
/* Draws s at (y, x), clipped to maxw cells; returns the cells drawn. */
int draw_text(int y, int x, int maxw, attr_t a, const char *s);
/* Draws s right-aligned in a field of w cells ending before x + w. */
int draw_text_right(int y, int x, int w, attr_t a, const char *s);
/* Fills w cells with blanks. */
void draw_blank(int y, int x, int w, attr_t a);
/* A pane's title line: "-- Title  extra ----------". */
void draw_pane_title(const struct theme *t, struct rect r, const char *title,
		     const char *extra, bool focused);
/* Draws s over up to maxlines lines of w cells, breaking at spaces (or
 * anywhere in a word longer than a line). Returns the lines used. */
int draw_wrapped(int y, int x, int w, int maxlines, attr_t a, const char *s);

/* "key value" pairs laid out left to right, wrapping at the edge. */
struct flow {
	int y, x, x0, y0, w, yend;
	int used;                      /* lines touched so far */
};
void flow_init(struct flow *f, int y, int x, int w, int lines);
/* Places one pair; false (and nothing drawn) when no line has room. */
bool flow_put(struct flow *f, const char *key, attr_t ka, const char *value, attr_t va);

/* A vertical rule from (y, x) down h cells. */
void draw_vline(const struct theme *t, int y, int x, int h);

#endif
