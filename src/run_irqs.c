/* SPDX-License-Identifier: GPL-2.0-or-later */
/* run_irqs.c - the target disks' queue interrupts over each status
 * interval, for the jsonl stream's irqs[]: a fleet's screen shows them as
 * a host's IRQ pane, read from the far side, where the disk is. One
 * snapshot per disk kept from the last interval; a disk with no
 * interrupts of its own (loop, dm) gives none. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/irq.h"
#include "run_priv.h"

void run_irqs_init(struct run_irqs *s, const struct disk_snapshot *disks, size_t n)
{
	memset(s, 0, sizeof(*s));
	s->snap = n ? calloc(n, sizeof(*s->snap)) : NULL;
	if (!s->snap)
		return;
	for (size_t i = 0; i < n; i++)
		if (irq_snapshot_take(disks[i].name, &s->snap[s->n]) == 0)
			s->n++;
}

void run_irqs_free(struct run_irqs *s)
{
	for (size_t i = 0; i < s->n; i++)
		irq_snapshot_free(&s->snap[i]);
	free(s->snap);
	memset(s, 0, sizeof(*s));
}

/* Appends one disk's queues, from its last snapshot (prev) to now. */
static void add_rates(const struct irq_snapshot *prev, const struct irq_snapshot *now,
		      struct run_irq_rate **out, size_t *nout)
{
	if (!now->n)
		return;
	struct irq_rate *r = calloc(now->n, sizeof(*r));
	struct run_irq_rate *p = realloc(*out, (*nout + now->n) * sizeof(**out));
	if (p)
		*out = p;
	if (!r || !p || irq_rates_between(prev, now, r)) {
		free(r);
		return;
	}
	for (size_t q = 0; q < now->n; q++) {
		struct run_irq_rate *o = &(*out)[(*nout)++];
		memset(o, 0, sizeof(*o));
		snprintf(o->disk, sizeof(o->disk), "%s", now->disk);
		snprintf(o->name, sizeof(o->name), "%s", now->q[q].name);
		o->irq = now->q[q].irq;
		o->per_s = r[q].total;
	}
	irq_rates_free(r, now->n);
}

size_t run_irqs_sample(struct run_irqs *s, const struct disk_snapshot *disks, size_t n,
		       struct run_irq_rate **out)
{
	struct irq_snapshot *now = n ? calloc(n, sizeof(*now)) : NULL;
	size_t nnow = 0, nout = 0;
	*out = NULL;
	if (!now)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (irq_snapshot_take(disks[i].name, &now[nnow]))
			continue;
		for (size_t k = 0; k < s->n; k++)
			if (!strcmp(s->snap[k].disk, now[nnow].disk))
				add_rates(&s->snap[k], &now[nnow], out, &nout);
		nnow++;
	}
	run_irqs_free(s);
	s->snap = now;
	s->n = nnow;
	return nout;
}
