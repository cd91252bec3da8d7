/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irq.c - find a disk's queue interrupts and count them.
 *
 * The kernel does not say which interrupts serve a disk, so this follows
 * what people do by hand (the ESSD PL-X latency test): /sys/block/X/device leads to the
 * device (virtio1, nvme0, a SCSI LUN); walking up from it reaches the PCI
 * function, whose msi_irqs directory lists its vectors. A function has
 * vectors that are not queues (virtioN-config, nvme0q0 for the admin
 * queue), so the names in /proc/interrupts sort them, using the virtioN or
 * nvmeN found on the way up as the prefix. Disks with no device behind
 * them (loop, zram, dm, md) have no interrupts of their own. */
#include "config.h"
#include "collect/irq.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "sysroot.h"
#include "util/clock.h"

#define MSI_MAX 4096
/* The kernel's largest NR_CPUS. */
#define IRQ_CPU_MAX 8192

/* The IRQ numbers the device owns, before the names sort them. */
struct irq_owned {
	enum irq_found found;
	char hint[32];
	unsigned *irqs;
	size_t n;
};

static bool name_is_numbered(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);
	if (strncmp(s, prefix, n) || !isdigit((unsigned char)s[n]))
		return false;
	for (s += n; *s; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

bool irq_name_is_queue(const char *name, const char *hint)
{
	if (!hint || !*hint)
		return !strstr(name, "config");
	size_t n = strlen(hint);
	if (strncmp(name, hint, n))
		return false;
	const char *rest = name + n;
	if (!strncmp(hint, "nvme", 4)) {
		/* nvme0q0 is the admin queue; nvme0q1.. carry the I/O. */
		if (*rest != 'q' || !isdigit((unsigned char)rest[1]))
			return false;
		return strtoul(rest + 1, NULL, 10) != 0;
	}
	if (*rest != '-')
		return false;
	rest++;
	return strncmp(rest, "config", 6) && strncmp(rest, "control", 7) &&
	       strncmp(rest, "event", 5);
}

static int add_owned(struct irq_owned *o, unsigned irq)
{
	if (o->n >= MSI_MAX)
		return 0;
	unsigned *v = realloc(o->irqs, (o->n + 1) * sizeof(*v));
	if (!v)
		return -1;
	o->irqs = v;
	o->irqs[o->n++] = irq;
	return 0;
}

static bool owns(const struct irq_owned *o, unsigned irq)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->irqs[i] == irq)
			return true;
	return false;
}

static int read_msi_dir(const char *dir, struct irq_owned *o)
{
	char path[PATH_MAX];
	if ((size_t)snprintf(path, sizeof(path), "%s/msi_irqs", dir) >= sizeof(path))
		return -1;
	DIR *d = opendir(path);
	if (!d)
		return -1;
	struct dirent *e;
	while ((e = readdir(d)))
		if (isdigit((unsigned char)e->d_name[0]))
			add_owned(o, (unsigned)strtoul(e->d_name, NULL, 10));
	closedir(d);
	return 0;
}

/* A PCI function without MSI still names its one interrupt line. */
static int read_legacy_irq(const char *dir, struct irq_owned *o)
{
	char path[PATH_MAX], vendor[PATH_MAX], buf[32];
	if ((size_t)snprintf(path, sizeof(path), "%s/irq", dir) >= sizeof(path) ||
	    (size_t)snprintf(vendor, sizeof(vendor), "%s/vendor", dir) >= sizeof(vendor))
		return -1;
	struct stat st;
	if (stat(vendor, &st))
		return -1;
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	int ok = fgets(buf, sizeof(buf), f) != NULL;
	fclose(f);
	unsigned long irq = ok ? strtoul(buf, NULL, 10) : 0;
	if (irq == 0)
		return -1;
	return add_owned(o, (unsigned)irq);
}

/* Walks up from the disk's device to the function that owns interrupts. */
static void find_owned(const char *disk, struct irq_owned *o)
{
	char link[PATH_MAX], dir[PATH_MAX], stop[PATH_MAX];
	o->found = IRQ_FOUND_NONE;
	if (!sysroot_path(link, sizeof(link), "/sys/block/%s/device", disk) ||
	    !realpath(link, dir))
		return;
	/* Never climb out of the (possibly fake) /sys. */
	if (!sysroot_path(link, sizeof(link), "/sys") || !realpath(link, stop))
		return;
	size_t stoplen = strlen(stop);

	o->found = IRQ_FOUND_NOTHING;
	while (strlen(dir) > stoplen && !strncmp(dir, stop, stoplen)) {
		char *base = strrchr(dir, '/');
		if (!base)
			break;
		if (!o->hint[0] && (name_is_numbered(base + 1, "virtio") ||
				    name_is_numbered(base + 1, "nvme")))
			snprintf(o->hint, sizeof(o->hint), "%s", base + 1);
		if (!read_msi_dir(dir, o) && o->n) {
			o->found = IRQ_FOUND_MSI;
			return;
		}
		if (!read_legacy_irq(dir, o)) {
			o->found = IRQ_FOUND_LEGACY;
			return;
		}
		*base = '\0';
	}
	if (o->hint[0])
		o->found = IRQ_FOUND_NAME;
}

int irq_parse_line(const char *line, unsigned *irq, uint64_t *counts, int ncols,
		   char *name, size_t namelen)
{
	const char *p = line;
	char *end;
	while (isspace((unsigned char)*p))
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	unsigned long n = strtoul(p, &end, 10);
	if (*end != ':')
		return -1;
	*irq = (unsigned)n;
	p = end + 1;
	int got = 0;
	while (got < ncols) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!isdigit((unsigned char)*p))
			break;
		counts[got++] = strtoull(p, &end, 10);
		p = end;
	}
	/* The name is the last field; several handlers are joined by ", ". */
	size_t len = strlen(p);
	while (len && isspace((unsigned char)p[len - 1]))
		len--;
	size_t start = len;
	for (;;) {
		while (start && !isspace((unsigned char)p[start - 1]))
			start--;
		size_t prev = start;
		while (prev && isspace((unsigned char)p[prev - 1]))
			prev--;
		if (prev && p[prev - 1] == ',') {
			start = prev - 1;
			continue;
		}
		break;
	}
	size_t nl = len - start < namelen ? len - start : namelen - 1;
	memcpy(name, p + start, nl);
	name[nl] = '\0';
	return got;
}

/* The header names the CPU of each column; offline CPUs have none. A
 * column whose CPU number is missing or past any kernel's NR_CPUS keeps
 * its place (the counts stay aligned) but is dropped (-1): the per-CPU
 * arrays are sized by the highest CPU, so "CPU99999999" must not make
 * them gigabytes. */
static int parse_header(const char *line, int *colcpu, int maxcols)
{
	int cols = 0;
	const char *p = line;
	while ((p = strstr(p, "CPU")) && cols < maxcols) {
		p += 3;
		long c = isdigit((unsigned char)*p) ? strtol(p, NULL, 10) : -1;
		colcpu[cols++] = c >= 0 && c < IRQ_CPU_MAX ? (int)c : -1;
	}
	return cols;
}

static void read_affinity(unsigned irq, const char *file, char *out, size_t len)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/irq/%u/%s", irq, file);
	if (sysroot_read(path, out, len) < 0)
		out[0] = '\0';
}

static bool wanted(const struct irq_owned *o, unsigned irq, const char *name, bool by_name)
{
	switch (o->found) {
	case IRQ_FOUND_MSI:
		return owns(o, irq) && (!by_name || irq_name_is_queue(name, o->hint));
	case IRQ_FOUND_LEGACY:
		return owns(o, irq);
	case IRQ_FOUND_NAME:
		return irq_name_is_queue(name, o->hint);
	default:
		return false;
	}
}

static int append_queue(struct irq_snapshot *s, unsigned irq, const char *name,
			const uint64_t *counts, int got, const int *colcpu)
{
	struct irq_queue *v = realloc(s->q, (s->n + 1) * sizeof(*v));
	if (!v)
		return -1;
	s->q = v;
	struct irq_queue *q = &s->q[s->n];
	memset(q, 0, sizeof(*q));
	q->percpu = calloc((size_t)(s->ncpu > 0 ? s->ncpu : 1), sizeof(uint64_t));
	if (!q->percpu)
		return -1;
	s->n++;
	q->irq = irq;
	snprintf(q->name, sizeof(q->name), "%s", name);
	for (int c = 0; c < got; c++) {
		if (colcpu[c] >= 0 && colcpu[c] < s->ncpu)
			q->percpu[colcpu[c]] = counts[c];
		q->total += counts[c];
	}
	read_affinity(irq, "effective_affinity_list", q->effective_affinity,
		      sizeof(q->effective_affinity));
	read_affinity(irq, "smp_affinity_list", q->smp_affinity, sizeof(q->smp_affinity));
	return 0;
}

/* One pass over /proc/interrupts; by_name filters the owned vectors. */
static int scan_interrupts(struct irq_snapshot *s, const struct irq_owned *o, bool by_name)
{
	FILE *f = sysroot_fopen("/proc/interrupts", "r");
	if (!f)
		return -1;
	char *line = NULL;
	size_t cap = 0;
	int colcpu[4096] = { 0 }, cols = 0, rc = 0;
	uint64_t *counts = NULL;
	char name[IRQ_NAME_MAX];

	if (getline(&line, &cap, f) > 0)
		cols = parse_header(line, colcpu, 4096);
	for (int c = 0; c < cols; c++)
		if (colcpu[c] + 1 > s->ncpu)
			s->ncpu = colcpu[c] + 1;
	counts = calloc((size_t)(cols ? cols : 1), sizeof(*counts));
	if (!counts)
		rc = -1;
	while (!rc && getline(&line, &cap, f) > 0) {
		unsigned irq;
		int got = irq_parse_line(line, &irq, counts, cols, name, sizeof(name));
		if (got < 0 || !wanted(o, irq, name, by_name))
			continue;
		rc = append_queue(s, irq, name, counts, got, colcpu);
	}
	/* A directory or an I/O error where the file should be is as
	 * unreadable as a missing file: the callers say so. */
	if (!rc && ferror(f))
		rc = -1;
	free(counts);
	free(line);
	fclose(f);
	return rc;
}

void irq_snapshot_free(struct irq_snapshot *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->q[i].percpu);
	free(s->q);
	s->q = NULL;
	s->n = 0;
}

int irq_snapshot_take(const char *disk, struct irq_snapshot *out)
{
	struct irq_owned o = { 0 };
	unsigned long long rqa;
	char path[128];

	memset(out, 0, sizeof(*out));
	snprintf(out->disk, sizeof(out->disk), "%s", disk);
	out->t_ns = now_ns();
	snprintf(path, sizeof(path), "/sys/block/%s/queue/rq_affinity", disk);
	out->rq_affinity = sysroot_read_u64(path, &rqa) ? -1 : (int)rqa;

	find_owned(disk, &o);
	out->found = o.found;
	snprintf(out->hint, sizeof(out->hint), "%s", o.hint);
	int rc = 0;
	if (o.found == IRQ_FOUND_MSI || o.found == IRQ_FOUND_LEGACY ||
	    o.found == IRQ_FOUND_NAME) {
		rc = scan_interrupts(out, &o, true);
		/* Unknown driver names: every vector of the function but config. */
		if (!rc && !out->n && o.found == IRQ_FOUND_MSI) {
			o.hint[0] = '\0';
			rc = scan_interrupts(out, &o, true);
		}
		if (!rc && !out->n)
			out->found = IRQ_FOUND_NOTHING;
	}
	free(o.irqs);
	if (rc)
		irq_snapshot_free(out);
	return rc;
}

int irq_rates_between(const struct irq_snapshot *a, const struct irq_snapshot *b,
		      struct irq_rate *out)
{
	if (b->t_ns <= a->t_ns)
		return -1;
	double dt = (double)(b->t_ns - a->t_ns) / 1e9;
	for (size_t i = 0; i < b->n; i++) {
		const struct irq_queue *qb = &b->q[i], *qa = NULL;
		for (size_t j = 0; j < a->n && !qa; j++)
			if (a->q[j].irq == qb->irq)
				qa = &a->q[j];
		out[i].irq = qb->irq;
		out[i].percpu = calloc((size_t)(b->ncpu > 0 ? b->ncpu : 1), sizeof(double));
		if (!out[i].percpu) {
			irq_rates_free(out, i);
			return -1;
		}
		uint64_t before = qa ? qa->total : 0;
		/* A counter that went backwards (device re-probed) counts as 0. */
		out[i].total = qb->total >= before ? (double)(qb->total - before) / dt : 0;
		for (int c = 0; c < b->ncpu; c++) {
			uint64_t pb = qb->percpu[c];
			uint64_t pa = qa && c < a->ncpu ? qa->percpu[c] : 0;
			out[i].percpu[c] = pb >= pa ? (double)(pb - pa) / dt : 0;
		}
	}
	return 0;
}

void irq_rates_free(struct irq_rate *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(r[i].percpu);
		r[i].percpu = NULL;
	}
}
