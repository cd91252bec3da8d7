/* SPDX-License-Identifier: GPL-2.0-or-later */
/* suite.c - --suite seven|cdm: a fixed matrix of tests run one after
 * another on one target, each for --runtime (30 s unless given), into one
 * table. seven is the seven-test matrix's list, names and order as the matrix runs them;
 * cdm is the CrystalDiskMark / KDiskMark default profile (reads first,
 * then writes, as CrystalDiskMark's "All" runs them). On a directory the
 * tests share one data file, laid out once and removed at the end. */
#include "config.h"
#include "procedures/proc_priv.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "util/status.h"

struct suite_test {
	const char *label;
	const char *rw, *bs, *iodepth;
	const char *rwmixread;        /* NULL: not a mixed test */
};

/* The seven-test matrix, in its order: qd128 4k IOPS tests, then 1M qd32 bandwidth. */
static const struct suite_test seven_tests[] = {
	{ "Seq_Read_IOPS_Test", "read", "4k", "128", NULL },
	{ "Seq_Write_IOPS_Test", "write", "4k", "128", NULL },
	{ "Rand_Write_IOPS_Test", "randwrite", "4k", "128", NULL },
	{ "Rand_Read_IOPS_Test", "randread", "4k", "128", NULL },
	{ "Read_Write_IOPS_Test", "randrw", "4k", "128", "70" },
	{ "Write_BandWidth_Test", "write", "1m", "32", NULL },
	{ "Read_BandWidth_Test", "read", "1m", "32", NULL },
};
/* The seven-test matrix's common options; size=10G is c->area. */
static const char *const seven_settings[] = {
	"direct=1", "ioengine=libaio", "refill_buffers=1", "norandommap=1", "randrepeat=0",
	"numjobs=1", "group_reporting=1", "runtime=30", "time_based=1", NULL,
};

static const struct suite_test cdm_tests[] = {
	{ "SEQ1M Q8T1 read", "read", "1m", "8", NULL },
	{ "SEQ1M Q1T1 read", "read", "1m", "1", NULL },
	{ "RND4K Q32T1 read", "randread", "4k", "32", NULL },
	{ "RND4K Q1T1 read", "randread", "4k", "1", NULL },
	{ "SEQ1M Q8T1 write", "write", "1m", "8", NULL },
	{ "SEQ1M Q1T1 write", "write", "1m", "1", NULL },
	{ "RND4K Q32T1 write", "randwrite", "4k", "32", NULL },
	{ "RND4K Q1T1 write", "randwrite", "4k", "1", NULL },
};
/* CrystalDiskMark's defaults but the time: 1 GiB test area. */
static const char *const cdm_settings[] = {
	"direct=1", "ioengine=libaio", "refill_buffers=1", "norandommap=1", "randrepeat=0",
	"numjobs=1", "group_reporting=1", "runtime=30", "time_based=1", NULL,
};

/* A job name from a label ("SEQ1M Q8T1 read" -> "SEQ1M_Q8T1_read"):
 * fio's names have no spaces, and reports print it. */
static void job_name(const char *label, char *out, size_t len)
{
	snprintf(out, len, "%s", label);
	for (char *p = out; *p; p++)
		if (*p == ' ')
			*p = '_';
}

static int build_test(struct proc_ctx *c, const struct suite_test *t,
		      const char *const *settings, struct job_spec *j)
{
	char name[JOB_NAME_MAX];

	job_name(t->label, name, sizeof(name));
	int st = proc_job(c, j, name, settings);
	if (!st)
		st = proc_job_set(c, j, "rw", t->rw);
	if (!st)
		st = proc_job_set(c, j, "bs", t->bs);
	if (!st)
		st = proc_job_set(c, j, "iodepth", t->iodepth);
	if (!st && t->rwmixread)
		st = proc_job_set(c, j, "rwmixread", t->rwmixread);
	return st;
}

int suite_run(struct proc_ctx *c)
{
	bool cdm = c->t->kind == PROC_CDM;
	const struct suite_test *tests = cdm ? cdm_tests : seven_tests;
	size_t n = cdm ? sizeof(cdm_tests) / sizeof(cdm_tests[0])
		       : sizeof(seven_tests) / sizeof(seven_tests[0]);
	const char *const *settings = cdm ? cdm_settings : seven_settings;
	struct job_spec j;
	char desc[512];
	int worst = 0;

	c->area = cdm ? PROC_CDM_SIZE : PROC_SEVEN_SIZE;
	c->t->planned = n;
	proc_note(c, "%s: %s", c->t->title, c->tgt.path);

	/* Every test first, so a typo in an override fails before any run
	 * and the verdict is taken once, before the first write. */
	bool writes = false;
	for (size_t i = 0; i < n; i++) {
		int st = build_test(c, &tests[i], settings, &j);
		if (st)
			return st;
		writes = writes || rw_modifies(j.rw);
		if (proc_row_add(c, tests[i].label, &j) < 0) {
			snprintf(c->err, c->errlen, "%s", strerror(ENOMEM));
			return BLKTOP_FAILED;
		}
	}
	int st = env_verdict(c, writes);
	if (st)
		return st;
	if (c->tgt.kind == TARGET_DIR)
		proc_note(c, _("the tests share one file, %s (size %llu MiB)"), c->tgt.data_file,
			  j.size >> 20);

	for (size_t i = 0; i < n && !proc_stopped(c); i++) {
		struct job_set set = { 0 };
		st = build_test(c, &tests[i], settings, &j);
		if (!st && job_set_add(&set, &j))
			st = BLKTOP_FAILED;
		if (st) {
			job_set_free(&set);
			return st;
		}
		proc_describe(&j, desc, sizeof(desc));
		proc_note(c, "[%zu/%zu] %s: %s", i + 1, n, tests[i].label, desc);
		st = proc_run(c, &set, i);
		job_set_free(&set);
		if (st == 2 || st == 3)
			return st;
		/* A failed step (I/O errors, the device gone) ends the suite:
		 * the rest would fail the same way, or hide why. */
		if (st) {
			worst = st;
			break;
		}
	}
	if (proc_stopped(c))
		c->t->interrupted = true;
	return worst;
}
