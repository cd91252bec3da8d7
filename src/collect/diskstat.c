/* SPDX-License-Identifier: GPL-2.0-or-later */
/* diskstat.c - a block device's own counters, as fio's "Disk stats" and
 * iostat -x see them.
 *
 * In a build with libproc2 the counters on the real root come from it
 * (procps' diskstats API). libproc2 always reads /proc/diskstats itself and
 * cannot be pointed at another tree, so with a sysroot prefix (tests on
 * fake trees), and in builds without libproc2 (procps 3 systems have
 * none), the same fields are parsed from <root>/proc/diskstats here; that
 * parser is kept to the eleven classic fields blktop uses.
 */
#include "config.h"
#include "collect/diskstat.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_LIBPROC2
#include <libproc2/diskstats.h>
#endif

#include "sysroot.h"
#include "util/clock.h"

#ifdef HAVE_LIBPROC2
/* libproc2 re-reads /proc/diskstats at most once a second per info handle,
 * so one fresh handle per snapshot gives one consistent reading. */
static int snapshot_proc2(const char *name, struct disk_snapshot *out)
{
	struct diskstats_info *info = NULL;
	if (procps_diskstats_new(&info) < 0 || !info)
		return -1;

	static const struct {
		enum diskstats_item item;
		size_t off;
	} map[] = {
		{ DISKSTATS_READS, offsetof(struct disk_snapshot, ios[0]) },
		{ DISKSTATS_WRITES, offsetof(struct disk_snapshot, ios[1]) },
		{ DISKSTATS_READS_MERGED, offsetof(struct disk_snapshot, merges[0]) },
		{ DISKSTATS_WRITES_MERGED, offsetof(struct disk_snapshot, merges[1]) },
		{ DISKSTATS_READ_SECTORS, offsetof(struct disk_snapshot, sectors[0]) },
		{ DISKSTATS_WRITE_SECTORS, offsetof(struct disk_snapshot, sectors[1]) },
		{ DISKSTATS_READ_TIME, offsetof(struct disk_snapshot, ticks_ms[0]) },
		{ DISKSTATS_WRITE_TIME, offsetof(struct disk_snapshot, ticks_ms[1]) },
		{ DISKSTATS_IO_TIME, offsetof(struct disk_snapshot, io_ticks_ms) },
		{ DISKSTATS_WEIGHTED_TIME, offsetof(struct disk_snapshot, in_queue_ms) },
	};
	int rc = 0;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		struct diskstats_result *res = procps_diskstats_get(info, name, map[i].item);
		if (!res) {
			rc = -1;
			break;
		}
		*(uint64_t *)((char *)out + map[i].off) = res->result.ul_int;
	}
	if (rc == 0) {
		struct diskstats_result *res =
			procps_diskstats_get(info, name, DISKSTATS_IO_INPROGRESS);
		out->in_flight = res && res->result.s_int > 0 ? (uint64_t)res->result.s_int : 0;
	}
	procps_diskstats_unref(&info);
	return rc;
}
#endif

/* Fields after the name, in proc(5) order: reads merged sectors ticks,
 * writes merged sectors ticks, in flight, io_ticks, weighted time. Newer
 * kernels append discard and flush counters, which are ignored. */
static int snapshot_file(const char *name, struct disk_snapshot *out)
{
	FILE *f = sysroot_fopen("/proc/diskstats", "re");
	if (!f)
		return -1;
	char line[512];
	int rc = -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned maj, min;
		char dev[64];
		unsigned long long v[11];
		int n = sscanf(line, " %u %u %63s %llu %llu %llu %llu %llu %llu %llu %llu"
			       " %llu %llu %llu", &maj, &min, dev, &v[0], &v[1], &v[2],
			       &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10]);
		if (n != 14 || strcmp(dev, name) != 0)
			continue;
		out->ios[0] = v[0];
		out->merges[0] = v[1];
		out->sectors[0] = v[2];
		out->ticks_ms[0] = v[3];
		out->ios[1] = v[4];
		out->merges[1] = v[5];
		out->sectors[1] = v[6];
		out->ticks_ms[1] = v[7];
		out->in_flight = v[8];
		out->io_ticks_ms = v[9];
		out->in_queue_ms = v[10];
		rc = 0;
		break;
	}
	fclose(f);
	return rc;
}

int diskstat_snapshot(const char *name, struct disk_snapshot *out)
{
	memset(out, 0, sizeof(*out));
	if (!name || !*name || strlen(name) >= sizeof(out->name))
		return -1;
	snprintf(out->name, sizeof(out->name), "%s", name);
	out->t_ns = now_ns();
#ifdef HAVE_LIBPROC2
	int rc = sysroot_get()[0] ? snapshot_file(name, out) : snapshot_proc2(name, out);
#else
	int rc = snapshot_file(name, out);
#endif
	out->valid = rc == 0;
	return rc;
}

/* Some fields are 32-bit on 32-bit kernels and wrap; a larger value that
 * went backwards means the device was replaced, and counts as no change. */
static uint64_t counter_delta(uint64_t before, uint64_t after)
{
	if (after >= before)
		return after - before;
	if (before <= UINT32_MAX)
		return after + (UINT64_C(1) << 32) - before;
	return 0;
}

void diskstat_delta(const struct disk_snapshot *before, const struct disk_snapshot *after,
		    struct disk_delta *out)
{
	memset(out, 0, sizeof(*out));
	snprintf(out->name, sizeof(out->name), "%s", after->name);
	if (!before->valid || !after->valid)
		return;
	for (int d = 0; d < 2; d++) {
		out->ios[d] = counter_delta(before->ios[d], after->ios[d]);
		out->merges[d] = counter_delta(before->merges[d], after->merges[d]);
		out->sectors[d] = counter_delta(before->sectors[d], after->sectors[d]);
		out->ticks_ms[d] = counter_delta(before->ticks_ms[d], after->ticks_ms[d]);
	}
	out->io_ticks_ms = counter_delta(before->io_ticks_ms, after->io_ticks_ms);
	out->in_queue_ms = counter_delta(before->in_queue_ms, after->in_queue_ms);

	double ms = after->t_ns > before->t_ns ? (double)(after->t_ns - before->t_ns) / 1e6 : 0;
	if (ms <= 0)
		return;
	double s = ms / 1000.0;
	struct disk_rates *r = &out->rates;
	/* iostat -x: sectors are 512 bytes whatever the device's block size. */
	r->r_s = (double)out->ios[0] / s;
	r->w_s = (double)out->ios[1] / s;
	r->rkb_s = (double)out->sectors[0] / 2.0 / s;
	r->wkb_s = (double)out->sectors[1] / 2.0 / s;
	r->rrqm_s = (double)out->merges[0] / s;
	r->wrqm_s = (double)out->merges[1] / s;
	r->r_await = out->ios[0] ? (double)out->ticks_ms[0] / (double)out->ios[0] : 0;
	r->w_await = out->ios[1] ? (double)out->ticks_ms[1] / (double)out->ios[1] : 0;
	r->aqu_sz = (double)out->in_queue_ms / ms;
	/* io_ticks is sampled by the kernel and can run a little ahead of the
	 * wall clock; fio and iostat both cap it. */
	r->util = (double)out->io_ticks_ms / ms * 100.0;
	if (r->util > 100.0)
		r->util = 100.0;
	out->util = r->util;
}

/* A /sys/dev/block/MAJ:MIN or /sys/class/block/NAME link (already under
 * the root) to the name of its whole disk: a partition's directory holds a
 * "partition" file and sits inside its disk's directory. */
static int whole_disk_of_link(const char *link, char *name, size_t len)
{
	char real[PATH_MAX];
	if (!realpath(link, real))
		return -1;
	char probe[PATH_MAX + 16];
	snprintf(probe, sizeof(probe), "%s/partition", real);
	if (access(probe, F_OK) == 0) {
		char *slash = strrchr(real, '/');
		if (!slash || slash == real)
			return -1;
		*slash = '\0';
	}
	const char *base = strrchr(real, '/');
	base = base ? base + 1 : real;
	if (!*base || strlen(base) >= len)
		return -1;
	snprintf(name, len, "%s", base);
	return 0;
}

int diskstat_name_for_path(const char *path, char *name, size_t len)
{
	char link[PATH_MAX];
	struct stat st;

	if (!name || len == 0)
		return -1;
	name[0] = '\0';
	if (!path || !*path)
		return -1;
	if (stat(path, &st) == 0) {
		dev_t dev;
		if (S_ISBLK(st.st_mode))
			dev = st.st_rdev;
		else if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
			dev = st.st_dev;
		else
			return -1;
		if (!sysroot_path(link, sizeof(link), "/sys/dev/block/%u:%u",
				  major(dev), minor(dev)))
			return -1;
		return whole_disk_of_link(link, name, len);
	}
	/* A bare kernel name ("vdc", "vdc1") as the command line accepts it;
	 * "." and ".." would name /sys/class itself. */
	if (strchr(path, '/') || path[0] == '.')
		return -1;
	if (!sysroot_path(link, sizeof(link), "/sys/class/block/%s", path))
		return -1;
	return whole_disk_of_link(link, name, len);
}
