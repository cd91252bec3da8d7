/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fiorand.h - fio 3.33's random numbers: its Tausworthe generators
 * (L'Ecuyer's taus88, 32-bit, and taus258, 64-bit for
 * random_generator=tausworthe64), their seeding, and the seeds fio gives
 * each thread (one per use, from randseed). Shared by the write buffers
 * (engine/buffers.c) and the offsets, sizes and directions
 * (engine/next_io.c): drawn from the same states in the same order, they
 * give fio's bytes and fio's offsets. Inline: random I/Os draw per I/O. */
#ifndef BLKTOP_ENGINE_FIORAND_H
#define BLKTOP_ENGINE_FIORAND_H

#include <stdbool.h>
#include <stdint.h>

struct job_spec;

struct taus88 {
	uint32_t s1, s2, s3;
};

struct taus258 {
	uint64_t s1, s2, s3, s4, s5;
};

/* A state of either width, as fio keeps its offset generator. */
struct fio_rand {
	bool use64;
	union {
		struct taus88 t32;
		struct taus258 t64;
	};
};

/* fio's index of each use among a thread's seeds. */
enum fio_seed_idx {
	FIO_SEED_BS = 0,        /* block sizes of reads; +1 writes, +2 trims */
	FIO_SEED_MIX = 4,       /* rwmix: read or write */
	FIO_SEED_FILE = 5,      /* file_service_type: the next file */
	FIO_SEED_BLOCK = 6,     /* random offsets (randrepeat=0 only) */
	FIO_SEED_FILE_SIZE = 7, /* filesize ranges: each file's size */
	FIO_SEED_BUF = 9,       /* buffer contents */
	FIO_SEED_SEQ_RAND = 10, /* percentage_random: random or sequential */
	FIO_SEED_DEDUPE = 14,
	FIO_SEED_PRIO_CMDS = 19, /* cmdprio_percentage, cmdprio_bssplit */
	FIO_SEED_DEDUPE_WS = 20,
};

static inline uint32_t taus88_next(struct taus88 *t)
{
	t->s1 = ((t->s1 & 4294967294U) << 12) ^ (((t->s1 << 13) ^ t->s1) >> 19);
	t->s2 = ((t->s2 & 4294967288U) << 4) ^ (((t->s2 << 2) ^ t->s2) >> 25);
	t->s3 = ((t->s3 & 4294967280U) << 17) ^ (((t->s3 << 3) ^ t->s3) >> 11);
	return t->s1 ^ t->s2 ^ t->s3;
}

static inline uint64_t taus258_next(struct taus258 *t)
{
	t->s1 = ((t->s1 & 0xfffffffffffffffeULL) << 10) ^ (((t->s1 << 1) ^ t->s1) >> 53);
	t->s2 = ((t->s2 & 0xfffffffffffffe00ULL) << 5) ^ (((t->s2 << 24) ^ t->s2) >> 50);
	t->s3 = ((t->s3 & 0xfffffffffffff000ULL) << 29) ^ (((t->s3 << 3) ^ t->s3) >> 23);
	t->s4 = ((t->s4 & 0xfffffffffffe0000ULL) << 23) ^ (((t->s4 << 5) ^ t->s4) >> 24);
	t->s5 = ((t->s5 & 0xffffffffff800000ULL) << 8) ^ (((t->s5 << 3) ^ t->s5) >> 33);
	return t->s1 ^ t->s2 ^ t->s3 ^ t->s4 ^ t->s5;
}

/* A draw and the largest one, from a state of either width. */
static inline uint64_t fio_rand_next(struct fio_rand *r)
{
	return r->use64 ? taus258_next(&r->t64) : taus88_next(&r->t32);
}

static inline uint64_t fio_rand_max(const struct fio_rand *r)
{
	return r->use64 ? UINT64_MAX : UINT32_MAX;
}

void taus88_seed(struct taus88 *t, uint32_t seed);
void fio_rand_seed(struct fio_rand *r, uint64_t seed, bool use64);

/* fio's rand_between(0, n - 1) on a 32-bit state: the draw scaled to n
 * in double precision, as fio does it (not exactly uniform; fio's). */
static inline uint64_t taus88_below(struct taus88 *t, uint64_t n)
{
	uint32_t r = taus88_next(t);
	return (uint64_t)(int)((double)n * (r / 4294967296.0));
}

/* A seed for a buffer: two draws multiplied, as fio's on 64-bit hosts. */
static inline uint64_t taus88_seed64(struct taus88 *t)
{
	uint64_t r = taus88_next(t);
	return r * taus88_next(t);
}

/* A block among n, as fio's uniform offsets take it: the draw over the
 * generator's range, times n, truncated. */
static inline uint64_t fio_rand_block(struct fio_rand *r, uint64_t n)
{
	if (r->use64)
		return (uint64_t)((double)n * ((double)taus258_next(&r->t64) / 18446744073709551616.0));
	return (uint64_t)((double)n * (taus88_next(&r->t32) / 4294967296.0));
}

/* fio's seed idx of thread thread_number (1-based) from base. */
uint64_t fio_seed(uint64_t base, unsigned thread_number, int idx);

/* The base fio derives a job's seeds from: randseed if given, else
 * fio's default 0x89 with randrepeat=1, else random_seed (fio reads
 * /dev/urandom there; any fresh value will do). */
uint64_t fio_seed_base(const struct job_spec *spec, uint64_t random_seed);

/* The seed of fio's offset generator: when fixed (randrepeat=1 as the
 * job holds it, loop.h's fixed_block_seed) fio's fixed one times the
 * thread number, else the one fio derives from base. */
uint64_t fio_block_seed(bool fixed, unsigned thread_number, uint64_t base);

#endif
