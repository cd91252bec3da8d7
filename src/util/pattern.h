/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pattern.h - fio's byte patterns (verify_pattern, buffer_pattern): a
 * value made of "quoted text", 0x hex bytes and decimal numbers, joined
 * without spaces ("abc"0xff-12). */
#ifndef BLKTOP_UTIL_PATTERN_H
#define BLKTOP_UTIL_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#define PATTERN_MAX 512
#define PATTERN_STAMPS_MAX 8

/* Where fio's %o puts the block's offset in a verify_pattern. */
struct pattern_stamps {
	size_t at[PATTERN_STAMPS_MAX];
	size_t n;
};

/* Parses s into out (at most cap bytes): the number of bytes, or -1 when
 * s is not a pattern, or -2 when it holds fio's %o (the block's offset),
 * which blktop does not fill in. */
int pattern_parse(const char *s, unsigned char *out, size_t cap);

/* As pattern_parse, with fio's %o taken as verify_pattern takes it: 8
 * bytes (zero here) for the block's offset, at most 8 of them; their
 * places go in at. */
int pattern_parse_stamps(const char *s, unsigned char *out, size_t cap, struct pattern_stamps *at);
/* Puts offset, 8 bytes little endian, at each %o place of pat. */
void pattern_stamp(unsigned char *pat, const struct pattern_stamps *at, uint64_t offset);

/* Fills len bytes of buf with the pattern, starting at its byte phase. */
void pattern_fill(void *buf, size_t len, const unsigned char *pat, size_t plen, size_t phase);

#endif
