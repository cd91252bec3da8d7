/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_tune.c - sysfs set/restore (src/collect/tune.c) and the profile's
 * environment checks and IRQ choice (src/procedures/env.c) over a copy of
 * the fake tree tests/fakeroot/tune1: a copy, because the tests write
 * rq_affinity and the source tree must stay as it is (make distcheck
 * makes it read-only). */
#include "config.h"

#include <errno.h>
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

#include "collect/irq.h"
#include "collect/tune.h"
#include "procedures/proc_priv.h"
#include "sysroot.h"

static char root[256];

static int copy_tree(void **state)
{
	const char *src = getenv("top_srcdir");
	char cmd[8192];

	(void)state;
	snprintf(root, sizeof(root), "/tmp/blktop-tune.XXXXXX");
	if (!mkdtemp(root))
		return -1;
	/* The tree keeps its one symlink in LINKS ("path target"): make dist
	 * would turn a real link into a copy. */
	int n = snprintf(cmd, sizeof(cmd),
			 "cp -R '%s/tests/fakeroot/tune1/.' '%s/' && chmod -R u+w '%s' && "
			 "while read -r p t; do ln -s \"$t\" '%s'/\"$p\"; done <'%s/LINKS'",
			 src ? src : ".", root, root, root, root);
	if (n < 0 || (size_t)n >= sizeof(cmd) || system(cmd))
		return -1;
	sysroot_set(root);
	return 0;
}

static int remove_tree(void **state)
{
	char cmd[512];

	(void)state;
	tune_restore();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) ? -1 : 0;
}

/* What a file of the copy holds, newline cut. */
static const char *held(const char *path)
{
	static char buf[256];
	if (sysroot_read(path, buf, sizeof(buf)) < 0)
		return "(unreadable)";
	return buf;
}

#define VDC_RQA "/sys/block/vdc/queue/rq_affinity"

static void test_set_and_restore(void **state)
{
	char old[TUNE_VALUE_MAX];

	(void)state;
	assert_int_equal(tune_set(VDC_RQA, "2", old, sizeof(old)), 0);
	assert_string_equal(old, "1");
	assert_string_equal(held(VDC_RQA), "2");
	assert_int_equal(tune_pending(), 1);
	assert_int_equal(tune_restore(), 0);
	assert_string_equal(held(VDC_RQA), "1");
	assert_int_equal(tune_pending(), 0);
	/* A second restore has nothing left to do. */
	assert_int_equal(tune_restore(), 0);
	assert_string_equal(held(VDC_RQA), "1");
}

static void test_unchanged_is_not_remembered(void **state)
{
	char old[TUNE_VALUE_MAX];

	(void)state;
	assert_int_equal(tune_set("/sys/block/loop0/queue/rq_affinity", "1", old, sizeof(old)), 0);
	assert_string_equal(old, "1");
	assert_int_equal(tune_pending(), 0);
}

static void test_restores_newest_first(void **state)
{
	(void)state;
	assert_int_equal(tune_set(VDC_RQA, "2", NULL, 0), 0);
	assert_int_equal(tune_set(VDC_RQA, "0", NULL, 0), 0);
	assert_int_equal(tune_set("/sys/block/loop0/queue/rq_affinity", "0", NULL, 0), 0);
	assert_int_equal(tune_pending(), 3);
	assert_string_equal(held(VDC_RQA), "0");
	/* Oldest last: vdc ends at the value found before any change. */
	assert_int_equal(tune_restore(), 0);
	assert_string_equal(held(VDC_RQA), "1");
	assert_string_equal(held("/sys/block/loop0/queue/rq_affinity"), "1");
}

static void test_failures_leave_nothing_to_restore(void **state)
{
	(void)state;
	/* Missing (a loop device without the file) and unwritable. */
	assert_int_equal(tune_set("/sys/block/nosuch/queue/rq_affinity", "2", NULL, 0), -ENOENT);
	assert_true(tune_set("/sys/block/sdz/queue/rq_affinity", "2", NULL, 0) < 0);
	assert_int_equal(tune_pending(), 0);
}

static void test_bracketed_choice(void **state)
{
	char old[TUNE_VALUE_MAX];

	(void)state;
	/* scheduler lists choices with the active one in brackets: that one
	 * is the value, and the one written back. */
	assert_int_equal(tune_set("/sys/block/sdz/queue/scheduler", "none", old, sizeof(old)), 0);
	assert_string_equal(old, "bfq");
	assert_int_equal(tune_set("/sys/block/vdc/queue/scheduler", "none", old, sizeof(old)), 0);
	assert_int_equal(tune_pending(), 1);   /* vdc already ran none */
	assert_int_equal(tune_restore(), 0);
	assert_string_equal(held("/sys/block/sdz/queue/scheduler"), "bfq");
}

static void test_restore_failure_is_counted(void **state)
{
	char path[512];

	(void)state;
	assert_int_equal(tune_set(VDC_RQA, "2", NULL, 0), 0);
	/* The file goes away under us (the device was unplugged). */
	assert_non_null(sysroot_path(path, sizeof(path), "%s", VDC_RQA));
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkdir(path, 0755), 0);
	assert_int_equal(tune_restore(), 1);
	assert_int_equal(tune_pending(), 0);
}

/* env.c's lines, collected. */
static char notes[8192];

static void collect(const char *line, void *arg)
{
	(void)arg;
	strncat(notes, line, sizeof(notes) - strlen(notes) - 2);
	strcat(notes, "\n");
}

static void env_ctx(struct proc_ctx *c, struct proc_hooks *h, const char *disk)
{
	memset(c, 0, sizeof(*c));
	memset(h, 0, sizeof(*h));
	h->note = collect;
	c->hooks = h;
	snprintf(c->tgt.disk, sizeof(c->tgt.disk), "%s", disk);
	snprintf(c->tgt.path, sizeof(c->tgt.path), "/dev/%s", disk);
	notes[0] = '\0';
}

static void test_env_checks_say_what_they_found(void **state)
{
	struct proc_ctx c;
	struct proc_hooks h;

	(void)state;
	env_ctx(&c, &h, "vdc");
	env_checks(&c);
	/* idle=halt then idle=poll: the last one counts. */
	assert_non_null(strstr(notes, "idle=poll    on the kernel command line"));
	assert_non_null(strstr(notes, "scheduler    none:"));
	assert_non_null(strstr(notes, "rq_affinity  1:"));
	assert_non_null(strstr(notes, "write cache  write back"));

	env_ctx(&c, &h, "loop0");
	env_checks(&c);
	assert_non_null(strstr(notes, "write cache  write through"));

	env_ctx(&c, &h, "");
	env_checks(&c);
	assert_non_null(strstr(notes, "the queue settings do not apply"));
}

static void test_irq_choice(void **state)
{
	struct irq_snapshot s;
	unsigned char allowed[8];
	int cpu = -1;

	(void)state;
	assert_int_equal(irq_snapshot_take("vdc", &s), 0);
	assert_int_equal(s.n, 3);             /* the config vector is not a queue */
	/* Any CPU: the one-CPU queue off CPU 0. */
	assert_int_equal(env_pick_irq(&s, NULL, 0, &cpu), 2);
	assert_int_equal(s.q[2].irq, 43);
	assert_int_equal(cpu, 3);
	/* CPUs 0-2 only: a single CPU (even CPU 0) beats a spread list. */
	memset(allowed, 0, sizeof(allowed));
	allowed[0] = allowed[1] = allowed[2] = 1;
	assert_int_equal(env_pick_irq(&s, allowed, 8, &cpu), 0);
	assert_int_equal(cpu, 0);
	/* CPU 2 only: the spread queue, on the CPU this process may use. */
	memset(allowed, 0, sizeof(allowed));
	allowed[2] = 1;
	assert_int_equal(env_pick_irq(&s, allowed, 8, &cpu), 1);
	assert_int_equal(cpu, 2);
	/* CPU 1 only: no queue lands there. */
	memset(allowed, 0, sizeof(allowed));
	allowed[1] = 1;
	assert_int_equal(env_pick_irq(&s, allowed, 8, &cpu), -1);
	irq_snapshot_free(&s);

	/* A loop device has no interrupts of its own. */
	assert_int_equal(irq_snapshot_take("loop0", &s), 0);
	assert_int_equal(s.found, IRQ_FOUND_NONE);
	assert_int_equal(env_pick_irq(&s, NULL, 0, &cpu), -1);
	irq_snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_set_and_restore, copy_tree, remove_tree),
		cmocka_unit_test_setup_teardown(test_unchanged_is_not_remembered, copy_tree,
						remove_tree),
		cmocka_unit_test_setup_teardown(test_restores_newest_first, copy_tree, remove_tree),
		cmocka_unit_test_setup_teardown(test_failures_leave_nothing_to_restore, copy_tree,
						remove_tree),
		cmocka_unit_test_setup_teardown(test_bracketed_choice, copy_tree, remove_tree),
		cmocka_unit_test_setup_teardown(test_restore_failure_is_counted, copy_tree,
						remove_tree),
		cmocka_unit_test_setup_teardown(test_env_checks_say_what_they_found, copy_tree,
						remove_tree),
		cmocka_unit_test_setup_teardown(test_irq_choice, copy_tree, remove_tree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
