/* SPDX-License-Identifier: GPL-2.0-or-later */
/* prio.h - latencies kept per I/O priority (fio's clat_prio: with
 * cmdprio_percentage or cmdprio_bssplit, or a reporting group whose jobs
 * have different prio/prioclass): one latency summary per priority value
 * (class << 13 | level), in the order the priorities were first seen, as
 * fio lists them. */
#ifndef BLKTOP_STATS_PRIO_H
#define BLKTOP_STATS_PRIO_H

#include "stats/stats.h"

struct prio_lat {
	unsigned ioprio;
	struct lat_stat lat;    /* clat, or lat with lat_percentiles (as fio) */
};

struct prio_set {
	unsigned n;
	struct prio_lat *v;
};

/* The index of ioprio's entry, appended (empty) when new; -1 when out of
 * memory. Not on the per-I/O path: setup and merges only. */
int prio_set_index(struct prio_set *s, unsigned ioprio);
/* Adds src's samples to ioprio's entry. 0 or -1 (out of memory). */
int prio_set_add(struct prio_set *dst, unsigned ioprio, const struct lat_stat *src);
/* How many priorities have samples: fio lists them when at least two do. */
unsigned prio_set_with_samples(const struct prio_set *s);
/* Every entry's samples dropped (latency_target's reset); the entries stay. */
void prio_set_clear(struct prio_set *s);
void prio_set_free(struct prio_set *s);

#endif
