/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sshproc.c - the child ssh of one host. The user's --ssh command is read
 * by /bin/sh (so `ssh -F cfg -J bastion` works as typed); our own words
 * go to it as "$@", never through a shell's parsing. */
#include "config.h"
#include "fleet/sshproc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "i18n.h"
#include "util/clock.h"

int ssh_quote_argv(const char *const *argv, char *buf, size_t len)
{
	size_t used = 0;
	for (size_t i = 0; argv[i]; i++) {
		if (used + 3 >= len)
			return -1;
		if (i)
			buf[used++] = ' ';
		buf[used++] = '\'';
		for (const char *s = argv[i]; *s; s++) {
			/* A quote ends the quoting, adds \' and starts it again. */
			const char *piece = *s == '\'' ? "'\\''" : NULL;
			size_t n = piece ? 4 : 1;
			if (used + n + 2 >= len)
				return -1;
			if (piece)
				memcpy(buf + used, piece, n);
			else
				buf[used] = *s;
			used += n;
		}
		buf[used++] = '\'';
	}
	buf[used] = '\0';
	return 0;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* remote: the far side's command; forward: instead, ssh -W's HOST:PORT. */
static int start(struct sshproc *p, const char *ssh_command, const struct host_addr *h,
		 const char *remote, const char *forward, char *err, size_t errlen)
{
	int in[2], out[2], er[2];
	char port[16];

	memset(p, 0, sizeof(*p));
	p->in = p->out = p->err = -1;
	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(er, O_CLOEXEC)) {
		snprintf(err, errlen, _("%s: cannot make pipes: %s"), h->label, strerror(errno));
		return -1;
	}
	snprintf(port, sizeof(port), "%u", h->port);
	char script[4352];
	snprintf(script, sizeof(script), "exec %s \"$@\"",
		 ssh_command && *ssh_command ? ssh_command : "ssh");
	const char *argv[20];
	size_t n = 0;
	argv[n++] = "/bin/sh";
	argv[n++] = "-c";
	argv[n++] = script;
	argv[n++] = "blktop-ssh";
	argv[n++] = "-o";
	argv[n++] = "BatchMode=yes";
	if (forward) {
		argv[n++] = "-W";
		argv[n++] = forward;
	}
	if (h->port) {
		argv[n++] = "-p";
		argv[n++] = port;
	}
	if (h->user[0]) {
		argv[n++] = "-l";
		argv[n++] = h->user;
	}
	argv[n++] = "--";
	argv[n++] = h->host;
	if (remote)
		argv[n++] = remote;
	argv[n] = NULL;

	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, _("%s: cannot start ssh: %s"), h->label, strerror(errno));
		return -1;
	}
	if (pid == 0) {
		/* Its own process group: Ctrl-C on our terminal reaches us,
		 * and we stop each host in order, with its report. */
		setpgid(0, 0);
		dup2(in[0], 0);
		dup2(out[1], 1);
		dup2(er[1], 2);
		signal(SIGPIPE, SIG_DFL);
		execv("/bin/sh", (char *const *)argv);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	close(er[1]);
	p->pid = pid;
	p->in = in[1];
	p->out = out[0];
	p->err = er[0];
	fcntl(p->out, F_SETFL, O_NONBLOCK);
	fcntl(p->err, F_SETFL, O_NONBLOCK);
	return 0;
}

int sshproc_start(struct sshproc *p, const char *ssh_command, const struct host_addr *h,
		  const char *remote, char *err, size_t errlen)
{
	return start(p, ssh_command, h, remote, NULL, err, errlen);
}

int sshproc_start_forward(struct sshproc *p, const char *ssh_command, const struct host_addr *h,
			  const char *forward, char *err, size_t errlen)
{
	return start(p, ssh_command, h, NULL, forward, err, errlen);
}

/* Splits what arrived into lines; an overlong line is cut, not kept. */
static void feed(char **buf, size_t *len, const char *data, size_t n, bool is_err,
		 void (*on_line)(void *, bool, char *), void *arg)
{
	if (!*buf && !(*buf = malloc(SSHPROC_LINE_MAX + 1)))
		return;
	for (size_t i = 0; i < n; i++) {
		if (data[i] == '\n') {
			(*buf)[*len] = '\0';
			on_line(arg, is_err, *buf);
			*len = 0;
		} else if (*len < SSHPROC_LINE_MAX) {
			(*buf)[(*len)++] = data[i];
		}
	}
}

static bool pump_fd(int *fd, char **buf, size_t *len, bool is_err,
		    void (*on_line)(void *, bool, char *), void *arg)
{
	char chunk[65536];
	while (*fd >= 0) {
		ssize_t r = read(*fd, chunk, sizeof(chunk));
		if (r > 0) {
			feed(buf, len, chunk, (size_t)r, is_err, on_line, arg);
			continue;
		}
		if (r < 0 && (errno == EAGAIN || errno == EINTR))
			return true;
		/* End of file: a last line without its newline still counts. */
		if (*len && *buf) {
			(*buf)[*len] = '\0';
			on_line(arg, is_err, *buf);
			*len = 0;
		}
		close_fd(fd);
	}
	return false;
}

bool sshproc_pump(struct sshproc *p, void (*on_line)(void *arg, bool is_err, char *line),
		  void *arg)
{
	bool a = pump_fd(&p->out, &p->obuf, &p->olen, false, on_line, arg);
	bool b = pump_fd(&p->err, &p->ebuf, &p->elen, true, on_line, arg);
	return a || b;
}

void sshproc_close_input(struct sshproc *p)
{
	close_fd(&p->in);
}

bool sshproc_reap(struct sshproc *p)
{
	if (p->exited || p->pid <= 0)
		return true;
	int st;
	pid_t r = waitpid(p->pid, &st, WNOHANG);
	if (r == p->pid || (r < 0 && errno == ECHILD)) {
		p->exited = true;
		p->status = r == p->pid ? st : 0;
	}
	return p->exited;
}

void sshproc_kill(struct sshproc *p, unsigned grace_ms)
{
	if (p->pid <= 0 || sshproc_reap(p))
		return;
	kill(-p->pid, SIGTERM);
	uint64_t until = now_ns() + (uint64_t)grace_ms * 1000000ULL;
	while (!sshproc_reap(p) && now_ns() < until)
		sleep_ns(10 * 1000000ULL);
	if (!p->exited) {
		kill(-p->pid, SIGKILL);
		int st;
		if (waitpid(p->pid, &st, 0) == p->pid)
			p->status = st;
		p->exited = true;
	}
}

void sshproc_free(struct sshproc *p)
{
	close_fd(&p->in);
	close_fd(&p->out);
	close_fd(&p->err);
	free(p->obuf);
	free(p->ebuf);
	p->obuf = p->ebuf = NULL;
}
