/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pattern.c - fio's byte pattern syntax, read as fio 3.33 reads it: hex
 * digits in the order written (an odd count starts with one digit alone),
 * decimal numbers in [INT_MIN, INT_MAX] as their low bytes first without
 * the zero high bytes (0 is one zero byte), text between double quotes. */
#include "config.h"
#include "util/pattern.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c)
{
	return isdigit((unsigned char)c) ? c - '0' : tolower((unsigned char)c) - 'a' + 10;
}

/* The parser; at NULL refuses %o (-2), else records where each goes. */
static int parse(const char *s, unsigned char *out, size_t cap, struct pattern_stamps *at)
{
	size_t n = 0;

	if (!s || !*s)
		return -1;
	while (*s) {
		if (*s == '"') {
			const char *end = strchr(s + 1, '"');
			if (!end || (size_t)(end - s - 1) > cap - n)
				return -1;
			memcpy(out + n, s + 1, (size_t)(end - s - 1));
			n += (size_t)(end - s - 1);
			s = end + 1;
		} else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2])) {
			const char *d = s + 2;
			size_t nd = 0;
			while (isxdigit((unsigned char)d[nd]))
				nd++;
			/* "0xff0x14" is two numbers: a 0 right before an x ends this one. */
			if (nd > 1 && d[nd - 1] == '0' && (d[nd] == 'x' || d[nd] == 'X'))
				nd--;
			if ((nd + 1) / 2 > cap - n)
				return -1;
			size_t i = 0;
			if (nd & 1)
				out[n++] = (unsigned char)hexval(d[i++]);
			for (; i < nd; i += 2)
				out[n++] = (unsigned char)(hexval(d[i]) << 4 | hexval(d[i + 1]));
			s = d + nd;
		} else if (*s == '%') {
			if (s[1] != 'o')
				return -1;
			if (!at)
				return -2;
			/* fio keeps 8 zero bytes for the offset, and at most 8 of them. */
			if (at->n >= PATTERN_STAMPS_MAX || cap - n < 8)
				return -1;
			at->at[at->n++] = n;
			memset(out + n, 0, 8);
			n += 8;
			s += 2;
		} else if (isdigit((unsigned char)*s) || *s == '-' || *s == '+') {
			char *end;
			errno = 0;
			long v = strtol(s, &end, 10);
			/* A decimal number ends where a 0x starts ("-100xab"). */
			const char *hx = s + 1;
			while (hx < end && !(hx[0] == '0' && (hx[1] == 'x' || hx[1] == 'X')))
				hx++;
			if (hx < end) {
				char tmp[32];
				size_t l = (size_t)(hx - s);
				if (l >= sizeof(tmp))
					return -1;
				memcpy(tmp, s, l);
				tmp[l] = 0;
				v = strtol(tmp, NULL, 10);
				end = (char *)hx;
			}
			if (errno || end == s || v > INT_MAX || v < INT_MIN)
				return -1;
			unsigned int u = (unsigned int)v;
			if (!u) {
				if (n >= cap)
					return -1;
				out[n++] = 0;
			}
			for (; u; u >>= 8) {
				if (n >= cap)
					return -1;
				out[n++] = (unsigned char)(u & 0xff);
			}
			s = end;
		} else {
			return -1;
		}
	}
	return n ? (int)n : -1;
}

int pattern_parse(const char *s, unsigned char *out, size_t cap)
{
	return parse(s, out, cap, NULL);
}

int pattern_parse_stamps(const char *s, unsigned char *out, size_t cap, struct pattern_stamps *at)
{
	at->n = 0;
	return parse(s, out, cap, at);
}

void pattern_stamp(unsigned char *pat, const struct pattern_stamps *at, uint64_t offset)
{
	for (size_t i = 0; i < at->n; i++)
		for (int k = 0; k < 8; k++)
			pat[at->at[i] + (size_t)k] = (unsigned char)(offset >> (8 * k));
}

void pattern_fill(void *buf, size_t len, const unsigned char *pat, size_t plen, size_t phase)
{
	unsigned char *b = buf;
	if (!plen)
		return;
	phase %= plen;
	for (size_t i = 0; i < len; i++) {
		b[i] = pat[phase];
		if (++phase == plen)
			phase = 0;
	}
}
