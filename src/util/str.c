/* SPDX-License-Identifier: GPL-2.0-or-later */
/* str.c - string helpers (see str.h). */
#include "config.h"
#include "util/str.h"

#include <ctype.h>
#include <locale.h>
#include <pthread.h>
#include <string.h>

void str_copy(char *dst, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

static int blank(char c)
{
	return isspace((unsigned char)c) || iscntrl((unsigned char)c);
}

char *str_trim_end(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && blank(s[n - 1]))
		n--;
	s[n] = '\0';
	return s;
}

char *str_trim(char *s)
{
	size_t start = 0;

	str_trim_end(s);
	while (s[start] && blank(s[start]))
		start++;
	memmove(s, s + start, strlen(s + start) + 1);
	return s;
}

static locale_t c_locale;
static pthread_once_t c_once = PTHREAD_ONCE_INIT;

static void c_locale_make(void)
{
	c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

const char *str_c_strerror(int err)
{
	pthread_once(&c_once, c_locale_make);
	return c_locale ? strerror_l(err, c_locale) : strerror(err);
}
