/* SPDX-License-Identifier: GPL-2.0-or-later */
/* textwidth.h - text laid out by display cells, not bytes: a translated
 * heading (Chinese: three bytes, two cells a character) must not pull the
 * columns after it to the left, as printf's byte widths would. */
#ifndef BLKTOP_TEXTWIDTH_H
#define BLKTOP_TEXTWIDTH_H

#include <stdbool.h>
#include <stdio.h>

/* Display cells of a string in the current locale (bytes if it cannot say). */
int text_cells(const char *s);
/* Prints s padded with spaces to width cells, right-aligned or not. */
void text_put_padded(FILE *out, const char *s, int width, bool right);

#endif
