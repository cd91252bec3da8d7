/* SPDX-License-Identifier: GPL-2.0-or-later */
/* catalogs.c - finds the message catalogs beside the running binary before
 * the installed ones, so the build tree's and a copied binary's blktop
 * speak the user's language without make install. */
#include "config.h"
#include "util/catalogs.h"

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *chosen;

/* The running binary's own path. This is the process itself, not the
 * system being watched, so it is not taken under the sysroot prefix.
 * Without /proc (a bare chroot) the path it was started by serves. */
static bool self_path(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);
	if (n > 0) {
		buf[n] = '\0';
		return true;
	}
	const char *fn = (const char *)getauxval(AT_EXECFN);
	if (!fn || !strchr(fn, '/'))
		return false;
	char *real = realpath(fn, NULL);
	if (!real)
		return false;
	int w = snprintf(buf, len, "%s", real);
	free(real);
	return w > 0 && (size_t)w < len;
}

/* DIR holds LANG/LC_MESSAGES/DOMAIN.mo for at least one LANG. A folder
 * named locale that is no catalog tree (or /usr/bin/locale, the program)
 * is passed over. */
static bool holds_catalogs(const char *dir, const char *domain)
{
	DIR *d = opendir(dir);
	if (!d)
		return false;
	bool found = false;
	struct dirent *e;
	char path[PATH_MAX];
	struct stat st;
	while (!found && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		int n = snprintf(path, sizeof(path), "%s/%s/LC_MESSAGES/%s.mo", dir, e->d_name, domain);
		found = n > 0 && (size_t)n < sizeof(path) && stat(path, &st) == 0 && S_ISREG(st.st_mode);
	}
	closedir(d);
	return found;
}

const char *catalogs_dir(const char *domain, const char *installed, char *buf, size_t len)
{
	char self[PATH_MAX];
	chosen = installed;
	if (!self_path(self, sizeof(self)))
		return chosen;
	char *slash = strrchr(self, '/');
	if (!slash)
		return chosen;
	*slash = '\0';
	int n = snprintf(buf, len, "%s/locale", self);
	if (n > 0 && (size_t)n < len && holds_catalogs(buf, domain))
		chosen = buf;
	return chosen;
}

const char *catalogs_chosen(void)
{
	return chosen;
}
