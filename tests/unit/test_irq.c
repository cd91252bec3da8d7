/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_irq.c - the IRQ collector against the fake tree tests/fakeroot/irq1:
 * a virtio-blk disk, an NVMe disk, a legacy-interrupt HBA, an MSI-X HBA with
 * names blktop does not know, and a loop device; CPU2 is offline there. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "collect/irq.h"
#include "sysroot.h"

static char root[1024];

/* The tree holds no symlinks (make dist would turn them into copies): it
 * is copied to a scratch directory and the links in irq1/LINKS ("path
 * target" a line) are made there. */
static int setup_root(void **state)
{
	const char *top = getenv("top_srcdir");
	const char *tmp = getenv("TMPDIR");
	char src[2048], cmd[8192], line[1024];

	snprintf(root, sizeof(root), "%s/blktop-irq-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root))
		return -1;
	snprintf(src, sizeof(src), "%s/tests/fakeroot/irq1", top && *top ? top : ".");
	snprintf(cmd, sizeof(cmd), "cp -R '%s/.' '%s/' && chmod -R u+w '%s'", src, root, root);
	if (system(cmd) != 0)
		return -1;
	snprintf(cmd, sizeof(cmd), "%s/LINKS", src);
	FILE *f = fopen(cmd, "re");
	if (!f)
		return -1;
	int rc = 0;
	while (rc == 0 && fgets(line, sizeof(line), f)) {
		char *target = strchr(line, ' ');
		if (!target)
			continue;
		*target++ = '\0';
		target[strcspn(target, "\n")] = '\0';
		snprintf(cmd, sizeof(cmd), "ln -s '%s' '%s/%s'", target, root, line);
		rc = system(cmd) == 0 ? 0 : -1;
	}
	fclose(f);
	sysroot_set(root);
	return rc;
}

static int teardown_root(void **state)
{
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_virtio_queue(void **state)
{
	struct irq_snapshot s;
	assert_int_equal(irq_snapshot_take("vda", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_MSI);
	assert_string_equal(s.hint, "virtio1");
	assert_int_equal(s.rq_affinity, 2);
	/* CPU2 is offline: columns are CPU0 CPU1 CPU3. */
	assert_int_equal(s.ncpu, 4);
	assert_int_equal(s.n, 1);           /* virtio1-config is not a queue */
	assert_int_equal(s.q[0].irq, 36);
	assert_string_equal(s.q[0].name, "virtio1-req.0");
	assert_string_equal(s.q[0].effective_affinity, "1");
	assert_string_equal(s.q[0].smp_affinity, "0-1,3");
	assert_int_equal(s.q[0].percpu[0], 5);
	assert_int_equal(s.q[0].percpu[1], 37002);
	assert_int_equal(s.q[0].percpu[2], 0);
	assert_int_equal(s.q[0].percpu[3], 700);
	assert_int_equal(s.q[0].total, 37707);
	irq_snapshot_free(&s);
}

static void test_nvme_skips_admin(void **state)
{
	struct irq_snapshot s;
	assert_int_equal(irq_snapshot_take("nvme0n1", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_MSI);
	assert_string_equal(s.hint, "nvme0");
	assert_int_equal(s.n, 2);
	assert_string_equal(s.q[0].name, "nvme0q1");
	assert_string_equal(s.q[1].name, "nvme0q2");
	assert_string_equal(s.q[1].smp_affinity, "1,3");
	assert_int_equal(s.q[1].percpu[3], 7);
	irq_snapshot_free(&s);
}

static void test_legacy_line(void **state)
{
	struct irq_snapshot s;
	assert_int_equal(irq_snapshot_take("sda", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_LEGACY);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.q[0].irq, 11);
	/* Shared line: both handlers are named. */
	assert_string_equal(s.q[0].name, "uhci_hcd:usb1, ahci[0000:00:06.0]");
	assert_int_equal(s.q[0].total, 600);
	irq_snapshot_free(&s);
}

static void test_unknown_names_take_all_vectors(void **state)
{
	struct irq_snapshot s;
	assert_int_equal(irq_snapshot_take("sdb", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_MSI);
	assert_string_equal(s.hint, "");
	assert_int_equal(s.n, 2);
	assert_int_equal(s.q[0].irq, 60);
	assert_int_equal(s.q[1].irq, 61);
	assert_int_equal(s.rq_affinity, 0);
	irq_snapshot_free(&s);
}

static void test_loop_has_none(void **state)
{
	struct irq_snapshot s;
	assert_int_equal(irq_snapshot_take("loop0", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_NONE);
	assert_int_equal(s.n, 0);
	assert_int_equal(s.rq_affinity, 1);
	irq_snapshot_free(&s);

	assert_int_equal(irq_snapshot_take("nosuchdisk", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_NONE);
	assert_int_equal(s.rq_affinity, -1);
	irq_snapshot_free(&s);
}

static void test_rates(void **state)
{
	uint64_t pa[2] = { 10, 100 }, pb[2] = { 10, 1100 }, pc[2] = { 0, 5 };
	struct irq_queue qa = { .irq = 36, .total = 110, .percpu = pa };
	struct irq_queue qb[2] = {
		{ .irq = 36, .total = 1110, .percpu = pb },
		{ .irq = 37, .total = 5, .percpu = pc },  /* new since a */
	};
	struct irq_snapshot a = { .t_ns = 1000000000ull, .ncpu = 2, .n = 1, .q = &qa };
	struct irq_snapshot b = { .t_ns = 3000000000ull, .ncpu = 2, .n = 2, .q = qb };
	struct irq_rate r[2];
	assert_int_equal(irq_rates_between(&a, &b, r), 0);
	assert_true(r[0].total == 500.0);
	assert_true(r[0].percpu[0] == 0.0);
	assert_true(r[0].percpu[1] == 500.0);
	assert_true(r[1].total == 2.5);
	irq_rates_free(r, 2);
	/* Same time: no rate. */
	assert_int_equal(irq_rates_between(&b, &b, r), -1);
}

static void test_parse_line(void **state)
{
	unsigned irq;
	uint64_t c[4];
	char name[IRQ_NAME_MAX];
	assert_int_equal(irq_parse_line(" 36:  1  2  PCI-MSIX-0000:00:02.0 1-edge  virtio1-req.0\n",
					&irq, c, 2, name, sizeof(name)), 2);
	assert_int_equal(irq, 36);
	assert_int_equal(c[1], 2);
	assert_string_equal(name, "virtio1-req.0");
	assert_int_equal(irq_parse_line("NMI:  0 0  Non-maskable interrupts", &irq, c, 2, name,
					sizeof(name)), -1);
	/* A short name buffer truncates rather than overflows. */
	assert_int_equal(irq_parse_line("7: 1 X 7-edge abcdefghij", &irq, c, 1, name, 4), 1);
	assert_string_equal(name, "abc");
}

static void test_queue_names(void **state)
{
	assert_true(irq_name_is_queue("virtio1-req.0", "virtio1"));
	assert_true(irq_name_is_queue("virtio3-request.2", "virtio3"));
	assert_false(irq_name_is_queue("virtio1-config", "virtio1"));
	assert_false(irq_name_is_queue("virtio3-control", "virtio3"));
	assert_false(irq_name_is_queue("virtio3-event", "virtio3"));
	assert_false(irq_name_is_queue("virtio11-req.0", "virtio1"));
	assert_true(irq_name_is_queue("nvme0q12", "nvme0"));
	assert_false(irq_name_is_queue("nvme0q0", "nvme0"));
	assert_false(irq_name_is_queue("nvme01q1", "nvme0"));
	assert_true(irq_name_is_queue("mpt3sas0-msix0", ""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_virtio_queue),
		cmocka_unit_test(test_nvme_skips_admin),
		cmocka_unit_test(test_legacy_line),
		cmocka_unit_test(test_unknown_names_take_all_vectors),
		cmocka_unit_test(test_loop_has_none),
		cmocka_unit_test(test_rates),
		cmocka_unit_test(test_parse_line),
		cmocka_unit_test(test_queue_names),
	};
	return cmocka_run_group_tests(tests, setup_root, teardown_root);
}
