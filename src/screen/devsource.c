/* SPDX-License-Identifier: GPL-2.0-or-later */
/* devsource.c - flattens collect/devices.h's disks and partitions into the
 * rows the device pane and the form need. The only screen file that knows
 * that API. */
#include "config.h"
#include "screen/devsource.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/devices.h"
#include "collect/probe.h"
#include "i18n.h"

static void fill_row(struct dev_row *r, const struct blk_dev *d, const char *disk, bool probed)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->name, sizeof(r->name), "%s", d->name);
	snprintf(r->path, sizeof(r->path), "%s", d->path);
	snprintf(r->disk, sizeof(r->disk), "%s", disk);
	r->is_partition = d->is_partition;
	r->size_bytes = d->size_bytes;
	snprintf(r->model, sizeof(r->model), "%s", d->model[0] ? d->model : d->transport);
	snprintf(r->sched, sizeof(r->sched), "%s", d->scheduler);
	r->rq_affinity = d->rq_affinity;
	r->probed = probed;
	if (!probed) {
		snprintf(r->verdict_word, sizeof(r->verdict_word), "?");
		return;
	}
	r->verdict = d->verdict.verdict;
	snprintf(r->verdict_word, sizeof(r->verdict_word), "%s", verdict_name(d->verdict.verdict));
	if (d->verdict.nreasons)
		snprintf(r->first_reason, sizeof(r->first_reason), "%s",
			 d->verdict.reasons[0].text);
	verdict_reasons_join(&d->verdict, r->reasons, sizeof(r->reasons));
}

int devsource_scan(struct dev_rows *out, bool probe, char *err, size_t errlen)
{
	struct dev_list list = { NULL, 0 };
	memset(out, 0, sizeof(*out));
	/* A failed mount-table read still leaves every other fact. */
	int rc = probe ? devices_collect(&list, PROBE_TIMEOUT_MS) : dev_list_scan(&list);
	if (rc && !list.n) {
		snprintf(err, errlen, _("cannot list block devices: %s"), strerror(errno));
		return -1;
	}
	size_t n = 0;
	for (size_t i = 0; i < list.n; i++)
		n += 1 + list.devs[i].nparts;
	out->v = calloc(n ? n : 1, sizeof(*out->v));
	if (!out->v) {
		dev_list_free(&list);
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return -1;
	}
	for (size_t i = 0; i < list.n; i++) {
		const struct blk_dev *d = &list.devs[i];
		fill_row(&out->v[out->n++], d, d->name, probe);
		for (size_t p = 0; p < d->nparts; p++)
			fill_row(&out->v[out->n++], &d->parts[p], d->name, probe);
	}
	dev_list_free(&list);
	return 0;
}

void devsource_free(struct dev_rows *rows)
{
	free(rows->v);
	rows->v = NULL;
	rows->n = 0;
}

const struct dev_row *devsource_find(const struct dev_rows *rows, const char *target)
{
	const char *base = strncmp(target, "/dev/", 5) ? target : target + 5;
	for (size_t i = 0; i < rows->n; i++)
		if (!strcmp(rows->v[i].path, target) || !strcmp(rows->v[i].name, base))
			return &rows->v[i];
	return NULL;
}
