/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_util.c - the bottom layer's parsers and helpers: the CPU-list
 * grammar (ranges, white space, what is cut at nbits, what is refused),
 * the copy that cuts to fit, and the trims; and the run control's
 * first-stop-wins rules, which every front end's exit status rests on. */
#include "config.h"

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/cpulist.h"
#include "util/runctl.h"
#include "util/str.h"

static void test_cpulist_ranges(void **state)
{
	unsigned char bits[16];

	(void)state;
	assert_int_equal(cpulist_parse("0-3,6", bits, 16), 5);
	assert_true(bits[0] && bits[1] && bits[2] && bits[3]);
	assert_false(bits[4] || bits[5]);
	assert_true(bits[6]);
	/* A CPU named twice counts once. */
	assert_int_equal(cpulist_parse("2,2,1-2", bits, 16), 2);
	/* The kernel's files end with a newline. */
	assert_int_equal(cpulist_parse("1, 2\n", bits, 16), 2);
	assert_int_equal(cpulist_parse(" 7 ", bits, 16), 1);
	assert_true(bits[7]);
}

static void test_cpulist_empty_and_cut(void **state)
{
	unsigned char bits[16];

	(void)state;
	memset(bits, 0xff, sizeof(bits));
	assert_int_equal(cpulist_parse("", bits, 16), 0);
	for (int i = 0; i < 16; i++)
		assert_int_equal(bits[i], 0);
	/* CPUs past nbits are left out, not refused. */
	assert_int_equal(cpulist_parse("0-100", bits, 16), 16);
	assert_int_equal(cpulist_parse("20", bits, 16), 0);
}

static void test_cpulist_refused(void **state)
{
	unsigned char bits[16];
	static const char *const bad[] = { "3-1", "a", "-1", "1-", "1,,2x", "1;2", "0-3:1" };

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		print_message("%s\n", bad[i]);
		assert_int_equal(cpulist_parse(bad[i], bits, 16), -1);
	}
}

static void test_str_copy(void **state)
{
	char small[4], exact[6];

	(void)state;
	memset(small, 'x', sizeof(small));
	str_copy(small, sizeof(small), "abcdef");
	assert_string_equal(small, "abc");
	str_copy(exact, sizeof(exact), "hello");
	assert_string_equal(exact, "hello");
	str_copy(small, sizeof(small), "");
	assert_string_equal(small, "");
	/* A source without a NUL inside the part copied is not read past it. */
	const char unterminated[3] = { 'a', 'b', 'c' };
	str_copy(small, 3, unterminated);
	assert_string_equal(small, "ab");
}

static void test_str_trim(void **state)
{
	char a[] = "  ATA  Disk \t\r\n";
	char b[] = "\t";
	char c[] = "x";
	char d[] = "  lead kept\n";

	(void)state;
	assert_ptr_equal(str_trim(a), a);
	assert_string_equal(a, "ATA  Disk");
	assert_string_equal(str_trim(b), "");
	assert_string_equal(str_trim(c), "x");
	assert_string_equal(str_trim_end(d), "  lead kept");
}

static void test_runctl_first_wins(void **state)
{
	struct runctl parent, run;

	(void)state;
	runctl_init(&parent, NULL);
	runctl_init(&run, &parent);
	assert_false(runctl_stopped(&run));
	assert_int_equal(runctl_cause(&run), RUNCTL_RUNNING);
	assert_string_equal(runctl_why(&run), "");

	/* The run's own error stops the run, not its caller. */
	assert_true(runctl_stop(&run, RUNCTL_ERROR, 0, "I/O error"));
	assert_true(runctl_stopped(&run));
	assert_false(runctl_stopped(&parent));
	assert_false(runctl_stop(&run, RUNCTL_USER, 0, "stop key"));
	assert_int_equal(runctl_cause(&run), RUNCTL_ERROR);
	assert_string_equal(runctl_why(&run), "I/O error");
	assert_int_equal(runctl_signo(&run), 0);

	/* A signal to the caller reaches the run, and names the status. */
	assert_true(runctl_stop(&parent, RUNCTL_SIGNAL, SIGINT, "signal"));
	assert_false(runctl_stop(&parent, RUNCTL_SIGNAL, SIGTERM, "signal"));
	assert_int_equal(runctl_signo(&parent), SIGINT);
	assert_int_equal(runctl_signo(&run), SIGINT);
}

static void test_runctl_never_reset(void **state)
{
	struct runctl proc, step;

	(void)state;
	runctl_init(&proc, NULL);
	/* A stop that comes between two runs still holds for the next one:
	 * the next run's control starts under the stopped one. */
	runctl_stop(&proc, RUNCTL_SIGNAL, SIGINT, "signal");
	runctl_init(&step, &proc);
	assert_true(runctl_stopped(&step));
	assert_int_equal(runctl_cause(&step), RUNCTL_SIGNAL);
	/* A stop with no signal first, then a signal: the cause stays, the
	 * signal is still recorded for the exit status. */
	struct runctl user;
	runctl_init(&user, NULL);
	runctl_stop(&user, RUNCTL_USER, 0, "stop key");
	runctl_stop(&user, RUNCTL_SIGNAL, SIGHUP, "signal");
	assert_int_equal(runctl_cause(&user), RUNCTL_USER);
	assert_int_equal(runctl_signo(&user), SIGHUP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpulist_ranges),
		cmocka_unit_test(test_cpulist_empty_and_cut),
		cmocka_unit_test(test_cpulist_refused),
		cmocka_unit_test(test_str_copy),
		cmocka_unit_test(test_str_trim),
		cmocka_unit_test(test_runctl_first_wins),
		cmocka_unit_test(test_runctl_never_reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
