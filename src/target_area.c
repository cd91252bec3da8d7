/* SPDX-License-Identifier: GPL-2.0-or-later */
/* target_area.c - the area a clone works on in an open target: offset,
 * offset_increment and size (as numbers or shares), checked against the
 * target's size and block alignment with fio's rules for a clone that
 * starts past the end. Arithmetic only: target.c opens the target. */
#include "config.h"
#include "target.h"

#include <stdio.h>

#include "i18n.h"
#include "options.h"
#include "util/status.h"

/* pct percent of size, rounded down as fio does, without overflow. */
static uint64_t share_of(uint64_t size, unsigned pct)
{
	return size / 100 * pct + size % 100 * pct / 100;
}

int target_area(const struct target *t, const struct job_spec *job, uint64_t file_size,
		unsigned subjob, uint64_t *start, uint64_t *len_out, char *err, size_t errlen)
{
	char a[32], b[32], c[32];
	uint64_t offset = job->offset;
	unsigned long long bs_min = job_bs_min(job);
	if (!bs_min)
		bs_min = 1; /* the table's minimum is 512: never, but no division by 0 */

	unsigned long long odd = job->direct && t->logical_block
					 ? job_bs_misaligned(job, t->logical_block) : 0;
	if (odd) {
		snprintf(err, errlen,
			 _("bs: %s is not a multiple of %s's logical block size %u (needed with direct=1)"),
			 format_size(odd, a, sizeof(a)), t->path, t->logical_block);
		return BLKTOP_USAGE;
	}
	/* offset=10%, offset_increment=25%: as fio, those shares of the
	 * target, and the sum rounded up to offset_align or the smallest
	 * block. */
	bool align = false;
	if (job->offset_pct) {
		offset = share_of(t->dev_size, job->offset_pct);
		align = true;
	}
	uint64_t inc = job->offset_increment, step;
	if (job->offset_increment_pct) {
		inc = share_of(t->dev_size, job->offset_increment_pct);
		align = true;
	}
	if (__builtin_mul_overflow(inc, (uint64_t)subjob, &step) ||
	    __builtin_add_overflow(offset, step, &offset))
		offset = UINT64_MAX;
	if (align && offset != UINT64_MAX) {
		uint64_t to = job->offset_align ? job->offset_align : bs_min;
		offset = offset / to * to + (offset % to ? to : 0);
	}
	if (job->direct && t->logical_block && offset % t->logical_block) {
		snprintf(err, errlen, _("offset: %llu is not a multiple of the logical block size %u"),
			 (unsigned long long)offset, t->logical_block);
		return BLKTOP_USAGE;
	}
	/* Past the end, as fio 3.33 sets a clone up: with a size the area
	 * stays where offset_increment puts it, and the I/Os that would run
	 * past the end end the pass there (next_io.c), so a clone starting
	 * past it moves nothing and one reaching past it is cut at the end.
	 * Without one fio sizes the area from the offset to the end: at or
	 * past it there is none and that clone fails (exit 1) while the
	 * others run. */
	uint64_t size = file_size ? file_size : job->size;
	if (offset >= t->dev_size && (!size || job->size_pct)) {
		if (offset == t->dev_size)
			snprintf(err, errlen,
				 _("%s: clone %u starts at the end of %s (%s) and no size is given: nothing to do, the clone fails (as in fio)"),
				 job->name, subjob, t->path, format_size(t->dev_size, b, sizeof(b)));
		else
			snprintf(err, errlen,
				 _("%s: clone %u starts at %s, past the end of %s (%s), and no size is given: the clone fails (as in fio)"),
				 job->name, subjob,
				 offset == UINT64_MAX ? "2^64" : format_size(offset, a, sizeof(a)),
				 t->path, format_size(t->dev_size, b, sizeof(b)));
		return TARGET_AREA_FAILS;
	}
	uint64_t len = size ? size : t->dev_size - offset;
	if (job->size_pct) {
		/* size=80%: as fio, that share of the whole target, no more
		 * than lies past the offset, in whole blocks. */
		len = share_of(t->dev_size, job->size_pct);
		if (len > t->dev_size - offset)
			len = t->dev_size - offset;
	}
	if (len < bs_min && (!size || job->size_pct)) {
		/* fio's "blocksize is larger than data set range", for this
		 * clone alone. */
		snprintf(err, errlen,
			 _("%s: clone %u has %s from %s to the end of %s, less than bs %s: the clone fails (as in fio)"),
			 job->name, subjob, format_size(len, a, sizeof(a)),
			 format_size(offset, b, sizeof(b)), t->path,
			 format_size(bs_min, c, sizeof(c)));
		return TARGET_AREA_FAILS;
	}
	if (len < bs_min) {
		snprintf(err, errlen, _("size: %s is smaller than bs %s"),
			 format_size(len, a, sizeof(a)), format_size(bs_min, b, sizeof(b)));
		return BLKTOP_USAGE;
	}
	*start = offset;
	*len_out = len - len % bs_min;
	return 0;
}
