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
#include "util/clock.h"
#include "i18n.h"

/* Whether a random job keeps fio's random map: fio's default
 * (norandommap=0) with uniform offsets, unless blockalign moves them off
 * the smallest size's grid (fio turns the map off then, and with any other
 * distribution, and lfsr needs none). blktop also keeps none when a
 * direction's size is not a multiple of the other's, where a block of one
 * is not whole blocks of the map. */
static bool wants_map(const struct loop_state *ls)
{
	const struct job_spec *spec = ls->t->spec;
	if (spec->norandommap || spec->random_distribution != DIST_RANDOM ||
	    spec->random_generator == RGEN_LFSR || !ls->map_unit)
		return false;
	for (int d = 0; d < DIR_COUNT; d++) {
		/* trims have the writes' sizes (job.h) */
		if (!(d == DIR_READ ? rw_reads(spec->rw) : rw_modifies(spec->rw)))
			continue;
		if (ls->bsg[d].align != ls->bsg[d].min || ls->bsg[d].align % ls->map_unit)
			return false;
	}
	return true;
}

/* fio's table of zones: percent v of the I/Os goes to zone_lo[v]..zone_hi[v]. */
static void zones_setup(struct loop_state *ls)
{
	const struct job_spec *spec = ls->t->spec;
	unsigned v = 0;
	uint64_t at = 0;
	for (unsigned i = 0; i < spec->nzones; i++) {
		for (unsigned k = 0; k < spec->zones[i].pct && v < 100; k++, v++) {
			ls->zone_lo[v] = at;
			ls->zone_hi[v] = at + spec->zones[i].size;
		}
		at += spec->zones[i].size;
	}
}

int next_io_check(const struct job_spec *spec, char *err, size_t errlen)
{
	/* A trimmed block has no data to check (fio's trim verify is
	 * options of its own, not run here). */
	if (rw_trims(spec->rw) && (spec->verify || spec->verify_pattern[0])) {
		snprintf(err, errlen, _("%s: rw=%s with verify: not supported"), spec->name,
			 rw_name(spec->rw));
		return 1;
	}
	/* The rates and the log files keep reads and writes
	 * (engine/pacing.c, engine/joblog.c). */
	if (rw_trims(spec->rw) && pacing_wanted(spec)) {
		snprintf(err, errlen, _("%s: rw=%s with rate or thinktime options: not supported"),
			 spec->name, rw_name(spec->rw));
		return 1;
	}
	if (rw_trims(spec->rw) && (spec->write_bw_log || spec->write_iops_log ||
				   spec->write_lat_log || spec->write_hist_log)) {
		snprintf(err, errlen, _("%s: rw=%s with write_*_log: not supported"), spec->name,
			 rw_name(spec->rw));
		return 1;
	}
	/* fio 3.33's randtrimwrite writes at the trim's offset counted
	 * again from the area's start: past it with an offset, where fio
	 * ends the job after its first trim. Sizes that vary are not
	 * drawn as fio's there. Both refused rather than run otherwise. */
	if (spec->rw == RW_RANDTRIMWRITE &&
	    (spec->offset || spec->offset_pct || spec->offset_increment ||
	     spec->offset_increment_pct)) {
		snprintf(err, errlen, _("%s: rw=randtrimwrite with offset or offset_increment: not supported (fio 3.33 ends such a job after one trim)"),
			 spec->name);
		return 1;
	}
	if (spec->rw == RW_RANDTRIMWRITE && (spec->bsrange[DIR_WRITE][0] || spec->bssplit_n[DIR_WRITE])) {
		snprintf(err, errlen, _("%s: rw=randtrimwrite with bsrange or bssplit: not supported"),
			 spec->name);
		return 1;
	}
	/* fio doubles trimwrite's number_ios again at each loop's start: a
	 * count blktop does not copy. */
	if (rw_trimwrites(spec->rw) && spec->number_ios && spec->loops > 1 && !spec->time_based) {
		snprintf(err, errlen, _("%s: rw=%s with number_ios and loops: not supported"),
			 spec->name, rw_name(spec->rw));
		return 1;
	}
	/* fio's own refusals of the zone options. */
	if (spec->zonemode == ZONE_MODE_STRIDED && rw_trimwrites(spec->rw)) {
		snprintf(err, errlen, _("%s: zonemode=strided with rw=%s: not supported"),
			 spec->name, rw_name(spec->rw));
		return 1;
	}
	if (spec->zonemode == ZONE_MODE_NONE && spec->zonesize) {
		snprintf(err, errlen, _("%s: zonemode=none and zonesize do not go together"),
			 spec->name);
		return 1;
	}
	/* verify finds a block by its place in the area, which zones move. */
	if (spec->zonesize && spec->zonemode != ZONE_MODE_NONE &&
	    (spec->verify || spec->verify_pattern[0])) {
		snprintf(err, errlen, _("%s: zonemode=strided with verify: not supported"),
			 spec->name);
		return 1;
	}
	/* With sizes that vary, a random I/O near a zone's end runs past
	 * fio's random map of the zone, where fio's marks go beyond the map
	 * (its bits there outlive the zone); blktop does not copy that. */
	unsigned long long lo, hi, lo_w, hi_w;
	job_bs_dir(spec, DIR_READ, &lo, &hi);
	job_bs_dir(spec, DIR_WRITE, &lo_w, &hi_w);
	if (spec->zonemode == ZONE_MODE_STRIDED && rw_is_random(spec->rw) && !spec->norandommap &&
	    spec->random_distribution == DIST_RANDOM && spec->random_generator != RGEN_LFSR &&
	    (lo != hi || lo_w != hi_w || (rw_reads(spec->rw) && rw_modifies(spec->rw) && lo != lo_w))) {
		snprintf(err, errlen,
			 _("%s: zonemode=strided with random I/Os of more than one size: not supported unless norandommap=1"),
			 spec->name);
		return 1;
	}
	if (spec->zonemode == ZONE_MODE_STRIDED && !spec->zonesize) {
		snprintf(err, errlen, _("%s: zonemode=strided needs zonesize"), spec->name);
		return 1;
	}
	if (spec->random_generator == RGEN_LFSR && (spec->random_distribution == DIST_ZONED ||
						    spec->random_distribution == DIST_ZONED_ABS)) {
		snprintf(err, errlen, _("%s: random_generator=lfsr with random_distribution=%s: not supported"),
			 spec->name, spec->random_distribution == DIST_ZONED ? "zoned" : "zoned_abs");
		return 1;
	}
	return 0;
}

/* The span random offsets are drawn in and the random map covers: the
 * area, but no more than the whole file, as fio's (the smaller of its
 * io_size and the file's size, wherever the area starts: a clone whose
 * area reaches past the end draws there too, and ends its pass at the
 * first such draw). */
static uint64_t draw_span(const struct thread_file *f)
{
	return f->area_len < f->file_size ? f->area_len : f->file_size;
}

static int rand_setup(struct loop_state *ls)
{
	struct job_thread *t = ls->t;
	const struct job_spec *spec = t->spec;
	unsigned long long lo, hi, lo_w;

	if (!rw_is_random(spec->rw) || !t->nfiles)
		return 0;
	ls->map_unit = (uint32_t)job_bs_min(spec);
	job_bs_dir(spec, DIR_READ, &lo, &hi);
	job_bs_dir(spec, DIR_WRITE, &lo_w, &hi);
	ls->range_unit = (uint32_t)(lo < lo_w ? lo : lo_w);
	if (!ls->map_unit || !ls->range_unit) /* sizes are checked above 0; kept safe */
		ls->map_unit = ls->range_unit = 1;
	ls->use_map = wants_map(ls);
	zones_setup(ls);
	ls->rf = calloc(t->nfiles, sizeof(*ls->rf));
	if (!ls->rf)
		goto nomem;
	for (unsigned i = 0; i < t->nfiles; i++) {
		struct rand_file *f = &ls->rf[i];
		/* Strided zones: fio draws in one zone, its map one zone wide. */
		uint64_t len = ls->zoned ? ls->zone_range : draw_span(&t->files[i]);
		randdist_init(f, spec, (len + ls->range_unit - 1) / ls->range_unit,
			      len / ls->map_unit, &ls->rng);
		for (int d = 0; d < DIR_ALL; d++) {
			/* fio's last_block: starts on the blockalign grid
			 * where the smallest size still fits. */
			uint64_t min = ls->bsg[d].min, align = ls->bsg[d].align;
			uint64_t span = len - (min > align && len > min - align ? min - align : 0);
			f->fio_blocks[d] = span / align ? span / align : 1;
		}
		if (ls->use_map && randmap_init(&f->map, len / ls->map_unit))
			goto nomem;
		if (spec->random_distribution != DIST_ZONED_ABS || !spec->nzones)
			continue;
		/* Only zones that take I/Os count, as fio checks those it draws. */
		uint64_t end = 0;
		for (unsigned v = 0; v < 100; v++)
			end = ls->zone_hi[v] > end ? ls->zone_hi[v] : end;
		if (end > len) {
			snprintf(ls->why, sizeof(ls->why),
				 _("random_distribution=zoned_abs: the zones end at %llu bytes, past the end of %s (%llu bytes)"),
				 (unsigned long long)end, t->files[i].path, (unsigned long long)len);
			return -EINVAL;
		}
	}
	return 0;
nomem:
	snprintf(ls->why, sizeof(ls->why),
		 _("no memory for the random map (norandommap=1 runs without one)"));
	return -ENOMEM;
}

void next_io_seed(struct loop_state *ls)
{
	const struct job_spec *spec = ls->t->spec;
	uint64_t base = ls->seed_base;
	unsigned tn = ls->thread_number;
	bool use64 = spec->random_generator == RGEN_TAUSWORTHE64;
	fio_rand_seed(&ls->off_rng, fio_block_seed(ls->fixed_block_seed, tn, base), use64);
	for (int d = 0; d < DIR_ALL; d++) {
		fio_rand_seed(&ls->bs_rng[d], fio_seed(base, tn, FIO_SEED_BS + d), use64);
		/* fio seeds both directions' choice alike. */
		taus88_seed(&ls->seq_rand[d], (uint32_t)fio_seed(base, tn, FIO_SEED_SEQ_RAND));
	}
	taus88_seed(&ls->mix_rng, (uint32_t)fio_seed(base, tn, FIO_SEED_MIX));
	cmdprio_seed(&ls->cmdprio, base, tn);
}

void next_io_new_pass(struct loop_state *ls)
{
	struct job_thread *t = ls->t;
	for (unsigned i = 0; i < t->nfiles; i++) {
		for (int d = 0; d < DIR_ALL; d++) {
			t->files[i].last_pos[d] = 0;
			t->files[i].last_start[d] = NO_OFFSET;
		}
		if (ls->rf)
			randmap_reset(&ls->rf[i].map);
	}
	ls->next_file = 0;
	ls->seq_left = 1;
	/* fio's rwmix_issues goes back to 0 at each pass (its I/O counts
	 * do not): the pass's first I/O draws its direction afresh. */
	ls->mix_until = 0;
	ls->pass_start = ls->issued_bytes;
	if (ls->reseed_passes)
		next_io_seed(ls);
}

/* On an engine that queues (libaio, io_uring, null above depth 1) fio
 * ends a pass once it has issued the job's size in it, before it draws
 * anything more; on a synchronous one its count of the pass's bytes
 * stays 0 and the pass ends at the draw that finds the map full
 * (map_slot). Either way the next pass starts its draws where fio's does. */
static bool pass_done(const struct loop_state *ls)
{
	return ls->issued_bytes - ls->pass_start >= ls->pass_size;
}

void next_io_teardown(struct loop_state *ls)
{
	if (ls->rf)
		for (unsigned i = 0; i < ls->t->nfiles; i++)
			randmap_free(&ls->rf[i].map);
	free(ls->rf);
	ls->rf = NULL;
}

int next_io_setup(struct loop_state *ls)
{
	struct job_thread *t = ls->t;
	const struct job_spec *spec = t->spec;

	for (int d = 0; d < DIR_ALL; d++)
		bs_gen_init(&ls->bsg[d], spec, d);
	/* fio: strided zones apply to a job with one file open at a time
	 * only (none otherwise). */
	unsigned open = spec->openfiles ? (unsigned)spec->openfiles : t->nfiles;
	ls->zoned = spec->zonemode == ZONE_MODE_STRIDED && t->nfiles && open <= 1;
	if (ls->zoned && t->nfiles > 1) {
		snprintf(ls->why, sizeof(ls->why),
			 _("zonemode=strided with openfiles=1 over %u files: not supported"), t->nfiles);
		return -EINVAL;
	}
	if (ls->zoned) {
		ls->zone_home = t->files[0].area_start;
		ls->zone_bytes = 0;
		ls->zone_range = spec->zonerange ? spec->zonerange : spec->zonesize;
	}
	for (unsigned i = 0; i < t->nfiles; i++)
		for (int d = 0; d < DIR_ALL; d++) {
			/* Offsets where an I/O of the smallest size still fits. */
			uint64_t len = ls->zoned ? ls->zone_range : draw_span(&t->files[i]);
			uint64_t span = len >= ls->bsg[d].min ? len - ls->bsg[d].min : 0;
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
		 spec->percentage_random[DIR_WRITE] < 100 ||
		 (rw_trims(spec->rw) && spec->percentage_random[DIR_TRIM] < 100)));
	ls->seq_wraps = !modified || spec->time_based || spec->io_size;
	ls->passes_left = spec->loops > 1 ? (unsigned)spec->loops - 1 : 0;
	ls->trims_uncounted = rw_trimwrites(spec->rw);
	/* fio's size per pass: the files' areas. */
	for (unsigned i = 0; i < t->nfiles; i++)
		ls->pass_size += t->files[i].area_len;
	return rand_setup(ls);
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
	struct randmap *m = &ls->rf[f - ls->t->files].map;
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
	/* In strided zones a full map is one whose zone's bytes skipped a
	 * multiple of zonerange (mixed sizes): fio ends the job there unless
	 * it runs on (time_based, io_size, loops). */
	const struct job_spec *spec = ls->t->spec;
	if (ls->zoned && !spec->time_based && !spec->io_size && !ls->passes_left)
		return NO_OFFSET;
	/* fio ends the pass on the draw that finds the map full (its
	 * direction and this offset drawn, no size), and the next pass's
	 * first I/O draws all afresh (next_io_prep); time_based clears the
	 * map and draws again, going on from where it is. With more files
	 * than one fio goes to the next file instead: blktop clears this
	 * one's map and draws again there. */
	if (!spec->time_based && !ls->zoned && ls->t->nfiles == 1) {
		ls->pass_ended = true;
		return NO_OFFSET;
	}
	randmap_reset(m);
	if (ls->reseed_passes && !spec->time_based)
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
	uint64_t unit = ls->map_unit;
	uint64_t got = randmap_take(m, off / unit, (len + unit - 1) / unit) * unit;
	if (!got || got >= len)
		return len;
	uint64_t min = ls->bsg[d].min;
	got -= got % min;
	return got ? got : min;
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
		return seq_offset(ls, f, d, off);
	}
	if (spec->rw_sequencer == RW_SEQ_IDENTICAL) {
		*off = f->last_start[d] == NO_OFFSET ? 0 : f->last_start[d];
		return true;
	}
	return seq_offset(ls, f, d, off);
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

/* trimwrite, as fio: a trim, then a write where it began; the next file's
 * last trim and last write starting at the same place mean the pair is
 * done and a new trim is due. */
static int trimwrite_dir(const struct loop_state *ls)
{
	const struct thread_file *f = &ls->t->files[ls->next_file];
	return f->last_start[DIR_WRITE] == f->last_start[DIR_TRIM] ? DIR_TRIM : DIR_WRITE;
}

static bool past_end_pass(struct loop_state *ls);

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
	/* One comparison tells the modes that choose per I/O from the rest. */
	if (m >= RW_RW)
		io->dir = rw_trimwrites(m) ? trimwrite_dir(ls) : mix_dir(ls);
	else
		io->dir = mode_dir[m];

	struct thread_file *f = &ls->t->files[ls->next_file];
	if (ls->t->nfiles > 1 && ++ls->next_file == ls->t->nfiles)
		ls->next_file = 0;
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
			      : seq_offset(ls, f, d, &off))) {
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
		return past_end_pass(ls) && next_io_prep(ls, io);
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
