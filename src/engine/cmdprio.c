/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmdprio.c - fio's per-I/O priority options: their checks before the
 * run, and each thread's tables (see cmdprio.h). fio 3.33's rules: the
 * percentage and the split by size exclude each other; a direction the
 * job does not do, or whose share is 0, keeps no per-priority latencies;
 * the job's own priority comes first among them, then the options' in the
 * order the split (sorted by size) names them. */
#include "config.h"
#include "engine/cmdprio.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "i18n.h"

static bool by_size(const struct job_spec *spec)
{
	return spec->cmdprio_bssplit[0] != '\0';
}

static bool by_percentage(const struct job_spec *spec)
{
	return spec->cmdprio_pct[DIR_READ] || spec->cmdprio_pct[DIR_WRITE];
}

static bool dir_done(const struct job_spec *spec, int d)
{
	return d == DIR_READ ? rw_reads(spec->rw) : rw_writes(spec->rw);
}

static unsigned option_prio(const struct job_spec *spec, int d)
{
	return spec->cmdprio_class[d] << 13 | spec->cmdprio_level[d];
}

int cmdprio_check(const struct job_spec *spec, char *err, size_t errlen)
{
	static const char *const names[] = { "cmdprio_percentage", "cmdprio_class", "cmdprio",
					     "cmdprio_bssplit" };
	if (spec->ioengine != ENGINE_LIBAIO && spec->ioengine != ENGINE_IO_URING) {
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (job_option_given(spec, names[i])) {
				snprintf(err, errlen, _("%s: %s is an option of ioengine=libaio and io_uring only (as in fio)"),
					 spec->name, names[i]);
				return 2;
			}
		return 0;
	}
	if (!by_size(spec))
		return 0;
	if (by_percentage(spec)) {
		snprintf(err, errlen, _("%s: cmdprio_percentage and cmdprio_bssplit cannot go together (as in fio)"),
			 spec->name);
		return 2;
	}
	struct cmdprio_split s[DIR_COUNT][CMDPRIO_SPLIT_MAX];
	unsigned n[DIR_COUNT];
	char why[256];
	if (cmdprio_split_parse(spec->cmdprio_bssplit, spec->kb_base, s, n, why, sizeof(why))) {
		snprintf(err, errlen, "%s: %s", spec->name, why);
		return 2;
	}
	for (int d = 0; d < DIR_COUNT; d++) {
		unsigned total = 0;
		for (unsigned i = 0; dir_done(spec, d) && i < n[d]; i++) {
			total = i && s[d][i].bs == s[d][i - 1].bs ? total + s[d][i].pct : s[d][i].pct;
			if (total > 100) {
				snprintf(err, errlen, _("%s: cmdprio_bssplit: the shares of size %llu add up to more than 100%%"),
					 spec->name, s[d][i].bs);
				return 2;
			}
		}
	}
	return 0;
}

void cmdprio_seed(struct cmdprio *c, uint64_t base, unsigned thread_number)
{
	taus88_seed(&c->rng, (uint32_t)fio_seed(base, thread_number, FIO_SEED_PRIO_CMDS));
}

/* One entry of direction d: its priority's place among the thread's. */
static int add_entry(struct cmdprio *c, struct prio_set *ps, int d, unsigned k, unsigned cum,
		     unsigned ioprio)
{
	int idx = prio_set_index(ps, ioprio);
	if (idx < 0)
		return -ENOMEM;
	c->entry[d][k] = (struct cmdprio_entry){ (uint16_t)cum, (uint16_t)ioprio, (uint16_t)idx };
	return 0;
}

int cmdprio_setup(struct cmdprio *c, struct job_thread *t)
{
	const struct job_spec *spec = t->spec;
	struct cmdprio_split s[DIR_COUNT][CMDPRIO_SPLIT_MAX];
	unsigned n[DIR_COUNT] = { 0 };
	char why[256];

	c->job_ioprio = (uint16_t)job_ioprio(spec);
	c->by_size = by_size(spec);
	c->on = c->by_size || by_percentage(spec);
	c->lat = spec->lat_percentiles;
	c->stats = t->prios;
	if (!c->on)
		return 0;
	/* Checked before the run (cmdprio_check). */
	if (c->by_size && cmdprio_split_parse(spec->cmdprio_bssplit, spec->kb_base, s, n, why,
					      sizeof(why)))
		return -EINVAL;
	for (int d = 0; d < DIR_COUNT; d++) {
		struct prio_set *ps = &t->prios[d];
		c->nsizes[d] = 0;
		if (!dir_done(spec, d) || (c->by_size ? !n[d] : !spec->cmdprio_pct[d]))
			continue;
		if (prio_set_index(ps, c->job_ioprio) < 0)
			return -ENOMEM;
		if (!c->by_size) {
			c->size[d][0] = (struct cmdprio_size){ 0, spec->cmdprio_pct[d], 0, 1 };
			c->nsizes[d] = 1;
			if (add_entry(c, ps, d, 0, spec->cmdprio_pct[d], option_prio(spec, d)))
				return -ENOMEM;
			continue;
		}
		for (unsigned i = 0; i < n[d]; i++) {
			if (!i || s[d][i].bs != s[d][i - 1].bs)
				c->size[d][c->nsizes[d]++] = (struct cmdprio_size){ s[d][i].bs, 0, i, 0 };
			struct cmdprio_size *z = &c->size[d][c->nsizes[d] - 1];
			z->total += s[d][i].pct;
			z->n++;
			unsigned prio = s[d][i].prio < 0 ? option_prio(spec, d) : (unsigned)s[d][i].prio;
			if (add_entry(c, ps, d, i, z->total, prio))
				return -ENOMEM;
		}
	}
	return 0;
}
