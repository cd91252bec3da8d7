/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fiorand.c - fio 3.33's seeding of its generators and of a thread's
 * seeds (engine/fiorand.h): run once per job at setup, so kept out of
 * line. */
#include "config.h"
#include "engine/fiorand.h"

#include "job.h"
#include "options.h"

#define FIO_SEED_STEP 0x9e370001ULL
#define FIO_RANDSEED_DEFAULT 0x89
/* fio's fixed seed of the offsets under randrepeat=1. */
#define FIO_BLOCK_SEED 0xb1899bedULL

static uint64_t above(uint64_t x, uint64_t m)
{
	return x < m ? x + m : x;
}

/* fio's seeding: LCG steps from the seed, each kept above the
 * component's minimum, then six draws thrown away. */
void taus88_seed(struct taus88 *t, uint32_t seed)
{
	t->s1 = (uint32_t)above(53U * 69069U ^ seed, 1);
	t->s2 = (uint32_t)above(t->s1 * 69069U ^ seed, 7);
	t->s3 = (uint32_t)above(t->s2 * 69069U ^ seed, 15);
	for (int i = 0; i < 6; i++)
		taus88_next(t);
}

static void taus258_seed(struct taus258 *t, uint64_t seed)
{
	const uint64_t m = 6906969069ULL;
	t->s1 = above(53ULL * m ^ seed, 1);
	t->s2 = above(t->s1 * m ^ seed, 7);
	t->s3 = above(t->s2 * m ^ seed, 15);
	t->s4 = above(t->s3 * m ^ seed, 33);
	t->s5 = above(t->s4 * m ^ seed, 49);
	for (int i = 0; i < 6; i++)
		taus258_next(t);
}

void fio_rand_seed(struct fio_rand *r, uint64_t seed, bool use64)
{
	r->use64 = use64;
	if (use64)
		taus258_seed(&r->t64, seed);
	else
		taus88_seed(&r->t32, (uint32_t)seed);
}

uint64_t fio_seed(uint64_t base, unsigned thread_number, int idx)
{
	for (int i = 0; i < 4 + idx; i++)
		base *= FIO_SEED_STEP;
	return base * thread_number + (uint64_t)idx;
}

uint64_t fio_seed_base(const struct job_spec *spec, uint64_t random_seed)
{
	if (job_option_given(spec, "randseed"))
		return spec->randseed;
	return spec->randrepeat ? FIO_RANDSEED_DEFAULT : random_seed;
}

uint64_t fio_block_seed(bool fixed, unsigned thread_number, uint64_t base)
{
	if (fixed)
		return FIO_BLOCK_SEED * thread_number;
	return fio_seed(base, thread_number, FIO_SEED_BLOCK);
}
