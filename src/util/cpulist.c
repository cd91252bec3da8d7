/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpulist.c - the CPU-list parser (see cpulist.h). */
#include "config.h"
#include "util/cpulist.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int cpulist_parse(const char *list, unsigned char *bits, int nbits)
{
	int count = 0;
	const char *p = list;
	memset(bits, 0, (size_t)nbits);
	while (*p) {
		char *end;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (!isdigit((unsigned char)*p))
			return -1;
		unsigned long lo = strtoul(p, &end, 10), hi = lo;
		p = end;
		if (*p == '-') {
			if (!isdigit((unsigned char)p[1]))
				return -1;
			hi = strtoul(p + 1, &end, 10);
			p = end;
		}
		if (hi < lo)
			return -1;
		for (unsigned long c = lo; c <= hi && c < (unsigned long)nbits; c++)
			if (!bits[c]) {
				bits[c] = 1;
				count++;
			}
		while (isspace((unsigned char)*p))
			p++;
		if (*p == ',')
			p++;
		else if (*p)
			return -1;
	}
	return count;
}
