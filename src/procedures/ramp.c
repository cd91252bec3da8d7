/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ramp.c - the sweeps' steps, stop rule and knee (see ramp.h). No I/O and
 * no state, so tests/unit/test_sweep.c feeds it invented curves. */
#include "config.h"
#include "procedures/ramp.h"

size_t ramp_bs_steps(unsigned long long lbs, unsigned long long *out, size_t max)
{
	unsigned long long bs = lbs > SWEEP_BS_MIN ? lbs : SWEEP_BS_MIN;
	size_t n = 0;

	/* A block size that is not a power of two (rare, but sysfs allows
	 * 520-byte sectors) still starts there and doubles. */
	for (; bs <= SWEEP_BS_MAX && n < max; bs *= 2)
		out[n++] = bs;
	/* A block size past the end still gets its one step. */
	if (n == 0 && max > 0)
		out[n++] = bs;
	return n;
}

unsigned long long ramp_numjobs(bool sequential, size_t step)
{
	return sequential ? 1 + (unsigned long long)step : 8 + 4 * (unsigned long long)step;
}

double ramp_gain(const struct ramp_point *p, size_t i)
{
	double best = 0;

	if (i == 0)
		return 0;
	for (size_t k = 0; k < i; k++)
		if (p[k].iops > best)
			best = p[k].iops;
	if (best <= 0)
		return p[i].iops > 0 ? 1.0 : 0;
	return p[i].iops / best - 1.0;
}

enum ramp_stop ramp_should_stop(const struct ramp_point *p, size_t n, double lat_limit_us)
{
	if (n == 0)
		return RAMP_GO_ON;
	if (lat_limit_us > 0 && p[n - 1].lat_avg_us > lat_limit_us)
		return RAMP_STOP_LATENCY;
	if (n > RAMP_FLAT_STEPS) {
		size_t flat = 0;
		for (size_t i = n - RAMP_FLAT_STEPS; i < n; i++)
			if (ramp_gain(p, i) < RAMP_GAIN_MIN)
				flat++;
		if (flat == RAMP_FLAT_STEPS)
			return RAMP_STOP_FLAT;
	}
	if (n >= RAMP_MAX_STEPS)
		return RAMP_STOP_STEPS;
	return RAMP_GO_ON;
}

long ramp_knee(const struct ramp_point *p, size_t n, double lat_limit_us)
{
	double best = -1;
	long knee = -1;

	for (size_t i = 0; i < n; i++)
		if ((lat_limit_us <= 0 || p[i].lat_avg_us <= lat_limit_us) && p[i].iops > best)
			best = p[i].iops;
	if (best < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (lat_limit_us > 0 && p[i].lat_avg_us > lat_limit_us)
			continue;
		if (p[i].iops >= best * (1.0 - RAMP_GAIN_MIN) &&
		    (knee < 0 || p[i].numjobs < p[knee].numjobs))
			knee = (long)i;
	}
	return knee;
}

const char *ramp_stop_name(enum ramp_stop s)
{
	switch (s) {
	case RAMP_STOP_FLAT:
		return "flat";
	case RAMP_STOP_LATENCY:
		return "latency";
	case RAMP_STOP_STEPS:
		return "steps";
	default:
		return "none";
	}
}
