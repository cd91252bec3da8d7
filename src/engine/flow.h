/* SPDX-License-Identifier: GPL-2.0-or-later */
/* flow.h - fio's flow= and flow_id=: the jobs of one flow id share a
 * counter of I/Os, and each holds back while its own share of it is
 * above its weight's share of the flow's total weight. */
#ifndef BLKTOP_ENGINE_FLOW_H
#define BLKTOP_ENGINE_FLOW_H

#include <stddef.h>
#include <stdint.h>

#include "job.h"

/* One flow id's shared figures, changed with atomics only. */
struct io_flow {
	unsigned long long id;
	uint64_t counter;       /* starts at 1, as fio's */
	uint64_t total_weight;  /* every thread's flow= that has not ended */
};

/* The flow of a job with flow= (one entry per flow id in flows[], of
 * room n, *nflows used so far), its weight added once per clone as fio
 * adds it when it sets each job up; NULL for a job without flow=. */
struct io_flow *flow_join(struct io_flow *flows, size_t *nflows, size_t n,
			  const struct job_spec *job);

/* Before an I/O: true when the thread is ahead of its share and must
 * hold back (fio's flow_threshold_exceeded); else the I/O is counted in
 * the flow and in *mine. */
static inline int flow_ahead(struct io_flow *f, uint64_t *mine, unsigned long long weight)
{
	double own = (double)*mine / (double)__atomic_load_n(&f->counter, __ATOMIC_RELAXED);
	double share = (double)weight / (double)__atomic_load_n(&f->total_weight, __ATOMIC_RELAXED);
	if (own > share)
		return 1;
	__atomic_add_fetch(&f->counter, 1, __ATOMIC_RELAXED);
	(*mine)++;
	return 0;
}

/* As a thread ends: its I/Os and its weight leave the flow (fio's
 * flow_put), so the others go on at their own shares. */
void flow_leave(struct io_flow *f, uint64_t mine, unsigned long long weight);

#endif
