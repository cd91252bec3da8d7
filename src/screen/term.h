/* SPDX-License-Identifier: GPL-2.0-or-later */
/* term.h - the one place the screen includes curses, with the wide
 * character API turned on (CJK text takes two cells). */
#ifndef BLKTOP_SCREEN_TERM_H
#define BLKTOP_SCREEN_TERM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#endif
