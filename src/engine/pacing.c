/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pacing.c - fio 3.33's pacing, as its backend does it: a capped
 * direction's next I/O may go once the bytes issued so far, at the rate,
 * have had their time since the schedule began (linear), or after random
 * gaps of mean 1/IOPS (poisson); before a wait the queue is emptied, as
 * fio quiesces. thinktime empties the queue and stalls every
 * thinktime_blocks I/Os (or thinktime_iotime). rate_min and rate_iops_min
 * fail a job that runs slower over a rate_cycle, after 2 s of settling.
 * Only jobs that set one of these options come here. */
#include "config.h"
#include "engine/pacing.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/loop.h"
#include "i18n.h"
#include "options.h"
#include "util/clock.h"
#include "util/status.h"

#define NS_PER_US 1000ULL
#define NS_PER_S 1000000000ULL
/* fio lets a job settle this long before its floor is checked. */
#define FLOOR_SETTLE_NS (2000ULL * 1000000ULL)
/* The longest single sleep, so a stop or the runtime's end is noticed. */
#define PACE_NAP_NS (100ULL * 1000000ULL)

bool pacing_wanted(const struct job_spec *s)
{
	for (int d = 0; d < DIR_COUNT; d++)
		if (s->rate[d] || s->rate_iops[d] || s->rate_min[d] || s->rate_iops_min[d])
			return true;
	return s->thinktime_us != 0;
}

int pacing_check(const struct job_spec *s, char *err, size_t errlen)
{
	bool rate = s->rate[0] || s->rate[1], iops = s->rate_iops[0] || s->rate_iops[1];
	bool rmin = s->rate_min[0] || s->rate_min[1];
	bool imin = s->rate_iops_min[0] || s->rate_iops_min[1];
	if ((rate && iops) || (rmin && imin)) {
		snprintf(err, errlen, _("%s: %s: rate and rate_iops (and their _min) cannot go together"),
			 s->name, rate && iops ? "rate, rate_iops" : "rate_min, rate_iops_min");
		return BLKTOP_USAGE;
	}
	for (int d = 0; d < DIR_COUNT; d++)
		if ((s->rate[d] && s->rate[d] < s->rate_min[d]) ||
		    (s->rate_iops[d] && s->rate_iops[d] < s->rate_iops_min[d])) {
			snprintf(err, errlen, _("%s: the minimum rate of %s exceeds its rate (%s)"),
				 s->name, d == DIR_READ ? _("reads") : _("writes"),
				 s->rate[d] ? "rate_min > rate" : "rate_iops_min > rate_iops");
			return BLKTOP_USAGE;
		}
	return 0;
}

void pacing_setup(struct pacing *p, const struct job_spec *s, uint64_t seed, uint64_t now)
{
	memset(p, 0, sizeof(*p));
	for (int d = 0; d < DIR_COUNT; d++) {
		unsigned long long lo, hi;
		job_bs_dir(s, d, &lo, &hi);
		p->min_bs[d] = lo ? lo : 1;
		p->bps[d] = s->rate[d] ? s->rate[d] : s->rate_iops[d] * p->min_bs[d];
		p->rate_on = p->rate_on || p->bps[d];
		p->floor_bps[d] = s->rate_min[d];
		p->floor_iops[d] = s->rate_iops_min[d];
		p->min_on = p->min_on || s->rate_min[d] || s->rate_iops_min[d];
	}
	p->poisson = s->rate_process == RATE_POISSON;
	rng_seed(&p->rng, seed ^ 0x7061636500000000ULL);
	p->think_on = s->thinktime_us != 0;
	p->think_us = s->thinktime_us;
	/* fio: the spin is at most the think time. */
	p->spin_us = s->thinktime_spin_us < s->thinktime_us ? s->thinktime_spin_us : s->thinktime_us;
	p->iotime_us = s->thinktime_iotime_us;
	p->blocks = s->thinktime_blocks;
	p->blocks_given = job_option_given(s, "thinktime_blocks");
	p->by_issue = s->thinktime_blocks_type == THINK_ISSUE;
	p->ign_think = s->rate_ignore_thinktime;
	p->cycle_ms = s->rate_cycle_ms;
	pacing_restart(p, now);
}

void pacing_restart(struct pacing *p, uint64_t now)
{
	p->epoch_ns = p->start_ns = p->last_think_ns = now;
	p->base = p->issues;
	for (int d = 0; d < DIR_COUNT; d++)
		p->issued[d] = p->next_ns[d] = p->chk_bytes[d] = p->chk_ios[d] = 0;
}

uint64_t pacing_wait(const struct pacing *p, int dir, uint64_t now)
{
	if (!p->bps[dir])
		return 0;
	uint64_t due = p->epoch_ns + p->next_ns[dir];
	return due > now ? due - now : 0;
}

int pacing_dir(const struct pacing *p, int d, unsigned rwmixread, uint64_t now)
{
	uint64_t w = p->rate_on ? pacing_wait(p, d, now) : 0;
	if (!w)
		return d;
	int o = d ^ 1;
	unsigned share = o == DIR_READ ? rwmixread : 100 - rwmixread;
	return share && pacing_wait(p, o, now) < w ? o : d;
}

void pacing_issued(struct pacing *p, int dir, uint32_t len)
{
	uint64_t bps = p->bps[dir];
	p->issued[dir] += len;
	if (!bps)
		return;
	if (p->poisson) {
		/* An exponential gap of mean 1/IOPS, with U in (0, 1]. */
		uint64_t iops = bps / p->min_bs[dir];
		double u = ((double)(rng_next(&p->rng) >> 11) + 1.0) / 9007199254740992.0;
		uint64_t mean_us = 1000000ULL / (iops ? iops : 1);
		p->next_ns[dir] += (uint64_t)((double)mean_us * -log(u)) * NS_PER_US;
		return;
	}
	/* fio's sum: whole seconds, then the rest, in microseconds. */
	uint64_t b = p->issued[dir];
	uint64_t rest_us = (uint64_t)((unsigned __int128)(b % bps) * 1000000U / bps);
	p->next_ns[dir] = (b / bps) * NS_PER_S + rest_us * NS_PER_US;
}

bool pacing_think_due(const struct pacing *p, uint64_t b, uint64_t now)
{
	if (p->iotime_us) {
		if (now - p->last_think_ns >= (p->iotime_us + p->think_us) * NS_PER_US)
			return true;
		/* fio: iotime alone does not count blocks (the default 1
		 * would stall after every I/O). */
		if (!p->blocks_given)
			return false;
	}
	return b >= p->last_blocks + p->blocks;
}

void pacing_think_skip(struct pacing *p, int dir, uint64_t total_us)
{
	uint64_t bps = p->bps[dir];
	if (!total_us || !bps || !p->ign_think)
		return;
	/* What the stall would have issued, less one block unless the
	 * stall was shorter than one I/O's time, so the next one goes at
	 * once (fio's sum). */
	uint64_t missed = bps * total_us / 1000000ULL;
	uint64_t usperop = p->min_bs[dir] * 1000000ULL / bps;
	uint64_t over = usperop <= total_us ? p->min_bs[dir] : 0;
	p->issued[dir] += missed > over ? missed - over : 0;
	if (p->poisson)
		p->next_ns[dir] += total_us * NS_PER_US;
	else
		pacing_issued(p, dir, 0);
}

uint64_t pacing_think_spin(const struct pacing *p, uint64_t t0)
{
	if (p->spin_us) {
		uint64_t until = t0 + p->spin_us * NS_PER_US;
		while (now_ns() < until)
			;
	}
	uint64_t spent = now_ns() - t0, think = p->think_us * NS_PER_US;
	return think > spent ? think - spent : 0;
}

void pacing_think_end(struct pacing *p, int dir, uint64_t b, uint64_t now, uint64_t t0)
{
	pacing_think_skip(p, dir, (now_ns() - t0) / NS_PER_US);
	p->last_blocks = b;
	if (p->iotime_us)
		p->last_think_ns = now;
}

int pacing_floor_check(struct pacing *p, const char *job, const uint64_t bytes[DIR_COUNT],
		       const uint64_t ios[DIR_COUNT], uint64_t now, char *msg, size_t len)
{
	if (now - p->start_ns < FLOOR_SETTLE_NS)
		return 0;
	for (int d = 0; d < DIR_COUNT; d++) {
		if (!bytes[d] || (!p->floor_bps[d] && !p->floor_iops[d]))
			continue;
		if (p->chk_bytes[d] || p->chk_ios[d]) {
			uint64_t spent = (now - p->chk_ns[d]) / 1000000ULL;
			if (spent < p->cycle_ms || !spent)
				continue;
			if (p->floor_bps[d]) {
				uint64_t got = (bytes[d] - p->chk_bytes[d]) * 1000 / spent;
				if (got < p->floor_bps[d]) {
					/* fio's line, word for word. */
					snprintf(msg, len, "%s: rate_min=%lluB/s not met, got %lluB/s",
						 job, (unsigned long long)p->floor_bps[d],
						 (unsigned long long)got);
					return 1;
				}
			} else {
				uint64_t got = (ios[d] - p->chk_ios[d]) * 1000 / spent;
				if (got < p->floor_iops[d]) {
					snprintf(msg, len, "%s: rate_iops_min=%llu not met, got %llu IOPS",
						 job, (unsigned long long)p->floor_iops[d],
						 (unsigned long long)got);
					return 1;
				}
			}
		}
		p->chk_bytes[d] = bytes[d];
		p->chk_ios[d] = ios[d];
		p->chk_ns[d] = now;
	}
	return 0;
}

/* ---- the job loop's side (loop.h) ---- */

/* A wait ends early when the job does: a stop, an error, its runtime,
 * or its group's end (exitall). */
static bool job_over(const struct job_thread *t, uint64_t now)
{
	return runctl_stopped(t->ctl) || t->error || (t->deadline_ns && now >= t->deadline_ns) ||
	       (t->group_end && __atomic_load_n(t->group_end, __ATOMIC_RELAXED));
}

int pacing_turn(struct loop_state *ls, const struct io_unit *io, uint64_t *now)
{
	struct job_thread *t = ls->t;
	struct pacing *p = &ls->pace;
	if (p->rate_on && pacing_wait(p, io->dir, *now)) {
		/* Ahead of the rate: fio lets the queue empty, then sleeps. */
		int r = loop_quiesce(ls);
		if (r < 0)
			return r;
		for (uint64_t w; (w = pacing_wait(p, io->dir, *now = now_ns())) > 0;) {
			if (job_over(t, *now))
				return 1;
			sleep_ns(w < PACE_NAP_NS ? w : PACE_NAP_NS);
		}
		if (t->deadline_ns && *now >= t->deadline_ns)
			return 1;
	}
	pacing_issued(p, io->dir, io->len);
	p->issues++;
	p->last_dir = io->dir;
	return 0;
}

int pacing_after(struct loop_state *ls, uint64_t *now)
{
	struct job_thread *t = ls->t;
	struct pacing *p = &ls->pace;
	if (p->think_on) {
		/* A synchronous engine's I/O is done when its submit returns. */
		uint64_t inflight = ls->eng.ops->synchronous ? 0 : ls->inflight + ls->npending;
		uint64_t done = p->issues - inflight;
		uint64_t b = p->by_issue ? p->issues - p->base : done > p->base ? done - p->base : 0;
		if (pacing_think_due(p, b, *now)) {
			int r = loop_quiesce(ls);
			if (r < 0)
				return r;
			/* The sleep in naps, so a stop or the runtime's end
			 * is noticed within one. */
			uint64_t t0 = now_ns(), left = pacing_think_spin(p, t0);
			for (uint64_t n = now_ns(), until = n + left; n < until && !job_over(t, n);
			     n = now_ns())
				sleep_ns(until - n < PACE_NAP_NS ? until - n : PACE_NAP_NS);
			pacing_think_end(p, p->last_dir, b, *now, t0);
			*now = now_ns();
		}
	}
	if (p->min_on && ls->counting) {
		uint64_t bytes[DIR_COUNT], ios[DIR_COUNT];
		for (int d = 0; d < DIR_COUNT; d++) {
			bytes[d] = t->dir[d].bytes;
			ios[d] = t->dir[d].ios;
		}
		if (!t->error && pacing_floor_check(p, t->spec->name, bytes, ios, *now,
						    t->error_msg, sizeof(t->error_msg))) {
			/* The job fails with EIO, as fio's; the whole run only
			 * with exitall_on_error (fio's exitall_error). */
			t->error = EIO;
			if (t->spec->exitall_on_error)
				runctl_stop(t->ctl, RUNCTL_ERROR, 0, "rate_min");
			return -EIO;
		}
	}
	return 0;
}
