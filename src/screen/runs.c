/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runs.c - the session's runs, kept until blktop ends, and their
 * summaries on quit through the same report functions as --batch. */
#include "config.h"
#include "screen/runs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "output/writer.h"
#include "screen/summary.h"
#include "util/status.h"

static struct run_rec *grow(struct run_list *l)
{
	struct run_rec *v = realloc(l->v, (l->n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	l->v = v;
	memset(&v[l->n], 0, sizeof(v[l->n]));
	v[l->n].when = time(NULL);
	return &v[l->n++];
}

int runs_add_result(struct run_list *l, struct run_result *res)
{
	struct run_rec *r = grow(l);
	if (!r)
		return -1;
	r->have_result = true;
	r->result = *res;
	if (res->start_wall)
		r->when = (time_t)res->start_wall;
	memset(res, 0, sizeof(*res));
	return 0;
}

int runs_add_refused(struct run_list *l, const char *err)
{
	struct run_rec *r = grow(l);
	if (!r)
		return -1;
	snprintf(r->err, sizeof(r->err), "%s", err ? err : "");
	return 0;
}

const struct run_result *runs_last_result(const struct run_list *l)
{
	for (size_t i = l->n; i-- > 0;)
		if (l->v[i].have_result)
			return &l->v[i].result;
	return NULL;
}

void runs_free(struct run_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].have_result)
			run_result_free(&l->v[i].result);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static void run_heading(FILE *f, size_t i, size_t n, time_t when)
{
	char stamp[32];
	struct tm tm;
	localtime_r(&when, &tm);
	strftime(stamp, sizeof(stamp), "%H:%M:%S", &tm);
	fprintf(f, _("=== run %zu of %zu, started %s ===\n"), i, n, stamp);
}

int runs_write_all(const struct run_list *l, const struct run_result *last, const char *path,
		   bool json)
{
	struct writer w;
	size_t n = l->n + (last != NULL);
	for (size_t i = 0; i < l->n; i++)
		if (!l->v[i].have_result)
			fprintf(stderr, _("blktop: run %zu of %zu was not started: %s\n"), i + 1, n,
				l->v[i].err);
	if (json) {
		const struct run_result *r = last ? last : runs_last_result(l);
		return r ? summary_write(r, path, true) : 0;
	}
	if (!last && !runs_last_result(l))
		return 0;
	if (writer_open(&w, path))
		return BLKTOP_FAILED;
	for (size_t i = 0; i < l->n; i++) {
		if (!l->v[i].have_result)
			continue;
		if (n > 1)
			run_heading(w.f, i + 1, n, l->v[i].when);
		summary_print(w.f, &l->v[i].result, false);
		fputc('\n', w.f);
	}
	if (last) {
		if (n > 1)
			run_heading(w.f, n, n, last->start_wall ? (time_t)last->start_wall : time(NULL));
		summary_print(w.f, last, false);
	}
	return writer_close(&w, 0);
}
