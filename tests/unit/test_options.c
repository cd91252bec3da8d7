/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_options.c - the options table: defaults, parsing, and the one-line
 * errors that name the option and what is allowed. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <fcntl.h>

#include "options.h"

static void test_sizes(void **state)
{
	unsigned long long v;
	(void)state;
	assert_int_equal(parse_size("4k", &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("4K", &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("1m", &v), 0);
	assert_int_equal(v, 1048576);
	assert_int_equal(parse_size("1M", &v), 0);
	assert_int_equal(v, 1048576);
	assert_int_equal(parse_size("10g", &v), 0);
	assert_int_equal(v, 10ULL << 30);
	/* fio 3.33 with kb_base=1024: KiB is 1000 (its "compatible" mode). */
	assert_int_equal(parse_size("2KiB", &v), 0);
	assert_int_equal(v, 2000);
	assert_int_equal(parse_size_kb("2KiB", 1000, &v), 0);
	assert_int_equal(v, 2048);
	assert_int_equal(parse_size_kb("2k", 1000, &v), 0);
	assert_int_equal(v, 2000);
	assert_int_equal(parse_size_kb("1mb", 1000, &v), 0);
	assert_int_equal(v, 1000000);
	assert_int_equal(parse_size_kb("(2k*2)", 1000, &v), 0);
	assert_int_equal(v, 4000);
	assert_int_equal(parse_size_kb("(1KiB)", 1000, &v), 0);
	assert_int_equal(v, 1024);
	assert_int_equal(parse_size("1tb", &v), 0);
	assert_int_equal(v, 1ULL << 40);
	assert_int_equal(parse_size("512", &v), 0);
	assert_int_equal(v, 512);
	assert_int_equal(parse_size("512b", &v), 0);
	assert_int_equal(v, 512);
	assert_int_equal(parse_size("", &v), -1);
	assert_int_equal(parse_size("-4k", &v), -1);
	assert_int_equal(parse_size("4x", &v), -1);
	assert_int_equal(parse_size("4kk", &v), -1);
	assert_int_equal(parse_size("k", &v), -1);
	assert_int_equal(parse_size("99999999999999999999", &v), -1);
	assert_int_equal(parse_size("17179869184g", &v), -1); /* overflows */
}

/* The decimal reader random_distribution, latency_percentile and
 * percentile_list share: fio's point, a sign, and nothing else. */
static void test_decimals(void **state)
{
	double v = 42;
	char big[400];
	(void)state;
	assert_int_equal(parse_decimal("1.2", &v), 0);
	assert_true(v == 1.2);
	assert_int_equal(parse_decimal("-0.5", &v), 0);
	assert_true(v == -0.5);
	assert_int_equal(parse_decimal("+3", &v), 0);
	assert_true(v == 3);
	assert_int_equal(parse_decimal(".25", &v), 0);
	assert_true(v == 0.25);
	assert_int_equal(parse_decimal("7.", &v), 0);
	assert_true(v == 7);
	assert_int_equal(parse_decimal("99.99", &v), 0);
	assert_true(v == 99.99); /* rounded once, as the compiler's constant */
	v = 42;
	assert_int_equal(parse_decimal(NULL, &v), -1);
	assert_int_equal(parse_decimal("", &v), -1);
	assert_int_equal(parse_decimal("-", &v), -1);
	assert_int_equal(parse_decimal("+", &v), -1);
	assert_int_equal(parse_decimal(".", &v), -1);
	assert_int_equal(parse_decimal("-.", &v), -1);
	assert_int_equal(parse_decimal("--1", &v), -1);
	assert_int_equal(parse_decimal("+-1", &v), -1);
	assert_int_equal(parse_decimal("1.2.3", &v), -1);
	assert_int_equal(parse_decimal("1.5x", &v), -1);
	assert_int_equal(parse_decimal("1 ", &v), -1);
	assert_int_equal(parse_decimal(" 1", &v), -1);
	assert_int_equal(parse_decimal("1e3", &v), -1);
	assert_int_equal(parse_decimal("0x10", &v), -1);
	assert_int_equal(parse_decimal("1,5", &v), -1); /* a locale's comma is not a point */
	assert_int_equal(parse_decimal("inf", &v), -1);
	assert_int_equal(parse_decimal("nan", &v), -1);
	/* 399 digits: past a double's range, refused rather than infinite. */
	memset(big, '9', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(parse_decimal(big, &v), -1);
	big[200] = '.'; /* 199 digits, a point, 199 more: the same */
	assert_int_equal(parse_decimal(big, &v), -1);
	assert_true(v == 42); /* a refused value leaves *out alone */
	big[0] = '0';
	big[1] = '.'; /* a fraction of 397 digits: taken, and tiny */
	memset(big + 2, '0', 300);
	big[200] = '0';
	assert_int_equal(parse_decimal(big, &v), 0);
	assert_true(v < 1e-250 && v >= 0);
	/* Through the options that read it. */
	struct job_spec j;
	char err[256];
	job_defaults(&j);
	assert_int_equal(job_option_set(&j, "latency_percentile", "99.9", err, sizeof(err)), 0);
	assert_true(j.latency_percentile == 99.9);
	assert_int_equal(job_option_set(&j, "latency_percentile", "-1", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "latency_percentile"));
	assert_int_equal(job_option_set(&j, "latency_percentile", "100.5", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "latency_percentile", "50%", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "latency_percentile", "", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "random_distribution", "zipf:+1.5", err, sizeof(err)),
			 0);
	assert_true(j.dist_param == 1.5);
	assert_int_equal(job_option_set(&j, "random_distribution", "zipf:1.5x", err, sizeof(err)),
			 -1);
	assert_int_equal(job_option_set(&j, "random_distribution", "zipf:", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "percentile_list", "50:99.99:+99.9", err, sizeof(err)),
			 0);
	assert_true(j.npct == 3 && j.pct_list[2] == 99.99 && j.pct_precision == 2);
	assert_int_equal(job_option_set(&j, "percentile_list", "50:-1", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "percentile_list", "50::99", err, sizeof(err)), -1);
}

static void test_times(void **state)
{
	unsigned long long v;
	(void)state;
	assert_int_equal(parse_time_ms("30", &v), 0);
	assert_int_equal(v, 30000);
	assert_int_equal(parse_time_ms("30s", &v), 0);
	assert_int_equal(v, 30000);
	assert_int_equal(parse_time_ms("500ms", &v), 0);
	assert_int_equal(v, 500);
	assert_int_equal(parse_time_ms("2m", &v), 0);
	assert_int_equal(v, 120000);
	assert_int_equal(parse_time_ms("1h", &v), 0);
	assert_int_equal(v, 3600000);
	/* Microseconds round up: a short time never becomes 0 (no limit). */
	assert_int_equal(parse_time_ms("500us", &v), 0);
	assert_int_equal(v, 1);
	assert_int_equal(parse_time_ms("2000us", &v), 0);
	assert_int_equal(v, 2);
	assert_int_equal(parse_time_ms("0us", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(parse_time_ms("10x", &v), -1);
	assert_int_equal(parse_time_ms("", &v), -1);
}

static void test_defaults(void **state)
{
	struct job_spec j;
	(void)state;
	job_defaults(&j);
	assert_int_equal(j.bs, 4096);
	assert_int_equal(j.iodepth, 1);
	assert_int_equal(j.numjobs, 1);
	assert_true(j.direct); /* blktop measures the device, not the cache */
	assert_int_equal(j.ioengine, ENGINE_LIBAIO);
	assert_int_equal(j.rwmixread, 50);
	assert_int_equal(j.rw, RW_READ);
	assert_false(j.group_reporting); /* fio's default: one entry per thread */
	/* Defaults are not the user's: no option counts as set. */
	for (size_t i = 0; i < job_options_count; i++)
		assert_false(job_option_is_set(&j, i));
}

static void test_set_values(void **state)
{
	struct job_spec j;
	char err[256];
	(void)state;
	job_defaults(&j);
	assert_int_equal(job_option_set(&j, "rw", "randwrite", err, sizeof(err)), 0);
	assert_int_equal(j.rw, RW_RANDWRITE);
	assert_int_equal(job_option_set(&j, "readwrite", "readwrite", err, sizeof(err)), 0);
	assert_int_equal(j.rw, RW_RW);
	assert_int_equal(job_option_set(&j, "bs", "128k", err, sizeof(err)), 0);
	assert_int_equal(j.bs, 131072);
	assert_int_equal(job_option_set(&j, "blocksize", "1m", err, sizeof(err)), 0);
	assert_int_equal(j.bs, 1048576);
	assert_int_equal(job_option_set(&j, "rwmixwrite", "30", err, sizeof(err)), 0);
	assert_int_equal(j.rwmixread, 70);
	assert_int_equal(job_option_set(&j, "time_based", NULL, err, sizeof(err)), 0);
	assert_true(j.time_based);
	assert_int_equal(job_option_set(&j, "runtime", "1m", err, sizeof(err)), 0);
	assert_int_equal(j.runtime_ms, 60000);
	assert_int_equal(job_option_set(&j, "randseed", "42", err, sizeof(err)), 0);
	assert_true(job_option_given(&j, "randseed"));
	assert_int_equal(j.randseed, 42);
	/* An alias sets its option's bit; a failed set sets none. */
	assert_true(job_option_given(&j, "bs"));
	assert_true(job_option_given(&j, "blocksize"));
	assert_true(job_option_given(&j, "rwmixread") == false);
	assert_true(job_option_given(&j, "rwmixwrite"));
	assert_false(job_option_given(&j, "iodepth"));
	assert_int_not_equal(job_option_set(&j, "iodepth", "0", err, sizeof(err)), 0);
	assert_false(job_option_given(&j, "iodepth"));
	assert_false(job_option_given(&j, "no-such-option"));
	assert_int_equal(job_option_set(&j, "ioengine", "psync", err, sizeof(err)), 0);
	assert_int_equal(j.ioengine, ENGINE_PSYNC);
	assert_int_equal(job_option_set(&j, "cpus_allowed_policy", "split", err, sizeof(err)), 0);
	assert_int_equal(j.cpus_policy, CPUS_SPLIT);
	/* fio's engine names, and its batching aliases. */
	assert_int_equal(job_option_set(&j, "ioengine", "io_uring", err, sizeof(err)), 0);
	assert_int_equal(j.ioengine, ENGINE_IO_URING);
	assert_int_equal(job_option_set(&j, "ioengine", "pvsync2", err, sizeof(err)), 0);
	assert_int_equal(j.ioengine, ENGINE_PVSYNC2);
	assert_int_equal(job_option_set(&j, "iodepth_batch", "8", err, sizeof(err)), 0);
	assert_int_equal(j.iodepth_batch, 8);
	assert_int_equal(job_option_set(&j, "iodepth_batch_complete", "0", err, sizeof(err)), 0);
	assert_int_equal(j.iodepth_batch_complete_min, 0);
	assert_int_equal(job_option_set(&j, "sqthread_poll_cpu", "1", err, sizeof(err)), 0);
	assert_true(job_option_given(&j, "sqthread_poll_cpu"));
}

/* fio's defaults for submission and completion: one I/O per submit call,
 * one completion waited for, max as min, low water mark as iodepth. */
static void test_batch_defaults(void **state)
{
	(void)state;
	struct job_spec j;
	job_defaults(&j);
	assert_int_equal(j.iodepth_batch, 1);
	assert_int_equal(j.iodepth_batch_complete_min, 1);
	assert_int_equal(j.iodepth_batch_complete_max, 0);
	assert_int_equal(j.iodepth_low, 0);
	assert_false(j.fixedbufs);
	assert_false(job_option_given(&j, "sqthread_poll_cpu"));
}

/* continue_on_error: fio's names and its 0/1, as bits per direction; the
 * value reads back as the name a user would type. */
static void test_continue_on_error(void **state)
{
	static const struct {
		const char *in;
		int bits;
		const char *shown;
	} cases[] = {
		{ "none", COE_NONE, "none" }, { "read", COE_READ, "read" },
		{ "write", COE_WRITE, "write" }, { "io", COE_READ | COE_WRITE, "io" },
		{ "verify", COE_VERIFY, "verify" }, { "all", COE_ALL, "all" },
		{ "0", COE_NONE, "none" }, { "1", COE_ALL, "all" },
	};
	const struct job_option *o = job_option_find("continue_on_error");
	struct job_spec j;
	char err[256], buf[32];
	(void)state;
	assert_non_null(o);
	job_defaults(&j);
	assert_int_equal(j.continue_on_error, COE_NONE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(job_option_set(&j, "continue_on_error", cases[i].in, err,
						sizeof(err)), 0);
		assert_int_equal(j.continue_on_error, cases[i].bits);
		job_option_format(&j, o, buf, sizeof(buf));
		assert_string_equal(buf, cases[i].shown);
	}
	/* verify covers no I/O error: blktop does not verify. */
	assert_false(COE_VERIFY & (COE_READ | COE_WRITE));
	assert_int_equal(job_option_set(&j, "continue_on_error", "2", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "continue_on_error"));
	assert_non_null(strstr(err, "none, read, write, io, verify, all"));
}

static void test_errors_name_the_option(void **state)
{
	struct job_spec j;
	char err[256];
	(void)state;
	job_defaults(&j);
	assert_int_equal(job_option_set(&j, "rw", "randomwrite", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "rw"));
	assert_non_null(strstr(err, "randwrite")); /* lists what is allowed */
	assert_int_equal(job_option_set(&j, "iodepth", "0", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "iodepth"));
	assert_int_equal(job_option_set(&j, "iodepth", "100000", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "numjobs", "0", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "numjobs"));
	assert_int_equal(job_option_set(&j, "rwmixread", "101", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "rwmixread"));
	assert_int_equal(job_option_set(&j, "rwmixwrite", "150", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "bs", "4q", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "bs"));
	assert_int_equal(job_option_set(&j, "bs", "100", err, sizeof(err)), -1); /* < 512 */
	assert_int_equal(job_option_set(&j, "nosuch", "1", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "nosuch"));
	assert_int_equal(job_option_set(&j, "direct", "maybe", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "bs", NULL, err, sizeof(err)), -1);
	/* Nothing was changed by the failures. */
	assert_int_equal(j.iodepth, 1);
	assert_int_equal(j.bs, 4096);
	assert_int_equal(j.rwmixread, 50);
	/* Leading zeros are decimal, as in fio; hex needs 0x. */
	assert_int_equal(job_option_set(&j, "iodepth", "010", err, sizeof(err)), 0);
	assert_int_equal(j.iodepth, 10);
	assert_int_equal(job_option_set(&j, "iodepth", "0x10", err, sizeof(err)), 0);
	assert_int_equal(j.iodepth, 16);
}

static void test_table_is_consistent(void **state)
{
	struct job_spec j;
	char buf[256], err[256];
	(void)state;
	job_defaults(&j);
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];
		assert_non_null(o->help);
		assert_ptr_equal(job_option_find(o->name), o);
		/* What format prints, set must take back unchanged. */
		job_option_format(&j, o, buf, sizeof(buf));
		struct job_spec k = j;
		if (o->type == OPT_STR && !buf[0])
			continue;
		assert_int_equal(job_option_set(&k, o->name, buf, err, sizeof(err)), 0);
		/* the set-options bitmap and the options as written are
		 * meant to change */
		memset(k.options_set, 0, sizeof(k.options_set));
		memcpy(k.given, j.given, sizeof(k.given));
		k.given_global = j.given_global;
		assert_memory_equal(&k, &j, sizeof(j));
	}
}

/* fio options kept in another option's field, and values refused by name. */
static void test_fio_job_options(void **state)
{
	struct job_spec j;
	char err[256], buf[64];
	(void)state;
	job_defaults(&j);
	assert_int_equal(j.loops, 1);
	assert_int_equal(j.kb_base, 1024);
	assert_int_equal(j.sync_flags, 0);
	assert_true(j.direct);
	assert_int_equal(job_option_set(&j, "buffered", "1", err, sizeof(err)), 0);
	assert_false(j.direct);
	job_option_format(&j, job_option_find("buffered"), buf, sizeof(buf));
	assert_string_equal(buf, "1");
	assert_int_equal(job_option_set(&j, "direct", "1", err, sizeof(err)), 0);
	job_option_format(&j, job_option_find("buffered"), buf, sizeof(buf));
	assert_string_equal(buf, "0");
	assert_int_equal(job_option_set(&j, "cpumask", "0x15", err, sizeof(err)), 0);
	assert_string_equal(j.cpus_allowed, "0,2,4");
	assert_int_equal(job_option_set(&j, "cpumask", "3", err, sizeof(err)), 0);
	assert_string_equal(j.cpus_allowed, "0,1");
	assert_int_equal(job_option_set(&j, "cpumask", "0", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cpumask"));
	assert_int_equal(job_option_set(&j, "cpumask", "x", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "sync", "1", err, sizeof(err)), 0);
	assert_int_equal(j.sync_flags, O_SYNC);
	assert_int_equal(job_option_set(&j, "sync", "dsync", err, sizeof(err)), 0);
	assert_int_equal(j.sync_flags, O_DSYNC);
	assert_int_equal(job_option_set(&j, "sync", "0", err, sizeof(err)), 0);
	assert_int_equal(j.sync_flags, 0);
	assert_int_equal(job_option_set(&j, "kb_base", "1000", err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&j, "kb_base", "1001", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "kb_base"));
	assert_int_equal(job_option_set(&j, "kb_base", "1024", err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&j, "unit_base", "8", err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&j, "unit_base", "1", err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&j, "unit_base", "2", err, sizeof(err)), -1);
#ifdef HAVE_LIBNUMA
	/* with libnuma: node 0 is there, node 4095 is not (refused as fio) */
	assert_int_equal(job_option_set(&j, "numa_cpu_nodes", "0", err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&j, "numa_cpu_nodes", "4095", err, sizeof(err)), -1);
#else
	assert_int_equal(job_option_set(&j, "numa_cpu_nodes", "0", err, sizeof(err)), -1);
#endif
	assert_non_null(strstr(err, "numa_cpu_nodes"));
	assert_int_equal(job_option_set(&j, "exitall_on_error", "0", err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&j, "exitall_on_error", NULL, err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&j, "loops", "0", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "startdelay", "500ms", err, sizeof(err)), 0);
	assert_int_equal(j.startdelay_ms, 500);
	assert_int_equal(job_option_set(&j, "thread", NULL, err, sizeof(err)), 0);
	assert_true(j.thread);
}

/* bs=R,W, bsrange, bssplit and blockalign as fio reads them. */
static void test_block_sizes(void **state)
{
	struct job_spec j;
	char err[256], buf[256];
	(void)state;
	job_defaults(&j);
	assert_int_equal(job_option_set(&j, "bs", "8k,32k", err, sizeof(err)), 0);
	assert_int_equal(j.bs, 8192);
	assert_int_equal(j.bs_write, 32768);
	job_option_format(&j, job_option_find("bs"), buf, sizeof(buf));
	assert_string_equal(buf, "8k,32k");
	assert_int_equal(job_option_set(&j, "bs", ",8k", err, sizeof(err)), 0);
	assert_int_equal(j.bs, 4096);
	assert_int_equal(j.bs_write, 8192);
	assert_int_equal(job_option_set(&j, "blocksize", "16k", err, sizeof(err)), 0);
	assert_int_equal(j.bs, 16384);
	assert_int_equal(j.bs_write, 0);
	assert_int_equal(job_option_set(&j, "bs", "4k,8k,16k,32k", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "bs", "4k,100", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "bs"));

	assert_int_equal(job_option_set(&j, "bsrange", "1k-4k,2k:8k", err, sizeof(err)), 0);
	assert_int_equal(j.bsrange[DIR_READ][0], 1024);
	assert_int_equal(j.bsrange[DIR_READ][1], 4096);
	assert_int_equal(j.bsrange[DIR_WRITE][0], 2048);
	assert_int_equal(j.bsrange[DIR_WRITE][1], 8192);
	job_option_format(&j, job_option_find("blocksize_range"), buf, sizeof(buf));
	assert_string_equal(buf, "1k-4k,2k-8k");
	assert_int_equal(job_option_set(&j, "bsrange", "8k-4k", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "bsrange", "4k", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "bsrange", "", err, sizeof(err)), 0);
	assert_int_equal(j.bsrange[DIR_READ][0], 0);

	/* Blank shares split what is left evenly, as in fio. */
	assert_int_equal(job_option_set(&j, "bssplit", "4k/50:1k/:32k/", err, sizeof(err)), 0);
	assert_int_equal(j.bssplit_n[DIR_READ], 3);
	assert_int_equal(j.bssplit[DIR_READ][0].pct, 50);
	assert_int_equal(j.bssplit[DIR_READ][1].pct, 25);
	assert_int_equal(j.bssplit[DIR_READ][2].pct, 25);
	assert_int_equal(j.bssplit_n[DIR_WRITE], 3);
	unsigned long long lo, hi;
	job_bs_dir(&j, DIR_WRITE, &lo, &hi);
	assert_int_equal(lo, 1024);
	assert_int_equal(hi, 32768);
	assert_int_equal(job_option_set(&j, "bssplit", "2k/50:4k/50,4k/90:8k/10", err,
					sizeof(err)), 0);
	assert_int_equal(j.bssplit[DIR_WRITE][1].bs, 8192);
	assert_int_equal(j.bssplit[DIR_WRITE][1].pct, 10);
	job_option_format(&j, job_option_find("bssplit"), buf, sizeof(buf));
	assert_string_equal(buf, "2k/50:4k/50,4k/90:8k/10");
	assert_int_equal(job_option_set(&j, "bssplit", "4k/60:8k/60", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "100"));
	assert_int_equal(job_option_set(&j, "bssplit", "4k/x", err, sizeof(err)), -1);

	assert_int_equal(job_option_set(&j, "ba", "4k,8k", err, sizeof(err)), 0);
	assert_int_equal(j.blockalign[DIR_READ], 4096);
	assert_int_equal(j.blockalign[DIR_WRITE], 8192);
}

/* rw's modifier as fio reads it: a count for random modes, a signed
 * size for sequential ones; and percentage_random per direction. */
static void test_rw_modifiers(void **state)
{
	struct job_spec j;
	char err[256], buf[256];
	(void)state;
	job_defaults(&j);
	assert_int_equal(j.rw_seq_nr, 1);
	assert_int_equal(job_option_set(&j, "rw", "randread:8", err, sizeof(err)), 0);
	assert_int_equal(j.rw, RW_RANDREAD);
	assert_int_equal(j.rw_seq_nr, 8);
	job_option_format(&j, job_option_find("rw"), buf, sizeof(buf));
	assert_string_equal(buf, "randread:8");
	assert_int_equal(job_option_set(&j, "readwrite", "read:-8k", err, sizeof(err)), 0);
	assert_int_equal(j.rw_seq_nr, 1);
	assert_true(j.rw_seq_add == -8192);
	job_option_format(&j, job_option_find("rw"), buf, sizeof(buf));
	assert_string_equal(buf, "read:-8k");
	assert_int_equal(job_option_set(&j, "rw", "write", err, sizeof(err)), 0);
	assert_true(j.rw_seq_add == 0);
	assert_int_equal(job_option_set(&j, "rw", "randwrite:x", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "rw", "sideways", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "percentage_random", "50,90", err, sizeof(err)), 0);
	assert_int_equal(j.percentage_random[DIR_READ], 50);
	assert_int_equal(j.percentage_random[DIR_WRITE], 90);
	assert_int_equal(job_option_set(&j, "percentage_random", "101", err, sizeof(err)), -1);
}

/* random_distribution as fio reads it: defaults, centers, zones whose
 * sizes are left out (an even part of what is left; a lone one has none). */
static void test_random_distribution(void **state)
{
	struct job_spec j;
	char err[256], buf[256];
	(void)state;
	job_defaults(&j);
	assert_int_equal(j.random_distribution, DIST_RANDOM);
	assert_int_equal(j.random_generator, RGEN_TAUSWORTHE);
	assert_int_equal(job_option_set(&j, "random_distribution", "zipf", err, sizeof(err)), 0);
	assert_true(j.dist_param == 1.1 && j.dist_center < 0);
	assert_int_equal(job_option_set(&j, "random_distribution", "pareto:0.3:0.25", err,
					 sizeof(err)), 0);
	assert_true(j.dist_param == 0.3 && j.dist_center == 0.25);
	job_option_format(&j, job_option_find("random_distribution"), buf, sizeof(buf));
	assert_string_equal(buf, "pareto:0.3:0.25");
	assert_int_equal(job_option_set(&j, "random_distribution", "gauss:5", err, sizeof(err)), 0);
	assert_int_equal(j.random_distribution, DIST_NORMAL);
	assert_int_equal(job_option_set(&j, "random_distribution", "zoned:60/10:30/20:10", err,
					 sizeof(err)), 0);
	assert_int_equal(j.nzones, 3);
	assert_true(j.zones[2].pct == 10 && j.zones[2].size == 70);
	job_option_format(&j, job_option_find("random_distribution"), buf, sizeof(buf));
	assert_string_equal(buf, "zoned:60/10:30/20:10/70");
	assert_int_equal(job_option_set(&j, "random_distribution", "zoned:100", err, sizeof(err)), 0);
	assert_true(j.nzones == 1 && j.zones[0].size == 0);
	assert_int_equal(job_option_set(&j, "random_distribution", "zoned_abs:50/1m:50/3m", err,
					 sizeof(err)), 0);
	assert_true(j.random_distribution == DIST_ZONED_ABS && j.zones[1].size == 3 << 20);
	assert_int_equal(job_option_set(&j, "random_distribution", "zipf:1", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "random_distribution"));
	assert_int_equal(job_option_set(&j, "random_distribution", "zoned:50/10:40/90", err,
					 sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "random_generator", "lfsr", err, sizeof(err)), 0);
	assert_int_equal(j.random_generator, RGEN_LFSR);
}

/* fio's cmdprio options: R[,W] numbers in fio's ranges (class 1-3,
 * level 0-7, share 0-100) with its defaults, and cmdprio_bssplit read as
 * fio reads it (both entry forms, per direction, sorted by size). */
static void test_cmdprio(void **state)
{
	struct job_spec j;
	char err[256], buf[256];
	struct cmdprio_split s[DIR_COUNT][CMDPRIO_SPLIT_MAX];
	unsigned n[DIR_COUNT];
	(void)state;
	job_defaults(&j);
	assert_true(j.cmdprio_pct[DIR_READ] == 0 && j.cmdprio_pct[DIR_WRITE] == 0);
	assert_true(j.cmdprio_class[DIR_READ] == 1 && j.cmdprio_class[DIR_WRITE] == 1);
	assert_true(j.cmdprio_level[DIR_READ] == 0 && j.cmdprio_level[DIR_WRITE] == 0);
	assert_int_equal(job_option_set(&j, "cmdprio_percentage", "30", err, sizeof(err)), 0);
	assert_true(j.cmdprio_pct[DIR_READ] == 30 && j.cmdprio_pct[DIR_WRITE] == 30);
	assert_int_equal(job_option_set(&j, "cmdprio_percentage", "20,60", err, sizeof(err)), 0);
	assert_true(j.cmdprio_pct[DIR_READ] == 20 && j.cmdprio_pct[DIR_WRITE] == 60);
	job_option_format(&j, job_option_find("cmdprio_percentage"), buf, sizeof(buf));
	assert_string_equal(buf, "20,60");
	assert_int_equal(job_option_set(&j, "cmdprio_percentage", "101", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cmdprio_percentage"));
	assert_int_equal(job_option_set(&j, "cmdprio_class", "0", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "cmdprio_class", "4", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "cmdprio_class", "2,3", err, sizeof(err)), 0);
	assert_true(j.cmdprio_class[DIR_READ] == 2 && j.cmdprio_class[DIR_WRITE] == 3);
	assert_int_equal(job_option_set(&j, "cmdprio", "8", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "cmdprio", "7", err, sizeof(err)), 0);

	assert_int_equal(cmdprio_split_parse(" 64k/10:4k/30/0/9:16k/0:4k/20/1/2 ", 1024, s, n, err,
					     sizeof(err)), 0);
	assert_int_equal(n[DIR_READ], 3);
	assert_int_equal(n[DIR_WRITE], 3);
	/* By size, entries of one size in their order; 16k/0 dropped. */
	assert_true(s[0][0].bs == 4096 && s[0][0].pct == 30 && s[0][0].prio == (2 << 13 | 7));
	assert_true(s[0][1].bs == 4096 && s[0][1].pct == 20 && s[0][1].prio == (1 << 13 | 2));
	assert_true(s[0][2].bs == 65536 && s[0][2].pct == 10 && s[0][2].prio == -1);
	assert_int_equal(cmdprio_split_parse("4k/150,8k/5", 1024, s, n, err, sizeof(err)), 0);
	assert_true(n[0] == 1 && s[0][0].pct == 100 && n[1] == 1 && s[1][0].bs == 8192);
	assert_int_equal(cmdprio_split_parse(",8k/5", 1024, s, n, err, sizeof(err)), 0);
	assert_true(n[0] == 0 && n[1] == 1);
	assert_int_equal(cmdprio_split_parse("4k/10/1", 1024, s, n, err, sizeof(err)), -1);
	assert_int_equal(cmdprio_split_parse("xk/10", 1024, s, n, err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&j, "cmdprio_bssplit", "4k/50/1", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cmdprio_bssplit"));
	assert_int_equal(job_option_set(&j, "cmdprio_bssplit", "4k/50:8k/10/2/1", err,
					 sizeof(err)), 0);
	assert_string_equal(j.cmdprio_bssplit, "4k/50:8k/10/2/1");
	assert_int_equal(job_option_set(&j, "cmdprio_bssplit", "", err, sizeof(err)), -1);
}

static void test_format_size(void **state)
{
	char b[32];
	(void)state;
	assert_string_equal(format_size(4096, b, sizeof(b)), "4k");
	assert_string_equal(format_size(1 << 20, b, sizeof(b)), "1m");
	assert_string_equal(format_size(1000, b, sizeof(b)), "1000");
	assert_string_equal(format_size(3ULL << 30, b, sizeof(b)), "3g");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_decimals),
		cmocka_unit_test(test_times),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_set_values),
		cmocka_unit_test(test_continue_on_error),
		cmocka_unit_test(test_batch_defaults),
		cmocka_unit_test(test_errors_name_the_option),
		cmocka_unit_test(test_table_is_consistent),
		cmocka_unit_test(test_format_size),
		cmocka_unit_test(test_fio_job_options),
		cmocka_unit_test(test_block_sizes),
		cmocka_unit_test(test_rw_modifiers),
		cmocka_unit_test(test_random_distribution),
		cmocka_unit_test(test_cmdprio),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
