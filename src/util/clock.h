/* SPDX-License-Identifier: GPL-2.0-or-later */
/* clock.h - the one clock: monotonic time in nanoseconds and
 * milliseconds, and a sleep, so every layer measures and waits the same
 * way (a wall clock that jumps must never end a run early or stretch a
 * sample). */
#ifndef BLKTOP_UTIL_CLOCK_H
#define BLKTOP_UTIL_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static inline uint64_t now_ms(void)
{
	return now_ns() / 1000000ULL;
}

/* Sleeps about ns; a signal may end it early, which is what the callers
 * want (they check their conditions again). */
static inline void sleep_ns(uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000ULL), (long)(ns % 1000000000ULL) };
	nanosleep(&ts, NULL);
}

#endif
