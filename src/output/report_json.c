/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_json.c - the run in fio 3's JSON layout, so fio tooling reads
 * jobs[].read.iops, clat_ns.percentile["99.000000"], disk_util[] unchanged;
 * blktop's own figures (mpstat, iostat -x, per-second samples, the safety
 * verdict) sit under one "blktop" key that fio readers ignore. */
#include "config.h"
#include "output/report.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "collect/verdict.h"
#include "options.h"
#include "output/json.h"
#include "output/report_priv.h"
#include "stats/hist.h"
#include "stats/prio.h"
#include "stats/stats.h"
#include "stats/steady.h"

static const char *const dir_key[DIR_COUNT] = { "read", "write" };

static uint64_t rounded(double v)
{
	return v > 0 ? (uint64_t)llround(v) : 0;
}

/* fio's histogram has 29 groups of HIST_SUB buckets (up to 2^34 ns, about
 * 17 s), its last bucket taking everything longer; blktop's has the same
 * buckets below that and goes further, so json+ folds what is above into
 * fio's last bucket and its bins are fio's. */
_Static_assert(HIST_SUB_BITS == 6 && HIST_NR >= HIST_FIO_NR,
	       "json+ bins need fio's log-linear layout (FIO_IO_U_PLAT_BITS 6)");

void report_add_bins(struct json *o, const struct hist *h)
{
	struct json *bins = json_add_object(o, "bins");
	uint64_t last = 0;
	if (!h)
		return;
	for (unsigned b = HIST_FIO_NR - 1; b < HIST_NR; b++)
		last += h->count[b];
	for (unsigned b = 0; b < HIST_FIO_NR; b++) {
		uint64_t n = b == HIST_FIO_NR - 1 ? last : h->count[b];
		if (!n)
			continue;
		char name[32];
		snprintf(name, sizeof(name), "%" PRIu64, hist_bucket_value(b));
		json_add_u64(bins, name, n);
	}
}

/* s NULL: fio's all-zero object for a direction blktop never does. With
 * percentiles (the job's option for this latency): fio's percentile map,
 * and with plus (json+) the histogram's bins. */
static void add_lat(struct json *parent, const char *key, const struct lat_stat *s,
		    const struct job_spec *spec, bool percentiles, bool plus)
{
	struct json *o = json_add_object(parent, key);
	struct lat_summary l;
	if (s)
		report_lat_summary(s, &l);
	else
		memset(&l, 0, sizeof(l));
	json_add_u64(o, "min", l.min);
	json_add_u64(o, "max", l.max);
	json_add_double(o, "mean", l.mean);
	json_add_double(o, "stddev", l.stddev);
	json_add_u64(o, "N", l.n);
	/* fio lists percentiles only where there are samples. */
	if (!s || !percentiles || !l.n)
		return;
	uint64_t v[REPORT_MAX_PCTS];
	const double *pcts;
	size_t n = report_percentiles(s, spec, v, &pcts);
	struct json *p = json_add_object(o, "percentile");
	for (size_t i = 0; i < n; i++) {
		char name[32];
		snprintf(name, sizeof(name), "%f", pcts[i]);
		json_add_u64(p, name, v[i]);
	}
	if (plus)
		report_add_bins(o, &s->hist);
}

/* fio's "prios": each priority's latencies (clat_ns, or lat_ns with
 * lat_percentiles), where at least two priorities have samples. */
static void add_prios(struct json *o, const struct group_result *g, int d, bool plus)
{
	const struct prio_set *ps = &g->prios[d];
	if (prio_set_with_samples(ps) < 2)
		return;
	struct json *arr = json_add_array(o, "prios");
	bool pct = report_pct_on(&g->spec, REPORT_CLAT) || report_pct_on(&g->spec, REPORT_LAT);
	for (unsigned i = 0; i < ps->n; i++) {
		if (!ps->v[i].lat.n)
			continue;
		struct json *p = json_add_object(arr, NULL);
		json_add_u64(p, "prioclass", ps->v[i].ioprio >> 13);
		json_add_u64(p, "prio", ps->v[i].ioprio & 7);
		add_lat(p, g->spec.lat_percentiles ? "lat_ns" : "clat_ns", &ps->v[i].lat, &g->spec,
			pct, plus);
	}
}

/* g NULL: zeros. */
static void add_dir(struct json *job, const char *key, const struct run_result *r,
		    const struct group_result *g, int d, bool plus)
{
	const struct job_spec *spec = g ? &g->spec : NULL;
	struct json *o = json_add_object(job, key);
	const struct dir_stats *ds = g ? &g->dir[d] : NULL;
	struct dir_rates rt = { 0 };
	if (g)
		report_dir_rates(g, d, &rt);

	json_add_u64(o, "io_bytes", ds ? ds->bytes : 0);
	json_add_u64(o, "io_kbytes", ds ? ds->bytes >> 10 : 0);
	json_add_u64(o, "bw_bytes", rt.bw_bytes);
	json_add_u64(o, "bw", rt.bw_bytes / 1024);
	json_add_double(o, "iops", rt.iops);
	json_add_u64(o, "runtime", g && report_dir_active(g, d) ? g->runtime_ms : 0);
	json_add_u64(o, "total_ios", ds ? ds->ios + ds->failed : 0);
	json_add_u64(o, "short_ios", ds ? ds->short_ios : 0);
	json_add_u64(o, "drop_ios", 0);
	add_lat(o, "slat_ns", ds ? &ds->slat : NULL, spec, report_pct_on(spec, REPORT_SLAT), plus);
	add_lat(o, "clat_ns", ds ? &ds->clat : NULL, spec, report_pct_on(spec, REPORT_CLAT), plus);
	add_lat(o, "lat_ns", ds ? &ds->lat : NULL, spec, report_pct_on(spec, REPORT_LAT), plus);
	if (g && d < DIR_COUNT)
		add_prios(o, g, d, plus);

	const struct sample_stat *bw = g ? &g->bw_samples[d] : NULL;
	bool have = bw && bw->w.n;
	double mean = have ? bw->w.mean : 0, agg_pct = 0;
	if (have) {
		uint64_t agg = report_group_agg(r, g->groupid, d);
		agg_pct = 100.0;
		if (agg > 1024) {
			agg_pct = mean * 100.0 / ((double)agg / 1024.0);
			if (agg_pct > 100.0)
				agg_pct = 100.0;
		}
	}
	json_add_u64(o, "bw_min", have ? rounded(bw->min) : 0);
	json_add_u64(o, "bw_max", have ? rounded(bw->max) : 0);
	json_add_double(o, "bw_agg", agg_pct);
	json_add_double(o, "bw_mean", mean);
	json_add_double(o, "bw_dev", have ? welford_stddev(&bw->w) : 0);
	json_add_u64(o, "bw_samples", have ? bw->w.n : 0);

	const struct sample_stat *io = g ? &g->iops_samples[d] : NULL;
	have = io && io->w.n;
	json_add_u64(o, "iops_min", have ? rounded(io->min) : 0);
	json_add_u64(o, "iops_max", have ? rounded(io->max) : 0);
	json_add_double(o, "iops_mean", have ? io->w.mean : 0);
	json_add_double(o, "iops_stddev", have ? welford_stddev(&io->w) : 0);
	json_add_u64(o, "iops_samples", have ? io->w.n : 0);

	/* blktop's extension: fio keeps these per job, and only with
	 * continue_on_error; per direction says which side failed. */
	json_add_u64(o, "total_err", ds ? ds->errors : 0);
	json_add_i64(o, "first_error", ds ? ds->first_error : 0);
}

/* Options as written ("key=value\n" lines, from job_spec.given), as fio
 * lists them: its text, not a normalised value. */
static void add_given(struct json *parent, const char *key, const char *text, size_t len)
{
	struct json *o = json_add_object(parent, key);
	char line[sizeof(((struct job_spec *)0)->given)];
	size_t i = 0;
	while (i < len && text[i]) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : strnlen(text + i, len - i);
		if (n < sizeof(line)) {
			memcpy(line, text + i, n);
			line[n] = '\0';
			char *eq = strchr(line, '=');
			if (eq) {
				*eq = '\0';
				json_add_string(o, line, eq + 1);
			}
		}
		i += n + 1;
	}
}

static void add_job_options(struct json *job, const struct group_result *g)
{
	size_t global = g->spec.given_global < sizeof(g->spec.given) ? g->spec.given_global : 0;
	add_given(job, "job options", g->spec.given + global, sizeof(g->spec.given) - global);
}

/* blktop's own: the options each entry ran with, where they differ from
 * blktop's defaults (fio's "job options" keeps the text as written). */
static void add_effective(struct json *bt, const struct run_result *r)
{
	struct json *a = json_add_array(bt, "jobs");
	struct job_spec def;
	size_t ne;
	const struct group_result *es = report_entries(r, &ne);
	job_defaults(&def);
	for (size_t i = 0; i < ne; i++) {
		const struct group_result *g = &es[i];
		struct json *j = json_add_object(a, NULL);
		json_add_string(j, "jobname", g->name);
		struct json *o = json_add_object(j, "options");
		for (size_t k = 0; k < job_options_count; k++) {
			const struct job_option *opt = &job_options[k];
			char have[sizeof(g->path) + 64], want[sizeof(g->path) + 64];
			if (!strcmp(opt->name, "rwmixwrite"))
				continue;
			job_option_format(&g->spec, opt, have, sizeof(have));
			job_option_format(&def, opt, want, sizeof(want));
			if (strcmp(have, want) != 0)
				json_add_string(o, opt->name, have);
		}
	}
}

static void add_percent_map(struct json *parent, const char *key, const char *const *names,
			    const double *pct, int n)
{
	struct json *o = json_add_object(parent, key);
	for (int i = 0; i < n; i++)
		json_add_double(o, names[i], pct ? pct[i] : 0.0);
}

/* When the run ended, ms since the epoch: fio's timestamp is the report's
 * time, and a report printed again later (the screen's summary) keeps it. */
static uint64_t report_ms(const struct run_result *r)
{
	if (r->end_wall_ms)
		return r->end_wall_ms;
	if (r->start_wall)
		return r->start_wall * 1000;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* fio's elapsed: whole seconds from the start to the report, rounded up. */
static uint64_t elapsed_s(const struct run_result *r)
{
	if (r->elapsed_s)
		return r->elapsed_s;
	uint64_t start = r->start_wall_ms ? r->start_wall_ms : r->start_wall * 1000;
	uint64_t end = report_ms(r);
	return end > start ? (end - start + 999) / 1000 : 0;
}

/* fio's "steadystate" object: the criterion and limit as text with
 * fio's six decimals of a float, the window in seconds, attained as 0 or
 * 1, the figures of the last full window, and its samples oldest first
 * (I/Os and bytes per second) with their means in whole units. */
static void add_steadystate(struct json *j, const struct steady_window *w)
{
	static const char *const names[] = { "iops", "iops_slope", "bw", "bw_slope" };
	char text[64];
	struct json *o = json_add_object(j, "steadystate");
	int c = w->criterion >= 0 && w->criterion < 4 ? w->criterion : 0;
	snprintf(text, sizeof(text), "%s:%f%s", names[c], (double)(float)w->limit,
		 w->pct ? "%" : "");
	json_add_string(o, "ss", text);
	json_add_u64(o, "duration", w->dur);
	json_add_u64(o, "attained", w->attained);
	snprintf(text, sizeof(text), "%f%s", (double)(float)w->value, w->pct ? "%" : "");
	json_add_string(o, "criterion", text);
	json_add_double(o, "max_deviation", w->deviation);
	json_add_double(o, "slope", w->slope);
	struct json *data = json_add_object(o, "data");
	json_add_u64(data, "bw_mean", steady_window_mean(w, true));
	json_add_u64(data, "iops_mean", steady_window_mean(w, false));
	struct json *iops = json_add_array(data, "iops");
	for (unsigned i = 0; i < w->dur; i++)
		json_add_u64(iops, NULL, steady_window_at(w, false, i));
	struct json *bw = json_add_array(data, "bw");
	for (unsigned i = 0; i < w->dur; i++)
		json_add_u64(bw, NULL, steady_window_at(w, true, i));
}

static void add_job(struct json *jobs, const struct run_result *r, const struct group_result *g,
		    bool plus)
{
	static const char *const depth_names[DEPTH_LEVELS] = {
		"1", "2", "4", "8", "16", "32", ">=64",
	};
	static const char *const batch_names[DEPTH_LEVELS] = {
		"0", "4", "8", "16", "32", "64", ">=64",
	};
	struct json *j = json_add_object(jobs, NULL);
	json_add_string(j, "jobname", g->name);
	json_add_u64(j, "groupid", g->groupid);
	json_add_i64(j, "error", report_error(g));
	/* fio's eta (the run's, in every job): it guesses none before 3 s
	 * since it started and says INT_MAX then, a short run's final report
	 * included; after that a periodic report's is fio's guess (run_eta.c)
	 * and the final report's 0, every job having ended. */
	uint64_t elapsed = elapsed_s(r);
	json_add_u64(j, "eta", elapsed < 3 ? 2147483647 : r->elapsed_s ? r->eta_s : 0);
	json_add_u64(j, "elapsed", elapsed);
	add_job_options(j, g);
	for (int d = 0; d < DIR_COUNT; d++)
		add_dir(j, dir_key[d], r, g, d, plus);
	add_dir(j, "trim", r, g, DIR_TRIM, plus);
	struct json *sync = json_add_object(j, "sync");
	json_add_u64(sync, "total_ios", 0);
	add_lat(sync, "lat_ns", NULL, NULL, false, plus);

	json_add_u64(j, "job_runtime", g->job_runtime_ms ? g->job_runtime_ms : g->runtime_ms);
	json_add_double(j, "usr_cpu", g->usr_cpu);
	json_add_double(j, "sys_cpu", g->sys_cpu);
	json_add_u64(j, "ctx", g->ctx);
	json_add_u64(j, "majf", g->majf);
	json_add_u64(j, "minf", g->minf);
	double depth[DEPTH_LEVELS];
	report_depth_shares(g, depth);
	add_percent_map(j, "iodepth_level", depth_names, depth, DEPTH_LEVELS);
	report_dist_shares(g->submit_dist, depth);
	add_percent_map(j, "iodepth_submit", batch_names, depth, DEPTH_LEVELS);
	report_dist_shares(g->complete_dist, depth);
	add_percent_map(j, "iodepth_complete", batch_names, depth, DEPTH_LEVELS);
	struct lat_buckets lb;
	report_lat_buckets(g, &lb);
	add_percent_map(j, "latency_ns", lat_bucket_names, lb.ns, LAT_BUCKETS_N);
	add_percent_map(j, "latency_us", lat_bucket_names, lb.us, LAT_BUCKETS_U);
	add_percent_map(j, "latency_ms", lat_bucket_names, lb.ms, LAT_BUCKETS_M);
	/* fio's place for them, and only with continue_on_error. */
	if (g->spec.continue_on_error != COE_NONE) {
		int first;
		uint64_t errors = report_errors(g, &first);
		json_add_u64(j, "total_err", errors);
		json_add_i64(j, "first_error", first);
	}
	/* fio's target in ns, its window in us; only from a job that
	 * reached its I/O loop (not create_only, not a failed setup), as
	 * fio's depth is 0 otherwise and it leaves them out. */
	if (g->latency_depth) {
		json_add_u64(j, "latency_depth", g->latency_depth);
		json_add_u64(j, "latency_target", g->spec.latency_target_us * 1000ULL);
		json_add_double(j, "latency_percentile", g->spec.latency_percentile);
		json_add_u64(j, "latency_window", g->spec.latency_window_us);
	}
	if (g->ss.dur)
		add_steadystate(j, &g->ss);
}

static void add_disk_util(struct json *root, const struct run_result *r)
{
	struct json *a = json_add_array(root, "disk_util");
	for (size_t i = 0; i < r->ndisks; i++) {
		const struct disk_delta *d = &r->disks[i];
		struct json *o = json_add_object(a, NULL);
		json_add_string(o, "name", d->name);
		json_add_u64(o, "read_ios", d->ios[0]);
		json_add_u64(o, "write_ios", d->ios[1]);
		json_add_u64(o, "read_sectors", d->sectors[0]);
		json_add_u64(o, "write_sectors", d->sectors[1]);
		json_add_u64(o, "read_merges", d->merges[0]);
		json_add_u64(o, "write_merges", d->merges[1]);
		json_add_u64(o, "read_ticks", d->ticks_ms[0]);
		json_add_u64(o, "write_ticks", d->ticks_ms[1]);
		json_add_u64(o, "in_queue", d->in_queue_ms);
		json_add_double(o, "util", d->util);
	}
}

static void add_cpu_row(struct json *arr, const char *label, const struct cpu_pct *p)
{
	struct json *o = json_add_object(arr, NULL);
	json_add_string(o, "cpu", label);
	for (int f = 0; f < CPU_NFIELDS; f++)
		json_add_double(o, cpu_field_name((enum cpu_field)f), p->pct[f]);
}

/* The target's disk: the one named by the run, else the first. */
static const struct disk_delta *target_disk(const struct run_result *r)
{
	for (size_t i = 0; i < r->ndisks; i++)
		if (r->device_name[0] && !strcmp(r->disks[i].name, r->device_name))
			return &r->disks[i];
	return r->ndisks ? &r->disks[0] : NULL;
}

static void add_samples(struct json *bt, const struct run_result *r)
{
	struct json *a = json_add_array(bt, "samples");
	for (size_t i = 0; i < r->ngroups; i++) {
		const struct group_result *g = &r->groups[i];
		for (size_t k = 0; k < g->series.len && g->series.v; k++) {
			const struct sample *s = &g->series.v[k];
			struct json *o = json_add_object(a, NULL);
			json_add_u64(o, "t_ms", s->t_ms);
			json_add_u64(o, "span_ms", s->span_ms);
			json_add_string(o, "jobname", g->name);
			for (int d = 0; d < DIR_COUNT; d++) {
				struct json *x = json_add_object(o, dir_key[d]);
				json_add_double(x, "iops", s->iops[d]);
				json_add_u64(x, "bw_bytes", rounded(s->bw_bytes[d]));
				json_add_u64(x, "clat_p50_ns", s->clat_p50_ns[d]);
				json_add_u64(x, "clat_p99_ns", s->clat_p99_ns[d]);
			}
		}
	}
}

static void add_device(struct json *bt, const struct run_result *r)
{
	const struct disk_delta *disk = target_disk(r);
	struct json *o = json_add_object(bt, "device");
	json_add_string(o, "name", r->device_name[0] ? r->device_name : disk ? disk->name : "");
	json_add_string(o, "verdict",
			r->verdict_taken ? verdict_name(r->verdict.verdict) : "unknown");
	struct json *reasons = json_add_array(o, "reasons");
	char one[VERDICT_REASON_LEN + 16];
	for (size_t i = 0; r->verdict_taken && i < r->verdict.nreasons; i++) {
		verdict_reason_format(&r->verdict.reasons[i], one, sizeof(one));
		json_add_string(reasons, NULL, one);
	}
	if (r->verdict_taken && r->verdict.nomitted) {
		verdict_omitted_format(&r->verdict, one, sizeof(one));
		json_add_string(reasons, NULL, one);
	}
}

static void add_blktop(struct json *root, const struct run_result *r)
{
	struct json *bt = json_add_object(root, "blktop");
	json_add_string(bt, "version", PACKAGE_VERSION);
	struct json *cpu = json_add_array(bt, "cpu");
	if (r->ncpu > 0 || report_cpu_sum(&r->cpu_all) > 0) {
		add_cpu_row(cpu, "all", &r->cpu_all);
		for (int c = 0; c < r->ncpu && r->cpu; c++) {
			char label[16];
			snprintf(label, sizeof(label), "%d", c);
			add_cpu_row(cpu, label, &r->cpu[c]);
		}
	}
	struct json *io = json_add_object(bt, "iostat");
	const struct disk_delta *disk = target_disk(r);
	if (disk) {
		const struct disk_rates *k = &disk->rates;
		json_add_string(io, "disk_device", disk->name);
		json_add_double(io, "r/s", k->r_s);
		json_add_double(io, "w/s", k->w_s);
		json_add_double(io, "rkB/s", k->rkb_s);
		json_add_double(io, "wkB/s", k->wkb_s);
		json_add_double(io, "rrqm/s", k->rrqm_s);
		json_add_double(io, "wrqm/s", k->wrqm_s);
		json_add_double(io, "r_await", k->r_await);
		json_add_double(io, "w_await", k->w_await);
		json_add_double(io, "aqu-sz", k->aqu_sz);
		json_add_double(io, "util", k->util);
	}
	/* The run result carries no interrupt figures yet. */
	json_add_array(bt, "irq");
	add_effective(bt, r);
	add_samples(bt, r);
	add_device(bt, r);
	/* The environment steps taken around the run (--profile-env). */
	if (r->nnotes) {
		struct json *notes = json_add_array(bt, "notes");
		for (size_t i = 0; i < r->nnotes; i++)
			json_add_string(notes, NULL, r->notes[i]);
	}
}

static struct json *json_tree(const struct run_result *r, bool plus)
{
	struct json *root = json_object_new();
	uint64_t ms = report_ms(r);
	time_t when = (time_t)(ms / 1000);
	char date[64] = "";
	if (!ctime_r(&when, date))
		date[0] = '\0';
	date[strcspn(date, "\n")] = '\0';

	/* The form of fio's own builds from git ("fio-3.33-12-gabc"): readers
	 * that only test for the key, and those that take the version from
	 * "fio-X.Y", both accept it, and it says who wrote the report. */
	json_add_string(root, "fio version", "fio-3.33-blktop-" PACKAGE_VERSION);
	json_add_u64(root, "timestamp", ms / 1000);
	json_add_u64(root, "timestamp_ms", ms);
	json_add_string(root, "time", date);
	size_t ne;
	const struct group_result *es = report_entries(r, &ne);
	if (ne)
		add_given(root, "global options", es[0].spec.given,
			  es[0].spec.given_global < sizeof(es[0].spec.given)
				  ? es[0].spec.given_global : 0);
	else
		json_add_object(root, "global options");
	struct json *jobs = json_add_array(root, "jobs");
	for (size_t i = 0; i < ne; i++)
		add_job(jobs, r, &es[i], plus);
	add_disk_util(root, r);
	add_blktop(root, r);
	return root;
}

struct json *report_json_tree(const struct run_result *r)
{
	return json_tree(r, false);
}

static void json_report(FILE *out, const struct run_result *r, bool plus)
{
	/* Percentile keys are printf'd: "99.000000" in every locale. */
	struct report_numeric num;
	report_numeric_begin(&num);
	struct json *root = json_tree(r, plus);
	json_print(out, root);
	json_free(root);
	report_numeric_end(&num);
}

void report_json(FILE *out, const struct run_result *r)
{
	json_report(out, r, false);
}

void report_json_plus(FILE *out, const struct run_result *r)
{
	json_report(out, r, true);
}
