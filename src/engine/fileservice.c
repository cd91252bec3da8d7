/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fileservice.c - the file choice of fileservice.h. fio's rules, from its
 * io_u.c and lib/zipf.c, lib/gauss.c (3.33): a turn of N I/Os on a file
 * (sequential: until the file is done), then round robin from the file
 * after the last one chosen, skipping done files, or a draw (random: the
 * draw over the generator's range times the number of files; zipf, pareto
 * and normal: a range among nfiles << 10, its file the range >> 10), drawn
 * again while it lands on a done file. */
#include "config.h"
#include "engine/fileservice.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "job.h"

#define RANGES_SHIFT 10          /* fio's FIO_FSERVICE_SHIFT */
#define ZIPF_MAX_TERMS 10000000U /* fio's cap on the zeta sum */
#define GAUSS_DRAWS 12
#define DRAW32_MAX 4294967295.0  /* fio's FRAND32_MAX */

int file_service_init(struct file_service *fs, const struct job_spec *spec, unsigned nfiles)
{
	*fs = (struct file_service){ .kind = spec->file_service, .nfiles = nfiles,
				     .nr = spec->file_service_nr, .cur = -1 };
	/* fio's openfiles: 0 is every file. */
	fs->max_open = spec->openfiles && spec->openfiles < nfiles ? (unsigned)spec->openfiles
								 : nfiles;
	fs->done = calloc(nfiles ? nfiles : 1, sizeof(*fs->done));
	fs->open = calloc(nfiles ? nfiles : 1, sizeof(*fs->open));
	return fs->done && fs->open ? 0 : -ENOMEM;
}

void file_service_free(struct file_service *fs)
{
	free(fs->done);
	free(fs->open);
	fs->done = NULL;
	fs->open = NULL;
}

/* fio opens a chosen file that is closed, unless openfiles are open:
 * then the choice is busy (false) and made again. */
static bool take_open(struct file_service *fs, unsigned f)
{
	if (fs->open[f])
		return true;
	if (fs->nopen >= fs->max_open)
		return false;
	fs->open[f] = true;
	fs->nopen++;
	return true;
}

/* fio's zipf, pareto and normal state over the files' ranges, seeded as
 * fio seeds it (32 bits of the seed; the offset drawn first unless a
 * center is given). */
static void dist_seed(struct file_service *fs, const struct job_spec *spec, uint32_t seed)
{
	double center = spec->file_service_center;
	fs->nranges = (uint64_t)fs->nfiles << RANGES_SHIFT;
	taus88_seed(&fs->dist_rng, seed);
	if (fs->kind == FSV_NORMAL) {
		fs->stddev = 0;
		if (spec->file_service_param != 0.0) {
			fs->stddev = (unsigned)ceil((double)fs->nranges * spec->file_service_param / 100.0);
			if (fs->stddev > fs->nranges / 2)
				fs->stddev = (unsigned)(fs->nranges / 2);
		}
		/* A center below the middle is a negative offset, taken as
		 * fio's conversion takes it on this hardware. */
		fs->rand_off = center == -1 ? 0
			       : (uint64_t)(int64_t)((double)fs->nranges * (center - 0.5));
		return;
	}
	fs->rand_off = taus88_next(&fs->dist_rng);
	if (center != -1)
		fs->rand_off = (uint64_t)((double)fs->nranges * center);
	if (fs->kind == FSV_PARETO) {
		double h = spec->file_service_param;
		fs->pareto_pow = log(h) / log(1.0 - h);
		return;
	}
	fs->theta = spec->file_service_param;
	fs->zeta2 = pow(1.0, fs->theta) + pow(0.5, fs->theta);
	fs->zetan = 0;
	uint64_t terms = fs->nranges < ZIPF_MAX_TERMS ? fs->nranges : ZIPF_MAX_TERMS;
	for (uint64_t i = 0; i < terms; i++)
		fs->zetan += pow(1.0 / (double)(i + 1), fs->theta);
}

void file_service_seed(struct file_service *fs, const struct job_spec *spec, uint64_t seed,
		       bool use64)
{
	if (fs->kind == FSV_RANDOM)
		fio_rand_seed(&fs->rng, seed, use64);
	else if (fs->kind >= FSV_ZIPF)
		dist_seed(fs, spec, (uint32_t)seed);
}

/* A range among nranges from fio's zipf, pareto or normal draw. */
static uint64_t dist_range(struct file_service *fs)
{
	uint64_t n = fs->nranges, v;
	if (fs->kind == FSV_ZIPF) {
		double alpha = 1.0 / (1.0 - fs->theta);
		double eta = (1.0 - pow(2.0 / (double)n, 1.0 - fs->theta)) /
			     (1.0 - fs->zeta2 / fs->zetan);
		double u = (double)taus88_next(&fs->dist_rng) / DRAW32_MAX;
		double z = u * fs->zetan;
		if (z < 1.0)
			v = 1;
		else if (z < 1.0 + pow(0.5, fs->theta))
			v = 2;
		else
			v = 1 + (uint64_t)((double)n * pow(eta * u - eta + 1.0, alpha));
		v--;
	} else if (fs->kind == FSV_PARETO) {
		double u = (double)taus88_next(&fs->dist_rng) / DRAW32_MAX;
		v = (uint64_t)((double)(n - 1) * pow(u, fs->pareto_pow));
	} else {
		uint64_t sum = 0;
		for (int i = 0; i < GAUSS_DRAWS; i++)
			sum += taus88_next(&fs->dist_rng) % (n + 1);
		v = (sum + GAUSS_DRAWS - 1) / GAUSS_DRAWS;
		if (fs->stddev) {
			uint32_t r = taus88_next(&fs->dist_rng);
			int dev = (int)(fs->stddev * (r / (DRAW32_MAX + 1.0))) - (int)(fs->stddev / 2);
			while ((int64_t)v + dev < 0 || v + (uint64_t)(int64_t)dev >= n)
				dev /= 2;
			v += (uint64_t)(int64_t)dev;
		}
	}
	return (v + fs->rand_off) % n;
}

int file_service_next(struct file_service *fs)
{
	if (fs->ndone >= fs->nfiles)
		return -1;
	/* The turn goes on while its file is open and takes I/Os. */
	if (fs->cur >= 0 && fs->open[fs->cur]) {
		if (fs->kind == FSV_SEQUENTIAL)
			return fs->cur;
		if (fs->left) {
			fs->left--;
			return fs->cur;
		}
	}
	unsigned f;
	if (fs->kind == FSV_ROUNDROBIN || fs->kind == FSV_SEQUENTIAL) {
		/* An open file is always found: the open ones are not done. */
		for (;;) {
			f = fs->next;
			fs->next = fs->next + 1 >= fs->nfiles ? 0 : fs->next + 1;
			if (!fs->done[f] && take_open(fs, f))
				break;
		}
	} else {
		for (;;) {
			if (fs->kind == FSV_RANDOM)
				f = (unsigned)fio_rand_block(&fs->rng, fs->nfiles);
			else
				f = (unsigned)(dist_range(fs) >> RANGES_SHIFT);
			if (f < fs->nfiles && !fs->done[f] && take_open(fs, f))
				break;
		}
	}
	fs->cur = (int)f;
	/* fio's count is unsigned: a turn of 0 never ends. */
	fs->left = fs->nr - 1;
	return (int)f;
}

bool file_service_give_up(struct file_service *fs, unsigned i)
{
	if (fs->open[i]) {
		fs->open[i] = false;
		fs->nopen--;
	}
	if (fs->kind >= FSV_ZIPF)
		return false;
	if (!fs->done[i]) {
		fs->done[i] = true;
		fs->ndone++;
	}
	return true;
}

void file_service_new_pass(struct file_service *fs)
{
	for (unsigned i = 0; i < fs->nfiles; i++)
		fs->done[i] = fs->open[i] = false;
	fs->ndone = fs->nopen = 0;
	fs->cur = -1;
}
