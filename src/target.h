/* SPDX-License-Identifier: GPL-2.0-or-later */
/* target.h - turns a job's filename/directory into files to open: resolves
 * vdc to /dev/vdc, checks sizes and block alignment, asks the write gate,
 * lays out regular files, and opens with O_DIRECT (and O_EXCL for writes
 * to block devices). */
#ifndef BLKTOP_TARGET_H
#define BLKTOP_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/verdict.h"
#include "job.h"

struct target {
	char path[PATH_MAX];
	enum target_kind kind;    /* TARGET_BLOCK or TARGET_FILE once resolved */
	int fd;                   /* -1 until opened */
	uint64_t dev_size;        /* device or file size in bytes */
	bool writable;            /* opened for writing (O_EXCL on devices) */
	bool direct;              /* opened with O_DIRECT */
	int sync_flags;           /* writes opened with sync=: O_SYNC, O_DSYNC or 0 */
	unsigned logical_block;   /* alignment O_DIRECT needs */
	char disk[64];            /* kernel name of the disk under it, or "" */
	uint64_t file_size;       /* this file's share of size, or its filesize;
				   * 0: size as given (or the whole target) */
	uint64_t clone_offset;    /* offset_increment times the clone's sub-job
				   * number, in bytes (a share: 0, see target_area) */
	bool made;                /* created by this run */
	uint64_t laid_out;        /* the size this run grew the file to (fio's
				   * "Laying out IO file" line), 0 if not grown */
	bool unlink_after;        /* unlink= : removed when the run ends */
	int alloc_errno;          /* fallocate=keep's failure as the file was
	                           * laid out (fio makes it the job's error) */
	int setup_errno;          /* target_open's TARGET_AREA_FAILS for a file it
				   * could not make or lay out: the errno */
	const char *setup_func;   /* and fio's func= for it: open, ftruncate,
				   * write or fsync */
	bool verdict_taken;       /* block devices: the verdict before opening */
	struct verdict_result verdict;
};

/* Resolves a name as the command line's short form takes it: a bare "vdc"
 * is the file vdc in the current directory when there is one, else
 * /dev/vdc when that is a block device; anything else is a path. Sets kind
 * (TARGET_NONE when it does not exist, TARGET_OTHER for a FIFO, socket or
 * character device). */
void target_resolve(const char *name, char *path, size_t len, enum target_kind *kind);

/* Resolves the files of one clone of a job as fio names them: the
 * filename list split on ':' ("\:" is a colon in a name), each relative
 * name in the current directory, or nrfiles files named by
 * filename_format; a directory list a:b gives clone k the k-th (in
 * turn). Each gets its share of size, or its filesize (a range: fio's
 * size for each, drawn as fio draws it for thread thread_number, fio's
 * 1-based number of the clone's thread). Returns how many (<= max), or -1
 * with err set. */
int target_files_for(const struct job_spec *job, unsigned clone, unsigned thread_number,
		     struct target *out, unsigned max, char *err, size_t errlen);

/* fio's check of directory=: every name in the list must be a directory
 * now (not a link to one), or the run is refused. 0, or -1 with err. */
int target_dirs_check(const struct job_spec *job, char *err, size_t errlen);

/* fio's setup of a job's files first makes the directories above the
 * first name that has any: each missing one from the longest leading part
 * that exists, mode 0700 less the umask, an existing one no failure.
 * Returns 0, or 3 (the gate refuses, before anything is made), or
 * TARGET_AREA_FAILS: a mkdir failed, err says which and why; fio fails
 * that clone alone, its error 0, exit 1. */
int target_make_dirs(const char *path, bool force, char *err, size_t errlen);

/* Applies the write gate, lays out files, and opens. Returns 0, or 2 (bad
 * input) / 3 (refused for safety) / 1 (failed) with one translated line in
 * err; or TARGET_AREA_FAILS (see target_area) for a missing file
 * allow_file_create=0 forbids making (setup_errno 0), or one that cannot
 * be made (setup_errno says why). */
int target_open(struct target *t, const struct job_spec *job, bool force, char *err,
		size_t errlen);
/* The area a job works on in an open target, after checking its size,
 * offset and alignment; file_size is the job's own share of this file
 * (target_files_for's, as the target may be shared with other jobs);
 * subjob is fio's sub-job number of the clone (target_subjob), which
 * offset_increment multiplies. 0, or 2 with err set, or
 * TARGET_AREA_FAILS: this clone has no area (no size, and its offset at or
 * past the end), err says why; fio fails that clone alone, exit 1.
 * target_open returns it too for a missing file allow_file_create=0
 * forbids making. An
 * area with a size may start or reach past the end: the engine ends its
 * passes there. */
#define TARGET_AREA_FAILS (-1)
int target_area(const struct target *t, const struct job_spec *job, uint64_t file_size,
		unsigned subjob, uint64_t *start, uint64_t *len, char *err, size_t errlen);
/* fio's sub-job number of clone c of n: the job itself is 0, and its
 * clones, made in turn, are numbered down from n - 1. */
static inline unsigned target_subjob(unsigned c, unsigned n)
{
	return c ? n - c : 0;
}
void target_close(struct target *t);

/* Alignment O_DIRECT needs for a file on its filesystem (statx's
 * dio_offset_align), or 0 when the kernel cannot say. */
unsigned target_dio_align(const char *path);

#endif
