/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ramp.h - the arithmetic of the sweeps, kept pure so it is tested without
 * a device: the block sizes of --sweep bs, the multi-disk job file's numjobs ramp, when
 * the ramp stops, and which step is the knee. */
#ifndef BLKTOP_RAMP_H
#define BLKTOP_RAMP_H

#include <stdbool.h>
#include <stddef.h>

/* The multi-disk job file: "raise numjobs until IOPS stop rising"; a gain under 3 % is
 * noise, and two such steps in a row mean the device is saturated. */
#define RAMP_GAIN_MIN 0.03
#define RAMP_FLAT_STEPS 2
/* A ramp that never flattens still ends (random: 8..132 jobs). */
#define RAMP_MAX_STEPS 32

/* --sweep bs: from the logical block size (512 B where the device allows
 * it) doubling up to 16 MiB, as the Azure block-size test's iops tool does. */
#define SWEEP_BS_MIN 512ULL
#define SWEEP_BS_MAX (16ULL << 20)

/* Fills out with the block sizes for a device of logical block size lbs
 * (0: unknown, taken as 512); one step, lbs itself, when it is over
 * 16 MiB. Returns how many (at most max, and at least 1 if max is). */
size_t ramp_bs_steps(unsigned long long lbs, unsigned long long *out, size_t max);

/* numjobs at step (0-based): random 8, 12, 16, 20...; sequential 1, 2, 3... */
unsigned long long ramp_numjobs(bool sequential, size_t step);

/* One measured step of the numjobs ramp. */
struct ramp_point {
	unsigned long long numjobs;
	double iops;
	double lat_avg_us;
};

enum ramp_stop {
	RAMP_GO_ON = 0,
	RAMP_STOP_FLAT,     /* RAMP_FLAT_STEPS steps in a row gained < 3 % */
	RAMP_STOP_LATENCY,  /* the last step's average latency passed the limit */
	RAMP_STOP_STEPS,    /* RAMP_MAX_STEPS measured */
};

/* Gain of step i over the best IOPS of the steps before it (0 for i = 0).
 * Against the best, not the previous step: one noisy high step must not
 * make the next look like progress. */
double ramp_gain(const struct ramp_point *p, size_t i);

/* Whether to stop after the n steps measured so far. */
enum ramp_stop ramp_should_stop(const struct ramp_point *p, size_t n, double lat_limit_us);

/* The knee: the most IOPS among the steps within the latency limit, where
 * IOPS within RAMP_GAIN_MIN of that best count as equal, so the fewest
 * jobs that reach the plateau win (the same IOPS at lower latency, what
 * the multi-disk job file calls the result). -1 when no step is within the limit. */
long ramp_knee(const struct ramp_point *p, size_t n, double lat_limit_us);

/* Untranslated keyword of a stop reason for JSON ("flat", "latency"...). */
const char *ramp_stop_name(enum ramp_stop s);

#endif
