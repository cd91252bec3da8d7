/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verdict.c - the safety verdict, decided from facts alone.
 *
 * One verdict per disk or partition, the most severe that applies:
 *
 *   in-use > read-only > has-data > safe
 *
 * in-use comes first because it is the one that no option overrides and
 * the one a user must act on (unmount, swapoff, stop the holder); read-only
 * next because no --force can make a write possible; has-data is the only
 * one --force lifts. Every reason is still listed, most severe first, so
 * "in-use" on a disk also shows that it holds ext4.
 *
 * A disk's verdict covers its partitions: a mounted partition makes the
 * whole disk in-use, a filesystem on a partition makes it has-data. A
 * partition's own verdict covers only itself (and its disk's read-only
 * flag): writing inside loop0p2 leaves loop0p1 and the table alone.
 *
 * A device whose contents could not be read (a probe that failed or timed
 * out) is has-data: blktop cannot prove it empty, so only --force writes.
 */
#include "config.h"
#include "collect/verdict.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"

/* Collects reasons in severity order; keeps the verdict right even when
 * reasons overflow. */
struct reason_sink {
	struct verdict_result *out;
};

static void add_reason(struct reason_sink *s, enum verdict kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add_reason(struct reason_sink *s, enum verdict kind, const char *fmt, ...)
{
	struct verdict_result *v = s->out;
	va_list ap;

	if (kind > v->verdict)
		v->verdict = kind;
	if (v->nreasons >= VERDICT_REASONS_MAX) {
		v->nomitted++;
		return;
	}
	struct verdict_reason *r = &v->reasons[v->nreasons++];
	r->kind = kind;
	va_start(ap, fmt);
	vsnprintf(r->text, sizeof(r->text), fmt, ap);
	va_end(ap);
}

static bool has_users(const struct dev_facts *d)
{
	return d->nmounts > 0 || d->swap_active || d->nholders > 0 || d->loop_backing_of[0];
}

/* The in-use reasons of one device. An EBUSY from O_EXCL is named only
 * when nothing else explains it (explained_elsewhere covers a disk whose
 * partition is mounted: the kernel claims the whole disk with it). */
static void in_use_reasons(struct reason_sink *s, const struct dev_facts *d,
			   bool explained_elsewhere)
{
	size_t i, kept;

	kept = d->nmounts < FACT_MOUNTS_MAX ? d->nmounts : FACT_MOUNTS_MAX;
	for (i = 0; i < kept; i++)
		add_reason(s, VERDICT_IN_USE, _("%s mounted on %s"), d->name, d->mounts[i]);
	if (d->nmounts > kept)
		add_reason(s, VERDICT_IN_USE, _("%s mounted in %zu more places"), d->name,
			   d->nmounts - kept);
	if (d->swap_active)
		add_reason(s, VERDICT_IN_USE, _("%s is active swap"), d->name);
	kept = d->nholders < FACT_HOLDERS_MAX ? d->nholders : FACT_HOLDERS_MAX;
	for (i = 0; i < kept; i++)
		add_reason(s, VERDICT_IN_USE, _("%s is held by %s"), d->name, d->holders[i]);
	if (d->nholders > kept)
		add_reason(s, VERDICT_IN_USE, _("%s is held by %zu more devices"), d->name,
			   d->nholders - kept);
	if (d->loop_backing_of[0])
		add_reason(s, VERDICT_IN_USE, _("%s is the backing file of %s"), d->name,
			   d->loop_backing_of);
	if (d->excl_busy && !has_users(d) && !explained_elsewhere)
		add_reason(s, VERDICT_IN_USE,
			   _("%s is open exclusively by another program (EBUSY)"), d->name);
}

static void read_only_reasons(struct reason_sink *s, const struct dev_facts *d)
{
	if (d->read_only)
		add_reason(s, VERDICT_READ_ONLY, _("%s is read-only"), d->name);
	if (d->write_errno)
		add_reason(s, VERDICT_READ_ONLY, _("no permission to write %s: %s"), d->name,
			   strerror(d->write_errno));
}

static void has_data_reasons(struct reason_sink *s, const struct dev_facts *d)
{
	size_t i, kept;

	if (d->is_file) {
		if (d->file_exists && !d->file_ours)
			add_reason(s, VERDICT_HAS_DATA,
				   _("%s exists and was not laid out by blktop"), d->name);
		return;
	}
	if (!d->probed) {
		if (d->probe_timed_out)
			add_reason(s, VERDICT_HAS_DATA,
				   _("contents of %s unknown: it did not answer in time"), d->name);
		else
			add_reason(s, VERDICT_HAS_DATA, _("contents of %s unknown: %s"), d->name,
				   strerror(d->probe_errno));
	}
	if (d->pttype[0] && d->gpt_backup_only)
		add_reason(s, VERDICT_HAS_DATA,
			   _("backup GPT header on %s (the primary one is damaged)"), d->name);
	else if (d->pttype[0])
		/* Translation: "dos partition table on loop0". */
		add_reason(s, VERDICT_HAS_DATA, _("%s partition table on %s"), d->pttype, d->name);
	kept = d->nsigs < FACT_SIGS_MAX ? d->nsigs : FACT_SIGS_MAX;
	for (i = 0; i < kept; i++)
		/* Translation: "ext4 on loop0p1", a signature type then a device. */
		add_reason(s, VERDICT_HAS_DATA, _("%s on %s"), d->sigs[i], d->name);
	if (d->nsigs > kept)
		add_reason(s, VERDICT_HAS_DATA, _("%zu more signatures on %s"), d->nsigs - kept,
			   d->name);
}

static void verdict_clear(struct verdict_result *out)
{
	memset(out, 0, sizeof(*out));
	out->verdict = VERDICT_SAFE;
}

enum verdict dev_verdict(const struct disk_facts *f, struct verdict_result *out)
{
	struct reason_sink s = { out };
	bool parts_used = false;
	size_t i;

	verdict_clear(out);
	for (i = 0; i < f->nparts; i++)
		if (has_users(&f->parts[i]) || f->parts[i].excl_busy)
			parts_used = true;

	/* One pass per severity, so an overflow drops the mildest reasons. */
	in_use_reasons(&s, &f->disk, parts_used);
	for (i = 0; i < f->nparts; i++)
		in_use_reasons(&s, &f->parts[i], false);
	read_only_reasons(&s, &f->disk);
	/* A write to the disk goes through the disk's node: a partition
	 * counts only when the kernel marked it read-only on its own. */
	for (i = 0; i < f->nparts; i++)
		if (!f->disk.read_only && f->parts[i].read_only)
			add_reason(&s, VERDICT_READ_ONLY, _("%s is read-only"), f->parts[i].name);
	has_data_reasons(&s, &f->disk);
	for (i = 0; i < f->nparts; i++)
		has_data_reasons(&s, &f->parts[i]);
	return out->verdict;
}

enum verdict part_verdict(const struct disk_facts *f, size_t i, struct verdict_result *out)
{
	struct reason_sink s = { out };
	const struct dev_facts *p;

	verdict_clear(out);
	if (i >= f->nparts)
		return out->verdict;
	p = &f->parts[i];
	in_use_reasons(&s, p, false);
	if (f->disk.read_only && !p->read_only)
		add_reason(&s, VERDICT_READ_ONLY, _("%s is read-only"), f->disk.name);
	read_only_reasons(&s, p);
	has_data_reasons(&s, p);
	return out->verdict;
}

const char *verdict_name(enum verdict v)
{
	switch (v) {
	case VERDICT_SAFE:
		return "safe";
	case VERDICT_HAS_DATA:
		return "has-data";
	case VERDICT_READ_ONLY:
		return "read-only";
	case VERDICT_IN_USE:
		return "in-use";
	}
	return "in-use";
}

bool verdict_allows_write(enum verdict v, bool force)
{
	return v == VERDICT_SAFE || (v == VERDICT_HAS_DATA && force);
}

void verdict_reason_format(const struct verdict_reason *r, char *buf, size_t len)
{
	snprintf(buf, len, "%s: %s", verdict_name(r->kind), r->text);
}

void verdict_omitted_format(const struct verdict_result *v, char *buf, size_t len)
{
	if (!v->nomitted) {
		if (len)
			buf[0] = '\0';
		return;
	}
	/* Translation: reasons left out of a verdict's list, "3 more". */
	snprintf(buf, len, _("%zu more"), v->nomitted);
}

void verdict_reasons_join(const struct verdict_result *v, char *buf, size_t len)
{
	char one[VERDICT_REASON_LEN + 16];
	size_t used = 0, i;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (i = 0; i < v->nreasons; i++) {
		verdict_reason_format(&v->reasons[i], one, sizeof(one));
		int n = snprintf(buf + used, len - used, "%s%s", i ? "; " : "", one);
		if (n < 0 || (size_t)n >= len - used)
			return;
		used += (size_t)n;
	}
	if (v->nomitted) {
		verdict_omitted_format(v, one, sizeof(one));
		snprintf(buf + used, len - used, "%s%s", used ? "; " : "", one);
	}
}
