/* SPDX-License-Identifier: GPL-2.0-or-later */
/* help.h - the help screen: the key table, then what the panes show. */
#ifndef BLKTOP_SCREEN_HELP_H
#define BLKTOP_SCREEN_HELP_H

#include "screen/draw.h"
#include "screen/theme.h"

/* Lines the help has (for scrolling). */
int help_lines(void);
/* Draws the help into r from line top (clamped). */
void help_draw(const struct theme *t, struct rect r, int *top);

#endif
