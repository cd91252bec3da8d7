/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tune.c - set a sysfs value for a run and put it back afterwards.
 *
 * The old values live in a file-scope table, not in the caller's state,
 * because atexit() handlers take no argument: whatever way blktop leaves
 * (the procedure returns, main() returns after SIGTERM, exit() from deep
 * inside an error path) the same table is walked. It is the only mutable
 * state here and is touched from one thread; signal handlers never touch
 * it (they only stop the run, and the normal path restores). */
#include "config.h"
#include "collect/tune.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "i18n.h"
#include "sysroot.h"

struct tune_entry {
	char path[256];
	char old[TUNE_VALUE_MAX];
	char value[TUNE_VALUE_MAX];
};

static struct tune_entry tune_log[TUNE_MAX];
static size_t tune_count;
static bool tune_atexit_registered;

/* echo VALUE > PATH, as the published tests do it: O_TRUNC as the shell opens it,
 * which sysfs ignores and a fake tree in the tests needs. */
static int write_value(const char *path, const char *value)
{
	char full[4096];
	size_t len = strlen(value);

	if (!sysroot_path(full, sizeof(full), "%s", path))
		return -ENAMETOOLONG;
	int fd = open(full, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	ssize_t w = write(fd, value, len);
	int e = errno;
	/* sysfs reports a refused value at write() or, for some
	 * attributes, at close(). */
	if (close(fd) && w >= 0)
		return -errno;
	if (w < 0)
		return -e;
	return (size_t)w == len ? 0 : -EIO;
}

static void tune_atexit(void)
{
	tune_restore();
}

/* sysfs files such as scheduler list choices with the active one in
 * brackets; compare and remember only what one writes back. */
static void active_value(const char *raw, char *out, size_t len)
{
	const char *open = strchr(raw, '[');
	const char *close = open ? strchr(open, ']') : NULL;
	if (open && close) {
		size_t n = (size_t)(close - open - 1);
		if (n >= len)
			n = len - 1;
		memcpy(out, open + 1, n);
		out[n] = '\0';
		return;
	}
	snprintf(out, len, "%s", raw);
}

int tune_set(const char *path, const char *value, char *old, size_t oldlen)
{
	char raw[TUNE_VALUE_MAX], cur[TUNE_VALUE_MAX], after[TUNE_VALUE_MAX];

	if (sysroot_read(path, raw, sizeof(raw)) < 0)
		return errno ? -errno : -EIO;
	active_value(raw, cur, sizeof(cur));
	if (old)
		snprintf(old, oldlen, "%s", cur);
	if (!strcmp(cur, value))
		return 0;
	if (tune_count == TUNE_MAX || strlen(path) >= sizeof(tune_log[0].path))
		return -ENOSPC;
	int r = write_value(path, value);
	if (r < 0)
		return r;

	struct tune_entry *e = &tune_log[tune_count++];
	snprintf(e->path, sizeof(e->path), "%s", path);
	snprintf(e->old, sizeof(e->old), "%s", cur);
	snprintf(e->value, sizeof(e->value), "%s", value);
	if (!tune_atexit_registered && atexit(tune_atexit) == 0)
		tune_atexit_registered = true;

	/* The kernel may take a write and keep another value (a clamp);
	 * say what it holds, since that is what the run gets. */
	if (sysroot_read(path, raw, sizeof(raw)) >= 0) {
		active_value(raw, after, sizeof(after));
		if (strcmp(after, value)) {
			fprintf(stderr, _("blktop: set %s to %s (was %s), but it reads %s\n"), path,
				value, cur, after);
			return 0;
		}
	}
	fprintf(stderr, _("blktop: set %s to %s (was %s)\n"), path, value, cur);
	return 0;
}

int tune_restore(void)
{
	int failed = 0;

	while (tune_count > 0) {
		struct tune_entry *e = &tune_log[--tune_count];
		int r = write_value(e->path, e->old);
		if (r < 0) {
			failed++;
			fprintf(stderr,
				_("blktop: could not restore %s to %s: %s (set it by hand: echo %s > %s)\n"),
				e->path, e->old, strerror(-r), e->old, e->path);
		} else {
			fprintf(stderr, _("blktop: restored %s to %s\n"), e->path, e->old);
		}
	}
	fflush(stderr);
	return failed;
}

size_t tune_pending(void)
{
	return tune_count;
}
