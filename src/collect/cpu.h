/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpu.h - per-CPU tick counters (libproc2 stat or /proc/stat) as
 * snapshots, and the percentages mpstat -P ALL computes from two of them. */
#ifndef BLKTOP_CPU_H
#define BLKTOP_CPU_H

#include <stdint.h>

#define CPU_MAX 1024

enum cpu_field {
	CPU_USR, CPU_NICE, CPU_SYS, CPU_IOWAIT, CPU_IRQ, CPU_SOFT, CPU_STEAL,
	CPU_GUEST, CPU_GNICE, CPU_IDLE, CPU_NFIELDS,
};

struct cpu_ticks {
	uint64_t t[CPU_NFIELDS];
};

struct cpu_snapshot {
	int ncpu;                  /* CPUs listed (index = CPU number) */
	struct cpu_ticks all;
	struct cpu_ticks *cpu;     /* ncpu entries; a missing CPU is all zero */
};

/* One row of mpstat: percentages of each field over the interval. */
struct cpu_pct {
	double pct[CPU_NFIELDS];
};

int cpu_snapshot_take(struct cpu_snapshot *s);   /* 0 or -1 */
void cpu_snapshot_free(struct cpu_snapshot *s);
/* mpstat's arithmetic: usr excludes guest, nice excludes gnice. */
void cpu_pct_between(const struct cpu_ticks *a, const struct cpu_ticks *b, struct cpu_pct *out);
const char *cpu_field_name(enum cpu_field f);    /* "usr", "nice"... */

#endif
