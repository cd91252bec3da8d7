/* SPDX-License-Identifier: GPL-2.0-or-later */
/* catalogs.h - where blktop's message catalogs are read from. A blktop run
 * where it was built (./blktop, ./quickstart demo) or copied (the static
 * binary) has not been installed, so the compiled-in LOCALEDIR holds no
 * catalogs for it: a locale/ folder beside the binary comes first. */
#ifndef BLKTOP_UTIL_CATALOGS_H
#define BLKTOP_UTIL_CATALOGS_H

#include <stddef.h>

/* The folder to bind DOMAIN to: "<the binary's folder>/locale" when it
 * holds a DOMAIN.mo for some language, else INSTALLED. BUF (LEN bytes)
 * holds the first; the result is BUF or INSTALLED. */
const char *catalogs_dir(const char *domain, const char *installed, char *buf, size_t len);

/* The folder catalogs_dir() chose last (NULL before the first call), for
 * --version. */
const char *catalogs_chosen(void);

#endif
