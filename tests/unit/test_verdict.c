/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_verdict.c - the safety verdict over invented facts: every verdict,
 * the order of severity, how partitions count for their disk, and the
 * reasons' wording. No devices needed: the verdict is a pure function. */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "collect/verdict.h"

/* A disk "loop0" with up to four partitions "loop0p1".. and no facts. */
struct fixture {
	struct dev_facts parts[4];
	struct disk_facts f;
	struct verdict_result v;
};

static void fixture_init(struct fixture *x, size_t nparts)
{
	size_t i;

	memset(x, 0, sizeof(*x));
	snprintf(x->f.disk.name, sizeof(x->f.disk.name), "loop0");
	x->f.disk.probed = true;
	for (i = 0; i < nparts; i++) {
		snprintf(x->parts[i].name, sizeof(x->parts[i].name), "loop0p%zu", i + 1);
		x->parts[i].probed = true;
	}
	x->f.parts = x->parts;
	x->f.nparts = nparts;
}

static void add_sig(struct dev_facts *d, const char *type)
{
	if (d->nsigs < FACT_SIGS_MAX)
		snprintf(d->sigs[d->nsigs], FACT_SIG_LEN, "%s", type);
	d->nsigs++;
}

static void add_mount(struct dev_facts *d, const char *where)
{
	if (d->nmounts < FACT_MOUNTS_MAX)
		snprintf(d->mounts[d->nmounts], FACT_MOUNT_LEN, "%s", where);
	d->nmounts++;
}

/* The reasons as "kind: text" lines joined by "|", for one comparison. */
static const char *reasons(const struct verdict_result *v)
{
	static char buf[4096];
	char one[VERDICT_REASON_LEN + 16];
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < v->nreasons; i++) {
		verdict_reason_format(&v->reasons[i], one, sizeof(one));
		if (i)
			strcat(buf, "|");
		strcat(buf, one);
	}
	return buf;
}

static void test_empty_is_safe(void **state)
{
	struct fixture x;

	fixture_init(&x, 0);
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_SAFE);
	assert_int_equal(x.v.nreasons, 0);
	assert_string_equal(verdict_name(x.v.verdict), "safe");
	fixture_init(&x, 2);
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_SAFE);
	assert_int_equal(part_verdict(&x.f, 1, &x.v), VERDICT_SAFE);
}

static void test_filesystem_is_has_data(void **state)
{
	struct fixture x;

	fixture_init(&x, 0);
	add_sig(&x.f.disk, "ext4");
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_HAS_DATA);
	assert_string_equal(reasons(&x.v), "has-data: ext4 on loop0");
	assert_string_equal(verdict_name(x.v.verdict), "has-data");
}

static void test_signature_kinds(void **state)
{
	static const char *const kinds[] = { "swap", "xfs", "linux_raid_member", "LVM2_member" };
	struct fixture x;
	char want[128];
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		fixture_init(&x, 0);
		add_sig(&x.f.disk, kinds[i]);
		assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_HAS_DATA);
		snprintf(want, sizeof(want), "has-data: %s on loop0", kinds[i]);
		assert_string_equal(reasons(&x.v), want);
	}
}

static void test_partition_table_and_partition_fs(void **state)
{
	struct fixture x;

	fixture_init(&x, 2);
	snprintf(x.f.disk.pttype, FACT_SIG_LEN, "dos");
	add_sig(&x.parts[0], "ext4");
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_HAS_DATA);
	assert_string_equal(reasons(&x.v),
			    "has-data: dos partition table on loop0|has-data: ext4 on loop0p1");
	/* Each partition alone: p1 holds ext4, p2 nothing. */
	assert_int_equal(part_verdict(&x.f, 0, &x.v), VERDICT_HAS_DATA);
	assert_string_equal(reasons(&x.v), "has-data: ext4 on loop0p1");
	assert_int_equal(part_verdict(&x.f, 1, &x.v), VERDICT_SAFE);
	assert_int_equal(part_verdict(&x.f, 7, &x.v), VERDICT_SAFE);
}

static void test_backup_gpt(void **state)
{
	struct fixture x;

	fixture_init(&x, 0);
	snprintf(x.f.disk.pttype, FACT_SIG_LEN, "gpt");
	x.f.disk.gpt_backup_only = true;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_HAS_DATA);
	assert_string_equal(reasons(&x.v),
			    "has-data: backup GPT header on loop0 (the primary one is damaged)");
}

static void test_mounted_partition_makes_disk_in_use(void **state)
{
	struct fixture x;

	fixture_init(&x, 2);
	snprintf(x.f.disk.pttype, FACT_SIG_LEN, "gpt");
	add_sig(&x.parts[0], "ext4");
	add_mount(&x.parts[0], "/mnt/x");
	/* The kernel claims the whole disk with the mounted partition. */
	x.parts[0].excl_busy = true;
	x.f.disk.excl_busy = true;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_IN_USE);
	assert_string_equal(reasons(&x.v), "in-use: loop0p1 mounted on /mnt/x"
					   "|has-data: gpt partition table on loop0"
					   "|has-data: ext4 on loop0p1");
	assert_int_equal(part_verdict(&x.f, 0, &x.v), VERDICT_IN_USE);
	/* The other partition is untouched by the mount. */
	assert_int_equal(part_verdict(&x.f, 1, &x.v), VERDICT_SAFE);
}

static void test_many_mounts(void **state)
{
	struct fixture x;
	size_t i;

	fixture_init(&x, 0);
	for (i = 0; i < FACT_MOUNTS_MAX + 3; i++)
		add_mount(&x.f.disk, "/mnt/bind");
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_IN_USE);
	assert_int_equal(x.v.nreasons, FACT_MOUNTS_MAX + 1);
	assert_string_equal(x.v.reasons[FACT_MOUNTS_MAX].text, "loop0 mounted in 3 more places");
}

static void test_swap_and_holders(void **state)
{
	struct fixture x;

	fixture_init(&x, 2);
	x.parts[1].swap_active = true;
	x.parts[0].nholders = 1;
	snprintf(x.parts[0].holders[0], FACT_NAME_MAX, "dm-0");
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_IN_USE);
	assert_string_equal(reasons(&x.v),
			    "in-use: loop0p1 is held by dm-0|in-use: loop0p2 is active swap");

	fixture_init(&x, 0);
	x.f.disk.nholders = FACT_HOLDERS_MAX + 2;
	for (size_t i = 0; i < FACT_HOLDERS_MAX; i++)
		snprintf(x.f.disk.holders[i], FACT_NAME_MAX, "md%zu", i);
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_IN_USE);
	assert_string_equal(x.v.reasons[FACT_HOLDERS_MAX].text, "loop0 is held by 2 more devices");
}

static void test_exclusive_open(void **state)
{
	struct fixture x;

	fixture_init(&x, 0);
	x.f.disk.excl_busy = true;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_IN_USE);
	assert_string_equal(reasons(&x.v),
			    "in-use: loop0 is open exclusively by another program (EBUSY)");
	/* A mount explains the EBUSY; it is not listed twice. */
	add_mount(&x.f.disk, "/");
	dev_verdict(&x.f, &x.v);
	assert_string_equal(reasons(&x.v), "in-use: loop0 mounted on /");
	/* A partition held exclusively on its own still shows. */
	fixture_init(&x, 2);
	x.parts[1].excl_busy = true;
	x.f.disk.excl_busy = true;
	dev_verdict(&x.f, &x.v);
	assert_string_equal(reasons(&x.v),
			    "in-use: loop0p2 is open exclusively by another program (EBUSY)");
}

static void test_read_only(void **state)
{
	struct fixture x;

	fixture_init(&x, 1);
	x.f.disk.read_only = true;
	add_sig(&x.f.disk, "iso9660");
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_READ_ONLY);
	assert_string_equal(reasons(&x.v),
			    "read-only: loop0 is read-only|has-data: iso9660 on loop0");
	/* The partition of a read-only disk is read-only too. */
	assert_int_equal(part_verdict(&x.f, 0, &x.v), VERDICT_READ_ONLY);
	assert_string_equal(reasons(&x.v), "read-only: loop0 is read-only");

	fixture_init(&x, 0);
	x.f.disk.write_errno = EACCES;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_READ_ONLY);
	assert_string_equal(reasons(&x.v), "read-only: no permission to write loop0: "
					   "Permission denied");

	/* A partition the kernel marked read-only on its own. */
	fixture_init(&x, 2);
	x.parts[1].read_only = true;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_READ_ONLY);
	assert_string_equal(reasons(&x.v), "read-only: loop0p2 is read-only");
}

static void test_severity_order(void **state)
{
	struct fixture x;

	fixture_init(&x, 1);
	x.f.disk.read_only = true;
	snprintf(x.f.disk.pttype, FACT_SIG_LEN, "dos");
	add_sig(&x.parts[0], "ext4");
	add_mount(&x.parts[0], "/data");
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_IN_USE);
	assert_string_equal(reasons(&x.v), "in-use: loop0p1 mounted on /data"
					   "|read-only: loop0 is read-only"
					   "|has-data: dos partition table on loop0"
					   "|has-data: ext4 on loop0p1");
}

static void test_unknown_contents(void **state)
{
	struct fixture x;

	fixture_init(&x, 0);
	x.f.disk.probed = false;
	x.f.disk.probe_errno = EIO;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_HAS_DATA);
	assert_string_equal(reasons(&x.v), "has-data: contents of loop0 unknown: "
					   "Input/output error");
	x.f.disk.probe_timed_out = true;
	dev_verdict(&x.f, &x.v);
	assert_string_equal(reasons(&x.v), "has-data: contents of loop0 unknown: "
					   "it did not answer in time");
}

static void test_many_signatures(void **state)
{
	struct fixture x;
	size_t i;

	fixture_init(&x, 0);
	for (i = 0; i < FACT_SIGS_MAX + 2; i++)
		add_sig(&x.f.disk, "zfs_member");
	dev_verdict(&x.f, &x.v);
	assert_int_equal(x.v.nreasons, FACT_SIGS_MAX + 1);
	assert_string_equal(x.v.reasons[FACT_SIGS_MAX].text, "2 more signatures on loop0");
}

/* More reasons than fit: the mildest go, the verdict stays. */
static void test_overflow_keeps_most_severe(void **state)
{
	struct fixture x;
	size_t i;

	fixture_init(&x, 4);
	for (i = 0; i < 4; i++) {
		add_sig(&x.parts[i], "ext4");
		add_sig(&x.parts[i], "crypto_LUKS");
		add_sig(&x.parts[i], "swap");
	}
	for (i = 0; i < 4; i++) {
		add_mount(&x.parts[i], "/a");
		add_mount(&x.parts[i], "/b");
	}
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_IN_USE);
	assert_int_equal(x.v.nreasons, VERDICT_REASONS_MAX);
	assert_int_equal(x.v.nomitted, 4 * 2 + 4 * 3 - VERDICT_REASONS_MAX);
	for (i = 0; i < 8; i++)
		assert_int_equal(x.v.reasons[i].kind, VERDICT_IN_USE);

	char line[256];
	verdict_reasons_join(&x.v, line, sizeof(line));
	assert_true(strlen(line) < sizeof(line));
	assert_memory_equal(line, "in-use: loop0p1 mounted on /a; ", 31);
}

static void test_join(void **state)
{
	struct fixture x;
	char line[512], tiny[8];

	fixture_init(&x, 1);
	snprintf(x.f.disk.pttype, FACT_SIG_LEN, "gpt");
	x.parts[0].swap_active = true;
	dev_verdict(&x.f, &x.v);
	verdict_reasons_join(&x.v, line, sizeof(line));
	assert_string_equal(line, "in-use: loop0p1 is active swap; "
				  "has-data: gpt partition table on loop0");
	verdict_reasons_join(&x.v, tiny, sizeof(tiny));
	assert_true(strlen(tiny) < sizeof(tiny));
	fixture_init(&x, 0);
	dev_verdict(&x.f, &x.v);
	verdict_reasons_join(&x.v, line, sizeof(line));
	assert_string_equal(line, "");
}

static void test_files(void **state)
{
	struct fixture x;

	fixture_init(&x, 0);
	x.f.disk.is_file = true;
	snprintf(x.f.disk.name, sizeof(x.f.disk.name), "/data/test.img");
	/* Not there yet: blktop will lay it out. */
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_SAFE);
	x.f.disk.file_exists = true;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_HAS_DATA);
	assert_string_equal(reasons(&x.v),
			    "has-data: /data/test.img exists and was not laid out by blktop");
	x.f.disk.file_ours = true;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_SAFE);
	x.f.disk.swap_active = true;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_IN_USE);
	assert_string_equal(reasons(&x.v), "in-use: /data/test.img is active swap");
	x.f.disk.swap_active = false;
	snprintf(x.f.disk.loop_backing_of, FACT_NAME_MAX, "loop3");
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_IN_USE);
	assert_string_equal(reasons(&x.v), "in-use: /data/test.img is the backing file of loop3");
	x.f.disk.loop_backing_of[0] = '\0';
	x.f.disk.write_errno = EROFS;
	assert_int_equal(dev_verdict(&x.f, &x.v), VERDICT_READ_ONLY);
}

static void test_allows_write(void **state)
{
	assert_true(verdict_allows_write(VERDICT_SAFE, false));
	assert_true(verdict_allows_write(VERDICT_SAFE, true));
	assert_false(verdict_allows_write(VERDICT_HAS_DATA, false));
	assert_true(verdict_allows_write(VERDICT_HAS_DATA, true));
	assert_false(verdict_allows_write(VERDICT_READ_ONLY, true));
	assert_false(verdict_allows_write(VERDICT_IN_USE, true));
	assert_string_equal(verdict_name(VERDICT_READ_ONLY), "read-only");
	assert_string_equal(verdict_name(VERDICT_IN_USE), "in-use");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_is_safe),
		cmocka_unit_test(test_filesystem_is_has_data),
		cmocka_unit_test(test_signature_kinds),
		cmocka_unit_test(test_partition_table_and_partition_fs),
		cmocka_unit_test(test_backup_gpt),
		cmocka_unit_test(test_mounted_partition_makes_disk_in_use),
		cmocka_unit_test(test_many_mounts),
		cmocka_unit_test(test_swap_and_holders),
		cmocka_unit_test(test_exclusive_open),
		cmocka_unit_test(test_read_only),
		cmocka_unit_test(test_severity_order),
		cmocka_unit_test(test_unknown_contents),
		cmocka_unit_test(test_many_signatures),
		cmocka_unit_test(test_overflow_keeps_most_severe),
		cmocka_unit_test(test_join),
		cmocka_unit_test(test_files),
		cmocka_unit_test(test_allows_write),
	};
	/* The reasons are compared in English. */
	setenv("LANGUAGE", "C", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
