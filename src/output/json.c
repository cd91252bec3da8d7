/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json.c - the report's JSON tree: build, print in fio's layout, free.
 *
 * Built rather than printf'd (sysstat's way), so escaping, commas and
 * indentation are right in one place and a report can be assembled out of
 * order-preserving pieces.
 */
#include "config.h"
#include "output/json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum json_kind {
	JSON_NULL, JSON_BOOL, JSON_U64, JSON_I64, JSON_DOUBLE, JSON_STRING,
	JSON_OBJECT, JSON_ARRAY,
};

struct json {
	enum json_kind kind;
	bool broken;            /* an add to this container failed */
	char *key;              /* name within the parent object */
	union {
		bool b;
		uint64_t u;
		int64_t i;
		double d;
		char *s;
		struct {
			struct json **v;
			size_t len, cap;
		} c;
	} as;
};

static struct json *node_new(enum json_kind kind)
{
	struct json *v = calloc(1, sizeof(*v));
	if (v)
		v->kind = kind;
	return v;
}

struct json *json_object_new(void)
{
	return node_new(JSON_OBJECT);
}

struct json *json_array_new(void)
{
	return node_new(JSON_ARRAY);
}

/* Hands child to parent (or frees it); returns it, or NULL on failure. */
static struct json *attach(struct json *parent, const char *key, struct json *child)
{
	if (!parent) {
		json_free(child);
		return NULL;
	}
	bool ok = child != NULL;
	if (parent->kind == JSON_OBJECT)
		ok = ok && key && (child->key = strdup(key)) != NULL;
	else if (parent->kind == JSON_ARRAY)
		ok = ok && key == NULL;
	else
		ok = false;     /* a scalar is no parent */
	if (ok && parent->as.c.len == parent->as.c.cap) {
		size_t cap = parent->as.c.cap ? parent->as.c.cap * 2 : 8;
		struct json **nv = realloc(parent->as.c.v, cap * sizeof(*nv));
		if (nv) {
			parent->as.c.v = nv;
			parent->as.c.cap = cap;
		} else {
			ok = false;
		}
	}
	if (!ok) {
		parent->broken = true;
		json_free(child);
		return NULL;
	}
	parent->as.c.v[parent->as.c.len++] = child;
	return child;
}

struct json *json_add_object(struct json *parent, const char *key)
{
	return attach(parent, key, parent ? node_new(JSON_OBJECT) : NULL);
}

struct json *json_add_array(struct json *parent, const char *key)
{
	return attach(parent, key, parent ? node_new(JSON_ARRAY) : NULL);
}

void json_add_string(struct json *parent, const char *key, const char *s)
{
	if (!parent)
		return;
	struct json *v = node_new(JSON_STRING);
	if (v && !(v->as.s = strdup(s ? s : ""))) {
		free(v);
		v = NULL;
	}
	attach(parent, key, v);
}

void json_add_u64(struct json *parent, const char *key, uint64_t x)
{
	struct json *v = parent ? node_new(JSON_U64) : NULL;
	if (v)
		v->as.u = x;
	attach(parent, key, v);
}

void json_add_i64(struct json *parent, const char *key, int64_t x)
{
	struct json *v = parent ? node_new(JSON_I64) : NULL;
	if (v)
		v->as.i = x;
	attach(parent, key, v);
}

void json_add_double(struct json *parent, const char *key, double x)
{
	struct json *v = parent ? node_new(JSON_DOUBLE) : NULL;
	if (v)
		v->as.d = x;
	attach(parent, key, v);
}

void json_add_bool(struct json *parent, const char *key, bool x)
{
	struct json *v = parent ? node_new(JSON_BOOL) : NULL;
	if (v)
		v->as.b = x;
	attach(parent, key, v);
}

void json_add_null(struct json *parent, const char *key)
{
	attach(parent, key, parent ? node_new(JSON_NULL) : NULL);
}

struct json *json_attach(struct json *parent, const char *key, struct json *child)
{
	return attach(parent, key, child);
}

struct json *json_get(struct json *v, const char *key)
{
	if (!v || v->kind != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < v->as.c.len; i++)
		if (!strcmp(v->as.c.v[i]->key, key))
			return v->as.c.v[i];
	return NULL;
}

struct json *json_at(struct json *v, size_t i)
{
	if (!v || v->kind != JSON_ARRAY || i >= v->as.c.len)
		return NULL;
	return v->as.c.v[i];
}

size_t json_count(const struct json *v)
{
	if (!v || (v->kind != JSON_OBJECT && v->kind != JSON_ARRAY))
		return 0;
	return v->as.c.len;
}

void json_free(struct json *v)
{
	if (!v)
		return;
	if (v->kind == JSON_OBJECT || v->kind == JSON_ARRAY) {
		for (size_t i = 0; i < v->as.c.len; i++)
			json_free(v->as.c.v[i]);
		free(v->as.c.v);
	} else if (v->kind == JSON_STRING) {
		free(v->as.s);
	}
	free(v->key);
	free(v);
}

/* Length of the well-formed UTF-8 sequence at p (RFC 3629: no overlong
 * forms, no surrogates, nothing past U+10FFFF), or 0. */
static size_t utf8_len(const unsigned char *p)
{
	unsigned char c = p[0];
	if (c < 0x80)
		return 1;
	size_t n;
	unsigned char lo = 0x80, hi = 0xbf;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else {
		return 0;
	}
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

static void print_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	fputc('"', out);
	while (*p) {
		unsigned char c = *p;
		if (c == '"' || c == '\\') {
			fputc('\\', out);
			fputc(c, out);
			p++;
		} else if (c < 0x20 || c == 0x7f) {
			switch (c) {
			case '\b': fputs("\\b", out); break;
			case '\f': fputs("\\f", out); break;
			case '\n': fputs("\\n", out); break;
			case '\r': fputs("\\r", out); break;
			case '\t': fputs("\\t", out); break;
			default: fprintf(out, "\\u%04x", c); break;
			}
			p++;
		} else {
			size_t n = utf8_len(p);
			if (n == 0) {
				fputs("\\ufffd", out);
				n = 1;
			} else {
				fwrite(p, 1, n, out);
			}
			p += n;
		}
	}
	fputc('"', out);
}

/* %f as fio prints it, but never with the locale's decimal comma: a
 * report must parse the same in every language. */
static void print_double(FILE *out, double d)
{
	if (!isfinite(d)) {
		fputs("null", out);
		return;
	}
	char buf[400], fixed[400];
	snprintf(buf, sizeof(buf), "%f", d);
	size_t j = 0;
	bool in_point = false;
	for (size_t i = 0; buf[i] && j < sizeof(fixed) - 1; i++) {
		char c = buf[i];
		if ((c >= '0' && c <= '9') || c == '-') {
			fixed[j++] = c;
			in_point = false;
		} else if (!in_point) {
			/* The locale's radix, possibly several bytes long. */
			fixed[j++] = '.';
			in_point = true;
		}
	}
	fixed[j] = '\0';
	fputs(fixed, out);
}

static void indent(FILE *out, int level)
{
	for (int i = 0; i < level; i++)
		fputs("  ", out);
}

/* level < 0: all on one line, no spaces (JSON lines). */
static void print_value(FILE *out, const struct json *v, int level, bool *broken)
{
	bool line = level < 0;
	if (v->broken)
		*broken = true;
	switch (v->kind) {
	case JSON_NULL:
		fputs("null", out);
		break;
	case JSON_BOOL:
		fputs(v->as.b ? "true" : "false", out);
		break;
	case JSON_U64:
		fprintf(out, "%llu", (unsigned long long)v->as.u);
		break;
	case JSON_I64:
		fprintf(out, "%lld", (long long)v->as.i);
		break;
	case JSON_DOUBLE:
		print_double(out, v->as.d);
		break;
	case JSON_STRING:
		print_string(out, v->as.s);
		break;
	case JSON_OBJECT:
	case JSON_ARRAY: {
		bool obj = v->kind == JSON_OBJECT;
		if (v->as.c.len == 0) {
			fputs(obj ? "{}" : "[]", out);
			break;
		}
		fputs(obj ? "{" : "[", out);
		for (size_t i = 0; i < v->as.c.len; i++) {
			const struct json *c = v->as.c.v[i];
			if (i)
				fputc(',', out);
			if (!line) {
				fputc('\n', out);
				indent(out, level + 1);
			}
			if (obj) {
				print_string(out, c->key);
				fputs(line ? ":" : " : ", out);
			}
			print_value(out, c, line ? level : level + 1, broken);
		}
		if (!line) {
			fputc('\n', out);
			indent(out, level);
		}
		fputc(obj ? '}' : ']', out);
		break;
	}
	}
}

int json_print_line(FILE *out, const struct json *root)
{
	if (!root)
		return -1;
	bool broken = false;
	print_value(out, root, -1, &broken);
	fputc('\n', out);
	return broken || ferror(out) ? -1 : 0;
}

int json_print(FILE *out, const struct json *root)
{
	if (!root)
		return -1;
	bool broken = false;
	print_value(out, root, 0, &broken);
	fputc('\n', out);
	return broken || ferror(out) ? -1 : 0;
}
