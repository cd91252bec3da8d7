/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_devices.c - discovery and fact gathering over a fake root
 * (tests/fakeroot/blk1, described in its README): sysfs attributes,
 * transports, partitions, skipped devices, mounts by device number,
 * swap, holders, read-only, and signatures read from small images the
 * test writes into a copy of the tree. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <cmocka.h>

#include "collect/devices.h"
#include "output/listing.h"
#include "collect/probe.h"
#include "collect/verdict.h"
#include "sysroot.h"

static char root[1024];   /* the writable copy of the fake tree */

static void put(const char *rel, off_t off, const void *data, size_t len, off_t size)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	assert_true(fd >= 0);
	if (size)
		assert_int_equal(ftruncate(fd, size), 0);
	if (len)
		assert_int_equal(pwrite(fd, data, len, off), (ssize_t)len);
	close(fd);
}

static void le32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

/* Device images: what libblkid will find on each. */
static void write_images(void)
{
	unsigned char mbr[66] = { 0 }, swap[8];
	const off_t mib = 1 << 20;
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/dev", root);
	assert_int_equal(mkdir(path, 0755) == 0 || errno == EEXIST, 1);
	snprintf(path, sizeof(path), "%s/dev/shm", root);
	assert_int_equal(mkdir(path, 0755) == 0 || errno == EEXIST, 1);
	/* vdb: one dos partition entry, type 0x83, and the boot signature. */
	mbr[4] = 0x83;
	le32(mbr + 8, 2048);
	le32(mbr + 12, 2048);
	mbr[64] = 0x55;
	mbr[65] = 0xaa;
	put("/dev/vdb", 446, mbr, sizeof(mbr), mib);
	put("/dev/vdb1", 0, NULL, 0, mib);
	/* vdb2: a swap signature (version 1, 255 pages). */
	le32(swap, 1);
	le32(swap + 4, 255);
	put("/dev/vdb2", 1024, swap, sizeof(swap), mib);
	put("/dev/vdb2", 4086, "SWAPSPACE2", 10, 0);
	/* sda: a GPT backup header in the last sector and nothing else. */
	put("/dev/sda", mib - 512, "EFI PART", 8, mib);
	put("/dev/sda1", 0, NULL, 0, mib / 2);
	put("/dev/vda", 0, NULL, 0, mib);
	put("/dev/nvme0n1", 0, NULL, 0, mib);
	put("/dev/loop0", 0, NULL, 0, mib);
	put("/dev/sr0", 0, NULL, 0, mib);
	put("/dev/shm/blk1 test.img", 0, NULL, 0, mib);
	put("/swap file", 0, NULL, 0, mib);
	/* dm-0 has no node: its contents stay unknown. */
}

/* Makes the symlinks tests/fakeroot/blk1/LINKS lists ("path target" a
 * line), with their parent directories: the tree itself holds none. */
static int make_links(const char *src)
{
	char list[2100], line[1024], cmd[8192];
	FILE *f;
	int rc = 0;

	snprintf(list, sizeof(list), "%s/LINKS", src);
	f = fopen(list, "re");
	if (!f)
		return -1;
	while (rc == 0 && fgets(line, sizeof(line), f)) {
		char *target = strchr(line, ' ');
		if (!target)
			continue;
		*target++ = '\0';
		target[strcspn(target, "\n")] = '\0';
		snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s/%s')\" && ln -s '%s' '%s/%s'",
			 root, line, target, root, line);
		rc = system(cmd) == 0 ? 0 : -1;
	}
	fclose(f);
	return rc;
}

static int setup_root(void **state)
{
	const char *top = getenv("top_srcdir");
	char src[2048], cmd[8192];
	const char *tmp = getenv("TMPDIR");

	snprintf(root, sizeof(root), "%s/blktop-devices-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root))
		return -1;
	snprintf(src, sizeof(src), "%s/tests/fakeroot/blk1", top && *top ? top : ".");
	snprintf(cmd, sizeof(cmd), "cp -R '%s/.' '%s/' && chmod -R u+w '%s'", src, root, root);
	if (system(cmd) != 0 || make_links(src) != 0)
		return -1;
	write_images();
	sysroot_set(root);
	return 0;
}

static int teardown_root(void **state)
{
	char cmd[sizeof(root) + 16];

	sysroot_set(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

static struct blk_dev *find(struct dev_list *l, const char *name)
{
	long part;
	struct blk_dev *d = dev_list_find_name(l, name, &part);

	assert_non_null(d);
	return part >= 0 ? &d->parts[part] : d;
}

static void test_scan_lists_the_right_devices(void **state)
{
	static const char *const want[] = { "dm-0", "loop0", "nvme0n1", "sda", "sr0", "vda", "vdb" };
	struct dev_list l;
	size_t i;

	assert_int_equal(dev_list_scan(&l), 0);
	assert_int_equal(l.n, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < l.n; i++)
		assert_string_equal(l.devs[i].name, want[i]);
	dev_list_free(&l);
	assert_null(l.devs);
}

static void test_scan_attributes(void **state)
{
	struct dev_list l;
	struct blk_dev *d;

	assert_int_equal(dev_list_scan(&l), 0);
	d = find(&l, "vda");
	assert_string_equal(d->path, "/dev/vda");
	assert_int_equal(d->major, 254);
	assert_int_equal(d->minor, 0);
	assert_true(d->size_bytes == 40ULL << 30);
	assert_string_equal(d->transport, "virtio");
	assert_string_equal(d->vendor, "");   /* 0x1af4 says nothing */
	assert_string_equal(d->model, "");
	assert_int_equal(d->rotational, 1);
	assert_int_equal(d->logical_block_size, 512);
	assert_int_equal(d->physical_block_size, 4096);
	assert_string_equal(d->scheduler, "mq-deadline");
	assert_int_equal(d->rq_affinity, 1);
	assert_int_equal(d->nr_requests, 256);
	assert_false(d->read_only);
	assert_int_equal(d->nparts, 0);

	d = find(&l, "vdb");
	assert_string_equal(d->scheduler, "none");
	assert_int_equal(d->rq_affinity, 2);
	assert_int_equal(d->nparts, 2);
	assert_string_equal(d->parts[0].name, "vdb1");
	assert_string_equal(d->parts[0].path, "/dev/vdb1");
	assert_int_equal(d->parts[0].partno, 1);
	assert_true(d->parts[0].is_partition);
	assert_int_equal(d->parts[1].partno, 2);
	assert_true(d->parts[1].size_bytes == 2ULL << 30);
	assert_int_equal(d->parts[1].minor, 18);

	d = find(&l, "sda");
	assert_string_equal(d->transport, "sata");
	assert_string_equal(d->model, "Samsung SSD 860");
	assert_string_equal(d->vendor, "ATA");
	assert_int_equal(d->rotational, 0);

	d = find(&l, "sr0");
	assert_string_equal(d->transport, "usb");
	assert_true(d->read_only);
	assert_true(d->removable);
	assert_int_equal(d->logical_block_size, 2048);

	d = find(&l, "nvme0n1");
	assert_string_equal(d->transport, "nvme");
	assert_string_equal(d->model, "Amazon EC2 NVMe Instance Storage");

	d = find(&l, "loop0");
	assert_string_equal(d->transport, "loop");
	assert_string_equal(d->backing_file, "/dev/shm/blk1 test.img");
	assert_string_equal(find(&l, "dm-0")->transport, "dm");

	long part;
	assert_ptr_equal(dev_list_find(&l, 254, 18, &part), find(&l, "vdb"));
	assert_int_equal(part, 1);
	assert_ptr_equal(dev_list_find(&l, 8, 0, &part), find(&l, "sda"));
	assert_int_equal(part, -1);
	assert_null(dev_list_find(&l, 7, 1, &part));
	assert_null(dev_list_find_name(&l, "zram0", &part));
	dev_list_free(&l);
}

static void test_facts_and_verdicts(void **state)
{
	char line[2048];
	struct dev_list l;
	struct blk_dev *d;

	assert_int_equal(devices_collect(&l, PROBE_TIMEOUT_MS), 0);

	d = find(&l, "vda");
	assert_int_equal(d->facts.nmounts, 1);
	assert_string_equal(d->facts.mounts[0], "/");
	assert_true(d->facts.probed);
	assert_int_equal(d->verdict.verdict, VERDICT_IN_USE);
	verdict_reasons_join(&d->verdict, line, sizeof(line));
	assert_string_equal(line, "in-use: vda mounted on /");

	d = find(&l, "vdb");
	assert_string_equal(d->facts.pttype, "dos");
	assert_string_equal(d->parts[0].facts.holders[0], "dm-0");
	assert_true(d->parts[1].facts.swap_active);
	assert_int_equal(d->parts[1].facts.nsigs, 1);
	assert_string_equal(d->parts[1].facts.sigs[0], "swap");
	verdict_reasons_join(&d->verdict, line, sizeof(line));
	assert_string_equal(line, "in-use: vdb1 is held by dm-0; in-use: vdb2 is active swap; "
				  "has-data: dos partition table on vdb; has-data: swap on vdb2");
	assert_int_equal(d->parts[0].verdict.verdict, VERDICT_IN_USE);
	assert_int_equal(d->parts[1].verdict.verdict, VERDICT_IN_USE);

	/* Mounted through /dev/disk/by-label: found by device number. */
	d = find(&l, "sda");
	assert_int_equal(d->parts[0].facts.nmounts, 2);
	assert_string_equal(d->parts[0].facts.mounts[1], "/mnt/data bind");
	assert_true(d->facts.gpt_backup_only);
	verdict_reasons_join(&d->verdict, line, sizeof(line));
	assert_string_equal(line, "in-use: sda1 mounted on /mnt/data; "
				  "in-use: sda1 mounted on /mnt/data bind; "
				  "has-data: backup GPT header on sda (the primary one is damaged)");

	d = find(&l, "sr0");
	assert_int_equal(d->verdict.verdict, VERDICT_READ_ONLY);
	assert_int_equal(find(&l, "nvme0n1")->verdict.verdict, VERDICT_SAFE);
	assert_int_equal(find(&l, "loop0")->verdict.verdict, VERDICT_SAFE);

	d = find(&l, "dm-0");
	assert_false(d->facts.probed);
	assert_int_equal(d->facts.probe_errno, ENOENT);
	assert_int_equal(d->verdict.verdict, VERDICT_HAS_DATA);
	dev_list_free(&l);
}

static void test_file_facts(void **state)
{
	char path[PATH_MAX];
	struct dev_facts f;

	snprintf(path, sizeof(path), "%s/no such file", root);
	probe_file(path, &f);
	assert_true(f.is_file);
	assert_false(f.file_exists);

	/* Listed in /proc/swaps as "/swap\040file". */
	snprintf(path, sizeof(path), "%s/swap file", root);
	probe_file(path, &f);
	assert_true(f.file_exists);
	assert_true(f.swap_active);

	snprintf(path, sizeof(path), "%s/dev/shm/blk1 test.img", root);
	probe_file(path, &f);
	assert_string_equal(f.loop_backing_of, "loop0");
	assert_false(f.swap_active);

	snprintf(path, sizeof(path), "%s/dev/nvme0n1", root);
	probe_file(path, &f);
	assert_false(f.file_ours);
	if (setxattr(path, PROBE_FILE_XATTR, "1", 1, 0) == 0) {
		probe_file(path, &f);
		assert_true(f.file_ours);
	} else {
		fprintf(stderr, "note: %s: no user xattrs here (%s); marking not tested\n", root,
			strerror(errno));
	}
}

static void test_listing_prints(void **state)
{
	char path[PATH_MAX], text[16384];
	struct dev_list l;
	FILE *f;
	size_t n;

	assert_int_equal(devices_collect(&l, PROBE_TIMEOUT_MS), 0);
	snprintf(path, sizeof(path), "%s/list.out", root);
	f = fopen(path, "w+");
	assert_non_null(f);
	assert_int_equal(listing_print_table(f, &l), 0);
	assert_int_equal(listing_print_json(f, &l), 0);
	rewind(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	dev_list_free(&l);
	assert_non_null(strstr(text, "NAME"));
	assert_non_null(strstr(text, "`-vdb2"));
	assert_non_null(strstr(text, "in-use: vda mounted on /\n"));
	assert_non_null(strstr(text, "\"name\" : \"vdb2\""));
	assert_non_null(strstr(text, "\"verdict\" : \"read-only\""));
	assert_non_null(strstr(text, "\"model\" : \"Samsung SSD 860\""));
	assert_non_null(strstr(text, "\"backing_file\" : \"/dev/shm/blk1 test.img\""));
}

static void test_sizes(void **state)
{
	char buf[16];

	assert_string_equal(listing_size(512, buf, sizeof(buf)), "512");
	assert_string_equal(listing_size(4096, buf, sizeof(buf)), "4K");
	assert_string_equal(listing_size(1536ULL << 20, buf, sizeof(buf)), "1.5G");
	assert_string_equal(listing_size(256ULL << 30, buf, sizeof(buf)), "256G");
	assert_string_equal(listing_size(10ULL << 40, buf, sizeof(buf)), "10T");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scan_lists_the_right_devices),
		cmocka_unit_test(test_scan_attributes),
		cmocka_unit_test(test_facts_and_verdicts),
		cmocka_unit_test(test_file_facts),
		cmocka_unit_test(test_listing_prints),
		cmocka_unit_test(test_sizes),
	};
	setenv("LANGUAGE", "C", 1);
	return cmocka_run_group_tests(tests, setup_root, teardown_root);
}
