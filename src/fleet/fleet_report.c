/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_report.c - the fleet's report: each host's state, verdict and
 * figures, and the fleet's totals. Rates add up; percentiles do not, so
 * the fleet's come from the hosts' latency histograms merged (json+
 * bins), never from averaging the hosts' percentiles; without histograms
 * none are shown. */
#include "config.h"
#include "fleet/fleet_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "output/json.h"
#include "util/status.h"

static const char *const dir_names[FLEET_DIRS] = { "read", "write", "trim" };

/* fio's default percentile list. */
static const double fleet_pcts[] = { 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5,
				     99.9, 99.95, 99.99 };
#define NPCTS (sizeof(fleet_pcts) / sizeof(fleet_pcts[0]))

static int cmp_bin(const void *a, const void *b)
{
	const struct fleet_bin *x = a, *y = b;
	return x->ns < y->ns ? -1 : x->ns > y->ns;
}

static int add_bin(struct fleet_dir *d, uint64_t ns, uint64_t count)
{
	size_t k = 0;
	while (k < d->nbins && d->bins[k].ns != ns)
		k++;
	if (k == d->nbins) {
		if (d->nbins == d->capbins) {
			size_t cap = d->capbins ? d->capbins * 2 : 256;
			struct fleet_bin *p = realloc(d->bins, cap * sizeof(*p));
			if (!p)
				return -1;
			d->bins = p;
			d->capbins = cap;
		}
		d->bins[d->nbins++] = (struct fleet_bin){ ns, 0 };
	}
	d->bins[k].count += count;
	return 0;
}

static int add_bins(struct fleet_dir *d, const struct jv *bins)
{
	for (size_t i = 0; i < bins->n; i++) {
		char *e;
		unsigned long long ns = strtoull(bins->keys[i], &e, 10);
		uint64_t count = jv_u64(&bins->items[i], 0);
		if (*e || !count)
			continue;
		if (add_bin(d, ns, count))
			return -1;
	}
	return 0;
}

int fleet_dir_add_bins(struct fleet_dir *d, const struct fleet_bin *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (b[i].count && add_bin(d, b[i].ns, b[i].count))
			return -1;
	return 0;
}

/* Adds one report's jobs (a host's) into sum. */
void fleet_sum_add(struct fleet_sum *sum, const struct jv *report)
{
	const struct jv *jobs = jv_get(report, "jobs");
	for (size_t j = 0; jobs && jobs->type == JV_ARR && j < jobs->n; j++)
		fleet_sum_add_job(sum, &jobs->items[j]);
}

void fleet_sum_add_job(struct fleet_sum *sum, const struct jv *job)
{
	for (int d = 0; d < FLEET_DIRS; d++) {
		const struct jv *o = jv_get(job, dir_names[d]);
		if (!o)
			continue;
		struct fleet_dir *fd = &sum->dir[d];
		fd->iops += jv_num(jv_get(o, "iops"), 0);
		fd->bw_bytes += jv_num(jv_get(o, "bw_bytes"), 0);
		fd->ios += jv_u64(jv_get(o, "total_ios"), 0);
		fd->io_bytes += jv_u64(jv_get(o, "io_bytes"), 0);
		uint64_t n = jv_u64(jv_path(o, "clat_ns.N"), 0);
		fd->clat_n += n;
		fd->clat_sum += jv_num(jv_path(o, "clat_ns.mean"), 0) * (double)n;
		const struct jv *bins = jv_path(o, "clat_ns.bins");
		if (bins && bins->type == JV_OBJ)
			add_bins(fd, bins);
		else if (n)
			fd->missing_bins = true;
	}
	sum->errors += jv_u64(jv_get(job, "total_err"), 0);
	sum->jobs++;
}

bool fleet_percentiles(struct fleet_dir *d, uint64_t out[FLEET_NPCTS])
{
	uint64_t total = 0;
	if (d->missing_bins || !d->nbins)
		return false;
	qsort(d->bins, d->nbins, sizeof(*d->bins), cmp_bin);
	for (size_t i = 0; i < d->nbins; i++)
		total += d->bins[i].count;
	/* As fio: the first bucket whose running count reaches p% of all. */
	for (size_t p = 0; p < NPCTS; p++) {
		double want = fleet_pcts[p] / 100.0 * (double)total;
		uint64_t run = 0;
		out[p] = d->bins[d->nbins - 1].ns;
		for (size_t i = 0; i < d->nbins; i++) {
			run += d->bins[i].count;
			if ((double)run >= want) {
				out[p] = d->bins[i].ns;
				break;
			}
		}
	}
	return true;
}

void fleet_sum_free(struct fleet_sum *sum)
{
	for (int d = 0; d < FLEET_DIRS; d++)
		free(sum->dir[d].bins);
}

int fleet_status(const struct fleet_host *h, size_t n)
{
	int status = BLKTOP_OK;
	for (size_t i = 0; i < n; i++) {
		int s = BLKTOP_OK;
		/* Done, stopped by us, ready, or not started because another
		 * host kept it back (that host's state says why): no fault of
		 * its own. */
		if (h[i].state == HOST_REFUSED)
			s = BLKTOP_REFUSED;
		else if (h[i].state != HOST_DONE && h[i].state != HOST_STOPPED &&
			 h[i].state != HOST_READY && h[i].state != HOST_NOT_STARTED)
			s = BLKTOP_FAILED;
		/* A refusal outranks a failure: nothing was written. */
		if (s == BLKTOP_REFUSED || (s == BLKTOP_FAILED && status == BLKTOP_OK))
			status = s;
	}
	return status;
}

/* "12.3k" for people; rates only, the JSON keeps the numbers. */
static const char *human(char *buf, size_t len, double v, bool pow2, const char *unit)
{
	static const char *const pre[] = { "", "k", "M", "G", "T" };
	static const char *const pre2[] = { "", "Ki", "Mi", "Gi", "Ti" };
	double base = pow2 ? 1024 : 1000;
	int i = 0;
	while (v >= base && i < 4) {
		v /= base;
		i++;
	}
	snprintf(buf, len, i ? "%.1f%s%s" : "%.0f%s%s", v, pow2 ? pre2[i] : pre[i], unit);
	return buf;
}

void fleet_live_line(FILE *out, const struct fleet_host *h)
{
	const struct host_live *l = &h->live;
	fprintf(out, "%s: t=%.1fs", h->addr.label, (double)l->t_ms / 1000.0);
	for (int d = 0; d < 2; d++) {
		char a[32], b[32];
		if (!l->iops[d] && !l->has_pct[d])
			continue;
		fprintf(out, " %s: IOPS=%s, BW=%s", dir_names[d], human(a, sizeof(a), l->iops[d], false, ""),
			human(b, sizeof(b), l->bw_bytes[d], true, "B/s"));
		if (l->has_pct[d])
			fprintf(out, ", p50=%.1f, p99=%.1f, p99.9=%.1f usec", (double)l->p50[d] / 1000.0,
				(double)l->p99[d] / 1000.0, (double)l->p999[d] / 1000.0);
	}
	if (l->errors)
		fprintf(out, " errors=%llu", (unsigned long long)l->errors);
	fputc('\n', out);
}

static void print_dirs(FILE *out, struct fleet_sum *s, bool merged)
{
	for (int d = 0; d < FLEET_DIRS; d++) {
		struct fleet_dir *fd = &s->dir[d];
		char a[32], b[32];
		uint64_t pct[FLEET_NPCTS];
		if (!fd->ios)
			continue;
		fprintf(out, "  %s: IOPS=%s, BW=%s", dir_names[d], human(a, sizeof(a), fd->iops, false, ""),
			human(b, sizeof(b), fd->bw_bytes, true, "B/s"));
		if (fd->clat_n)
			fprintf(out, _("; clat mean %.1f usec"), fd->clat_sum / (double)fd->clat_n / 1000.0);
		if (fleet_percentiles(fd, pct))
			fprintf(out, _(", p50 %.1f, p99 %.1f, p99.9 %.1f usec%s"), pct[6] / 1000.0,
				pct[12] / 1000.0, pct[14] / 1000.0,
				merged ? _(" (from the merged histograms)") : "");
		fputc('\n', out);
	}
	/* The jobs' I/O errors as the far side counted them (total_err),
	 * where there were any. */
	if (s->errors)
		fprintf(out, _("  errors: %llu (total_err)\n"), (unsigned long long)s->errors);
}

void fleet_report_normal(FILE *out, const struct fleet_host *hosts, size_t n, bool started)
{
	struct fleet_sum all = { 0 };
	size_t reported = 0;
	for (size_t i = 0; i < n; i++) {
		const struct fleet_host *h = &hosts[i];
		fprintf(out, "%s: %s", h->addr.label, host_state_name(h->state));
		if (h->version[0] || h->verdict[0])
			fprintf(out, " (%s%s%s%s%s)", h->drv->name, h->version[0] ? " " : "", h->version,
				h->verdict[0] ? _(", verdict ") : "", h->verdict);
		if (h->addr.target[0])
			fprintf(out, _(", target %s"), h->addr.target);
		if (h->no_profile_env)
			fputs(_(", without the profile's environment steps"), out);
		fputc('\n', out);
		if (h->message[0] && h->state != HOST_DONE)
			fprintf(out, "  %s\n", h->message);
		/* What its blktop did to its machine (a profile's environment). */
		for (const char *p = h->notes; p && *p;) {
			size_t len = strcspn(p, "\n");
			fprintf(out, "  %.*s\n", (int)len, p);
			p += len + (p[len] == '\n');
		}
		if (h->report && jv_get(h->report, "jobs")) {
			struct fleet_sum one = { 0 };
			fleet_sum_add(&one, h->report);
			print_dirs(out, &one, false);
			fleet_sum_free(&one);
			fleet_sum_add(&all, h->report);
			reported++;
		}
	}
	if (!started)
		fputs(_("Fleet: not started: a host refused or failed its check "
			"(--hosts-partial starts the others)\n"),
		      out);
	else
		fprintf(out, _("Fleet: %zu hosts, %zu reported\n"), n, reported);
	print_dirs(out, &all, true);
	fleet_sum_free(&all);
}

/* A parsed value back into the JSON builder (integers stay integers). */
void fleet_json_add_jv(struct json *parent, const char *key, const struct jv *v)
{
	switch (v->type) {
	case JV_NULL: json_add_null(parent, key); break;
	case JV_BOOL: json_add_bool(parent, key, v->b); break;
	case JV_STR: json_add_string(parent, key, v->str); break;
	case JV_NUM:
		if (v->num == floor(v->num) && fabs(v->num) < 9e15)
			json_add_i64(parent, key, (int64_t)v->num);
		else
			json_add_double(parent, key, v->num);
		break;
	case JV_ARR: {
		struct json *a = json_add_array(parent, key);
		for (size_t i = 0; i < v->n; i++)
			fleet_json_add_jv(a, NULL, &v->items[i]);
		break;
	}
	case JV_OBJ: {
		struct json *o = json_add_object(parent, key);
		for (size_t i = 0; i < v->n; i++)
			fleet_json_add_jv(o, v->keys[i], &v->items[i]);
		break;
	}
	}
}

static void add_sum(struct json *parent, struct fleet_sum *s)
{
	for (int d = 0; d < FLEET_DIRS; d++) {
		struct fleet_dir *fd = &s->dir[d];
		struct json *o = json_add_object(parent, dir_names[d]);
		uint64_t pct[FLEET_NPCTS];
		json_add_u64(o, "io_bytes", fd->io_bytes);
		json_add_u64(o, "total_ios", fd->ios);
		json_add_double(o, "iops", fd->iops);
		json_add_u64(o, "bw_bytes", (uint64_t)llround(fd->bw_bytes));
		json_add_u64(o, "bw", (uint64_t)llround(fd->bw_bytes / 1024.0));
		struct json *c = json_add_object(o, "clat_ns");
		json_add_u64(c, "N", fd->clat_n);
		json_add_double(c, "mean", fd->clat_n ? fd->clat_sum / (double)fd->clat_n : 0);
		if (fleet_percentiles(fd, pct)) {
			struct json *p = json_add_object(c, "percentile");
			for (size_t i = 0; i < NPCTS; i++) {
				char k[32];
				snprintf(k, sizeof(k), "%.6f", fleet_pcts[i]);
				json_add_u64(p, k, pct[i]);
			}
		}
	}
}

void fleet_report_json(FILE *out, const struct fleet_host *hosts, size_t n)
{
	struct json *root = json_object_new();
	fleet_report_json_add(root, hosts, n);
	json_print(out, root);
	json_free(root);
}

void fleet_report_json_add(struct json *root, const struct fleet_host *hosts, size_t n)
{
	struct fleet_sum all = { 0 };
	struct json *arr = json_add_array(root, "hosts");
	size_t reported = 0;
	for (size_t i = 0; i < n; i++) {
		const struct fleet_host *h = &hosts[i];
		struct json *o = json_add_object(arr, NULL);
		json_add_string(o, "host", h->addr.label);
		json_add_string(o, "target", h->addr.target);
		json_add_string(o, "driver", h->drv->name);
		json_add_string(o, "version", h->version);
		json_add_string(o, "state", host_state_name(h->state));
		json_add_string(o, "verdict", h->verdict);
		json_add_i64(o, "exit_status", h->exit_status);
		json_add_string(o, "message", h->message);
		struct json *notes = json_add_array(o, "notes");
		for (const char *p = h->notes; p && *p;) {
			size_t len = strcspn(p, "\n");
			char *line = strndup(p, len);
			if (line)
				json_add_string(notes, NULL, line);
			free(line);
			p += len + (p[len] == '\n');
		}
		if (h->report && jv_get(h->report, "jobs")) {
			fleet_json_add_jv(o, "report", h->report);
			fleet_sum_add(&all, h->report);
			reported++;
		}
	}
	struct json *f = json_add_object(root, "fleet");
	json_add_u64(f, "hosts", n);
	json_add_u64(f, "reported", reported);
	json_add_u64(f, "jobs", all.jobs);
	json_add_u64(f, "total_err", all.errors);
	add_sum(f, &all);
	fleet_sum_free(&all);
}
