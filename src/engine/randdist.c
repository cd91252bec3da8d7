/* SPDX-License-Identifier: GPL-2.0-or-later */
/* randdist.c - the draws of randdist.h. zipf follows Gray et al.'s method
 * ("Quickly generating billion-record synthetic databases", SIGMOD 1994),
 * as fio does, with fio's cap of 10 million terms in the zeta sum; pareto
 * raises a uniform draw to log(h)/log(1-h); normal averages 12 uniform
 * draws and adds a uniform spread of dev % of the area, as fio's does.
 * The value is then scattered over the area by Fibonacci hashing (times
 * 2^64 over the golden ratio, modulo the number of ranges), as fio
 * scatters it: a permutation when the number is a power of two, so the
 * hottest ranges keep their own weights rather than add up. */
#include "config.h"
#include "engine/randdist.h"

#include <math.h>

#define ZIPF_TERMS 10000000ULL /* fio's cap on the zeta sum */
#define ZETA_EXACT 100000ULL   /* summed term by term; the rest by Euler-Maclaurin */
#define NORMAL_DRAWS 12

static double uniform01(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* sum of i^-theta for i = 1..n (theta != 1). */
static double zeta(uint64_t n, double theta)
{
	uint64_t m = n < ZETA_EXACT ? n : ZETA_EXACT;
	double sum = 0;
	for (uint64_t i = m; i >= 1; i--) /* small terms first: less rounding */
		sum += pow((double)i, -theta);
	if (n > m) {
		double a = (double)m, b = (double)n;
		sum += (pow(b, 1 - theta) - pow(a, 1 - theta)) / (1 - theta) +
		       (pow(b, -theta) - pow(a, -theta)) / 2 -
		       theta * (pow(b, -theta - 1) - pow(a, -theta - 1)) / 12;
	}
	return sum;
}

static uint64_t scatter(uint64_t v)
{
	return v * 0x9e3779b97f4a7c15ULL;
}

void randdist_init(struct rand_file *f, const struct job_spec *spec, uint64_t nranges,
		   uint64_t nblocks, struct rng *r)
{
	double theta = spec->dist_param, center = spec->dist_center;

	f->nranges = nranges ? nranges : 1;
	uint64_t n = f->nranges;
	switch (spec->random_distribution) {
	case DIST_ZIPF:
		f->zetan = zeta(n < ZIPF_TERMS ? n : ZIPF_TERMS, theta);
		f->eta = (1 - pow(2.0 / (double)n, 1 - theta)) /
			 (1 - (1 + pow(0.5, theta)) / f->zetan);
		/* fall through */
	case DIST_PARETO:
		f->rand_off = center >= 0 ? (uint64_t)((double)n * center) : rng_next(r) >> 32;
		break;
	case DIST_NORMAL:
		if (spec->dist_param > 0) {
			f->stddev = (uint64_t)ceil((double)n * spec->dist_param / 100);
			if (f->stddev > n / 2)
				f->stddev = n / 2;
		}
		if (center >= 0) {
			double off = (double)n * (center - 0.5);
			f->rand_off = off < 0 ? n - (uint64_t)(-off) % n : (uint64_t)off;
		}
		break;
	default:
		break;
	}
	/* lfsr: a bijection on k bits (multiply by odd, xorshift, add, three
	 * times) walked until it lands below n: a permutation of the blocks. */
	f->perm_n = nblocks;
	f->perm_mask = 1;
	while (f->perm_mask < nblocks - (nblocks > 0))
		f->perm_mask = f->perm_mask << 1 | 1;
	unsigned k = (unsigned)__builtin_popcountll(f->perm_mask);
	f->perm_shift = k / 2 + 1;
	for (int i = 0; i < 3; i++) {
		f->perm_mul[i] = rng_next(r) | 1;
		f->perm_add[i] = rng_next(r);
	}
	f->perm_next = 0;
}

static uint64_t perm(const struct rand_file *f, uint64_t x)
{
	for (int i = 0; i < 3; i++) {
		x = (x * f->perm_mul[i]) & f->perm_mask;
		x ^= x >> f->perm_shift;
		x = (x + f->perm_add[i]) & f->perm_mask;
	}
	return x;
}

uint64_t randdist_perm_next(struct rand_file *f)
{
	if (!f->perm_n)
		return 0;
	if (f->perm_next >= f->perm_n)
		f->perm_next = 0;
	uint64_t v = perm(f, f->perm_next++);
	while (v >= f->perm_n)
		v = perm(f, v);
	return v;
}

uint64_t randdist_next(const struct job_spec *spec, struct rand_file *f, struct rng *r)
{
	uint64_t n = f->nranges, v;
	double theta = spec->dist_param;

	switch (spec->random_distribution) {
	case DIST_ZIPF: {
		double u = uniform01(r), uz = u * f->zetan;
		if (uz < 1)
			v = 0;
		else if (uz < 1 + pow(0.5, theta))
			v = 1;
		else
			v = (uint64_t)((double)n * pow(f->eta * u - f->eta + 1, 1 / (1 - theta)));
		break;
	}
	case DIST_PARETO:
		v = (uint64_t)((double)(n - 1) *
			       pow(uniform01(r), log(spec->dist_param) / log(1 - spec->dist_param)));
		break;
	case DIST_NORMAL: {
		uint64_t sum = 0;
		for (int i = 0; i < NORMAL_DRAWS; i++)
			sum += rng_below(r, n + 1);
		v = (sum + NORMAL_DRAWS - 1) / NORMAL_DRAWS;
		if (f->stddev) {
			int64_t dev = (int64_t)rng_below(r, f->stddev) - (int64_t)(f->stddev / 2);
			while ((int64_t)v + dev < 0 || (uint64_t)((int64_t)v + dev) >= n)
				dev /= 2;
			v = (uint64_t)((int64_t)v + dev);
		}
		break;
	}
	default:
		return rng_below(r, n);
	}
	return (scatter(v) + f->rand_off) % n;
}
