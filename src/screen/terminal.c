/* SPDX-License-Identifier: GPL-2.0-or-later */
/* terminal.c - taking the terminal for the screen and giving it back:
 * curses on the terminal (or /dev/tty when stdout is redirected), one
 * clear line when it cannot draw, stderr held while the screen is up, and
 * the screens' wait on the terminal. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <time.h>

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "i18n.h"
#include "screen/termfallback.h"
#include "screen/ui.h"
#include "util/clock.h"

/* The terminal type must be one curses knows and can draw on: TERM unset
 * or unknown makes newterm() fail, and a type without cursor addressing
 * (TERM=dumb, emacs' shell) would scroll garbage. Each gets one line that
 * says what to do, and exit 2, as bad input does. */
static bool terminal_usable(SCREEN *scr)
{
	const char *term = getenv("TERM");
	if (!scr) {
		if (!term || !*term)
			fprintf(stderr, "blktop: %s\n",
				_("TERM is not set, so the screen cannot draw: set it (e.g. TERM=xterm-256color) or use --batch for a plain report"));
		else
			fprintf(stderr, _("blktop: the terminal type '%s' (TERM) is not known here: set TERM to one that is (e.g. xterm-256color) or use --batch for a plain report\n"),
				term);
		return false;
	}
	const char *cup = tigetstr("cup");
	if (cup && cup != (char *)-1)
		return true;
	endwin();
	delscreen(scr);
	fprintf(stderr, _("blktop: the terminal type '%s' (TERM) cannot move the cursor, so the screen cannot draw: use --batch for a plain report, or a full terminal (e.g. TERM=xterm-256color)\n"),
		term ? term : "");
	return false;
}

/* The screen goes to the terminal even when stdout is redirected, so
 * `blktop --run ... > run.txt` shows the screen and leaves the summary in
 * the file. */
int terminal_start(struct ui *u)
{
	SCREEN *scr = NULL;
	bool tty = true;
	/* Without TERM there is nothing for newterm() to look up. */
	const char *term = getenv("TERM");
	bool has_term = term && *term;
	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		if (has_term)
			scr = termfallback_newterm(stdout, stdin);
		u->tty_fd = STDIN_FILENO;
	} else {
		u->tty = fopen("/dev/tty", "r+e");
		if (u->tty) {
			if (has_term)
				scr = termfallback_newterm(u->tty, u->tty);
			u->tty_fd = fileno(u->tty);
		}
		tty = u->tty != NULL;
	}
	if (!tty || !terminal_usable(scr)) {
		if (!tty)
			fprintf(stderr, "blktop: %s\n",
				_("the screen needs a terminal; use --batch for a plain report"));
		if (u->tty)
			fclose(u->tty);
		u->tty = NULL;
		return -1;
	}
	u->term = scr;
	set_term(scr);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	/* A frame is always finished: curses would otherwise stop half-way
	 * when a key is waiting and leave the rest for the next frame. */
	typeahead(-1);
	mouse_enable();
	theme_init(&u->theme);
	return 0;
}

/* Lines written on stderr while the screen is up (the sysfs steps of a
 * procedure say what they set and restore) would scribble over it: they
 * are kept in a file and written out once the terminal is back. */
void stderr_hold(struct ui *u)
{
	u->held_err = NULL;
	u->saved_err_fd = -1;
	if (!isatty(STDERR_FILENO))
		return;
	FILE *f = tmpfile();
	int saved = f ? dup(STDERR_FILENO) : -1;
	if (saved < 0 || dup2(fileno(f), STDERR_FILENO) < 0) {
		if (saved >= 0)
			close(saved);
		if (f)
			fclose(f);
		return;
	}
	u->held_err = f;
	u->saved_err_fd = saved;
}

void stderr_release(struct ui *u)
{
	char buf[4096];
	size_t n;
	if (!u->held_err)
		return;
	fflush(stderr);
	dup2(u->saved_err_fd, STDERR_FILENO);
	close(u->saved_err_fd);
	rewind(u->held_err);
	while ((n = fread(buf, 1, sizeof(buf), u->held_err)) > 0)
		fwrite(buf, 1, n, stderr);
	fflush(stderr);
	fclose(u->held_err);
	u->held_err = NULL;
}

void terminal_end(struct ui *u)
{
	endwin();
	delscreen(u->term);
	if (u->tty)
		fclose(u->tty);
}

int ui_wait(struct ui *u, struct sigstop *sigs, struct pollfd *pfd, size_t n, uint64_t until_ns)
{
	uint64_t now = now_ns();
	uint64_t left = until_ns > now ? until_ns - now : 0;
	struct timespec ts = { (time_t)(left / 1000000000ull), (long)(left % 1000000000ull) };
	/* A negative descriptor is skipped: a dead terminal must not spin us. */
	pfd[0] = (struct pollfd){ u->tty_gone ? -1 : u->tty_fd, POLLIN, 0 };
	int r = ppoll(pfd, n, &ts, &sigs->wait_mask);
	if (r > 0 || (r < 0 && errno == EINTR))
		sigstop_take_pending(sigs);
	if (r > 0 && (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL))) {
		u->tty_gone = true;
		sigstop_deliver(sigs, RUNCTL_TERMINAL_GONE, SIGHUP);
	}
	return r;
}
