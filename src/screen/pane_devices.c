/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pane_devices.c - the device list: each disk and partition with its
 * safety verdict (as --list gives it), and the reasons for the selected
 * one on the pane's last line. Columns that do not fit are dropped,
 * model first, so the verdict always shows. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "screen/fmt.h"
#include "screen/pane.h"

#define NAME_MIN 6
#define NAME_MAX_W 14
#define SIZE_W 7
#define SCHED_W 9
#define RQA_W 4
#define MODEL_W 12
#define VERDICT_MIN 16

struct dev_columns {
	int name, size, sched, rqa, model;  /* 0: column not shown */
};

static enum theme_elem verdict_elem(enum verdict v)
{
	switch (v) {
	case VERDICT_SAFE: return EL_SAFE;
	case VERDICT_HAS_DATA: return EL_HAS_DATA;
	case VERDICT_READ_ONLY: return EL_READ_ONLY;
	default: return EL_IN_USE;
	}
}

static void pick_columns(const struct dev_rows *rows, int w, struct dev_columns *c)
{
	memset(c, 0, sizeof(*c));
	c->name = NAME_MIN;
	for (size_t i = 0; i < rows->n; i++) {
		int nw = text_width(rows->v[i].name) + (rows->v[i].is_partition ? 1 : 0);
		if (nw > c->name)
			c->name = nw < NAME_MAX_W ? nw : NAME_MAX_W;
	}
	int used = 1 + c->name + 1 + SIZE_W + 1;
	c->size = SIZE_W;
	/* Optional columns in the order they are given up. */
	if (used + RQA_W + VERDICT_MIN <= w) {
		c->rqa = RQA_W;
		used += RQA_W;
	}
	if (used + SCHED_W + VERDICT_MIN <= w) {
		c->sched = SCHED_W;
		used += SCHED_W;
	}
	if (used + MODEL_W + VERDICT_MIN <= w)
		c->model = MODEL_W;
}

/* Draws one row; the column order is NAME SIZE MODEL SCHED RQA VERDICT. */
static void draw_row(const struct view *v, int y, int x, int w, const struct dev_columns *c,
		     const struct dev_row *d, bool selected)
{
	const struct theme *t = v->t;
	attr_t base = selected ? t->attr[EL_SELECTED] : t->attr[EL_NORMAL];
	char buf[256];
	int cx = x;

	draw_blank(y, x, w, base);
	draw_text(y, cx, 1, base, selected ? ">" : " ");
	cx += 1;
	snprintf(buf, sizeof(buf), "%s%s", d->is_partition ? " " : "", d->name);
	draw_text(y, cx, c->name, base, buf);
	cx += c->name + 1;
	draw_text_right(y, cx, c->size - 1, base, fmt_bytes((double)d->size_bytes, buf,
								   sizeof(buf)));
	cx += c->size;
	if (c->model) {
		bool mine = v->m->scratch_dev[0] && !strcmp(d->path, v->m->scratch_dev);
		draw_text(y, cx, c->model - 1, mine && !selected ? t->attr[EL_HEADER] : base,
			  mine ? _("blktop's") : d->model);
		cx += c->model;
	}
	if (c->sched) {
		draw_text(y, cx, c->sched - 1, base, d->sched[0] ? d->sched : "-");
		cx += c->sched;
	}
	if (c->rqa) {
		if (d->rq_affinity >= 0)
			snprintf(buf, sizeof(buf), "%d", d->rq_affinity);
		else
			snprintf(buf, sizeof(buf), "-");
		draw_text_right(y, cx, c->rqa - 1, base, buf);
		cx += c->rqa;
	}
	if (!d->probed)
		snprintf(buf, sizeof(buf), "%s", v->m->scanning ? _("probing...") : _("not probed yet"));
	else if (d->first_reason[0])
		snprintf(buf, sizeof(buf), "%s: %s", d->verdict_word, d->first_reason);
	else
		snprintf(buf, sizeof(buf), "%s", d->verdict_word);
	attr_t va = selected ? base : t->attr[d->probed ? verdict_elem(d->verdict) : EL_DIM];
	draw_text(y, cx, x + w - cx, va, buf);
}

static void draw_header(const struct view *v, int y, int x, int w, const struct dev_columns *c)
{
	attr_t a = v->t->attr[EL_HEADER];
	int cx = x + 1;
	draw_blank(y, x, w, a);
	draw_text(y, cx, c->name, a, _("NAME"));
	cx += c->name + 1;
	draw_text_right(y, cx, c->size - 1, a, _("SIZE"));
	cx += c->size;
	if (c->model) {
		draw_text(y, cx, c->model - 1, a, _("MODEL"));
		cx += c->model;
	}
	if (c->sched) {
		draw_text(y, cx, c->sched - 1, a, _("SCHED"));
		cx += c->sched;
	}
	if (c->rqa) {
		draw_text_right(y, cx, c->rqa - 1, a, _("RQA"));
		cx += c->rqa;
	}
	draw_text(y, cx, x + w - cx, a, _("VERDICT"));
}

static void draw_devices(const struct view *v, struct rect r, struct pane_state *st, bool focused)
{
	const struct dev_rows *rows = &v->m->devs;
	const struct theme *t = v->t;
	char extra[64] = "";
	if (v->m->scanning)
		snprintf(extra, sizeof(extra), "%s", _("probing..."));
	draw_pane_title(t, r, _("Devices"), extra, focused);
	int y = r.y + 1, lines = r.h - 1;
	if (lines < 1)
		return;
	if (!v->m->devs_scanned) {
		draw_text(y, r.x + 1, r.w - 1, t->attr[EL_DIM], _("listing block devices..."));
		return;
	}
	if (!rows->n) {
		draw_text(y, r.x + 1, r.w - 1, t->attr[EL_NORMAL], _("no block devices found"));
		return;
	}
	struct dev_columns c;
	pick_columns(rows, r.w, &c);
	draw_header(v, y++, r.x, r.w, &c);
	int visible = lines - 2;       /* the header and the reasons line */
	if (visible < 1)
		visible = 1;
	pane_scroll_to_selection(st, (int)rows->n, visible);
	for (int i = 0; i < visible && st->top + i < (int)rows->n; i++)
		draw_row(v, y + i, r.x, r.w, &c, &rows->v[st->top + i], st->top + i == st->sel);

	const struct dev_row *d = &rows->v[st->sel];
	char why[1200];
	if (!d->probed && v->m->scanning)
		snprintf(why, sizeof(why), _("%s: reading its contents and users..."), d->name);
	else if (!d->probed)
		snprintf(why, sizeof(why), _("%s: not probed: it is on the job's target, which is "
					     "not opened while the job runs"), d->name);
	else if (d->reasons[0])
		snprintf(why, sizeof(why), "%s: %s", d->name, d->reasons);
	else
		snprintf(why, sizeof(why), _("%s: %s, nothing found on it"), d->name,
			 d->verdict_word);
	/* Whose loop device it is: blktop's scratch device, or which file. */
	size_t used = strlen(why);
	if (v->m->scratch_dev[0] && !strcmp(d->path, v->m->scratch_dev))
		snprintf(why + used, sizeof(why) - used, "  %s",
			 _("(blktop's scratch device: a file in memory, gone when blktop ends)"));
	else if (d->backing[0])
		snprintf(why + used, sizeof(why) - used, _("  (file: %s)"), d->backing);
	draw_text(r.y + r.h - 1, r.x + 1, r.w - 1,
		  t->attr[d->probed ? verdict_elem(d->verdict) : EL_DIM], why);
}

static int devices_rows(const struct view *v)
{
	return (int)v->m->devs.n;
}

const struct pane_class pane_devices = {
	.title = N_("Devices"),
	.draw = draw_devices,
	.rows = devices_rows,
	.selects = true,
};
