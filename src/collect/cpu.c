/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpu.c - per-CPU tick counters and mpstat's percentages.
 *
 * Snapshots keep the kernel's raw counters (user still includes guest,
 * nice still includes guest_nice), so two snapshots subtract cleanly;
 * cpu_pct_between() then applies mpstat's arithmetic. In a build with
 * libproc2 the counters on the real root come from it; otherwise (procps 3
 * systems have no libproc2), and with a sysroot prefix (fake trees in
 * tests, which libproc2 cannot read: it always opens /proc), <root>/proc/stat
 * is parsed here.
 */
#include "config.h"
#include "collect/cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBPROC2
#include <libproc2/stat.h>
#endif

#include "sysroot.h"

/* /proc/stat's column order after the "cpuN" label. */
static const enum cpu_field proc_order[CPU_NFIELDS] = {
	CPU_USR, CPU_NICE, CPU_SYS, CPU_IDLE, CPU_IOWAIT, CPU_IRQ, CPU_SOFT,
	CPU_STEAL, CPU_GUEST, CPU_GNICE,
};

/* Makes room for CPU number id; new entries are zero (a CPU not listed,
 * e.g. offline, stays all zero). */
static int ensure_cpu(struct cpu_snapshot *s, int id)
{
	if (id < 0 || id >= CPU_MAX)
		return -1;
	if (id < s->ncpu)
		return 0;
	struct cpu_ticks *v = realloc(s->cpu, (size_t)(id + 1) * sizeof(*v));
	if (!v)
		return -1;
	memset(v + s->ncpu, 0, (size_t)(id + 1 - s->ncpu) * sizeof(*v));
	s->cpu = v;
	s->ncpu = id + 1;
	return 0;
}

static int take_file(struct cpu_snapshot *s)
{
	FILE *f = sysroot_fopen("/proc/stat", "re");
	if (!f)
		return -1;
	char line[512];
	int rc = -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "cpu", 3) != 0)
			continue;
		struct cpu_ticks *t;
		char *p = line + 3;
		if (*p == ' ') {
			t = &s->all;
		} else {
			char *end;
			long id = strtol(p, &end, 10);
			/* Range-check before narrowing: "cpu4294967297" must
			 * not become CPU 1 for ensure_cpu and 2^32+1 here. */
			if (end == p || *end != ' ' || id < 0 || id >= CPU_MAX ||
			    ensure_cpu(s, (int)id) < 0)
				continue;
			t = &s->cpu[id];
			p = end;
		}
		/* Older kernels list fewer columns; the missing ones stay 0. */
		for (int i = 0; i < CPU_NFIELDS; i++) {
			char *end;
			unsigned long long v = strtoull(p, &end, 10);
			if (end == p)
				break;
			t->t[proc_order[i]] = v;
			p = end;
		}
		if (t == &s->all)
			rc = 0;
	}
	fclose(f);
	return rc;
}

#ifdef HAVE_LIBPROC2
static int take_proc2(struct cpu_snapshot *s)
{
	/* Index 0 is the CPU number; the rest follow proc_order. */
	enum stat_item items[] = {
		STAT_TIC_ID, STAT_TIC_USER, STAT_TIC_NICE, STAT_TIC_SYSTEM, STAT_TIC_IDLE,
		STAT_TIC_IOWAIT, STAT_TIC_IRQ, STAT_TIC_SOFTIRQ, STAT_TIC_STOLEN,
		STAT_TIC_GUEST, STAT_TIC_GUEST_NICE,
	};
	const int nitems = (int)(sizeof(items) / sizeof(items[0]));
	struct stat_info *info = NULL;
	if (procps_stat_new(&info) < 0 || !info)
		return -1;
	struct stat_reaped *rp = procps_stat_reap(info, STAT_REAP_CPUS_ONLY, items, nitems);
	int rc = -1;
	if (!rp || !rp->summary)
		goto out;
	for (int i = 0; i < CPU_NFIELDS; i++)
		s->all.t[proc_order[i]] = rp->summary->head[i + 1].result.ull_int;
	for (int c = 0; rp->cpus && c < rp->cpus->total; c++) {
		struct stat_stack *st = rp->cpus->stacks[c];
		int id = st->head[0].result.s_int;
		if (ensure_cpu(s, id) < 0)
			continue;
		for (int i = 0; i < CPU_NFIELDS; i++)
			s->cpu[id].t[proc_order[i]] = st->head[i + 1].result.ull_int;
	}
	rc = 0;
out:
	procps_stat_unref(&info);
	return rc;
}
#endif

int cpu_snapshot_take(struct cpu_snapshot *s)
{
	memset(s, 0, sizeof(*s));
#ifdef HAVE_LIBPROC2
	int rc = sysroot_get()[0] ? take_file(s) : take_proc2(s);
#else
	int rc = take_file(s);
#endif
	if (rc < 0)
		cpu_snapshot_free(s);
	return rc;
}

void cpu_snapshot_free(struct cpu_snapshot *s)
{
	free(s->cpu);
	s->cpu = NULL;
	s->ncpu = 0;
}

/* Counters only go forward; a step back (CPU hotplug resets) is no time. */
static double tick_delta(uint64_t before, uint64_t after)
{
	return after > before ? (double)(after - before) : 0.0;
}

void cpu_pct_between(const struct cpu_ticks *a, const struct cpu_ticks *b, struct cpu_pct *out)
{
	double d[CPU_NFIELDS];
	for (int i = 0; i < CPU_NFIELDS; i++)
		d[i] = tick_delta(a->t[i], b->t[i]);

	/* mpstat: guest time is already counted in user (and guest_nice in
	 * nice), so it is taken out of them and left out of the total. */
	double usr = d[CPU_USR] - d[CPU_GUEST];
	double nice = d[CPU_NICE] - d[CPU_GNICE];
	double total = d[CPU_USR] + d[CPU_NICE] + d[CPU_SYS] + d[CPU_IDLE] +
		       d[CPU_IOWAIT] + d[CPU_IRQ] + d[CPU_SOFT] + d[CPU_STEAL];

	memset(out, 0, sizeof(*out));
	if (total <= 0) {
		/* No tick at all: a tickless idle CPU, shown idle as mpstat does. */
		out->pct[CPU_IDLE] = 100.0;
		return;
	}
	out->pct[CPU_USR] = usr > 0 ? usr * 100.0 / total : 0;
	out->pct[CPU_NICE] = nice > 0 ? nice * 100.0 / total : 0;
	static const enum cpu_field plain[] = {
		CPU_SYS, CPU_IOWAIT, CPU_IRQ, CPU_SOFT, CPU_STEAL, CPU_GUEST, CPU_GNICE, CPU_IDLE,
	};
	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
		out->pct[plain[i]] = d[plain[i]] * 100.0 / total;
}

const char *cpu_field_name(enum cpu_field f)
{
	static const char *const names[CPU_NFIELDS] = {
		[CPU_USR] = "usr", [CPU_NICE] = "nice", [CPU_SYS] = "sys",
		[CPU_IOWAIT] = "iowait", [CPU_IRQ] = "irq", [CPU_SOFT] = "soft",
		[CPU_STEAL] = "steal", [CPU_GUEST] = "guest", [CPU_GNICE] = "gnice",
		[CPU_IDLE] = "idle",
	};
	return (unsigned)f < CPU_NFIELDS ? names[f] : "?";
}
