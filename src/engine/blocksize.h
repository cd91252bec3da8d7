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

#include "engine/fiorand.h"
#include "job.h"

struct bs_gen {
	uint32_t min, max;        /* min == max: every I/O this size */
	uint32_t align;           /* random offsets on multiples of this */
	bool pow2;                /* min is a power of two: a mask cuts */
	unsigned nsplit;          /* bssplit entries, 0: a range or one size */
	uint32_t split_bs[JOB_BSSPLIT_MAX];
	uint32_t split_pct[JOB_BSSPLIT_MAX];
	uint32_t split_cum[JOB_BSSPLIT_MAX]; /* running sum of the percentages */
};

/* The sizes of one direction (DIR_READ, DIR_WRITE) of a job. */
void bs_gen_init(struct bs_gen *g, const struct job_spec *spec, int dir);

/* fio's size draw for an I/O with room bytes left in the area (at least
 * min): from fio's generator of the direction (r), drawn again until the
 * size fits, as fio does. bssplit: the first entry, in fio's order (by
 * percentage), whose running share is above the draw and that fits. */
static inline uint32_t bs_next(const struct bs_gen *g, struct fio_rand *r, uint64_t room)
{
	if (g->min == g->max)
		return g->min;
	uint64_t rmax = fio_rand_max(r), len;
	do {
		uint64_t v = fio_rand_next(r);
		if (g->nsplit) {
			len = g->split_bs[g->nsplit - 1];
			for (unsigned i = 0; i < g->nsplit; i++) {
				if (!g->split_pct[i] || !g->split_cum[i])
					continue;
				len = g->split_bs[i];
				if (v / g->split_cum[i] <= rmax / 100 && len <= room)
					break;
			}
		} else {
			len = g->min + (uint64_t)((double)g->max * (v / ((double)rmax + 1.0)));
		}
		len = g->pow2 ? len & ~(uint64_t)(g->min - 1) : len - len % g->min;
		if (len > g->max)
			len = g->max;
	} while (len > room);
	return (uint32_t)len;
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
