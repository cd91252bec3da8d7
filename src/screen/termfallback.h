/* SPDX-License-Identifier: GPL-2.0-or-later */
/* termfallback.h - the screen on a machine without a terminfo database. A
 * static blktop copied onto a minimal VM or container may find no entry
 * for TERM; it carries the common ones (xterm, screen, tmux, vt100, linux)
 * and uses them only then. */
#ifndef BLKTOP_SCREEN_TERMFALLBACK_H
#define BLKTOP_SCREEN_TERMFALLBACK_H

#include <stddef.h>
#include <stdio.h>

#include "screen/term.h"

struct termfallback_entry {
	const char *name;
	size_t size;
	const unsigned char *data; /* the compiled entry, as tic writes it */
};

/* Ends with an entry whose name is NULL (termfallback_data.c). */
extern const struct termfallback_entry termfallback_entries[];

/* The carried entry for a TERM: the same name, else its family's (xterm-*
 * to xterm or xterm-256color, screen.* and screen-* to screen, tmux-*, vt1xx
 * and vt2xx to vt100, linux-*); NULL for any other terminal. */
const struct termfallback_entry *termfallback_find(const char *term);

/* newterm(NULL, OUT, IN), and when that finds no entry for TERM, again
 * with the carried one. NULL when neither opens the terminal. */
SCREEN *termfallback_newterm(FILE *out, FILE *in);

#endif
