/* SPDX-License-Identifier: GPL-2.0-or-later */
/* loop_setup.c - what a job thread makes before its first I/O and frees
 * after its last: the engine for its ioengine, fio's fix-ups of the batch
 * and depth options, seeds, buffers filled as the buffer options say,
 * verification state and the file table the engine is set up with. Apart
 * from engine.c, whose file is the per-I/O loop. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine/buffers.h"
#include "engine/engine.h"
#include "engine/lattarget.h"
#include "engine/loop.h"
#include "engine/ops.h"
#include "engine/pacing.h"
#include "engine/random.h"
#include "engine/syncpoint.h"
#include "engine/trim.h"
#include "engine/verify.h"
#include "i18n.h"
#include "options.h"
#include "util/clock.h"

#define PAGE_BYTES ((size_t)4096)

/* The job's I/O buffers in one page-aligned mapping, as fio takes them in
 * one allocation, of 4 KiB pages as fio's are. Not huge pages, though
 * they cut the CPU time of a 128 KiB direct read by a quarter here (the
 * kernel pins the buffer through one page-table entry): a buffer in one
 * huge page is one or two segments where fio's is 32, so the block layer
 * merges more of a sequential job's requests than under fio (1792 merged
 * against fio's 1536 of 2048 at qd8 with batching), and the device would
 * no longer see fio's workload. NULL when out of memory. */
static void *io_buffers_map(size_t stride, unsigned n, size_t *len)
{
	size_t total = (stride * n + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1);
	void *p = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	*len = total;
	return p;
}

int loop_setup(struct loop_state *ls, struct job_thread *t)
{
	const struct job_spec *spec = t->spec;
	ls->t = t;
	ls->eng.ops = engine_ops_for(spec->ioengine);
	if (!ls->eng.ops) {
		snprintf(ls->why, sizeof(ls->why), _("not built into this blktop (see --version)"));
		return -ENOSYS;
	}
	/* A synchronous engine has one I/O in flight whatever iodepth says
	 * (as in fio); null completes at once and takes any depth. */
	ls->depth = ls->eng.ops->synchronous && ls->eng.ops != &engine_null
			    ? 1 : (unsigned)spec->iodepth;
	bool null_queues = ls->eng.ops == &engine_null && ls->depth > 1;
	ls->slat_taken[DIR_READ] = ls->slat_taken[DIR_WRITE] =
		!ls->eng.ops->synchronous || null_queues;
	ls->slat_taken[DIR_TRIM] = null_queues;
	ls->pass_by_bytes = !ls->eng.ops->synchronous || null_queues;
	/* fio's fix-ups: 0 or more than the depth means the depth; the most
	 * completions taken is at least the fewest waited for, and one. */
	ls->batch_submit = (unsigned)spec->iodepth_batch;
	if (!ls->batch_submit || ls->batch_submit > ls->depth)
		ls->batch_submit = ls->depth;
	ls->low = (unsigned)spec->iodepth_low;
	if (!ls->low || ls->low > ls->depth)
		ls->low = ls->depth;
	ls->complete_min = (unsigned)spec->iodepth_batch_complete_min;
	ls->complete_max = (unsigned)spec->iodepth_batch_complete_max;
	if (ls->complete_max < ls->complete_min)
		ls->complete_max = ls->complete_min;
	if (!ls->complete_max)
		ls->complete_max = 1;
	/* iodepth_batch_complete_min=0 with no _max is fio's polling mode:
	 * after each I/O it queues, fio looks for completions until one is
	 * there (fio 3.33, backend.c's io_in_polling and
	 * wait_for_completions), so whatever iodepth says one I/O is in
	 * flight, one per submit call. With a _max the queue is filled and
	 * polled only when full (reap_full). */
	ls->poll_each = ls->depth > 1 && !spec->iodepth_batch_complete_min &&
			!spec->iodepth_batch_complete_max;
	if (ls->poll_each)
		ls->batch_submit = 1;
	ls->paced = pacing_wanted(spec);
	lattarget_setup(ls);
	syncpoint_init(&ls->sync, spec);

	bool seeded = job_option_given(spec, "randseed");
	uint64_t seed = seeded ? spec->randseed : 0x626c6b746f70ULL; /* "blktop" */
	if (!spec->randrepeat && !seeded)
		seed = now_ns() ^ ((uint64_t)getpid() << 32);
	rng_seed(&ls->rng, seed + t->clone * 0x9e3779b97f4a7c15ULL);
	unsigned thread_number = t->thread_number ? t->thread_number : t->clone + 1;
	ls->seed_base = fio_seed_base(spec, seed);
	ls->thread_number = thread_number;
	ls->fixed_block_seed = spec->randrepeat && (!seeded || t->clone == 0);
	ls->reseed_passes = spec->randrepeat && !seeded;
	if (cmdprio_setup(&ls->cmdprio, t) || file_service_init(&ls->fsv, spec, t->nfiles))
		return -ENOMEM;
	next_io_seed(ls);
	if (buf_fill_setup(&ls->buf, spec, thread_number, seed,
			   t->nfiles ? t->files[0].area_len : 0))
		return -ENOMEM;
	if (spec->dedupe_global)
		buf_fill_global(&ls->buf, spec, thread_number, t->run_threads, seed);
	/* After the seed: a random job's constants are drawn from it. */
	int nr = next_io_setup(ls);
	if (nr < 0) {
		loop_set_error(t, -nr, ls->why);
		return nr;
	}

	ls->units = calloc(ls->depth, sizeof(*ls->units));
	ls->free_list = calloc(ls->depth, sizeof(*ls->free_list));
	ls->batch = calloc(ls->depth, sizeof(*ls->batch));
	ls->done = calloc(ls->depth, sizeof(*ls->done));
	ls->requeue = calloc(ls->depth, sizeof(*ls->requeue));
	if (!ls->units || !ls->free_list || !ls->batch || !ls->done || !ls->requeue)
		return -ENOMEM;
	size_t buflen = job_bs_max(spec);
	size_t stride = (buflen + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1);
	ls->bufs = io_buffers_map(stride, ls->depth, &ls->bufs_len);
	if (!ls->bufs)
		return -ENOMEM;
	for (unsigned i = 0; i < ls->depth; i++) {
		void *buf = (char *)ls->bufs + i * stride;
		/* fio fills every buffer once at start, as its options say. */
		buf_fill(&ls->buf, buf, buflen);
		ls->units[i].buf = buf;
		ls->units[i].ioprio = (uint16_t)job_ioprio(spec);
		ls->free_list[ls->nfree++] = &ls->units[i];
	}
	int vr = verify_setup(&ls->vs, t);
	if (vr < 0)
		return vr;
	unsigned nf = t->nfiles ? t->nfiles : 1;
	ls->fds = malloc(nf * sizeof(*ls->fds));
	ls->paths = malloc(nf * sizeof(*ls->paths));
	if (!ls->fds || !ls->paths)
		return -ENOMEM;
	for (unsigned i = 0; i < t->nfiles; i++) {
		ls->fds[i] = t->files[i].fd;
		ls->paths[i] = t->files[i].path;
	}
	/* A job that trims: its engine goes behind the one that trims (null
	 * completes trims as anything else, as fio's does). */
	if (rw_trims(spec->rw) && ls->eng.ops != &engine_null && trim_engine_wrap(&ls->eng))
		return -ENOMEM;
	struct engine_setup setup = {
		.spec = spec, .depth = ls->depth, .units = ls->units, .fds = ls->fds,
		.paths = ls->paths, .nfiles = t->nfiles, .why = ls->why,
		.cmdprio = ls->cmdprio.on ? &ls->cmdprio : NULL,
		.whylen = sizeof(ls->why),
	};
	return ls->eng.ops->init(&ls->eng, &setup);
}

void loop_teardown(struct loop_state *ls)
{
	if (ls->eng.ops && ls->eng.ops->cleanup)
		ls->eng.ops->cleanup(&ls->eng);
	if (ls->bufs)
		munmap(ls->bufs, ls->bufs_len);
	free(ls->units);
	buf_fill_free(&ls->buf);
	free(ls->free_list);
	free(ls->batch);
	free(ls->done);
	free(ls->requeue);
	free(ls->fds);
	free(ls->paths);
	verify_free(ls->vs);
	next_io_teardown(ls);
}
