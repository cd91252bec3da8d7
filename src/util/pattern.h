/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pattern.h - fio's byte patterns (verify_pattern, buffer_pattern): a
 * value made of "quoted text", 0x hex bytes and decimal numbers, joined
 * without spaces ("abc"0xff-12). */
#ifndef BLKTOP_UTIL_PATTERN_H
#define BLKTOP_UTIL_PATTERN_H

#include <stddef.h>

#define PATTERN_MAX 512

/* Parses s into out (at most cap bytes): the number of bytes, or -1 when
 * s is not a pattern, or -2 when it holds fio's %o (the block's offset),
 * which blktop does not fill in. */
int pattern_parse(const char *s, unsigned char *out, size_t cap);

/* Fills len bytes of buf with the pattern, starting at its byte phase. */
void pattern_fill(void *buf, size_t len, const unsigned char *pat, size_t plen, size_t phase);

#endif
