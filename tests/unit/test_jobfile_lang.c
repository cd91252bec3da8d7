/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_jobfile_lang.c - the job-file language beyond sections and keys:
 * include, variables and keywords, arithmetic and percentages in values,
 * the file options, --section, and the published tests' own job files
 * (tests/jobs/) parsed into the jobs fio would make of them. */
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

/* A scratch directory for the tests that need files (include, --section). */
static void make_dir(char *dir, size_t len)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, len, "%s/test_jobfile_XXXXXX", tmp && *tmp ? tmp : "/tmp");
	assert_non_null(mkdtemp(dir));
}

static void put_file(const char *dir, const char *name, const char *text)
{
	char path[2048];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void remove_dir(const char *dir, const char *const *names)
{
	char path[2048];
	for (size_t i = 0; names[i]; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

/* include: relative to the including file (not the current directory),
 * its lines in the section being read, nested, in [global] too. */
static void test_include(void **state)
{
	static const char *const names[] = { "main.fio", "inc.fio", "deeper.fio", "self.fio",
					     "sect.fio", "bad.fio", "bad-main.fio", "loop.fio", NULL };
	char dir[1024], path[1200], err[ERRLEN], want[2600];
	struct job_set set = { 0 };

	(void)state;
	make_dir(dir, sizeof(dir));
	put_file(dir, "inc.fio", "; shared\nbs=8k\ninclude deeper.fio\n");
	put_file(dir, "deeper.fio", "iodepth=4\n");
	put_file(dir, "main.fio", "[global]\ninclude inc.fio\n[a]\n[b]\nbs=16k\ninclude   deeper.fio  \n");
	snprintf(path, sizeof(path), "%s/main.fio", dir);
	assert_int_equal(jobfile_parse(path, &set, err, sizeof(err)), 0);
	assert_int_equal(set.njobs, 2);
	assert_int_equal(set.jobs[0].bs, 8192);
	assert_int_equal(set.jobs[0].iodepth, 4);
	assert_int_equal(set.jobs[1].bs, 16384);
	assert_int_equal(set.jobs[1].iodepth, 4);
	job_set_free(&set);

	/* A file that includes itself ends, with the reason. */
	put_file(dir, "self.fio", "[a]\ninclude loop.fio\n");
	put_file(dir, "loop.fio", "include loop.fio\n");
	snprintf(path, sizeof(path), "%s/self.fio", dir);
	assert_int_equal(jobfile_parse(path, &set, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "nested deeper than 16"));
	/* Sections have no place in an included file (fio's rule). */
	put_file(dir, "sect.fio", "bs=4k\n[x]\n");
	put_file(dir, "main.fio", "[a]\ninclude sect.fio\n");
	snprintf(path, sizeof(path), "%s/main.fio", dir);
	assert_int_equal(jobfile_parse(path, &set, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/sect.fio:2: a section header in an included file", dir);
	assert_memory_equal(err, want, strlen(want));
	/* An error in an included file names its file and line, and who
	 * included it. */
	put_file(dir, "bad.fio", "bs=4k\nfrobnicate=1\n");
	put_file(dir, "bad-main.fio", "[a]\n\ninclude bad.fio\n");
	snprintf(path, sizeof(path), "%s/bad-main.fio", dir);
	assert_int_equal(jobfile_parse(path, &set, err, sizeof(err)), -1);
	snprintf(want, sizeof(want),
		 "%s/bad.fio:2: unknown option 'frobnicate' (included from %s/bad-main.fio:3)", dir,
		 dir);
	assert_string_equal(err, want);
	assert_int_equal(set.njobs, 0);
	remove_dir(dir, names);

	expect_error("include x.fio\n[a]\n", "t.fio:1: 'include' comes before the first [section]");
	expect_error("[a]\ninclude /nonexistent/x.fio\n",
		     "t.fio:2: include /nonexistent/x.fio: No such file or directory");
	expect_error("[a]\ninclude /dev/null\n", "t.fio:2: include /dev/null: not a regular file");
	/* "include" must be the word: includex is an unknown key. */
	expect_error("[a]\nincludex=1\n", "t.fio:2: unknown option 'includex'");
}

/* ${NAME} and $NAME from the environment; unset ${NAME} is empty. */
static void test_env_vars(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	setenv("JF_BS", "16k", 1);
	setenv("JF_DEPTH", "8", 1);
	unsetenv("JF_UNSET");
	assert_int_equal(parse("[a]\nbs=${JF_BS}\niodepth=$JF_DEPTH\nname=x${JF_UNSET}y\n", &set), 0);
	assert_int_equal(set.jobs[0].bs, 16384);
	assert_int_equal(set.jobs[0].iodepth, 8);
	assert_string_equal(set.jobs[0].name, "xy");
	job_set_free(&set);
	/* An unset bare $NAME stays as written, and the value is refused;
	 * fio's own words never come from the environment. */
	expect_error("[a]\niodepth=$JF_UNSET\n", "t.fio:2: iodepth: '$JF_UNSET' is not");
	setenv("jobname", "oops", 1);
	assert_int_equal(parse("[a]\nfilename=/tmp/$jobname.$jobnum\n", &set), 0);
	assert_string_equal(set.jobs[0].filename, "/tmp/$jobname.$jobnum");
	job_set_free(&set);
	unsetenv("jobname");
	unsetenv("JF_BS");
	unsetenv("JF_DEPTH");
}

/* $ncpus, $pagesize, $mb_memory, and the sum computed as fio's bc does. */
static void test_keywords(void **state)
{
	struct job_set set = { 0 };
	long page = sysconf(_SC_PAGESIZE);
	unsigned long long mb = (unsigned long long)sysconf(_SC_PHYS_PAGES) * (unsigned long long)page >> 20;

	(void)state;
	assert_int_equal(parse("[a]\nnumjobs=$ncpus\nbs=$pagesize*2\nsize=$mb_memory/2*1024\n"
			       "iodepth=($ncpus+1)*2-$ncpus\n", &set), 0);
	assert_int_equal(set.jobs[0].numjobs, sysconf(_SC_NPROCESSORS_CONF));
	assert_int_equal(set.jobs[0].bs, 2 * page);
	assert_int_equal(set.jobs[0].size, mb / 2 * 1024);
	assert_int_equal(set.jobs[0].iodepth, sysconf(_SC_NPROCESSORS_CONF) + 2);
	job_set_free(&set);
	/* bc takes no units: fio refuses this, so does blktop. */
	expect_error("[a]\nsize=$ncpus*1m\n", "t.fio:2: size: cannot compute '");
	expect_error("[a]\nsize=$ncpus/0\n", "t.fio:2: size: cannot compute '");
}

/* fio's arithmetic in parentheses, in every number option. */
static void test_arithmetic(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[a]\nsize=(4k*3)\nbs=(1+1)k\nruntime=(1m+30s)\niodepth=(2^4)\n"
			       "numjobs=(7/2)\noffset=(1.5m)\nramp_time=(2)\n", &set), 0);
	assert_int_equal(set.jobs[0].size, 12288);
	assert_int_equal(set.jobs[0].bs, 2048);
	assert_int_equal(set.jobs[0].runtime_ms, 90000);
	assert_int_equal(set.jobs[0].iodepth, 16);
	assert_int_equal(set.jobs[0].numjobs, 3);
	assert_int_equal(set.jobs[0].offset, 1536 * 1024);
	assert_int_equal(set.jobs[0].ramp_ms, 2000);
	job_set_free(&set);
	expect_error("[a]\nsize=(1/0)\n", "t.fio:2: size: '(1/0)' is not");
	expect_error("[a]\nsize=(1-2)\n", "t.fio:2: size: '(1-2)' is not");
	expect_error("[a]\nsize=(2*\n", "t.fio:2: size: '(2*' is not");
	expect_error("[a]\nsize=(2x)\n", "t.fio:2: size: '(2x)' is not");
}

/* size=80% and offset=10%: shares of each target, worked out when it is
 * opened (target_area.c). */
static void test_percent(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\nsize=80%\noffset=10%\n[a]\n[b]\nsize=1m\n", &set), 0);
	assert_int_equal(set.jobs[0].size_pct, 80);
	assert_int_equal(set.jobs[0].size, 0);
	assert_int_equal(set.jobs[0].offset_pct, 10);
	assert_int_equal(set.jobs[1].size_pct, 0);
	assert_int_equal(set.jobs[1].size, 1 << 20);
	job_set_free(&set);
	expect_error("[a]\nsize=101%\n", "t.fio:2: size: '101%' is not a size");
	expect_error("[a]\nsize=0%\n", "t.fio:2: size: '0%' is not a size");
	expect_error("[a]\nsize=%\n", "t.fio:2: size: '%' is not a size");
}

/* fio's file options: how each is read (target*.c do what they say). */
static void test_file_options(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[a]\nnrfiles=3\nfilesize=1m-4m\nfilename_format=$jobname.$filenum\n"
			       "file_service_type=random:4\nfallocate=keep\nfadvise_hint=sequential\n"
			       "unlink=1\noverwrite=1\nallow_file_create=0\ninvalidate=0\n"
			       "directory=/tmp\\:x:/var\n[b]\nfilesize=2m\nnr_files=2\nfallocate=0\n", &set), 0);
	assert_int_equal(set.jobs[0].nrfiles, 3);
	assert_int_equal(set.jobs[0].filesize_low, 1 << 20);
	assert_int_equal(set.jobs[0].filesize_high, 4 << 20);
	assert_string_equal(set.jobs[0].filename_format, "$jobname.$filenum");
	assert_string_equal(set.jobs[0].file_service_type, "random:4");
	assert_int_equal(set.jobs[0].fallocate, FALLOC_KEEP);
	assert_int_equal(set.jobs[0].fadvise_hint, FADV_SEQUENTIAL);
	assert_true(set.jobs[0].unlink && set.jobs[0].overwrite);
	assert_false(set.jobs[0].allow_file_create || set.jobs[0].invalidate);
	assert_int_equal(set.jobs[1].filesize_low, 2 << 20);
	assert_int_equal(set.jobs[1].filesize_high, 2 << 20);
	assert_int_equal(set.jobs[1].nrfiles, 2);
	assert_int_equal(set.jobs[1].fallocate, FALLOC_NONE);
	/* fio's defaults. */
	assert_true(set.jobs[1].allow_file_create && set.jobs[1].invalidate);
	assert_int_equal(set.jobs[1].fallocate, FALLOC_NONE);
	assert_string_equal(set.jobs[1].file_service_type, "roundrobin");
	job_set_free(&set);
	expect_error("[a]\nfilesize=4m-1m\n", "t.fio:2: filesize: '4m-1m' is not");
	expect_error("[a]\nfile_service_type=zigzag\n", "t.fio:2: file_service_type: unknown value");
	expect_error("[a]\nnrfiles=0\n", "t.fio:2: nrfiles:");
	expect_error("[a]\nfallocate=always\n", "t.fio:2: fallocate: unknown value 'always'");
}

/* --section: only the named jobs, [global] still read, the rest unread. */
static void test_sections(void **state)
{
	static const char *const names[] = { "s.fio", NULL };
	char dir[1024], path[1200], err[ERRLEN];
	struct job_set set = { 0 };
	const char *want_b[] = { "b" }, *want_ca[] = { "c", "a" }, *want_none[] = { "zz" };
	struct jobfile_filter f = { want_b, 1 };

	(void)state;
	make_dir(dir, sizeof(dir));
	put_file(dir, "s.fio", "[global]\nbs=8k\n[a]\n[b]\niodepth=2\n[c]\nfrobnicate=1\n"
			       "[global]\niodepth=3\n[a]\n");
	snprintf(path, sizeof(path), "%s/s.fio", dir);
	assert_int_equal(jobfile_parse_filtered(path, &f, &set, err, sizeof(err)), 0);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0].name, "b");
	assert_int_equal(set.jobs[0].bs, 8192);
	job_set_free(&set);
	/* The file's order, not --section's; a left-out section's faults
	 * are not read, as in fio; both sections named a are kept. */
	f.sections = want_ca;
	f.nsections = 2;
	assert_int_equal(jobfile_parse_filtered(path, &f, &set, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":7: unknown option 'frobnicate'"));
	f.sections = want_ca + 1;
	f.nsections = 1;
	assert_int_equal(jobfile_parse_filtered(path, &f, &set, err, sizeof(err)), 0);
	assert_int_equal(set.njobs, 2);
	assert_int_equal(set.jobs[0].iodepth, 1);
	assert_int_equal(set.jobs[1].iodepth, 3);
	job_set_free(&set);
	f.sections = want_none;
	assert_int_equal(jobfile_parse_filtered(path, &f, &set, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no job section has the name --section gives"));
	remove_dir(dir, names);
}

static void test_azure_blocksize(void **state)
{
	char err[ERRLEN];
	static const char *const names[] = {
		"read4k-rand", "read64k-seq", "write4k-rand", "write64k-seq",
	};
	static const enum rw_mode modes[] = { RW_RANDREAD, RW_READ, RW_RANDWRITE, RW_WRITE };
	static const unsigned long long bss[] = { 4096, 65536, 4096, 65536 };
	struct job_set set = { 0 };
	char path[4096];

	(void)state;
	snprintf(path, sizeof(path), "%s/tests/jobs/azure-blocksize.fio", srcdir());
	if (jobfile_parse(path, &set, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(set.njobs, 4);
	for (size_t i = 0; i < 4; i++) {
		const struct job_spec *j = &set.jobs[i];

		assert_string_equal(j->name, names[i]);
		assert_int_equal(j->rw, modes[i]);
		assert_int_equal(j->bs, bss[i]);
		/* Every section waits for the one before: four groups. */
		assert_true(j->stonewall);
		assert_true(j->group_reporting);
		assert_int_equal(j->ioengine, ENGINE_PSYNC);
		assert_true(j->direct);
		assert_true(j->norandommap);
		assert_false(j->randrepeat);
		assert_int_equal(j->runtime_ms, 60000);
		assert_int_equal(j->ramp_ms, 6000);
		assert_int_equal(j->size, 1ULL << 30);
		assert_string_equal(j->directory, "/path/to/test");
		assert_string_equal(j->filename, "");
		assert_int_equal(j->numjobs, 8);
		assert_int_equal(j->iodepth, 32);
	}
	job_set_free(&set);
}

static void test_multidisk_cpubind(void **state)
{
	char err[ERRLEN];
	struct job_set set = { 0 };
	char path[4096], want[64];

	(void)state;
	snprintf(path, sizeof(path), "%s/tests/jobs/multidisk-cpubind.fio", srcdir());
	if (jobfile_parse(path, &set, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(set.njobs, 24);
	for (size_t i = 0; i < set.njobs; i++) {
		const struct job_spec *j = &set.jobs[i];

		snprintf(want, sizeof(want), "file%zu", i % 10 + 1);
		assert_string_equal(j->name, want);
		snprintf(want, sizeof(want), "/dev/loop-scratch%02zu", i + 1);
		assert_string_equal(j->filename, want);
		assert_int_equal(j->numjobs, 32);
		assert_int_equal(j->rw, RW_RANDREAD);
		assert_int_equal(j->bs, 8192);
		assert_int_equal(j->runtime_ms, 100000);
		assert_int_equal(j->ioengine, ENGINE_LIBAIO);
		assert_true(j->direct);
		assert_int_equal(j->iodepth, 1);
		assert_true(j->group_reporting);
		/* No stonewall: all 24 sections run at once. */
		assert_false(j->stonewall);
	}
	assert_string_equal(set.jobs[0].cpus_allowed, "0-8");
	assert_string_equal(set.jobs[1].cpus_allowed, "9-16");
	assert_string_equal(set.jobs[10].cpus_allowed, "81-88");
	assert_string_equal(set.jobs[23].cpus_allowed, "185-191");
	job_set_free(&set);
}

/* The multi-disk job file's first template, as the page shows it: blank lines between
 * every line, and a device path of dots. */
static void test_multidisk_template(void **state)
{
	struct job_set set = { 0 };

	(void)state;
	assert_int_equal(parse("[global]\n\nnumjobs=32\n\nrw=randread\n\nbs=8k\n\n"
			       "runtime=100\n\nioengine=libaio\n\ndirect=1\n\niodepth=1\n\n"
			       "name=jicki\n\ngroup_reporting\n\n[file1]\n\n"
			       "filename=/dev/loop-scratch1\n\n[file2]\n\n"
			       "filename=/dev/.....\n", &set), 0);
	assert_int_equal(set.njobs, 2);
	assert_string_equal(set.jobs[1].filename, "/dev/.....");
	assert_int_equal(set.jobs[1].numjobs, 32);
	job_set_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_include),
		cmocka_unit_test(test_env_vars),
		cmocka_unit_test(test_keywords),
		cmocka_unit_test(test_arithmetic),
		cmocka_unit_test(test_percent),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_file_options),
		cmocka_unit_test(test_azure_blocksize),
		cmocka_unit_test(test_multidisk_cpubind),
		cmocka_unit_test(test_multidisk_template),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
