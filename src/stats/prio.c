/* SPDX-License-Identifier: GPL-2.0-or-later */
/* prio.c - latencies per I/O priority (see prio.h). */
#include "config.h"
#include "stats/prio.h"

#include <stdlib.h>

int prio_set_index(struct prio_set *s, unsigned ioprio)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->v[i].ioprio == ioprio)
			return (int)i;
	struct prio_lat *v = realloc(s->v, (s->n + 1) * sizeof(*v));
	if (!v)
		return -1;
	s->v = v;
	v[s->n].ioprio = ioprio;
	lat_init(&v[s->n].lat);
	return (int)s->n++;
}

int prio_set_add(struct prio_set *dst, unsigned ioprio, const struct lat_stat *src)
{
	int i = prio_set_index(dst, ioprio);
	if (i < 0)
		return -1;
	lat_merge(&dst->v[i].lat, src);
	return 0;
}

unsigned prio_set_with_samples(const struct prio_set *s)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->n; i++)
		n += s->v[i].lat.n > 0;
	return n;
}

void prio_set_clear(struct prio_set *s)
{
	for (unsigned i = 0; i < s->n; i++)
		lat_init(&s->v[i].lat);
}

void prio_set_free(struct prio_set *s)
{
	free(s->v);
	s->v = NULL;
	s->n = 0;
}
