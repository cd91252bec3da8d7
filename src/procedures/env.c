/* SPDX-License-Identifier: GPL-2.0-or-later */
/* env.c - what the ESSD PL-X latency test checks by hand before a run, said in words: the
 * safety verdict (its blkid test), idle=poll on the kernel command line,
 * the scheduler, rq_affinity and the write cache, each with what it means
 * for the figures; and which queue interrupt the latency job is pinned
 * next to. Reads go through the root prefix; nothing here writes. */
#include "config.h"
#include "procedures/proc_priv.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "collect/devices.h"
#include "collect/irq.h"
#include "collect/probe.h"
#include "collect/verdict.h"
#include "i18n.h"
#include "sysroot.h"
#include "util/cpulist.h"
#include "util/status.h"

/* The verdict of the device (or file) the jobs will touch. */
static int target_verdict(struct proc_ctx *c, struct verdict_result *v, char *what,
			  size_t whatlen)
{
	const struct proc_target *t = &c->tgt;
	struct disk_facts df;
	struct stat st;

	snprintf(what, whatlen, "%s", t->kind == TARGET_DIR ? t->data_file : t->path);
	if (t->kind == TARGET_BLOCK) {
		struct dev_list list;
		long part;
		if (stat(t->path, &st) || dev_list_scan(&list))
			return -1;
		struct blk_dev *disk = dev_list_find(&list, major(st.st_rdev), minor(st.st_rdev),
						     &part);
		if (!disk) {
			dev_list_free(&list);
			return -1;
		}
		probe_disk(disk, PROBE_TIMEOUT_MS);
		*v = part >= 0 ? disk->parts[part].verdict : disk->verdict;
		dev_list_free(&list);
		return 0;
	}
	if (access(what, F_OK))
		return 1; /* a file blktop will lay out: nothing to lose */
	memset(&df, 0, sizeof(df));
	probe_file(what, &df.disk);
	dev_verdict(&df, v);
	return 0;
}

int env_verdict(struct proc_ctx *c, bool writes)
{
	struct verdict_result v;
	char what[PATH_MAX], reasons[1024];
	if (proc_is_remote(c)) {
		proc_note(c, "%s", _("safety: each host's own write gate takes its verdict, step by step"));
		return 0;
	}
	int r = target_verdict(c, &v, what, sizeof(what));

	if (r > 0) {
		proc_note(c, _("safety: %s does not exist yet: blktop lays it out, nothing to lose"),
			  what);
		return 0;
	}
	if (r < 0) {
		/* The gate asks again before the first write and refuses what
		 * it cannot prove safe; here we can only say we do not know. */
		proc_note(c, _("safety: %s: the verdict could not be taken; the write gate decides at the start"),
			  what);
		return 0;
	}
	verdict_reasons_join(&v, reasons, sizeof(reasons));
	proc_note(c, _("safety: %s is %s%s%s"), what, verdict_name(v.verdict),
		  reasons[0] ? ": " : "", reasons);
	if (!writes) {
		proc_note(c, _("        the jobs only read: reads are allowed on any device"));
		return 0;
	}
	if (!verdict_allows_write(v.verdict, c->req->force)) {
		if (v.verdict == VERDICT_HAS_DATA)
			snprintf(c->err, c->errlen,
				 _("refusing to write %s: %s (the ESSD PL-X latency test stops here too; --force writes anyway)"),
				 what, reasons);
		else
			snprintf(c->err, c->errlen, _("refusing to write %s: %s"), what, reasons);
		return BLKTOP_REFUSED;
	}
	if (v.verdict == VERDICT_HAS_DATA)
		proc_note(c, _("        --force: writing it anyway"));
	return 0;
}

static void check_idle_poll(struct proc_ctx *c)
{
	char cmdline[4096];

	if (sysroot_read("/proc/cmdline", cmdline, sizeof(cmdline)) < 0) {
		proc_note(c, _("  idle=poll    cannot read /proc/cmdline"));
		return;
	}
	/* The last idle= wins, as the kernel parses it. */
	const char *idle = NULL;
	for (const char *p = cmdline; (p = strstr(p, "idle=")); p++)
		if (p == cmdline || p[-1] == ' ')
			idle = p + 5;
	char val[32] = "";
	if (idle)
		sscanf(idle, "%31[^ ]", val);
	if (!strcmp(val, "poll"))
		proc_note(c, _("  idle=poll    on the kernel command line: idle CPUs spin instead of sleeping, so a completion is handled at once (the setting of the ESSD PL-X latency test; it keeps those CPUs busy)"));
	else if (val[0])
		proc_note(c, _("  idle=poll    no: idle=%s on the kernel command line; the ESSD PL-X latency test replaces it with idle=poll"),
			  val);
	else
		proc_note(c, _("  idle=poll    no: idle CPUs sleep, and waking one adds microseconds to each I/O at iodepth 1 (the ESSD PL-X latency test adds idle=poll to GRUB_CMDLINE_LINUX and reboots; blktop does not change it)"));
}

static void check_scheduler(struct proc_ctx *c, const char *disk)
{
	char path[128], raw[256], active[64] = "";

	snprintf(path, sizeof(path), "/sys/block/%s/queue/scheduler", disk);
	if (sysroot_read(path, raw, sizeof(raw)) < 0) {
		proc_note(c, _("  scheduler    %s has none to read"), disk);
		return;
	}
	const char *open = strchr(raw, '[');
	if (open)
		sscanf(open + 1, "%63[^]]", active);
	else
		sscanf(raw, "%63s", active);
	/* Empty, blank or "[]": as good as no file. */
	if (!active[0])
		proc_note(c, _("  scheduler    %s has none to read"), disk);
	else if (!strcmp(active, "none"))
		proc_note(c, _("  scheduler    none: requests go straight to the device's queues (usual for virtio and NVMe disks, the least overhead)"));
	else
		proc_note(c, _("  scheduler    %s: requests wait in an I/O scheduler before the device, which adds a little to each I/O (cloud disks usually run none)"),
			  active);
}

/* The ESSD PL-X latency test's table of rq_affinity values. */
const char *env_rq_affinity_meaning(int v)
{
	switch (v) {
	case 0:
		return _("completions may run on any CPU: the most parallel, the ESSD PL-X IOPS test's setting");
	case 1:
		return _("completions run in the CPU group of the submitting CPU (the kernel's default)");
	case 2:
		return _("completions run on the very CPU that submitted: the least switching, the ESSD PL-X latency test's setting");
	default:
		return _("a value this kernel defines and blktop does not know");
	}
}

static void check_rq_affinity(struct proc_ctx *c, const char *disk)
{
	char path[128];
	unsigned long long v;

	snprintf(path, sizeof(path), "/sys/block/%s/queue/rq_affinity", disk);
	if (sysroot_read_u64(path, &v))
		proc_note(c, _("  rq_affinity  %s has no rq_affinity to read"), disk);
	else
		proc_note(c, "  rq_affinity  %llu: %s", v, env_rq_affinity_meaning((int)v));
}

static void check_write_cache(struct proc_ctx *c, const char *disk)
{
	char path[128], val[64];

	snprintf(path, sizeof(path), "/sys/block/%s/queue/write_cache", disk);
	if (sysroot_read(path, val, sizeof(val)) < 0)
		proc_note(c, _("  write cache  %s has no write_cache to read"), disk);
	else if (!strcmp(val, "write back"))
		proc_note(c, _("  write cache  write back: the device has a volatile cache and may acknowledge a write before it is durable (flushes and FUA make it so); a hypervisor's host cache is not visible from here (the Azure disk test turns it off in the portal)"));
	else if (!strcmp(val, "write through"))
		proc_note(c, _("  write cache  write through: a write is acknowledged once it is on stable media (or the device reports no cache); a hypervisor's host cache is not visible from here"));
	else
		proc_note(c, _("  write cache  %s"), val);
}

void env_checks(struct proc_ctx *c)
{
	const char *disk = c->tgt.disk;

	proc_note(c, _("environment (the checks of the ESSD PL-X latency test):"));
	check_idle_poll(c);
	if (!disk[0]) {
		proc_note(c, _("  %s is on no block device of its own (tmpfs?): the queue settings do not apply"),
			  c->tgt.path);
		return;
	}
	check_scheduler(c, disk);
	check_rq_affinity(c, disk);
	check_write_cache(c, disk);
}

long env_pick_irq(const struct irq_snapshot *s, const unsigned char *allowed, int nallowed,
		  int *cpu)
{
	long best = -1;
	int best_rank = 0, best_cpu = -1;

	for (size_t i = 0; i < s->n; i++) {
		unsigned char bits[1024];
		int n = cpulist_parse(s->q[i].effective_affinity, bits, (int)sizeof(bits));
		if (n <= 0)
			continue;
		/* The lowest CPU of the list this process may run on. */
		int c = -1;
		for (int k = 0; k < (int)sizeof(bits) && c < 0; k++)
			if (bits[k] && (!allowed || (k < nallowed && allowed[k])))
				c = k;
		if (c < 0)
			continue;
		/* Rank: one CPU beats a spread list (the interrupt lands
		 * there for sure); any CPU beats CPU 0, which also takes the
		 * timer and most unaffined interrupts. Ties: first queue. */
		int rank = (n == 1 ? 2 : 0) + (c != 0 ? 1 : 0);
		if (best < 0 || rank > best_rank) {
			best = (long)i;
			best_rank = rank;
			best_cpu = c;
		}
	}
	if (best >= 0)
		*cpu = best_cpu;
	return best;
}
