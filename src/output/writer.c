/* SPDX-License-Identifier: GPL-2.0-or-later */
/* writer.c - opening, flushing and closing report destinations, and the
 * one message for a report that was lost. */
#include "config.h"
#include "output/writer.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "i18n.h"
#include "util/status.h"

void writer_keep_std_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		/* open() takes the lowest free descriptor: this one. */
		int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
		if (got >= 0 && got != fd)
			close(got);
	}
}

int writer_try_open(struct writer *w, const char *path, char *msg, size_t len)
{
	w->path = path;
	w->err = 0;
	w->f = path ? fopen(path, "w") : stdout;
	if (w->f)
		return 0;
	snprintf(msg, len, _("cannot write %s: %s"), path, strerror(errno));
	return -1;
}

int writer_open(struct writer *w, const char *path)
{
	char msg[1024];

	if (!writer_try_open(w, path, msg, sizeof(msg)))
		return 0;
	fprintf(stderr, "blktop: --output: %s\n", msg);
	return BLKTOP_USAGE;
}

bool writer_flush(struct writer *w)
{
	errno = 0;
	if (fflush(w->f) == 0 && !ferror(w->f))
		return true;
	/* With errno 0 an earlier buffer's write failed and this flush had
	 * nothing left to write: the next flush that writes says why, and
	 * writer_finish falls back to EIO. */
	if (!w->err && errno)
		w->err = errno;
	return false;
}

int writer_finish(struct writer *w, char *msg, size_t len)
{
	if (!w->f)
		return 0;
	if (!writer_flush(w) && !w->err)
		w->err = EIO;
	if (w->path && fclose(w->f) && !w->err)
		w->err = errno ? errno : EIO;
	w->f = NULL;
	if (!w->err)
		return 0;
	snprintf(msg, len, _("cannot write the report to %s: %s"),
		 w->path ? w->path : _("standard output"), strerror(w->err));
	return -1;
}

int writer_close(struct writer *w, int status)
{
	char msg[1024];

	if (!writer_finish(w, msg, sizeof(msg)))
		return status;
	if (!(w->err == EPIPE && status == BLKTOP_SIGNAL_BASE + SIGPIPE))
		fprintf(stderr, "blktop: %s\n", msg);
	return status ? status : BLKTOP_FAILED;
}
