/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tune.h - sysfs settings a procedure changes for its run (rq_affinity, as
 * the ESSD PL-X latency test does with echo 2 > .../rq_affinity), remembered and put back
 * afterwards, newest first, however the run ends: the normal path calls
 * tune_restore() once run_job_set() has returned (a signal only makes it
 * return early), and atexit() calls it again for any other way out. Each
 * change and each restore is one translated line on stderr, so a user
 * who reads the log knows what blktop did to the machine. */
#ifndef BLKTOP_TUNE_H
#define BLKTOP_TUNE_H

#include <stddef.h>

/* How many changes one process remembers; a procedure makes one or two. */
#define TUNE_MAX 16
#define TUNE_VALUE_MAX 128

/* Sets the file at path (a /sys path, read and written under the root
 * prefix) to value, after reading what it held into old (may be NULL).
 * When it already holds value nothing is written. Returns 0 when the file
 * now holds value, or -errno (nothing written, nothing remembered): the
 * caller says so and the run goes on. The first change registers the
 * atexit restore. Call from one thread. */
int tune_set(const char *path, const char *value, char *old, size_t oldlen);

/* Writes back every remembered value, newest first, and forgets them; one
 * stderr line each. Safe to call again (there is nothing left to do).
 * Returns how many could not be written back. Not async-signal-safe: call
 * it from the normal path after a signal has stopped the run. */
int tune_restore(void);

/* How many changes are waiting to be restored. */
size_t tune_pending(void);

#endif
