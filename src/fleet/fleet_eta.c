/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_eta.c - how long a procedure on many hosts has left, its steps'
 * overhead measured (see fleet_eta.h). */
#include "config.h"
#include "fleet/fleet_eta.h"

void fleet_eta_begin(struct fleet_eta *e, uint64_t now_ns)
{
	e->step_start_ns = now_ns;
}

void fleet_eta_end(struct fleet_eta *e, uint64_t now_ns, uint64_t job_ms, bool measured)
{
	if (measured && job_ms && e->step_start_ns && now_ns > e->step_start_ns) {
		e->done_wall_ms += (now_ns - e->step_start_ns) / 1000000u;
		e->done_job_ms += job_ms;
		e->done++;
	}
	e->step_start_ns = 0;
}

uint64_t fleet_eta_overhead_ms(const struct fleet_eta *e, bool *guessed)
{
	*guessed = !e->done;
	if (!e->done)
		return FLEET_ETA_GUESS_MS;
	/* A step that took less than its jobs' time (stopped early, or a
	 * job that ended first) has no overhead to speak of. */
	if (e->done_wall_ms <= e->done_job_ms)
		return 0;
	return (e->done_wall_ms - e->done_job_ms) / e->done;
}

bool fleet_eta_left(const struct fleet_eta *e, const struct fleet_eta_step *s, uint64_t now_ns,
		    uint64_t *left_ms)
{
	bool guessed;
	*left_ms = 0;
	if (!s->job_ms || !s->planned)
		return false;
	uint64_t per_step = s->job_ms + fleet_eta_overhead_ms(e, &guessed);
	size_t rows = s->rows ? s->rows : 1, end = s->first + rows;
	uint64_t left = 0;
	if (e->step_start_ns) {
		uint64_t el = now_ns > e->step_start_ns ? (now_ns - e->step_start_ns) / 1000000u : 0;
		left = per_step > el ? per_step - el : 0;
	}
	/* The steps after the current one (as many as its rows go into the
	 * rows left, the last perhaps shorter: counted whole). */
	if (s->planned > end)
		left += (uint64_t)((s->planned - end + rows - 1) / rows) * per_step;
	*left_ms = left;
	return true;
}
