/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gate.h - the write gate: may this run write to that target? Taken again
 * right before the first write, so a disk mounted after listing is still
 * refused. Built on the verdict (verdict.h) of freshly gathered facts. */
#ifndef BLKTOP_GATE_H
#define BLKTOP_GATE_H

#include <stdbool.h>
#include <stddef.h>

#include "collect/verdict.h"

/* Every write is refused while BLKTOP_SYSROOT is set (sysroot.h): the
 * facts would come from a test tree, the target from this machine. */
enum gate_answer {
	GATE_ALLOW = 0,
	GATE_REFUSE = 3,  /* the exit status for a safety refusal */
};

/* Block device at devpath (e.g. "/dev/loop0"): allowed when safe, or
 * has-data with force; in-use and read-only never. On refusal msg holds one
 * translated line: the device, its verdict and the reasons. */
enum gate_answer gate_block_write(const char *devpath, bool force, char *msg, size_t len);

/* Regular file target: a file that exists and was not laid out by blktop
 * counts as has-data; one that does not exist yet is safe to make. */
enum gate_answer gate_file_write(const char *path, bool force, char *msg, size_t len);

/* One probe for both: the verdict of a block device now, for reports
 * (*taken false when it cannot be taken) and, when write is set, the
 * gate's answer as gate_block_write gives it. Reads are always allowed.
 * v and taken may be NULL. */
enum gate_answer gate_block_check(const char *devpath, bool write, bool force, char *msg,
				  size_t len, struct verdict_result *v, bool *taken);

/* Marks a file as laid out by blktop (so later runs may write it). */
void gate_mark_file_ours(int fd);

#endif
