/* SPDX-License-Identifier: GPL-2.0-or-later */
/* target.c - opens a job's files: the write gate, laying out regular
 * files, O_DIRECT (and O_EXCL for writes to devices), and who holds a
 * device that is in use. Which files a job names is target_files.c's;
 * the area a clone works on in them, target_area.c's. */
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
#include "util/str.h"

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

/* Writes random data up to size, as fio's "Laying out IO file". 0, or
 * -errno with *func the call that failed (fio's func= for it). */
static int lay_out_file(int fd, uint64_t from, uint64_t size, const char **func)
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
		if (got <= 0) {
			if (got < 0 && errno == EINTR)
				continue;
			/* A write that moves nothing is fio's EIO. */
			r = got < 0 ? -errno : -EIO;
			*func = "write";
			break;
		}
		off += (uint64_t)got;
	}
	free(buf);
	if (!r && fsync(fd)) {
		r = -errno;
		*func = "fsync";
	}
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
	/* As fio opens what is not a regular file: without access-time
	 * updates (each read would otherwise stamp the device node's atime,
	 * a few percent of a small read's CPU time), and without O_NOATIME
	 * where the kernel refuses it (a device we do not own, no
	 * CAP_FOWNER). */
	int flags = (writes ? O_RDWR | O_EXCL | job->sync_flags : O_RDONLY) | O_CLOEXEC |
		    O_NOATIME;
	if (job->direct)
		flags |= O_DIRECT;
	t->fd = open(t->path, flags);
	if (t->fd < 0 && errno == EPERM)
		t->fd = open(t->path, flags & ~O_NOATIME);
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

/* Reserves a new file's space as fallocate= asks, with fio's meanings: a
 * filesystem that cannot is not an error (native tries fallocate and
 * nothing else; posix says so on stderr in fio's words, a line scripts
 * match and so not translated), except for keep, whose errno is returned:
 * fio makes it the job's error. */
static int reserve(int fd, const struct job_spec *job, uint64_t from, uint64_t to)
{
	if (to <= from)
		return 0;
	switch (job->fallocate) {
	case FALLOC_NATIVE:
		(void)fallocate(fd, 0, (off_t)from, (off_t)(to - from));
		break;
	case FALLOC_POSIX: {
		int r = posix_fallocate(fd, (off_t)from, (off_t)(to - from));
		if (r > 0) {
			fprintf(stderr, "fio: posix_fallocate fails: %s\n", str_c_strerror(r));
			fflush(stderr);
		}
		break;
	}
	case FALLOC_KEEP:
		if (fallocate(fd, FALLOC_FL_KEEP_SIZE, (off_t)from, (off_t)(to - from)))
			return errno;
		break;
	default:
		break;
	}
	return 0;
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
	if (!exists && !job->allow_file_create) {
		/* fio's refusal to make it, which fails the job alone. */
		snprintf(err, errlen, _("%s: no such file, and allow_file_create=0: the job fails (as in fio)"),
			 t->path);
		return TARGET_AREA_FAILS;
	}
	uint64_t have = exists ? (uint64_t)st.st_size : 0;
	if (job->ioengine == ENGINE_NULL) {
		/* As fio: the null engine moves no data, and makes no file. */
		t->dev_size = need > have ? need : have;
		t->logical_block = 512;
		return 0;
	}
	bool grow = need > have;
	/* fio's create_on_open: the job's open makes a missing file (empty),
	 * and a file shorter than the job's area is neither laid out, sized
	 * nor reserved; fio takes the area's end as its size all the same,
	 * and its reads past the data come back short (engine/resid.c). */
	bool lay = grow && !job->create_on_open;
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
	if (writes || lay || !exists) {
		char why[512];
		if (gate_file_write(t->path, force, why, sizeof(why)) != GATE_ALLOW) {
			snprintf(err, errlen, "%s", why);
			return BLKTOP_REFUSED;
		}
	}
	/* As fio: a file too short for the job is laid out anew, under a
	 * new inode (the old one's links, owner and mode are left to it);
	 * the gate above has let it be written. */
	bool relaid = false;
	if (exists && lay) {
		if (unlink(t->path) && errno != ENOENT) {
			snprintf(err, errlen, _("%s: cannot remove it to lay it out anew: %s"),
				 t->path, strerror(errno));
			return BLKTOP_FAILED;
		}
		relaid = true;
		have = 0;
	}
	int flags = (writes || lay || !exists ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC;
	int fd = open(t->path, flags, 0644);
	if (fd < 0 && !exists) {
		/* fio fails the job alone when it cannot make a file (say
		 * in a directory its setup did not make): func=open. */
		t->setup_errno = errno;
		t->setup_func = "open";
		snprintf(err, errlen, _("%s: cannot make the file: %s"), t->path,
			 strerror(errno));
		return TARGET_AREA_FAILS;
	}
	if (fd < 0) {
		snprintf(err, errlen, _("%s: cannot open: %s"), t->path, strerror(errno));
		return BLKTOP_FAILED;
	}
	if (!exists) {
		gate_mark_file_ours(fd);
		t->made = true;
	} else if (relaid) {
		/* Every byte of it is blktop's layout or the job's now. */
		gate_mark_file_ours(fd);
	}
	t->unlink_after = job->unlink || job->unlink_each_loop;
	if (grow && (!lay || filling)) {
		/* create_on_open, and fill_device: as fio, neither reserved
		 * nor sized (the writes grow the file, until the filesystem
		 * is full with fill_device); fio's size for it all the same. */
		have = need;
	} else if (grow) {
		/* As fio: space reserved as fallocate= says, and data
		 * written only where it will be read (a write job fills it
		 * itself, unless overwrite=1). fio sets the size only for
		 * such a layout (or with fallocate=truncate): a write or trim
		 * job's file is as long as fallocate= makes it (none and keep:
		 * empty) and grows with the writes, so a write that meets a
		 * full filesystem past the end comes back short, as fio's. */
		bool layout = rw_reads(job->rw) || job->overwrite;
		t->alloc_errno = reserve(fd, job, have, need);
		const char *func = "ftruncate";
		int r = (layout || job->fallocate == FALLOC_TRUNCATE) && ftruncate(fd, (off_t)need)
				? -errno
				: 0;
		if (!r && layout)
			r = lay_out_file(fd, have, need, &func);
		if (r < 0) {
			/* As fio: the layout is the clone's setup, which fails
			 * alone (the file stays as far as it got). */
			t->setup_errno = -r;
			t->setup_func = func;
			t->laid_out = need;
			snprintf(err, errlen, _("%s: laying out the file failed: %s"), t->path,
				 strerror(-r));
			close(fd);
			return TARGET_AREA_FAILS;
		}
		have = need;
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

int target_make_dirs(const char *path, bool force, char *err, size_t errlen)
{
	char buf[PATH_MAX], probe[PATH_MAX];
	struct stat st;
	size_t from = 0;
	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
		return 0;
	/* From the longest leading part that exists (fio's walk: a name
	 * under a regular file finds none, and its mkdir says why). */
	snprintf(probe, sizeof(probe), "%s", path);
	for (char *s; (s = strrchr(probe, '/'));) {
		s[1] = '\0';
		if (!stat(probe, &st)) {
			from = (size_t)(s - probe);
			break;
		}
		*s = '\0';
	}
	bool asked = false;
	for (char *e = buf + from; (e = strchr(e, '/')); e++) {
		if (e == buf)
			continue;
		*e = '\0';
		/* Making a directory writes to a filesystem: the gate is asked
		 * once, before the first (it refuses only under a test tree). */
		if (!asked && stat(buf, &st)) {
			char why[512];
			asked = true;
			if (gate_file_write(path, force, why, sizeof(why)) != GATE_ALLOW) {
				snprintf(err, errlen, "%s", why);
				return BLKTOP_REFUSED;
			}
		}
		if (mkdir(buf, 0700) && errno != EEXIST) {
			snprintf(err, errlen, _("cannot make the directory %s for %s: %s (fio: \"failed to create dir\"): the job fails"),
				 buf, path, strerror(errno));
			return TARGET_AREA_FAILS;
		}
		*e = '/';
	}
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
