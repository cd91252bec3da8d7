/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_randmap.c - the random map (engine/randmap.c) at sizes round the
 * word and level edges: blocks drawn at random and moved on to the next
 * free one are each taken exactly once before the map is full, the
 * search wraps round, a run stops at a taken block, a reset frees all. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "engine/randmap.h"
#include "engine/random.h"

static void fill_once(uint64_t nbits, struct rng *r)
{
	struct randmap m;
	assert_int_equal(randmap_init(&m, nbits), 0);
	unsigned char *seen = calloc(nbits + 1, 1);
	assert_non_null(seen);
	for (int pass = 0; pass < 2; pass++) {
		for (uint64_t i = 0; i < nbits; i++) {
			uint64_t b = randmap_next_free(&m, rng_below(r, nbits));
			assert_true(b < nbits);
			assert_false(randmap_isset(&m, b));
			assert_int_equal(randmap_take(&m, b, 1), 1);
			assert_int_equal(seen[b], pass);
			seen[b]++;
		}
		assert_int_equal(m.nfree, 0);
		assert_true(randmap_next_free(&m, 0) == RANDMAP_NONE);
		randmap_reset(&m);
		assert_int_equal(m.nfree, nbits);
	}
	free(seen);
	randmap_free(&m);
}

static void test_every_block_once(void **state)
{
	(void)state;
	static const uint64_t sizes[] = { 1, 2, 63, 64, 65, 127, 4095, 4096, 4097,
					  262143, 262145, 300000 };
	struct rng r;
	rng_seed(&r, 42);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		fill_once(sizes[i], &r);
}

static void test_search_and_runs(void **state)
{
	(void)state;
	struct randmap m;
	assert_int_equal(randmap_init(&m, 5000), 0);
	/* A run stops at the first taken block and at the end of the map. */
	assert_int_equal(randmap_take(&m, 100, 1), 1);
	assert_int_equal(randmap_take(&m, 90, 32), 10);
	assert_int_equal(randmap_take(&m, 90, 4), 0);
	assert_int_equal(randmap_take(&m, 4990, 64), 10);
	assert_int_equal(m.nfree, 5000 - 21);
	/* The next free block after a taken run, and round past the end. */
	assert_int_equal(randmap_next_free(&m, 95), 101);
	assert_int_equal(randmap_next_free(&m, 4995), 0);
	/* Whole words and whole summary words taken: the search skips them. */
	assert_int_equal(randmap_take(&m, 0, 4096 + 64), 90);
	assert_int_equal(randmap_take(&m, 101, 4200), 4200);
	assert_int_equal(randmap_next_free(&m, 3), 4301);
	assert_int_equal(randmap_next_free(&m, 4989), 4989);
	assert_int_equal(randmap_next_free(&m, 4990), 4301);
	randmap_free(&m);
	/* An empty area: a map that is always full. */
	assert_int_equal(randmap_init(&m, 0), 0);
	assert_true(randmap_next_free(&m, 0) == RANDMAP_NONE);
	randmap_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_block_once),
		cmocka_unit_test(test_search_and_runs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
