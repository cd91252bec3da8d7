/* SPDX-License-Identifier: GPL-2.0-or-later */
/* randmap.c - the random map's levels (see randmap.h). Bits past the end
 * of each level are kept set, so a word is full exactly when every block
 * it covers is taken and the search never lands past the end. */
#include "config.h"
#include "engine/randmap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Bits that count in level l: blocks at level 0, words below above it. */
static uint64_t level_bits(const struct randmap *m, unsigned l)
{
	return l ? m->nwords[l - 1] : m->nbits;
}

int randmap_init(struct randmap *m, uint64_t nbits)
{
	memset(m, 0, sizeof(*m));
	m->nbits = nbits;
	uint64_t n = nbits;
	for (unsigned l = 0; l < RANDMAP_LEVELS; l++) {
		m->nwords[l] = n > 64 ? (n + 63) / 64 : 1;
		m->level[l] = malloc(m->nwords[l] * sizeof(uint64_t));
		m->nlevels = l + 1;
		if (!m->level[l]) {
			randmap_free(m);
			return -ENOMEM;
		}
		if (m->nwords[l] == 1)
			break;
		n = m->nwords[l];
	}
	if (m->nwords[m->nlevels - 1] != 1) {
		randmap_free(m);
		return -ENOMEM;
	}
	randmap_reset(m);
	return 0;
}

void randmap_free(struct randmap *m)
{
	for (unsigned l = 0; l < m->nlevels; l++)
		free(m->level[l]);
	memset(m, 0, sizeof(*m));
}

static void set_bit(struct randmap *m, unsigned l, uint64_t bit)
{
	for (;;) {
		uint64_t *w = &m->level[l][bit / 64];
		*w |= 1ULL << (bit % 64);
		if (*w != ~0ULL || ++l == m->nlevels)
			return;
		bit /= 64;
	}
}

void randmap_reset(struct randmap *m)
{
	for (unsigned l = 0; l < m->nlevels; l++)
		memset(m->level[l], 0, m->nwords[l] * sizeof(uint64_t));
	for (unsigned l = 0; l < m->nlevels; l++) {
		uint64_t valid = level_bits(m, l);
		if (valid % 64 == 0 && valid)
			continue;
		uint64_t *last = &m->level[l][valid / 64];
		*last |= ~0ULL << (valid % 64);
		/* A last word made full by its padding tells the level above. */
		if (*last == ~0ULL && l + 1 < m->nlevels)
			set_bit(m, l + 1, valid / 64);
	}
	m->nfree = m->nbits;
}

/* The first clear bit of level l at or after bit, without wrapping. */
static uint64_t find_from(const struct randmap *m, unsigned l, uint64_t bit)
{
	if (bit >= level_bits(m, l))
		return RANDMAP_NONE;
	uint64_t w = bit / 64;
	uint64_t clear = ~m->level[l][w] & (~0ULL << (bit % 64));
	if (clear)
		return w * 64 + (uint64_t)__builtin_ctzll(clear);
	if (l + 1 == m->nlevels)
		return RANDMAP_NONE;
	/* The level above knows which words further on are not full. */
	uint64_t next = find_from(m, l + 1, w + 1);
	if (next == RANDMAP_NONE)
		return RANDMAP_NONE;
	return next * 64 + (uint64_t)__builtin_ctzll(~m->level[l][next]);
}

uint64_t randmap_next_free(const struct randmap *m, uint64_t bit)
{
	if (!m->nfree)
		return RANDMAP_NONE;
	uint64_t b = find_from(m, 0, bit);
	return b == RANDMAP_NONE ? find_from(m, 0, 0) : b;
}

uint64_t randmap_take(struct randmap *m, uint64_t bit, uint64_t n)
{
	uint64_t taken = 0;
	while (taken < n && bit + taken < m->nbits && !randmap_isset(m, bit + taken)) {
		set_bit(m, 0, bit + taken);
		taken++;
	}
	m->nfree -= taken;
	return taken;
}
