/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysroot.h - the one root prefix for every /proc, /sys and /dev path, so
 * tests can point collectors at fake trees (BLKTOP_SYSROOT). */
#ifndef BLKTOP_SYSROOT_H
#define BLKTOP_SYSROOT_H

#include <stddef.h>
#include <stdio.h>

/* Sets the prefix ("" or NULL for the real root). Called once at start. */
void sysroot_set(const char *prefix);
const char *sysroot_get(void);

/* Writes prefix + path into buf; returns buf, or NULL if it does not fit. */
char *sysroot_path(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* fopen() of a path under the root. */
FILE *sysroot_fopen(const char *path, const char *mode);

/* Reads a whole small file under the root into buf (NUL-terminated, a
 * trailing newline stripped). Returns bytes read or -1 with errno set. */
long sysroot_read(const char *path, char *buf, size_t len);

/* Reads an integer from a file under the root; returns 0 on success. */
int sysroot_read_u64(const char *path, unsigned long long *out);

/* Writes a string to a file under the root; returns 0 or -errno. */
int sysroot_write(const char *path, const char *value);

#endif
