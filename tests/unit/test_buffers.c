/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_buffers.c - the write-buffer filling of engine/buffers.c: how the
 * options resolve as fio 3.33's do (compress and dedupe refill, zero and
 * pattern turn the default scramble off), the layout of a compressible
 * chunk, duplicates at the share asked for and only of blocks that were
 * written or are in the working set, and the scramble's stamps. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/buffers.h"
#include "options.h"

static struct job_spec job;
static char err[256];

/* A job with these options set as a user would, and its filling. */
static void setup_with(struct buf_fill *bf, const char *const *opts)
{
	job_defaults(&job);
	snprintf(job.name, sizeof(job.name), "t");
	assert_int_equal(job_option_set(&job, "rw", "write", err, sizeof(err)), 0);
	assert_int_equal(job_option_set(&job, "bs", "4k", err, sizeof(err)), 0);
	for (; opts && *opts; opts += 2)
		assert_int_equal(job_option_set(&job, opts[0], opts[1], err, sizeof(err)), 0);
	buf_fill_free(bf);
	assert_int_equal(buf_fill_setup(bf, &job, 1, 42, 1 << 20), 0);
}

static bool all_zero(const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

static void test_resolve(void **state)
{
	(void)state;
	struct buf_fill bf = { 0 };
	setup_with(&bf, NULL);
	assert_true(bf.scramble);
	assert_false(bf.refill);
	setup_with(&bf, (const char *const[]){ "zero_buffers", "1", NULL });
	assert_false(bf.scramble); /* given zero_buffers turns the default off */
	setup_with(&bf, (const char *const[]){ "zero_buffers", "1", "scramble_buffers", "1", NULL });
	assert_true(bf.scramble);
	setup_with(&bf, (const char *const[]){ "buffer_pattern", "0xab", NULL });
	assert_false(bf.scramble);
	assert_false(bf.refill);
	setup_with(&bf, (const char *const[]){ "buffer_compress_percentage", "50", NULL });
	assert_true(bf.refill);
	assert_false(bf.scramble);
	setup_with(&bf, (const char *const[]){ "buffer_compress_percentage", "50", "refill_buffers", "0",
					       NULL });
	assert_false(bf.refill); /* fio keeps a given refill_buffers */
	assert_false(bf.scramble);
	setup_with(&bf, (const char *const[]){ "buffer_compress_percentage", "100", NULL });
	assert_true(bf.zero);
	assert_false(bf.chunked);
	assert_false(bf.refill);
	setup_with(&bf, (const char *const[]){ "dedupe_percentage", "0", NULL });
	assert_true(bf.refill);
	assert_false(bf.scramble);
	setup_with(&bf, (const char *const[]){ "refill_buffers", "1", NULL });
	assert_false(bf.scramble);
}

static void test_pattern_and_zero(void **state)
{
	(void)state;
	struct buf_fill bf = { 0 };
	unsigned char b[4096];
	setup_with(&bf, (const char *const[]){ "buffer_pattern", "\"ab\"0x01", NULL });
	memset(b, 0x55, sizeof(b));
	buf_fill(&bf, b, 1000);
	for (size_t i = 0; i < 1000; i++)
		assert_int_equal(b[i], "ab\1"[i % 3]);
	assert_int_equal(b[1000], 0x55);
	buf_fill(&bf, b, 7); /* each fill starts at the pattern's first byte */
	assert_int_equal(b[0], 'a');
	setup_with(&bf, (const char *const[]){ "zero_buffers", "1", NULL });
	memset(b, 0x55, sizeof(b));
	buf_fill(&bf, b, sizeof(b));
	assert_true(all_zero(b, sizeof(b)));
}

static void test_compress_layout(void **state)
{
	(void)state;
	struct buf_fill bf = { 0 };
	unsigned char b[4096];
	setup_with(&bf, (const char *const[]){ "buffer_compress_percentage", "25", NULL });
	buf_fill(&bf, b, sizeof(b));
	for (size_t c = 0; c < sizeof(b); c += 512) {
		assert_false(all_zero(b + c, 8)); /* random head: 384 bytes */
		assert_false(all_zero(b + c + 376, 8));
		assert_true(all_zero(b + c + 384, 128));
	}
	assert_memory_not_equal(b, b + 512, 384); /* a seed per chunk */
	setup_with(&bf, (const char *const[]){ "buffer_compress_percentage", "50", "buffer_compress_chunk",
					       "0", "buffer_pattern", "0xfe", NULL });
	buf_fill(&bf, b, sizeof(b));
	for (size_t i = 2048; i < 4096; i++)
		assert_int_equal(b[i], 0xfe);
	/* A chunk larger than the block is the block (fio's min_not_zero). */
	setup_with(&bf, (const char *const[]){ "buffer_compress_percentage", "50", "buffer_compress_chunk",
					       "64k", NULL });
	assert_int_equal(bf.chunk, 4096);
}

/* Share of n buffers of 512 bytes that repeat an earlier one. */
static unsigned repeated(struct buf_fill *bf, unsigned n, unsigned char *out)
{
	unsigned rep = 0;
	for (unsigned i = 0; i < n; i++) {
		buf_fill(bf, out + (size_t)i * 512, 512);
		for (unsigned k = 0; k < i; k++)
			if (!memcmp(out + (size_t)k * 512, out + (size_t)i * 512, 512)) {
				rep++;
				break;
			}
	}
	return rep;
}

static void test_dedupe(void **state)
{
	(void)state;
	struct buf_fill bf = { 0 };
	unsigned n = 2000;
	unsigned char *b = malloc((size_t)n * 512);
	assert_non_null(b);
	setup_with(&bf, (const char *const[]){ "bs", "512", "dedupe_percentage", "30", NULL });
	unsigned r = repeated(&bf, n, b);
	assert_in_range(r, n * 25 / 100, n * 35 / 100);
	setup_with(&bf, (const char *const[]){ "bs", "512", "dedupe_percentage", "100", NULL });
	assert_int_equal(repeated(&bf, 50, b), 49);
	setup_with(&bf, (const char *const[]){ "bs", "512", "dedupe_percentage", "0", NULL });
	assert_int_equal(repeated(&bf, 200, b), 0);
	/* working_set: duplicates are of the first 1 MiB * 10 % / 512 pages. */
	setup_with(&bf, (const char *const[]){ "bs", "512", "dedupe_percentage", "40", "dedupe_mode",
					       "working_set", "dedupe_working_set_percentage", "10", NULL });
	assert_int_equal(bf.ws_pages, 204);
	r = repeated(&bf, n, b);
	assert_in_range(r, n * 35 / 100, n * 45 / 100);
	buf_fill_free(&bf);
	free(b);
}

static void test_scramble(void **state)
{
	(void)state;
	unsigned char b[2048] = { 0 };
	uint64_t off = 1ULL << 30, now = 5 * 1000000000ULL + 123456789;
	buf_scramble(b, sizeof(b), off, now);
	unsigned line = (unsigned)((123456789 ^ off) & 7) * 64;
	for (size_t k = 0; k < 4; k++) {
		uint64_t w[3];
		memcpy(&w[0], b + k * 512 + line, 8);
		memcpy(&w[1], b + k * 512 + 48, 16);
		assert_true(w[0] == off + k * 512);
		assert_true(w[1] == 5 && w[2] == 123456789);
	}
	unsigned char small[511] = { 0 };
	buf_scramble(small, sizeof(small), off, now); /* no whole block: untouched */
	assert_true(all_zero(small, sizeof(small)));
}

static void test_check(void **state)
{
	(void)state;
	struct buf_fill bf = { 0 };
	setup_with(&bf, (const char *const[]){ "dedupe_percentage", "60", "dedupe_mode", "working_set",
					       "size", "1m", "dedupe_working_set_percentage", "50", NULL });
	assert_int_equal(buf_fill_check(&job, err, sizeof(err)), 2); /* BLKTOP_USAGE */
	assert_non_null(strstr(err, "dedupe_working_set_percentage"));
	setup_with(&bf, (const char *const[]){ "dedupe_percentage", "60", "dedupe_mode", "working_set",
					       NULL });
	assert_int_equal(buf_fill_check(&job, err, sizeof(err)), 2); /* BLKTOP_USAGE */
	assert_non_null(strstr(err, "size"));
	setup_with(&bf, (const char *const[]){ "dedupe_percentage", "60", "dedupe_mode", "working_set",
					       "size", "1m", NULL });
	assert_int_equal(buf_fill_check(&job, err, sizeof(err)), 0);
	buf_fill_free(&bf);
	job_defaults(&job);
	assert_int_equal(job_option_set(&job, "buffer_pattern", "zz", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&job, "buffer_pattern", "%o", err, sizeof(err)), -1);
	assert_int_equal(job_option_set(&job, "buffer_pattern", "\"x\"-12", err, sizeof(err)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resolve),
		cmocka_unit_test(test_pattern_and_zero),
		cmocka_unit_test(test_compress_layout),
		cmocka_unit_test(test_dedupe),
		cmocka_unit_test(test_scramble),
		cmocka_unit_test(test_check),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
