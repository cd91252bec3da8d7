/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_jobfile.c - the job-file reader, one test per rule in jobfile.h:
 * sections and [global], comments and whitespace, values and their
 * errors (the language beyond these is in test_jobfile_lang.c). */
#include "config.h"
#include "jobfile.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "options.h"

#include "jobfile_testlib.h"


static void test_global_applies(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\nbs=8k\nrw=randread\niodepth=16\n"
			       "[a]\n[b]\n", &set), 0);
	assert_int_equal(set.njobs, 2);
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(set.jobs[i].bs, 8192);
		assert_int_equal(set.jobs[i].rw, RW_RANDREAD);
		assert_int_equal(set.jobs[i].iodepth, 16);
	}
	assert_string_equal(set.jobs[0].name, "a");
	assert_string_equal(set.jobs[1].name, "b");
	job_set_free(&set);
}

static void test_defaults_without_global(void **state)
{
	struct job_set set = { 0 };
	struct job_spec def;

	(void)state;
	job_defaults(&def);
	assert_int_equal(parse("[only]\n", &set), 0);
	assert_int_equal(set.njobs, 1);
	assert_int_equal(set.jobs[0].bs, def.bs);
	assert_int_equal(set.jobs[0].direct, def.direct);
	assert_int_equal(set.jobs[0].ioengine, def.ioengine);
	assert_string_equal(set.jobs[0].name, "only");
	assert_string_equal(set.jobs[0].filename, "");
	job_set_free(&set);
}

static void test_override(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\nbs=8k\nnumjobs=4\n"
			       "[big]\nbs=1m\n"
			       "[plain]\n", &set), 0);
	assert_int_equal(set.njobs, 2);
	assert_int_equal(set.jobs[0].bs, 1 << 20);
	assert_int_equal(set.jobs[0].numjobs, 4);
	/* The override stays in its own section. */
	assert_int_equal(set.jobs[1].bs, 8192);
	job_set_free(&set);
}

static void test_later_value_wins(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[a]\nbs=4k\nbs=16k\n", &set), 0);
	assert_int_equal(set.jobs[0].bs, 16384);
	job_set_free(&set);
}

static void test_multiple_globals(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\nbs=8k\niodepth=4\n"
			       "[one]\n"
			       "[global]\nbs=64k\n"
			       "[two]\n", &set), 0);
	assert_int_equal(set.njobs, 2);
	/* A later [global] does not reach back... */
	assert_int_equal(set.jobs[0].bs, 8192);
	/* ...and adds to the earlier one rather than resetting it. */
	assert_int_equal(set.jobs[1].bs, 65536);
	assert_int_equal(set.jobs[1].iodepth, 4);
	job_set_free(&set);
}

static void test_global_prefix(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	/* fio takes every section named global* as global. */
	assert_int_equal(parse("[global-defaults]\nbs=8k\n[job]\n", &set), 0);
	assert_int_equal(set.njobs, 1);
	assert_int_equal(set.jobs[0].bs, 8192);
	job_set_free(&set);
}

static void test_comments(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("; a comment\n"
			       "# another\n"
			       "   ; indented\n"
			       "\t# tab-indented\n"
			       "[global] ; after a header\n"
			       "bs=8k ; after a value\n"
			       "[job]# glued to a header\n"
			       "iodepth=8# glued to a value\n"
			       "rw=randwrite   ;\n"
			       ";bs=1m\n"
			       "#iodepth=99\n", &set), 0);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0].name, "job");
	assert_int_equal(set.jobs[0].bs, 8192);
	assert_int_equal(set.jobs[0].iodepth, 8);
	assert_int_equal(set.jobs[0].rw, RW_RANDWRITE);
	job_set_free(&set);
}

static void test_comment_cuts_value(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	/* As in fio, '#' cannot be part of a value. */
	assert_int_equal(parse("[j]\nfilename=/tmp/a#b\n", &set), 0);
	assert_string_equal(set.jobs[0].filename, "/tmp/a");
	job_set_free(&set);
}

static void test_blank_and_whitespace(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("\n\n   \n\t\n"
			       "  [global]  \n"
			       "\n"
			       "  bs = 8k  \n"
			       "\tiodepth\t=\t32\t\n"
			       "rw= read\n"
			       "numjobs =2\n"
			       "\n\n"
			       "[  spaced  ]\n"
			       "   \n", &set), 0);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0].name, "spaced");
	assert_int_equal(set.jobs[0].bs, 8192);
	assert_int_equal(set.jobs[0].iodepth, 32);
	assert_int_equal(set.jobs[0].rw, RW_READ);
	assert_int_equal(set.jobs[0].numjobs, 2);
	job_set_free(&set);
}

static void test_crlf_and_bom(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("\xef\xbb\xbf[global]\r\nbs=8k\r\n[win]\r\n"
			       "filename=/dev/loop-scratch\r\n", &set), 0);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0].name, "win");
	assert_string_equal(set.jobs[0].filename, "/dev/loop-scratch");
	assert_int_equal(set.jobs[0].bs, 8192);
	job_set_free(&set);
}

static void test_no_final_newline(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[a]\nbs=8k", &set), 0);
	assert_int_equal(set.jobs[0].bs, 8192);
	job_set_free(&set);
}

static void test_bare_bools(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\ndirect=0\ngroup_reporting=0\nnorandommap=0\n"
			       "[a]\nstonewall\ngroup_reporting\ntime_based\n"
			       "norandommap\nrefill_buffers\ndirect\nrandrepeat=0\n"
			       "[b]\n", &set), 0);
	assert_int_equal(set.njobs, 2);
	assert_true(set.jobs[0].stonewall);
	assert_true(set.jobs[0].group_reporting);
	assert_true(set.jobs[0].time_based);
	assert_true(set.jobs[0].norandommap);
	assert_true(set.jobs[0].refill_buffers);
	assert_true(set.jobs[0].direct);
	assert_false(set.jobs[0].randrepeat);
	assert_false(set.jobs[1].stonewall);
	assert_false(set.jobs[1].direct);
	assert_false(set.jobs[1].group_reporting);
	job_set_free(&set);
}

static void test_bool_spellings(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[a]\ntime_based=true\nstonewall=yes\nnew_group=on\n"
			       "direct=false\n", &set), 0);
	assert_true(set.jobs[0].time_based);
	assert_true(set.jobs[0].stonewall);
	assert_true(set.jobs[0].new_group);
	assert_false(set.jobs[0].direct);
	job_set_free(&set);
}

static void test_stonewall_per_section(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[w1]\nrw=write\n[w2]\nrw=write\n"
			       "[r1]\nstonewall\nrw=read\n[r2]\nrw=read\n"
			       "[x]\nwait_for_previous\n", &set), 0);
	assert_int_equal(set.njobs, 5);
	assert_false(set.jobs[0].stonewall);
	assert_false(set.jobs[1].stonewall);
	assert_true(set.jobs[2].stonewall);
	assert_false(set.jobs[3].stonewall);
	assert_true(set.jobs[4].stonewall);  /* fio's alias */
	job_set_free(&set);
}

static void test_global_stonewall(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	/* In [global] it reaches every section, as in fio: all run in turn. */
	assert_int_equal(parse("[global]\nstonewall\n[a]\n[b]\n[c]\nstonewall=0\n", &set), 0);
	assert_true(set.jobs[0].stonewall);
	assert_true(set.jobs[1].stonewall);
	assert_false(set.jobs[2].stonewall);
	job_set_free(&set);
}

static void test_numjobs(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\nnumjobs=16\n[a]\n[b]\nnumjobs=3\n", &set), 0);
	/* One job per section: the runner makes the clones. */
	assert_int_equal(set.njobs, 2);
	assert_int_equal(set.jobs[0].numjobs, 16);
	assert_int_equal(set.jobs[1].numjobs, 3);
	job_set_free(&set);
	expect_error("[a]\nnumjobs=0\n", "t.fio:2: numjobs:");
	expect_error("[a]\nnumjobs=-1\n", "t.fio:2: numjobs:");
}

static void test_cpus_allowed(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\ncpus_allowed=0-1\ncpus_allowed_policy=split\n"
			       "[d1]\ncpus_allowed=0-8\n"
			       "[d2]\ncpus_allowed=9-16,20\n"
			       "[d3]\n", &set), 0);
	assert_int_equal(set.njobs, 3);
	assert_string_equal(set.jobs[0].cpus_allowed, "0-8");
	assert_string_equal(set.jobs[1].cpus_allowed, "9-16,20");
	assert_string_equal(set.jobs[2].cpus_allowed, "0-1");
	assert_int_equal(set.jobs[2].cpus_policy, CPUS_SPLIT);
	job_set_free(&set);
}

static void test_filename_list(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[multi]\nfilename=/dev/loop-a:/dev/loop-b:/dev/loop-c\n"
			       "[dir]\ndirectory=/mnt/scratch\nsize=1g\n", &set), 0);
	assert_int_equal(set.njobs, 2);
	/* Kept whole: one job using every file, as fio does. */
	assert_string_equal(set.jobs[0].filename, "/dev/loop-a:/dev/loop-b:/dev/loop-c");
	assert_string_equal(set.jobs[1].directory, "/mnt/scratch");
	assert_int_equal(set.jobs[1].size, 1ULL << 30);
	job_set_free(&set);
}

static void test_value_with_equals(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	/* Only the first '=' separates key from value. */
	assert_int_equal(parse("[a]\nfilename=/tmp/x=y\n", &set), 0);
	assert_string_equal(set.jobs[0].filename, "/tmp/x=y");
	job_set_free(&set);
}

static void test_names(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	/* fio: the section name wins over a global name=, a name= in the
	 * section wins over both; repeated section names make two jobs. */
	assert_int_equal(parse("[global]\nname=jicki\n"
			       "[file1]\n[file1]\n[file2]\nname=renamed\n", &set), 0);
	assert_int_equal(set.njobs, 3);
	assert_string_equal(set.jobs[0].name, "file1");
	assert_string_equal(set.jobs[1].name, "file1");
	assert_string_equal(set.jobs[2].name, "renamed");
	job_set_free(&set);
}

static void test_aliases_and_table_options(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[a]\nreadwrite=randrw\nblocksize=16k\nrwmixwrite=30\n"
			       "runtime=2m\nramp_time=500ms\nioengine=psync\n"
			       "io_limit=1g\noffset=4k\nrate_iops=100\nrandseed=42\n"
			       "status-interval=5\n", &set), 0);
	assert_int_equal(set.jobs[0].rw, RW_RANDRW);
	assert_int_equal(set.jobs[0].bs, 16384);
	assert_int_equal(set.jobs[0].rwmixread, 70);
	assert_int_equal(set.jobs[0].runtime_ms, 120000);
	assert_int_equal(set.jobs[0].ramp_ms, 500);
	assert_int_equal(set.jobs[0].ioengine, ENGINE_PSYNC);
	assert_int_equal(set.jobs[0].io_size, 1ULL << 30);
	assert_int_equal(set.jobs[0].offset, 4096);
	assert_int_equal(set.jobs[0].rate_iops[DIR_READ], 100);
	assert_int_equal(set.jobs[0].rate_iops[DIR_WRITE], 100);
	assert_int_equal(set.jobs[0].randseed, 42);
	assert_true(job_option_given(&set.jobs[0], "randseed"));
	assert_int_equal(set.jobs[0].status_interval_ms, 5000);
	job_set_free(&set);
}

static void test_ignored_keys(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\nthread\nthread=1\ndescription=a test run\n"
			       "[a]\nthread=0\n", &set), 0);
	assert_int_equal(set.njobs, 1);
	job_set_free(&set);
	expect_error("[a]\nthread=maybe\n", "t.fio:2: thread: 'maybe' is not 0 or 1");
}

static void test_unknown_key(void **state)
{
	(void)state;
	expect_error("[global]\nbs=4k\n[job]\nfoo=bar\n", "t.fio:4: unknown option 'foo'");
	expect_error("[job]\n\n\n  read_iolog = x  \n", "t.fio:4: unknown option 'read_iolog'");
	expect_error("[job]\nioscheduler=none\n", "t.fio:2: unknown option 'ioscheduler'");
	/* include is fio's: the file it names must exist (test_include). */
	expect_error("[job]\ninclude other.fio\n", "t.fio:2: include other.fio: No such file");
	/* Keys are fio's, spelled exactly. */
	expect_error("[job]\nBS=4k\n", "t.fio:2: unknown option 'BS'");
	expect_error("[job]\n--bs=4k\n", "t.fio:2: unknown option '--bs'");
	/* Bare and in [global] too. */
	expect_error("[global]\nbogus\n[j]\n", "t.fio:2: unknown option 'bogus'");
}

static void test_unknown_key_exact_text(void **state)
{
	struct job_set set = { 0 };
	char err[ERRLEN];

	(void)state;
	assert_int_equal(parse_err("[job]\nfoo=bar\n", &set, err), -1);
	assert_string_equal(err, "t.fio:2: unknown option 'foo'");
}

static void test_bad_values(void **state)
{
	(void)state;
	expect_error("[a]\n\nbs=abc\n", "t.fio:3: bs: 'abc' is not");
	expect_error("[a]\nrw=sideways\n", "t.fio:2: rw: unknown value 'sideways'");
	expect_error("[a]\niodepth=0\n", "t.fio:2: iodepth:");
	expect_error("[a]\nruntime=10x\n", "t.fio:2: runtime:");
	expect_error("[a]\nrwmixread=101\n", "t.fio:2: rwmixread:");
	expect_error("[a]\nioengine=posixaio\n", "t.fio:2: ioengine: unknown value 'posixaio'");
	expect_error("[global]\nbs=1\n[a]\n", "t.fio:2: bs:");
	/* An empty value is not 1. */
	expect_error("[a]\ndirect=\n", "t.fio:2: direct: '' is not 0 or 1");
	expect_error("[a]\nbs=\n", "t.fio:2: bs: '' is not");
}

static void test_missing_value(void **state)
{
	(void)state;
	expect_error("[a]\nbs\n", "t.fio:2: option 'bs' needs a value (bs=VALUE)");
	expect_error("[a]\nfilename\n", "t.fio:2: option 'filename' needs a value");
	expect_error("[a]\nrwmixwrite\n", "t.fio:2: option 'rwmixwrite' needs a value");
}

static void test_malformed_lines(void **state)
{
	(void)state;
	expect_error("bs=4k\n[a]\n", "t.fio:1: option 'bs' comes before the first [section]");
	expect_error("\n; c\nstonewall\n", "t.fio:3: option 'stonewall'");
	expect_error("[a]\n=4k\n", "t.fio:2: '=' with no option name");
	expect_error("[a]\n  = \n", "t.fio:2: '=' with no option name");
	expect_error("[a\nbs=4k\n", "t.fio:1: section header '[a' does not end with ']'");
	expect_error("[a]\n[\n", "t.fio:2: section header '[' does not end with ']'");
	expect_error("[a]\n[]\n", "t.fio:2: empty section name");
	expect_error("[ \t]\n", "t.fio:1: empty section name");
	expect_error("[a] bs=4k\n", "t.fio:1: section header '[a] bs=4k' does not end");
}

static void test_nul_byte(void **state)
{
	char err[ERRLEN];
	static const char text[] = "[a]\nbs=4k\0junk\n";
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(jobfile_parse_buffer("t.fio", text, sizeof(text) - 1, &set, err,
					      sizeof(err)), -1);
	assert_string_equal(err, "t.fio:2: NUL byte in the line: not a text file");
	assert_int_equal(set.njobs, 0);
}

static void test_section_name_length(void **state)
{
	char text[256];
	struct job_set set = { 0 };

	(void)state;
	/* JOB_NAME_MAX - 1 characters fit... */
	snprintf(text, sizeof(text), "[%.*s]\n", JOB_NAME_MAX - 1,
		 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
	assert_int_equal(parse(text, &set), 0);
	assert_int_equal(strlen(set.jobs[0].name), JOB_NAME_MAX - 1);
	job_set_free(&set);
	/* ...one more does not. */
	snprintf(text, sizeof(text), "[%.*s]\n", JOB_NAME_MAX,
		 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
	expect_error(text, "t.fio:1: section name 'xxx");
	/* A long name in [global] is overridden by each section's, as fio. */
	snprintf(text, sizeof(text), "[global]\nname=%.*s\n[a]\n", JOB_NAME_MAX,
		 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
	expect_error(text, "t.fio:2: name: value longer than");
}

static void test_section_without_options(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\nbs=8k\n[empty1]\n[empty2]\n; nothing\n[empty3]\n",
			       &set), 0);
	assert_int_equal(set.njobs, 3);
	assert_string_equal(set.jobs[2].name, "empty3");
	assert_int_equal(set.jobs[2].bs, 8192);
	job_set_free(&set);
}

static void test_no_jobs(void **state)
{
	char err[ERRLEN];
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(jobfile_parse_buffer("t.fio", "", 0, &set, err, sizeof(err)), -1);
	assert_string_equal(err, "t.fio: no job sections (a job file needs at least "
				 "one [name] other than [global])");
	expect_error("\n\n  \n", "t.fio: no job sections");
	expect_error("; only comments\n# here\n", "t.fio: no job sections");
	expect_error("[global]\nbs=4k\n", "t.fio: no job sections");
	expect_error("[global]\n[global2]\n", "t.fio: no job sections");
}

static void test_long_lines(void **state)
{
	size_t big = 1 << 20;
	char *text = malloc(big + 64);
	struct job_set set = { 0 };

	(void)state;
	assert_non_null(text);
	/* A megabyte-long comment is only a comment. */
	strcpy(text, "[a]\n;");
	memset(text + 5, 'c', big);
	strcpy(text + 5 + big, "\nbs=8k\n");
	assert_int_equal(parse(text, &set), 0);
	assert_int_equal(set.jobs[0].bs, 8192);
	job_set_free(&set);

	/* A value longer than its field is refused, not cut. */
	strcpy(text, "[a]\nfilename=");
	memset(text + 13, 'f', big);
	strcpy(text + 13 + big, "\n");
	expect_error(text, "t.fio:2: filename: value longer than");

	/* A megabyte-long key is reported, and the message stays one line. */
	strcpy(text, "[a]\n");
	memset(text + 4, 'k', big);
	strcpy(text + 4 + big, "=1\n");
	expect_error(text, "t.fio:2: unknown option 'kkkk");

	/* A megabyte-long numeric value overflows cleanly. */
	strcpy(text, "[a]\niodepth=");
	memset(text + 12, '9', big);
	strcpy(text + 12 + big, "\n");
	expect_error(text, "t.fio:2: iodepth:");
	free(text);
}

static void test_too_many_sections(void **state)
{
	size_t n = 4097;
	char *text = malloc(n * 4 + 1);
	struct job_set set = { 0 };

	(void)state;
	assert_non_null(text);
	for (size_t i = 0; i < n; i++)
		memcpy(text + i * 4, "[j]\n", 4);
	text[(n - 1) * 4] = '\0';
	assert_int_equal(parse(text, &set), 0);
	assert_int_equal(set.njobs, 4096);
	job_set_free(&set);
	text[(n - 1) * 4] = '[';
	text[n * 4] = '\0';
	expect_error(text, "t.fio:4097: more than 4096 job sections");
	free(text);
}

static void test_appends_and_keeps_set_on_error(void **state)
{
	struct job_set set = { 0 };
	struct job_spec cli;

	(void)state;
	job_defaults(&cli);
	strcpy(cli.name, "from-cli");
	assert_int_equal(job_set_add(&set, &cli), 0);
	set.force = true;

	assert_int_equal(parse("[a]\n[b]\nbogus=1\n", &set), -1);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0].name, "from-cli");

	assert_int_equal(parse("[a]\n[b]\n", &set), 0);
	assert_int_equal(set.njobs, 3);
	assert_string_equal(set.jobs[0].name, "from-cli");
	assert_string_equal(set.jobs[1].name, "a");
	assert_string_equal(set.jobs[2].name, "b");
	assert_true(set.force);
	job_set_free(&set);
}

static void test_small_err_buffer(void **state)
{
	char small[8];
	struct job_set set = { 0 };

	(void)state;
	memset(small, 'z', sizeof(small));
	assert_int_equal(jobfile_parse_buffer("t.fio", "[a]\nfoo\n", 8, &set, small,
					      sizeof(small)), -1);
	assert_string_equal(small, "t.fio:2");
	assert_int_equal(jobfile_parse_buffer("t.fio", "[a]\nfoo\n", 8, &set, NULL, 0), -1);
}

static void test_file_errors(void **state)
{
	char err[ERRLEN];
	struct job_set set = { 0 };
	char path[4096];

	(void)state;
	assert_int_equal(jobfile_parse("/nonexistent/blktop.fio", &set, err, sizeof(err)), -1);
	assert_string_equal(err, "/nonexistent/blktop.fio: No such file or directory");
	snprintf(path, sizeof(path), "%s/tests/jobs", srcdir());
	assert_int_equal(jobfile_parse(path, &set, err, sizeof(err)), -1);
	assert_string_equal(err + strlen(path), ": Is a directory");
	assert_int_equal(set.njobs, 0);
}

static void test_file_names_in_errors(void **state)
{
	char err[ERRLEN];
	const char *tmp = getenv("TMPDIR");
	char path[4096], want[4200];
	struct job_set set = { 0 };
	int fd;

	(void)state;
	snprintf(path, sizeof(path), "%s/test_jobfile_XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "[global]\n\n[x]\nbs=4k\nfrobnicate=2\n", 33), 33);
	close(fd);
	assert_int_equal(jobfile_parse(path, &set, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s:5: unknown option 'frobnicate'", path);
	assert_string_equal(err, want);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_global_applies),
		cmocka_unit_test(test_defaults_without_global),
		cmocka_unit_test(test_override),
		cmocka_unit_test(test_later_value_wins),
		cmocka_unit_test(test_multiple_globals),
		cmocka_unit_test(test_global_prefix),
		cmocka_unit_test(test_comments),
		cmocka_unit_test(test_comment_cuts_value),
		cmocka_unit_test(test_blank_and_whitespace),
		cmocka_unit_test(test_crlf_and_bom),
		cmocka_unit_test(test_no_final_newline),
		cmocka_unit_test(test_bare_bools),
		cmocka_unit_test(test_bool_spellings),
		cmocka_unit_test(test_stonewall_per_section),
		cmocka_unit_test(test_global_stonewall),
		cmocka_unit_test(test_numjobs),
		cmocka_unit_test(test_cpus_allowed),
		cmocka_unit_test(test_filename_list),
		cmocka_unit_test(test_value_with_equals),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_aliases_and_table_options),
		cmocka_unit_test(test_ignored_keys),
		cmocka_unit_test(test_unknown_key),
		cmocka_unit_test(test_unknown_key_exact_text),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_missing_value),
		cmocka_unit_test(test_malformed_lines),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_section_name_length),
		cmocka_unit_test(test_section_without_options),
		cmocka_unit_test(test_no_jobs),
		cmocka_unit_test(test_long_lines),
		cmocka_unit_test(test_too_many_sections),
		cmocka_unit_test(test_appends_and_keeps_set_on_error),
		cmocka_unit_test(test_small_err_buffer),
		cmocka_unit_test(test_file_errors),
		cmocka_unit_test(test_file_names_in_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
