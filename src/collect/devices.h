/* SPDX-License-Identifier: GPL-2.0-or-later */
/* devices.h - the machine's block devices as sysfs describes them (through
 * the root prefix): disks with their partitions, queue settings, and once
 * probe.c has run, their facts and safety verdicts. */
#ifndef BLKTOP_DEVICES_H
#define BLKTOP_DEVICES_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "collect/facts.h"
#include "collect/verdict.h"

#define DEV_PATH_MAX 256

struct blk_dev {
	char name[FACT_NAME_MAX];       /* kernel name: vdc, nvme0n1p2 */
	char path[DEV_PATH_MAX];        /* node under /dev (without the prefix) */
	unsigned major, minor;
	bool is_partition;
	unsigned partno;                /* partitions: the number, else 0 */
	unsigned long long size_bytes;
	char vendor[64];                /* "" when sysfs has none worth showing */
	char model[64];
	char transport[16];             /* virtio nvme sata sas usb scsi loop dm md.. */
	int rotational;                 /* 0, 1, or -1 when unknown */
	unsigned logical_block_size;    /* 0 when unknown */
	unsigned physical_block_size;
	bool read_only;
	bool removable;
	char scheduler[32];             /* the active one: "none", "mq-deadline" */
	int rq_affinity;                /* -1 when unknown */
	long nr_requests;               /* -1 when unknown */
	char backing_file[PATH_MAX];    /* loop devices: the file behind it */

	struct blk_dev *parts;          /* disks: partitions by number */
	size_t nparts;

	/* Filled by probe_all() (probe.h). */
	struct dev_facts facts;
	struct verdict_result verdict;
};

struct dev_list {
	struct blk_dev *devs;           /* whole disks, in name order */
	size_t n;
};

/* Reads /sys/block (under the root prefix) into list: every disk and its
 * partitions, skipping zero-size devices, loop devices with nothing
 * attached, and hidden ones. Returns 0, or -1 with errno set when
 * /sys/block cannot be read. Facts and verdicts are left empty. */
int dev_list_scan(struct dev_list *list);
void dev_list_free(struct dev_list *list);

/* A cheap fingerprint of which block devices exist and their sizes
 * (/proc/partitions, else the names in /sys/block): when it changes, a
 * device was attached, detached or resized and the list is stale. One
 * file read, so the screen can ask every tick. 0, or -1 when neither
 * can be read. */
int dev_list_signature(unsigned long long *sig);

/* Decides the verdicts of a disk and of each partition from the facts
 * already gathered in them (probe.c does both). No I/O. */
void dev_decide(struct blk_dev *disk);

/* Finds the disk or partition with that device number. On success returns
 * the disk and sets *part to the partition's index, or to -1 for the disk
 * itself; NULL when nothing matches. */
struct blk_dev *dev_list_find(struct dev_list *list, unsigned major, unsigned minor,
			      long *part);

/* Finds a disk or partition by kernel name ("vdc", "loop0p1"), as above. */
struct blk_dev *dev_list_find_name(struct dev_list *list, const char *name, long *part);

#endif
