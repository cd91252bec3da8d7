/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmdprio.h - fio's per-I/O priorities of libaio and io_uring
 * (cmdprio_percentage, cmdprio_class, cmdprio, cmdprio_bssplit): which
 * I/Os go with a priority of their own, drawn as fio draws it (one taus88
 * draw below 100 per read or write whose direction and size have a share,
 * from fio's generator for it), and the latencies kept per priority.
 * The choice is made as the engine hands the I/O over, where fio's
 * engines make it; it costs one test per I/O when the options are off. */
#ifndef BLKTOP_ENGINE_CMDPRIO_H
#define BLKTOP_ENGINE_CMDPRIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/fiorand.h"
#include "engine/ops.h"
#include "job.h"
#include "options.h"
#include "stats/prio.h"

struct job_thread;

/* One priority a share of the I/Os takes: the draws below cum (the
 * shares before it summed, its own included) take it. */
struct cmdprio_entry {
	uint16_t cum, ioprio, idx;   /* idx: its place in the thread's prio_set */
};

/* The entries of one I/O size (cmdprio_bssplit; the percentage's one
 * entry has bs 0 and matches every size). */
struct cmdprio_size {
	uint64_t bs;
	unsigned total, first, n;
};

struct cmdprio {
	bool on;                     /* cmdprio_percentage or cmdprio_bssplit */
	bool by_size;                /* cmdprio_bssplit */
	bool lat;                    /* lat_percentiles: the total latency is kept */
	uint16_t job_ioprio;         /* every other I/O's (prio, prioclass) */
	struct taus88 rng;
	unsigned nsizes[DIR_COUNT];
	struct cmdprio_size size[DIR_COUNT][CMDPRIO_SPLIT_MAX];
	struct cmdprio_entry entry[DIR_COUNT][CMDPRIO_SPLIT_MAX];
	struct prio_set *stats;      /* the thread's, [DIR_COUNT] */
};

/* Before the run: the options' conflicts and limits as fio 3.33 checks
 * them (as its engine starts). 0, or an exit status (2: bad input) with
 * one line in err. */
int cmdprio_check(const struct job_spec *spec, char *err, size_t errlen);

/* Once per thread: the tables, and the thread's per-priority latencies
 * (left off when the options are). 0 or -ENOMEM. */
int cmdprio_setup(struct cmdprio *c, struct job_thread *t);
/* fio's seed for the draws (at the start, and each pass with randrepeat). */
void cmdprio_seed(struct cmdprio *c, uint64_t base, unsigned thread_number);

/* The I/O's priority: the job's, or one of the options' (true then, and
 * the engine marks the I/O with it). Reads and writes only. */
static inline bool cmdprio_pick(struct cmdprio *c, struct io_unit *io)
{
	io->ioprio = c->job_ioprio;
	io->prio_idx = 0;
	if (io->dir >= DIR_COUNT)
		return false;
	const struct cmdprio_size *s = c->size[io->dir];
	unsigned n = c->nsizes[io->dir];
	if (c->by_size) {
		while (n && s->bs != io->len) {
			s++;
			n--;
		}
	}
	if (!n || !s->total)
		return false;
	unsigned r = (unsigned)taus88_below(&c->rng, 100);
	if (r >= s->total)
		return false;
	const struct cmdprio_entry *e = &c->entry[io->dir][s->first];
	while (r >= e->cum)
		e++;
	io->ioprio = e->ioprio;
	io->prio_idx = e->idx;
	return true;
}

/* A counted I/O's latency under its priority (nothing when the options
 * are off). */
static inline void cmdprio_account(struct cmdprio *c, const struct io_unit *io, uint64_t clat,
				   uint64_t lat)
{
	if (c->on && io->dir < DIR_COUNT && c->stats[io->dir].n)
		lat_add(&c->stats[io->dir].v[io->prio_idx].lat, c->lat ? lat : clat);
}

#endif
