/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buffers.h - what a write carries, as fio 3.33's buffer options say:
 * random bytes, zeros or buffer_pattern, a share that compresses away
 * (buffer_compress_percentage per buffer_compress_chunk), a share of
 * writes that repeat another's (dedupe_percentage, dedupe_mode), and
 * fio's scramble of each 512-byte block when buffers are not refilled.
 * Filling is done once per buffer at start and again per write only
 * with refill; everything is set up before the first I/O, so the
 * per-I/O path takes no lock and allocates nothing. */
#ifndef BLKTOP_ENGINE_BUFFERS_H
#define BLKTOP_ENGINE_BUFFERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/fiorand.h"
#include "job.h"
#include "util/pattern.h"

struct buf_fill {
	bool refill;            /* fresh contents for every write */
	bool scramble;          /* fio's stamp of each 512-byte block per write */
	bool zero;              /* zeros, where no pattern is given */
	bool chunked;           /* compress or dedupe: filled chunk by chunk */
	unsigned compress;      /* percent of each chunk that is zeros or pattern */
	unsigned dedupe;        /* percent of buffers that repeat another */
	int dedupe_mode;        /* enum dedupe_mode */
	uint32_t chunk;         /* the piece each seed fills */
	uint32_t chunks_per_page; /* seeds one smallest write takes */
	uint64_t ws_pages;      /* working_set: unique pages duplicates use */
	/* fio's buf_state and buf_state_prev (the state after the last
	 * unique buffer: what a duplicate starts from), dedupe_state and
	 * the working set's index generator and states. */
	struct taus88 state, prev, dedupe_st, ws_ix;
	struct taus88 *ws;
	size_t plen;
	unsigned char pat[PATTERN_MAX];
};

/* Options that cannot go together (fio's refusals): BLKTOP_USAGE (bad
 * input, exit 2) with one line. */
int buf_fill_check(const struct job_spec *spec, char *err, size_t errlen);

/* Resolves the options as fio does (compress and dedupe set refill,
 * zero_buffers and buffer_pattern turn the default scramble off) for
 * fio's thread thread_number (1-based) of a job whose area is area
 * bytes, seeded as fio seeds it (randseed, 0x89 by default); a job
 * with randrepeat=0 and no randseed is seeded from random_seed. 0, or
 * -ENOMEM (the working set's table). */
int buf_fill_setup(struct buf_fill *bf, const struct job_spec *spec, unsigned thread_number,
		   uint64_t random_seed, uint64_t area);
/* dedupe_global: the working set's pages drawn from the first buffer
 * states of every thread of the run (run_threads of them), in turn from
 * the next one after this thread, as fio draws them; every thread's
 * seeds are taken from this job's randseed (run.c refuses jobs that
 * differ in it). 0. */
int buf_fill_global(struct buf_fill *bf, const struct job_spec *spec, unsigned thread_number,
		    unsigned run_threads, uint64_t random_seed);
void buf_fill_free(struct buf_fill *bf);

/* Fills len bytes of buf: at start (a whole buffer) and on refill. */
void buf_fill(struct buf_fill *bf, void *buf, size_t len);

/* fio's small_content_scramble: in each 512-byte block the block's
 * offset goes into one of its eight 64-byte lines (picked by the time
 * and offset) and the time into bytes 48..63, so blocks differ without
 * refilling. Inline: it runs on every write by default. */
static inline void buf_scramble(void *buf, uint32_t len, uint64_t offset, uint64_t now_ns)
{
	unsigned char *p = buf;
	uint64_t sec = now_ns / 1000000000ULL, nsec = now_ns % 1000000000ULL;
	unsigned line = (unsigned)((nsec ^ offset) & 7) << 6;
	for (uint32_t n = len >> 9; n; n--) {
		uint64_t *w = (uint64_t *)(void *)(p + line);
		*w = offset;
		w = (uint64_t *)(void *)(p + 48);
		w[0] = sec;
		w[1] = nsec;
		p += 512;
		offset += 512;
	}
}

#endif
