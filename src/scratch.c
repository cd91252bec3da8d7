/* SPDX-License-Identifier: GPL-2.0-or-later */
/* scratch.c - a throwaway loop device to run on.
 *
 * Cleanup does not depend on blktop getting to run any code. The loop is
 * attached with LO_FLAGS_AUTOCLEAR, so the kernel detaches it when the last
 * descriptor closes, and the process exit closes ours even after SIGKILL.
 * The backing file is unlinked right after it is attached: the loop device
 * holds the only reference, and the memory goes with it. Signals are
 * blocked between creating the file and unlinking it, so Ctrl-C cannot
 * land in the one window where a name exists.
 */
#include "config.h"
#include "scratch.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "i18n.h"

#define SCRATCH_DIR "/dev/shm"
#define ATTACH_TRIES 16

/* File-scope state, on purpose: scratch_destroy() runs from signal
 * handlers and atexit(), which can be handed no argument. */
static int scratch_fd = -1;               /* the loop device, claimed atomically */
static char scratch_dev[32];              /* "/dev/loopN" while attached */
/* The name carries the pid, as the loop device shows it (losetup -l,
 * /sys/block/loopN/loop/backing_file): whose scratch device it is. 10 is
 * the longest pid's digits. */
static char scratch_file[sizeof(SCRATCH_DIR "/blktop-scratch--XXXXXX") + 10]; /* until unlinked */
static bool atexit_done;

static int attach_loop(int file_fd, char *dev, size_t devlen, int *loop_fd)
{
	struct loop_config cfg;
	int ctl, tries, e = 0;

	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0)
		return -errno;
	memset(&cfg, 0, sizeof(cfg));
	cfg.fd = (unsigned)file_fd;
	cfg.info.lo_flags = LO_FLAGS_DIRECT_IO | LO_FLAGS_AUTOCLEAR;
	snprintf((char *)cfg.info.lo_file_name, sizeof(cfg.info.lo_file_name), "%s",
		 scratch_file);
	/* Another program may take the free device between asking and
	 * attaching; then it is EBUSY and we ask again. */
	for (tries = 0; tries < ATTACH_TRIES; tries++) {
		int n = ioctl(ctl, LOOP_CTL_GET_FREE);
		if (n < 0) {
			e = -errno;
			break;
		}
		snprintf(dev, devlen, "/dev/loop%d", n);
		int fd = open(dev, O_RDWR | O_CLOEXEC);
		if (fd < 0) {
			e = -errno;
			continue;
		}
		int rc = ioctl(fd, LOOP_CONFIGURE, &cfg);
		/* A kernel whose tmpfs cannot do direct I/O: buffered it is;
		 * the jobs' own O_DIRECT still skips the loop's page cache. */
		if (rc != 0 && errno == EINVAL && (cfg.info.lo_flags & LO_FLAGS_DIRECT_IO)) {
			cfg.info.lo_flags &= ~(unsigned)LO_FLAGS_DIRECT_IO;
			rc = ioctl(fd, LOOP_CONFIGURE, &cfg);
		}
		if (rc == 0) {
			*loop_fd = fd;
			close(ctl);
			return 0;
		}
		e = -errno;
		close(fd);
		if (e != -EBUSY)
			break;
	}
	close(ctl);
	return e ? e : -EBUSY;
}

int scratch_create(unsigned long long size, char *devpath, size_t len, char *err,
		   size_t errlen)
{
	sigset_t all, old;
	int file_fd, loop_fd = -1, rc;
	char dev[sizeof(scratch_dev)];

	if (__atomic_load_n(&scratch_fd, __ATOMIC_SEQ_CST) >= 0) {
		snprintf(err, errlen, _("--scratch: a scratch device already exists (%s)"),
			 scratch_dev);
		return -1;
	}
	size = (size + 4095) & ~4095ULL;
	if (size == 0)
		size = SCRATCH_DEFAULT_SIZE;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	snprintf(scratch_file, sizeof(scratch_file), SCRATCH_DIR "/blktop-scratch-%u-XXXXXX",
		 (unsigned)getpid());
	file_fd = mkostemp(scratch_file, O_CLOEXEC);
	if (file_fd < 0) {
		snprintf(err, errlen, _("--scratch: cannot make a file in %s: %s"), SCRATCH_DIR,
			 strerror(errno));
		scratch_file[0] = '\0';
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		return -1;
	}
	/* Sparse: the file costs memory only where the job writes. */
	if (ftruncate(file_fd, (off_t)size) != 0) {
		rc = -errno;
		snprintf(err, errlen, _("--scratch: cannot size %s: %s"), scratch_file,
			 strerror(-rc));
		goto fail;
	}
	rc = attach_loop(file_fd, dev, sizeof(dev), &loop_fd);
	if (rc < 0) {
		if (rc == -EACCES || rc == -EPERM)
			snprintf(err, errlen,
				 _("--scratch: attaching a loop device needs root: %s"),
				 strerror(-rc));
		else
			snprintf(err, errlen, _("--scratch: cannot attach a loop device: %s"),
				 strerror(-rc));
		goto fail;
	}
	unlink(scratch_file);
	scratch_file[0] = '\0';
	close(file_fd);
	memcpy(scratch_dev, dev, sizeof(scratch_dev));
	__atomic_store_n(&scratch_fd, loop_fd, __ATOMIC_SEQ_CST);
	if (!atexit_done)
		atexit_done = atexit(scratch_destroy) == 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	snprintf(devpath, len, "%s", dev);
	return 0;
fail:
	unlink(scratch_file);
	scratch_file[0] = '\0';
	close(file_fd);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return -1;
}

void scratch_destroy(void)
{
	int fd = __atomic_exchange_n(&scratch_fd, -1, __ATOMIC_SEQ_CST);

	if (fd < 0)
		return;
	/* Detaches at once when ours is the only descriptor; otherwise the
	 * kernel marks it to detach on the last close. */
	ioctl(fd, LOOP_CLR_FD, 0);
	close(fd);
	if (scratch_file[0])
		unlink(scratch_file);
}

const char *scratch_path(void)
{
	return __atomic_load_n(&scratch_fd, __ATOMIC_SEQ_CST) >= 0 ? scratch_dev : NULL;
}
