/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buildinfo.h - facts fixed when blktop was built, which a user reporting
 * a figure needs to give along with it (where the CPU and disk counters
 * come from), printed by --version. */
#ifndef BLKTOP_UTIL_BUILDINFO_H
#define BLKTOP_UTIL_BUILDINFO_H

#include <stdio.h>

/* The counter source: "libproc2 VERSION" or "built-in /proc parsers"
 * (translated). */
const char *buildinfo_counters(void);

/* One "what: how" line per build fact, after --version's first line. */
void buildinfo_print(FILE *f);

#endif
