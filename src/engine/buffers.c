/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buffers.c - filling write buffers as fio 3.33's buffer options ask
 * (engine/buffers.h). Zeros and patterns are fio's bytes exactly; the
 * random parts are blktop's own generator, with fio's layout: each chunk
 * a random head and a compressible tail, each duplicate buffer the
 * bytes of another one. */
#include "config.h"
#include "engine/buffers.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "options.h"

#define GOLDEN 0x9e3779b97f4a7c15ULL

static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* len random bytes from one seed (a splitmix64 stream). */
static void fill_seeded(unsigned char *b, size_t len, uint64_t seed)
{
	size_t words = len / 8;
	uint64_t *w = (uint64_t *)(void *)b;
	for (size_t i = 0; i < words; i++)
		w[i] = mix64(seed += GOLDEN);
	if (len % 8) {
		uint64_t last = mix64(seed + GOLDEN);
		memcpy(b + words * 8, &last, len % 8);
	}
}

static uint64_t seed_at(const struct buf_fill *bf, uint64_t ctr)
{
	return mix64(bf->base + ctr * GOLDEN);
}

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
		return 1;
	}
	if (spec->nrfiles > 1 || strchr(spec->filename, ':')) {
		snprintf(err, errlen, _("%s: dedupe_mode=working_set works on one file per job"), spec->name);
		return 1;
	}
	if (spec->dedupe_working_set_percentage + spec->dedupe_percentage > 100) {
		snprintf(err, errlen,
			 _("%s: dedupe_percentage=%llu with dedupe_working_set_percentage=%llu: more than 100 together"),
			 spec->name, spec->dedupe_percentage, spec->dedupe_working_set_percentage);
		return 1;
	}
	return 0;
}

void buf_fill_setup(struct buf_fill *bf, const struct job_spec *spec, uint64_t seed, uint64_t area)
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
	bf->base = mix64(seed ^ 0x6275666665727321ULL); /* "buffers!" */
	rng_seed(&bf->pick, seed ^ 0x6465647570652121ULL);
}

/* The counter a buffer's chunks start from: fio's get_buf_state. */
static uint64_t *buf_state(struct buf_fill *bf, uint64_t *dup)
{
	if (!bf->dedupe || bf->dedupe == 100) {
		bf->prev = bf->ctr;
		return &bf->ctr;
	}
	if (rng_below(&bf->pick, 100) < bf->dedupe) {
		if (bf->dedupe_mode == DEDUPE_WORKING_SET)
			*dup = rng_below(&bf->pick, bf->ws_pages) * bf->chunks_per_page;
		else
			*dup = bf->prev;
		return dup;
	}
	return &bf->ctr;
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
			fill_seeded(b, len, seed_at(bf, bf->ctr++));
		return;
	}
	uint64_t dup = 0;
	uint64_t *state = buf_state(bf, &dup);
	while (len) {
		size_t n = len < bf->chunk ? len : bf->chunk;
		size_t rnd = n * (100 - bf->compress) / 100;
		fill_seeded(b, rnd, seed_at(bf, (*state)++));
		fill_tail(bf, b + rnd, n - rnd);
		b += n;
		len -= n;
		/* fio's save_buf_state: at 100 % every chunk repeats one seed;
		 * a unique buffer is what the next duplicate repeats. */
		if (bf->dedupe == 100)
			*state = bf->prev;
		else if (state == &bf->ctr)
			bf->prev = bf->ctr;
	}
}
