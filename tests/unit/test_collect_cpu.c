/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_collect_cpu.c - mpstat's percentages from two fake /proc/stat
 * readings (tests/fakeroot/cpu1, hand-computed in its README), and the
 * libproc2 path on the real root checked against the fake-tree parser. */
#include "config.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "collect/cpu.h"
#include "sysroot.h"

static void fixture_root(char *buf, size_t len, const char *sub)
{
	const char *top = getenv("top_srcdir");
	snprintf(buf, len, "%s/tests/fakeroot/cpu1/%s", top && *top ? top : ".", sub);
}

static void take_at(const char *sub, struct cpu_snapshot *s)
{
	char root[PATH_MAX];
	fixture_root(root, sizeof(root), sub);
	sysroot_set(root);
	assert_int_equal(cpu_snapshot_take(s), 0);
	sysroot_set("");
}

static void expect_pct(const struct cpu_pct *p, const double want[CPU_NFIELDS])
{
	for (int i = 0; i < CPU_NFIELDS; i++) {
		if (p->pct[i] < want[i] - 1e-9 || p->pct[i] > want[i] + 1e-9) {
			print_error("%s: got %.6f, want %.6f\n", cpu_field_name((enum cpu_field)i),
				    p->pct[i], want[i]);
			fail();
		}
	}
}

static void test_fixture_percentages(void **state)
{
	(void)state;
	struct cpu_snapshot a, b;
	take_at("t0", &a);
	take_at("t1", &b);

	/* cpu0, cpu1, cpu3: the array runs to 3 and cpu2 stays zero. */
	assert_int_equal(a.ncpu, 4);
	assert_int_equal(b.ncpu, 4);
	for (int i = 0; i < CPU_NFIELDS; i++)
		assert_int_equal(b.cpu[2].t[i], 0);
	assert_int_equal(a.all.t[CPU_USR], 1010);
	assert_int_equal(a.all.t[CPU_GNICE], 10);
	assert_int_equal(b.cpu[0].t[CPU_IDLE], 2400);

	/* usr nice sys iowait irq soft steal guest gnice idle */
	static const double all[CPU_NFIELDS] = { 15, 2, 10, 7.5, 2.25, 2.25, 0.5, 5, 0.5, 55 };
	static const double cpu0[CPU_NFIELDS] = { 20, 4, 10, 10, 2, 2, 1, 10, 1, 40 };
	static const double cpu1[CPU_NFIELDS] = { 10, 0, 10, 5, 2.5, 2.5, 0, 0, 0, 70 };
	static const double idle[CPU_NFIELDS] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 100 };
	struct cpu_pct p;
	cpu_pct_between(&a.all, &b.all, &p);
	expect_pct(&p, all);
	cpu_pct_between(&a.cpu[0], &b.cpu[0], &p);
	expect_pct(&p, cpu0);
	cpu_pct_between(&a.cpu[1], &b.cpu[1], &p);
	expect_pct(&p, cpu1);
	cpu_pct_between(&a.cpu[3], &b.cpu[3], &p);
	expect_pct(&p, idle);
	cpu_pct_between(&a.cpu[2], &b.cpu[2], &p);
	expect_pct(&p, idle);

	cpu_snapshot_free(&a);
	cpu_snapshot_free(&b);
	assert_null(a.cpu);
}

static void test_backwards_and_guest_clamp(void **state)
{
	(void)state;
	struct cpu_ticks a = { { 0 } }, b = { { 0 } };
	/* guest grew more than user (counters read a tick apart): usr is 0,
	 * not negative; a counter that went back counts as no time. */
	a.t[CPU_USR] = 100;
	a.t[CPU_GUEST] = 10;
	a.t[CPU_SYS] = 500;
	b.t[CPU_USR] = 110;
	b.t[CPU_GUEST] = 30;
	b.t[CPU_SYS] = 400;
	b.t[CPU_IDLE] = 90;
	struct cpu_pct p;
	cpu_pct_between(&a, &b, &p);
	assert_true(p.pct[CPU_USR] == 0.0);
	assert_true(p.pct[CPU_SYS] == 0.0);
	assert_true(p.pct[CPU_IDLE] > 89.99 && p.pct[CPU_IDLE] < 90.01);
	assert_true(p.pct[CPU_GUEST] > 19.99 && p.pct[CPU_GUEST] < 20.01);
}

static void test_field_names(void **state)
{
	(void)state;
	static const char *const want[CPU_NFIELDS] = {
		"usr", "nice", "sys", "iowait", "irq", "soft", "steal", "guest", "gnice", "idle",
	};
	for (int i = 0; i < CPU_NFIELDS; i++)
		assert_string_equal(cpu_field_name((enum cpu_field)i), want[i]);
	assert_string_equal(cpu_field_name(CPU_NFIELDS), "?");
}

static void test_missing_tree(void **state)
{
	(void)state;
	struct cpu_snapshot s;
	sysroot_set("/nonexistent/blktop-test-root");
	assert_int_equal(cpu_snapshot_take(&s), -1);
	assert_null(s.cpu);
	sysroot_set("");
}

/* The real-root reader (libproc2 when built with it) on /proc, then the
 * fake-tree parser on the same file through a root whose proc is a link
 * to /proc: both must agree. */
static void test_real_root_matches_parser(void **state)
{
	(void)state;
	if (access("/proc/stat", R_OK) != 0)
		skip();
	struct cpu_snapshot lib, own;
	sysroot_set("");
	assert_int_equal(cpu_snapshot_take(&lib), 0);
	assert_true(lib.ncpu >= 1);

	char dir[] = "/tmp/blktop-cpu-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char link[PATH_MAX];
	snprintf(link, sizeof(link), "%s/proc", dir);
	assert_int_equal(symlink("/proc", link), 0);
	sysroot_set(dir);
	int rc = cpu_snapshot_take(&own);
	sysroot_set("");
	unlink(link);
	rmdir(dir);
	assert_int_equal(rc, 0);

	assert_int_equal(own.ncpu, lib.ncpu);
	for (int i = 0; i < CPU_NFIELDS; i++) {
		assert_true(own.all.t[i] >= lib.all.t[i]);
		/* Read moments apart: a few seconds of ticks at most. */
		assert_true(own.all.t[i] - lib.all.t[i] < 1000u * (unsigned)lib.ncpu);
	}
	cpu_snapshot_free(&lib);
	cpu_snapshot_free(&own);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture_percentages),
		cmocka_unit_test(test_backwards_and_guest_clamp),
		cmocka_unit_test(test_field_names),
		cmocka_unit_test(test_missing_tree),
		cmocka_unit_test(test_real_root_matches_parser),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
