/* SPDX-License-Identifier: GPL-2.0-or-later */
/* blocksize.c - sets up a direction's I/O sizes once per thread (see
 * blocksize.h); the draw itself is inline in the job loop. */
#include "config.h"
#include "engine/blocksize.h"

void bs_gen_init(struct bs_gen *g, const struct job_spec *spec, int dir)
{
	unsigned long long lo, hi;
	job_bs_dir(spec, dir, &lo, &hi);
	if (dir == DIR_TRIM)
		dir = DIR_WRITE; /* trims take the writes' sizes (job.h) */
	g->min = (uint32_t)lo;
	g->max = (uint32_t)hi;
	g->pow2 = lo && !(lo & (lo - 1));
	g->align = spec->blockalign[dir] ? (uint32_t)spec->blockalign[dir] : g->min;
	g->nsplit = spec->bssplit_n[dir];
	/* fio's order: by percentage, ties as given (its sort is stable). */
	for (unsigned i = 0; i < g->nsplit; i++) {
		unsigned j = i;
		uint32_t pct = spec->bssplit[dir][i].pct;
		for (; j && g->split_pct[j - 1] > pct; j--) {
			g->split_pct[j] = g->split_pct[j - 1];
			g->split_bs[j] = g->split_bs[j - 1];
		}
		g->split_pct[j] = pct;
		g->split_bs[j] = (uint32_t)spec->bssplit[dir][i].bs;
	}
	uint32_t cum = 0;
	for (unsigned i = 0; i < g->nsplit; i++) {
		cum += g->split_pct[i];
		g->split_cum[i] = cum;
	}
}
