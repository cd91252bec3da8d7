/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buffers.c - filling write buffers as fio 3.33's buffer options ask
 * (engine/buffers.h), with fio's generator, seeds and filler, so a job
 * that writes its buffers in fio's order writes fio's bytes: each chunk
 * a random head and a compressible tail, each duplicate buffer the
 * bytes of another one. */
#include "config.h"
#include "engine/buffers.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fiorand.h"
#include "engine/verify_hdr.h"
#include "i18n.h"
#include "options.h"
#include "util/status.h"

static void fill_tail(const struct buf_fill *bf, unsigned char *b, size_t len)
{
	if (bf->plen)
		pattern_fill(b, len, bf->pat, bf->plen, 0);
	else
		memset(b, 0, len);
}

int buf_fill_check(const struct job_spec *spec, char *err, size_t errlen)
{
	/* buffer_pattern is checked as it is given (option_values.c). */
	if (!spec->dedupe_percentage || spec->dedupe_mode != DEDUPE_WORKING_SET)
		return 0;
	/* fio's three refusals of a working set. */
	if (!job_option_given(spec, "size")) {
		snprintf(err, errlen, _("%s: dedupe_mode=working_set needs size"), spec->name);
		return BLKTOP_USAGE;
	}
	if (spec->nrfiles > 1 || strchr(spec->filename, ':')) {
		snprintf(err, errlen, _("%s: dedupe_mode=working_set works on one file per job"), spec->name);
		return BLKTOP_USAGE;
	}
	if (spec->dedupe_working_set_percentage + spec->dedupe_percentage > 100) {
		snprintf(err, errlen,
			 _("%s: dedupe_percentage=%llu with dedupe_working_set_percentage=%llu: more than 100 together"),
			 spec->name, spec->dedupe_percentage, spec->dedupe_working_set_percentage);
		return BLKTOP_USAGE;
	}
	return 0;
}

int buf_fill_setup(struct buf_fill *bf, const struct job_spec *spec, unsigned thread_number,
		   uint64_t random_seed, uint64_t area)
{
	memset(bf, 0, sizeof(*bf));
	bool compress_given = job_option_given(spec, "buffer_compress_percentage");
	bool dedupe_given = job_option_given(spec, "dedupe_percentage");
	bool reads = rw_reads(spec->rw);

	bf->compress = (unsigned)spec->buffer_compress_percentage;
	bf->dedupe = (unsigned)spec->dedupe_percentage;
	bf->dedupe_mode = spec->dedupe_mode;
	bf->zero = spec->zero_buffers;
	bf->refill = spec->refill_buffers;
	/* fio: 100 % compressible is zeroed once; less is refilled per
	 * write unless refill_buffers is given; dedupe always refills. */
	if (bf->compress == 100) {
		bf->zero = true;
		bf->compress = 0;
	} else if (bf->compress && !job_option_given(spec, "refill_buffers")) {
		bf->refill = true;
	}
	if (dedupe_given)
		bf->refill = true;
	bool scramble = spec->scramble_buffers;
	if (spec->buffer_pattern[0]) {
		int n = pattern_parse(spec->buffer_pattern, bf->pat, sizeof(bf->pat));
		bf->plen = n > 0 ? (size_t)n : 0;
		/* fio: a pattern is not scrambled, and is refilled where reads
		 * share the buffers (they would overwrite it) or compress. */
		bf->zero = false;
		if (!job_option_given(spec, "scramble_buffers"))
			scramble = false;
		if (reads || bf->compress)
			bf->refill = true;
	}
	if (bf->zero && job_option_given(spec, "zero_buffers") &&
	    !job_option_given(spec, "scramble_buffers"))
		scramble = false;
	/* Any compress or dedupe option, even at 0, turns scrambling off. */
	bf->scramble = scramble && !bf->refill && !compress_given && !dedupe_given;
	bf->chunked = bf->compress || bf->dedupe;

	unsigned long long min_bs, max_bs;
	job_bs_dir(spec, DIR_WRITE, &min_bs, &max_bs);
	if (!min_bs)
		min_bs = 512;
	bf->chunk = (uint32_t)min_bs;
	if (spec->buffer_compress_chunk && spec->buffer_compress_chunk < min_bs)
		bf->chunk = (uint32_t)spec->buffer_compress_chunk;
	bf->chunks_per_page = (uint32_t)(min_bs / bf->chunk);
	if (spec->size)
		area = spec->size;
	bf->ws_pages = area * spec->dedupe_working_set_percentage / 100 / min_bs;
	if (!bf->ws_pages)
		bf->ws_pages = 1;
	uint64_t seed = fio_seed_base(spec, random_seed);
	taus88_seed(&bf->state, (uint32_t)fio_seed(seed, thread_number, FIO_SEED_BUF));
	bf->prev = bf->state;
	taus88_seed(&bf->dedupe_st, (uint32_t)fio_seed(seed, thread_number, FIO_SEED_DEDUPE));
	taus88_seed(&bf->ws_ix, (uint32_t)fio_seed(seed, thread_number, FIO_SEED_DEDUPE_WS));
	if (bf->dedupe && bf->dedupe_mode == DEDUPE_WORKING_SET) {
		/* fio's table: the states the first unique pages start from. */
		bf->ws = malloc(bf->ws_pages * sizeof(*bf->ws));
		if (!bf->ws)
			return -ENOMEM;
		struct taus88 t = bf->state;
		bf->ws[0] = t;
		for (uint64_t i = 1; i < bf->ws_pages; i++) {
			for (uint32_t k = 0; k < bf->chunks_per_page; k++)
				taus88_seed64(&t);
			bf->ws[i] = t;
		}
	}
	return 0;
}

int buf_fill_global(struct buf_fill *bf, const struct job_spec *spec, unsigned thread_number,
		    unsigned run_threads, uint64_t random_seed)
{
	if (!bf->ws || !run_threads)
		return 0;
	/* fio's dedupe_global: the unique pages are spread over every
	 * thread of the run, each run of pages starting again from the next
	 * thread's first buffer state, as fio rotates its seeds. */
	uint64_t seed = fio_seed_base(spec, random_seed);
	uint64_t per_seed = bf->ws_pages / run_threads ? bf->ws_pages / run_threads : 1;
	unsigned tindex = thread_number - 1;
	struct taus88 t = bf->ws[0];
	for (uint64_t i = 1; i < bf->ws_pages; i++) {
		for (uint32_t k = 0; k < bf->chunks_per_page; k++)
			taus88_seed64(&t);
		if (i % per_seed == 0) {
			tindex = (tindex + 1) % run_threads;
			taus88_seed(&t, (uint32_t)fio_seed(seed, tindex + 1, FIO_SEED_BUF));
		}
		bf->ws[i] = t;
	}
	return 0;
}

void buf_fill_free(struct buf_fill *bf)
{
	free(bf->ws);
	bf->ws = NULL;
}

/* The state a buffer's chunks are drawn from: fio's get_buf_state. */
static struct taus88 *buf_state(struct buf_fill *bf, struct taus88 *dup)
{
	if (!bf->dedupe)
		return &bf->state;
	if (bf->dedupe == 100) {
		bf->prev = bf->state;
		return &bf->state;
	}
	if (1 + taus88_below(&bf->dedupe_st, 100) <= bf->dedupe) {
		if (bf->dedupe_mode == DEDUPE_WORKING_SET)
			*dup = bf->ws[taus88_below(&bf->ws_ix, bf->ws_pages)];
		else
			*dup = bf->prev;
		return dup;
	}
	return &bf->state;
}

void buf_fill(struct buf_fill *bf, void *buf, size_t len)
{
	unsigned char *b = buf;
	if (!bf->chunked) {
		if (bf->plen)
			pattern_fill(b, len, bf->pat, bf->plen, 0);
		else if (bf->zero)
			memset(b, 0, len);
		else
			vhdr_fill_random(b, len, taus88_seed64(&bf->state));
		return;
	}
	struct taus88 dup;
	struct taus88 *state = buf_state(bf, &dup);
	while (len) {
		size_t n = len < bf->chunk ? len : bf->chunk;
		size_t rnd = n * (100 - bf->compress) / 100;
		vhdr_fill_random(b, rnd, taus88_seed64(state));
		fill_tail(bf, b + rnd, n - rnd);
		b += n;
		len -= n;
		/* fio's save_buf_state: at 100 % every chunk repeats one seed;
		 * a unique buffer is what the next duplicate repeats. */
		if (bf->dedupe == 100)
			*state = bf->prev;
		else if (state == &bf->state)
			bf->prev = bf->state;
	}
}
