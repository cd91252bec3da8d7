/* SPDX-License-Identifier: GPL-2.0-or-later */
/* termfallback.c - opens the terminal with the carried terminfo entry when
 * the machine has none for TERM. ncurses reads entries only from files, so
 * the entry is written to a private temporary folder that TERMINFO points
 * at while the terminal is opened, and removed right after. */
#include "config.h"
#include "screen/term.h"
#include "screen/termfallback.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool prefix(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

static const struct termfallback_entry *by_name(const char *name)
{
	for (const struct termfallback_entry *e = termfallback_entries; e->name; e++)
		if (!strcmp(e->name, name))
			return e;
	return NULL;
}

const struct termfallback_entry *termfallback_find(const char *term)
{
	const struct termfallback_entry *e = by_name(term);
	if (e)
		return e;
	bool colors256 = strstr(term, "256") != NULL;
	if (prefix(term, "xterm"))
		return by_name(colors256 ? "xterm-256color" : "xterm");
	if (prefix(term, "screen"))
		return by_name(colors256 ? "screen-256color" : "screen");
	if (prefix(term, "tmux"))
		return by_name(colors256 ? "tmux-256color" : "tmux");
	if (prefix(term, "vt1") || prefix(term, "vt2"))
		return by_name("vt100");
	if (prefix(term, "linux"))
		return by_name("linux");
	return NULL;
}

static bool write_file(const char *path, const struct termfallback_entry *e)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return false;
	bool ok = write(fd, e->data, e->size) == (ssize_t)e->size;
	return close(fd) == 0 && ok;
}

/* Writes E as TERM into a new folder under one of the usual temporary
 * places (a bare chroot may have only one of them), in both the letter
 * (x/xterm) and the hex (78/xterm) layouts ncurses may be built for. The
 * paths written are kept in FILES (three folders, two files; names are cut short rather than overflow) for removal. */
static bool write_entry(const char *term, const struct termfallback_entry *e, char files[5][1024])
{
	const char *tmp = getenv("TMPDIR");
	const char *bases[] = { tmp && *tmp ? tmp : "/tmp", "/tmp", "/dev/shm", "/var/tmp" };
	for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		snprintf(files[0], sizeof(files[0]), "%.900s/blktop-terminfo.XXXXXX", bases[i]);
		if (mkdtemp(files[0]))
			goto made;
	}
	return false;
made:
	snprintf(files[1], sizeof(files[1]), "%.930s/%c", files[0], term[0]);
	snprintf(files[2], sizeof(files[2]), "%.930s/%02x", files[0], (unsigned char)term[0]);
	snprintf(files[3], sizeof(files[3]), "%.940s/%.64s", files[1], term);
	snprintf(files[4], sizeof(files[4]), "%.940s/%.64s", files[2], term);
	return mkdir(files[1], 0700) == 0 && mkdir(files[2], 0700) == 0 &&
	       write_file(files[3], e) && write_file(files[4], e);
}

SCREEN *termfallback_newterm(FILE *out, FILE *in)
{
	SCREEN *scr = newterm(NULL, out, in);
	const char *term = getenv("TERM");
	const struct termfallback_entry *e;
	if (scr || !term || !*term || strchr(term, '/') || !(e = termfallback_find(term)))
		return scr;

	char files[5][1024] = { { 0 } };
	const char *was = getenv("TERMINFO");
	char *old = was ? strdup(was) : NULL;
	if (write_entry(term, e, files) && setenv("TERMINFO", files[0], 1) == 0)
		scr = newterm(NULL, out, in);
	if (old)
		setenv("TERMINFO", old, 1);
	else
		unsetenv("TERMINFO");
	free(old);
	for (int i = 4; i >= 0; i--) {
		if (!files[i][0])
			continue;
		if (i > 2)
			unlink(files[i]);
		else
			rmdir(files[i]);
	}
	return scr;
}
