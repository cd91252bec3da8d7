/* SPDX-License-Identifier: GPL-2.0-or-later */
/* target.c - from a job's filename/directory to open, checked files. */
#include "config.h"
#include "target.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
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
	if (!strchr(name, '/')) {
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

int target_files_for(const struct job_spec *job, unsigned clone, struct target *out,
		     unsigned max, char *err, size_t errlen)
{
	unsigned n = 0;
	char list[PATH_MAX];
	snprintf(list, sizeof(list), "%s", job->filename);

	if (!list[0]) {
		/* fio's naming for files it makes in a directory (the current one
		 * when a job file names neither filename nor directory). */
		const char *dir = job->directory[0] ? job->directory : ".";
		memset(&out[0], 0, sizeof(out[0]));
		if (path_fits(snprintf(out[0].path, sizeof(out[0].path), "%s/%s.%u.0",
				       dir, job->name, clone),
			      sizeof(out[0].path), job->directory, err, errlen))
			return -1;
		out[0].kind = TARGET_FILE;
		out[0].fd = -1;
		return 1;
	}
	char *save = NULL;
	for (char *tok = strtok_r(list, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		if (n == max) {
			snprintf(err, errlen, _("filename: more than %u files in one job"), max);
			return -1;
		}
		struct target *t = &out[n];
		memset(t, 0, sizeof(*t));
		t->fd = -1;
		if (job->directory[0]) {
			if (path_fits(snprintf(t->path, sizeof(t->path), "%s/%s", job->directory, tok),
				      sizeof(t->path), tok, err, errlen))
				return -1;
			t->kind = TARGET_FILE;
			enum target_kind k;
			char p[PATH_MAX];
			target_resolve(t->path, p, sizeof(p), &k);
			if (k == TARGET_BLOCK)
				t->kind = TARGET_BLOCK;
		} else {
			target_resolve(tok, t->path, sizeof(t->path), &t->kind);
			if (t->kind == TARGET_OTHER) {
				snprintf(err, errlen,
					 _("%s: not a block device, regular file or directory"), tok);
				return -1;
			}
			if (t->kind == TARGET_DIR) {
				char dir[PATH_MAX];
				snprintf(dir, sizeof(dir), "%s", t->path);
				if (path_fits(snprintf(t->path, sizeof(t->path), "%s/%s.%u.0", dir,
						       job->name, clone),
					      sizeof(t->path), dir, err, errlen))
					return -1;
				t->kind = TARGET_FILE;
			} else if (t->kind == TARGET_NONE) {
				/* A path that does not exist yet is a file to make, if
				 * its directory exists. */
				char dir[PATH_MAX];
				snprintf(dir, sizeof(dir), "%s", t->path);
				char *slash = strrchr(dir, '/');
				struct stat st;
				/* A missing device node is a typo or a device that went
				 * away, never a file to make under /dev. */
				if (!strncmp(t->path, "/dev/", 5) &&
				    strncmp(t->path, "/dev/shm/", 9)) {
					snprintf(err, errlen, _("%s: no such device"), tok);
					return -1;
				}
				if (!slash) {
					snprintf(err, errlen,
						 _("%s: no such device or file (a new file needs a path such as ./%s)"),
						 tok, tok);
					return -1;
				}
				*slash = '\0';
				if (stat(dir[0] ? dir : "/", &st) || !S_ISDIR(st.st_mode)) {
					snprintf(err, errlen, _("%s: no such file or directory"), tok);
					return -1;
				}
				t->kind = TARGET_FILE;
			}
		}
		n++;
	}
	if (n == 0) {
		snprintf(err, errlen, _("filename: empty"));
		return -1;
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

static int open_file(struct target *t, const struct job_spec *job, bool writes, bool force,
		     char *err, size_t errlen)
{
	struct stat st;
	bool exists = stat(t->path, &st) == 0;
	uint64_t need = job->offset + (job->size ? job->size : 0);

	if (!exists && !job->size) {
		snprintf(err, errlen, _("%s: the file does not exist; give size= to make it"),
			 t->path);
		return BLKTOP_USAGE;
	}
	uint64_t have = exists ? (uint64_t)st.st_size : 0;
	bool grow = need > have;
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
	if (!exists)
		gate_mark_file_ours(fd);
	if (grow) {
		int r = lay_out_file(fd, have, need);
		if (r < 0) {
			snprintf(err, errlen, _("%s: laying out the file failed: %s"), t->path,
				 strerror(-r));
			close(fd);
			return BLKTOP_FAILED;
		}
		have = need;
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
	return 0;
}

int target_open(struct target *t, const struct job_spec *job, bool force, char *err,
		size_t errlen)
{
	bool writes = rw_writes(job->rw);
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

int target_area(const struct target *t, const struct job_spec *job, uint64_t *start,
		uint64_t *len_out, char *err, size_t errlen)
{
	char a[32], b[32], c[32];
	uint64_t offset = job->offset;

	if (job->direct && t->logical_block && job->bs % t->logical_block) {
		snprintf(err, errlen,
			 _("bs: %s is not a multiple of %s's logical block size %u (needed with direct=1)"),
			 format_size(job->bs, a, sizeof(a)), t->path, t->logical_block);
		return BLKTOP_USAGE;
	}
	/* offset=10%: as fio, that share of the target, rounded up to a
	 * whole block. */
	if (job->offset_pct) {
		offset = t->dev_size / 100 * job->offset_pct + t->dev_size % 100 * job->offset_pct / 100;
		offset = (offset + job->bs - 1) / job->bs * job->bs;
	}
	if (job->direct && t->logical_block && offset % t->logical_block) {
		snprintf(err, errlen, _("offset: %llu is not a multiple of the logical block size %u"),
			 (unsigned long long)offset, t->logical_block);
		return BLKTOP_USAGE;
	}
	if (offset >= t->dev_size) {
		snprintf(err, errlen, _("offset: %s is beyond the end of %s (%s)"),
			 format_size(offset, a, sizeof(a)), t->path,
			 format_size(t->dev_size, b, sizeof(b)));
		return BLKTOP_USAGE;
	}
	uint64_t len = job->size ? job->size : t->dev_size - offset;
	if (job->size_pct) {
		/* size=80%: as fio, that share of the whole target, no more
		 * than lies past the offset, in whole blocks. */
		len = t->dev_size / 100 * job->size_pct + t->dev_size % 100 * job->size_pct / 100;
		if (len > t->dev_size - offset)
			len = t->dev_size - offset;
	}
	if (offset + len > t->dev_size) {
		snprintf(err, errlen, _("size: %s at offset %s is larger than %s (%s)"),
			 format_size(len, a, sizeof(a)), format_size(offset, b, sizeof(b)),
			 t->path, format_size(t->dev_size, c, sizeof(c)));
		return BLKTOP_USAGE;
	}
	if (len < job->bs) {
		snprintf(err, errlen, _("size: %s is smaller than bs %s"),
			 format_size(len, a, sizeof(a)), format_size(job->bs, b, sizeof(b)));
		return BLKTOP_USAGE;
	}
	*start = offset;
	*len_out = len - len % job->bs;
	return 0;
}

void target_close(struct target *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}
