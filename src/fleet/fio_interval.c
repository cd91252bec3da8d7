/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fio_interval.c - one interval's latency histogram as the difference of
 * two cumulative ones from fio's server (see fio_interval.h). */
#include "config.h"
#include "fleet/fio_interval.h"

#include <stdbool.h>
#include <stdlib.h>

#include "fleet/fleet_report.h"
#include "stats/hist.h"

int fio_interval_bins(const uint64_t *prev, const uint64_t *cur, size_t n,
		      struct fleet_bin **out, size_t *nout)
{
	bool reset = false;
	size_t used = 0;
	*out = NULL;
	*nout = 0;
	for (size_t i = 0; i < n; i++) {
		if (prev && cur[i] < prev[i])
			reset = true;
		if (cur[i])
			used++;
	}
	if (!used)
		return 0;
	struct fleet_bin *b = malloc(used * sizeof(*b));
	if (!b)
		return -1;
	size_t k = 0;
	/* fio's buckets go up in value with their index: sorted as they come. */
	for (size_t i = 0; i < n; i++) {
		uint64_t c = prev && !reset ? cur[i] - prev[i] : cur[i];
		if (c)
			b[k++] = (struct fleet_bin){ hist_bucket_value((unsigned)i), c };
	}
	if (!k) {
		free(b);
		return 0;
	}
	*out = b;
	*nout = k;
	return 0;
}
