/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verdict.h - the safety verdict: a pure function from gathered
 * facts (facts.h) to safe, has-data, read-only or in-use, with every reason
 * in words. No I/O, so it is tested over invented facts. */
#ifndef BLKTOP_VERDICT_H
#define BLKTOP_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "collect/facts.h"

/* Ordered by severity: a larger value blocks more. */
enum verdict {
	VERDICT_SAFE = 0,
	VERDICT_HAS_DATA,
	VERDICT_READ_ONLY,
	VERDICT_IN_USE,
};

#define VERDICT_REASONS_MAX 16
#define VERDICT_REASON_LEN 200

struct verdict_reason {
	enum verdict kind;             /* the verdict this reason alone gives */
	char text[VERDICT_REASON_LEN]; /* translated: "ext4 on loop0p1" */
};

struct verdict_result {
	enum verdict verdict;
	size_t nreasons;
	size_t nomitted;               /* reasons that did not fit */
	struct verdict_reason reasons[VERDICT_REASONS_MAX]; /* most severe first */
};

/* The verdict of a whole disk: its own facts and those of every partition.
 * For a file target (f->disk.is_file) the file's facts. */
enum verdict dev_verdict(const struct disk_facts *f, struct verdict_result *out);

/* The verdict of partition i alone (the disk's read-only flag counts). */
enum verdict part_verdict(const struct disk_facts *f, size_t i, struct verdict_result *out);

/* Stable keyword for JSON and scripts: "safe", "has-data", "read-only",
 * "in-use". Never translated. */
const char *verdict_name(enum verdict v);

/* Whether a write may go ahead: safe, or has-data with force. */
bool verdict_allows_write(enum verdict v, bool force);

/* "kind: text" of one reason, e.g. "in-use: loop0p1 mounted on /mnt". */
void verdict_reason_format(const struct verdict_reason *r, char *buf, size_t len);

/* "3 more" for reasons that did not fit ("" when all did). */
void verdict_omitted_format(const struct verdict_result *v, char *buf, size_t len);

/* All reasons as one line for people, "; "-separated ("" when there are
 * none). Reports that list reasons take them from the struct, never from
 * this line. */
void verdict_reasons_join(const struct verdict_result *v, char *buf, size_t len);

#endif
