/* SPDX-License-Identifier: GPL-2.0-or-later */
/* graphdata.c - per-second points for the graphs (see graphdata.h). */
#include "config.h"
#include "screen/graphdata.h"

#include <stdlib.h>
#include <string.h>

const double graph_lat_pcts[GRAPH_LATS] = { 50.0, 99.0, 99.9 };

unsigned graph_octave(uint64_t ns)
{
	if (ns < 2)
		return 0;
	unsigned k = 63u - (unsigned)__builtin_clzll(ns);
	return k < GRAPH_OCTAVES ? k : GRAPH_OCTAVES - 1;
}

int graph_init(struct graph_hist *g)
{
	memset(g, 0, sizeof(*g));
	g->ring = calloc(GRAPH_POINTS, sizeof(*g->ring));
	g->second = calloc(1, sizeof(*g->second));
	if (!g->ring || !g->second) {
		graph_free(g);
		return -1;
	}
	/* A bucket lies within one octave: its lowest value says which. */
	for (unsigned b = 0; b < HIST_NR; b++)
		g->octave[b] = (unsigned char)graph_octave(hist_bucket_low(b));
	return 0;
}

void graph_free(struct graph_hist *g)
{
	free(g->ring);
	free(g->second);
	g->ring = NULL;
	g->second = NULL;
}

void graph_add(struct graph_hist *g, const struct run_sample *s)
{
	if (!g->ring)
		return;
	struct graph_point *p = g->head ? &g->ring[(g->head - 1) % GRAPH_POINTS] : NULL;
	if (!p || p->wall_ns != s->wall_ns) {
		p = &g->ring[g->head % GRAPH_POINTS];
		g->head++;
		memset(p, 0, sizeof(*p));
		p->wall_ns = s->wall_ns;
		p->t_ms = s->smp->t_ms;
		if (s->first || g->runs == 0)
			g->runs++;
		p->run_start = s->first;
		hist_clear(g->second);
	}
	p->run = g->runs;
	for (int d = 0; d < DIR_COUNT; d++) {
		p->iops[d] += s->smp->iops[d];
		p->bw_bytes[d] += s->smp->bw_bytes[d];
		const struct hist *h = s->clat[d];
		if (!h)
			continue;
		hist_merge(g->second, h);
		for (unsigned b = 0; b < HIST_NR; b++)
			if (h->count[b]) {
				p->heat[g->octave[b]] += (uint32_t)h->count[b];
				p->ios += h->count[b];
			}
	}
	hist_percentiles(g->second, graph_lat_pcts, GRAPH_LATS, 0, UINT64_MAX, p->lat_ns);
}

size_t graph_copy(const struct graph_hist *g, struct graph_point *out, size_t max)
{
	uint64_t n = g->head < GRAPH_POINTS ? g->head : GRAPH_POINTS;
	if (n > max)
		n = max;
	for (uint64_t i = 0; i < n; i++)
		out[i] = g->ring[(g->head - n + i) % GRAPH_POINTS];
	return (size_t)n;
}
