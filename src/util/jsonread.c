/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonread.c - recursive-descent JSON reader (RFC 8259) into struct jv.
 * Depth is bounded, so a hostile stream cannot exhaust the stack. */
#include "config.h"
#include "util/jsonread.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

#define JV_MAX_DEPTH 64

struct reader {
	const char *s, *end, *start;
	char *err;
	size_t errlen;
	bool failed;
};

static void fail(struct reader *r, const char *what)
{
	if (!r->failed)
		snprintf(r->err, r->errlen, _("bad JSON at byte %zu: %s"), (size_t)(r->s - r->start),
			 what);
	r->failed = true;
}

static void skip_ws(struct reader *r)
{
	while (r->s < r->end && (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r'))
		r->s++;
}

static bool eat(struct reader *r, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(r->end - r->s) < n || memcmp(r->s, word, n))
		return false;
	r->s += n;
	return true;
}

static int hex4(struct reader *r, unsigned *out)
{
	unsigned v = 0;
	if (r->end - r->s < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		char c = *r->s++;
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static size_t put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* At the opening quote; returns the unescaped text (never longer than the
 * escaped one) or NULL. */
static char *read_string(struct reader *r)
{
	const char *p = ++r->s;
	while (p < r->end && *p != '"')
		p += (*p == '\\' && p + 1 < r->end) ? 2 : 1;
	if (p >= r->end) {
		fail(r, _("unterminated string"));
		return NULL;
	}
	char *out = malloc((size_t)(p - r->s) + 1), *o = out;
	if (!out) {
		fail(r, _("out of memory"));
		return NULL;
	}
	while (*r->s != '"') {
		unsigned char c = (unsigned char)*r->s++;
		if (c < 0x20) {
			fail(r, _("control character in a string"));
			break;
		}
		if (c != '\\') {
			*o++ = (char)c;
			continue;
		}
		char e = *r->s++;
		unsigned cp;
		switch (e) {
		case '"': *o++ = '"'; break;
		case '\\': *o++ = '\\'; break;
		case '/': *o++ = '/'; break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u':
			if (hex4(r, &cp)) {
				fail(r, _("bad \\u escape"));
				break;
			}
			/* A surrogate pair makes one code point; a lone half
			 * becomes U+FFFD. 6 escaped bytes never give more than
			 * 4 out, so the buffer holds. */
			if (cp >= 0xd800 && cp < 0xdc00 && r->end - r->s >= 6 && r->s[0] == '\\' &&
			    r->s[1] == 'u') {
				unsigned lo;
				r->s += 2;
				if (!hex4(r, &lo) && lo >= 0xdc00 && lo < 0xe000)
					cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				else
					cp = 0xfffd;
			} else if (cp >= 0xd800 && cp < 0xe000) {
				cp = 0xfffd;
			}
			o += put_utf8(o, cp);
			break;
		default:
			fail(r, _("bad escape in a string"));
		}
		if (r->failed)
			break;
	}
	if (r->failed) {
		free(out);
		return NULL;
	}
	*o = '\0';
	r->s++;
	return out;
}

static void read_number(struct reader *r, struct jv *v)
{
	const char *p = r->s;
	if (p < r->end && *p == '-')
		p++;
	if (p >= r->end || !isdigit((unsigned char)*p)) {
		fail(r, _("bad number"));
		return;
	}
	while (p < r->end && (isdigit((unsigned char)*p) || strchr(".eE+-", *p)))
		p++;
	char buf[64];
	size_t n = (size_t)(p - r->s);
	if (n >= sizeof(buf)) {
		fail(r, _("number too long"));
		return;
	}
	memcpy(buf, r->s, n);
	buf[n] = '\0';
	char *e;
	/* JSON numbers use '.', whatever LC_NUMERIC says: read the whole
	 * part and fraction by hand when strtod would stop at the point. */
	v->num = strtod(buf, &e);
	if (*e == '.') {
		double frac = 0, scale = 0.1;
		const char *q = e + 1;
		for (; isdigit((unsigned char)*q); q++, scale /= 10)
			frac += scale * (*q - '0');
		v->num += (buf[0] == '-') ? -frac : frac;
		if (*q == 'e' || *q == 'E')
			v->num *= pow(10, strtod(q + 1, &e));
		else
			e = (char *)q;
	}
	if (*e) {
		fail(r, _("bad number"));
		return;
	}
	v->type = JV_NUM;
	r->s = p;
}

static void read_value(struct reader *r, struct jv *v, int depth);

static bool grow(struct reader *r, struct jv *v, size_t *cap, bool keys)
{
	if (v->n < *cap)
		return true;
	size_t nc = *cap ? *cap * 2 : 4;
	struct jv *items = realloc(v->items, nc * sizeof(*items));
	if (items)
		v->items = items;
	char **k = keys ? realloc(v->keys, nc * sizeof(*k)) : NULL;
	if (keys && k)
		v->keys = k;
	if (!items || (keys && !k)) {
		fail(r, _("out of memory"));
		return false;
	}
	*cap = nc;
	return true;
}

static void read_container(struct reader *r, struct jv *v, int depth, bool object)
{
	size_t cap = 0;
	char close = object ? '}' : ']';
	v->type = object ? JV_OBJ : JV_ARR;
	r->s++;
	skip_ws(r);
	if (r->s < r->end && *r->s == close) {
		r->s++;
		return;
	}
	for (;;) {
		if (!grow(r, v, &cap, object))
			return;
		char *key = NULL;
		if (object) {
			skip_ws(r);
			if (r->s >= r->end || *r->s != '"') {
				fail(r, _("expected a key"));
				return;
			}
			if (!(key = read_string(r)))
				return;
			skip_ws(r);
			if (r->s >= r->end || *r->s != ':') {
				free(key);
				fail(r, _("expected ':'"));
				return;
			}
			r->s++;
		}
		struct jv *item = &v->items[v->n];
		memset(item, 0, sizeof(*item));
		if (object)
			v->keys[v->n] = key;
		v->n++;
		read_value(r, item, depth + 1);
		if (r->failed)
			return;
		skip_ws(r);
		if (r->s < r->end && *r->s == ',') {
			r->s++;
			continue;
		}
		if (r->s < r->end && *r->s == close) {
			r->s++;
			return;
		}
		fail(r, object ? _("expected ',' or '}'") : _("expected ',' or ']'"));
		return;
	}
}

static void read_value(struct reader *r, struct jv *v, int depth)
{
	if (depth > JV_MAX_DEPTH) {
		fail(r, _("nested too deeply"));
		return;
	}
	skip_ws(r);
	if (r->s >= r->end) {
		fail(r, _("unexpected end"));
		return;
	}
	switch (*r->s) {
	case '{':
		read_container(r, v, depth, true);
		return;
	case '[':
		read_container(r, v, depth, false);
		return;
	case '"':
		if ((v->str = read_string(r)))
			v->type = JV_STR;
		return;
	}
	if (eat(r, "true")) {
		v->type = JV_BOOL;
		v->b = true;
	} else if (eat(r, "false")) {
		v->type = JV_BOOL;
	} else if (eat(r, "null")) {
		v->type = JV_NULL;
	} else {
		read_number(r, v);
	}
}

static void free_inner(struct jv *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free_inner(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
}

void jv_free(struct jv *v)
{
	if (!v)
		return;
	free_inner(v);
	free(v);
}

struct jv *jv_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct reader r = { text, text + len, text, err, errlen, false };
	struct jv *v = calloc(1, sizeof(*v));
	if (!v) {
		snprintf(err, errlen, "%s", _("out of memory"));
		return NULL;
	}
	read_value(&r, v, 0);
	skip_ws(&r);
	if (!r.failed && r.s != r.end)
		fail(&r, _("text after the value"));
	if (r.failed) {
		jv_free(v);
		return NULL;
	}
	return v;
}

const struct jv *jv_get(const struct jv *v, const char *key)
{
	if (!v || v->type != JV_OBJ)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		if (!strcmp(v->keys[i], key))
			return &v->items[i];
	return NULL;
}

const struct jv *jv_path(const struct jv *v, const char *path)
{
	char part[256];
	while (v && *path) {
		size_t n = strcspn(path, ".");
		if (n >= sizeof(part))
			return NULL;
		memcpy(part, path, n);
		part[n] = '\0';
		path += n + (path[n] == '.');
		if (v->type == JV_ARR) {
			char *e;
			unsigned long i = strtoul(part, &e, 10);
			v = (*e || !part[0] || i >= v->n) ? NULL : &v->items[i];
		} else {
			v = jv_get(v, part);
		}
	}
	return v;
}

double jv_num(const struct jv *v, double def)
{
	return v && v->type == JV_NUM ? v->num : def;
}

uint64_t jv_u64(const struct jv *v, uint64_t def)
{
	if (!v || v->type != JV_NUM || !(v->num >= 0) || v->num >= 18446744073709551615.0)
		return def;
	return (uint64_t)llround(v->num);
}

const char *jv_str(const struct jv *v, const char *def)
{
	return v && v->type == JV_STR ? v->str : def;
}
