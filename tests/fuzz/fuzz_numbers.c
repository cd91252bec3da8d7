/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_numbers.c - libFuzzer target for the number parsers against
 * reference parsers written here from their documented grammar, in
 * 128-bit arithmetic: parse_uint, parse_size, parse_time_ms, parse_bool
 * and cpulist_parse must accept exactly what the grammar allows, give the
 * same value, and refuse anything past 2^64-1 instead of wrapping.
 * fuzz_options covers every table option; this one checks the values.
 * Build with run.sh. */
#include "config.h"
#include "options.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "collect/irq.h"
#include "util/cpulist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef unsigned __int128 u128;
#define LIMIT ((u128)UINT64_MAX)

/* Digits in base from *p; sets *over when the value passes 2^64-1. */
static const char *ref_digits(const char *p, int base, u128 *v, int *over)
{
	*v = 0;
	*over = 0;
	for (;; p++) {
		int d;
		if (isdigit((unsigned char)*p))
			d = *p - '0';
		else if (base == 16 && isxdigit((unsigned char)*p))
			d = tolower((unsigned char)*p) - 'a' + 10;
		else
			break;
		if (!*over) {
			*v = *v * (u128)base + (u128)d;
			if (*v > LIMIT)
				*over = 1;
		}
	}
	return p;
}

/* uint: [+]DIGITS, or 0x/0X then hex digits; nothing else. */
static int ref_uint(const char *s, u128 *out)
{
	int over;
	const char *p = s, *q;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		p = s + 2;
		q = ref_digits(p, 16, out, &over);
	} else {
		if (*p == '+')
			p++;
		q = ref_digits(p, 10, out, &over);
	}
	return q == p || *q || over ? -1 : 0;
}

/* size: [+]DIGITS, then b, or one of kmgtp optionally followed by i then
 * optionally b (any case), as fio reads them under its default kb_base. */
static int ref_size(const char *s, u128 *out)
{
	static const char units[] = "kmgtp";
	int over;
	const char *p = s + (*s == '+');
	const char *q = ref_digits(p, 10, out, &over);
	if (q == p || over)
		return -1;
	if (!*q)
		return 0;
	if (tolower((unsigned char)*q) == 'b')
		return q[1] ? -1 : 0;
	const char *u = memchr(units, tolower((unsigned char)*q), 5);
	if (!u || !*q)
		return -1;
	q++;
	/* fio's default kb_base=1024: k, kb are 1024, ki, kib are 1000. */
	unsigned base = 1024;
	if (*q == 'i' || *q == 'I') {
		base = 1000;
		q++;
	}
	if (*q == 'b' || *q == 'B')
		q++;
	if (*q)
		return -1;
	for (long n = u - units + 1; n > 0; n--) {
		*out *= base;
		if (*out > LIMIT)
			return -1;
	}
	return 0;
}

/* time: [+]DIGITS then a unit: none/s/sec (seconds), ms/msec, us/usec
 * (rounded up to ms, so no time becomes 0 = none), m/min, h, d; result
 * in milliseconds. */
static int ref_time(const char *s, u128 *out)
{
	static const struct {
		const char *unit;
		unsigned mul, div;
	} units[] = {
		{ "", 1000, 1 }, { "s", 1000, 1 }, { "sec", 1000, 1 }, { "ms", 1, 1 },
		{ "msec", 1, 1 }, { "us", 1, 1000 }, { "usec", 1, 1000 }, { "m", 60000, 1 },
		{ "min", 60000, 1 }, { "h", 3600000, 1 }, { "d", 86400000, 1 },
	};
	int over;
	const char *p = s + (*s == '+');
	const char *q = ref_digits(p, 10, out, &over);
	if (q == p || over)
		return -1;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcasecmp(q, units[i].unit)) {
			*out = (*out * units[i].mul + units[i].div - 1) / units[i].div;
			return *out > LIMIT ? -1 : 0;
		}
	return -1;
}

static void check_one(int got, unsigned long long v, int want, u128 ref)
{
	if ((got == 0) != (want == 0))
		abort();
	if (!got && (u128)v != ref)
		abort();
}

static void check_cpulist(const char *s, int nbits)
{
	unsigned char bits[4096], again[4096];
	char text[32768];
	size_t used = 0;

	int n = cpulist_parse(s, bits, nbits);
	if (n < -1 || n > nbits)
		abort();
	if (n < 0)
		return;
	/* The bits print back as a list that reads the same. */
	int count = 0;
	text[0] = '\0';
	for (int c = 0; c < nbits; c++)
		if (bits[c]) {
			count++;
			used += (size_t)snprintf(text + used, sizeof(text) - used, "%s%d",
						 used ? "," : "", c);
		}
	if (count != n || cpulist_parse(text, again, nbits) != n ||
	    memcmp(bits, again, (size_t)nbits))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	unsigned long long v = 0, w = 0;
	u128 ref = 0;
	char buf[64];
	int b;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	/* The parsers take C strings: what a NUL cuts off is not seen. */

	/* Leading blanks and minus signs are refused before any grammar. */
	int lead_bad = !s[0] || s[0] == '-' || isspace((unsigned char)s[0]);

	int r = parse_uint(s, &v);
	int want = lead_bad ? -1 : ref_uint(s, &ref);
	check_one(r, v, want, ref);

	r = parse_size(s, &v);
	want = lead_bad ? -1 : ref_size(s, &ref);
	check_one(r, v, want, ref);
	if (!r) {
		/* format_size's text reads back to the same bytes, and a short
		 * buffer is cut, never overrun. */
		if (parse_size(format_size(v, buf, sizeof(buf)), &w) || w != v)
			abort();
		format_size(v, buf, 2);
		if (strlen(buf) > 1)
			abort();
	}

	r = parse_time_ms(s, &v);
	want = lead_bad ? -1 : ref_time(s, &ref);
	check_one(r, v, want, ref);
	if (!r) {
		/* As the options table prints a time: seconds, or ms. */
		if (v % 1000 == 0)
			snprintf(buf, sizeof(buf), "%llu", v / 1000);
		else
			snprintf(buf, sizeof(buf), "%llums", v);
		if (parse_time_ms(buf, &w) || w != v)
			abort();
	}

	b = -1;
	r = parse_bool(s, &b);
	if (!r && b != 0 && b != 1)
		abort();
	if (!r != (!strcmp(s, "0") || !strcmp(s, "1") || !strcasecmp(s, "true") ||
		   !strcasecmp(s, "false") || !strcasecmp(s, "yes") || !strcasecmp(s, "no") ||
		   !strcasecmp(s, "on") || !strcasecmp(s, "off")))
		abort();

	/* CPU lists, against a bitmap size picked by the first byte. */
	check_cpulist(s, size ? 1 + data[0] * 16 : 64);
	check_cpulist(s, 1);

	free(s);
	return 0;
}
