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
	char model[64];              /* model, a loop device's file name, or the transport */
	char backing[256];           /* a loop device's backing file, "" for none */
	char sched[32];
	int rq_affinity;             /* -1 when unknown */
	bool probed;                 /* false: listed only, no verdict yet */
	enum verdict verdict;
	char verdict_word[48];       /* "safe", "has-data"... in the user's language */
	char first_reason[200];      /* the most severe reason, "" for none */
	char reasons[1024];          /* every reason, "; "-separated */
};

struct dev_rows {
	struct dev_row *v;
	size_t n;
};

/* Lists every device from sysfs (fast: the first frame has them), and
 * with probe, reads their contents and users for the verdicts (may take
 * up to the probe timeout: run that off the screen's thread). The whole
 * disks named in keep are not touched: their rows are keep's (a job's
 * target keeps the verdict taken before the job). keep may be NULL.
 * Returns 0, or -1 with one line in err. */
int devsource_scan(struct dev_rows *out, bool probe, const struct dev_rows *keep, char *err,
		   size_t errlen);
/* A fingerprint of the devices present (collect/devices.h): a change
 * means one came, went or changed size. 0, or -1 when unreadable. */
int devsource_signature(unsigned long long *sig);
/* Copies every row of rows whose whole disk is disk into out (appended). */
int devsource_copy_disk(struct dev_rows *out, const struct dev_rows *rows, const char *disk);
/* The verdict as the screen says it, in the user's language (JSON and
 * --list keep verdict_name()'s tokens). */
const char *devsource_verdict_label(enum verdict v);
void devsource_free(struct dev_rows *rows);
/* The row for a device node or name ("/dev/loop0", "loop0"), or NULL. */
const struct dev_row *devsource_find(const struct dev_rows *rows, const char *target);

#endif
