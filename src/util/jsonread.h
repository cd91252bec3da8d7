/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonread.h - a small JSON reader: text to a tree of values, for the
 * reports other programs send back (a far-side blktop's jsonl stream).
 * Not on any per-I/O path; a value is read once and looked up by key. */
#ifndef BLKTOP_UTIL_JSONREAD_H
#define BLKTOP_UTIL_JSONREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum jv_type { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ };

struct jv {
	enum jv_type type;
	bool b;
	double num;
	char *str;          /* JV_STR: the text, unescaped, NUL-terminated */
	size_t n;           /* JV_ARR, JV_OBJ: how many items */
	struct jv *items;   /* JV_ARR, JV_OBJ: the values */
	char **keys;        /* JV_OBJ: the key of each item */
};

/* Parses one JSON document (trailing white space allowed). NULL with one
 * line in err (where and what) on bad input or no memory. */
struct jv *jv_parse(const char *text, size_t len, char *err, size_t errlen);
void jv_free(struct jv *v);

/* The member called key of an object, or NULL (also when v is not one). */
const struct jv *jv_get(const struct jv *v, const char *key);
/* A dotted path: "jobs.0.read.iops"; a number indexes an array. */
const struct jv *jv_path(const struct jv *v, const char *path);
/* The number at v, or def when v is missing or not a number. */
double jv_num(const struct jv *v, double def);
uint64_t jv_u64(const struct jv *v, uint64_t def);
/* The string at v, or def. */
const char *jv_str(const struct jv *v, const char *def);

#endif
