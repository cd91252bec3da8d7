/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuse_disk.c - a disk that goes bad on demand, for the tests of hung and
 * failing devices (tests/e2e/list_speed.sh, tests/e2e/faults.sh). Without
 * dm-suspend, dm-flakey, scsi_debug or nbd at hand, a loop device backed
 * by a FUSE file whose server misbehaves does the same to whoever uses it.
 *
 *   fuse_disk hang MOUNTPOINT  mounts a file MOUNTPOINT/disk (64 MiB that
 *                              reads as zeros), prints "ready", serves until
 *                              SIGUSR1, then swallows every read: reads of
 *                              the device wait forever.
 *   fuse_disk fail MOUNTPOINT  the same, but writes are accepted (and
 *                              dropped) and the file is opened for direct
 *                              I/O (no page cache hides the server); after
 *                              SIGUSR1 every read and write fails with EIO.
 *   fuse_disk fail MOUNTPOINT ERRNO
 *                              the same, failing with that errno instead
 *                              (tests/e2e/fio_errors.sh: which errnos
 *                              continue_on_error and ignore_error let pass).
 *                              SIGUSR2 heals it: I/O works again until
 *                              the next SIGUSR1 (tests/e2e/fleet_fio_errors.sh:
 *                              errors in a window, none after it).
 *
 * In both modes SIGTERM or SIGKILL ends the server and the kernel fails
 * every request from then on: the device is gone.
 *
 * Speaks the raw /dev/fuse protocol (linux/fuse.h) so it needs no libfuse.
 * Not installed. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fuse.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#define DISK_SIZE (64ULL << 20)
#define DISK_NODE 2

static volatile sig_atomic_t broken;  /* SIGUSR1 came (and no SIGUSR2 since) */
static int fail_mode;                  /* "fail" rather than "hang" */
static int fail_errno = EIO;           /* what a broken disk answers */

static void on_usr1(int sig)
{
	(void)sig;
	broken = 1;
}

static void on_usr2(int sig)
{
	(void)sig;
	broken = 0;
}

/* Sends a reply: the header and len bytes of data. */
static void reply(int fd, uint64_t unique, int error, const void *data, size_t len)
{
	struct fuse_out_header h = { .len = (uint32_t)(sizeof(h) + len), .error = error,
				     .unique = unique };
	char *buf = malloc(sizeof(h) + len);

	if (!buf)
		return;
	memcpy(buf, &h, sizeof(h));
	if (len)
		memcpy(buf + sizeof(h), data, len);
	if (write(fd, buf, sizeof(h) + len) < 0 && errno != ENOENT)
		perror("fuse_disk: write");
	free(buf);
}

static void fill_attr(struct fuse_attr *a, uint64_t node)
{
	memset(a, 0, sizeof(*a));
	a->ino = node;
	if (node == DISK_NODE) {
		a->mode = S_IFREG | 0644;
		a->size = DISK_SIZE;
		a->blocks = DISK_SIZE / 512;
		a->nlink = 1;
	} else {
		a->mode = S_IFDIR | 0755;
		a->nlink = 2;
	}
	a->blksize = 4096;
}

static void reply_read(int fd, uint64_t unique, const struct fuse_read_in *in)
{
	static const char zeros[128 * 1024];
	uint64_t size = in->size;

	if (in->offset >= DISK_SIZE)
		size = 0;
	else if (in->offset + size > DISK_SIZE)
		size = DISK_SIZE - in->offset;
	if (size > sizeof(zeros))
		size = sizeof(zeros);
	reply(fd, unique, 0, zeros, size);
}

static void serve(int fd)
{
	static char buf[FUSE_MIN_READ_BUFFER + 1024 * 1024];

	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));
		if (n < 0) {
			if (errno == EINTR || errno == ENOENT)
				continue;
			if (errno == ENODEV)
				return;   /* unmounted */
			perror("fuse_disk: read");
			return;
		}
		if ((size_t)n < sizeof(struct fuse_in_header))
			continue;
		struct fuse_in_header *in = (void *)buf;
		void *arg = buf + sizeof(*in);

		switch (in->opcode) {
		case FUSE_INIT: {
			struct fuse_init_out o;
			memset(&o, 0, sizeof(o));
			o.major = FUSE_KERNEL_VERSION;
			o.minor = FUSE_KERNEL_MINOR_VERSION;
			o.max_readahead = 128 * 1024;
			o.max_write = 128 * 1024;
			o.max_background = 16;
			o.congestion_threshold = 12;
			o.time_gran = 1;
			o.max_pages = 32;
			reply(fd, in->unique, 0, &o, sizeof(o));
			break;
		}
		case FUSE_LOOKUP: {
			struct fuse_entry_out o;
			if (in->nodeid != FUSE_ROOT_ID || strcmp(arg, "disk") != 0) {
				reply(fd, in->unique, -ENOENT, NULL, 0);
				break;
			}
			memset(&o, 0, sizeof(o));
			o.nodeid = DISK_NODE;
			o.generation = 1;
			o.entry_valid = 3600;
			o.attr_valid = 3600;
			fill_attr(&o.attr, DISK_NODE);
			reply(fd, in->unique, 0, &o, sizeof(o));
			break;
		}
		case FUSE_GETATTR: {
			struct fuse_attr_out o;
			memset(&o, 0, sizeof(o));
			o.attr_valid = 3600;
			fill_attr(&o.attr, in->nodeid);
			reply(fd, in->unique, 0, &o, sizeof(o));
			break;
		}
		case FUSE_OPEN: {
			struct fuse_open_out o;
			memset(&o, 0, sizeof(o));
			o.fh = 1;
			/* Every read and write reaches the server, so failing
			 * it fails the device at once. */
			if (fail_mode)
				o.open_flags = FOPEN_DIRECT_IO;
			reply(fd, in->unique, 0, &o, sizeof(o));
			break;
		}
		case FUSE_READ:
			/* hang: a read that never comes back. */
			if (!broken)
				reply_read(fd, in->unique, arg);
			else if (fail_mode)
				reply(fd, in->unique, -fail_errno, NULL, 0);
			break;
		case FUSE_WRITE: {
			const struct fuse_write_in *w = arg;
			struct fuse_write_out o;
			if (!fail_mode) {
				reply(fd, in->unique, -ENOSYS, NULL, 0);
				break;
			}
			if (broken) {
				reply(fd, in->unique, -fail_errno, NULL, 0);
				break;
			}
			memset(&o, 0, sizeof(o));
			o.size = w->offset < DISK_SIZE ? w->size : 0;
			reply(fd, in->unique, 0, &o, sizeof(o));
			break;
		}
		case FUSE_RELEASE:
		case FUSE_FLUSH:
		case FUSE_FSYNC:
			reply(fd, in->unique, 0, NULL, 0);
			break;
		case FUSE_FORGET:
		case FUSE_BATCH_FORGET:
		case FUSE_INTERRUPT:
			break;   /* these take no reply */
		case FUSE_DESTROY:
			reply(fd, in->unique, 0, NULL, 0);
			return;
		default:
			reply(fd, in->unique, -ENOSYS, NULL, 0);
			break;
		}
	}
}

int main(int argc, char **argv)
{
	char opts[128];
	int fd;

	if (argc < 3 || argc > 4 || (strcmp(argv[1], "hang") && strcmp(argv[1], "fail")) ||
	    (argc == 4 && (strcmp(argv[1], "fail") || atoi(argv[3]) <= 0))) {
		fprintf(stderr, "usage: fuse_disk hang|fail MOUNTPOINT [ERRNO]\n");
		return 2;
	}
	fail_mode = !strcmp(argv[1], "fail");
	if (argc == 4)
		fail_errno = atoi(argv[3]);
	signal(SIGUSR1, on_usr1);
	signal(SIGUSR2, on_usr2);
	fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror("fuse_disk: /dev/fuse");
		return 77;
	}
	snprintf(opts, sizeof(opts), "fd=%d,rootmode=40000,user_id=0,group_id=0", fd);
	if (mount("blktop-disk", argv[2], "fuse.blktop-disk", MS_NOSUID | MS_NODEV, opts) != 0) {
		perror("fuse_disk: mount");
		return 77;
	}
	printf("ready\n");
	fflush(stdout);
	serve(fd);
	return 0;
}
