/* SPDX-License-Identifier: GPL-2.0-or-later */
/* next_io.c - what the job's next I/O is: its direction (rw, rwmixread),
 * its file (round robin), its offset (sequential, or random on the
 * blockalign grid), its size (engine/blocksize.h) and its data. Apart
 * from engine.c, which keeps I/Os in flight, because fio's job options
 * mostly shape this part; what it draws from is made ready in
 * next_io_setup.c. Per-I/O path: no allocation, no locks. */
#include "config.h"
#include "engine/loop.h"

#include <stdlib.h>

#include "engine/verify.h"
#include "util/clock.h"

/* On an engine that queues (libaio, io_uring, null above depth 1) fio
 * ends a pass once it has issued the job's size in it, before it draws
 * anything more; on a synchronous one its count of the pass's bytes
 * stays 0 and the pass ends at the draw that finds the map full
 * (map_slot). Either way the next pass starts its draws where fio's does. */
static bool pass_done(const struct loop_state *ls)
{
	return ls->issued_bytes - ls->pass_start >= ls->pass_size;
}

/* Where an I/O of direction d goes next in f when it follows the last one
 * of that direction (fio keeps a position per direction, so rw=rw reads
 * and writes each walk the area from its start): rw=write:4k skips 4k
 * after each I/O, read:-8k steps back and wraps round to the end.
 * SEQ_NONE when the offset falls past the area's end and fio would end
 * the job there (so a job with holes moves fewer bytes than size, as in
 * fio); SEQ_RANDOM where a random job takes a random block instead. */
enum seq_next { SEQ_OFFSET, SEQ_NONE, SEQ_RANDOM };
static enum seq_next seq_offset(struct loop_state *ls, struct thread_file *f, int d,
				uint64_t *off)
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
		const struct job_spec *spec = ls->t->spec;
		/* A random job's sequential run (randread:8,
		 * percentage_random), as fio's: round to the start when
		 * time_based with one file; at the file's own end a random
		 * block instead (random_offset); short of it, past the area,
		 * the end as below. */
		if (rw_is_random(spec->rw)) {
			if (spec->time_based && ls->t->nfiles == 1) {
				*off = 0;
				return SEQ_OFFSET;
			}
			if (f->area_start + f->last_pos[d] >= f->file_size)
				return SEQ_RANDOM;
		}
		/* fio wraps round only a job of one file: of several, each
		 * ends by itself (next_io_prep). */
		if (ls->t->nfiles > 1) {
			ls->file_end = true;
			return SEQ_NONE;
		}
		if (!ls->seq_wraps) {
			if (!ls->passes_left)
				return SEQ_NONE;
			ls->passes_left--; /* loops: the next pass from the start */
		}
		pos = 0;
	}
	*off = pos;
	return SEQ_OFFSET;
}

/* The random map's say on a random block (slot, in direction d's
 * alignment): the drawn one if it is free in this pass, else the next free
 * one after it, wrapping round, as fio's map gives it. A full map starts
 * a new pass (fio resets it when the job wants more than one pass: loops,
 * io_size, time_based). */
static uint64_t map_slot(struct loop_state *ls, const struct thread_file *f, int d, uint64_t slot)
{
	const struct job_spec *spec = ls->t->spec;
	struct randmap *m = &ls->rf[f - ls->t->files].map;
	uint64_t k = ls->bsg[d].align / ls->map_unit;
	uint64_t b = slot;
	if (b < m->nbits && !randmap_isset(m, b))
		return slot;
	if (k > 1) {
		/* A direction whose smallest size is k of the map's blocks:
		 * fio 3.33 indexes the map by the direction's own block
		 * number (bit n for its block n; io_u.c marks with that
		 * direction's min_bs), so its blocks and the other
		 * direction's share bits. Its next free bit is its next
		 * block; one past the area ends the pass, as fio's
		 * get_next_offset fails there. Followed so the job moves the
		 * bytes fio's does (about half of size with bs=4k,64k). */
		uint64_t area = ls->zoned ? ls->zone_range : f->area_len;
		b = randmap_next_free(m, b);
		if (b != RANDMAP_NONE && b < area / ls->bsg[d].align)
			return b;
		/* Of several files, this one is done (fio's fill fails). */
		if (b != RANDMAP_NONE && ls->t->nfiles > 1) {
			ls->file_end = true;
			return NO_OFFSET;
		}
		/* There fio's file is done, and with it the pass of a job
		 * of one file sized by size= (loops: the next pass). */
		if (b != RANDMAP_NONE && !spec->time_based && !spec->io_size) {
			if (!ls->passes_left)
				return NO_OFFSET;
			ls->passes_left--;
			ls->pass_ended = true;
			return NO_OFFSET;
		}
		goto full;
	}
	/* The next free block; a map with none is full. */
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
full:
	/* In strided zones a full map is one whose zone's bytes skipped a
	 * multiple of zonerange (mixed sizes): fio ends the job there unless
	 * it runs on (time_based, io_size, loops). */
	if (ls->zoned && !spec->time_based && !spec->io_size && !ls->passes_left)
		return NO_OFFSET;
	/* fio ends the pass on the draw that finds the map full (its
	 * direction and this offset drawn, no size), and the next pass's
	 * first I/O draws all afresh (next_io_prep); time_based clears the
	 * map and draws again, going on from where it is. Of several files
	 * the file is done and the I/O goes to another (next_io_prep),
	 * unless the files are chosen by zipf, pareto or normal: then, as
	 * under time_based, it starts over. */
	if (!spec->time_based && !ls->zoned && ls->t->nfiles == 1) {
		ls->pass_ended = true;
		return NO_OFFSET;
	}
	if (!spec->time_based && ls->t->nfiles > 1 && ls->fsv.kind < FSV_ZIPF) {
		ls->file_end = true;
		return NO_OFFSET;
	}
	randmap_reset(m);
	/* fio starts a file of several over without new seeds. */
	if (ls->reseed_passes && !spec->time_based && ls->t->nfiles == 1)
		next_io_seed(ls);
	return fio_rand_block(&ls->off_rng, ls->rf[f - ls->t->files].fio_blocks[d]);
}

/* Marks the I/O at off (from the area's start) in the map, and cuts it
 * where a block already done begins, in multiples of the smallest size,
 * as fio's map cuts it. Returns the length. */
static uint64_t map_take(struct loop_state *ls, const struct thread_file *f, int d, uint64_t off,
			 uint64_t len)
{
	struct randmap *m = &ls->rf[f - ls->t->files].map;
	/* fio's unit is the direction's smallest size, its block number
	 * the bit (map_slot): the map's own block where both directions'
	 * smallest sizes agree. */
	uint64_t unit = ls->bsg[d].min;
	uint64_t got = randmap_take(m, off / unit, (len + unit - 1) / unit) * unit;
	if (!got || got >= len)
		return len;
	return got;
}

/* Where a random start of direction d falls in f, as the job's
 * random_distribution and random_generator place it; NO_OFFSET where
 * fio ends the job (a full map in strided zones). */
static uint64_t random_start(struct loop_state *ls, struct thread_file *f, int d)
{
	const struct job_spec *spec = ls->t->spec;
	struct rand_file *rf = &ls->rf[f - ls->t->files];
	uint64_t align = ls->bsg[d].align, off, slot;

	switch (spec->random_distribution) {
	case DIST_ZIPF:
	case DIST_PARETO:
	case DIST_NORMAL:
		off = randdist_next(spec, rf, &ls->rng) * ls->range_unit;
		return off - off % align;
	case DIST_ZONED:
	case DIST_ZONED_ABS:
		if (spec->nzones) { /* "zoned:" alone is uniform, as in fio */
			unsigned v = (unsigned)rng_below(&ls->rng, 100);
			uint64_t lo, n;
			if (spec->random_distribution == DIST_ZONED) {
				lo = ls->zone_lo[v] * f->nblocks[d] / 100;
				n = f->nblocks[d] * (ls->zone_hi[v] - ls->zone_lo[v]) / 100;
			} else {
				lo = ls->zone_lo[v] / align;
				n = ls->zone_hi[v] / align - lo;
			}
			return (lo + (n ? rng_below(&ls->rng, n) : 0)) * align;
		}
		break;
	default:
		break;
	}
	if (spec->random_generator == RGEN_LFSR) {
		off = randdist_perm_next(rf) * ls->map_unit;
		return off - off % align;
	}
	/* fio's uniform draw, from fio's offset generator and seed. */
	slot = fio_rand_block(&ls->off_rng, rf->fio_blocks[d]);
	if (ls->use_map && (slot = map_slot(ls, f, d, slot)) == NO_OFFSET)
		return NO_OFFSET;
	/* verify refuses sizes that vary: here a slot is a block. */
	else if (ls->vs && d == DIR_WRITE)
		slot = verify_pick_block(ls->vs, (unsigned)(f - ls->t->files), slot);
	return slot * align;
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
		    taus88_below(&ls->seq_rand[d], 100) < spec->percentage_random[d]) {
			*off = random_start(ls, f, d);
			*fresh_random = true;
			return *off != NO_OFFSET;
		}
	} else if (spec->rw_sequencer == RW_SEQ_IDENTICAL) {
		*off = f->last_start[d] == NO_OFFSET ? 0 : f->last_start[d];
		return true;
	}
	enum seq_next next = seq_offset(ls, f, d, off);
	if (next != SEQ_RANDOM)
		return next == SEQ_OFFSET;
	/* At the file's end fio takes a random block instead, without
	 * marking it in the map (its sequential I/Os never are). */
	*off = random_start(ls, f, d);
	return *off != NO_OFFSET;
}

/* fio's strided zones, before each I/O's offset (d: its direction):
 * once zonesize bytes are moved in a zone, the area moves zonerange +
 * zoneskip on (back to the first zone past the file's end); a position
 * past the zone's range goes back to its start; and each time the bytes
 * moved in the zone reach a multiple of zonerange (0 included) every
 * direction starts from the zone's start again, with a fresh random map. */
__attribute__((noinline, cold)) static void zone_step(struct loop_state *ls, struct thread_file *f, int d)
{
	const struct job_spec *spec = ls->t->spec;
	uint64_t range = ls->zone_range ? ls->zone_range : 1; /* set up > 0 */
	if (ls->zone_bytes >= spec->zonesize) {
		ls->zone_bytes = 0;
		uint64_t step, next;
		if (__builtin_add_overflow(range, spec->zoneskip, &step) ||
		    __builtin_add_overflow(f->area_start, step, &next) || next >= f->file_size)
			next = ls->zone_home;
		f->area_start = next;
		f->last_pos[d] = 0;
	}
	if (f->last_pos[d] >= range)
		f->last_pos[d] = 0;
	if (ls->zone_bytes % range == 0) {
		for (int k = 0; k < DIR_ALL; k++) {
			f->last_pos[k] = 0;
			f->last_start[k] = NO_OFFSET;
		}
		if (ls->rf) {
			struct rand_file *rf = &ls->rf[f - ls->t->files];
			if (ls->use_map)
				randmap_reset(&rf->map);
			rf->perm_next = 0;
		}
	}
}

/* A mixed job's next direction, by fio's rule (its shares are of I/Os,
 * not bytes): while the direction's I/Os are at or past mix_until, each
 * I/O draws (rwmixread in 100 for a read); a draw that switches sets
 * mix_until to the new direction's share of the old one's I/Os so far,
 * so a direction that lags catches up in one run. */
static int mix_dir(struct loop_state *ls)
{
	const struct job_spec *spec = ls->t->spec;
	int d = ls->mix_dir;
	if (ls->mix_issued[d] >= ls->mix_until) {
		int next = taus88_below(&ls->mix_rng, 100) < spec->rwmixread ? DIR_READ : DIR_WRITE;
		if (next != d) {
			uint64_t share = next == DIR_READ ? spec->rwmixread : 100 - spec->rwmixread;
			ls->mix_until = ls->mix_issued[d] * share / 100;
		}
		ls->mix_dir = d = next;
	}
	/* Under a rate cap fio turns to the other direction while this one
	 * is ahead of its schedule, and goes on with that one. */
	if (ls->paced)
		ls->mix_dir = d = pacing_dir(&ls->pace, d, (unsigned)spec->rwmixread, now_ns());
	ls->mix_issued[d]++;
	return d;
}

/* The direction of a job that has one (job.h puts those first). */
static const uint8_t mode_dir[RW_RW] = {
	[RW_READ] = DIR_READ,   [RW_WRITE] = DIR_WRITE,     [RW_RANDREAD] = DIR_READ,
	[RW_RANDWRITE] = DIR_WRITE, [RW_TRIM] = DIR_TRIM, [RW_RANDTRIM] = DIR_TRIM,
};

/* trimwrite, as fio: a trim, then a write where it began; the file's
 * last trim and last write starting at the same place mean the pair is
 * done and a new trim is due. */
static int trimwrite_dir(const struct thread_file *f)
{
	return f->last_start[DIR_WRITE] == f->last_start[DIR_TRIM] ? DIR_TRIM : DIR_WRITE;
}

static bool past_end_pass(struct loop_state *ls);
static bool file_gives_out(struct loop_state *ls, struct io_unit *io, struct thread_file *f,
			   int d);

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
		if (!ls->read_back)
			ls->pass_issued += io->len;
		return true;
	}
	if (ls->pass_by_bytes && ls->use_map && !spec->time_based && !ls->zoned && pass_done(ls))
		next_io_new_pass(ls);
	/* The file first, as fio chooses it before the direction; when
	 * every file is done the pass is over. */
	unsigned fi = 0;
	if (ls->t->nfiles > 1) {
		int n = file_service_next(&ls->fsv);
		if (n < 0)
			return past_end_pass(ls) && next_io_prep(ls, io);
		fi = (unsigned)n;
	}
	struct thread_file *f = &ls->t->files[fi];
	/* One comparison tells the modes that choose per I/O from the rest. */
	if (m >= RW_RW)
		io->dir = rw_trimwrites(m) ? trimwrite_dir(f) : mix_dir(ls);
	else
		io->dir = mode_dir[m];
	io->fd = f->fd;
	io->file = (unsigned)(f - ls->t->files);
	int d = io->dir;
	const struct bs_gen *g = &ls->bsg[d];
	uint64_t off, len;
	bool fresh_random = false;
	if (m == RW_RANDTRIMWRITE && d == DIR_WRITE) {
		/* fio's randtrimwrite: the write covers the block just
		 * trimmed, and takes nothing of the random map. */
		off = f->last_start[DIR_TRIM];
		len = f->last_pos[DIR_TRIM] - off;
		goto placed;
	}
	if (__builtin_expect(ls->zoned, 0))
		zone_step(ls, f, d);
	if (!(rw_is_random(m) ? random_offset(ls, f, d, &off, &fresh_random)
			      : seq_offset(ls, f, d, &off) == SEQ_OFFSET)) {
		if (ls->file_end)
			return file_gives_out(ls, io, f, d);
		if (!ls->pass_ended)
			return false;
		/* fio's failed I/O is not issued: its direction's count
		 * stays (the direction itself, as drawn, stays too). */
		ls->pass_ended = false;
		if (m >= RW_RW && !rw_trimwrites(m))
			ls->mix_issued[d]--;
		next_io_new_pass(ls);
		return next_io_prep(ls, io);
	}
	/* The size after the offset, as fio draws it: one that fits. Sizes
	 * are checked above 0; kept safe for the divisions below. */
	if (!g->min)
		return false;
	uint64_t room = off < f->area_len ? f->area_len - off : 0;
	if (__builtin_expect(ls->zoned, 0)) {
		/* fio measures a size that varies against the first zone's
		 * area, wherever the zone is now: none fits past it. */
		uint64_t at = f->area_start + off, end = ls->zone_home + f->area_len;
		room = end > at ? end - at : 0;
		if (g->min != g->max && room < g->min)
			return false;
	}
	len = bs_next(g, &ls->bs_rng[d], room >= g->min ? room : UINT64_MAX);
	/* Where not even the smallest size fits (a sequential run that ends
	 * past the area), the I/O is cut or moved back to fit (not in a
	 * zone, which fio lets run past the area up to the file's end). */
	if (!ls->zoned && off + len > f->area_len)
		len = bs_fit(g, f->area_len, &off, len);
	/* An area that reaches past the file's end (offset_increment with a
	 * size, a size larger than the device): fio ends the pass at the
	 * first I/O that would cross it, before marking its random map. */
	if (__builtin_expect(f->area_start + off + len > f->file_size, 0) && !ls->zoned)
		return ls->t->nfiles > 1 ? file_gives_out(ls, io, f, d)
					 : past_end_pass(ls) && next_io_prep(ls, io);
	if (fresh_random && ls->use_map)
		len = map_take(ls, f, d, off, len);
	/* verify_state_load: fio's read ends where the saved writes did. */
	if (d == DIR_READ && ls->vs && verify_state_stop(ls->vs, io->file, f->area_start + off))
		return false;
	if (__builtin_expect(ls->zoned, 0)) {
		/* fio ends the job at an I/O that would run past the file. */
		if (f->area_start + off + len > f->file_size)
			return false;
		ls->zone_bytes += len;
	}
	/* A trim drawn at the last trim's offset: as fio, the last write's
	 * start moves off it, so a write still follows. */
	if (m == RW_RANDTRIMWRITE && f->last_start[DIR_TRIM] == off)
		f->last_start[DIR_WRITE]--;
placed:
	f->last_start[d] = off;
	f->last_pos[d] = off + len;
	io->offset = f->area_start + off;
	io->len = (uint32_t)len;
	/* trimwrite, randtrimwrite: as fio, the writes alone count
	 * against the size. */
	if (d != DIR_TRIM || !ls->trims_uncounted) {
		ls->issued_bytes += len;
		ls->pass_issued += len;
	}
	ls->issued_ios++;

	if (io->dir == DIR_WRITE) {
		if (syncpoint_write(&ls->sync, io->fd))
			ls->sync_due = true;
		if (ls->vs) {
			verify_fill_write(ls->vs, io);
		} else if (ls->buf.refill) {
			buf_fill(&ls->buf, io->buf, io->len);
		} else if (ls->buf.scramble) {
			/* fio stamps the I/O's start time; the clock read
			 * after the last submit is the one this I/O starts at. */
			buf_scramble(io->buf, io->len, io->offset,
				     ls->last_submit_ns ? ls->last_submit_ns : now_ns());
		}
	}
	return true;
}

/* fio's pass that ends at the file's end: a pass that moved nothing ends
 * the job (fio terminates a job whose pass did no I/O); otherwise, as
 * fio's keep_running, time_based and io_size go on and loops counts the
 * pass, and the next pass starts from the area's start with the random
 * map cleared and, under randrepeat, the seeds again. */
__attribute__((noinline, cold)) static bool past_end_pass(struct loop_state *ls)
{
	const struct job_spec *spec = ls->t->spec;
	bool moved = false;
	for (unsigned i = 0; i < ls->t->nfiles && !moved; i++)
		for (int d = 0; d < DIR_ALL; d++)
			moved = moved || ls->t->files[i].last_start[d] != NO_OFFSET;
	if (!moved)
		return false;
	if (!spec->time_based && !spec->io_size) {
		if (!ls->passes_left)
			return false;
		ls->passes_left--;
	}
	next_io_new_pass(ls);
	return true;
}

/* fio's file that has no next offset in this pass: done (the other files
 * go on; all done end the pass), or with a zipf, pareto or normal choice
 * of files started over. Either way the I/O is drawn again, its
 * direction too, as fio's fill_io_u draws it anew; the failed draw's
 * direction is not counted, as fio counts only I/Os it issues. */
__attribute__((noinline, cold)) static bool file_gives_out(struct loop_state *ls,
							 struct io_unit *io,
							 struct thread_file *f, int d)
{
	enum rw_mode m = ls->t->spec->rw;
	ls->file_end = false;
	if (m >= RW_RW && !rw_trimwrites(m))
		ls->mix_issued[d]--;
	unsigned i = (unsigned)(f - ls->t->files);
	bool restarted = !file_service_give_up(&ls->fsv, i);
	if (restarted) {
		/* Files that give nothing even when started over, one
		 * after another: the end. */
		if (++ls->restarts > 2 * ls->t->nfiles) {
			ls->restarts = 0;
			return false;
		}
		for (int k = 0; k < DIR_ALL; k++) {
			f->last_pos[k] = 0;
			f->last_start[k] = NO_OFFSET;
		}
		if (ls->rf) {
			if (ls->use_map)
				randmap_reset(&ls->rf[i].map);
			ls->rf[i].perm_next = 0;
		}
	}
	bool placed = next_io_prep(ls, io);
	/* Counted down the calls that found nothing, cleared on the way
	 * back up: not on the per-I/O path. */
	if (restarted)
		ls->restarts = 0;
	return placed;
}
