/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_sysfs.c - libFuzzer target for every reader of /proc and /sys:
 * the fuzz input becomes the contents of a fake root's files, and each
 * collector runs over it through the root prefix (sysroot_set), as the
 * unit tests do with fixed trees. Whatever the kernel (or a broken fake)
 * puts there, the readers must not crash, read out of bounds, leak or
 * wander outside the root.
 *
 * Input: chunks separated by "\n==\n", chunk i written to files[i] below.
 * A missing chunk leaves the file absent; the chunk "@dir" makes it a
 * directory and "@link" a dangling symlink (the unreadable cases root
 * cannot get with mode 000). The tree around them (a virtio disk with a
 * partition, a SCSI disk on a legacy interrupt line, an NVMe disk, a loop
 * device, their links) is made once, in /dev/shm when it exists. The
 * devices are not probed (probe.c forks for that; the verdict is
 * fuzzed with invented facts elsewhere), but the users it reads are.
 *
 * libproc2 reads the real /proc whatever the prefix, so the counters
 * collectors parse the files themselves under a prefix (cpu.c,
 * diskstat.c): those parsers are what this target covers, not libproc2.
 * Build with run.sh. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/cpu.h"
#include "collect/devices.h"
#include "collect/diskstat.h"
#include "collect/irq.h"
#include "output/listing.h"
#include "collect/probe.h"
#include "collect/tune.h"
#include "collect/verdict.h"
#include "procedures/proc_priv.h"
#include "sysroot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define PCI "sys/devices/pci0000:00"
#define VIRTIO PCI "/0000:00:05.0"
#define HBA PCI "/0000:00:06.0"
#define SCSI HBA "/host0/target0:0:0/0:0:0:0"
#define NVME PCI "/0000:00:07.0/nvme/nvme0"

/* The fuzzed files, in input order; keep in step with the seeds. */
static const char *const files[] = {
	"proc/stat",                                 /* 0 */
	"proc/interrupts",                           /* 1 */
	"proc/diskstats",                            /* 2 */
	"proc/cmdline",                              /* 3 */
	"proc/irq/36/effective_affinity_list",       /* 4 */
	"proc/irq/36/smp_affinity_list",             /* 5 */
	"proc/irq/37/effective_affinity_list",       /* 6 */
	"proc/irq/11/effective_affinity_list",       /* 7 */
	"sys/block/vda/size",                        /* 8 */
	"sys/block/vda/queue/logical_block_size",    /* 9 */
	"sys/block/vda/queue/rq_affinity",           /* 10 */
	"sys/block/vda/queue/scheduler",             /* 11 */
	"sys/block/vda/queue/write_cache",           /* 12 */
	"sys/block/vda/ro",                          /* 13 */
	"sys/block/vda/removable",                   /* 14 */
	"sys/block/vda/uevent",                      /* 15 */
	"sys/block/vda/dev",                         /* 16 */
	VIRTIO "/virtio1/model",                     /* 17: vda/device/model */
	VIRTIO "/virtio1/vendor",                    /* 18 */
	"sys/block/vda/vda1/partition",              /* 19 */
	"sys/block/vda/vda1/size",                   /* 20 */
	"sys/block/vda/vda1/uevent",                 /* 21 */
	"sys/block/sda/size",                        /* 22 */
	"sys/block/sda/queue/rq_affinity",           /* 23 */
	HBA "/irq",                                  /* 24 */
	"sys/block/loop0/size",                      /* 25 */
	"sys/block/loop0/loop/backing_file",         /* 26 */
	"sys/block/vda/stat",                        /* 27 */
	"sys/block/vda/inflight",                    /* 28 */
	"proc/self/mountinfo",                       /* 29 */
	"proc/swaps",                                /* 30 */
	"sys/block/vda/hidden",                      /* 31 */
	"sys/block/vda/queue/nr_requests",           /* 32 */
	"sys/block/vda/queue/rotational",            /* 33 */
	"sys/block/nvme0n1/size",                    /* 34 */
	"proc/irq/38/effective_affinity_list",       /* 35 */
};
#define NFILES (sizeof(files) / sizeof(files[0]))

static char root[256];
static FILE *null_out;

/* The fixed part: directories, and links as sysfs has them (absolute
 * here, which realpath resolves the same way). */
static const char *const dirs[] = {
	"proc/irq/36", "proc/irq/37", "proc/irq/38", "proc/irq/11", "proc/self",
	VIRTIO "/msi_irqs", VIRTIO "/virtio1", SCSI, NVME, "sys/bus/scsi",
	"sys/bus/virtio", "sys/block/vda/queue", "sys/block/vda/vda1",
	"sys/block/vda/holders", "sys/block/sda/queue", "sys/block/loop0/loop",
	"sys/block/nvme0n1/queue", "sys/class/block", "sys/dev/block", "dev",
};
static const char *const fixed_files[][2] = {
	{ VIRTIO "/msi_irqs/36", "msi" }, { VIRTIO "/msi_irqs/37", "msi" },
	{ VIRTIO "/msi_irqs/38", "msi" }, { VIRTIO "/vendor", "0x1af4" },
	{ HBA "/vendor", "0x1000" }, { "sys/block/nvme0n1/queue/rq_affinity", "1" },
};
static const char *const links[][2] = {
	{ "sys/block/vda/device", VIRTIO "/virtio1" },
	{ VIRTIO "/virtio1/subsystem", "sys/bus/virtio" },
	{ "sys/block/sda/device", SCSI },
	{ SCSI "/subsystem", "sys/bus/scsi" },
	{ "sys/block/nvme0n1/device", NVME },
	{ "sys/class/block/vda", "sys/block/vda" },
	{ "sys/class/block/vda1", "sys/block/vda/vda1" },
	{ "sys/dev/block/252:0", "sys/block/vda" },
};

static void make_dirs(const char *rel)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0755);
			*p = '/';
		}
	mkdir(path, 0755);
}

static void write_file(const char *rel, const char *text, size_t len)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		abort();
	if (len && write(fd, text, len) != (ssize_t)len)
		abort();
	close(fd);
}

static void remove_rm(void)
{
	char cmd[512];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz_sysfs: could not remove %s\n", root);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct stat st;
	const char *base = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm" : "/tmp";

	snprintf(root, sizeof(root), "%s/blktop-fuzz-sysfs-XXXXXX", base);
	if (!mkdtemp(root))
		abort();
	atexit(remove_rm);
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		make_dirs(dirs[i]);
	for (size_t i = 0; i < sizeof(fixed_files) / sizeof(fixed_files[0]); i++)
		write_file(fixed_files[i][0], fixed_files[i][1], strlen(fixed_files[i][1]));
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++) {
		char from[512], to[512];
		snprintf(from, sizeof(from), "%s/%s", root, links[i][0]);
		snprintf(to, sizeof(to), "%s/%s", root, links[i][1]);
		if (symlink(to, from))
			abort();
	}
	sysroot_set(root);
	null_out = fopen("/dev/null", "we");
	if (!null_out)
		abort();
	/* tune.c says what it set on stderr; at thousands of inputs a second
	 * that is noise. Sanitizer reports go to fd 2 and still show. */
	stderr = null_out;
	return 0;
}

/* Takes away whatever the last input left at a path. */
static void clear_path(const char *rel)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (unlink(path) != 0 && (errno == EISDIR || errno == EPERM))
		rmdir(path);
}

static void place(size_t i, const char *text, size_t len)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", root, files[i]);
	if (len == 4 && !memcmp(text, "@dir", 4)) {
		mkdir(path, 0755);
	} else if (len == 5 && !memcmp(text, "@link", 5)) {
		char to[600];
		snprintf(to, sizeof(to), "%s.missing", path);
		if (symlink(to, path))
			abort();
	} else {
		write_file(files[i], text, len);
	}
}

/* env.c reports through proc_note; the text is formatted and dropped. */
void proc_note(struct proc_ctx *c, const char *fmt, ...)
{
	char line[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	fputs(line, null_out);
}

static void run_irq(const char *disk)
{
	struct irq_snapshot a, b;

	if (irq_snapshot_take(disk, &a))
		return;
	if (a.n && !a.q)
		abort();
	for (size_t i = 0; i < a.n; i++)
		if (!memchr(a.q[i].name, '\0', sizeof(a.q[i].name)) ||
		    !memchr(a.q[i].effective_affinity, '\0', IRQ_LIST_MAX))
			abort();
	int cpu = -1;
	unsigned char allowed[64];
	memset(allowed, 1, sizeof(allowed));
	env_pick_irq(&a, NULL, 0, &cpu);
	env_pick_irq(&a, allowed, (int)sizeof(allowed), &cpu);
	if (irq_snapshot_take(disk, &b) == 0) {
		struct irq_rate *r = calloc(b.n ? b.n : 1, sizeof(*r));
		if (r && irq_rates_between(&a, &b, r) == 0)
			irq_rates_free(r, b.n);
		free(r);
		irq_snapshot_free(&b);
	}
	irq_snapshot_free(&a);
}

static void run_counters(void)
{
	struct cpu_snapshot s;
	struct cpu_ticks zero = { { 0 } };
	struct cpu_pct pct;

	if (cpu_snapshot_take(&s) == 0) {
		if (s.ncpu < 0 || s.ncpu > CPU_MAX || (s.ncpu && !s.cpu))
			abort();
		cpu_pct_between(&zero, &s.all, &pct);
		for (int i = 0; i < s.ncpu; i++)
			cpu_pct_between(&s.cpu[i], &zero, &pct);
	}
	cpu_snapshot_free(&s);

	static const char *const disks[] = { "vda", "vda1", "sda", "loop0", "" };
	for (size_t i = 0; i < sizeof(disks) / sizeof(disks[0]); i++) {
		struct disk_snapshot a, b;
		struct disk_delta d;
		diskstat_snapshot(disks[i], &a);
		b = a;
		b.t_ns += 1000000000;
		diskstat_delta(&a, &b, &d);
		a.ios[0] = UINT64_MAX;
		diskstat_delta(&a, &b, &d);
	}
	char name[64];
	diskstat_name_for_path("vda1", name, sizeof(name));
	diskstat_name_for_path("vda", name, sizeof(name));
}

/* Whether a path has a ".." component ("....." is a plain name). */
static bool climbs(const char *path)
{
	for (const char *p = path; (p = strstr(p, "..")); p++)
		if ((p == path || p[-1] == '/') && (p[2] == '/' || !p[2]))
			return true;
	return false;
}

static void run_devices(void)
{
	struct dev_list list;
	struct dev_facts facts;
	char path[512];

	/* The users (mountinfo, swaps, loop backing files) as a file target
	 * sees them; probe_all would fork a prober per device, which costs
	 * more than the rest of an input together. */
	snprintf(path, sizeof(path), "%s/sys/block/vda/size", root);
	probe_file(path, &facts);
	if (dev_list_scan(&list))
		return;
	for (size_t i = 0; i < list.n; i++) {
		struct blk_dev *d = &list.devs[i];
		if (!memchr(d->scheduler, '\0', sizeof(d->scheduler)) ||
		    !memchr(d->path, '\0', sizeof(d->path)) || strncmp(d->path, "/dev/", 5) ||
		    climbs(d->path))
			abort();
		dev_decide(d);
	}
	listing_print_table(null_out, &list);
	listing_print_json(null_out, &list);
	long part;
	dev_list_find_name(&list, "vda1", &part);
	dev_list_free(&list);
}

static void run_env(void)
{
	struct proc_ctx c;
	char err[256];

	memset(&c, 0, sizeof(c));
	c.err = err;
	c.errlen = sizeof(err);
	snprintf(c.tgt.disk, sizeof(c.tgt.disk), "vda");
	env_checks(&c);
	c.tgt.disk[0] = '\0';
	env_checks(&c);
	for (int v = -1; v < 4; v++)
		env_rq_affinity_meaning(v);
}

static void run_tune(void)
{
	char old[TUNE_VALUE_MAX];
	tune_set("/sys/block/vda/queue/rq_affinity", "2", old, sizeof(old));
	tune_set("/sys/block/vda/queue/scheduler", "none", old, sizeof(old));
	tune_restore();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char sep[] = "\n==\n";
	const char *p = (const char *)data, *end = p + size;

	for (size_t i = 0; i < NFILES; i++)
		clear_path(files[i]);
	for (size_t i = 0; i < NFILES && p <= end; i++) {
		const char *next = memmem(p, (size_t)(end - p), sep, sizeof(sep) - 1);
		size_t len = next ? (size_t)(next - p) : (size_t)(end - p);
		place(i, p, len);
		if (!next)
			break;
		p = next + sizeof(sep) - 1;
	}

	run_counters();
	run_irq("vda");
	run_irq("sda");
	run_irq("nvme0n1");
	run_irq("loop0");
	run_irq("nosuch");
	run_devices();
	run_env();
	run_tune();
	return 0;
}
