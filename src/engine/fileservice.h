/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fileservice.h - which of a job's files its next I/O goes to, as fio
 * 3.33's file_service_type chooses: roundrobin[:N] and random[:N] turn
 * after N I/Os, sequential stays on a file until it is done, zipf, pareto
 * and normal draw a file from fio's distribution over the files. A file
 * whose area has no next offset in this pass is done (fio's rule): the
 * choice skips it, and when every file is done the pass is over. Drawn
 * from fio's generators with fio's seeds, so the same job puts the same
 * I/Os on the same files as fio. openfiles as fio counts it: a file is
 * opened when first chosen while fewer than openfiles are, and closed when
 * done; a closed file chosen when openfiles are open is passed over (fio's
 * busy file), which changes the order of the files, not the bytes. Set up
 * once; a choice allocates nothing. */
#ifndef BLKTOP_ENGINE_FILESERVICE_H
#define BLKTOP_ENGINE_FILESERVICE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/fiorand.h"

struct job_spec;

struct file_service {
	int kind;             /* enum file_service_kind (job.h) */
	unsigned nfiles;
	unsigned nr;          /* I/Os per turn: random:N, roundrobin:N */
	unsigned left;        /* I/Os left in this turn after the current one */
	int cur;              /* the file of this turn, -1: none */
	unsigned next;        /* round robin: the file tried next */
	bool *done;           /* per file: nothing more in this pass */
	bool *open;           /* per file: opened (fio's count of open files) */
	unsigned ndone, nopen, max_open;
	struct fio_rand rng;  /* random: fio's next_file_state */
	/* zipf, pareto, normal: fio's state over nfiles << 10 ranges, on a
	 * 32-bit generator of its own, without fio's hash. */
	struct taus88 dist_rng;
	uint64_t nranges, rand_off;
	double theta, zetan, zeta2, pareto_pow;
	unsigned stddev;
};

/* For a job of nfiles files; -ENOMEM, or 0. */
int file_service_init(struct file_service *fs, const struct job_spec *spec, unsigned nfiles);
void file_service_free(struct file_service *fs);

/* Seeds the draws (random, zipf, pareto, normal) from fio's seed of the
 * file choice, as fio does at the start and at each reseeded pass. */
void file_service_seed(struct file_service *fs, const struct job_spec *spec, uint64_t seed,
		       bool use64);

/* The file of the next I/O; -1 when every file is done. */
int file_service_next(struct file_service *fs);

/* File i has no next offset in this pass: it is closed. A non-uniform
 * choice never gives a file up (fio starts it over instead): false, the
 * caller resets the file; true once it is marked done. */
bool file_service_give_up(struct file_service *fs, unsigned i);

/* A new pass: every file takes I/Os again, closed, and the turn starts
 * anew (fio closes the files between passes); round robin goes on from
 * where it was. */
void file_service_new_pass(struct file_service *fs);

#endif
