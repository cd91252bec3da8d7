/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify_hdr.h - fio 3.33's verification block layout: every
 * verify_interval bytes of a written block start with a 40-byte header
 * (magic 0xacca, type, length, the data's random start value, offset,
 * time, thread, write number, a crc32c of those) and the type's checksum
 * field, followed by the data the checksum covers. Written and checked
 * here the way fio writes and checks it, so either tool verifies the
 * other's blocks. */
#ifndef BLKTOP_ENGINE_VERIFY_HDR_H
#define BLKTOP_ENGINE_VERIFY_HDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/pattern.h"

/* fio's verify types, numbered as its header stores them. */
enum vtype {
	VT_NONE = 0, VT_META = 1, VT_MD5 = 2, VT_CRC64 = 3, VT_CRC32 = 4, VT_CRC32C = 5,
	VT_CRC32C_INTEL = 6, VT_CRC16 = 7, VT_CRC7 = 8, VT_SHA256 = 9, VT_SHA512 = 10,
	VT_SHA3_224 = 11, VT_SHA3_256 = 12, VT_SHA3_384 = 13, VT_SHA3_512 = 14,
	VT_XXHASH = 15, VT_SHA1 = 16, VT_PATTERN = 17, VT_PATTERN_NO_HDR = 18, VT_NULL = 19,
};

#define VHDR_MAGIC 0xacca
#define VHDR_BASE 40 /* the common header, before the checksum field */

struct vhdr_cfg {
	int type;                   /* enum vtype */
	uint32_t interval;          /* bytes per header (verify_interval) */
	uint32_t hdr_offset;        /* verify_offset: where the header sits */
	const unsigned char *pat;   /* verify_pattern, NULL if none */
	size_t plen;
	/* fio's %o in it: the block's offset goes there (NULL: none). */
	const struct pattern_stamps *stamps;
	/* fio's random data keeps buffer_compress_percentage: that share at
	 * the block's end is zeros, or buffer_pattern (tail) when given. */
	unsigned compress;
	const unsigned char *tail;
	size_t tail_len;
};

/* What one write's headers carry besides the data. */
struct vhdr_stamp {
	uint64_t offset;            /* of the block in the file */
	uint64_t seed;              /* the data's random start value */
	uint64_t time_ns;
	uint16_t thread;            /* 1-based */
	uint16_t numberio;          /* the thread's write number */
};

/* Bytes of header plus checksum field a type puts in each interval (0 for
 * pattern without header and null), or 0 with *known false for a type
 * blktop does not have. */
unsigned vhdr_size(int type, bool *known);

/* The interval a block of len bytes uses (the whole block if longer). */
uint32_t vhdr_interval(const struct vhdr_cfg *c, uint32_t len);

/* fio's random data for a seed (its buffer filler, without compression). */
void vhdr_fill_random(void *buf, size_t len, uint64_t seed);

/* Fills a block to write: data (random from the stamp's seed, or the
 * pattern), then each interval's header and checksum. */
void vhdr_fill(const struct vhdr_cfg *c, void *buf, uint32_t len, const struct vhdr_stamp *s);

/* What a failed check found, in fio's words. */
struct vhdr_fail {
	uint64_t offset;            /* of the failing interval */
	uint32_t len;               /* its length */
	uint32_t interval_index;
	bool header;                /* the header itself is bad */
	char name[16];              /* the checksum's name, or "verify" */
	char what[160];             /* the header or pattern complaint */
	char expected[260], received[260]; /* checksums as hex, "" if none */
};

/* Checks a block read at offset; len its length. Returns 0, or the
 * number of bad intervals with the first in *f (stops at the first bad
 * one when stop_first). buf may be changed (verify_offset swaps). */
int vhdr_check(const struct vhdr_cfg *c, void *buf, uint32_t len, uint64_t offset,
	       bool stop_first, struct vhdr_fail *f);

/* The expected contents of a failing interval, rebuilt from the header
 * found on the device (as fio's verify_dump does); false if it cannot be. */
bool vhdr_expected(const struct vhdr_cfg *c, const void *got, uint32_t len, uint64_t offset,
		   uint32_t interval_index, void *out);

#endif
