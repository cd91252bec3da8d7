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

const char *devsource_verdict_label(enum verdict v)
{
	switch (v) {
	/* Translation: the safety verdicts as the device list shows them. */
	case VERDICT_SAFE: return _("safe");
	case VERDICT_HAS_DATA: return _("has-data");
	case VERDICT_READ_ONLY: return _("read-only");
	case VERDICT_IN_USE: return _("in-use");
	}
	return _("in-use");
}

/* verdict_reasons_join() in the user's words: "has-data: swap" becomes
 * the translated verdict, then the (already translated) reason. */
static void reasons_join(const struct verdict_result *v, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < v->nreasons; i++) {
		int n = snprintf(buf + used, len - used, "%s%s: %s", i ? "; " : "",
				 devsource_verdict_label(v->reasons[i].kind), v->reasons[i].text);
		if (n < 0 || (size_t)n >= len - used)
			return;
		used += (size_t)n;
	}
	if (v->nomitted) {
		char more[64];
		verdict_omitted_format(v, more, sizeof(more));
		snprintf(buf + used, len - used, "%s%s", used ? "; " : "", more);
	}
}

static void fill_row(struct dev_row *r, const struct blk_dev *d, const char *disk, bool probed)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->name, sizeof(r->name), "%s", d->name);
	snprintf(r->path, sizeof(r->path), "%s", d->path);
	snprintf(r->disk, sizeof(r->disk), "%s", disk);
	r->is_partition = d->is_partition;
	r->size_bytes = d->size_bytes;
	snprintf(r->model, sizeof(r->model), "%s", d->model[0] ? d->model : d->transport);
	/* A loop device is told apart by its file: "graphs.img", not "loop". */
	if (d->backing_file[0]) {
		const char *slash = strrchr(d->backing_file, '/');
		snprintf(r->backing, sizeof(r->backing), "%.255s", d->backing_file);
		snprintf(r->model, sizeof(r->model), "%.63s", slash ? slash + 1 : d->backing_file);
	}
	snprintf(r->sched, sizeof(r->sched), "%s", d->scheduler);
	r->rq_affinity = d->rq_affinity;
	r->probed = probed;
	if (!probed) {
		snprintf(r->verdict_word, sizeof(r->verdict_word), "?");
		return;
	}
	r->verdict = d->verdict.verdict;
	snprintf(r->verdict_word, sizeof(r->verdict_word), "%s",
		 devsource_verdict_label(d->verdict.verdict));
	if (d->verdict.nreasons)
		snprintf(r->first_reason, sizeof(r->first_reason), "%s",
			 d->verdict.reasons[0].text);
	reasons_join(&d->verdict, r->reasons, sizeof(r->reasons));
}

static bool disk_kept(const struct dev_rows *keep, const char *disk)
{
	for (size_t i = 0; keep && i < keep->n; i++)
		if (!strcmp(keep->v[i].disk, disk))
			return true;
	return false;
}

/* Probes the disks of list that keep does not name; the others are not
 * opened at all (a job may be writing them). */
static int probe_except(struct dev_list *list, const struct dev_rows *keep)
{
	struct dev_list some = { calloc(list->n ? list->n : 1, sizeof(*list->devs)), 0 };
	size_t *from = calloc(list->n ? list->n : 1, sizeof(*from));
	if (!some.devs || !from) {
		free(some.devs);
		free(from);
		return -1;
	}
	for (size_t i = 0; i < list->n; i++)
		if (!disk_kept(keep, list->devs[i].name)) {
			from[some.n] = i;
			some.devs[some.n++] = list->devs[i];  /* shares the partitions */
		}
	probe_all(&some, PROBE_TIMEOUT_MS);
	for (size_t i = 0; i < some.n; i++)
		list->devs[from[i]] = some.devs[i];
	free(some.devs);
	free(from);
	return 0;
}

static void add_row(struct dev_rows *out, const struct blk_dev *d, const char *disk, bool probe,
		    const struct dev_rows *keep)
{
	struct dev_row *r = &out->v[out->n++];
	if (probe && disk_kept(keep, disk)) {
		const struct dev_row *old = devsource_find(keep, d->name);
		if (old) {
			*r = *old;
			return;
		}
		probe = false;           /* new on a kept disk: not opened */
	}
	fill_row(r, d, disk, probe);
}

int devsource_scan(struct dev_rows *out, bool probe, const struct dev_rows *keep, char *err,
		   size_t errlen)
{
	struct dev_list list = { NULL, 0 };
	memset(out, 0, sizeof(*out));
	/* A failed mount-table read still leaves every other fact. */
	int rc = dev_list_scan(&list);
	if (rc == 0 && probe && probe_except(&list, keep))
		rc = -1;
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
		add_row(out, d, d->name, probe, keep);
		for (size_t p = 0; p < d->nparts; p++)
			add_row(out, &d->parts[p], d->name, probe, keep);
	}
	dev_list_free(&list);
	return 0;
}

int devsource_copy_disk(struct dev_rows *out, const struct dev_rows *rows, const char *disk)
{
	for (size_t i = 0; i < rows->n; i++) {
		if (strcmp(rows->v[i].disk, disk))
			continue;
		struct dev_row *v = realloc(out->v, (out->n + 1) * sizeof(*v));
		if (!v)
			return -1;
		out->v = v;
		out->v[out->n++] = rows->v[i];
	}
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

int devsource_signature(unsigned long long *sig)
{
	return dev_list_signature(sig);
}
