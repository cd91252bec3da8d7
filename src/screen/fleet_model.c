/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_model.c - the fleet screen's rows and totals. Rates add up over
 * hosts; percentiles do not, so the totals row's are taken from the
 * hosts' interval histograms merged bucket by bucket (fleet_live_total),
 * never averaged. A row shows figures only while its host runs, and the
 * totals add exactly the rows that show them. */
#include "config.h"
#include "screen/fleet_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

static const char *const col_titles[FC_COUNT] = {
	[FC_HOST] = N_("HOST"),       [FC_DRIVER] = N_("DRIVER"), [FC_STATE] = N_("STATE"),
	[FC_VERDICT] = N_("VERDICT"), [FC_RIOPS] = N_("R-IOPS"),  [FC_WIOPS] = N_("W-IOPS"),
	[FC_RBW] = N_("R-BW"),        [FC_WBW] = N_("W-BW"),      [FC_P50] = N_("P50us"),
	[FC_P99] = N_("P99us"),       [FC_P999] = N_("P99.9us"),  [FC_ERRORS] = N_("ERR"),
};

const char *fleet_col_title(enum fleet_col c)
{
	return col_titles[c];
}

void fleet_model_init(struct fleet_model *m)
{
	memset(m, 0, sizeof(*m));
	m->open = -1;
	m->sort = FC_HOST;
}

void fleet_model_free(struct fleet_model *m)
{
	free(m->rows);
	free(m->table_text);
	host_live_free(&m->detail);
	memset(m, 0, sizeof(*m));
}

/* The state as the screen says it: a run whose far side has not yet
 * said it started is still connecting. */
static const char *state_word(const struct fleet_host *h)
{
	if (h->state == HOST_RUNNING && !h->version[0] && !h->live.intervals)
		return "connecting";
	if (h->state == HOST_CHECKING && !h->outlen && !h->message[0])
		return "checking";
	return host_state_name(h->state);
}

/* The percentiles shown are the direction's with the more I/Os. */
static void take_pct(struct fleet_row *r, const struct host_live *l)
{
	int d = l->iops[1] > l->iops[0] ? 1 : 0;
	r->has_pct = l->has_pct[d];
	r->p50 = l->p50[d];
	r->p99 = l->p99[d];
	r->p999 = l->p999[d];
}

void fleet_row_from_host(struct fleet_row *r, const struct fleet_host *h, size_t index)
{
	memset(r, 0, sizeof(*r));
	r->host = index;
	snprintf(r->name, sizeof(r->name), "%s", h->addr.label);
	snprintf(r->driver, sizeof(r->driver), "%s%s%s", h->drv ? h->drv->name : "",
		 h->version[0] ? " " : "", h->version);
	snprintf(r->state, sizeof(r->state), "%s", state_word(h));
	snprintf(r->verdict, sizeof(r->verdict), "%s", h->verdict);
	snprintf(r->message, sizeof(r->message), "%s", h->message);
	r->no_cpu_irq = h->drv && h->drv->no_cpu_irq;
	r->live = h->state == HOST_RUNNING && h->live.intervals;
	if (!r->live) {
		/* Ended: its whole run's percentiles, from its report. */
		int d = h->final_ios[1] > h->final_ios[0] ? 1 : 0;
		if (h->state != HOST_RUNNING && h->final_pct[d]) {
			r->has_pct = r->pct_whole = true;
			r->p50 = h->final_p50[d];
			r->p99 = h->final_p99[d];
			r->p999 = h->final_p999[d];
		}
		return;
	}
	r->has_errors = h->live.counts_errors || !(h->drv && h->drv->rates_only);
	for (int d = 0; d < 2; d++) {
		r->iops[d] = h->live.iops[d];
		r->bw[d] = h->live.bw_bytes[d];
	}
	r->errors = h->live.errors;
	take_pct(r, &h->live);
}

static double key_num(const struct fleet_row *r, enum fleet_col c)
{
	switch (c) {
	case FC_RIOPS: return r->live ? r->iops[0] : -1;
	case FC_WIOPS: return r->live ? r->iops[1] : -1;
	case FC_RBW: return r->live ? r->bw[0] : -1;
	case FC_WBW: return r->live ? r->bw[1] : -1;
	case FC_P50: return r->has_pct ? (double)r->p50 : -1;
	case FC_P99: return r->has_pct ? (double)r->p99 : -1;
	case FC_P999: return r->has_pct ? (double)r->p999 : -1;
	case FC_ERRORS: return r->live && r->has_errors ? (double)r->errors : -1;
	default: return 0;
	}
}

static const char *key_str(const struct fleet_row *r, enum fleet_col c)
{
	switch (c) {
	case FC_DRIVER: return r->driver;
	case FC_STATE: return r->state;
	case FC_VERDICT: return r->verdict;
	default: return r->name;
	}
}

/* qsort has no argument: the one model being sorted. */
static const struct fleet_model *sorting;

static int cmp_rows(const void *a, const void *b)
{
	const struct fleet_row *x = a, *y = b;
	enum fleet_col c = sorting->sort;
	int r;
	if (c >= FC_RIOPS) {
		double u = key_num(x, c), v = key_num(y, c);
		r = u < v ? -1 : u > v;
	} else {
		r = strcmp(key_str(x, c), key_str(y, c));
	}
	if (!r) /* the same: in the order the hosts were given */
		return x->host < y->host ? -1 : x->host > y->host;
	return sorting->desc ? -r : r;
}

void fleet_model_update(struct fleet_model *m, const struct fleet_host *hosts, size_t n,
			bool stopping, bool ended, bool started)
{
	size_t sel_host = m->rows && m->sel >= 0 && (size_t)m->sel < m->n ? m->rows[m->sel].host
									      : 0;
	if (n != m->n) {
		struct fleet_row *p = realloc(m->rows, (n ? n : 1) * sizeof(*p));
		if (!p)
			return;
		m->rows = p;
		m->n = n;
	}
	if (!m->rows)
		return;
	m->rates_only_live = m->any_whole = false;
	bool uncounted = false;       /* a running host without a live error count */
	for (size_t i = 0; i < n; i++) {
		fleet_row_from_host(&m->rows[i], &hosts[i], i);
		m->any_whole |= m->rows[i].pct_whole;
		m->rates_only_live |= hosts[i].state == HOST_RUNNING && hosts[i].drv &&
				      hosts[i].drv->rates_only;
		uncounted |= hosts[i].state == HOST_RUNNING && m->rows[i].live &&
			     !m->rows[i].has_errors;
	}
	sorting = m;
	qsort(m->rows, n, sizeof(*m->rows), cmp_rows);
	sorting = NULL;
	m->sel = 0;
	for (size_t i = 0; i < n; i++)
		if (m->rows[i].host == sel_host)
			m->sel = (int)i;
	m->sel_name[0] = m->sel_notes[0] = '\0';
	if (n) {
		const struct fleet_host *h = &hosts[m->rows[m->sel].host];
		snprintf(m->sel_name, sizeof(m->sel_name), "%s", h->addr.label);
		snprintf(m->sel_notes, sizeof(m->sel_notes), "%s", h->notes ? h->notes : "");
	}

	struct host_live total = { 0 };
	fleet_live_total(hosts, n, &total, &m->total_in);
	struct fleet_row *t = &m->total;
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "%s", _("TOTAL"));
	t->live = m->total_in > 0;
	for (int d = 0; d < 2; d++) {
		t->iops[d] = total.iops[d];
		t->bw[d] = total.bw_bytes[d];
	}
	t->errors = total.errors;
	/* A host that counts no errors live leaves the fleet without a count. */
	t->has_errors = !uncounted;
	take_pct(t, &total);
	host_live_free(&total);

	/* The open host's CPUs and interrupts, copied: the views draw from
	 * the model, not from the collector's hosts. */
	host_live_free(&m->detail);
	memset(&m->detail, 0, sizeof(m->detail));
	if (m->open >= 0 && (size_t)m->open < n) {
		const struct host_live *l = &hosts[m->open].live;
		m->detail.cpu_valid = l->cpu_valid;
		m->detail.cpu_all = l->cpu_all;
		m->detail.intervals = l->intervals;
		m->detail.t_ms = l->t_ms;
		if (l->ncpus && (m->detail.cpus = calloc((size_t)l->ncpus, sizeof(*l->cpus)))) {
			memcpy(m->detail.cpus, l->cpus, (size_t)l->ncpus * sizeof(*l->cpus));
			m->detail.ncpus = l->ncpus;
		}
		if (l->nirqs && (m->detail.irqs = calloc(l->nirqs, sizeof(*l->irqs)))) {
			memcpy(m->detail.irqs, l->irqs, l->nirqs * sizeof(*l->irqs));
			m->detail.nirqs = l->nirqs;
		}
	}
	m->stopping = stopping;
	m->ended = ended;
	m->started = started;
}

void fleet_model_sort_by(struct fleet_model *m, int step)
{
	m->sort = (enum fleet_col)(((int)m->sort + step + FC_COUNT) % FC_COUNT);
}

void fleet_model_invert(struct fleet_model *m)
{
	m->desc = !m->desc;
}
