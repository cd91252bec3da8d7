/* SPDX-License-Identifier: GPL-2.0-or-later */
/* outwatch.c - a thread that waits for the reader of blktop's output to
 * go away. SIGPIPE is ignored while a run goes (so the I/O is stopped and
 * sysfs restored before we leave), which means a dead pipe shows only as
 * EPIPE on the next write; a run writes nothing for its whole runtime
 * unless status intervals are asked for. poll() on the write end of a
 * pipe reports POLLERR as soon as the last reader closes it, with or
 * without a write, so the run stops like fio's would on SIGPIPE, but
 * with its cleanup done. */
#include "config.h"
#include "outwatch.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

/* One watcher per process: the output is one stream. Touched only by the
 * thread that starts and stops it (the watcher only reads it). */
static struct {
	bool on;
	int fd;
	int stop[2];
	struct runctl *ctl;
	pthread_t tid;
} w = { false, -1, { -1, -1 }, NULL, 0 };

static void *watch_main(void *arg)
{
	sigset_t all;
	(void)arg;
	/* Signals go to the main thread, whose handlers ask the run to stop. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	for (;;) {
		struct pollfd p[2] = { { w.fd, 0, 0 }, { w.stop[0], POLLIN, 0 } };
		int r = poll(p, 2, -1);
		if (r < 0)
			continue;
		if (p[1].revents)
			return NULL;
		/* Once is enough: a stop is never taken back, so a step of a
		 * procedure that starts after this does not start at all. */
		if (p[0].revents & (POLLERR | POLLHUP | POLLNVAL)) {
			runctl_stop(w.ctl, RUNCTL_OUTPUT_GONE, SIGPIPE, "the output's reader went away");
			return NULL;
		}
	}
}

int outwatch_start(int fd, struct runctl *ctl)
{
	struct stat st;
	if (w.on || fd < 0 || fstat(fd, &st) || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
		return -1;
	if (pipe2(w.stop, O_CLOEXEC))
		return -1;
	w.fd = fd;
	w.ctl = ctl;
	if (pthread_create(&w.tid, NULL, watch_main, NULL)) {
		close(w.stop[0]);
		close(w.stop[1]);
		return -1;
	}
	w.on = true;
	return 0;
}

void outwatch_stop(void)
{
	if (!w.on)
		return;
	/* A byte on the stop pipe ends the poll; the thread may have ended
	 * already (the reader went away), and join takes that too. */
	if (write(w.stop[1], "", 1) < 0) {
		/* Cannot fail on an empty pipe of our own; join regardless. */
	}
	pthread_join(w.tid, NULL);
	close(w.stop[0]);
	close(w.stop[1]);
	w.on = false;
}
