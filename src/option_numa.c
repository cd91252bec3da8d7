/* SPDX-License-Identifier: GPL-2.0-or-later */
/* option_numa.c - the values of fio's numa_cpu_nodes and numa_mem_policy,
 * read as fio reads them: node lists through libnuma's own parser (which
 * knows this machine's nodes, so a node that is not there fails as it
 * fails in fio), the policy's name and list checked as fio checks them.
 * Built without libnuma both are refused by name. */
#include "config.h"
#include "options.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#ifdef HAVE_LIBNUMA
#include <numa.h>
#endif

#include "i18n.h"

#ifdef HAVE_LIBNUMA
/* libnuma's own warnings ("node argument 8 is out of range") would go to
 * stderr beside blktop's one line saying the same: libnuma lets a program
 * define these in its place. */
void numa_warn(int num, char *fmt, ...)
{
	(void)num;
	(void)fmt;
}
void numa_error(char *where)
{
	(void)where;
}

/* Whether libnuma reads list as nodes of this machine. */
static bool node_list_ok(const char *list)
{
	struct bitmask *m = numa_parse_nodestring(list);
	if (!m)
		return false;
	numa_free_nodemask(m);
	return true;
}
#endif

int parse_numa_cpu_nodes(const struct job_option *o, struct job_spec *job, const char *value,
			 char *err, size_t errlen)
{
	if (value && !value[0]) {
		job->numa_cpu_nodes[0] = '\0';
		return 0;
	}
#ifdef HAVE_LIBNUMA
	if (!value || strlen(value) >= sizeof(job->numa_cpu_nodes)) {
		snprintf(err, errlen, _("%s needs a list of NUMA nodes such as 0-1,3"), o->name);
		return -1;
	}
	if (numa_available() < 0) {
		snprintf(err, errlen, _("%s: this system has no NUMA support"), o->name);
		return -1;
	}
	if (!node_list_ok(value)) {
		snprintf(err, errlen, _("%s: '%s' is not a list of this machine's NUMA nodes"), o->name,
			 value);
		return -1;
	}
	snprintf(job->numa_cpu_nodes, sizeof(job->numa_cpu_nodes), "%s", value);
	return 0;
#else
	snprintf(err, errlen,
		 _("%s: not supported (blktop is built without libnuma); bind the job with cpus_allowed"),
		 o->name);
	return -1;
#endif
}

#ifdef HAVE_LIBNUMA
/* numa_mem_policy=MODE[:NODES]: fio's modes, in fio's order. */
static const char *const mpol_names[] = { "default", "prefer", "bind", "interleave", "local" };
#endif

int parse_numa_mem_policy(const struct job_option *o, struct job_spec *job, const char *value,
			  char *err, size_t errlen)
{
	if (value && !value[0]) {
		job->numa_mem_policy[0] = '\0';
		return 0;
	}
#ifdef HAVE_LIBNUMA
	char mode[16];
	const char *colon = value ? strchr(value, ':') : NULL;
	size_t n = colon ? (size_t)(colon - value) : (value ? strlen(value) : 0);
	const char *nodes = colon ? colon + 1 : NULL;
	int m = -1;
	if (value && n < sizeof(mode) && strlen(value) < sizeof(job->numa_mem_policy)) {
		memcpy(mode, value, n);
		mode[n] = '\0';
		for (int i = 0; i < NUMA_MPOL_COUNT; i++)
			if (!strcmp(mode, mpol_names[i]))
				m = i;
	}
	if (m < 0) {
		snprintf(err, errlen,
			 _("%s: '%s' is not a memory policy (default, prefer:NODE, bind:NODES, interleave[:NODES], local)"),
			 o->name, value ? value : "");
		return -1;
	}
	const char *why = NULL;
	switch (m) {
	case NUMA_MPOL_PREFER: {
		const char *p = nodes;
		while (p && isdigit((unsigned char)*p))
			p++;
		if (!nodes || p == nodes || *p)
			why = _("prefer takes one node (prefer:0)");
		break;
	}
	case NUMA_MPOL_BIND:
		if (!nodes)
			why = _("bind needs a list of nodes (bind:0-1)");
		break;
	case NUMA_MPOL_DEFAULT:
	case NUMA_MPOL_LOCAL:
		if (nodes)
			why = _("default and local take no list of nodes");
		break;
	default:
		break;
	}
	if (!why && numa_available() < 0)
		why = _("this system has no NUMA support");
	if (!why && (m == NUMA_MPOL_BIND || (m == NUMA_MPOL_INTERLEAVE && nodes)) &&
	    !node_list_ok(nodes))
		why = _("the list is not of this machine's NUMA nodes");
	if (why) {
		snprintf(err, errlen, "%s: '%s': %s", o->name, value, why);
		return -1;
	}
	job->numa_mem_mode = m;
	snprintf(job->numa_mem_policy, sizeof(job->numa_mem_policy), "%s", value);
	return 0;
#else
	snprintf(err, errlen, _("%s: not supported (blktop is built without libnuma)"), o->name);
	return -1;
#endif
}
