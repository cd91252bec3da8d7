/* SPDX-License-Identifier: GPL-2.0-or-later */
/* next_io.c - what the job's next I/O is: its direction (rw, rwmixread),
 * its file (round robin), its offset (sequential, or random on the
 * blockalign grid), its size (engine/blocksize.h) and its data. Apart
 * from engine.c, which keeps I/Os in flight, because fio's job options
 * mostly shape this part. Per-I/O path: no allocation, no locks. */
#include "config.h"
#include "engine/loop.h"

#include "engine/verify.h"

void next_io_setup(struct loop_state *ls)
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

/* A random job's offset: a fresh random start every rw_seq_nr I/Os (each
 * of them random only percentage_random times in 100); between them the
 * I/Os run on from the last (rw_sequencer=sequential) or repeat it
 * (identical). false as seq_offset. */
static bool random_offset(struct loop_state *ls, struct thread_file *f, int d, uint64_t *off)
{
	const struct job_spec *spec = ls->t->spec;
	bool fresh = spec->rw_seq_nr && !--ls->seq_left;
	if (fresh) {
		ls->seq_left = spec->rw_seq_nr;
		if (spec->percentage_random[d] >= 100 ||
		    rng_below(&ls->rng, 100) < spec->percentage_random[d]) {
			uint64_t slot = rng_below(&ls->rng, f->nblocks[d]);
			/* verify refuses sizes that vary: here a slot is a block. */
			if (ls->vs && d == DIR_WRITE)
				slot = verify_pick_block(ls->vs, (unsigned)(f - ls->t->files), slot);
			*off = slot * ls->bsg[d].align;
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
	if (!(rw_is_random(m) ? random_offset(ls, f, d, &off) : seq_offset(ls, f, d, &off)))
		return false;
	/* Near the end of the area the I/O is cut to fit, in multiples of the
	 * smallest size, as fio draws again until one fits (only with sizes
	 * that vary). */
	if (off + len > f->area_len)
		len = bs_fit(g, f->area_len, &off, len);
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
