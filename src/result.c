/* SPDX-License-Identifier: GPL-2.0-or-later */
/* result.c - freeing a run's results, and the one line that says which
 * I/O errors a run ignored. */
#include "config.h"
#include "result.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "options.h"

bool run_ignored_errors(const struct run_result *r, char *buf, size_t len)
{
	uint64_t n = 0;
	const struct group_result *first = NULL;

	if (r->exit_status)
		return false;
	for (size_t i = 0; i < r->ngroups; i++) {
		const struct group_result *g = &r->groups[i];
		uint64_t e = g->dir[DIR_READ].errors + g->dir[DIR_WRITE].errors;
		if (e && !first)
			first = g;
		n += e;
	}
	if (!n)
		return false;
	char policy[32];
	job_option_format(&first->spec, job_option_find("continue_on_error"), policy,
			  sizeof(policy));
	int dir = first->dir[DIR_READ].errors ? DIR_READ : DIR_WRITE;
	const struct dir_stats *ds = &first->dir[dir];
	snprintf(buf, len,
		 ngettext("%llu I/O error ignored (continue_on_error=%s); the first: %s at offset %llu: %s",
			  "%llu I/O errors ignored (continue_on_error=%s); the first: %s at offset %llu: %s",
			  (unsigned long)n),
		 (unsigned long long)n, policy, dir == DIR_READ ? _("read") : _("write"),
		 (unsigned long long)ds->first_error_offset, strerror(ds->first_error));
	return true;
}

void run_result_free(struct run_result *r)
{
	for (size_t i = 0; i < r->ngroups; i++) {
		sample_series_free(&r->groups[i].series);
		for (int d = 0; d < DIR_COUNT; d++)
			prio_set_free(&r->groups[i].prios[d]);
	}
	for (size_t i = 0; i < r->nentries; i++) {
		steady_window_free(&r->entries[i].ss);
		for (int d = 0; d < DIR_COUNT; d++)
			prio_set_free(&r->entries[i].prios[d]);
	}
	free(r->groups);
	free(r->entries);
	free(r->disks);
	free(r->cpu);
	memset(r, 0, sizeof(*r));
}
