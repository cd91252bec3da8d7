/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_cli.c - the command line through the switch and option tables:
 * every switch and job option as --x=v, --x v and fio's -x=v; -d with
 * fractions; flags that never take the word after them; and usage errors
 * that are one line and BLKTOP_USAGE. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli.h"
#include "options.h"
#include "procedures/registry.h"
#include "switches.h"
#include "util/status.h"

static char stderr_text[4096];

/* Parses the words given (argv[0] added), keeping what went to stderr. */
static int parse(struct cli_args *a, const char *first, ...)
{
	char *argv[64] = { "blktop" };
	int argc = 1;
	va_list ap;
	va_start(ap, first);
	for (const char *w = first; w && argc < 63; w = va_arg(ap, const char *))
		argv[argc++] = (char *)w;
	va_end(ap);

	FILE *tmp = tmpfile();
	assert_non_null(tmp);
	fflush(stderr);
	int saved = dup(STDERR_FILENO);
	dup2(fileno(tmp), STDERR_FILENO);
	int st = cli_parse(argc, argv, a);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(tmp);
	size_t n = fread(stderr_text, 1, sizeof(stderr_text) - 1, tmp);
	stderr_text[n] = '\0';
	fclose(tmp);
	return st;
}

static int lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* fio's rule: options before the first --name are global, each --name
 * starts a job of its own; --run's MODE and TARGET are every job's. */
static void test_names_and_global(void **state)
{
	static struct cli_args a;
	(void)state;
	assert_int_equal(parse(&a, "--run", "read", "vdc", "--size=2m", "--bs=8k", "--name=a",
			       "--iodepth=4", "--name=b", "--size=1m", "--name", "c", NULL),
			 BLKTOP_OK);
	assert_int_equal(a.nmore, 2);
	assert_string_equal(a.more[0].name, "a");
	assert_int_equal(a.more[0].size, 2 << 20);
	assert_int_equal(a.more[0].iodepth, 4);
	assert_string_equal(a.more[1].name, "b");
	assert_int_equal(a.more[1].size, 1 << 20);
	assert_int_equal(a.more[1].iodepth, 1);
	assert_int_equal(a.more[1].bs, 8192);
	assert_string_equal(a.job.name, "c");
	assert_int_equal(a.job.size, 2 << 20);
	for (int k = 0; k < 2; k++)
		assert_string_equal(a.more[k].filename, "vdc");
	assert_string_equal(a.job.filename, "vdc");
	/* One --name: one job, as before. */
	assert_int_equal(parse(&a, "--run", "write", "vdc", "--name=w", NULL), BLKTOP_OK);
	assert_int_equal(a.nmore, 0);
	assert_int_equal(a.job.rw, RW_WRITE);
	/* --section and --readonly are kept for the job file. */
	assert_int_equal(parse(&a, "--job", "x.fio", "--section=a", "--section", "b", "--readonly",
			       NULL), BLKTOP_OK);
	assert_int_equal(a.nsections, 2);
	assert_string_equal(a.sections[1], "b");
	assert_true(a.readonly);
}

static void test_job_option_forms(void **state)
{
	struct cli_args a;
	(void)state;
	/* --x=v, --x v and -x=v, -x v all set the option. */
	assert_int_equal(parse(&a, "--run", "randread", "vdc", "--bs=8k", NULL), BLKTOP_OK);
	assert_int_equal(a.job.bs, 8192);
	assert_int_equal(parse(&a, "--run", "randread", "vdc", "--bs", "16k", NULL), BLKTOP_OK);
	assert_int_equal(a.job.bs, 16384);
	assert_string_equal(a.job.filename, "vdc");
	assert_int_equal(parse(&a, "--run", "randread", "-bs=32k", "-iodepth", "4", "vdc", NULL),
			 BLKTOP_OK);
	assert_int_equal(a.job.bs, 32768);
	assert_int_equal(a.job.iodepth, 4);
	assert_string_equal(a.job.filename, "vdc");
	assert_true(job_option_given(&a.job, "bs"));
	assert_false(job_option_given(&a.job, "numjobs"));
	/* An alias, in the space form. */
	assert_int_equal(parse(&a, "--run", "read", "--blocksize", "1m", "vdc", NULL), BLKTOP_OK);
	assert_int_equal(a.job.bs, 1 << 20);
}

static void test_switch_forms(void **state)
{
	struct cli_args a;
	(void)state;
	assert_int_equal(parse(&a, "--delay", "2", NULL), BLKTOP_OK);
	assert_int_equal(a.delay_ms, 2000);
	assert_int_equal(parse(&a, "--delay=3", NULL), BLKTOP_OK);
	assert_int_equal(a.delay_ms, 3000);
	assert_int_equal(parse(&a, "-delay=4", NULL), BLKTOP_OK);
	assert_int_equal(a.delay_ms, 4000);
	assert_int_equal(parse(&a, "-d", "0.5", NULL), BLKTOP_OK);
	assert_int_equal(a.delay_ms, 500);
	assert_int_equal(parse(&a, "-d=1.25", NULL), BLKTOP_OK);
	assert_int_equal(a.delay_ms, 1250);
	assert_int_equal(parse(&a, "-d", "250ms", NULL), BLKTOP_OK);
	assert_int_equal(a.delay_ms, 250);
	assert_int_equal(parse(&a, "--lat-limit", "800", "--sweep", "numjobs", "vdc", NULL),
			 BLKTOP_OK);
	assert_int_equal(a.lat_limit_us, 800);
	assert_int_equal(a.mode, MODE_SWEEP);
	assert_string_equal(a.procedure, "numjobs");
	assert_int_equal(parse(&a, "--lat-limit=900", "--sweep=bs", "vdc", NULL), BLKTOP_OK);
	assert_int_equal(a.lat_limit_us, 900);
	assert_string_equal(a.procedure, "bs");
	assert_int_equal(parse(&a, "--batch", "--run", "read", "vdc", "--output", "r.json",
			       "--output-format", "json", NULL), BLKTOP_OK);
	assert_string_equal(a.output_file, "r.json");
	assert_int_equal(a.format, OUTPUT_JSON);
	assert_int_equal(parse(&a, "-output=x", "-output-format=csv", "--list", NULL), BLKTOP_OK);
	assert_string_equal(a.output_file, "x");
	assert_int_equal(a.format, OUTPUT_CSV);
	assert_int_equal(a.mode, MODE_LIST);
	assert_int_equal(parse(&a, "--job", "f.fio", NULL), BLKTOP_OK);
	assert_string_equal(a.jobfile, "f.fio");
	assert_int_equal(parse(&a, "--run=write", "vdc", NULL), BLKTOP_OK);
	assert_string_equal(a.run_mode, "write");
	assert_int_equal(a.job.rw, RW_WRITE);
	assert_int_equal(parse(&a, "-h", NULL), BLKTOP_OK);
	assert_int_equal(a.mode, MODE_HELP);
	assert_int_equal(parse(&a, "--version", NULL), BLKTOP_OK);
	assert_int_equal(a.mode, MODE_VERSION);
}

/* Flags never swallow the word after them: it stays the target. */
static void test_flags_before_positionals(void **state)
{
	struct cli_args a;
	(void)state;
	assert_int_equal(parse(&a, "--run", "--batch", "read", "--force", "vdc", NULL), BLKTOP_OK);
	assert_true(a.batch);
	assert_true(a.force);
	assert_string_equal(a.run_mode, "read");
	assert_string_equal(a.job.filename, "vdc");
	assert_int_equal(parse(&a, "--run", "read", "--time_based", "vdc", NULL), BLKTOP_OK);
	assert_true(a.job.time_based);
	assert_string_equal(a.job.filename, "vdc");
	assert_int_equal(parse(&a, "--suite", "vdc", NULL), BLKTOP_OK);
	assert_string_equal(a.procedure, "seven");
	assert_string_equal(a.job.filename, "vdc");
	assert_int_equal(parse(&a, "--profile", "--batch", "latency", "vdc", NULL), BLKTOP_OK);
	assert_string_equal(a.procedure, "latency");
	assert_string_equal(a.job.filename, "vdc");
	assert_int_equal(parse(&a, "--scratch", "--run", "read", NULL), BLKTOP_OK);
	assert_true(a.scratch);
	assert_null(a.scratch_size);
	assert_int_equal(parse(&a, "--scratch=64m", "--demo", NULL), BLKTOP_OK);
	assert_string_equal(a.scratch_size, "64m");
}

static void expect_usage(struct cli_args *a, int st, const char *word)
{
	assert_int_equal(st, BLKTOP_USAGE);
	assert_int_equal(lines(stderr_text), 1);
	assert_non_null(strstr(stderr_text, word));
	(void)a;
}

static void test_usage_errors(void **state)
{
	struct cli_args a;
	(void)state;
	expect_usage(&a, parse(&a, "--bogus", NULL), "--bogus");
	expect_usage(&a, parse(&a, "-x", NULL), "-x");
	expect_usage(&a, parse(&a, "--d", "1", NULL), "--d");
	expect_usage(&a, parse(&a, "--", NULL), "--");
	expect_usage(&a, parse(&a, "--run", "read", "vdc", "--bs", NULL), "bs");
	expect_usage(&a, parse(&a, "--run", "read", "vdc", "--bs", "huge", NULL), "huge");
	expect_usage(&a, parse(&a, "-d", "0.05", NULL), "0.05");
	expect_usage(&a, parse(&a, "-d", "1,5", NULL), "1,5");
	expect_usage(&a, parse(&a, "-d", NULL), "-d");
	expect_usage(&a, parse(&a, "--delay", "x", NULL), "x");
	expect_usage(&a, parse(&a, "--batch=1", NULL), "--batch");
	expect_usage(&a, parse(&a, "--run", "vdc", NULL), "vdc");
	expect_usage(&a, parse(&a, "--output-format", "xml", NULL), "xml");
	expect_usage(&a, parse(&a, "--output", NULL), "--output");
	expect_usage(&a, parse(&a, "--lat-limit", "0", "--sweep", "numjobs", "vdc", NULL), "0");
	expect_usage(&a, parse(&a, "--run", "read", "a", "b", NULL), "b");
}

static void test_delay_parser(void **state)
{
	unsigned long long ms;
	(void)state;
	assert_int_equal(parse_delay_ms("0.1", &ms), 0);
	assert_int_equal(ms, 100);
	assert_int_equal(parse_delay_ms("10", &ms), 0);
	assert_int_equal(ms, 10000);
	assert_int_equal(parse_delay_ms("2.0005", &ms), 0);
	assert_int_equal(ms, 2000);
	assert_int_equal(parse_delay_ms(".5", &ms), -1);
	assert_int_equal(parse_delay_ms("1.", &ms), -1);
	assert_int_equal(parse_delay_ms("1.5x", &ms), -1);
	assert_int_equal(parse_delay_ms("-1", &ms), -1);
	assert_int_equal(parse_delay_ms(NULL, &ms), -1);
}

/* Every row: found by its names, parsed in the form --help shows. */
static void test_switch_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < blktop_switches_count; i++) {
		const struct blktop_switch *s = &blktop_switches[i];
		char form[128];
		assert_non_null(s->help);
		assert_non_null(s->parse);
		assert_ptr_equal(switch_find(s->name), s);
		if (s->short_name) {
			char c[2] = { s->short_name, 0 };
			assert_ptr_equal(switch_find(c), s);
		}
		assert_null(job_option_find(s->name)); /* no name in both tables */
		switch_usage_form(s, form, sizeof(form));
		assert_non_null(strstr(form, s->name));
	}
}

/* Every procedure of the registry is found by its switch and name, and
 * the switches offer exactly the registry's names. */
static void test_registry(void **state)
{
	struct cli_args a;
	size_t seen[3] = { 0, 0, 0 };
	(void)state;
	for (size_t i = 0; i < PROC_KIND_COUNT; i++) {
		const struct proc_entry *e = &proc_registry[i];
		char sw[32], choices[256];
		assert_ptr_equal(proc_entry_find(e->family, e->name), e);
		assert_ptr_equal(proc_entry_of(e->kind), e);
		assert_non_null(e->what);
		assert_non_null(e->title);
		snprintf(sw, sizeof(sw), "--%s=%s", proc_family_switch(e->family), e->name);
		assert_int_equal(parse(&a, sw, "vdc", NULL), BLKTOP_OK);
		assert_string_equal(a.procedure, e->name);
		switch_choices_text(switch_find(proc_family_switch(e->family)), " ", choices,
				    sizeof(choices));
		assert_non_null(strstr(choices, e->name));
		seen[e->family]++;
	}
	assert_true(seen[PROC_PROFILE] && seen[PROC_SUITE] && seen[PROC_SWEEP]);
	assert_null(proc_entry_find(PROC_PROFILE, "seven"));
	assert_int_equal(parse(&a, "--suite", "vdc", NULL), BLKTOP_OK);
	assert_true(proc_entry_find(PROC_SUITE, a.procedure)->family_default);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_job_option_forms),
		cmocka_unit_test(test_switch_forms),
		cmocka_unit_test(test_flags_before_positionals),
		cmocka_unit_test(test_usage_errors),
		cmocka_unit_test(test_delay_parser),
		cmocka_unit_test(test_switch_table),
		cmocka_unit_test(test_names_and_global),
		cmocka_unit_test(test_registry),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
