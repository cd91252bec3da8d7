/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_jsonl.c - --output-format=jsonl: one JSON object a line, for a
 * program (or a blktop that drives many hosts) that reads the run while
 * it goes: a "start" line, an "interval" line per status interval with
 * that interval's own figures, a "final" line with the whole report, and
 * a "note" line for each --profile-env step as it is taken. The
 * figures come from the runner's progress (run_progress): nothing here
 * reads /proc. The schema is in the man page (doc/blktop.1.in). */
#include "config.h"
#include "output/report.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "output/json.h"
#include "output/report_priv.h"
#include "stats/hist.h"

static const char *const dir_key[DIR_COUNT] = { "read", "write" };

static void print_line(FILE *out, struct json *root)
{
	json_print_line(out, root);
	json_free(root);
}

void report_jsonl_start(FILE *out, uint64_t wall_ms, uint64_t interval_ms)
{
	struct report_numeric num;
	report_numeric_begin(&num);
	struct json *o = json_object_new();
	json_add_string(o, "type", "start");
	json_add_string(o, "blktop", PACKAGE_VERSION);
	json_add_string(o, "fio version", REPORT_FIO_VERSION);
	json_add_u64(o, "timestamp_ms", wall_ms);
	json_add_u64(o, "interval_ms", interval_ms);
	print_line(out, o);
	report_numeric_end(&num);
}

void report_jsonl_note(FILE *out, const char *text)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	struct json *o = json_object_new();
	json_add_string(o, "type", "note");
	json_add_u64(o, "timestamp_ms", (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
	json_add_string(o, "text", text);
	print_line(out, o);
}

static double per_second(uint64_t count, uint64_t span_ms)
{
	return span_ms ? (double)count * 1000.0 / (double)span_ms : 0;
}

static void add_dir(struct json *job, const struct run_interval *iv, int d)
{
	struct json *o = json_add_object(job, dir_key[d]);
	json_add_u64(o, "ios", iv->ios[d]);
	json_add_u64(o, "io_bytes", iv->bytes[d]);
	json_add_double(o, "iops", per_second(iv->ios[d], iv->span_ms));
	json_add_u64(o, "bw_bytes", (uint64_t)llround(per_second(iv->bytes[d], iv->span_ms)));
	json_add_u64(o, "errors", iv->errors[d]);
	json_add_u64(o, "total_ios", iv->run_ios[d]);
	json_add_u64(o, "total_io_bytes", iv->run_bytes[d]);
	json_add_u64(o, "total_errors", iv->run_errors[d]);
	json_add_i64(o, "first_error", iv->first_error[d]);
	struct json *c = json_add_object(o, "clat_ns");
	uint64_t n = iv->clat_hist[d] ? hist_total(iv->clat_hist[d]) : 0;
	json_add_u64(c, "N", n);
	json_add_u64(c, "mean", iv->clat_mean_ns[d]);
	json_add_u64(c, "max", iv->clat_max_ns[d]);
	if (n) {
		struct json *p = json_add_object(c, "percentile");
		for (size_t i = 0; i < hist_default_npcts && i < 17; i++) {
			char key[32];
			snprintf(key, sizeof(key), "%f", hist_default_pcts[i]);
			json_add_u64(p, key, iv->clat_pct_ns[d][i]);
		}
	}
	report_add_bins(c, iv->clat_hist[d]);
}

static void add_disk(struct json *arr, const struct disk_delta *dd)
{
	const struct disk_rates *k = &dd->rates;
	struct json *o = json_add_object(arr, NULL);
	json_add_string(o, "name", dd->name);
	json_add_double(o, "r/s", k->r_s);
	json_add_double(o, "w/s", k->w_s);
	json_add_double(o, "rkB/s", k->rkb_s);
	json_add_double(o, "wkB/s", k->wkb_s);
	json_add_double(o, "rrqm/s", k->rrqm_s);
	json_add_double(o, "wrqm/s", k->wrqm_s);
	json_add_double(o, "r_await", k->r_await);
	json_add_double(o, "w_await", k->w_await);
	json_add_double(o, "aqu-sz", k->aqu_sz);
	json_add_double(o, "util", k->util);
}

void report_jsonl_interval(FILE *out, const struct run_progress *p)
{
	struct report_numeric num;
	report_numeric_begin(&num);
	struct json *o = json_object_new();
	json_add_string(o, "type", "interval");
	json_add_u64(o, "timestamp_ms", p->wall_ms);
	json_add_u64(o, "t_ms", p->t_ms);
	json_add_u64(o, "span_ms", p->span_ms);
	struct json *jobs = json_add_array(o, "jobs");
	for (size_t i = 0; i < p->niv; i++) {
		const struct run_interval *iv = &p->iv[i];
		struct json *j = json_add_object(jobs, NULL);
		json_add_string(j, "jobname", iv->name ? iv->name : "");
		json_add_u64(j, "groupid", iv->groupid);
		json_add_u64(j, "t_ms", iv->t_ms);
		json_add_u64(j, "span_ms", iv->span_ms);
		json_add_bool(j, "ramping", iv->ramping);
		for (int d = 0; d < DIR_COUNT; d++)
			add_dir(j, iv, d);
	}
	struct json *disks = json_add_array(o, "disks");
	for (size_t i = 0; i < p->ndisks; i++)
		add_disk(disks, &p->disks[i]);
	struct json *cpu = json_add_object(o, "cpu");
	for (int f = 0; p->cpu_valid && f < CPU_NFIELDS; f++)
		json_add_double(cpu, cpu_field_name((enum cpu_field)f), p->cpu_all.pct[f]);
	/* Each CPU's row, as mpstat -P ALL: a fleet's host CPU pane. */
	struct json *cpus = json_add_array(o, "cpus");
	for (int c = 0; c < p->ncpus; c++) {
		struct json *one = json_add_object(cpus, NULL);
		json_add_u64(one, "cpu", (uint64_t)c);
		for (int f = 0; f < CPU_NFIELDS; f++)
			json_add_double(one, cpu_field_name((enum cpu_field)f), p->cpus[c].pct[f]);
	}
	/* The target disks' queue interrupts: a fleet's host IRQ pane. */
	struct json *irqs = json_add_array(o, "irqs");
	for (size_t i = 0; i < p->nirqs; i++) {
		struct json *q = json_add_object(irqs, NULL);
		json_add_string(q, "disk", p->irqs[i].disk);
		json_add_u64(q, "irq", p->irqs[i].irq);
		json_add_string(q, "name", p->irqs[i].name);
		json_add_double(q, "per_s", p->irqs[i].per_s);
	}
	print_line(out, o);
	report_numeric_end(&num);
}

/* jobs[i].read.clat_ns.bins as fio's json+ has them, unless the report
 * has them already: a reader that merges hosts' histograms finds them
 * where it finds fio's. */
static void add_report_bins(struct json *report, const struct run_result *r)
{
	size_t ne;
	const struct group_result *es = report_entries(r, &ne);
	struct json *jobs = json_get(report, "jobs");
	for (size_t i = 0; i < ne; i++) {
		struct json *job = json_at(jobs, i);
		for (int d = 0; job && d < DIR_COUNT; d++) {
			struct json *c = json_get(json_get(job, dir_key[d]), "clat_ns");
			if (c && !json_get(c, "bins"))
				report_add_bins(c, &es[i].dir[d].clat.hist);
		}
	}
}

void report_jsonl_final(FILE *out, const struct run_result *r)
{
	struct report_numeric num;
	report_numeric_begin(&num);
	struct json *o = json_object_new();
	json_add_string(o, "type", "final");
	json_add_u64(o, "timestamp_ms", r->end_wall_ms);
	json_add_i64(o, "exit_status", r->exit_status);
	struct json *report = json_attach(o, "report", report_json_tree(r));
	add_report_bins(report, r);
	print_line(out, o);
	report_numeric_end(&num);
}
