/* SPDX-License-Identifier: GPL-2.0-or-later */
/* next_io_setup.c - the job's offsets, sizes and directions made ready
 * before its first I/O and at each new pass: the option checks, the
 * random map, the zones, the seeds and each file's block counts. Apart
 * from next_io.c, which draws each I/O from them on the per-I/O path;
 * this side runs once per job or pass, so it may allocate. */
#include "config.h"
#include "engine/loop.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

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
	if (!rw_is_random(spec->rw) || !t->nfiles)
		return 0;
	ls->range_unit = (uint32_t)job_bs_min_any(spec);
	/* fio's map has a bit per smallest size of any direction (its
	 * rw_min_bs), the job's or not: bs=4k,16k with rw=randwrite maps 4k
	 * blocks (and its writes take bits as map_slot says). */
	ls->map_unit = ls->range_unit;
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
	file_service_seed(&ls->fsv, spec, fio_seed(base, tn, FIO_SEED_FILE), use64);
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
	file_service_new_pass(&ls->fsv);
	ls->seq_left = 1;
	/* fio's rwmix_issues goes back to 0 at each pass (its I/O counts
	 * do not): the pass's first I/O draws its direction afresh. */
	ls->mix_until = 0;
	ls->pass_start = ls->issued_bytes;
	if (ls->reseed_passes)
		next_io_seed(ls);
}

void next_io_teardown(struct loop_state *ls)
{
	file_service_free(&ls->fsv);
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
