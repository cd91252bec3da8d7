/* SPDX-License-Identifier: GPL-2.0-or-later */
/* target.c - from a job's filename/directory to open, checked files. */
#include "config.h"
#include "target.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "collect/diskstat.h"
#include "collect/gate.h"
#include "i18n.h"
#include "options.h"
#include "sysroot.h"
#include "util/status.h"

void target_resolve(const char *name, char *path, size_t len, enum target_kind *kind)
{
	struct stat st;
	*kind = TARGET_NONE;
	snprintf(path, len, "%s", name);
	if (!strchr(name, '/') && lstat(name, &st) != 0) {
		char dev[PATH_MAX];
		snprintf(dev, sizeof(dev), "/dev/%s", name);
		if (stat(dev, &st) == 0 && S_ISBLK(st.st_mode)) {
			snprintf(path, len, "%s", dev);
			*kind = TARGET_BLOCK;
			return;
		}
	}
	if (stat(path, &st) != 0)
		return;
	if (S_ISBLK(st.st_mode))
		*kind = TARGET_BLOCK;
	else if (S_ISREG(st.st_mode))
		*kind = TARGET_FILE;
	else if (S_ISDIR(st.st_mode))
		*kind = TARGET_DIR;
	else
		*kind = TARGET_OTHER;
}

/* snprintf's result: 0 if the path fit, else -1 with err set. */
static int path_fits(int n, size_t len, const char *what, char *err, size_t errlen)
{
	if (n >= 0 && (size_t)n < len)
		return 0;
	snprintf(err, errlen, _("%s: path too long"), what);
	return -1;
}

/* The next name of a fio list "a:b:c" from *pp ("\:" stays a colon in a
 * name; empty names are skipped); false at the end. */
static bool list_next(const char **pp, const char *list, char *out, size_t len)
{
	const char *p = *pp;
	for (;;) {
		size_t o = 0;
		if (!*p)
			return false;
		for (; *p && !(*p == ':' && (p == list || p[-1] != '\\')); p++)
			if (o + 1 < len && !(*p == '\\' && p[1] == ':'))
				out[o++] = *p;
		out[o] = '\0';
		if (*p)
			p++;
		*pp = p;
		if (o)
			return true;
	}
}

/* The n-th name of a list, wrapping around (fio's directory= per clone). */
static bool list_item(const char *list, unsigned n, char *out, size_t len)
{
	const char *p = list;
	unsigned count = 0;
	while (list_next(&p, list, out, len))
		count++;
	if (!count)
		return false;
	p = list;
	for (unsigned i = 0; i <= n % count; i++)
		list_next(&p, list, out, len);
	return true;
}

/* fio's filename_format: $jobname, $jobnum, $filenum and $clientuid
 * (empty: blktop has no client), in any case, anywhere in the format. */
static void format_name(const char *fmt, const struct job_spec *job, unsigned clone,
			unsigned filenum, char *out, size_t len)
{
	static const char *const words[] = { "$jobname", "$jobnum", "$filenum", "$clientuid" };
	size_t o = 0;

	if (!fmt[0]) {
		snprintf(out, len, "%s.%u.%u", job->name, clone, filenum);
		return;
	}
	out[0] = '\0';
	for (const char *p = fmt; *p && o + 1 < len;) {
		size_t w;
		for (w = 0; w < 4; w++)
			if (!strncasecmp(p, words[w], strlen(words[w])))
				break;
		if (w == 4) {
			out[o++] = *p++;
			out[o] = '\0';
			continue;
		}
		char v[80] = "";
		if (w == 0)
			snprintf(v, sizeof(v), "%s", job->name);
		else if (w == 1)
			snprintf(v, sizeof(v), "%u", clone);
		else if (w == 2)
			snprintf(v, sizeof(v), "%u", filenum);
		o += (size_t)snprintf(out + o, len - o, "%s", v);
		if (o >= len)
			o = len - 1;
		p += strlen(words[w]);
	}
}

/* A size in filesize's range for file i of a clone, in whole blocks, the
 * same on every run (fio draws it from its own generator, so the sizes
 * are fio's kind, not fio's numbers). */
static uint64_t range_size(const struct job_spec *job, unsigned clone, unsigned i)
{
	uint64_t span = job->filesize_high - job->filesize_low;
	uint64_t x = 0x9e3779b97f4a7c15ULL * (clone * 131u + i + 1) ^ job->randseed;
	for (const char *c = job->name; *c; c++)
		x = (x ^ (unsigned char)*c) * 0x100000001b3ULL;
	x ^= x >> 29;
	uint64_t v = job->filesize_low + (span ? x % (span + 1) : 0);
	return v - v % job->bs;
}

static int add_file(struct target *t, const char *dir, const char *name, char *err,
		    size_t errlen)
{
	memset(t, 0, sizeof(*t));
	t->fd = -1;
	int n = dir ? snprintf(t->path, sizeof(t->path), "%s/%s", dir, name)
		    : snprintf(t->path, sizeof(t->path), "%s", name);
	return path_fits(n, sizeof(t->path), name, err, errlen);
}

/* What a path names, with fio's rules: a new path is a file to make, if
 * its directory exists and it is not under /dev. */
static int classify(struct target *t, const struct job_spec *job, char *err, size_t errlen)
{
	struct stat st;
	if (stat(t->path, &st) == 0) {
		if (S_ISBLK(st.st_mode))
			t->kind = TARGET_BLOCK;
		else if (S_ISREG(st.st_mode))
			t->kind = TARGET_FILE;
		else {
			snprintf(err, errlen, _("%s: not a block device or regular file"), t->path);
			return -1;
		}
		return 0;
	}
	/* A missing device node is a typo or a device that went away, never
	 * a file to make under /dev. */
	if (!strncmp(t->path, "/dev/", 5) && strncmp(t->path, "/dev/shm/", 9)) {
		snprintf(err, errlen, _("%s: no such device"), t->path);
		return -1;
	}
	if (!job->allow_file_create) {
		snprintf(err, errlen, _("%s: no such file, and allow_file_create=0"), t->path);
		return -1;
	}
	char dir[PATH_MAX];
	snprintf(dir, sizeof(dir), "%s", t->path);
	char *slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		if (stat(dir[0] ? dir : "/", &st) || !S_ISDIR(st.st_mode)) {
			snprintf(err, errlen, _("%s: no such file or directory"), t->path);
			return -1;
		}
	}
	t->kind = TARGET_FILE;
	return 0;
}

int target_files_for(const struct job_spec *job, unsigned clone, struct target *out,
		     unsigned max, char *err, size_t errlen)
{
	unsigned n = 0;
	char dirbuf[PATH_MAX], name[PATH_MAX];
	const char *dir = NULL;

	if (job->directory[0]) {
		if (!list_item(job->directory, clone, dirbuf, sizeof(dirbuf))) {
			snprintf(err, errlen, _("directory: empty"));
			return -1;
		}
		dir = dirbuf;
	}
	if (!job->filename[0]) {
		/* fio's files: nrfiles of them, in the directory or here. */
		if (job->nrfiles > max) {
			snprintf(err, errlen, _("nrfiles: more than %u files in one job"), max);
			return -1;
		}
		for (; n < job->nrfiles; n++) {
			format_name(job->filename_format, job, clone, n, name, sizeof(name));
			if (add_file(&out[n], dir, name, err, errlen) ||
			    classify(&out[n], job, err, errlen))
				return -1;
		}
	} else if (job->short_target && !dir && !strchr(job->filename, ':')) {
		/* blktop's --run MODE vdc: the file vdc here, else /dev/vdc. */
		struct target *t = &out[n++];
		memset(t, 0, sizeof(*t));
		t->fd = -1;
		target_resolve(job->filename, t->path, sizeof(t->path), &t->kind);
		if (t->kind == TARGET_OTHER) {
			snprintf(err, errlen, _("%s: not a block device, regular file or directory"),
				 job->filename);
			return -1;
		}
		if (t->kind == TARGET_DIR) {
			char d[PATH_MAX];
			snprintf(d, sizeof(d), "%s", t->path);
			format_name("", job, clone, 0, name, sizeof(name));
			if (add_file(t, d, name, err, errlen))
				return -1;
			t->kind = TARGET_FILE;
		} else if (t->kind == TARGET_NONE && classify(t, job, err, errlen)) {
			return -1;
		}
	} else {
		const char *p = job->filename;
		while (list_next(&p, job->filename, name, sizeof(name))) {
			if (n == max) {
				snprintf(err, errlen, _("filename: more than %u files in one job"), max);
				return -1;
			}
			if (add_file(&out[n], dir, name, err, errlen) ||
			    classify(&out[n], job, err, errlen))
				return -1;
			n++;
		}
	}
	if (n == 0) {
		snprintf(err, errlen, _("filename: empty"));
		return -1;
	}
	/* Each file's size, as fio: filesize, else size shared among the
	 * files (the first ones a block more when it does not divide). */
	for (unsigned i = 0; i < n; i++) {
		if (job->filesize_low)
			out[i].file_size = job->filesize_high > job->filesize_low
						   ? range_size(job, clone, i)
						   : job->filesize_low;
		else if (job->size) {
			uint64_t fs = job->size / n;
			uint64_t extra = (job->size - fs * n) / job->bs;
			out[i].file_size = fs + (i < extra ? job->bs : 0);
		}
	}
	return (int)n;
}

unsigned target_dio_align(const char *path)
{
#ifdef STATX_DIOALIGN
	struct statx stx;
	if (statx(AT_FDCWD, path, 0, STATX_DIOALIGN, &stx) == 0 &&
	    (stx.stx_mask & STATX_DIOALIGN) && stx.stx_dio_offset_align)
		return stx.stx_dio_offset_align;
#else
	(void)path;
#endif
	return 0;
}

/* Writes random data up to size, as fio's "Laying out IO file". */
static int lay_out_file(int fd, uint64_t from, uint64_t size)
{
	enum { CHUNK = 1 << 20 };
	void *buf;
	if (posix_memalign(&buf, 4096, CHUNK))
		return -ENOMEM;
	uint64_t x = 0x9e3779b97f4a7c15ULL ^ size;
	uint64_t *w = buf;
	for (size_t i = 0; i < CHUNK / 8; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		w[i] = x;
	}
	int r = 0;
	uint64_t off = from & ~(uint64_t)(4096 - 1);
	while (off < size) {
		size_t n = size - off < CHUNK ? (size_t)(size - off) : CHUNK;
		w[0] = off; /* no two chunks alike */
		ssize_t got = pwrite(fd, buf, n, (off_t)off);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			r = -errno;
			break;
		}
		off += (uint64_t)got;
	}
	free(buf);
	if (!r && fsync(fd))
		r = -errno;
	return r;
}

/* How a process holds a device: 0 not at all, 1 open, 2 open for writing
 * (fdinfo's flags; the kernel does not keep O_EXCL there). */
static int holds_device(const char *pid, dev_t rdev)
{
	char path[PATH_MAX], info[256];
	struct stat st;
	int how = 0;

	if (!sysroot_path(path, sizeof(path), "/proc/%s/fd", pid))
		return 0;
	DIR *fds = opendir(path);
	if (!fds)
		return 0;
	struct dirent *fe;
	while (how < 2 && (fe = readdir(fds))) {
		if (fe->d_name[0] == '.' || fstatat(dirfd(fds), fe->d_name, &st, 0) ||
		    !S_ISBLK(st.st_mode) || st.st_rdev != rdev)
			continue;
		how = 1;
		unsigned flags = 0;
		snprintf(path, sizeof(path), "/proc/%s/fdinfo/%s", pid, fe->d_name);
		const char *f = sysroot_read(path, info, sizeof(info)) > 0 ? strstr(info, "flags:")
									      : NULL;
		if (f && sscanf(f, "flags: %o", &flags) == 1 && (flags & O_ACCMODE) != O_RDONLY)
			how = 2;
	}
	closedir(fds);
	return how;
}

/* Who has a device open, for a refusal's "in use by whom?": the processes
 * that hold it open for writing (an exclusive writer is one of them), or
 * if none, those that hold it at all; a few of them. */
static void device_openers(const char *devpath, char *buf, size_t len)
{
	char path[PATH_MAX], list[2][256] = { "", "" };
	size_t used[2] = { 0, 0 };
	int found[2] = { 0, 0 };
	struct stat dev;

	buf[0] = '\0';
	if (stat(devpath, &dev) || !S_ISBLK(dev.st_mode) ||
	    !sysroot_path(path, sizeof(path), "/proc"))
		return;
	DIR *proc = opendir(path);
	if (!proc)
		return;
	struct dirent *de;
	while ((de = readdir(proc)) && found[1] < 4) {
		if (!isdigit((unsigned char)de->d_name[0]) || atoi(de->d_name) == (int)getpid())
			continue;
		int how = holds_device(de->d_name, dev.st_rdev);
		if (!how || found[how - 1] >= 4)
			continue;
		/* Not our own probe children (the gate's O_EXCL test). */
		char line[512];
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		const char *rp = sysroot_read(path, line, sizeof(line)) > 0 ? strrchr(line, ')')
									    : NULL;
		int ppid = 0;
		if (rp && sscanf(rp, ") %*c %d", &ppid) == 1 && ppid == (int)getpid())
			continue;
		char comm[64] = "?";
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		if (sysroot_read(path, comm, sizeof(comm)) <= 0)
			snprintf(comm, sizeof(comm), "?");
		int k = how - 1;
		if (used[k] < sizeof(list[k]))
			used[k] += (size_t)snprintf(list[k] + used[k], sizeof(list[k]) - used[k],
						    "%s%s (pid %s)", found[k] ? ", " : "", comm,
						    de->d_name);
		found[k]++;
	}
	closedir(proc);
	if (found[1])
		snprintf(buf, len, _("open for writing by %s"), list[1]);
	else if (found[0])
		snprintf(buf, len, _("open by %s"), list[0]);
}

/* A refusal for a device in use, with who holds it when that is known. */
static void busy_message(const char *devpath, const char *why, char *err, size_t errlen)
{
	char who[600];
	device_openers(devpath, who, sizeof(who));
	if (who[0])
		snprintf(err, errlen, "%s; %s", why, who);
	else
		snprintf(err, errlen, "%s", why);
}

static int open_block(struct target *t, const struct job_spec *job, bool writes, bool force,
		      char *err, size_t errlen)
{
	char why[512];
	if (gate_block_check(t->path, writes, force, why, sizeof(why), &t->verdict,
			     &t->verdict_taken) != GATE_ALLOW) {
		if (t->verdict_taken && t->verdict.verdict == VERDICT_IN_USE)
			busy_message(t->path, why, err, errlen);
		else
			snprintf(err, errlen, "%s", why);
		return BLKTOP_REFUSED;
	}
	int flags = (writes ? O_RDWR | O_EXCL | job->sync_flags : O_RDONLY) | O_CLOEXEC;
	if (job->direct)
		flags |= O_DIRECT;
	t->fd = open(t->path, flags);
	if (t->fd < 0) {
		int e = errno;
		if (e == EBUSY) {
			snprintf(why, sizeof(why),
				 _("%s: refused: in use (another program holds it open exclusively, or it is mounted)"),
				 t->path);
			busy_message(t->path, why, err, errlen);
		}
		else
			snprintf(err, errlen, _("%s: cannot open: %s"), t->path, strerror(e));
		return e == EBUSY ? BLKTOP_REFUSED : BLKTOP_FAILED;
	}
	unsigned long long bytes = 0;
	int lbs = 512;
	if (ioctl(t->fd, BLKGETSIZE64, &bytes) || ioctl(t->fd, BLKSSZGET, &lbs)) {
		snprintf(err, errlen, _("%s: cannot read the device size: %s"), t->path,
			 strerror(errno));
		return BLKTOP_FAILED;
	}
	t->dev_size = bytes;
	t->logical_block = (unsigned)lbs;
	return 0;
}

/* Reserves a new file's space as fallocate= asks (fio's modes); a
 * filesystem that cannot is not an error, as in fio. */
static void reserve(int fd, const struct job_spec *job, uint64_t from, uint64_t to)
{
	if (to <= from)
		return;
	switch (job->fallocate) {
	case FALLOC_NATIVE:
		/* Where the filesystem cannot, as posix (which writes zeros). */
		if (fallocate(fd, 0, (off_t)from, (off_t)(to - from)) == 0)
			break;
		__attribute__((fallthrough));
	case FALLOC_POSIX:
		(void)posix_fallocate(fd, (off_t)from, (off_t)(to - from));
		break;
	case FALLOC_KEEP:
		(void)fallocate(fd, FALLOC_FL_KEEP_SIZE, (off_t)from, (off_t)(to - from));
		break;
	default:
		break;
	}
}

/* fadvise_hint and invalidate, on an open file. */
static void advise(int fd, const struct job_spec *job)
{
	if (job->invalidate)
		(void)posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	int advice = -1;
	switch (job->fadvise_hint) {
	case FADV_BY_PATTERN:
		advice = rw_is_random(job->rw) ? POSIX_FADV_RANDOM : POSIX_FADV_SEQUENTIAL;
		break;
	case FADV_SEQUENTIAL:
		advice = POSIX_FADV_SEQUENTIAL;
		break;
	case FADV_RANDOM:
		advice = POSIX_FADV_RANDOM;
		break;
	case FADV_NORMAL:
		advice = POSIX_FADV_NORMAL;
		break;
	default:
		break;
	}
	if (advice >= 0)
		(void)posix_fadvise(fd, 0, 0, advice);
}

/* fill_device without a size: as fio, the file is written until the
 * filesystem is full (ENOSPC ends the job, engine.c). Its area: what it
 * holds plus the free blocks root may fill, rounded down to 1 MiB. */
static uint64_t fill_room(const char *path, uint64_t have)
{
	char dir[PATH_MAX];
	snprintf(dir, sizeof(dir), "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	struct statvfs sv;
	if (statvfs(slash ? dir : ".", &sv))
		return 0;
	uint64_t room = have + (uint64_t)sv.f_bfree * sv.f_frsize;
	return room & ~((1ULL << 20) - 1);
}

static int open_file(struct target *t, const struct job_spec *job, bool writes, bool force,
		     char *err, size_t errlen)
{
	struct stat st;
	bool exists = stat(t->path, &st) == 0;
	uint64_t want = t->file_size ? t->file_size : job->size;
	bool filling = job->fill_device && !want && writes;
	if (filling)
		want = fill_room(t->path, exists ? (uint64_t)st.st_size : 0);
	uint64_t need;
	/* Past 2^64: the layout fails naming the file, never wraps round. */
	if (__builtin_add_overflow(job->offset, t->clone_offset, &need) ||
	    __builtin_add_overflow(need, want, &need))
		need = UINT64_MAX;

	if (!exists && !want) {
		snprintf(err, errlen, _("%s: the file does not exist; give size= to make it"),
			 t->path);
		return BLKTOP_USAGE;
	}
	uint64_t have = exists ? (uint64_t)st.st_size : 0;
	/* fio's create_on_open makes a new file empty when the job opens it:
	 * a job that reads it fails in fio. Refused here rather than run
	 * differently. */
	if (job->create_on_open && !exists && rw_reads(job->rw)) {
		snprintf(err, errlen,
			 _("create_on_open=1: %s does not exist and the job reads it (fio makes it empty and its reads fail)"),
			 t->path);
		return BLKTOP_USAGE;
	}
	if (job->ioengine == ENGINE_NULL) {
		/* As fio: the null engine moves no data, and makes no file. */
		t->dev_size = need > have ? need : have;
		t->logical_block = 512;
		return 0;
	}
	bool grow = need > have;
	/* unlink= deletes what the job used: only what blktop laid out,
	 * unless --force (the gate's has-data, for a delete). */
	if (job->unlink && exists) {
		char why[512];
		if (gate_file_write(t->path, force, why, sizeof(why)) != GATE_ALLOW) {
			snprintf(err, errlen, _("unlink=1 would delete %s: %s"), t->path, why);
			return BLKTOP_REFUSED;
		}
	}
	/* Every write asks the gate, a file still to be made too: the gate
	 * alone decides what may be written (a new file is safe, unless
	 * BLKTOP_SYSROOT is set). */
	if (writes || grow) {
		char why[512];
		if (gate_file_write(t->path, force, why, sizeof(why)) != GATE_ALLOW) {
			snprintf(err, errlen, "%s", why);
			return BLKTOP_REFUSED;
		}
	}
	int flags = (writes || grow ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC;
	int fd = open(t->path, flags, 0644);
	if (fd < 0) {
		snprintf(err, errlen, _("%s: cannot open: %s"), t->path, strerror(errno));
		return BLKTOP_FAILED;
	}
	if (!exists) {
		gate_mark_file_ours(fd);
		t->made = true;
	}
	t->unlink_after = job->unlink || job->unlink_each_loop;
	if (grow && filling) {
		/* fill_device: as fio, neither reserved nor sized; the
		 * writes grow the file until the filesystem is full. */
		have = need;
	} else if (grow) {
		/* As fio: space reserved as fallocate= says, the size set, and
		 * data written only where it will be read (a write job fills
		 * it itself, unless overwrite=1). */
		reserve(fd, job, have, need);
		int r = ftruncate(fd, (off_t)need) ? -errno : 0;
		if (!r && (rw_reads(job->rw) || job->overwrite))
			r = lay_out_file(fd, have, need);
		if (r < 0) {
			snprintf(err, errlen, _("%s: laying out the file failed: %s"), t->path,
				 strerror(-r));
			close(fd);
			return BLKTOP_FAILED;
		}
		have = need;
		if (!job->create_on_open)
			t->laid_out = need;
	}
	close(fd);
	t->dev_size = have;
	t->logical_block = target_dio_align(t->path);
	if (!t->logical_block)
		t->logical_block = 512;

	flags = (writes ? O_RDWR | job->sync_flags : O_RDONLY) | O_CLOEXEC;
	if (job->direct)
		flags |= O_DIRECT;
	t->fd = open(t->path, flags);
	if (t->fd < 0) {
		int e = errno;
		if (e == EINVAL && job->direct)
			snprintf(err, errlen,
				 _("%s: this filesystem does not support direct I/O (try --direct=0)"),
				 t->path);
		else
			snprintf(err, errlen, _("%s: cannot open: %s"), t->path, strerror(e));
		return e == EINVAL ? 2 : 1;
	}
	advise(t->fd, job);
	return 0;
}

int target_open(struct target *t, const struct job_spec *job, bool force, char *err,
		size_t errlen)
{
	bool writes = rw_modifies(job->rw);
	int r;

	t->writable = writes;
	t->direct = job->direct;
	t->sync_flags = writes ? job->sync_flags : 0;
	if (t->kind == TARGET_BLOCK)
		r = open_block(t, job, writes, force, err, errlen);
	else
		r = open_file(t, job, writes, force, err, errlen);
	if (r)
		return r;
	if (diskstat_name_for_path(t->path, t->disk, sizeof(t->disk)))
		t->disk[0] = '\0';
	return 0;
}

/* pct percent of size, rounded down as fio does, without overflow. */
static uint64_t share_of(uint64_t size, unsigned pct)
{
	return size / 100 * pct + size % 100 * pct / 100;
}

int target_area(const struct target *t, const struct job_spec *job, uint64_t file_size,
		unsigned subjob, uint64_t *start, uint64_t *len_out, char *err, size_t errlen)
{
	char a[32], b[32], c[32];
	uint64_t offset = job->offset;
	unsigned long long bs_min = job_bs_min(job);
	if (!bs_min)
		bs_min = 1; /* the table's minimum is 512: never, but no division by 0 */

	unsigned long long odd = job->direct && t->logical_block
					 ? job_bs_misaligned(job, t->logical_block) : 0;
	if (odd) {
		snprintf(err, errlen,
			 _("bs: %s is not a multiple of %s's logical block size %u (needed with direct=1)"),
			 format_size(odd, a, sizeof(a)), t->path, t->logical_block);
		return BLKTOP_USAGE;
	}
	/* offset=10%, offset_increment=25%: as fio, those shares of the
	 * target, and the sum rounded up to offset_align or the smallest
	 * block. */
	bool align = false;
	if (job->offset_pct) {
		offset = share_of(t->dev_size, job->offset_pct);
		align = true;
	}
	uint64_t inc = job->offset_increment, step;
	if (job->offset_increment_pct) {
		inc = share_of(t->dev_size, job->offset_increment_pct);
		align = true;
	}
	if (__builtin_mul_overflow(inc, (uint64_t)subjob, &step) ||
	    __builtin_add_overflow(offset, step, &offset))
		offset = UINT64_MAX;
	if (align && offset != UINT64_MAX) {
		uint64_t to = job->offset_align ? job->offset_align : bs_min;
		offset = offset / to * to + (offset % to ? to : 0);
	}
	if (job->direct && t->logical_block && offset % t->logical_block) {
		snprintf(err, errlen, _("offset: %llu is not a multiple of the logical block size %u"),
			 (unsigned long long)offset, t->logical_block);
		return BLKTOP_USAGE;
	}
	/* Past the end, as fio 3.33 sets a clone up: with a size the area
	 * stays where offset_increment puts it, and the I/Os that would run
	 * past the end end the pass there (next_io.c), so a clone starting
	 * past it moves nothing and one reaching past it is cut at the end.
	 * Without one fio sizes the area from the offset to the end: at or
	 * past it there is none and that clone fails (exit 1) while the
	 * others run. */
	uint64_t size = file_size ? file_size : job->size;
	if (offset >= t->dev_size && (!size || job->size_pct)) {
		if (offset == t->dev_size)
			snprintf(err, errlen,
				 _("%s: clone %u starts at the end of %s (%s) and no size is given: nothing to do, the clone fails (as in fio)"),
				 job->name, subjob, t->path, format_size(t->dev_size, b, sizeof(b)));
		else
			snprintf(err, errlen,
				 _("%s: clone %u starts at %s, past the end of %s (%s), and no size is given: the clone fails (as in fio)"),
				 job->name, subjob,
				 offset == UINT64_MAX ? "2^64" : format_size(offset, a, sizeof(a)),
				 t->path, format_size(t->dev_size, b, sizeof(b)));
		return TARGET_AREA_FAILS;
	}
	uint64_t len = size ? size : t->dev_size - offset;
	if (job->size_pct) {
		/* size=80%: as fio, that share of the whole target, no more
		 * than lies past the offset, in whole blocks. */
		len = share_of(t->dev_size, job->size_pct);
		if (len > t->dev_size - offset)
			len = t->dev_size - offset;
	}
	if (len < bs_min && (!size || job->size_pct)) {
		/* fio's "blocksize is larger than data set range", for this
		 * clone alone. */
		snprintf(err, errlen,
			 _("%s: clone %u has %s from %s to the end of %s, less than bs %s: the clone fails (as in fio)"),
			 job->name, subjob, format_size(len, a, sizeof(a)),
			 format_size(offset, b, sizeof(b)), t->path,
			 format_size(bs_min, c, sizeof(c)));
		return TARGET_AREA_FAILS;
	}
	if (len < bs_min) {
		snprintf(err, errlen, _("size: %s is smaller than bs %s"),
			 format_size(len, a, sizeof(a)), format_size(bs_min, b, sizeof(b)));
		return BLKTOP_USAGE;
	}
	*start = offset;
	*len_out = len - len % bs_min;
	return 0;
}

void target_close(struct target *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
	/* unlink=: the job's regular files go when it ends (open_file has
	 * asked the gate for those blktop did not make). */
	if (t->unlink_after && t->kind == TARGET_FILE)
		(void)unlink(t->path);
	t->unlink_after = false;
}
