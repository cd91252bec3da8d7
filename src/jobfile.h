/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jobfile.h - reads fio-style job files ([global] and job sections of
 * key=value lines) into a job set, through the options table. */
#ifndef BLKTOP_JOBFILE_H
#define BLKTOP_JOBFILE_H

#include <stddef.h>

#include "jobset.h"

/*
 * The rules, fio's where fio has one:
 *  - A section is "[name]". A section whose name starts with "global" is a
 *    global section: its options become the defaults of every job section
 *    after it (a later [global] adds to them; earlier jobs keep theirs).
 *  - Every other section is one job; its name is the section name (a
 *    name= inside the section overrides it, a name= in [global] does not).
 *    Two sections may share a name: they are two jobs.
 *  - "key=value" or "key = value"; a bare "key" sets a bool option to 1.
 *    Keys are fio's, looked up in the options table (job_option_set).
 *  - ';' or '#' starts a comment anywhere on a line, as in fio: a value
 *    cannot contain either character.
 *  - Blank lines, leading and trailing white space, CRLF line ends and a
 *    UTF-8 byte order mark are ignored.
 *  - filename=a:b and directory= are kept as written (job.filename holds
 *    the whole list); numjobs, stonewall, new_group, group_reporting and
 *    cpus_allowed are stored per job: the runner clones and groups.
 *  - "include FILE" reads FILE's lines as if they stood there, inside the
 *    section being read (FILE holds no section headers, as in fio). A
 *    relative FILE is looked for beside the including file, then in the
 *    current directory.
 *  - ${NAME} is NAME's value in the environment (empty when unset), as in
 *    fio; a bare $NAME is too when NAME is set (fio leaves it as written
 *    and then refuses the value). $ncpus, $pagesize and $mb_memory are
 *    fio's keywords; a value in which one was replaced is computed when
 *    it holds + - * / (as fio's bc: whole numbers). $jobname, $jobnum,
 *    $filenum and $clientuid are left for filename_format.
 *  - A number option's value in parentheses is arithmetic, as fio's:
 *    size=(4k*3), runtime=(1m+30s) (options.c, util/arith.c).
 *  - An unknown key, a bad value, an option before the first section, a
 *    malformed header, or a file with no job section is an error.
 *
 * Both functions add the file's jobs to set, after any it already holds,
 * and return 0. On error they return -1, leave set as it was and write one
 * translated line to err: "FILE:LINE: what is wrong" (exit status 2 is the
 * caller's to choose). */
int jobfile_parse(const char *path, struct job_set *set, char *err, size_t errlen);

/* Which job sections to read (fio's --section, which may be given more
 * than once): the others are skipped unread; [global] sections always
 * count. */
struct jobfile_filter {
	const char *const *sections;
	size_t nsections;
};
int jobfile_parse_filtered(const char *path, const struct jobfile_filter *filter,
			   struct job_set *set, char *err, size_t errlen);

/* The same for a job file already in memory; name is used in messages.
 * text need not be NUL-terminated. */
int jobfile_parse_buffer(const char *name, const char *text, size_t len,
			 struct job_set *set, char *err, size_t errlen);

#endif
