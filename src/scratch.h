/* SPDX-License-Identifier: GPL-2.0-or-later */
/* scratch.h - the scratch device of --scratch and --demo: a sparse file in
 * /dev/shm (blktop-scratch-PID-XXXXXX) attached as a loop device with
 * direct I/O, gone when blktop ends, however it ends. */
#ifndef BLKTOP_SCRATCH_H
#define BLKTOP_SCRATCH_H

#include <stddef.h>

#define SCRATCH_DEFAULT_SIZE (1ULL << 30)

/* Makes the scratch device (size rounded up to 4 KiB) and writes its path
 * ("/dev/loop3") into devpath. The file's name is removed at once and the
 * loop device detaches itself when its last descriptor closes, so not even
 * SIGKILL leaves anything behind. Returns 0, or -1 with one translated
 * line in err. One scratch device per process; a second call fails. */
int scratch_create(unsigned long long size, char *devpath, size_t len, char *err,
		   size_t errlen);

/* Detaches the scratch device now (any other opener keeps it until it
 * closes). Async-signal-safe: only ioctl(), close() and unlink() on saved
 * values, claimed atomically, so a signal handler and exit() may both call
 * it. Registered with atexit() by scratch_create(). */
void scratch_destroy(void);

/* The scratch device's path, or NULL when there is none. */
const char *scratch_path(void);

#endif
