/* SPDX-License-Identifier: GPL-2.0-or-later */
/* str.h - the string helpers every layer wrote for itself: a copy that
 * cuts to fit, and trimming white space (and control characters such as
 * a CR) off the ends. */
#ifndef BLKTOP_UTIL_STR_H
#define BLKTOP_UTIL_STR_H

#include <stddef.h>

/* Copies src into dst of len bytes (len > 0), cut to fit; always ends
 * with a NUL. Reads no further into src than it copies. */
void str_copy(char *dst, size_t len, const char *src);

/* Drops white space and control characters at the end of s, in place;
 * returns s. */
char *str_trim_end(char *s);

/* Drops them at both ends: the text moves to the start of s, which is
 * returned. */
char *str_trim(char *s);

/* strerror as fio prints it in the lines scripts match: the C locale's
 * English, whatever LANG says. Thread-safe; returns text that lives as
 * long as the program. */
const char *str_c_strerror(int err);

#endif
