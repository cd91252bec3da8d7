/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pacing.h - fio's pacing of a job thread: rate and rate_iops (when the
 * next I/O of a direction may go), thinktime (stalls every so many I/Os)
 * and rate_min / rate_iops_min (the floor that fails a job). The
 * arithmetic is here, apart from the job loop, so unit tests can drive it
 * with made-up clocks; a job with none of these options never calls it. */
#ifndef BLKTOP_ENGINE_PACING_H
#define BLKTOP_ENGINE_PACING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/random.h"
#include "job.h"

struct pacing {
	bool rate_on, think_on, min_on;
	/* rate, rate_iops: bytes per second of each direction (0: free), as
	 * fio derives them (rate_iops times the smallest block size). */
	uint64_t bps[DIR_COUNT];
	uint64_t min_bs[DIR_COUNT];
	uint64_t epoch_ns;              /* the schedule's start */
	uint64_t issued[DIR_COUNT];     /* bytes issued since epoch_ns */
	uint64_t next_ns[DIR_COUNT];    /* after epoch_ns: the next I/O's turn */
	bool poisson;
	struct rng rng;                 /* poisson's gaps; not the offsets' */
	/* thinktime, in microseconds as fio keeps them. */
	uint64_t think_us, spin_us, iotime_us, blocks;
	bool blocks_given, by_issue, ign_think;
	uint64_t issues;                /* I/Os submitted */
	uint64_t base;                  /* issues when the ramp ended: fio's
					 * counts start again from there */
	uint64_t last_blocks;           /* the count at the last stall */
	uint64_t last_think_ns;
	int last_dir;                   /* of the last I/O issued */
	/* rate_min, rate_iops_min: the floor, checked once per cycle after
	 * fio's 2 s settling time. */
	uint64_t floor_bps[DIR_COUNT], floor_iops[DIR_COUNT];
	uint64_t cycle_ms, start_ns;
	uint64_t chk_bytes[DIR_COUNT], chk_ios[DIR_COUNT], chk_ns[DIR_COUNT];
};

/* Options that cannot go together, as fio refuses them: BLKTOP_USAGE (bad
 * input, exit 2) with one line in err naming them. */
int pacing_check(const struct job_spec *spec, char *err, size_t errlen);

/* Whether the job paces at all (the loop's one test per I/O). */
bool pacing_wanted(const struct job_spec *spec);

void pacing_setup(struct pacing *p, const struct job_spec *spec, uint64_t seed,
		  uint64_t now);
/* The ramp is over: fio starts its schedule, its counts and its settling
 * time again from here. */
void pacing_restart(struct pacing *p, uint64_t now);

/* 0 if an I/O of dir may go at now, else how long until it may. */
uint64_t pacing_wait(const struct pacing *p, int dir, uint64_t now);
/* A mixed job's direction d is ahead of its rate: the other direction
 * instead, if it has a share and its turn comes first (fio's rule). */
int pacing_dir(const struct pacing *p, int d, unsigned rwmixread, uint64_t now);
/* An I/O of dir and len bytes went: the direction's next turn. */
void pacing_issued(struct pacing *p, int dir, uint32_t len);

/* Whether a thinktime stall is due, with b the I/Os counted so far
 * (issued or completed since the ramp, as thinktime_blocks_type says). */
bool pacing_think_due(const struct pacing *p, uint64_t b, uint64_t now);
/* The stall, once the queue is empty: thinktime_spin busy from t0, then
 * the time left to sleep; after the sleep, _end notes the stall (b, and
 * now as it began) and, with rate_ignore_thinktime, the schedule skips
 * what the stall missed. */
uint64_t pacing_think_spin(const struct pacing *p, uint64_t t0);
void pacing_think_end(struct pacing *p, int dir, uint64_t b, uint64_t now, uint64_t t0);
/* The stall's schedule change alone (for the unit tests). */
void pacing_think_skip(struct pacing *p, int dir, uint64_t total_us);

/* rate_min, rate_iops_min: 1 if a direction fell below its floor over the
 * last cycle, with fio's line in msg; bytes and ios are counted since the
 * ramp. */
int pacing_floor_check(struct pacing *p, const char *job, const uint64_t bytes[DIR_COUNT],
		       const uint64_t ios[DIR_COUNT], uint64_t now, char *msg, size_t len);

#endif
