/* SPDX-License-Identifier: GPL-2.0-or-later */
/* graphdata.h - the runs over time: one point per second of the run's
 * per-second samples (the same seconds the report's "samples" list), kept
 * across runs with a mark where each run begins. What the rate, latency
 * and heat-map graphs draw. No curses: the unit tests feed it samples.
 *
 * Samples, not status intervals: a sample covers one whole second of
 * the run, so no point straddles a refresh (a short last interval made
 * a spike, a late one an empty column). */
#ifndef BLKTOP_SCREEN_GRAPHDATA_H
#define BLKTOP_SCREEN_GRAPHDATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run.h"
#include "stats/hist.h"

#define GRAPH_POINTS 600     /* ten minutes at a point a second */
#define GRAPH_OCTAVES 40     /* latency buckets [2^k, 2^(k+1)) ns, k < 40 */
#define GRAPH_LATS 3         /* clat p50, p99, p99.9 */

extern const double graph_lat_pcts[GRAPH_LATS];

struct graph_point {
	uint64_t wall_ns;            /* when sampled: sections of one second share it */
	uint64_t t_ms;               /* since its run began, as the sample has it */
	unsigned run;                /* 1 for the first run the screen saw */
	bool run_start;              /* the first second of a run (or a later wave) */
	double iops[DIR_COUNT];
	double bw_bytes[DIR_COUNT];  /* per second */
	uint64_t lat_ns[GRAPH_LATS]; /* clat of all that second's I/Os */
	uint64_t ios;                /* I/Os in heat[] */
	uint32_t heat[GRAPH_OCTAVES];/* I/Os per latency octave */
};

struct graph_hist {
	struct graph_point *ring;    /* GRAPH_POINTS */
	uint64_t head;               /* points ever added */
	unsigned runs;
	struct hist *second;         /* the newest point's I/Os, over its sections */
	unsigned char octave[HIST_NR]; /* histogram bucket -> octave */
};

int graph_init(struct graph_hist *g);
void graph_free(struct graph_hist *g);
/* One section's second: a new point, or added to the newest one when
 * another section of the same second made it. */
void graph_add(struct graph_hist *g, const struct run_sample *s);
/* Copies the newest points, up to max, oldest first; returns how many. */
size_t graph_copy(const struct graph_hist *g, struct graph_point *out, size_t max);

/* The octave a latency falls in (0 for under 2 ns). */
unsigned graph_octave(uint64_t ns);

#endif
