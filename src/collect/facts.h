/* SPDX-License-Identifier: GPL-2.0-or-later */
/* facts.h - what blktop found out about a disk, its partitions or a file
 * target, before deciding anything. Gathering (probe.c) fills these in;
 * the verdict (verdict.c) reads them and nothing else, so tests can feed
 * it invented facts without real disks. */
#ifndef BLKTOP_FACTS_H
#define BLKTOP_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#define FACT_NAME_MAX 64       /* a kernel device name */
#define FACT_LABEL_MAX 256     /* a device name or a file path */
#define FACT_SIGS_MAX 4        /* signatures kept per device */
#define FACT_SIG_LEN 32
#define FACT_MOUNTS_MAX 4      /* mount points kept per device */
#define FACT_MOUNT_LEN 256
#define FACT_HOLDERS_MAX 4     /* holders (dm-0, md0) kept per device */

/* Facts about one block device (a whole disk or one partition) or one
 * regular file. Counters (nmounts, nholders) count everything found even
 * when only the first few names fit. */
struct dev_facts {
	char name[FACT_LABEL_MAX];     /* kernel name (loop0p1) or file path */

	/* Contents, from libblkid. */
	bool probed;                   /* the contents were read */
	int probe_errno;               /* why they could not be, 0 if read */
	bool probe_timed_out;          /* the device did not answer in time */
	char sigs[FACT_SIGS_MAX][FACT_SIG_LEN]; /* ext4, swap, LVM2_member.. */
	size_t nsigs;
	char pttype[FACT_SIG_LEN];     /* dos, gpt..., "" when none */
	bool gpt_backup_only;          /* only the backup GPT header is left */

	/* Users. */
	char mounts[FACT_MOUNTS_MAX][FACT_MOUNT_LEN];
	size_t nmounts;
	bool swap_active;
	char holders[FACT_HOLDERS_MAX][FACT_NAME_MAX];
	size_t nholders;
	bool excl_busy;                /* an O_EXCL open failed with EBUSY */
	char loop_backing_of[FACT_NAME_MAX]; /* file: the loop it backs */

	/* Permission to write. */
	bool read_only;                /* the kernel says ro */
	int write_errno;               /* access(W_OK) failed with this */

	/* File targets only. */
	bool is_file;
	bool file_exists;
	bool file_ours;                /* laid out by blktop (user.blktop) */
};

/* A whole disk and its partitions, or a file (nparts = 0). */
struct disk_facts {
	struct dev_facts disk;
	struct dev_facts *parts;       /* not owned */
	size_t nparts;
};

#endif
