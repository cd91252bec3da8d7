/* SPDX-License-Identifier: GPL-2.0-or-later */
/* next_io.c - what the job's next I/O is: its direction (rw, rwmixread),
 * its file (round robin), its offset (sequential, or random on the
 * blockalign grid), its size (engine/blocksize.h) and its data. Apart
 * from engine.c, which keeps I/Os in flight, because fio's job options
 * mostly shape this part. Per-I/O path: no allocation, no locks. */
#include "config.h"
#include "engine/loop.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/verify.h"
#include "i18n.h"

/* Whether a random job keeps fio's random map: fio's default
 * (norandommap=0), unless blockalign moves the offsets off the smallest
 * size's grid (fio turns the map off then). blktop also keeps none when a
 * direction's size is not a multiple of the other's, where a block of
 * one is not whole blocks of the map. */
static bool wants_map(const struct loop_state *ls)
{
	const struct job_spec *spec = ls->t->spec;
	if (!rw_is_random(spec->rw) || spec->norandommap)
		return false;
	for (int d = 0; d < DIR_COUNT; d++) {
		if (!(d == DIR_READ ? rw_reads(spec->rw) : rw_writes(spec->rw)))
			continue;
		if (ls->bsg[d].align != ls->bsg[d].min || ls->bsg[d].align % ls->map_unit)
			return false;
	}
	return true;
}

static int map_setup(struct loop_state *ls)
{
	struct job_thread *t = ls->t;
	ls->map_unit = (uint32_t)job_bs_min(t->spec);
	if (!t->nfiles || !ls->map_unit || !wants_map(ls))
		return 0;
	ls->maps = calloc(t->nfiles, sizeof(*ls->maps));
	if (!ls->maps)
		goto nomem;
	for (unsigned i = 0; i < t->nfiles; i++)
		if (randmap_init(&ls->maps[i], t->files[i].area_len / ls->map_unit))
			goto nomem;
	return 0;
nomem:
	snprintf(ls->why, sizeof(ls->why),
		 _("no memory for the random map (norandommap=1 runs without one)"));
	return -ENOMEM;
}

void next_io_teardown(struct loop_state *ls)
{
	if (ls->maps)
		for (unsigned i = 0; i < ls->t->nfiles; i++)
			randmap_free(&ls->maps[i]);
	free(ls->maps);
	ls->maps = NULL;
}

int next_io_setup(struct loop_state *ls)
{
	struct job_thread *t = ls->t;
	const struct job_spec *spec = t->spec;

	for (int d = 0; d < DIR_COUNT; d++)
		bs_gen_init(&ls->bsg[d], spec, d);
	for (unsigned i = 0; i < t->nfiles; i++)
		for (int d = 0; d < DIR_COUNT; d++) {
			/* Offsets where an I/O of the smallest size still fits. */
			uint64_t span = t->files[i].area_len >= ls->bsg[d].min
						? t->files[i].area_len - ls->bsg[d].min : 0;
			t->files[i].nblocks[d] = span / ls->bsg[d].align + 1;
			t->files[i].last_start[d] = NO_OFFSET;
		}
	/* fio's count starts at 1, so the first I/O takes a random start. */
	ls->seq_left = 1;
	/* Sequential offsets run on round from the end of the area, unless a
	 * modifier makes fio end the job there (rw=write:4k leaves holes,
	 * randread:8 runs on from each random start); loops give passes. */
	bool modified = spec->rw_seq_add || (rw_is_random(spec->rw) &&
		(spec->rw_seq_nr != 1 || spec->percentage_random[DIR_READ] < 100 ||
		 spec->percentage_random[DIR_WRITE] < 100));
	ls->seq_wraps = !modified || spec->time_based || spec->io_size;
	ls->passes_left = spec->loops > 1 ? (unsigned)spec->loops - 1 : 0;
	return map_setup(ls);
}

/* Where an I/O of direction d goes next in f when it follows the last one
 * of that direction (fio keeps a position per direction, so rw=rw reads
 * and writes each walk the area from its start): rw=write:4k skips 4k
 * after each I/O, read:-8k steps back and wraps round to the end. false
 * when the offset falls past the area's end and fio would end the job
 * there (so a job with holes moves fewer bytes than size, as in fio). */
static bool seq_offset(struct loop_state *ls, struct thread_file *f, int d, uint64_t *off)
{
	uint64_t pos = f->last_pos[d];
	long long add = ls->t->spec->rw_seq_add;

	if (pos == 0 && add < 0 && f->area_start)
		pos = f->area_len; /* fio rewinds to the end only past a start offset */
	if (pos && add) {
		uint64_t back = add < 0 ? (uint64_t)-add : 0;
		if (back > pos)
			pos = back < f->area_len ? f->area_len - back : 0;
		else
			pos += (uint64_t)add;
	}
	if (pos >= f->area_len || f->area_len - pos < ls->bsg[d].min) {
		if (!ls->seq_wraps) {
			if (!ls->passes_left)
				return false;
			ls->passes_left--; /* loops: the next pass from the start */
		}
		pos = 0;
	}
	*off = pos;
	return true;
}

/* The random map's say on a random block (slot, in direction d's
 * alignment): the drawn one if it is free in this pass, else the next free
 * one after it, wrapping round, as fio's map gives it. A full map starts
 * a new pass (fio resets it when the job wants more than one pass: loops,
 * io_size, time_based). */
static uint64_t map_slot(struct loop_state *ls, const struct thread_file *f, int d, uint64_t slot)
{
	struct randmap *m = &ls->maps[f - ls->t->files];
	uint64_t k = ls->bsg[d].align / ls->map_unit;
	uint64_t b = slot * k;
	if (b < m->nbits && !randmap_isset(m, b))
		return slot;
	/* A direction whose blocks are k of the map's: the next free one
	 * that starts a block of its own; a map with none such is full. */
	for (uint64_t tries = 0; tries <= f->nblocks[d]; tries++) {
		b = randmap_next_free(m, b);
		if (b == RANDMAP_NONE)
			break;
		if (b % k)
			b += k - b % k;
		if (b / k >= f->nblocks[d])
			b = 0;
		if (b < m->nbits && !randmap_isset(m, b))
			return b / k;
	}
	randmap_reset(m);
	return slot;
}

/* Marks the I/O at off (from the area's start) in the map, and cuts it
 * where a block already done begins, in multiples of the smallest size,
 * as fio's map cuts it. Returns the length. */
static uint64_t map_take(struct loop_state *ls, const struct thread_file *f, int d, uint64_t off,
			 uint64_t len)
{
	struct randmap *m = &ls->maps[f - ls->t->files];
	uint64_t unit = ls->map_unit;
	uint64_t got = randmap_take(m, off / unit, (len + unit - 1) / unit) * unit;
	if (!got || got >= len)
		return len;
	uint64_t min = ls->bsg[d].min;
	got -= got % min;
	return got ? got : min;
}

/* A random job's offset: a fresh random start every rw_seq_nr I/Os (each
 * of them random only percentage_random times in 100); between them the
 * I/Os run on from the last (rw_sequencer=sequential) or repeat it
 * (identical). *fresh: this one is a random start (the map counts those
 * alone, as fio's does). false as seq_offset. */
static bool random_offset(struct loop_state *ls, struct thread_file *f, int d, uint64_t *off,
			  bool *fresh_random)
{
	const struct job_spec *spec = ls->t->spec;
	bool fresh = spec->rw_seq_nr && !--ls->seq_left;
	if (fresh) {
		ls->seq_left = spec->rw_seq_nr;
		if (spec->percentage_random[d] >= 100 ||
		    rng_below(&ls->rng, 100) < spec->percentage_random[d]) {
			uint64_t slot = rng_below(&ls->rng, f->nblocks[d]);
			if (ls->maps)
				slot = map_slot(ls, f, d, slot);
			/* verify refuses sizes that vary: here a slot is a block. */
			else if (ls->vs && d == DIR_WRITE)
				slot = verify_pick_block(ls->vs, (unsigned)(f - ls->t->files), slot);
			*off = slot * ls->bsg[d].align;
			*fresh_random = true;
			return true;
		}
		return seq_offset(ls, f, d, off);
	}
	if (spec->rw_sequencer == RW_SEQ_IDENTICAL) {
		*off = f->last_start[d] == NO_OFFSET ? 0 : f->last_start[d];
		return true;
	}
	return seq_offset(ls, f, d, off);
}

bool next_io_prep(struct loop_state *ls, struct io_unit *io)
{
	const struct job_spec *spec = ls->t->spec;
	enum rw_mode m = spec->rw;
	unsigned vfile;
	uint64_t voff;

	io->verify = 0;
	if (ls->vs && verify_next_read(ls->vs, ls->read_back, &vfile, &voff)) {
		/* A written block read back to be checked (not in the job's
		 * bytes to issue: fio counts these reads apart as well). */
		io->dir = DIR_READ;
		io->verify = 1;
		io->file = vfile;
		io->fd = ls->t->files[vfile].fd;
		io->offset = voff;
		io->len = (uint32_t)spec->bs;
		return true;
	}
	if (m == RW_RW || m == RW_RANDRW)
		io->dir = rng_below(&ls->rng, 100) < spec->rwmixread ? DIR_READ : DIR_WRITE;
	else
		io->dir = rw_writes(m) ? DIR_WRITE : DIR_READ;

	struct thread_file *f = &ls->t->files[ls->next_file];
	if (ls->t->nfiles > 1 && ++ls->next_file == ls->t->nfiles)
		ls->next_file = 0;
	io->fd = f->fd;
	io->file = (unsigned)(f - ls->t->files);
	int d = io->dir;
	const struct bs_gen *g = &ls->bsg[d];
	uint64_t len = bs_next(g, &ls->rng);
	uint64_t off;
	bool fresh_random = false;
	if (!(rw_is_random(m) ? random_offset(ls, f, d, &off, &fresh_random)
			      : seq_offset(ls, f, d, &off)))
		return false;
	/* Near the end of the area the I/O is cut to fit, in multiples of the
	 * smallest size, as fio draws again until one fits (only with sizes
	 * that vary). */
	if (off + len > f->area_len)
		len = bs_fit(g, f->area_len, &off, len);
	if (fresh_random && ls->maps)
		len = map_take(ls, f, d, off, len);
	f->last_start[d] = off;
	f->last_pos[d] = off + len;
	io->offset = f->area_start + off;
	io->len = (uint32_t)len;
	ls->issued_bytes += len;

	if (io->dir == DIR_WRITE) {
		if (syncpoint_write(&ls->sync, io->fd))
			ls->sync_due = true;
		if (ls->vs) {
			verify_fill_write(ls->vs, io);
		} else if (spec->refill_buffers) {
			fill_random(&ls->rng, io->buf, io->len);
		} else {
			/* Cheap scramble: two words per write keep blocks unique for
			 * deduplicating storage without refilling the whole buffer. */
			uint64_t *w = io->buf;
			w[0] = io->offset ^ 0x5bd1e9955bd1e995ULL;
			w[1] = ++ls->write_seq;
		}
	}
	return true;
}
