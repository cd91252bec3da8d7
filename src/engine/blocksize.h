/* SPDX-License-Identifier: GPL-2.0-or-later */
/* blocksize.h - the size of each I/O, per direction, as fio picks it:
 * one size (bs=4k, or bs=4k,64k for reads and writes), a range
 * (bsrange=4k-64k: fio's draw, min + max x U[0,1), cut down to a multiple
 * of min and capped at max), or weighted sizes (bssplit=4k/10:64k/90).
 * Random offsets fall on multiples of blockalign (fio's default: the
 * smallest size). bs_next() is on the per-I/O path: a fixed size costs
 * one compare, no division. */
#ifndef BLKTOP_ENGINE_BLOCKSIZE_H
#define BLKTOP_ENGINE_BLOCKSIZE_H

#include <stdint.h>

#include "engine/random.h"
#include "job.h"

struct bs_gen {
	uint32_t min, max;        /* min == max: every I/O this size */
	uint32_t align;           /* random offsets on multiples of this */
	bool pow2;                /* min is a power of two: a mask cuts */
	unsigned nsplit;          /* bssplit entries, 0: a range or one size */
	uint32_t split_bs[JOB_BSSPLIT_MAX];
	uint32_t split_cum[JOB_BSSPLIT_MAX]; /* running sum of the percentages */
};

/* The sizes of one direction (DIR_READ, DIR_WRITE) of a job. */
void bs_gen_init(struct bs_gen *g, const struct job_spec *spec, int dir);

static inline uint32_t bs_next(const struct bs_gen *g, struct rng *r)
{
	if (g->min == g->max)
		return g->min;
	uint64_t len;
	if (g->nsplit) {
		uint32_t p = (uint32_t)rng_below(r, 100);
		unsigned i = 0;
		while (i + 1 < g->nsplit && p >= g->split_cum[i])
			i++;
		len = g->split_bs[i];
	} else {
		len = g->min + rng_below(r, g->max);
	}
	len = g->pow2 ? len & ~(uint64_t)(g->min - 1) : len - len % g->min;
	return len > g->max ? g->max : (uint32_t)len;
}

/* A random I/O of len at *off runs past the area's end (area_len): cut
 * it to what is left, in multiples of the smallest size, or move it back
 * when not even that fits. Returns the length. */
static inline uint64_t bs_fit(const struct bs_gen *g, uint64_t area_len, uint64_t *off,
			      uint64_t len)
{
	uint64_t room = area_len - *off;
	if (room >= g->min)
		return room - room % g->min;
	if (len > area_len)
		len = area_len - area_len % g->min;
	*off = area_len - len;
	return len;
}

#endif
