/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json.h - a small JSON tree builder for the reports: objects keep their
 * insertion order (fio's layout is an order), numbers keep their kind
 * (unsigned, signed, double), and printing follows fio's pretty layout
 * ("key" : value, two spaces a level) so fio tooling and eyes find the
 * same shape. It builds and prints; it does not parse. */
#ifndef BLKTOP_JSON_H
#define BLKTOP_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct json;

/* New roots; NULL when out of memory. */
struct json *json_object_new(void);
struct json *json_array_new(void);

/*
 * Adders. The parent is an object (key required, copied) or an array (key
 * must be NULL). A NULL parent does nothing, so a failed json_add_object()
 * needs no check before filling it. A failure (no memory, key misuse)
 * marks the parent, and json_print() then reports the tree incomplete.
 * Strings are copied; they should be UTF-8 (invalid bytes print as
 * U+FFFD, so the output is always valid JSON).
 */
struct json *json_add_object(struct json *parent, const char *key);
struct json *json_add_array(struct json *parent, const char *key);
void json_add_string(struct json *parent, const char *key, const char *s);
void json_add_u64(struct json *parent, const char *key, uint64_t v);
void json_add_i64(struct json *parent, const char *key, int64_t v);
/* Printed as %f (six decimals, '.' whatever the locale), as fio does;
 * NaN and infinities, which JSON cannot hold, print as null. */
void json_add_double(struct json *parent, const char *key, double v);
void json_add_bool(struct json *parent, const char *key, bool v);
void json_add_null(struct json *parent, const char *key);

/* Hands a tree made with json_object_new() or json_array_new() to
 * parent (which owns it from then on, also when the add fails); returns
 * it, or NULL. */
struct json *json_attach(struct json *parent, const char *key, struct json *child);
/* An object's member by key, an array's element by index; NULL if none. */
struct json *json_get(struct json *v, const char *key);
struct json *json_at(struct json *v, size_t i);

/* Number of members or elements (0 for scalars and NULL). */
size_t json_count(const struct json *v);

/* Prints the tree and a final newline. 0, or -1 when the tree is
 * incomplete (an add failed) or the stream reports an error. */
int json_print(FILE *out, const struct json *root);

/* The same on one line without spaces, then a newline: a JSON-lines
 * record. */
int json_print_line(FILE *out, const struct json *root);

/* Frees a root and everything under it (NULL is fine). Children are owned
 * by their parent and must not be freed on their own. */
void json_free(struct json *v);

#endif
