/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numa.c - a job thread's NUMA placement through libnuma, the calls and
 * order fio 3.33 makes at a thread's start: the CPUs of numa_cpu_nodes
 * (numa_run_on_node_mask), then numa_mem_policy's mode for the memory the
 * thread allocates afterwards (its I/O buffers among it). Once per thread,
 * before the I/O loop: not on the per-I/O path. */
#include "config.h"
#include "engine/numa.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBNUMA
#include <numa.h>
#endif

#include "i18n.h"

int numa_place_thread(const struct job_spec *spec, char *why, size_t len)
{
	if (!spec->numa_cpu_nodes[0] && !spec->numa_mem_policy[0])
		return 0;
#ifdef HAVE_LIBNUMA
	if (numa_available() < 0) {
		snprintf(why, len, _("numa_cpu_nodes, numa_mem_policy: this system has no NUMA support"));
		return ENOSYS;
	}
	if (spec->numa_cpu_nodes[0]) {
		struct bitmask *m = numa_parse_nodestring(spec->numa_cpu_nodes);
		int r = m ? numa_run_on_node_mask(m) : -1;
		int e = m ? errno : EINVAL;
		if (m)
			numa_free_nodemask(m);
		if (r == -1) {
			snprintf(why, len, _("numa_cpu_nodes=%s: cannot run on those nodes"),
				 spec->numa_cpu_nodes);
			return e ? e : EINVAL;
		}
	}
	if (!spec->numa_mem_policy[0])
		return 0;
	const char *colon = strchr(spec->numa_mem_policy, ':');
	struct bitmask *m = NULL;
	switch (spec->numa_mem_mode) {
	case NUMA_MPOL_INTERLEAVE:
		/* fio's default list for interleave: every node */
		m = numa_parse_nodestring(colon ? colon + 1 : "all");
		if (m)
			numa_set_interleave_mask(m);
		break;
	case NUMA_MPOL_BIND:
		m = colon ? numa_parse_nodestring(colon + 1) : NULL;
		if (m)
			numa_set_membind(m);
		break;
	case NUMA_MPOL_LOCAL:
		numa_set_localalloc();
		break;
	case NUMA_MPOL_PREFER:
		numa_set_preferred(colon ? atoi(colon + 1) : 0);
		break;
	default:
		break;
	}
	if (m)
		numa_free_nodemask(m);
#else
	(void)why;
	(void)len;
#endif
	return 0;
}
