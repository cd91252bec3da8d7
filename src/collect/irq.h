/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irq.h - a block device's queue interrupts: which IRQs serve the disk
 * (found through /sys/block/X/device, the PCI function's msi_irqs and the
 * names in /proc/interrupts), their per-CPU counts as snapshots, their
 * affinity lists, and the disk's rq_affinity. No curses here: the screen,
 * the JSON report and the latency profile all read it. */
#ifndef BLKTOP_IRQ_H
#define BLKTOP_IRQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IRQ_NAME_MAX 64
#define IRQ_LIST_MAX 128

/* One queue interrupt as seen at one moment. */
struct irq_queue {
	unsigned irq;
	char name[IRQ_NAME_MAX];               /* "virtio1-req.0", "nvme0q1" */
	char effective_affinity[IRQ_LIST_MAX]; /* effective_affinity_list, "" if absent */
	char smp_affinity[IRQ_LIST_MAX];       /* smp_affinity_list, "" if absent */
	uint64_t total;                        /* sum of the per-CPU counts */
	uint64_t *percpu;                      /* ncpu counts, index = CPU number */
};

/* How the queue interrupts were found (for the pane's explanation). */
enum irq_found {
	IRQ_FOUND_NONE,       /* no device behind the disk: loop, zram, dm, md */
	IRQ_FOUND_MSI,        /* the PCI function's msi_irqs, filtered by name */
	IRQ_FOUND_LEGACY,     /* the PCI function's single "irq" line */
	IRQ_FOUND_NAME,       /* names in /proc/interrupts alone */
	IRQ_FOUND_NOTHING,    /* a device, but no interrupt of it could be found */
};

struct irq_snapshot {
	char disk[64];
	uint64_t t_ns;                 /* CLOCK_MONOTONIC when taken */
	enum irq_found found;
	char hint[32];                 /* the interrupt name prefix ("virtio1") */
	int ncpu;                      /* highest CPU column + 1 */
	int rq_affinity;               /* /sys/block/X/queue/rq_affinity, -1 if unknown */
	size_t n;
	struct irq_queue *q;
};

/* Per-second rates of one queue between two snapshots. */
struct irq_rate {
	unsigned irq;
	double total;
	double *percpu;                /* ncpu rates (of the later snapshot) */
};

/* Takes a snapshot of the queue interrupts of a whole disk ("vda",
 * "nvme0n1"), read through the sysroot prefix. A disk with no interrupts
 * of its own is not an error: found says so and n is 0. 0 or -1. */
int irq_snapshot_take(const char *disk, struct irq_snapshot *out);
void irq_snapshot_free(struct irq_snapshot *s);

/* Rates for each queue of b (matched to a by IRQ number; a queue missing
 * from a counts from zero). out must hold b->n entries; free with
 * irq_rates_free. Returns 0, or -1 when the snapshots do not fit together. */
int irq_rates_between(const struct irq_snapshot *a, const struct irq_snapshot *b,
		      struct irq_rate *out);
void irq_rates_free(struct irq_rate *r, size_t n);

/* The name of the interrupt in a /proc/interrupts line is its last field;
 * exposed for the unit test. Splits one line into irq number, per-CPU
 * counts (up to ncols) and name. Returns the number of counts read, or -1
 * for a line that is not a numbered IRQ. */
int irq_parse_line(const char *line, unsigned *irq, uint64_t *counts, int ncols,
		   char *name, size_t namelen);

/* Whether an interrupt name is one of the device's I/O queues, given the
 * device's name prefix (config, control, event and admin vectors are not). */
bool irq_name_is_queue(const char *name, const char *hint);

#endif
