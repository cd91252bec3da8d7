/* SPDX-License-Identifier: GPL-2.0-or-later */
/* randmap.h - the random map: which blocks of a file a random job has
 * touched in this pass, so that with fio's default (norandommap=0) every
 * block is done once before any block is done again. A bitmap with
 * summary levels above it (a bit per word below, set when that word is
 * full), so that the next free block after a taken one is found in a few
 * word reads however full the map is. Allocated once per file at setup;
 * nothing on the per-I/O path allocates. */
#ifndef BLKTOP_ENGINE_RANDMAP_H
#define BLKTOP_ENGINE_RANDMAP_H

#include <stdbool.h>
#include <stdint.h>

/* 64^8 blocks: more than any device has, at 512 bytes a block. */
#define RANDMAP_LEVELS 8
#define RANDMAP_NONE UINT64_MAX

struct randmap {
	uint64_t nbits;                    /* blocks in the map */
	uint64_t nfree;                    /* blocks not yet touched this pass */
	unsigned nlevels;
	uint64_t nwords[RANDMAP_LEVELS];
	uint64_t *level[RANDMAP_LEVELS];   /* [0]: one bit per block */
};

/* 0, or -ENOMEM. nbits 0 makes an empty map that is always full. */
int randmap_init(struct randmap *m, uint64_t nbits);
void randmap_free(struct randmap *m);
/* A new pass: every block free again. */
void randmap_reset(struct randmap *m);

static inline bool randmap_isset(const struct randmap *m, uint64_t bit)
{
	return (m->level[0][bit / 64] >> (bit % 64)) & 1;
}

/* The first free block at or after bit, wrapping round to block 0;
 * RANDMAP_NONE when every block is taken. */
uint64_t randmap_next_free(const struct randmap *m, uint64_t bit);

/* Takes up to n blocks from bit on, stopping at the end of the map or at
 * the first one already taken; returns how many it took (0 if bit was
 * taken). */
uint64_t randmap_take(struct randmap *m, uint64_t bit, uint64_t n);

#endif
