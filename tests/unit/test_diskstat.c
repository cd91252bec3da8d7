/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_diskstat.c - fio's disk_util figures and iostat -x rates from two
 * fake /proc/diskstats readings (tests/fakeroot/disk1, hand-computed in its
 * README), path -> whole-disk names through a fake /sys, and the libproc2
 * path on the real root checked against the fake-tree parser. */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cmocka.h>

#include "collect/diskstat.h"
#include "sysroot.h"

static void fixture_root(char *buf, size_t len, const char *sub)
{
	const char *top = getenv("top_srcdir");
	char rel[PATH_MAX];
	snprintf(rel, sizeof(rel), "%s/tests/fakeroot/disk1/%s", top && *top ? top : ".", sub);
	/* Absolute, so the test can link to it from a scratch root. */
	if (!realpath(rel, buf))
		snprintf(buf, len, "%s", rel);
}

static void snap_at(const char *sub, const char *dev, struct disk_snapshot *s)
{
	char root[PATH_MAX];
	fixture_root(root, sizeof(root), sub);
	sysroot_set(root);
	assert_int_equal(diskstat_snapshot(dev, s), 0);
	sysroot_set("");
	assert_true(s->valid);
	assert_string_equal(s->name, dev);
}

#define assert_near(got, want)                                                        \
	do {                                                                          \
		double g_ = (got), w_ = (want);                                       \
		if (g_ < w_ - 1e-9 || g_ > w_ + 1e-9) {                              \
			print_error("%s = %.9f, want %.9f\n", #got, g_, w_);          \
			fail();                                                       \
		}                                                                     \
	} while (0)

static void delta_over_2s(const char *dev, struct disk_delta *d)
{
	struct disk_snapshot a, b;
	snap_at("t0", dev, &a);
	snap_at("t1", dev, &b);
	/* The snapshots carry the real clock; pin the interval to 2 s. */
	a.t_ns = 5000000000ull;
	b.t_ns = 7000000000ull;
	diskstat_delta(&a, &b, d);
	assert_string_equal(d->name, dev);
}

static void test_vda_rates(void **state)
{
	(void)state;
	struct disk_snapshot a;
	snap_at("t0", "vda", &a);
	assert_int_equal(a.ios[0], 1000);
	assert_int_equal(a.ticks_ms[1], 4000);
	assert_int_equal(a.in_flight, 1);
	assert_int_equal(a.in_queue_ms, 4500);

	struct disk_delta d;
	delta_over_2s("vda", &d);
	/* fio's Disk stats line */
	assert_int_equal(d.ios[0], 400);
	assert_int_equal(d.ios[1], 1000);
	assert_int_equal(d.merges[0], 20);
	assert_int_equal(d.merges[1], 100);
	assert_int_equal(d.sectors[0], 3200);
	assert_int_equal(d.sectors[1], 16000);
	assert_int_equal(d.ticks_ms[0], 800);
	assert_int_equal(d.ticks_ms[1], 3000);
	assert_int_equal(d.io_ticks_ms, 1000);
	assert_int_equal(d.in_queue_ms, 3800);
	assert_near(d.util, 50.0);
	/* iostat -x */
	assert_near(d.rates.r_s, 200.0);
	assert_near(d.rates.w_s, 500.0);
	assert_near(d.rates.rkb_s, 800.0);
	assert_near(d.rates.wkb_s, 4000.0);
	assert_near(d.rates.rrqm_s, 10.0);
	assert_near(d.rates.wrqm_s, 50.0);
	assert_near(d.rates.r_await, 2.0);
	assert_near(d.rates.w_await, 3.0);
	assert_near(d.rates.aqu_sz, 1.9);
	assert_near(d.rates.util, 50.0);
}

static void test_util_capped_and_idle_direction(void **state)
{
	(void)state;
	struct disk_delta d;
	delta_over_2s("loop0", &d);
	assert_near(d.util, 100.0);
	assert_near(d.rates.util, 100.0);
	assert_int_equal(d.ios[1], 0);
	assert_near(d.rates.w_await, 0.0);   /* no writes: no division by zero */
	assert_near(d.rates.r_await, 0.5);
}

static void test_32bit_wrap(void **state)
{
	(void)state;
	struct disk_delta d;
	delta_over_2s("zram0", &d);
	assert_int_equal(d.ios[0], 16);
	assert_near(d.rates.r_s, 8.0);
}

static void test_invalid_and_zero_interval(void **state)
{
	(void)state;
	struct disk_snapshot a, b;
	char root[PATH_MAX];
	fixture_root(root, sizeof(root), "t0");
	sysroot_set(root);
	assert_int_equal(diskstat_snapshot("nosuchdisk", &a), -1);
	assert_false(a.valid);
	assert_int_equal(diskstat_snapshot("vda", &b), 0);
	sysroot_set("");

	struct disk_delta d;
	diskstat_delta(&a, &b, &d);          /* one side invalid: all zero */
	assert_int_equal(d.ios[1], 0);
	assert_near(d.util, 0.0);
	diskstat_delta(&b, &b, &d);          /* no time passed: no rates */
	assert_near(d.rates.r_s, 0.0);
	assert_near(d.util, 0.0);
	assert_int_equal(diskstat_snapshot("", &a), -1);
}

#define VDA "sys/devices/virtio2/block/vda"
#define LOOP0 "sys/devices/virtual/block/loop0"

/* The links of a real /sys, pointing into the fixture's device
 * directories; made at run time because "make dist" copies links. */
static const struct {
	const char *link, *target;
} sys_links[] = {
	{ "sys/class/block/vda", VDA },
	{ "sys/class/block/vda1", VDA "/vda1" },
	{ "sys/class/block/loop0", LOOP0 },
	{ "sys/dev/block/254:0", VDA },
	{ "sys/dev/block/254:1", VDA "/vda1" },
	{ "sys/dev/block/7:0", LOOP0 },
};

static void scratch_link(const char *dir, const char *link, const char *target_rel)
{
	char fixture[PATH_MAX], from[PATH_MAX + 64], to[PATH_MAX * 2];
	fixture_root(fixture, sizeof(fixture), "t0");
	snprintf(from, sizeof(from), "%s/%s", dir, link);
	snprintf(to, sizeof(to), "%s/%s", fixture, target_rel);
	unlink(from);   /* a test's own link may replace a standard one */
	assert_int_equal(symlink(to, from), 0);
}

/* dir is a mkdtemp() template; it becomes a root with a linked /sys. */
static void scratch_make(char *dir)
{
	static const char *const dirs[] = {
		"sys", "sys/class", "sys/class/block", "sys/dev", "sys/dev/block",
	};
	char p[PATH_MAX];
	assert_non_null(mkdtemp(dir));
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, dirs[i]);
		assert_int_equal(mkdir(p, 0755), 0);
	}
	for (size_t i = 0; i < sizeof(sys_links) / sizeof(sys_links[0]); i++)
		scratch_link(dir, sys_links[i].link, sys_links[i].target);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void scratch_remove(const char *dir)
{
	assert_int_equal(nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS), 0);
}

/* The name for path, in a scratch root where dev's link leads to target. */
static void name_via_scratch_root(dev_t dev, const char *target_rel, const char *path,
				  const char *want)
{
	char dir[] = "/tmp/blktop-disk-XXXXXX", link[64], name[64];
	scratch_make(dir);
	snprintf(link, sizeof(link), "sys/dev/block/%u:%u", major(dev), minor(dev));
	scratch_link(dir, link, target_rel);

	sysroot_set(dir);
	int rc = diskstat_name_for_path(path, name, sizeof(name));
	sysroot_set("");
	scratch_remove(dir);
	assert_int_equal(rc, 0);
	assert_string_equal(name, want);
}

static void test_name_for_regular_file(void **state)
{
	(void)state;
	char file[] = "/tmp/blktop-file-XXXXXX";
	int fd = mkstemp(file);
	assert_true(fd >= 0);
	close(fd);
	struct stat st;
	assert_int_equal(stat(file, &st), 0);
	/* The file's filesystem sits on a partition: its disk is reported. */
	name_via_scratch_root(st.st_dev, VDA "/vda1", file, "vda");
	/* ... or on a whole disk. */
	name_via_scratch_root(st.st_dev, VDA, file, "vda");
	/* A directory target is looked up the same way. */
	assert_int_equal(stat("/tmp", &st), 0);
	name_via_scratch_root(st.st_dev, LOOP0, "/tmp", "loop0");
	unlink(file);
}

static void test_name_for_block_node(void **state)
{
	(void)state;
	/* Any block node on this machine will do: st_rdev, not st_dev, counts. */
	DIR *d = opendir("/dev");
	if (!d)
		skip();
	struct dirent *e;
	char path[PATH_MAX] = "";
	struct stat st;
	while ((e = readdir(d))) {
		snprintf(path, sizeof(path), "/dev/%s", e->d_name);
		if (stat(path, &st) == 0 && S_ISBLK(st.st_mode))
			break;
		path[0] = '\0';
	}
	closedir(d);
	if (!path[0])
		skip();
	name_via_scratch_root(st.st_rdev, VDA "/vda1", path, "vda");
}

static void test_name_for_bare_names(void **state)
{
	(void)state;
	char dir[] = "/tmp/blktop-disk-XXXXXX", name[64];
	scratch_make(dir);
	sysroot_set(dir);
	/* Run from a directory without such files, so stat() finds nothing. */
	int rc[8];
	char got[4][64];
	rc[0] = diskstat_name_for_path("vda1", got[0], sizeof(got[0]));
	rc[1] = diskstat_name_for_path("vda", got[1], sizeof(got[1]));
	rc[2] = diskstat_name_for_path("loop0", got[2], sizeof(got[2]));
	rc[3] = diskstat_name_for_path("nosuch", got[3], sizeof(got[3]));
	rc[4] = diskstat_name_for_path("/no/such/file", name, sizeof(name));
	/* Too small a buffer is an error, not a truncated name. */
	rc[5] = diskstat_name_for_path("vda1", name, 3);
	/* A character device has no disk. */
	rc[6] = diskstat_name_for_path("/dev/null", name, sizeof(name));
	rc[7] = diskstat_name_for_path("", name, sizeof(name));
	sysroot_set("");
	scratch_remove(dir);

	assert_int_equal(rc[0], 0);
	assert_string_equal(got[0], "vda");
	assert_int_equal(rc[1], 0);
	assert_string_equal(got[1], "vda");
	assert_int_equal(rc[2], 0);
	assert_string_equal(got[2], "loop0");
	assert_int_equal(rc[3], -1);
	assert_string_equal(got[3], "");
	for (int i = 4; i < 8; i++)
		assert_int_equal(rc[i], -1);
	assert_string_equal(name, "");
}

/* The real-root reader (libproc2 when built with it) against the parser
 * through a linked root. */
static void test_real_root_matches_parser(void **state)
{
	(void)state;
	char line[512], dev[64] = "";
	FILE *f = fopen("/proc/diskstats", "re");
	if (!f)
		skip();
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, " %*u %*u %63s", dev) == 1)
			break;
	fclose(f);
	if (!dev[0])
		skip();

	struct disk_snapshot lib, own;
	sysroot_set("");
	assert_int_equal(diskstat_snapshot(dev, &lib), 0);
	char dir[] = "/tmp/blktop-dstat-XXXXXX", link[PATH_MAX];
	assert_non_null(mkdtemp(dir));
	snprintf(link, sizeof(link), "%s/proc", dir);
	assert_int_equal(symlink("/proc", link), 0);
	sysroot_set(dir);
	int rc = diskstat_snapshot(dev, &own);
	sysroot_set("");
	unlink(link);
	rmdir(dir);
	assert_int_equal(rc, 0);
	assert_true(own.ios[0] >= lib.ios[0]);
	assert_true(own.ios[0] - lib.ios[0] < 100000);
	assert_true(own.sectors[1] >= lib.sectors[1]);
	assert_true(own.io_ticks_ms >= lib.io_ticks_ms);
	assert_true(own.t_ns >= lib.t_ns);

	assert_int_equal(diskstat_snapshot("blktop-no-such-disk", &lib), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vda_rates),
		cmocka_unit_test(test_util_capped_and_idle_direction),
		cmocka_unit_test(test_32bit_wrap),
		cmocka_unit_test(test_invalid_and_zero_interval),
		cmocka_unit_test(test_name_for_regular_file),
		cmocka_unit_test(test_name_for_block_node),
		cmocka_unit_test(test_name_for_bare_names),
		cmocka_unit_test(test_real_root_matches_parser),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
