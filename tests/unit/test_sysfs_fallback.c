/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_sysfs_fallback.c - the readers of /proc and /sys on a broken
 * machine: a disk whose interrupts are not in /proc/interrupts, files
 * that are directories or dangling links where sysfs has attributes (root
 * reads mode 000 files, so those cannot stand for "unreadable"), a FIFO,
 * and the inputs fuzz_sysfs found crashes with. Each must give a sensible
 * value (none, unknown, -1) and never a crash. The tree is made fresh in
 * a scratch directory by each test. */
#include "config.h"

#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "collect/cpu.h"
#include "collect/devices.h"
#include "collect/diskstat.h"
#include "collect/irq.h"
#include "sysroot.h"

#define FN "sys/devices/pci0000:00/0000:00:05.0"

static char root[1024];

static void mkdirs(const char *rel)
{
	char path[2048];
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0755);
			*p = '/';
		}
	mkdir(path, 0755);
}

static void put(const char *rel, const char *text)
{
	char path[2048];
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	FILE *f = fopen(path, "we");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* A link to a path under the root (absolute, as realpath sees sysfs). */
static void link_to(const char *rel, const char *target_rel)
{
	char from[2048], to[2048];
	snprintf(from, sizeof(from), "%s/%s", root, rel);
	snprintf(to, sizeof(to), "%s/%s", root, target_rel);
	assert_int_equal(symlink(to, from), 0);
}

/* A virtio disk vda whose function owns MSI vector 36, and sane
 * attributes; each test then breaks what it is about. */
static int setup(void **state)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(root, sizeof(root), "%s/blktop-fallback-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root))
		return -1;
	mkdirs(FN "/msi_irqs");
	mkdirs(FN "/virtio1");
	mkdirs("sys/block/vda/queue");
	mkdirs("proc/irq/36");
	put(FN "/msi_irqs/36", "");
	put("sys/block/vda/size", "2048\n");
	put("sys/block/vda/queue/scheduler", "none [mq-deadline]\n");
	put("sys/block/vda/queue/rq_affinity", "1\n");
	put("sys/block/vda/queue/logical_block_size", "512\n");
	put("proc/irq/36/effective_affinity_list", "1\n");
	link_to("sys/block/vda/device", FN "/virtio1");
	sysroot_set(root);
	return 0;
}

static int teardown(void **state)
{
	char cmd[2048];
	sysroot_set(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

/* Where a file is expected: a directory, or a link to nothing. */
static void make_dir(const char *rel)
{
	char path[2048];
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	unlink(path);
	assert_int_equal(mkdir(path, 0755), 0);
}

static void make_dangling(const char *rel)
{
	char path[2048], to[2100];
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(to, sizeof(to), "%s.nowhere", path);
	unlink(path);
	assert_int_equal(symlink(to, path), 0);
}

/* The device is there, its vector is not in /proc/interrupts: the IRQ
 * pane's data says "no queue interrupts", it is not an error. */
static void test_irq_no_entries(void **state)
{
	struct irq_snapshot s, s2;
	struct irq_rate r[1];

	put("proc/interrupts", "           CPU0       CPU1\n"
			       "  0:         40          0   IO-APIC   2-edge      timer\n"
			       "NMI:          0          0   Non-maskable interrupts\n");
	assert_int_equal(irq_snapshot_take("vda", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_NOTHING);
	assert_int_equal(s.n, 0);
	assert_int_equal(s.ncpu, 2);
	assert_int_equal(s.rq_affinity, 1);
	assert_int_equal(irq_snapshot_take("vda", &s2), 0);
	assert_int_equal(s2.n, 0);
	if (s2.t_ns > s.t_ns)
		assert_int_equal(irq_rates_between(&s, &s2, r), 0);
	irq_snapshot_free(&s);
	irq_snapshot_free(&s2);

	/* An empty file says the same. */
	put("proc/interrupts", "");
	assert_int_equal(irq_snapshot_take("vda", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_NOTHING);
	assert_int_equal(s.n, 0);
	irq_snapshot_free(&s);
}

/* No /proc/interrupts, or a directory there: -1, which the callers turn
 * into "cannot read /proc/interrupts". A disk with no device behind it
 * needs no /proc/interrupts at all. */
static void test_irq_unreadable(void **state)
{
	struct irq_snapshot s;

	assert_int_equal(irq_snapshot_take("vda", &s), -1);
	assert_int_equal(s.n, 0);
	make_dir("proc/interrupts");
	assert_int_equal(irq_snapshot_take("vda", &s), -1);
	assert_int_equal(s.n, 0);

	mkdirs("sys/block/loop0");
	assert_int_equal(irq_snapshot_take("loop0", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_NONE);
	assert_int_equal(s.rq_affinity, -1);
	irq_snapshot_free(&s);
}

/* Huge CPU numbers in the header are dropped, not allocated for. */
static void test_irq_huge_cpu_column(void **state)
{
	struct irq_snapshot s;

	put("proc/interrupts", "  CPU0  CPU99999999  CPU2147483647  CPU\n"
			       " 36:  5  6  7  8  PCI-MSI 1-edge virtio1-req.0\n");
	assert_int_equal(irq_snapshot_take("vda", &s), 0);
	assert_int_equal(s.ncpu, 1);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.q[0].percpu[0], 5);
	assert_int_equal(s.q[0].total, 5 + 6 + 7 + 8);
	irq_snapshot_free(&s);
}

/* Attributes that cannot be read give "unknown", and the disk is still
 * listed. */
static void test_devices_unreadable_attrs(void **state)
{
	struct dev_list list;

	make_dir("sys/block/vda/queue/scheduler");
	make_dangling("sys/block/vda/queue/rq_affinity");
	make_dir("sys/block/vda/queue/logical_block_size");
	make_dangling("sys/block/vda/ro");
	make_dir("sys/block/vda/uevent");
	make_dangling("sys/block/vda/dev");
	put("sys/block/vda/queue/rotational", "garbage\n");
	mkdirs(FN "/virtio1/model");

	assert_int_equal(dev_list_scan(&list), 0);
	assert_int_equal(list.n, 1);
	const struct blk_dev *d = &list.devs[0];
	assert_string_equal(d->name, "vda");
	assert_int_equal(d->size_bytes, 2048ULL * 512);
	assert_string_equal(d->scheduler, "");
	assert_int_equal(d->rq_affinity, -1);
	assert_int_equal(d->logical_block_size, 0);
	assert_int_equal(d->rotational, -1);
	assert_false(d->read_only);
	assert_string_equal(d->model, "");
	assert_string_equal(d->path, "/dev/vda");
	assert_int_equal(d->major, 0);
	dev_list_free(&list);

	/* The IRQ collector's rq_affinity falls back the same way. */
	struct irq_snapshot s;
	put("proc/interrupts", "CPU0\n 36: 1 PCI-MSI virtio1-req.0\n");
	assert_int_equal(irq_snapshot_take("vda", &s), 0);
	assert_int_equal(s.rq_affinity, -1);
	irq_snapshot_free(&s);
}

/* A size that cannot be read is a size of 0: the disk is not listed,
 * as zero-size devices are not. */
static void test_devices_unreadable_size(void **state)
{
	struct dev_list list;
	char path[2048];

	make_dir("sys/block/vda/size");
	assert_int_equal(dev_list_scan(&list), 0);
	assert_int_equal(list.n, 0);
	dev_list_free(&list);

	/* Negative is nothing; past 2^64 bytes is clamped, not wrapped. */
	rmdir(strcat(strcpy(path, root), "/sys/block/vda/size"));
	put("sys/block/vda/size", "-5\n");
	assert_int_equal(dev_list_scan(&list), 0);
	assert_int_equal(list.n, 0);
	dev_list_free(&list);
	put("sys/block/vda/size", "36028797018963968\n");
	assert_int_equal(dev_list_scan(&list), 0);
	assert_int_equal(list.n, 1);
	assert_true(list.devs[0].size_bytes == ~0ULL);
	dev_list_free(&list);
}

/* A uevent DEVNAME that climbs out of /dev is not trusted: the node is
 * probed, and must be the disk's own. */
static void test_devname_outside_dev(void **state)
{
	static const char *const bad[] = {
		"DEVNAME=../../etc/passwd\n", "DEVNAME=/etc/passwd\n", "DEVNAME=\n",
		"DEVNAME=a/../../x\n", "DEVNAME=..\n",
	};
	struct dev_list list;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		put("sys/block/vda/uevent", bad[i]);
		assert_int_equal(dev_list_scan(&list), 0);
		assert_int_equal(list.n, 1);
		assert_string_equal(list.devs[0].path, "/dev/vda");
		dev_list_free(&list);
	}
	/* What the kernel really writes still counts. */
	put("sys/block/vda/uevent", "MAJOR=252\nDEVNAME=cciss/c0d0\n");
	assert_int_equal(dev_list_scan(&list), 0);
	assert_string_equal(list.devs[0].path, "/dev/cciss/c0d0");
	dev_list_free(&list);
}

/* /proc/stat and /proc/diskstats unreadable: no snapshot, no hang on a
 * FIFO, and a CPU number past int is skipped, not wrapped. */
static void test_counters_unreadable(void **state)
{
	struct cpu_snapshot c;
	struct disk_snapshot d;
	char path[2048];

	mkdirs("proc");
	make_dir("proc/stat");
	assert_int_equal(cpu_snapshot_take(&c), -1);
	rmdir(strcat(strcpy(path, root), "/proc/stat"));
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(cpu_snapshot_take(&c), -1);
	unlink(path);

	put("proc/stat", "cpu  1 2 3 4\ncpu4294967297 1 2 3 4\ncpu-1 5 5\ncpu1 7 0 0 1\n");
	assert_int_equal(cpu_snapshot_take(&c), 0);
	assert_int_equal(c.ncpu, 2);
	assert_int_equal(c.cpu[0].t[CPU_USR], 0);
	assert_int_equal(c.cpu[1].t[CPU_USR], 7);
	cpu_snapshot_free(&c);

	make_dangling("proc/diskstats");
	assert_int_equal(diskstat_snapshot("vda", &d), -1);
	assert_false(d.valid);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_irq_no_entries, setup, teardown),
		cmocka_unit_test_setup_teardown(test_irq_unreadable, setup, teardown),
		cmocka_unit_test_setup_teardown(test_irq_huge_cpu_column, setup, teardown),
		cmocka_unit_test_setup_teardown(test_devices_unreadable_attrs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_devices_unreadable_size, setup, teardown),
		cmocka_unit_test_setup_teardown(test_devname_outside_dev, setup, teardown),
		cmocka_unit_test_setup_teardown(test_counters_unreadable, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
