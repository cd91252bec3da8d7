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
/* A vertical rule from (y, x) down h cells. */
void draw_vline(const struct theme *t, int y, int x, int h);

#endif
