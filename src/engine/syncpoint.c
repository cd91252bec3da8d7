/* SPDX-License-Identifier: GPL-2.0-or-later */
/* syncpoint.c - fio's fsync, fdatasync, end_fsync and fsync_on_close for
 * the job loop (see syncpoint.h). Syncs run in the job thread, outside
 * the per-I/O path: the loop has drained the queue before it calls. */
#include "config.h"
#include "engine/syncpoint.h"

#include <errno.h>
#include <unistd.h>

void syncpoint_init(struct syncpoint *sp, const struct job_spec *spec)
{
	sp->writes = 0;
	sp->syncs = 0;
	sp->due_fd = -1;
	/* fio takes fsync= when both are given. */
	sp->every = spec->fsync_blocks ? spec->fsync_blocks : spec->fdatasync_blocks;
	sp->data_only = !spec->fsync_blocks && spec->fdatasync_blocks;
}

static int sync_fd(int fd, bool data_only)
{
	int r = data_only ? fdatasync(fd) : fsync(fd);
	return r ? -errno : 0;
}

int syncpoint_run(struct syncpoint *sp)
{
	int fd = sp->due_fd;
	sp->due_fd = -1;
	if (fd < 0)
		return 0;
	sp->syncs++;
	return sync_fd(fd, sp->data_only);
}

int syncpoint_end(struct syncpoint *sp, const struct job_spec *spec, const int *fds,
		  unsigned nfds)
{
	int first = 0;
	if (!rw_writes(spec->rw))
		return 0;
	/* One fsync per file for either option: fio skips the one on close
	 * when the last thing done to the file was the end's fsync. */
	if (!spec->end_fsync && !spec->fsync_on_close)
		return 0;
	for (unsigned i = 0; i < nfds; i++) {
		bool seen = false;
		for (unsigned j = 0; j < i; j++)
			seen = seen || fds[j] == fds[i];
		if (seen)
			continue;
		sp->syncs++;
		int r = sync_fd(fds[i], false);
		if (r && !first)
			first = r;
	}
	return first;
}
