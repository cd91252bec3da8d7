/* SPDX-License-Identifier: GPL-2.0-or-later */
/* resid.c - what the job loop does with an I/O that did not transfer its
 * length, kept off the per-I/O path (engine.c comes here only when the
 * result is not the length): a failure, under continue_on_error's rules,
 * or a read or write cut short, which fio 3.33 does not call an error.
 *
 * fio's rules for a short transfer (its io_u "resid"): a result of more
 * than none and less than asked counts one short I/O (short= in "issued
 * rwts", short_ios in JSON), and the I/O moves on past what was done.
 * While that is still inside the file as fio sized it (a file smaller
 * than the job's area under create_on_open, or one cut down meanwhile),
 * the rest goes out again as an I/O of its own before any new one: the
 * part done is not counted in the bytes, the rest is, when it completes.
 * At the file's end the I/O completes instead, counting what was done on
 * the asynchronous engines and nothing on the synchronous ones. A result
 * of no bytes ends a synchronous engine's job with EIO ("full resid");
 * an asynchronous engine counts it as a completed I/O of no bytes. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "engine/fio_lines.h"
#include "engine/loop.h"
#include "i18n.h"
#include "options.h"

static void stat_add(uint64_t *field, uint64_t v)
{
	__atomic_store_n(field, *field + v, __ATOMIC_RELAXED);
}

/* The unit's own buffer back, once nothing of it is in flight. */
static void unshift(struct loop_state *ls, struct io_unit *io)
{
	if (!io->shift)
		return;
	io->buf = (char *)io->buf - io->shift;
	io->shift = 0;
	ls->nshifted--;
}

void loop_unshift_done(struct loop_state *ls, struct io_unit **done, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (!done[i]->requeued)
			unshift(ls, done[i]);
}

struct io_unit *loop_requeue_take(struct loop_state *ls)
{
	struct io_unit *io = ls->requeue[0];
	ls->nrequeue--;
	memmove(ls->requeue, ls->requeue + 1, ls->nrequeue * sizeof(*ls->requeue));
	io->requeued = 0;
	ls->issued_bytes += io->len;
	ls->pass_issued += io->len;
	return io;
}

/* A failed I/O the policy does not cover: one line that names the target,
 * the direction, the offset and the errno (and for a transfer of no
 * bytes, that it was one). */
static void set_io_error(struct job_thread *t, const struct io_unit *io, int err, bool resid)
{
	char policy[32];
	if (t->error)
		return;
	job_option_format(t->spec, job_option_find("continue_on_error"), policy, sizeof(policy));
	const char *path = loop_file_path(t, io->fd);
	unsigned long long off = io->offset;
	if (resid)
		snprintf(t->error_msg, sizeof(t->error_msg),
			 io->dir == DIR_READ
				 ? _("%s: read at offset %llu transferred no bytes (the file ends before the job's area?): %s (continue_on_error=%s)")
				 : _("%s: write at offset %llu transferred no bytes: %s (continue_on_error=%s)"),
			 path, off, strerror(err), policy);
	else
		snprintf(t->error_msg, sizeof(t->error_msg),
			 io->dir == DIR_READ ? _("%s: read at offset %llu failed: %s (continue_on_error=%s)")
			 : io->dir == DIR_WRITE ? _("%s: write at offset %llu failed: %s (continue_on_error=%s)")
						: _("%s: trim at offset %llu failed: %s (continue_on_error=%s)"),
			 path, off, strerror(err), policy);
	t->error_resid = resid;
	loop_stop_error(t, err, "I/O error");
}

/* An I/O that failed with err (resid: a synchronous transfer of no
 * bytes, fio's "full resid", which prints no line of its own). */
static void failed_io(struct loop_state *ls, struct io_unit *io, uint64_t t_end, int err,
		      bool resid)
{
	struct job_thread *t = ls->t;
	struct dir_stats *d = &t->dir[io->dir];

	ls->err_streak++;
	/* fio counts an issued I/O in total_ios whatever its end, and
	 * an asynchronous one's submit latency as it went out. */
	if (ls->counting || t_end >= t->ramp_end_ns) {
		stat_add(&d->failed, 1);
		if (!ls->refused && ls->slat_taken[io->dir])
			lat_add(&d->slat, io->t_submit - io->t_start);
	}
	/* fio's rule: only the errnos continue_on_error's kind lets
	 * pass are counted (fio's total_err) and go on; any other
	 * ends the job. fio counts that one too when its kind is
	 * covered and the I/O failed at submit or on a synchronous
	 * engine (its break_on_this_error), not when an asynchronous
	 * completion brings it. */
	bool ignored = job_error_ignored(t->spec, io->dir, err);
	/* fio's line for each failed I/O that ends the job (every
	 * one in flight then too), and with error_dump for the
	 * ignored ones.
	 * A trim an asynchronous engine refused at submit (trim.c) has
	 * none: fio drops that I/O in its queue path, error_dump or not. */
	bool async_trim = ls->refused && io->dir == DIR_TRIM && !ls->eng.ops->synchronous;
	if (!resid && !async_trim && (!ignored || t->spec->error_dump))
		fio_line_io_error(loop_file_path(t, io->fd), io->dir, io->offset, io->len, err);
	/* A trim fails inside submit on every engine (trim.c). */
	if (ignored || ((ls->refused || ls->eng.ops->synchronous || io->dir == DIR_TRIM) &&
			job_error_covered(t->spec, io->dir, err))) {
		stat_add(&d->errors, 1);
		if (!d->first_error) {
			d->first_error_offset = io->offset;
			__atomic_store_n(&d->first_error, err, __ATOMIC_RELEASE);
		}
	}
	if (!ignored)
		set_io_error(t, io, err, resid);
}

/* Cut short: the part done counted as fio counts it, the unit moved on
 * past it, and either sent out again for the rest (false) or completed. */
static bool short_io(struct loop_state *ls, struct io_unit *io, uint64_t t_end)
{
	struct job_thread *t = ls->t;
	struct dir_stats *d = &t->dir[io->dir];
	uint32_t done = (uint32_t)io->result;
	uint64_t size = t->files[io->file].file_size;
	bool sync = ls->eng.ops->synchronous;

	ls->err_streak = 0;
	stat_add(&d->short_ios, 1);
	if (!io->shift)
		ls->nshifted++;
	io->buf = (char *)io->buf + done;
	io->shift += done;
	io->offset += done;
	io->len -= done;
	/* fio: a synchronous engine completes the I/O only when it ends
	 * exactly at the file's end, an asynchronous one anywhere at or
	 * past it. */
	if (sync ? io->offset != size : io->offset < size) {
		/* Issued, and not completed: in total_ios, as fio's. */
		if (ls->counting || t_end >= t->ramp_end_ns) {
			stat_add(&d->failed, 1);
			if (ls->slat_taken[io->dir])
				lat_add(&d->slat, io->t_submit - io->t_start);
		}
		io->requeued = 1;
		ls->requeue[ls->nrequeue++] = io;
		return false;
	}
	/* fio's synchronous path has already moved its length on by then:
	 * it counts the I/O with no bytes. */
	loop_count_done(ls, io, t_end, sync ? 0 : done);
	unshift(ls, io);
	return true;
}

bool loop_io_odd(struct loop_state *ls, struct io_unit *io, uint64_t t_end)
{
	struct job_thread *t = ls->t;
	struct dir_stats *d = &t->dir[io->dir];
	int64_t res = io->result;

	/* fill_device: as fio, a full device or filesystem (ENOSPC,
	 * EDQUOT, or a write cut short by it) ends the job without an
	 * error; that write counts as an I/O of no bytes, as in fio's
	 * total_ios. */
	if (t->spec->fill_device && io->dir == DIR_WRITE &&
	    (res >= 0 || res == -ENOSPC || res == -EDQUOT)) {
		ls->area_done = true;
		if (ls->counting)
			stat_add(&d->ios, 1);
		unshift(ls, io);
		return true;
	}
	if (io->dir != DIR_TRIM && res > 0 && res < (int64_t)io->len)
		return short_io(ls, io, t_end);
	if (io->dir != DIR_TRIM && res == 0 && !ls->eng.ops->synchronous) {
		/* fio's asynchronous engines: a completed I/O of no bytes. */
		ls->err_streak = 0;
		loop_count_done(ls, io, t_end, 0);
		unshift(ls, io);
		return true;
	}
	/* A trim cut short is an error (EIO), as a transfer of no bytes on
	 * a synchronous engine is (fio's "full resid"). */
	int err = res < 0 ? (int)-res : EIO;
	failed_io(ls, io, t_end, err, res == 0 && io->dir != DIR_TRIM);
	unshift(ls, io);
	return true;
}
