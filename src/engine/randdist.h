/* SPDX-License-Identifier: GPL-2.0-or-later */
/* randdist.h - where a random job's offsets fall when the job asks for
 * more than uniform draws: fio's random_distribution (zipf, pareto and
 * normal over ranges of the smallest I/O size, scattered over the area so
 * that hot ranges are not side by side, as fio scatters them) and
 * random_generator=lfsr (every block once per pass, in a scrambled order,
 * without a map). Set up once per file; a draw allocates nothing. */
#ifndef BLKTOP_ENGINE_RANDDIST_H
#define BLKTOP_ENGINE_RANDDIST_H

#include <stdint.h>

#include "engine/random.h"
#include "engine/randmap.h"
#include "job.h"

/* A file's random state: its map (norandommap=0), its distribution's
 * constants, its place in the lfsr order. */
struct rand_file {
	struct randmap map;
	uint64_t nranges;        /* zipf, pareto, normal: ranges in the area */
	uint64_t rand_off;       /* where range 0 lands (fio's center) */
	double zetan, eta;       /* zipf */
	uint64_t stddev;         /* normal: the spread added, in ranges */
	uint64_t perm_n, perm_mask, perm_next; /* lfsr: blocks, 2^k-1, done */
	uint64_t perm_mul[3], perm_add[3];
	unsigned perm_shift;
	uint64_t fio_blocks[DIR_ALL]; /* uniform: blocks a draw picks from */
};

/* Sets up f for a job's distribution over nranges ranges, and for lfsr
 * over nblocks blocks; r gives the constants that are drawn. */
void randdist_init(struct rand_file *f, const struct job_spec *spec, uint64_t nranges,
		   uint64_t nblocks, struct rng *r);

/* zipf, pareto, normal: the next range, 0..nranges-1. */
uint64_t randdist_next(const struct job_spec *spec, struct rand_file *f, struct rng *r);

/* lfsr: the next block of the pass, 0..nblocks-1; a new pass (the same
 * order again) after the last. */
uint64_t randdist_perm_next(struct rand_file *f);

#endif
