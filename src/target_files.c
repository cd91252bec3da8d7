/* SPDX-License-Identifier: GPL-2.0-or-later */
/* target_files.c - which files a job names, before anything is opened:
 * the short form's vdc, fio's filename and directory lists, nrfiles
 * named by filename_format, and each file's share of size. Apart from
 * target.c, which opens and lays them out, as naming reads no device. */
#include "config.h"
#include "target.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/fiorand.h"
#include "i18n.h"

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

int target_dirs_check(const struct job_spec *job, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	const char *p = job->directory;
	struct stat st;
	/* As fio's parser: each name as it is (lstat: a link to a directory
	 * is not one), before any job runs. */
	while (list_next(&p, job->directory, dir, sizeof(dir)))
		if (lstat(dir, &st) || !S_ISDIR(st.st_mode)) {
			snprintf(err, errlen, _("%s: directory=%s: %s is not a directory (as fio, the run is refused)"),
				 job->name, job->directory, dir);
			return -1;
		}
	return 0;
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

/* fio's sizes for the files of a filesize range, file by file: each
 * drawn over the range from fio's generator of file sizes, seeded as fio
 * seeds the thread's (randrepeat=0 without randseed: a fresh seed, as
 * fio's), cut to a whole number of the job's smallest block. */
static void range_sizes(const struct job_spec *job, unsigned thread_number, struct target *out,
			unsigned n)
{
	struct fio_rand r;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t fresh = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ ((uint64_t)getpid() << 48);
	uint64_t base = fio_seed_base(job, fresh);
	fio_rand_seed(&r, fio_seed(base, thread_number ? thread_number : 1, FIO_SEED_FILE_SIZE),
		      job->random_generator == RGEN_TAUSWORTHE64);
	uint64_t unit = job_bs_min_any(job);
	if (!unit) /* sizes are checked above 0; kept safe */
		unit = 1;
	uint64_t span = job->filesize_high - job->filesize_low;
	for (unsigned i = 0; i < n; i++) {
		uint64_t v = job->filesize_low + fio_rand_block(&r, span);
		out[i].file_size = v - v % unit;
	}
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

/* What a path names, with fio's rules: a new path is a file to make,
 * unless it is under /dev. */
static int classify(struct target *t, char *err, size_t errlen)
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
	/* A file to make: fio's setup makes its missing directories, and
	 * fails the job alone without a size, for allow_file_create=0, or
	 * when a directory or the file cannot be made (open_clone). */
	t->kind = TARGET_FILE;
	return 0;
}

int target_files_for(const struct job_spec *job, unsigned clone, unsigned thread_number,
		     struct target *out, unsigned max, char *err, size_t errlen)
{
	unsigned n = 0;
	char dirbuf[PATH_MAX], name[PATH_MAX];
	const char *dir = NULL;
	/* fio names a clone's files (and picks its directory) by its
	 * sub-job number, not by the order the clones run in. */
	unsigned jobnum = target_subjob(clone, (unsigned)job->numjobs);

	if (job->directory[0]) {
		if (!list_item(job->directory, jobnum, dirbuf, sizeof(dirbuf))) {
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
			format_name(job->filename_format, job, jobnum, n, name, sizeof(name));
			if (add_file(&out[n], dir, name, err, errlen) ||
			    classify(&out[n], err, errlen))
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
			format_name("", job, jobnum, 0, name, sizeof(name));
			if (add_file(t, d, name, err, errlen))
				return -1;
			t->kind = TARGET_FILE;
		} else if (t->kind == TARGET_NONE && classify(t, err, errlen)) {
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
			    classify(&out[n], err, errlen))
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
	if (job->filesize_high > job->filesize_low) {
		range_sizes(job, thread_number, out, n);
		return (int)n;
	}
	for (unsigned i = 0; i < n; i++) {
		if (job->filesize_low)
			out[i].file_size = job->filesize_low;
		else if (job->size) {
			uint64_t fs = job->size / n;
			uint64_t extra = (job->size - fs * n) / job->bs;
			out[i].file_size = fs + (i < extra ? job->bs : 0);
		}
	}
	return (int)n;
}
