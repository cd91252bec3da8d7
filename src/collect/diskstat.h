/* SPDX-License-Identifier: GPL-2.0-or-later */
/* diskstat.h - a block device's own counters (libproc2 or /proc/diskstats),
 * taken as snapshots; the deltas give fio's "Disk stats" line and iostat -x
 * figures. */
#ifndef BLKTOP_DISKSTAT_H
#define BLKTOP_DISKSTAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct disk_snapshot {
	char name[64];
	bool valid;
	uint64_t t_ns;             /* CLOCK_MONOTONIC when taken */
	uint64_t ios[2];           /* completed reads, writes */
	uint64_t merges[2];
	uint64_t sectors[2];       /* 512-byte sectors */
	uint64_t ticks_ms[2];      /* time spent on reads, writes */
	uint64_t io_ticks_ms;      /* time with I/O in flight */
	uint64_t in_queue_ms;      /* weighted time in queue */
	uint64_t in_flight;
};

/* iostat -x figures over an interval (same names as iostat). */
struct disk_rates {
	double r_s, w_s, rkb_s, wkb_s, r_await, w_await, aqu_sz, util;
	double rrqm_s, wrqm_s;
};

/* fio's disk_util figures over an interval. */
struct disk_delta {
	char name[64];
	uint64_t ios[2], merges[2], ticks_ms[2], io_ticks_ms, in_queue_ms;
	uint64_t sectors[2];
	double util;               /* percent */
	struct disk_rates rates;
};

/* Takes a snapshot of one device by kernel name ("vda", "loop0"), read
 * through the sysroot prefix (libproc2 for the real root when built with
 * it). 0 or -1. */
int diskstat_snapshot(const char *name, struct disk_snapshot *out);
/* Deltas and rates between two snapshots of the same device. */
void diskstat_delta(const struct disk_snapshot *before, const struct disk_snapshot *after,
		    struct disk_delta *out);
/* Kernel name of the whole disk that holds a path (device node, or a file
 * on a filesystem); "" if none. 0 or -1. */
int diskstat_name_for_path(const char *path, char *name, size_t len);

#endif
