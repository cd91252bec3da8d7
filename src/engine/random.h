/* SPDX-License-Identifier: GPL-2.0-or-later */
/* random.h - blktop's own generator (xoshiro256**), one per thread, for
 * the draws blktop does not take from fio's generators (engine/fiorand.h
 * gives uniform offsets, sizes, rwmix and percentage_random): zipf,
 * pareto, normal and zoned offsets and lfsr's order, whose distribution,
 * not whose values, is fio's. Inline: those random I/Os draw per I/O. */
#ifndef BLKTOP_ENGINE_RANDOM_H
#define BLKTOP_ENGINE_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* xoshiro256**: fast, good enough for offsets, and reproducible. */
struct rng {
	uint64_t s[4];
};

static inline uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline void rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Uniform in [0, n) without a division (Lemire's multiply-shift). */
static inline uint64_t rng_below(struct rng *r, uint64_t n)
{
	return (uint64_t)(((unsigned __int128)rng_next(r) * n) >> 64);
}

static inline void fill_random(struct rng *r, void *buf, size_t len)
{
	uint64_t *p = buf;
	for (size_t i = 0; i < len / 8; i++)
		p[i] = rng_next(r);
}

#endif
