/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lattarget.c - fio's latency_target: find the highest queue depth, from 1
 * to iodepth, whose I/Os (latency_percentile of them) complete within
 * latency_target over each latency_window. The depth doubles while windows
 * succeed and bisects between the last good and bad depths once one fails;
 * a completion over the target with a 100% percentile ramps down at once.
 * Without latency_run the job ends once the depth has settled and run one
 * more window, and its report covers only that window: fio resets the
 * job's statistics (counts, latencies, depths, CPU, runtime and its
 * samples) as the depth settles. Called once per window from the loop,
 * not per I/O. */
#include "config.h"
#include "engine/lattarget.h"

#include <string.h>
#include <sys/resource.h>

#include "engine/joblog.h"
#include "engine/loop.h"
#include "util/clock.h"

static uint64_t ios_done(const struct loop_state *ls)
{
	uint64_t n = 0;
	for (int d = 0; d < DIR_COUNT; d++)
		n += __atomic_load_n(&ls->t->dir[d].ios, __ATOMIC_RELAXED);
	return n;
}

static void set_depth(struct loop_state *ls, unsigned qd)
{
	ls->lat.qd = qd;
	ls->hold = ls->depth - qd;
	/* Read while the job runs (periodic reports): once per window. */
	__atomic_store_n(&ls->t->latency_depth, qd, __ATOMIC_RELAXED);
}

static void new_cycle(struct loop_state *ls, uint64_t now)
{
	ls->lat.cycle_ios = ios_done(ls);
	ls->lat.failed = 0;
	ls->lat_check_ns = now + ls->lat.window_ns;
}

void lattarget_setup(struct loop_state *ls)
{
	const struct job_spec *spec = ls->t->spec;
	__atomic_store_n(&ls->t->latency_depth, ls->depth, __ATOMIC_RELAXED);
	ls->hold = 0;
	ls->lat_limit_ns = UINT64_MAX;
	ls->lat_check_ns = UINT64_MAX;
	if (!spec->latency_target_us)
		return;
	ls->lat_limit_ns = spec->latency_target_us * 1000ULL;
	ls->lat.window_ns = spec->latency_window_us * 1000ULL;
	ls->lat.pct = spec->latency_percentile;
	ls->lat.max = ls->depth;
	ls->lat.low = 1;
	ls->lat.high = ls->depth;
	set_depth(ls, 1);
	new_cycle(ls, now_ns());
}

/* fio's ramp-down: the failing depth is the new top; halfway to the last
 * good one (one lower if that is where it failed). */
static void ramp_down(struct loop_state *ls)
{
	struct lat_search *l = &ls->lat;
	if (l->qd == 1)
		return;
	l->high = l->qd;
	if (l->qd == l->low)
		l->low--;
	l->stable = 0;
	set_depth(ls, (l->qd + l->low) / 2);
	/* What went out at the higher depth completes first, so its
	 * latencies do not ramp down again. */
	loop_quiesce(ls);
	new_cycle(ls, now_ns());
}

bool lattarget_over(struct loop_state *ls)
{
	if (ls->lat.pct < 100.0) {
		ls->lat.failed++;
		return false;
	}
	if (ls->lat.qd == 1)
		return true;
	/* Ramp down at the loop's next turn, outside the reap. */
	ls->lat.down = true;
	ls->lat_check_ns = 0;
	return false;
}

/* fio's reset as the depth settles (its reset_all_stats and
 * reset_io_stats): what the report counts starts again from now, and so
 * does the runtime (fio's epoch moves). Errors counted so far stay, as
 * fio's total_err does. The monitor sees stats_gen odd meanwhile and
 * starts its samples again from counted_from_ns. */
static void reset_stats(struct loop_state *ls, uint64_t now)
{
	struct job_thread *t = ls->t;
	__atomic_add_fetch(&t->stats_gen, 1, __ATOMIC_ACQ_REL);
	for (int d = 0; d < DIR_ALL; d++) {
		struct dir_stats *ds = &t->dir[d];
		__atomic_store_n(&ds->ios, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&ds->bytes, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&ds->failed, 0, __ATOMIC_RELAXED);
		lat_init(&ds->slat);
		lat_init(&ds->clat);
		lat_init(&ds->lat);
	}
	for (int d = 0; d < DIR_COUNT; d++)
		prio_set_clear(&t->prios[d]);
	memset(ls->depth_levels, 0, sizeof(ls->depth_levels));
	memset(ls->submit_dist, 0, sizeof(ls->submit_dist));
	memset(ls->complete_dist, 0, sizeof(ls->complete_dist));
	__atomic_store_n(&t->submit_calls, 0, __ATOMIC_RELAXED);
	t->reap_calls = 0;
	getrusage(RUSAGE_THREAD, &t->ru_start);
	if (t->deadline_ns)
		__atomic_store_n(&t->deadline_ns, now + t->spec->runtime_ms * 1000000ULL,
				 __ATOMIC_RELAXED);
	__atomic_store_n(&t->counted_from_ns, now, __ATOMIC_RELAXED);
	if (t->log)
		joblog_restart(t->log, now);
	__atomic_add_fetch(&t->stats_gen, 1, __ATOMIC_ACQ_REL);
}

static void ramp_up(struct loop_state *ls, uint64_t now)
{
	struct lat_search *l = &ls->lat;
	unsigned was = l->qd, qd = l->qd;
	l->low = qd;
	/* Settled one below the top: fio lifts the top by one after three
	 * such windows in a row. */
	if (qd + 1 == l->high && ++l->stable >= 3) {
		l->high++;
		l->stable = 0;
	}
	qd = l->high != l->max ? (qd + l->high) / 2 : qd * 2;
	if (qd > l->max)
		qd = l->max;
	set_depth(ls, qd);
	if (!ls->t->spec->latency_run && qd == was) {
		if (l->end_run) {
			ls->area_done = true;
			return;
		}
		loop_quiesce(ls);
		l->end_run = true;
		now = now_ns();
		reset_stats(ls, now);
	}
	new_cycle(ls, now);
}

void lattarget_check(struct loop_state *ls, uint64_t now)
{
	if (ls->lat.down) {
		ls->lat.down = false;
		ramp_down(ls);
		return;
	}
	/* fio checks from the first completion on, outside the ramp. */
	if (!ls->counting) {
		new_cycle(ls, now);
		return;
	}
	uint64_t ios = ios_done(ls) - ls->lat.cycle_ios;
	if (!ios) {
		/* fio's share of none is not a number: that window fails. */
		ramp_down(ls);
		return;
	}
	double ok = (double)(ios - ls->lat.failed) / (double)ios * 100.0;
	if (ok >= ls->lat.pct)
		ramp_up(ls, now);
	else
		ramp_down(ls);
}
