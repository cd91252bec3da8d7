/* SPDX-License-Identifier: GPL-2.0-or-later */
/* listing.c - the --list output: a table that reads like the screen's
 * device pane (one line a device, partitions under their disk, each extra
 * reason on a line of its own) and the JSON form scripts read. The devices
 * and their verdicts come from collect/ (devices_collect); this only
 * prints them. */
#include "config.h"
#include "output/listing.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "collect/probe.h"
#include "i18n.h"
#include "output/json.h"
#include "textwidth.h"

#define MODEL_WIDTH 20

const char *listing_size(unsigned long long bytes, char *buf, size_t len)
{
	static const char units[] = "BKMGTPE";
	double v = (double)bytes;
	int u = 0;

	while (v >= 1024.0 && units[u + 1]) {
		v /= 1024.0;
		u++;
	}
	if (u == 0)
		snprintf(buf, len, "%llu", bytes);
	else if (v < 10.0 && v != (double)(unsigned long long)v)
		snprintf(buf, len, "%.1f%c", v, units[u]);
	else
		snprintf(buf, len, "%.0f%c", v, units[u]);
	return buf;
}

/* Cuts s to width: a path keeps its end, where the file's name is; a
 * model name keeps its start. */
static const char *fit(const char *s, bool keep_end, char *buf, size_t width)
{
	size_t n = strlen(s);

	if (n <= width)
		return s;
	if (keep_end)
		snprintf(buf, width + 1, "...%s", s + n - (width - 3));
	else
		snprintf(buf, width + 1, "%.*s...", (int)(width - 3), s);
	return buf;
}

static void print_reasons(FILE *out, const struct verdict_result *v, int indent)
{
	char reason[VERDICT_REASON_LEN + 16];
	size_t i;

	if (v->verdict == VERDICT_SAFE || v->nreasons == 0) {
		fprintf(out, "%s\n", verdict_name(v->verdict));
		return;
	}
	for (i = 0; i < v->nreasons; i++) {
		verdict_reason_format(&v->reasons[i], reason, sizeof(reason));
		fprintf(out, "%*s%s\n", i ? indent : 0, "", reason);
	}
	if (v->nomitted)
		fprintf(out, "%*s%s %zu\n", indent, "", _("more reasons:"), v->nomitted);
}

static void print_row(FILE *out, const struct blk_dev *d, int name_width)
{
	char size[16], cut[MODEL_WIDTH + 1], lbs[16] = "-", pbs[16] = "-", rot[16] = "-",
	     rqa[16] = "-", nr[24] = "-";
	char name[FACT_NAME_MAX + 4];
	const char *model;
	int indent;

	snprintf(name, sizeof(name), "%s%s", d->is_partition ? "`-" : "", d->name);
	model = d->backing_file[0] ? d->backing_file : d->model[0] ? d->model : "-";
	if (!d->is_partition) {
		if (d->rotational >= 0)
			snprintf(rot, sizeof(rot), "%d", d->rotational);
		if (d->logical_block_size)
			snprintf(lbs, sizeof(lbs), "%u", d->logical_block_size);
		if (d->physical_block_size)
			snprintf(pbs, sizeof(pbs), "%u", d->physical_block_size);
		if (d->rq_affinity >= 0)
			snprintf(rqa, sizeof(rqa), "%d", d->rq_affinity);
		if (d->nr_requests >= 0)
			snprintf(nr, sizeof(nr), "%ld", d->nr_requests);
	} else {
		model = "";
	}
	indent = fprintf(out, "%-*s %7s %-11s %-*s %3s %4s %4s %2d %-11s %3s %4s ", name_width, name,
		listing_size(d->size_bytes, size, sizeof(size)),
		d->is_partition ? "" : d->transport[0] ? d->transport : "-", MODEL_WIDTH,
		fit(model, d->backing_file[0] != 0, cut, MODEL_WIDTH), rot, lbs, pbs, d->read_only ? 1 : 0,
		d->is_partition ? "" : d->scheduler[0] ? d->scheduler : "-", rqa, nr);
	print_reasons(out, &d->verdict, indent > 0 ? indent : 0);
}

/* Prints a column heading padded to width display cells: a translated
 * heading (Chinese takes two cells a character, three bytes) must not
 * pull the columns after it to the left, as printf's byte widths would. */
static void heading(FILE *out, const char *s, int width, bool right)
{
	text_put_padded(out, s, width, right);
	fputc(' ', out);
}

int listing_print_table(FILE *out, const struct dev_list *list)
{
	int name_width = 8;
	size_t i, j;

	for (i = 0; i < list->n; i++) {
		int w = (int)strlen(list->devs[i].name);
		if (w > name_width)
			name_width = w;
		for (j = 0; j < list->devs[i].nparts; j++) {
			w = (int)strlen(list->devs[i].parts[j].name) + 2;
			if (w > name_width)
				name_width = w;
		}
	}
	/* Translation: column headings; keep each within its width
	 * (NAME, SIZE 7, TRAN 11, MODEL 20, ROT 3, LOG 4, PHY 4, RO 2, SCHED 11,
	 * RQA 3, NR 4). */
	heading(out, _("NAME"), name_width, false);
	heading(out, _("SIZE"), 7, true);
	heading(out, _("TRAN"), 11, false);
	heading(out, _("MODEL/BACKING"), MODEL_WIDTH, false);
	heading(out, _("ROT"), 3, true);
	heading(out, _("LOG"), 4, true);
	heading(out, _("PHY"), 4, true);
	heading(out, _("RO"), 2, true);
	heading(out, _("SCHED"), 11, false);
	heading(out, _("RQA"), 3, true);
	heading(out, _("NR"), 4, true);
	fprintf(out, "%s\n", _("VERDICT"));
	for (i = 0; i < list->n; i++) {
		print_row(out, &list->devs[i], name_width);
		for (j = 0; j < list->devs[i].nparts; j++)
			print_row(out, &list->devs[i].parts[j], name_width);
	}
	return ferror(out) ? -1 : 0;
}

static void json_verdict(struct json *o, const struct verdict_result *v)
{
	char reason[VERDICT_REASON_LEN + 16];
	size_t i;

	json_add_string(o, "verdict", verdict_name(v->verdict));
	struct json *reasons = json_add_array(o, "reasons");
	for (i = 0; i < v->nreasons; i++) {
		verdict_reason_format(&v->reasons[i], reason, sizeof(reason));
		json_add_string(reasons, NULL, reason);
	}
}

static void json_device(struct json *arr, const struct blk_dev *d)
{
	struct json *o = json_add_object(arr, NULL);
	size_t i;

	json_add_string(o, "name", d->name);
	json_add_string(o, "path", d->path);
	json_add_u64(o, "size_bytes", d->size_bytes);
	if (d->is_partition) {
		json_add_u64(o, "partno", d->partno);
		json_add_bool(o, "read_only", d->read_only);
		json_verdict(o, &d->verdict);
		return;
	}
	json_add_string(o, "model", d->model);
	json_add_string(o, "vendor", d->vendor);
	json_add_string(o, "transport", d->transport);
	if (d->rotational >= 0)
		json_add_bool(o, "rotational", d->rotational != 0);
	else
		json_add_null(o, "rotational");
	json_add_u64(o, "logical_block_size", d->logical_block_size);
	json_add_u64(o, "physical_block_size", d->physical_block_size);
	json_add_bool(o, "read_only", d->read_only);
	json_add_bool(o, "removable", d->removable);
	json_add_string(o, "scheduler", d->scheduler);
	if (d->rq_affinity >= 0)
		json_add_i64(o, "rq_affinity", d->rq_affinity);
	else
		json_add_null(o, "rq_affinity");
	if (d->nr_requests >= 0)
		json_add_i64(o, "nr_requests", d->nr_requests);
	else
		json_add_null(o, "nr_requests");
	if (d->backing_file[0])
		json_add_string(o, "backing_file", d->backing_file);
	json_verdict(o, &d->verdict);
	struct json *parts = json_add_array(o, "partitions");
	for (i = 0; i < d->nparts; i++)
		json_device(parts, &d->parts[i]);
}

int listing_print_json(FILE *out, const struct dev_list *list)
{
	struct json *root = json_object_new();
	struct json *devs = json_add_array(root, "devices");
	size_t i;

	for (i = 0; i < list->n; i++)
		json_device(devs, &list->devs[i]);
	int rc = root ? json_print(out, root) : -1;
	json_free(root);
	return rc;
}

int listing_print(FILE *out, bool json)
{
	struct dev_list list;
	int rc;

	if (devices_collect(&list, PROBE_TIMEOUT_MS) != 0) {
		fprintf(stderr, _("blktop: --list: cannot read /sys/block: %s\n"), strerror(errno));
		return 1;
	}
	rc = json ? listing_print_json(out, &list) : listing_print_table(out, &list);
	dev_list_free(&list);
	/* A failed write is the writer's to report (output/writer.h). */
	if (rc != 0 && !ferror(out)) {
		fprintf(stderr, _("blktop: --list: writing the list failed: %s\n"), strerror(errno));
		return 1;
	}
	return 0;
}
