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
		}
}

void next_io_prep(struct loop_state *ls, struct io_unit *io)
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
		return;
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
	const struct bs_gen *g = &ls->bsg[io->dir];
	uint64_t len = bs_next(g, &ls->rng);
	if (rw_is_random(m)) {
		uint64_t slot = rng_below(&ls->rng, f->nblocks[io->dir]);
		/* verify refuses sizes that vary: here a slot is a block. */
		if (ls->vs && io->dir == DIR_WRITE)
			slot = verify_pick_block(ls->vs, io->file, slot);
		uint64_t off = slot * g->align;
		/* Near the end of the area the I/O is cut to fit, as fio
		 * draws again until one fits (only with sizes that vary). */
		if (off + len > f->area_len)
			len = bs_fit(g, f->area_len, &off, len);
		io->offset = f->area_start + off;
	} else {
		if (f->seq_next + len > f->area_len) {
			uint64_t room = f->area_len - f->seq_next;
			if (room >= g->min)
				len = room - room % g->min;
			else
				f->seq_next = 0; /* time_based: wrap around the area */
		}
		io->offset = f->area_start + f->seq_next;
		f->seq_next += len;
	}
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
}
