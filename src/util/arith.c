/* SPDX-License-Identifier: GPL-2.0-or-later */
/* arith.c - a small recursive-descent evaluator for option values.
 *
 * fio computes "(expression)" values with its own grammar and keyword
 * values with bc; a job file written for either must give blktop the same
 * number, so both go through here. Values are carried as long double
 * (exact for integers up to 2^64 on x86) with a flag for whole numbers,
 * so 7/2 is 3 as in fio and bc, but 1.5g is 1.5 GiB. */
#include "config.h"
#include "util/arith.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct val {
	long double v;
	bool whole;
	bool has_unit;
};

/* Without libm: at or above 2^63 a long double holds no fraction. */
static long double whole_part(long double v)
{
	if (v >= 9223372036854775808.0L || v <= -9223372036854775808.0L)
		return v;
	return (long double)(long long)v;
}

/* x^n for a whole n >= 0 by squaring; anything else is refused. */
static bool raise(long double *x, long double n)
{
	if (n < 0 || n != whole_part(n) || n > 4096)
		return false;
	long double r = 1, b = *x;
	for (unsigned long long k = (unsigned long long)n; k; k >>= 1) {
		if (k & 1)
			r *= b;
		b *= b;
	}
	*x = r;
	return true;
}

struct ev {
	const char *p;
	enum arith_units units;
	bool bad;
	bool any_unit;
	int depth;
};

static void skip_space(struct ev *e)
{
	while (*e->p == ' ' || *e->p == '\t')
		e->p++;
}

/* The unit at e->p, longest spelling first; 0 when there is none. */
static long double unit_at(struct ev *e)
{
	static const struct { const char *s; long double mult; enum arith_units u; } units[] = {
		{ "kib", 1e3L, ARITH_BYTES }, { "mib", 1e6L, ARITH_BYTES },
		{ "gib", 1e9L, ARITH_BYTES }, { "tib", 1e12L, ARITH_BYTES },
		{ "pib", 1e15L, ARITH_BYTES },
		{ "kb", 1024.0L, ARITH_BYTES }, { "mb", 1048576.0L, ARITH_BYTES },
		{ "gb", 1073741824.0L, ARITH_BYTES }, { "tb", 1099511627776.0L, ARITH_BYTES },
		{ "pb", 1125899906842624.0L, ARITH_BYTES },
		{ "k", 1024.0L, ARITH_BYTES }, { "m", 1048576.0L, ARITH_BYTES },
		{ "g", 1073741824.0L, ARITH_BYTES }, { "t", 1099511627776.0L, ARITH_BYTES },
		{ "p", 1125899906842624.0L, ARITH_BYTES },
		{ "usec", 1.0L, ARITH_TIME }, { "msec", 1e3L, ARITH_TIME },
		{ "sec", 1e6L, ARITH_TIME }, { "min", 6e7L, ARITH_TIME },
		{ "us", 1.0L, ARITH_TIME }, { "ms", 1e3L, ARITH_TIME },
		{ "s", 1e6L, ARITH_TIME }, { "m", 6e7L, ARITH_TIME },
		{ "h", 3.6e9L, ARITH_TIME }, { "d", 8.64e10L, ARITH_TIME },
	};
	if (e->units == ARITH_PLAIN || !isalpha((unsigned char)*e->p))
		return 0;
	/* kb_base=1000 swaps the two bases, as fio: its units are the bytes'
	 * rows with each power of 1024 read as one of 1000 and back. */
	bool si = e->units == ARITH_BYTES_SI;
	enum arith_units want = si ? ARITH_BYTES : e->units;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t n = strlen(units[i].s);
		if (units[i].u == want && !strncasecmp(e->p, units[i].s, n) &&
		    !isalpha((unsigned char)e->p[n])) {
			e->p += n;
			if (!si)
				return units[i].mult;
			/* The rows run k m g t p for each spelling: the power
			 * is the row's place in its run of five. */
			static const long double pw[5] = { 1e3L, 1e6L, 1e9L, 1e12L, 1e15L };
			static const long double pw2[5] = { 1024.0L, 1048576.0L, 1073741824.0L,
							    1099511627776.0L, 1125899906842624.0L };
			return n >= 3 ? pw2[i % 5] : pw[i % 5];
		}
	}
	e->bad = true;
	return 0;
}

static struct val expr(struct ev *e);

static struct val with_unit(struct ev *e, struct val v)
{
	long double m = unit_at(e);
	if (m > 0) {
		v.v *= m;
		v.whole = v.whole || v.v == whole_part(v.v);
		v.has_unit = true;
		e->any_unit = true;
	}
	return v;
}

static struct val primary(struct ev *e)
{
	struct val v = { 0, true, false };
	skip_space(e);
	if (++e->depth > 64) {
		e->bad = true;
		return v;
	}
	if (*e->p == '(') {
		e->p++;
		v = expr(e);
		skip_space(e);
		if (*e->p != ')')
			e->bad = true;
		else
			e->p++;
	} else if (*e->p == '-') {
		e->p++;
		v = primary(e);
		v.v = -v.v;
		e->depth--;
		return v;
	} else if (e->p[0] == '0' && (e->p[1] == 'x' || e->p[1] == 'X') &&
		   isxdigit((unsigned char)e->p[2])) {
		char *end;
		v.v = (long double)strtoull(e->p, &end, 16);
		e->p = end;
	} else if (isdigit((unsigned char)*e->p) || (*e->p == '.' && e->units != ARITH_PLAIN)) {
		/* By hand rather than strtold: the locale's decimal point
		 * must not matter. */
		long double x = 0, scale = 1;
		bool frac = false;
		for (; isdigit((unsigned char)*e->p) || (*e->p == '.' && !frac); e->p++) {
			if (*e->p == '.') {
				frac = true;
				v.whole = false;
				continue;
			}
			if (frac)
				scale /= 10;
			x = frac ? x + (*e->p - '0') * scale : x * 10 + (*e->p - '0');
		}
		v.v = x;
	} else {
		e->bad = true;
	}
	skip_space(e);
	v = with_unit(e, v);
	e->depth--;
	return v;
}

static struct val power(struct ev *e)
{
	struct val b = primary(e);
	skip_space(e);
	if (*e->p == '^') {
		e->p++;
		struct val x = power(e);
		if (!raise(&b.v, x.v))
			e->bad = true;
	}
	return b;
}

static struct val term(struct ev *e)
{
	struct val a = power(e);
	for (;;) {
		skip_space(e);
		char op = *e->p;
		if (op != '*' && op != '/' && op != '%')
			return a;
		e->p++;
		struct val b = power(e);
		if (op == '*') {
			a.v *= b.v;
		} else if (b.v == 0 || (op == '%' && whole_part(b.v) == 0)) {
			e->bad = true;
			return a;
		} else if (op == '/') {
			a.v = a.whole && b.whole ? whole_part(a.v / b.v) : a.v / b.v;
		} else {
			long double q = whole_part(whole_part(a.v) / whole_part(b.v));
			a.v = whole_part(a.v) - q * whole_part(b.v);
		}
		a.whole = a.whole && b.whole;
	}
}

static struct val expr(struct ev *e)
{
	struct val a = term(e);
	for (;;) {
		skip_space(e);
		char op = *e->p;
		if (op != '+' && op != '-')
			return a;
		e->p++;
		struct val b = term(e);
		a.v = op == '+' ? a.v + b.v : a.v - b.v;
		a.whole = a.whole && b.whole;
	}
}

int arith_eval(const char *s, enum arith_units units, unsigned long long *out)
{
	struct ev e = { .p = s, .units = units };
	struct val v = expr(&e);
	skip_space(&e);
	if (e.bad || *e.p || v.v != v.v || v.v < 0 || v.v >= 18446744073709551616.0L)
		return -1;
	if (units == ARITH_TIME && !e.any_unit)
		v.v *= 1e6L;
	if (v.v >= 18446744073709551616.0L)
		return -1;
	*out = (unsigned long long)v.v;
	return 0;
}

bool arith_has_operator(const char *s)
{
	return strpbrk(s, "+-*/") != NULL;
}
