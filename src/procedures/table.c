/* SPDX-License-Identifier: GPL-2.0-or-later */
/* table.c - a procedure's table as text, CSV and JSON. The text follows
 * the published tests: the seven-test matrix's IOPS min/max/avg columns, the Azure block-size test's IO/s, kB/s
 * and Mbit/s, the multi-disk job file's knee; a sweep gets an ASCII curve under it (the
 * screen draws its own). Numbers always use '.', whatever the locale:
 * tables are pasted into spreadsheets and compared across machines. */
#include "config.h"
#include "procedures/procedure.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "i18n.h"
#include "textwidth.h"
#include "options.h"
#include "output/json.h"
#include "output/report.h"

#define CURVE_MAIN 30
#define CURVE_LAT 16

struct numeric {
	locale_t old, c;
};


/* A column heading padded to width display cells (right-aligned or not),
 * then after: printf pads by bytes, and a translated heading (Chinese:
 * three bytes, two cells a character) would pull the columns after it to
 * the left. */
static void heading(FILE *out, const char *s, int width, bool right, const char *after)
{
	text_put_padded(out, s, width, right);
	fputs(after, out);
}
/* C numbers, the user's language: a copy of the thread's locale with only
 * LC_NUMERIC replaced (a base of 0 would make every category "C", and
 * gettext would answer in English). */
static void numeric_begin(struct numeric *n)
{
	locale_t dup = duplocale(uselocale((locale_t)0));
	n->c = dup ? newlocale(LC_NUMERIC_MASK, "C", dup) : (locale_t)0;
	if (dup && !n->c)
		freelocale(dup);
	n->old = n->c ? uselocale(n->c) : (locale_t)0;
}

static void numeric_end(struct numeric *n)
{
	if (n->c) {
		uselocale(n->old);
		freelocale(n->c);
	}
}

static const char *state_name(enum proc_row_state s)
{
	static const char *const names[] = { "pending", "running", "done", "failed", "stopped" };
	return names[s];
}

static bool row_measured(const struct proc_row *r)
{
	return r->state == ROW_DONE || (r->state == ROW_STOPPED && r->runtime_ms) ||
	       (r->state == ROW_FAILED && r->runtime_ms);
}

/* A row that has no figures says why, in place of them. */
static bool row_unmeasured(FILE *out, const struct proc_row *r, int width)
{
	if (row_measured(r))
		return false;
	const char *why = r->state == ROW_FAILED ? _("failed") : _("not run");
	fprintf(out, "%-*s  %s%s%s\n", width, r->label, why, r->note[0] ? ": " : "", r->note);
	return true;
}

static void row_tail(FILE *out, const struct proc_row *r)
{
	if (r->state == ROW_STOPPED)
		fprintf(out, "  (%s)", _("stopped"));
	else if (r->state == ROW_FAILED)
		fprintf(out, "  (%s: %s)", _("failed"), r->note);
}

static void print_suite(FILE *out, const struct proc_table *t)
{
	bool cdm = t->kind == PROC_CDM;
	heading(out, _("test"), 22, false, " ");
	heading(out, _("IOPS min"), 10, true, " ");
	heading(out, _("max"), 10, true, " ");
	heading(out, _("avg"), 12, true, " ");
	heading(out, cdm ? "MB/s" : "MiB/s", 10, true, " ");
	heading(out, _("clat avg us"), 12, true, " ");
	heading(out, _("clat p99 us"), 12, true, "\n");
	for (size_t i = 0; i < t->nrows; i++) {
		const struct proc_row *r = &t->rows[i];
		if (row_unmeasured(out, r, 22))
			continue;
		fprintf(out, "%-22s %10.0f %10.0f %12.2f %10.2f %12.2f %12.2f", r->label, r->iops_min,
			r->iops_max, r->iops, r->bw_bytes / (cdm ? 1e6 : 1048576.0),
			report_lat_up(r->clat_avg_ns, 1000, 2), report_lat_up(r->clat_p99_ns, 1000, 2));
		row_tail(out, r);
		fputc('\n', out);
	}
}

static void print_bs(FILE *out, const struct proc_table *t)
{
	fprintf(out, "%8s %12s %12s %10s ", "bs", "IO/s", "kB/s", "Mbit/s");
	heading(out, _("clat avg us"), 12, true, " ");
	heading(out, _("clat p99 us"), 12, true, "\n");
	for (size_t i = 0; i < t->nrows; i++) {
		const struct proc_row *r = &t->rows[i];
		if (row_unmeasured(out, r, 8))
			continue;
		fprintf(out, "%8s %12.1f %12.1f %10.1f %12.2f %12.2f", r->label, r->iops,
			r->bw_bytes / 1e3, r->bw_bytes * 8 / 1e6, report_lat_up(r->clat_avg_ns, 1000, 2),
			report_lat_up(r->clat_p99_ns, 1000, 2));
		row_tail(out, r);
		fputc('\n', out);
	}
}

static const char *stop_words(const char *reason)
{
	if (!strcmp(reason, "flat"))
		return _("the gain stayed under 3 percent for two steps in a row");
	if (!strcmp(reason, "latency"))
		return _("lat avg passed the limit");
	if (!strcmp(reason, "steps"))
		return _("the step limit was reached before IOPS stopped rising");
	if (!strcmp(reason, "stopped"))
		return _("stopped by the user");
	if (!strcmp(reason, "error"))
		return _("a step failed");
	return _("not stopped");
}

static void print_numjobs(FILE *out, const struct proc_table *t)
{
	fprintf(out, "%8s %12s %10s ", "numjobs", "IOPS", "MiB/s");
	heading(out, _("gain %"), 8, true, " ");
	heading(out, _("lat avg us"), 12, true, " ");
	heading(out, _("clat avg us"), 12, true, " ");
	heading(out, _("clat p99 us"), 12, true, "\n");
	for (size_t i = 0; i < t->nrows; i++) {
		const struct proc_row *r = &t->rows[i];
		if (row_unmeasured(out, r, 8))
			continue;
		char gain[16] = "-";
		if (i > 0)
			snprintf(gain, sizeof(gain), "%+.1f", r->gain * 100);
		fprintf(out, "%8s %12.1f %10.2f %8s %12.2f %12.2f %12.2f", r->label, r->iops,
			r->bw_bytes / 1048576.0, gain, report_lat_up(r->lat_avg_ns, 1000, 2),
			report_lat_up(r->clat_avg_ns, 1000, 2), report_lat_up(r->clat_p99_ns, 1000, 2));
		if ((long)i == t->knee)
			fprintf(out, "  <- %s", _("knee"));
		row_tail(out, r);
		fputc('\n', out);
	}
	fprintf(out, "%s: %s\n", _("ramp ended"), stop_words(t->stop_reason));
	if (t->knee >= 0) {
		const struct proc_row *k = &t->rows[t->knee];
		fprintf(out, _("knee: numjobs %s, %.0f IOPS (%.2f MiB/s) at lat avg %.1f us, within the limit of %llu us\n"),
			k->label, k->iops, k->bw_bytes / 1048576.0, report_lat_up(k->lat_avg_ns, 1000, 1),
			t->lat_limit_us);
	} else {
		fprintf(out, _("knee: none: no step had lat avg within %llu us\n"), t->lat_limit_us);
	}
}

static void print_profile(FILE *out, const struct proc_table *t)
{
	fprintf(out, "%-10s %10s %9s   ", "", "", "");
	heading(out, _("lat (us): min avg max stdev"), 39, false, "   ");
	fprintf(out, "%s\n", _("clat percentiles (us)"));
	heading(out, _("job"), 10, false, " ");
	fprintf(out, "%10s %9s   %9s %9s %9s %9s   %9s %9s %9s %9s\n", "IOPS",
		"MiB/s", "min", "avg", "max", "stdev", "p50", "p99", "p99.9", "p99.99");
	for (size_t i = 0; i < t->nrows; i++) {
		const struct proc_row *r = &t->rows[i];
		if (row_unmeasured(out, r, 10))
			continue;
		fprintf(out, "%-10s %10.1f %9.2f   %9.2f %9.2f %9.2f %9.2f   %9.1f %9.1f %9.1f %9.1f",
			r->label, r->iops, r->bw_bytes / 1048576.0, report_lat_up(r->lat_min_ns, 1000, 2),
			report_lat_up(r->lat_avg_ns, 1000, 2), report_lat_up(r->lat_max_ns, 1000, 2),
			r->lat_stdev_ns / 1000,
			report_lat_up(r->clat_p50_ns, 1000, 1), report_lat_up(r->clat_p99_ns, 1000, 1),
			report_lat_up(r->clat_p999_ns, 1000, 1), report_lat_up(r->clat_p9999_ns, 1000, 1));
		row_tail(out, r);
		fputc('\n', out);
	}
}

/* 1234567 -> "1.23M": the curve's labels must stay narrow. */
static void compact(double v, const char *unit, char *buf, size_t len)
{
	static const char *const si[] = { "", "k", "M", "G", "T" };
	int p = 0;
	while (fabs(v) >= 1000 && p < 4) {
		v /= 1000;
		p++;
	}
	snprintf(buf, len, v < 10 && p ? "%.2f%s%s" : "%.1f%s%s", v, si[p], unit);
}

static void bar(FILE *out, double v, double max, int width, char ch)
{
	int n = max > 0 ? (int)lround(v / max * width) : 0;
	if (v > 0 && n == 0)
		n = 1;
	for (int i = 0; i < width; i++)
		fputc(i < n ? ch : ' ', out);
}

/* The sweep's curve on its side: one line per step, the measure as a bar
 * of '#', clat avg as a bar of '*' next to it: the measure the screen's curve
 * plots, in the same unit (us). */
static void print_curve(FILE *out, const struct proc_table *t)
{
	double max = 0, lmax = 0;
	size_t n = 0;

	for (size_t i = 0; i < t->nrows; i++) {
		const struct proc_row *r = &t->rows[i];
		if (!row_measured(r))
			continue;
		double v = t->curve_bw ? r->bw_bytes : r->iops;
		max = v > max ? v : max;
		lmax = r->clat_avg_ns > lmax ? r->clat_avg_ns : lmax;
		n++;
	}
	if (n < 2)
		return;
	fprintf(out, "\n%s\n", t->curve_bw ? _("bandwidth (#) and clat avg (*) by step:")
					  : _("IOPS (#) and clat avg (*) by step:"));
	for (size_t i = 0; i < t->nrows; i++) {
		const struct proc_row *r = &t->rows[i];
		char v[32], l[32];
		if (!row_measured(r))
			continue;
		double m = t->curve_bw ? r->bw_bytes : r->iops;
		compact(m, t->curve_bw ? "B/s" : "", v, sizeof(v));
		compact(r->clat_avg_ns / 1000, "", l, sizeof(l));
		fprintf(out, "%8s |", r->label);
		bar(out, m, max, CURVE_MAIN, '#');
		fprintf(out, "| %10s |", v);
		bar(out, r->clat_avg_ns, lmax, CURVE_LAT, '*');
		fprintf(out, "| %8s us%s\n", l, (long)i == t->knee ? "  <- knee" : "");
	}
}

void proc_table_normal(FILE *out, const struct proc_table *t)
{
	struct numeric g;

	numeric_begin(&g);
	fprintf(out, "\n%s\n%s: %s\n\n", t->title, _("target"), t->target);
	switch (t->kind) {
	case PROC_SEVEN:
	case PROC_CDM:
		print_suite(out, t);
		break;
	case PROC_SWEEP_BS:
		print_bs(out, t);
		print_curve(out, t);
		break;
	case PROC_SWEEP_NUMJOBS:
		print_numjobs(out, t);
		print_curve(out, t);
		break;
	default:
		print_profile(out, t);
		break;
	}
	if (t->interrupted)
		fprintf(out, "%s\n", _("(interrupted: the table covers what ran)"));
	numeric_end(&g);
}

static void csv_text(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

void proc_table_csv(FILE *out, const struct proc_table *t)
{
	struct numeric g;

	numeric_begin(&g);
	fputs("procedure,test,state,rw,bs,iodepth,numjobs,runtime_ms,iops,iops_min,iops_max,"
	      "bw_bytes,bw_kB_s,bw_Mbit_s,clat_avg_us,clat_p50_us,clat_p99_us,clat_p99.9_us,"
	      "clat_p99.99_us,lat_min_us,lat_avg_us,lat_max_us,lat_stdev_us,gain_pct,knee,note\n",
	      out);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct proc_row *r = &t->rows[i];
		fprintf(out, "%s,", t->name);
		csv_text(out, r->label);
		fprintf(out,
			",%s,%s,%llu,%llu,%llu,%llu,%.2f,%.2f,%.2f,%.0f,%.1f,%.3f,%.3f,%.3f,%.3f,"
			"%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.2f,%d,",
			state_name(r->state), r->rw, r->bs, r->iodepth, r->numjobs,
			(unsigned long long)r->runtime_ms, r->iops, r->iops_min, r->iops_max,
			r->bw_bytes, r->bw_bytes / 1e3, r->bw_bytes * 8 / 1e6, r->clat_avg_ns / 1000,
			r->clat_p50_ns / 1000, r->clat_p99_ns / 1000, r->clat_p999_ns / 1000,
			r->clat_p9999_ns / 1000, r->lat_min_ns / 1000, r->lat_avg_ns / 1000,
			r->lat_max_ns / 1000, r->lat_stdev_ns / 1000, r->gain * 100,
			(long)i == t->knee ? 1 : 0);
		csv_text(out, r->note);
		fputc('\n', out);
	}
	numeric_end(&g);
}

static void json_row(struct json *o, const struct proc_row *r)
{
	json_add_string(o, "test", r->label);
	json_add_string(o, "state", state_name(r->state));
	json_add_string(o, "rw", r->rw);
	json_add_u64(o, "bs", r->bs);
	json_add_u64(o, "iodepth", r->iodepth);
	json_add_u64(o, "numjobs", r->numjobs);
	json_add_u64(o, "runtime_ms", r->runtime_ms);
	json_add_double(o, "iops", r->iops);
	json_add_double(o, "iops_min", r->iops_min);
	json_add_double(o, "iops_max", r->iops_max);
	json_add_double(o, "bw_bytes", r->bw_bytes);
	json_add_double(o, "bw_kB_s", r->bw_bytes / 1e3);
	json_add_double(o, "bw_Mbit_s", r->bw_bytes * 8 / 1e6);
	json_add_double(o, "clat_avg_ns", r->clat_avg_ns);
	json_add_double(o, "clat_p50_ns", r->clat_p50_ns);
	json_add_double(o, "clat_p99_ns", r->clat_p99_ns);
	json_add_double(o, "clat_p99.9_ns", r->clat_p999_ns);
	json_add_double(o, "clat_p99.99_ns", r->clat_p9999_ns);
	json_add_double(o, "lat_min_ns", r->lat_min_ns);
	json_add_double(o, "lat_avg_ns", r->lat_avg_ns);
	json_add_double(o, "lat_max_ns", r->lat_max_ns);
	json_add_double(o, "lat_stdev_ns", r->lat_stdev_ns);
	json_add_double(o, "gain", r->gain);
	json_add_i64(o, "status", r->status);
	json_add_string(o, "note", r->note);
}

int proc_table_json(FILE *out, const struct proc_table *t)
{
	struct json *root = json_object_new();

	if (!root)
		return -1;
	json_add_string(root, "blktop version", PACKAGE_VERSION);
	json_add_string(root, "procedure", t->name);
	json_add_string(root, "target", t->target);
	json_add_bool(root, "interrupted", t->interrupted);
	struct json *rows = json_add_array(root, "rows");
	for (size_t i = 0; i < t->nrows; i++)
		json_row(json_add_object(rows, NULL), &t->rows[i]);
	if (t->kind == PROC_SWEEP_NUMJOBS) {
		json_add_u64(root, "lat_limit_us", t->lat_limit_us);
		json_add_string(root, "stop_reason", t->stop_reason);
		if (t->knee >= 0)
			json_row(json_add_object(root, "knee"), &t->rows[t->knee]);
		else
			json_add_null(root, "knee");
	}
	int r = json_print(out, root);
	json_free(root);
	return r;
}
