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
	uint32_t cum = 0;
	for (unsigned i = 0; i < g->nsplit; i++) {
		cum += spec->bssplit[dir][i].pct;
		g->split_bs[i] = spec->bssplit[dir][i].bs;
		g->split_cum[i] = cum;
	}
}
