/* SPDX-License-Identifier: GPL-2.0-or-later */
/* textwidth.c - display-cell widths for column headings in text output. */
#include "config.h"
#include "textwidth.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

int text_cells(const char *s)
{
	wchar_t wb[256];
	size_t n = mbstowcs(wb, s, sizeof(wb) / sizeof(wb[0]));
	int w = n == (size_t)-1 ? -1 : wcswidth(wb, n);
	return w < 0 ? (int)strlen(s) : w;
}

void text_put_padded(FILE *out, const char *s, int width, bool right)
{
	int w = text_cells(s);
	int pad = width > w ? width - w : 0;
	if (right)
		fprintf(out, "%*s%s", pad, "", s);
	else
		fprintf(out, "%s%*s", s, pad, "");
}
