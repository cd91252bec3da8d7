/* SPDX-License-Identifier: GPL-2.0-or-later */
/* devices.c - block device discovery from sysfs. Only reads small sysfs
 * attributes through the root prefix, so it never blocks on a device and
 * runs unchanged over the fake trees in tests/fakeroot. */
#include "config.h"
#include "collect/devices.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sysroot.h"
#include "util/str.h"

/* Builds the full path (prefix included) of a sysfs path given by a
 * format. Returns false when it does not fit. */
static bool vfull_path(char *full, size_t len, const char *fmt, va_list ap)
{
	char rel[1024];
	int n = vsnprintf(rel, sizeof(rel), fmt, ap);

	if (n < 0 || (size_t)n >= sizeof(rel))
		return false;
	return sysroot_path(full, len, "%s", rel) != NULL;
}

/* Reads one sysfs attribute named by a format; "" and false when absent. */
static bool read_attr(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool read_attr(char *buf, size_t len, const char *fmt, ...)
{
	char rel[1024];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(rel, sizeof(rel), fmt, ap);
	va_end(ap);
	buf[0] = '\0';
	if (n < 0 || (size_t)n >= sizeof(rel))
		return false;
	return sysroot_read(rel, buf, len) >= 0;
}

/* An attribute of sysdir as a number, or fallback when absent. */
static long long read_num(long long fallback, const char *sysdir, const char *attr)
{
	char buf[64], *end;

	if (!read_attr(buf, sizeof(buf), "%s/%s", sysdir, attr) || !buf[0])
		return fallback;
	errno = 0;
	long long v = strtoll(buf, &end, 10);
	if (errno || end == buf)
		return fallback;
	return v;
}

/* A size attribute (512-byte sectors) in bytes: a negative or unreadable
 * one is 0 (not listed), one past 2^64 bytes is clamped, never wrapped. */
static unsigned long long sectors_bytes(long long sectors)
{
	if (sectors <= 0)
		return 0;
	if ((unsigned long long)sectors > ~0ULL / 512)
		return ~0ULL;
	return (unsigned long long)sectors * 512;
}

static bool path_exists(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static bool path_exists(const char *fmt, ...)
{
	char full[4096];
	va_list ap;

	va_start(ap, fmt);
	bool ok = vfull_path(full, sizeof(full), fmt, ap);
	va_end(ap);
	return ok && access(full, F_OK) == 0;
}

/* The target of a symlink under the root, "" when there is none. */
static void read_link(char *out, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void read_link(char *out, size_t len, const char *fmt, ...)
{
	char full[4096];
	va_list ap;
	ssize_t n = -1;

	va_start(ap, fmt);
	if (vfull_path(full, sizeof(full), fmt, ap))
		n = readlink(full, out, len - 1);
	va_end(ap);
	out[n > 0 ? n : 0] = '\0';
}

/* How the disk is attached, in lsblk's TRAN words where they exist. The
 * device's bus comes from device/subsystem; SCSI is refined from the path
 * of the device in /sys/devices. */
static void find_transport(struct blk_dev *d)
{
	static const struct {
		const char *needle, *tran;
	} scsi_paths[] = {
		{ "/usb", "usb" }, { "/ata", "sata" }, { "/session", "iscsi" },
		{ "/rport-", "fc" }, { "/end_device-", "sas" }, { "/virtio", "virtio-scsi" },
	};
	static const char *const name_prefixes[] = { "zram", "nbd", "rbd", "ram", "pmem" };
	char link[4096];
	const char *sub;
	size_t i;

	if (path_exists("/sys/block/%s/loop", d->name)) {
		snprintf(d->transport, sizeof(d->transport), "loop");
		return;
	}
	if (path_exists("/sys/block/%s/dm", d->name)) {
		snprintf(d->transport, sizeof(d->transport), "dm");
		return;
	}
	if (path_exists("/sys/block/%s/md", d->name)) {
		snprintf(d->transport, sizeof(d->transport), "md");
		return;
	}
	for (i = 0; i < sizeof(name_prefixes) / sizeof(name_prefixes[0]); i++) {
		if (strncmp(d->name, name_prefixes[i], strlen(name_prefixes[i])) == 0) {
			snprintf(d->transport, sizeof(d->transport), "%s", name_prefixes[i]);
			return;
		}
	}
	/* device/subsystem -> ../../../bus/virtio: the bus is the last part. */
	read_link(link, sizeof(link), "/sys/block/%s/device/subsystem", d->name);
	sub = strrchr(link, '/') ? strrchr(link, '/') + 1 : link;
	if (strncmp(sub, "nvme", 4) == 0) {
		snprintf(d->transport, sizeof(d->transport), "nvme");
		return;
	}
	if (strcmp(sub, "scsi") == 0) {
		read_link(link, sizeof(link), "/sys/block/%s", d->name);
		for (i = 0; i < sizeof(scsi_paths) / sizeof(scsi_paths[0]); i++) {
			if (strstr(link, scsi_paths[i].needle)) {
				snprintf(d->transport, sizeof(d->transport), "%s",
					 scsi_paths[i].tran);
				return;
			}
		}
	}
	str_copy(d->transport, sizeof(d->transport), sub);
}

/* "none [mq-deadline] kyber" -> "mq-deadline"; a lone "none" stays. */
static void active_scheduler(char *out, size_t len, const char *line)
{
	const char *lb = strchr(line, '['), *rb;

	if (lb && (rb = strchr(lb, ']')) != NULL) {
		snprintf(out, len, "%.*s", (int)(rb - lb - 1), lb + 1);
		return;
	}
	str_copy(out, len, line);
	str_trim(out);
}

/* Whether a DEVNAME of n bytes names a node inside /dev: not empty, not
 * absolute, no "." or ".." component, no control characters. */
static bool devname_ok(const char *s, size_t n)
{
	if (n == 0 || s[0] == '/')
		return false;
	for (size_t i = 0; i < n; i++) {
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
		if (s[i] == '.' && (i == 0 || s[i - 1] == '/')) {
			size_t dots = (i + 1 < n && s[i + 1] == '.') ? 2 : 1;
			if (i + dots == n || s[i + dots] == '/')
				return false;
		}
	}
	return true;
}

/* The node's name under /dev: uevent's DEVNAME, which differs from the
 * kernel name for a few drivers (cciss!c0d0 is /dev/cciss/c0d0). */
static void find_dev_path(struct blk_dev *d, const char *sysdir)
{
	char uevent[2048];
	const char *p;

	if (read_attr(uevent, sizeof(uevent), "%s/uevent", sysdir) &&
	    (p = strstr(uevent, "DEVNAME=")) != NULL && (p == uevent || p[-1] == '\n')) {
		size_t n = strcspn(p + 8, "\n");
		/* The node is opened and probed, so a name that climbs out of
		 * /dev ("../", "/..") or is empty is not trusted: the kernel
		 * name is used instead. */
		if (devname_ok(p + 8, n)) {
			snprintf(d->path, sizeof(d->path), "/dev/%.*s", (int)n, p + 8);
			return;
		}
	}
	snprintf(d->path, sizeof(d->path), "/dev/%s", d->name);
	for (char *c = d->path; *c; c++)
		if (*c == '!')
			*c = '/';
	/* "x!..!..!etc" would climb out too: keep such a name as it is. */
	if (!devname_ok(d->path + 5, strlen(d->path + 5)))
		snprintf(d->path, sizeof(d->path), "/dev/%s", d->name);
}

static void read_devno(struct blk_dev *d, const char *sysdir)
{
	char buf[64];

	if (read_attr(buf, sizeof(buf), "%s/dev", sysdir))
		sscanf(buf, "%u:%u", &d->major, &d->minor);
}

static int cmp_part(const void *a, const void *b)
{
	const struct blk_dev *x = a, *y = b;

	if (x->partno != y->partno)
		return x->partno < y->partno ? -1 : 1;
	return strverscmp(x->name, y->name);
}

static int cmp_disk(const void *a, const void *b)
{
	const struct blk_dev *x = a, *y = b;

	return strverscmp(x->name, y->name);
}

/* Partitions are the subdirectories of the disk's sysfs directory that
 * hold a "partition" attribute. */
static int scan_partitions(struct blk_dev *disk)
{
	char full[4096], sysdir[512];
	struct dirent *de;
	DIR *dir;
	size_t cap = 0;

	if (!sysroot_path(full, sizeof(full), "/sys/block/%s", disk->name))
		return 0;
	dir = opendir(full);
	if (!dir)
		return 0;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.' || strlen(de->d_name) >= FACT_NAME_MAX)
			continue;
		if (!path_exists("/sys/block/%s/%s/partition", disk->name, de->d_name))
			continue;
		if (disk->nparts == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			struct blk_dev *np = realloc(disk->parts, ncap * sizeof(*np));
			if (!np) {
				closedir(dir);
				return -1;
			}
			disk->parts = np;
			cap = ncap;
		}
		struct blk_dev *p = &disk->parts[disk->nparts];
		memset(p, 0, sizeof(*p));
		str_copy(p->name, sizeof(p->name), de->d_name);
		snprintf(sysdir, sizeof(sysdir), "/sys/block/%s/%s", disk->name, p->name);
		p->is_partition = true;
		p->partno = (unsigned)read_num(0, sysdir, "partition");
		p->size_bytes = sectors_bytes(read_num(0, sysdir, "size"));
		p->read_only = read_num(0, sysdir, "ro") == 1;
		read_devno(p, sysdir);
		find_dev_path(p, sysdir);
		/* A partition shares its disk's queue and hardware. */
		snprintf(p->transport, sizeof(p->transport), "%s", disk->transport);
		p->rotational = disk->rotational;
		p->logical_block_size = disk->logical_block_size;
		p->physical_block_size = disk->physical_block_size;
		p->rq_affinity = -1;
		p->nr_requests = -1;
		disk->nparts++;
	}
	closedir(dir);
	if (disk->nparts > 1)
		qsort(disk->parts, disk->nparts, sizeof(*disk->parts), cmp_part);
	return 0;
}

/* Fills one disk; returns false when it is not worth listing. */
static bool read_disk(struct blk_dev *d)
{
	char sysdir[512], buf[256];
	const char *n = d->name;

	snprintf(sysdir, sizeof(sysdir), "/sys/block/%s", n);
	if (read_num(0, sysdir, "hidden") == 1)
		return false;
	d->size_bytes = sectors_bytes(read_num(0, sysdir, "size"));
	if (d->size_bytes == 0)
		return false;
	if (path_exists("/sys/block/%s/loop", n)) {
		if (!read_attr(d->backing_file, sizeof(d->backing_file), "%s/loop/backing_file",
			       sysdir) || !d->backing_file[0])
			return false;
	}
	read_devno(d, sysdir);
	find_dev_path(d, sysdir);
	find_transport(d);
	d->read_only = read_num(0, sysdir, "ro") == 1;
	d->removable = read_num(0, sysdir, "removable") == 1;
	d->rotational = (int)read_num(-1, sysdir, "queue/rotational");
	d->logical_block_size = (unsigned)read_num(0, sysdir, "queue/logical_block_size");
	d->physical_block_size = (unsigned)read_num(0, sysdir, "queue/physical_block_size");
	d->rq_affinity = (int)read_num(-1, sysdir, "queue/rq_affinity");
	d->nr_requests = (long)read_num(-1, sysdir, "queue/nr_requests");
	if (read_attr(buf, sizeof(buf), "%s/queue/scheduler", sysdir))
		active_scheduler(d->scheduler, sizeof(d->scheduler), buf);
	if (read_attr(d->model, sizeof(d->model), "%s/device/model", sysdir))
		str_trim(d->model);
	/* virtio and PCI give a hex vendor id, which tells a user nothing. */
	if (read_attr(d->vendor, sizeof(d->vendor), "%s/device/vendor", sysdir))
		str_trim(d->vendor);
	if (strncmp(d->vendor, "0x", 2) == 0)
		d->vendor[0] = '\0';
	return true;
}

int dev_list_scan(struct dev_list *list)
{
	char full[4096];
	struct dirent *de;
	DIR *dir;
	size_t cap = 0;

	list->devs = NULL;
	list->n = 0;
	if (!sysroot_path(full, sizeof(full), "/sys/block")) {
		errno = ENAMETOOLONG;
		return -1;
	}
	dir = opendir(full);
	if (!dir)
		return -1;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.' || strlen(de->d_name) >= FACT_NAME_MAX)
			continue;
		if (list->n == cap) {
			size_t ncap = cap ? cap * 2 : 16;
			struct blk_dev *nd = realloc(list->devs, ncap * sizeof(*nd));
			if (!nd)
				goto fail;
			list->devs = nd;
			cap = ncap;
		}
		struct blk_dev *d = &list->devs[list->n];
		memset(d, 0, sizeof(*d));
		str_copy(d->name, sizeof(d->name), de->d_name);
		if (!read_disk(d))
			continue;
		list->n++;
		if (scan_partitions(d) < 0)
			goto fail;
	}
	closedir(dir);
	if (list->n > 1)
		qsort(list->devs, list->n, sizeof(*list->devs), cmp_disk);
	return 0;
fail:
	closedir(dir);
	dev_list_free(list);
	errno = ENOMEM;
	return -1;
}

void dev_list_free(struct dev_list *list)
{
	size_t i;

	for (i = 0; i < list->n; i++)
		free(list->devs[i].parts);
	free(list->devs);
	list->devs = NULL;
	list->n = 0;
}

struct blk_dev *dev_list_find(struct dev_list *list, unsigned major, unsigned minor,
			      long *part)
{
	size_t i, j;

	for (i = 0; i < list->n; i++) {
		struct blk_dev *d = &list->devs[i];
		if (d->major == major && d->minor == minor) {
			*part = -1;
			return d;
		}
		for (j = 0; j < d->nparts; j++) {
			if (d->parts[j].major == major && d->parts[j].minor == minor) {
				*part = (long)j;
				return d;
			}
		}
	}
	return NULL;
}

struct blk_dev *dev_list_find_name(struct dev_list *list, const char *name, long *part)
{
	size_t i, j;

	for (i = 0; i < list->n; i++) {
		struct blk_dev *d = &list->devs[i];
		if (strcmp(d->name, name) == 0) {
			*part = -1;
			return d;
		}
		for (j = 0; j < d->nparts; j++) {
			if (strcmp(d->parts[j].name, name) == 0) {
				*part = (long)j;
				return d;
			}
		}
	}
	return NULL;
}

void dev_decide(struct blk_dev *disk)
{
	struct dev_facts *pf = NULL;
	struct disk_facts df;
	size_t i;

	if (disk->nparts && !(pf = calloc(disk->nparts, sizeof(*pf)))) {
		/* Out of memory: decide on the disk's own facts, flagged. */
		disk->facts.probed = false;
		disk->facts.probe_errno = ENOMEM;
	}
	for (i = 0; pf && i < disk->nparts; i++)
		pf[i] = disk->parts[i].facts;
	df.disk = disk->facts;
	df.parts = pf;
	df.nparts = pf ? disk->nparts : 0;
	dev_verdict(&df, &disk->verdict);
	for (i = 0; i < df.nparts; i++)
		part_verdict(&df, i, &disk->parts[i].verdict);
	free(pf);
}

/* FNV-1a over the bytes: equal lists give equal values, and a change of
 * one name or size changes it. */
static unsigned long long fnv1a(unsigned long long h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

int dev_list_signature(unsigned long long *sig)
{
	char buf[4096], full[4096];
	unsigned long long h = 0xcbf29ce484222325ull;
	FILE *f = sysroot_fopen("/proc/partitions", "re");
	if (f) {
		size_t n;
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			h = fnv1a(h, buf, n);
		fclose(f);
		*sig = h;
		return 0;
	}
	if (!sysroot_path(full, sizeof(full), "/sys/block"))
		return -1;
	DIR *dir = opendir(full);
	if (!dir)
		return -1;
	/* readdir's order is stable while the directory does not change. */
	for (struct dirent *de; (de = readdir(dir)) != NULL;)
		h = fnv1a(h, de->d_name, strlen(de->d_name) + 1);
	closedir(dir);
	*sig = h;
	return 0;
}
