/* SPDX-License-Identifier: GPL-2.0-or-later */
/* flow.c - the run's flows (fio's flow= weights between jobs of one
 * flow_id): made by the runner before any thread starts, so the job
 * threads only ever touch them with atomics. */
#include "config.h"
#include "engine/flow.h"

struct io_flow *flow_join(struct io_flow *flows, size_t *nflows, size_t n,
			  const struct job_spec *job)
{
	if (!job->flow)
		return NULL;
	struct io_flow *f = NULL;
	for (size_t i = 0; i < *nflows && !f; i++)
		if (flows[i].id == job->flow_id)
			f = &flows[i];
	if (!f) {
		if (*nflows >= n)
			return NULL;
		f = &flows[(*nflows)++];
		f->id = job->flow_id;
		f->counter = 1;
		f->total_weight = 0;
	}
	f->total_weight += job->flow * job->numjobs;
	return f;
}

void flow_leave(struct io_flow *f, uint64_t mine, unsigned long long weight)
{
	__atomic_sub_fetch(&f->counter, mine, __ATOMIC_RELAXED);
	__atomic_sub_fetch(&f->total_weight, weight, __ATOMIC_RELAXED);
}
