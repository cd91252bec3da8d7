/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe.c - gathering the facts of the safety verdict.
 *
 * Two kinds of facts. Those the kernel keeps in memory (mount table, swap
 * list, holders, loop backing files, ro flags) are read in this process:
 * reading them cannot hang. Those that need the device itself (libblkid
 * signatures, the O_EXCL test) are read by one child process per device,
 * a few at a time, each with a deadline: a read from a dead SAN path or a
 * suspended dm device sleeps uninterruptibly, and only a separate process
 * can be abandoned in that state. The child sends one fixed-size record
 * down a pipe (smaller than PIPE_BUF, so writes never interleave).
 */
#include "config.h"
#include "collect/probe.h"

#include <blkid.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#ifdef HAVE_LIBMOUNT
#include <libmount.h>
#endif
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "sysroot.h"
#include "util/clock.h"
#include "util/str.h"

#define PROBE_PARALLEL 16

/* ---- What the kernel knows: mounts, swap, holders, loop backing files ---- */

/* One user of a device or a file, from the kernel's tables. */
struct user {
	enum { USER_MOUNT, USER_SWAP, USER_LOOP } kind;
	dev_t devno;               /* the device it uses (0: a file) */
	dev_t file_dev;            /* the file it uses (swap files, loops) */
	ino_t file_ino;
	bool swap_partition;       /* /proc/swaps says "partition" */
	char what[FACT_MOUNT_LEN]; /* mount point, loop name, swap path */
};

struct users {
	struct user *v;
	size_t n, cap;
	bool mounts_failed;
	bool files;                /* also stat() paths outside /dev */
};

static struct user *add_user(struct users *u, int kind, const char *what)
{
	if (u->n == u->cap) {
		size_t ncap = u->cap ? u->cap * 2 : 32;
		struct user *nv = realloc(u->v, ncap * sizeof(*nv));
		if (!nv)
			return NULL;
		u->v = nv;
		u->cap = ncap;
	}
	struct user *e = &u->v[u->n++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	str_copy(e->what, sizeof(e->what), what);
	return e;
}

/* Where a path (a swap or loop backing file, a mount source) leads,
 * under the root prefix: its device number if it is a device node, else
 * the file's identity. Block device verdicts need only nodes in /dev; a
 * path elsewhere may sit on a hung NFS share, where stat() never returns,
 * so it is looked at only for a file target (u->files). */
static void locate(const struct users *u, struct user *e, const char *path)
{
	char full[4096];
	struct stat st;

	if (!u->files && strncmp(path, "/dev/", 5) != 0)
		return;
	if (!sysroot_path(full, sizeof(full), "%s", path) || stat(full, &st) != 0)
		return;
	if (S_ISBLK(st.st_mode)) {
		e->devno = st.st_rdev;
	} else {
		e->file_dev = st.st_dev;
		e->file_ino = st.st_ino;
	}
}

/* The mount table of our namespace, each mount by device number: a mount
 * through a symlink or another node of the same device has the same one.
 * Filesystems with anonymous numbers (btrfs) are matched by their
 * source's st_rdev instead. */
#ifdef HAVE_LIBMOUNT
static void load_mounts(struct users *u)
{
	struct libmnt_table *tb = mnt_new_table();
	struct libmnt_iter *it = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	struct user *e;
	char path[4096];

	if (!tb || !it || !sysroot_path(path, sizeof(path), "/proc/self/mountinfo") ||
	    mnt_table_parse_file(tb, path) != 0) {
		u->mounts_failed = true;
		goto out;
	}
	while (mnt_table_next_fs(tb, it, &fs) == 0) {
		const char *src = mnt_fs_get_srcpath(fs), *target = mnt_fs_get_target(fs);
		dev_t devno = mnt_fs_get_devno(fs);

		if (major(devno) == 0 && (!src || src[0] != '/'))
			continue;
		if (!(e = add_user(u, USER_MOUNT, target ? target : "?")))
			break;
		e->devno = devno;
		if (major(devno) == 0) {
			e->devno = 0;
			locate(u, e, src);
		}
	}
out:
	mnt_free_iter(it);
	mnt_unref_table(tb);
}
#else
static void unescape_octal(char *s);

/* The same without libmount (the static build, which cannot have it): a
 * mountinfo line is "ID PARENT MAJ:MIN ROOT TARGET OPTIONS [TAGS...] -
 * FSTYPE SOURCE SUPER-OPTIONS", with blanks in names escaped as octal. */
static void load_mounts(struct users *u)
{
	char path[4096], *line = NULL;
	size_t cap = 0;
	FILE *f;

	if (!sysroot_path(path, sizeof(path), "/proc/self/mountinfo") || !(f = fopen(path, "re"))) {
		u->mounts_failed = true;
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		char *save = NULL, *tok[5], *src = NULL;
		unsigned int ma, mi;
		int n = 0;
		for (char *t = strtok_r(line, " \n", &save); t && n < 5; t = strtok_r(NULL, " \n", &save))
			tok[n++] = t;
		if (n < 5 || sscanf(tok[2], "%u:%u", &ma, &mi) != 2)
			continue;
		/* The optional tags end at "-"; the source follows the type. */
		for (char *t = strtok_r(NULL, " \n", &save); t; t = strtok_r(NULL, " \n", &save))
			if (!strcmp(t, "-")) {
				if (strtok_r(NULL, " \n", &save))
					src = strtok_r(NULL, " \n", &save);
				break;
			}
		if (src)
			unescape_octal(src);
		unescape_octal(tok[4]);
		struct user *e;
		if (ma == 0 && (!src || src[0] != '/'))
			continue;
		if (!(e = add_user(u, USER_MOUNT, tok[4])))
			break;
		e->devno = makedev(ma, mi);
		if (ma == 0) {
			e->devno = 0;
			locate(u, e, src);
		}
	}
	free(line);
	fclose(f);
}
#endif

/* /proc/swaps escapes blanks in names as octal (\040). */
static void unescape_octal(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*w++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
}

static void load_swaps(struct users *u)
{
	FILE *f = sysroot_fopen("/proc/swaps", "re");
	char *line = NULL;
	size_t linecap = 0;
	bool header = true;
	struct user *e;

	if (!f)
		return;
	while (getline(&line, &linecap, f) > 0) {
		size_t end = strcspn(line, " \t\n");
		const char *type = line + end + strspn(line + end, " \t");
		bool partition = strncmp(type, "partition", 9) == 0;

		line[end] = '\0';
		if (header || !line[0]) {
			header = false;
			continue;
		}
		unescape_octal(line);
		if (!(e = add_user(u, USER_SWAP, line)))
			break;
		e->swap_partition = partition;
		locate(u, e, line);
	}
	free(line);
	fclose(f);
}

/* Every attached loop device and what backs it: a loop device does not
 * register as a holder of the device or file behind it. */
static void load_loops(struct users *u)
{
	char path[4096], backing[4096], rel[512];
	struct dirent *de;
	struct user *e;
	DIR *dir;

	if (!sysroot_path(path, sizeof(path), "/sys/block") || !(dir = opendir(path)))
		return;
	while ((de = readdir(dir)) != NULL) {
		snprintf(rel, sizeof(rel), "/sys/block/%.64s/loop/backing_file", de->d_name);
		if (strncmp(de->d_name, "loop", 4) != 0 ||
		    sysroot_read(rel, backing, sizeof(backing)) <= 0)
			continue;
		/* A deleted backing file can no longer be named as a target. */
		if (strstr(backing, " (deleted)") || !(e = add_user(u, USER_LOOP, de->d_name)))
			continue;
		locate(u, e, backing);
	}
	closedir(dir);
}

/* The users of every device (and with files, of every file). NULL only
 * when out of memory. */
static struct users *users_load(bool files)
{
	struct users *u = calloc(1, sizeof(*u));

	if (!u)
		return NULL;
	u->files = files;
	load_mounts(u);
	load_swaps(u);
	load_loops(u);
	return u;
}

static void users_free(struct users *u)
{
	if (u)
		free(u->v);
	free(u);
}

static void read_holders(struct dev_facts *f, const char *sysrel)
{
	char path[4096];
	struct dirent *de;
	DIR *dir;

	if (!sysroot_path(path, sizeof(path), "%s/holders", sysrel) || !(dir = opendir(path)))
		return;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (f->nholders < FACT_HOLDERS_MAX)
			str_copy(f->holders[f->nholders], FACT_NAME_MAX, de->d_name);
		f->nholders++;
	}
	closedir(dir);
}

/* Records one user e of the device or file f describes. */
static void add_fact(struct dev_facts *f, const struct user *e)
{
	switch (e->kind) {
	case USER_MOUNT:
		if (f->nmounts < FACT_MOUNTS_MAX)
			str_copy(f->mounts[f->nmounts], FACT_MOUNT_LEN, e->what);
		f->nmounts++;
		break;
	case USER_SWAP:
		f->swap_active = true;
		break;
	case USER_LOOP:
		str_copy(f->loop_backing_of, sizeof(f->loop_backing_of), e->what);
		break;
	}
}

/* Facts of one disk or partition that need no device read. */
static void gather_users(const struct users *u, const struct blk_dev *disk,
			 const struct blk_dev *d, struct dev_facts *f)
{
	dev_t devno = makedev(d->major, d->minor);
	char sysrel[512], node[4096];
	size_t i;

	snprintf(f->name, sizeof(f->name), "%s", d->name);
	f->read_only = d->read_only;
	for (i = 0; u && i < u->n; i++) {
		const struct user *e = &u->v[i];
		const char *base = strrchr(e->what, '/');

		/* A swap partition matches by name when there is no node to
		 * compare with: a fake tree. */
		if (e->devno == devno ||
		    (e->kind == USER_SWAP && e->swap_partition && !e->devno && base &&
		     strcmp(base + 1, d->name) == 0))
			add_fact(f, e);
	}
	if (d == disk)
		snprintf(sysrel, sizeof(sysrel), "/sys/block/%s", d->name);
	else
		snprintf(sysrel, sizeof(sysrel), "/sys/block/%s/%s", disk->name, d->name);
	read_holders(f, sysrel);
	if (sysroot_path(node, sizeof(node), "%s", d->path) && access(node, W_OK) != 0 &&
	    (errno == EACCES || errno == EPERM || errno == EROFS))
		f->write_errno = errno;
}

/* ---- What only the device can tell: the child processes ---- */

struct probe_record {
	uint32_t job;
	int32_t probe_errno;
	uint8_t probed, excl_busy, gpt_backup_only;
	uint32_t nsigs;
	char pttype[FACT_SIG_LEN];
	char sigs[FACT_SIGS_MAX][FACT_SIG_LEN];
};

_Static_assert(sizeof(struct probe_record) < PIPE_BUF, "probe records must write atomically");

struct probe_job {
	char node[4096];           /* the device node, root prefix included */
	unsigned sector;           /* logical block size, for the backup GPT */
	struct dev_facts *facts;
	pid_t pid;
	uint64_t deadline_ms;
	bool running;
};

/* A zeroed or overwritten start of disk can leave the backup GPT header in
 * the last sector; gdisk and some firmware restore the table from it. */
static bool backup_gpt_at_end(int fd, unsigned sector)
{
	unsigned sizes[2] = { sector ? sector : 512, 4096 };
	char sig[8];
	struct stat st;
	off_t end;
	int i;

	if (fstat(fd, &st) != 0)
		return false;
	end = S_ISREG(st.st_mode) ? st.st_size : lseek(fd, 0, SEEK_END);
	for (i = 0; i < 2; i++) {
		if (end < (off_t)sizes[i] * 2)
			continue;
		if (pread(fd, sig, sizeof(sig), end - sizes[i]) == (ssize_t)sizeof(sig) &&
		    memcmp(sig, "EFI PART", 8) == 0)
			return true;
	}
	return false;
}

/* Every signature libblkid knows, as wipefs enumerates them: filesystems,
 * swap, RAID and LVM members (superblocks chain, damaged checksums too)
 * and partition tables (FORCE_GPT: a GPT without its protective MBR). */
static void probe_signatures(int fd, unsigned sector, struct probe_record *rec)
{
	blkid_probe pr;
	const char *val;
	int rc;

	errno = 0;
	pr = blkid_new_probe();
	if (!pr || blkid_probe_set_device(pr, fd, 0, 0) != 0) {
		rec->probe_errno = errno ? errno : EIO;
		goto out;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_MAGIC |
					      BLKID_SUBLKS_BADCSUM);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_MAGIC | BLKID_PARTS_FORCE_GPT);
	while ((rc = blkid_do_probe(pr)) == 0) {
		if (blkid_probe_lookup_value(pr, "TYPE", &val, NULL) == 0) {
			if (rec->nsigs < FACT_SIGS_MAX)
				str_copy(rec->sigs[rec->nsigs], FACT_SIG_LEN, val);
			rec->nsigs++;
		} else if (blkid_probe_lookup_value(pr, "PTTYPE", &val, NULL) == 0 &&
			   !rec->pttype[0]) {
			str_copy(rec->pttype, sizeof(rec->pttype), val);
			const char *off;
			/* Found through the header at the end: the primary is gone. */
			if (strcmp(val, "gpt") == 0 &&
			    blkid_probe_lookup_value(pr, "PTMAGIC_OFFSET", &off, NULL) == 0 &&
			    strtoull(off, NULL, 10) > 2ULL * 4096)
				rec->gpt_backup_only = true;
		}
	}
	if (rc < 0) {
		rec->probe_errno = errno ? errno : EIO;
		goto out;
	}
	if (!rec->pttype[0] && backup_gpt_at_end(fd, sector)) {
		str_copy(rec->pttype, sizeof(rec->pttype), "gpt");
		rec->gpt_backup_only = true;
	}
	rec->probed = 1;
out:
	blkid_free_probe(pr);
}

static void probe_child(int wfd, uint32_t index, const char *node, unsigned sector)
{
	struct probe_record rec;
	int fd;

	memset(&rec, 0, sizeof(rec));
	rec.job = index;
	/* O_NONBLOCK: a removable drive without media answers at once.
	 * O_NOATIME: looking leaves the node's access time alone (as the
	 * job's own open does), unless the kernel refuses it (EPERM). */
	fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOATIME);
	if (fd < 0 && errno == EPERM)
		fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		rec.probe_errno = errno;
	} else {
		probe_signatures(fd, sector, &rec);
		close(fd);
	}
	/* O_EXCL on a block device claims it as mount and md do; EBUSY means
	 * somebody holds it that way, even in another mount namespace. */
	fd = open(node, O_RDONLY | O_EXCL | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0)
		close(fd);
	else if (errno == EBUSY)
		rec.excl_busy = 1;
	if (write(wfd, &rec, sizeof(rec)) != (ssize_t)sizeof(rec))
		_exit(1);
	_exit(0);
}

static void *reap_thread(void *arg)
{
	pid_t pid = (pid_t)(intptr_t)arg;

	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	return NULL;
}

/* A killed child stuck in an uninterruptible read exits only when the
 * read ends; wait for it on a detached thread so it leaves no zombie and
 * never blocks us. */
static void reap_later(pid_t pid)
{
	pthread_attr_t attr;
	pthread_t t;

	if (waitpid(pid, NULL, WNOHANG) != 0)
		return;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_create(&t, &attr, reap_thread, (void *)(intptr_t)pid);
	pthread_attr_destroy(&attr);
}

static bool spawn_job(struct probe_job *j, uint32_t index, int wfd, unsigned timeout_ms)
{
	sigset_t all, old;

	/* The child must not run our handlers (terminal restore, scratch
	 * cleanup) nor keep our descriptors (an O_EXCL claim, the scratch
	 * loop device whose last close detaches it, our output). */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	j->pid = fork();
	if (j->pid == 0) {
		static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
					    SIGALRM, SIGUSR1, SIGUSR2, SIGCHLD, SIGWINCH };
		for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			signal(sigs[i], SIG_DFL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (wfd != 3 && dup2(wfd, 3) < 0)
			_exit(1);
		/* Not even stdout: a child stuck on a dead device must not hold
		 * the pipe of `blktop --list | less` or of a shell's $(...). */
		int null = open("/dev/null", O_RDWR | O_CLOEXEC);
		for (int fd = 0; fd < 3 && null >= 0; fd++)
			if (null != fd)
				dup2(null, fd);
		close_range(4, ~0U, 0);
		probe_child(3, index, j->node, j->sector);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (j->pid < 0) {
		j->facts->probe_errno = errno;
		return false;
	}
	j->running = true;
	j->deadline_ms = now_ms() + timeout_ms;
	return true;
}

/* Returns false for a record of a job already given up on. */
static bool apply_record(struct probe_job *jobs, size_t njobs, const struct probe_record *r)
{
	struct probe_job *j;
	struct dev_facts *f;
	size_t i;

	if (r->job >= njobs || !jobs[r->job].running)
		return false;
	j = &jobs[r->job];
	f = j->facts;
	f->probed = r->probed;
	f->probe_errno = r->probe_errno;
	f->excl_busy = r->excl_busy;
	f->gpt_backup_only = r->gpt_backup_only;
	str_copy(f->pttype, sizeof(f->pttype), r->pttype);
	f->nsigs = r->nsigs;
	for (i = 0; i < FACT_SIGS_MAX && i < r->nsigs; i++)
		str_copy(f->sigs[i], FACT_SIG_LEN, r->sigs[i]);
	while (waitpid(j->pid, NULL, 0) < 0 && errno == EINTR)
		;
	j->running = false;
	return true;
}

static void run_jobs(struct probe_job *jobs, size_t njobs, unsigned timeout_ms)
{
	char buf[8 * sizeof(struct probe_record)];
	size_t next = 0, running = 0, finished = 0, have = 0, i;
	int pfd[2];

	if (pipe2(pfd, O_CLOEXEC) != 0) {
		for (i = 0; i < njobs; i++)
			jobs[i].facts->probe_errno = errno;
		return;
	}
	while (finished < njobs) {
		while (running < PROBE_PARALLEL && next < njobs) {
			if (spawn_job(&jobs[next], (uint32_t)next, pfd[1], timeout_ms))
				running++;
			else
				finished++;
			next++;
		}
		if (running == 0)
			continue;
		uint64_t now = now_ms(), first = UINT64_MAX;
		for (i = 0; i < next; i++)
			if (jobs[i].running && jobs[i].deadline_ms < first)
				first = jobs[i].deadline_ms;
		struct pollfd p = { .fd = pfd[0], .events = POLLIN };
		if (poll(&p, 1, first > now ? (int)(first - now) : 0) > 0) {
			ssize_t r = read(pfd[0], buf + have, sizeof(buf) - have);
			if (r > 0)
				have += (size_t)r;
			size_t whole = have / sizeof(struct probe_record);
			for (i = 0; i < whole; i++) {
				struct probe_record rec;
				memcpy(&rec, buf + i * sizeof(rec), sizeof(rec));
				if (apply_record(jobs, njobs, &rec)) {
					running--;
					finished++;
				}
			}
			have -= whole * sizeof(struct probe_record);
			memmove(buf, buf + whole * sizeof(struct probe_record), have);
		}
		now = now_ms();
		for (i = 0; i < next; i++) {
			if (!jobs[i].running || jobs[i].deadline_ms > now)
				continue;
			kill(jobs[i].pid, SIGKILL);
			reap_later(jobs[i].pid);
			jobs[i].facts->probe_timed_out = true;
			jobs[i].running = false;
			running--;
			finished++;
		}
	}
	close(pfd[0]);
	close(pfd[1]);
}

/* ---- Putting it together ---- */

static void add_job(struct probe_job *j, const struct blk_dev *d, unsigned sector,
		    struct dev_facts *f)
{
	memset(j, 0, sizeof(*j));
	if (!sysroot_path(j->node, sizeof(j->node), "%s", d->path))
		j->node[0] = '\0';
	j->sector = sector;
	j->facts = f;
}

static int probe_disks(struct blk_dev *disks, size_t ndisks, unsigned timeout_ms)
{
	struct probe_job *jobs;
	struct users *u;
	size_t njobs = 0, i, j;

	for (i = 0; i < ndisks; i++)
		njobs += 1 + disks[i].nparts;
	jobs = calloc(njobs ? njobs : 1, sizeof(*jobs));
	/* Without the tables (no memory) the O_EXCL test still finds mounts,
	 * swap and holders: they all claim the device. */
	u = users_load(false);
	njobs = 0;
	for (i = 0; i < ndisks; i++) {
		struct blk_dev *d = &disks[i];
		for (j = 0; j <= d->nparts; j++) {
			struct blk_dev *p = j ? &d->parts[j - 1] : d;
			memset(&p->facts, 0, sizeof(p->facts));
			gather_users(u, d, p, &p->facts);
			/* Unread contents are unknown, never empty. */
			p->facts.probe_errno = ENOMEM;
			if (jobs)
				add_job(&jobs[njobs++], p, d->logical_block_size, &p->facts);
		}
	}
	if (jobs)
		run_jobs(jobs, njobs, timeout_ms);
	for (i = 0; i < ndisks; i++)
		dev_decide(&disks[i]);
	int rc = !jobs || !u || u->mounts_failed ? -1 : 0;
	free(jobs);
	users_free(u);
	return rc;
}

int probe_all(struct dev_list *list, unsigned timeout_ms)
{
	return probe_disks(list->devs, list->n, timeout_ms);
}

int probe_disk(struct blk_dev *disk, unsigned timeout_ms)
{
	return probe_disks(disk, 1, timeout_ms);
}

int devices_collect(struct dev_list *list, unsigned timeout_ms)
{
	if (dev_list_scan(list) != 0)
		return -1;
	probe_all(list, timeout_ms);
	return 0;
}

void probe_file(const char *path, struct dev_facts *out)
{
	struct users *u;
	struct stat st;

	memset(out, 0, sizeof(*out));
	str_copy(out->name, sizeof(out->name), path);
	out->is_file = true;
	out->probed = true;
	if (stat(path, &st) != 0)
		return;
	out->file_exists = true;
	out->file_ours = getxattr(path, PROBE_FILE_XATTR, NULL, 0) >= 0;
	if (access(path, W_OK) != 0)
		out->write_errno = errno;
	u = users_load(true);
	for (size_t i = 0; u && i < u->n; i++)
		if (!u->v[i].devno && u->v[i].file_dev == st.st_dev &&
		    u->v[i].file_ino == st.st_ino)
			add_fact(out, &u->v[i]);
	users_free(u);
}
