/* SPDX-License-Identifier: GPL-2.0-or-later */
/* devsource.h - the device list as the screen shows it: one row per disk
 * and partition, with its verdict and reasons in words. A narrow adapter
 * over collect/devices.h and probe.h, so a change there is a change here
 * only. No curses. */
#ifndef BLKTOP_SCREEN_DEVSOURCE_H
#define BLKTOP_SCREEN_DEVSOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "collect/verdict.h"

struct dev_row {
	char name[64];               /* kernel name: loop0, vda1 */
	char path[256];              /* device node: /dev/loop0 */
	char disk[64];               /* its whole disk (diskstats, IRQs) */
	bool is_partition;
	unsigned long long size_bytes;
	char model[64];              /* model, or the transport when none */
	char sched[32];
	int rq_affinity;             /* -1 when unknown */
	bool probed;                 /* false: listed only, no verdict yet */
	enum verdict verdict;
	char verdict_word[16];       /* "safe", "has-data"... (never translated) */
	char first_reason[200];      /* the most severe reason, "" for none */
	char reasons[1024];          /* every reason, "; "-separated */
};

struct dev_rows {
	struct dev_row *v;
	size_t n;
};

/* Lists every device from sysfs (fast: the first frame has them), and
 * with probe, reads their contents and users for the verdicts (may take
 * up to the probe timeout: run that off the screen's thread). Returns 0,
 * or -1 with one line in err. */
int devsource_scan(struct dev_rows *out, bool probe, char *err, size_t errlen);
void devsource_free(struct dev_rows *rows);
/* The row for a device node or name ("/dev/loop0", "loop0"), or NULL. */
const struct dev_row *devsource_find(const struct dev_rows *rows, const char *target);

#endif
