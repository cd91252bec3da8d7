/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysroot.c - the root prefix for /proc, /sys and /dev paths, so every
 * collector can be pointed at a fake tree (tests, fuzz_sysfs). Readers
 * here never block on what a fake tree may hold (FIFOs). */
#include "config.h"
#include "sysroot.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char root_prefix[512];

void sysroot_set(const char *prefix)
{
	if (!prefix)
		prefix = "";
	snprintf(root_prefix, sizeof(root_prefix), "%s", prefix);
	/* A trailing slash would double up with the absolute paths. */
	size_t n = strlen(root_prefix);
	while (n > 0 && root_prefix[n - 1] == '/')
		root_prefix[--n] = '\0';
}

const char *sysroot_get(void)
{
	return root_prefix;
}

char *sysroot_path(char *buf, size_t len, const char *fmt, ...)
{
	size_t plen = strlen(root_prefix);
	if (plen >= len)
		return NULL;
	memcpy(buf, root_prefix, plen);
	buf[plen] = '\0';
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf + plen, len - plen, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len - plen)
		return NULL;
	return buf;
}

FILE *sysroot_fopen(const char *path, const char *mode)
{
	char full[4096];
	if (!sysroot_path(full, sizeof(full), "%s", path)) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	if (mode[0] != 'r' || strchr(mode, '+'))
		return fopen(full, mode);
	/* As sysroot_read: a FIFO in a fake tree reads as empty instead of
	 * blocking the open until a writer comes. */
	int fd = open(full, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return NULL;
	FILE *f = fdopen(fd, mode);
	if (!f) {
		int e = errno;
		close(fd);
		errno = e;
	}
	return f;
}

long sysroot_read(const char *path, char *buf, size_t len)
{
	char full[4096];
	if (len == 0) {
		errno = EINVAL;
		return -1;
	}
	if (!sysroot_path(full, sizeof(full), "%s", path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	/* O_NONBLOCK: a fake tree may hold a FIFO; never hang on it. */
	int fd = open(full, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -1;
	size_t got = 0;
	while (got < len - 1) {
		ssize_t r = read(fd, buf + got, len - 1 - got);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	buf[got] = '\0';
	while (got > 0 && (buf[got - 1] == '\n' || buf[got - 1] == '\r'))
		buf[--got] = '\0';
	return (long)got;
}

int sysroot_read_u64(const char *path, unsigned long long *out)
{
	char buf[64];
	if (sysroot_read(path, buf, sizeof(buf)) <= 0)
		return -1;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(buf, &end, 10);
	if (errno || end == buf)
		return -1;
	*out = v;
	return 0;
}

int sysroot_write(const char *path, const char *value)
{
	char full[4096];
	if (!sysroot_path(full, sizeof(full), "%s", path))
		return -ENAMETOOLONG;
	int fd = open(full, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	size_t len = strlen(value);
	ssize_t w = write(fd, value, len);
	int e = errno;
	close(fd);
	if (w < 0)
		return -e;
	return (size_t)w == len ? 0 : -EIO;
}
