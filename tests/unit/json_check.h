/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json_check.h - a strict JSON checker for the unit tests (RFC 8259
 * grammar, one value, UTF-8), with a lookup of one value by path, so the
 * tests read the report as a fio-JSON consumer would: "jobs|0|read|iops".
 * Header-only and static: it is test code, included by the tests that
 * need it (the lookups inline, as a test need not use them all). Keys
 * with escapes are not matched by the lookup. */
#ifndef BLKTOP_TEST_JSON_CHECK_H
#define BLKTOP_TEST_JSON_CHECK_H

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *jc_value(const char *p, const char *path, const char **found, int depth);

static const char *jc_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/* The next path segment: its length, and where the rest starts. */
static size_t jc_seg(const char *path, const char **rest)
{
	const char *bar = strchr(path, '|');
	size_t n = bar ? (size_t)(bar - path) : strlen(path);
	*rest = bar ? bar + 1 : path + n;
	return n;
}

/* A string; raw and rawlen give its bytes between the quotes. */
static const char *jc_string(const char *p, const char **raw, size_t *rawlen)
{
	if (*p++ != '"')
		return NULL;
	const char *start = p;
	while (*p != '"') {
		unsigned char c = (unsigned char)*p;
		if (c < 0x20)
			return NULL;
		if (c == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!p[i] || !strchr("0123456789abcdefABCDEF", p[i]))
						return NULL;
				p += 5;
			} else if (*p && strchr("\"\\/bfnrt", *p)) {
				p++;
			} else {
				return NULL;
			}
		} else if (c >= 0x80) {
			int n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 0;
			if (!n || c > 0xf4)
				return NULL;
			for (int i = 1; i < n; i++)
				if (((unsigned char)p[i] & 0xc0) != 0x80)
					return NULL;
			p += n;
		} else {
			p++;
		}
	}
	if (raw) {
		*raw = start;
		*rawlen = (size_t)(p - start);
	}
	return p + 1;
}

static const char *jc_number(const char *p)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return NULL;
	if (*p == '.') {
		p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return p;
}

static const char *jc_container(const char *p, bool obj, const char *path, const char **found,
				int depth)
{
	const char *rest = NULL;
	size_t seglen = path ? jc_seg(path, &rest) : 0;
	char close = obj ? '}' : ']';
	p = jc_ws(p + 1);
	if (*p == close)
		return p + 1;
	for (long idx = 0;; idx++) {
		const char *sub = NULL;
		if (obj) {
			const char *k;
			size_t klen;
			p = jc_string(p, &k, &klen);
			if (!p)
				return NULL;
			p = jc_ws(p);
			if (*p++ != ':')
				return NULL;
			if (path && klen == seglen && !memcmp(k, path, klen))
				sub = rest;
		} else if (path) {
			char *end;
			long want = strtol(path, &end, 10);
			if (end == path + seglen && want == idx)
				sub = rest;
		}
		p = jc_value(jc_ws(p), sub, found, depth + 1);
		if (!p)
			return NULL;
		p = jc_ws(p);
		if (*p == close)
			return p + 1;
		if (*p++ != ',')
			return NULL;
		p = jc_ws(p);
	}
}

/* path NULL: nothing wanted below; "": this value is the one. */
static const char *jc_value(const char *p, const char *path, const char **found, int depth)
{
	if (depth > 64)
		return NULL;
	if (path && !*path && found)
		*found = p;
	if (path && !*path)
		path = NULL;
	switch (*p) {
	case '{':
		return jc_container(p, true, path, found, depth);
	case '[':
		return jc_container(p, false, path, found, depth);
	case '"':
		return jc_string(p, NULL, NULL);
	case 't':
		return strncmp(p, "true", 4) ? NULL : p + 4;
	case 'f':
		return strncmp(p, "false", 5) ? NULL : p + 5;
	case 'n':
		return strncmp(p, "null", 4) ? NULL : p + 4;
	default:
		return jc_number(p);
	}
}

/* true if text is exactly one valid JSON value (plus whitespace). */
static inline bool json_valid(const char *text)
{
	const char *p = jc_value(jc_ws(text), NULL, NULL, 0);
	return p && *jc_ws(p) == '\0';
}

/* Start of the value at path ("a|0|b"), or NULL (also for invalid text). */
static inline const char *json_find(const char *text, const char *path)
{
	const char *found = NULL;
	const char *p = jc_value(jc_ws(text), path, &found, 0);
	if (!p || *jc_ws(p) != '\0')
		return NULL;
	return found;
}

/* The number at path; NaN when missing or not a number. */
static inline double json_num(const char *text, const char *path)
{
	const char *v = json_find(text, path);
	if (!v || !jc_number(v))
		return NAN;
	return strtod(v, NULL);
}

/* Whether the string at path equals want (no escapes in want). */
static inline bool json_str_is(const char *text, const char *path, const char *want)
{
	const char *v = json_find(text, path);
	const char *raw;
	size_t len;
	if (!v || !jc_string(v, &raw, &len))
		return false;
	return len == strlen(want) && !memcmp(raw, want, len);
}

#endif
