/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fio_interval.h - one interval's latency histogram from fio's server
 * (--driver=fio): its status carries the run's cumulative clat histogram
 * (io_u_plat), so an interval's is the difference of two statuses in a
 * row. Pure: the unit tests use it as the driver does. */
#ifndef BLKTOP_FLEET_FIO_INTERVAL_H
#define BLKTOP_FLEET_FIO_INTERVAL_H

#include <stddef.h>
#include <stdint.h>

struct fleet_bin;

/* The interval from cumulative prev to cumulative cur (n of fio's
 * buckets each) as buckets sorted by ns, only those with a count
 * (malloc'd in *out, or NULL when none). A bucket that went down means
 * fio zeroed its figures in between (the end of ramp_time): then cur
 * alone is the interval. 0, or -1 when out of memory. */
int fio_interval_bins(const uint64_t *prev, const uint64_t *cur, size_t n,
		      struct fleet_bin **out, size_t *nout);

#endif
