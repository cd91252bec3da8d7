/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_fleet.c - the pure parts of --hosts: the JSON reader the far sides'
 * reports go through, the host list's grammar (and what it must refuse
 * before anything reaches ssh), the quoting for the far side's shell,
 * and the fleet's percentiles, which must equal those of the hosts'
 * histograms combined, whatever the hosts' own percentiles were. */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fleet/fio_interval.h"
#include "fleet/fleet_eta.h"
#include "fleet/fioproto.h"
#include "fleet/fleet_live.h"
#include "fleet/fleet_report.h"
#include "fleet/hosts.h"
#include "fleet/sshproc.h"
#include "stats/hist.h"
#include "screen/fleet_model.h"
#include "util/jsonread.h"

static struct jv *parse(const char *s)
{
	char err[256];
	struct jv *v = jv_parse(s, strlen(s), err, sizeof(err));
	if (!v)
		fprintf(stderr, "parse: %s\n", err);
	return v;
}

static void test_json_values(void **state)
{
	(void)state;
	struct jv *v = parse(" {\"a\": [1, -2.5, 3e2, true, null], \"b\": {\"c\": \"x\\u00e9\\n\"},"
			     " \"big\": 18446744073709551615, \"s\": \"\\ud83d\\ude00\"} ");
	assert_non_null(v);
	assert_int_equal(jv_path(v, "a")->n, 5);
	assert_true(jv_num(jv_path(v, "a.0"), 0) == 1);
	assert_true(jv_num(jv_path(v, "a.1"), 0) == -2.5);
	assert_true(jv_num(jv_path(v, "a.2"), 0) == 300);
	assert_true(jv_path(v, "a.3")->b);
	assert_int_equal(jv_path(v, "a.4")->type, JV_NULL);
	assert_null(jv_path(v, "a.5"));
	assert_string_equal(jv_str(jv_path(v, "b.c"), ""), "x\xc3\xa9\n");
	assert_string_equal(jv_str(jv_get(v, "s"), ""), "\xf0\x9f\x98\x80");
	/* Out of range for u64: the default, not a wrapped number. */
	assert_int_equal(jv_u64(jv_get(v, "big"), 7), 7);
	assert_null(jv_get(v, "nosuch"));
	jv_free(v);
}

static void test_json_refused(void **state)
{
	(void)state;
	const char *bad[] = { "", "{", "[1,]", "{\"a\" 1}", "{\"a\":1} x", "\"\\x\"", "01x",
			      "\"a\x01\"", "[", "tru", "-", NULL };
	for (int i = 0; bad[i]; i++) {
		char err[256] = "";
		struct jv *v = jv_parse(bad[i], strlen(bad[i]), err, sizeof(err));
		if (v)
			fail_msg("accepted: %s", bad[i]);
		assert_true(err[0] != '\0');
	}
	/* Depth is bounded: no stack overflow on a hostile stream. */
	char deep[4096];
	memset(deep, '[', sizeof(deep) - 1);
	deep[sizeof(deep) - 1] = '\0';
	char err[256];
	assert_null(jv_parse(deep, strlen(deep), err, sizeof(err)));
}

static void test_hosts_grammar(void **state)
{
	struct host_addr *h;
	size_t n;
	char err[512];

	(void)state;
	assert_int_equal(hosts_parse("vm1, root@vm2:2222=vdc,[::1]:22=/dev/vdb,10.0.0.3", &h, &n, err,
				     sizeof(err)),
			 0);
	assert_int_equal(n, 4);
	assert_string_equal(h[0].host, "vm1");
	assert_int_equal(h[0].port, 0);
	assert_string_equal(h[0].target, "");
	assert_string_equal(h[1].user, "root");
	assert_string_equal(h[1].host, "vm2");
	assert_int_equal(h[1].port, 2222);
	assert_string_equal(h[1].target, "vdc");
	assert_string_equal(h[1].label, "root@vm2:2222");
	assert_string_equal(h[2].host, "::1");
	assert_int_equal(h[2].port, 22);
	assert_string_equal(h[2].target, "/dev/vdb");
	assert_string_equal(h[3].host, "10.0.0.3");
	free(h);

	/* Never an ssh option in disguise, never a shell word. */
	const char *bad[] = { "-oProxyCommand=x", "vm1:0", "vm1:70000", "vm1:2x", "a b",
			      "u;rm@vm1", "vm1,vm1", "vm1=", "::1", "[::1", "", ",", NULL };
	for (int i = 0; bad[i]; i++) {
		err[0] = '\0';
		if (!hosts_parse(bad[i], &h, &n, err, sizeof(err)))
			fail_msg("accepted: '%s'", bad[i]);
		assert_true(err[0] != '\0');
		assert_null(h);
	}
}

static void test_hosts_file(void **state)
{
	struct host_addr *h;
	size_t n;
	char err[512], path[] = "/tmp/blktop-hosts-XXXXXX";

	(void)state;
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs("# the fleet\n\nvm1 vdc   # its disk\n  admin@vm2:2200\tvdb\nvm3=vdd\nvm4\n", f);
	fclose(f);
	char spec[64];
	snprintf(spec, sizeof(spec), "@%s", path);
	assert_int_equal(hosts_parse(spec, &h, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 4);
	assert_string_equal(h[0].target, "vdc");
	assert_string_equal(h[1].user, "admin");
	assert_int_equal(h[1].port, 2200);
	assert_string_equal(h[1].target, "vdb");
	assert_string_equal(h[2].target, "vdd");
	assert_string_equal(h[3].target, "");
	free(h);
	/* A bad line is named by its number. */
	f = fopen(path, "w");
	fputs("vm1\n-bad\n", f);
	fclose(f);
	assert_int_equal(hosts_parse(spec, &h, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "line 2"));
	unlink(path);
	assert_int_equal(hosts_parse("@/nonexistent/hosts", &h, &n, err, sizeof(err)), -1);
}

static void test_quote(void **state)
{
	char buf[256];
	const char *argv[] = { "blktop", "--name=it's", "$HOME", "a b", NULL };
	(void)state;
	assert_int_equal(ssh_quote_argv(argv, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "'blktop' '--name=it'\\''s' '$HOME' 'a b'");
	assert_int_equal(ssh_quote_argv(argv, buf, 10), -1);
}

/* Percentiles of the merged histogram against the brute force over every
 * I/O of every host. */
static void test_merged_percentiles(void **state)
{
	(void)state;
	const char *h1 = "{\"jobs\":[{\"read\":{\"iops\":100.5,\"bw_bytes\":1000,\"total_ios\":10,"
			 "\"io_bytes\":40960,\"clat_ns\":{\"N\":10,\"mean\":1500,"
			 "\"bins\":{\"1000\":8,\"2000\":1,\"90000\":1}}}}]}";
	const char *h2 = "{\"jobs\":[{\"read\":{\"iops\":50,\"bw_bytes\":500,\"total_ios\":30,"
			 "\"io_bytes\":122880,\"clat_ns\":{\"N\":30,\"mean\":3000,"
			 "\"bins\":{\"2000\":10,\"3000\":19,\"500000\":1}}}}]}";
	struct jv *a = parse(h1), *b = parse(h2);
	struct fleet_sum sum = { 0 };
	fleet_sum_add(&sum, a);
	fleet_sum_add(&sum, b);
	struct fleet_dir *d = &sum.dir[0];
	assert_true(d->iops == 150.5);
	assert_int_equal(d->ios, 40);
	assert_int_equal(d->clat_n, 40);
	assert_true(d->clat_sum / (double)d->clat_n == (1500.0 * 10 + 3000.0 * 30) / 40);
	uint64_t pct[FLEET_NPCTS];
	assert_true(fleet_percentiles(d, pct));
	/* Every I/O, sorted: 8 x 1000, 11 x 2000, 19 x 3000, 90000, 500000. */
	uint64_t all[40];
	size_t k = 0;
	for (int i = 0; i < 8; i++)
		all[k++] = 1000;
	for (int i = 0; i < 11; i++)
		all[k++] = 2000;
	for (int i = 0; i < 19; i++)
		all[k++] = 3000;
	all[k++] = 90000;
	all[k++] = 500000;
	const double p[FLEET_NPCTS] = { 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9,
					99.95, 99.99 };
	for (int i = 0; i < FLEET_NPCTS; i++) {
		/* The smallest value with at least p% of the I/Os at or below. */
		size_t need = 0;
		while ((double)(need + 1) < p[i] / 100.0 * 40)
			need++;
		assert_int_equal(pct[i], all[need]);
	}
	assert_int_equal(pct[6], 3000);   /* p50 */
	assert_int_equal(pct[12], 500000); /* p99 */
	fleet_sum_free(&sum);

	/* One host without a histogram: no fleet percentiles at all. */
	struct jv *c = parse("{\"jobs\":[{\"read\":{\"total_ios\":5,\"clat_ns\":{\"N\":5,"
			     "\"mean\":1}}}]}");
	struct fleet_sum s2 = { 0 };
	fleet_sum_add(&s2, a);
	fleet_sum_add(&s2, c);
	assert_false(fleet_percentiles(&s2.dir[0], pct));
	fleet_sum_free(&s2);
	jv_free(a);
	jv_free(b);
	jv_free(c);
}

/* Hosts' histograms as blktop's jsonl final line sends them (each
 * non-empty bucket's value and count): the fleet's percentiles equal
 * those blktop computes on the hosts' histograms added together. */
static void test_merged_equals_combined_hist(void **state)
{
	(void)state;
	static struct hist all, one;
	static const double p[FLEET_NPCTS] = { 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99,
					       99.5, 99.9, 99.95, 99.99 };
	struct fleet_sum sum = { 0 };
	uint64_t x = 88172645463325252ULL;
	size_t cap = 1 << 20;
	char *text = malloc(cap);
	assert_non_null(text);
	hist_clear(&all);
	for (int host = 0; host < 3; host++) {
		hist_clear(&one);
		/* Each host its own spread: 20 us to about 20 ms. */
		for (int i = 0; i < 5000 + host * 1000; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			uint64_t ns = 20000 + x % (2000000ULL << host);
			hist_add(&one, ns);
		}
		hist_merge(&all, &one);
		size_t n = (size_t)snprintf(text, cap, "{\"jobs\":[{\"read\":{\"clat_ns\":{\"N\":%llu,"
					    "\"bins\":{", (unsigned long long)hist_total(&one));
		bool first = true;
		for (unsigned b = 0; b < HIST_NR; b++) {
			if (!one.count[b])
				continue;
			n += (size_t)snprintf(text + n, cap - n, "%s\"%llu\":%llu", first ? "" : ",",
					      (unsigned long long)hist_bucket_value(b),
					      (unsigned long long)one.count[b]);
			first = false;
		}
		snprintf(text + n, cap - n, "}}}}]}");
		struct jv *v = parse(text);
		assert_non_null(v);
		fleet_sum_add(&sum, v);
		jv_free(v);
	}
	uint64_t got[FLEET_NPCTS], want[FLEET_NPCTS];
	assert_true(fleet_percentiles(&sum.dir[0], got));
	hist_percentiles(&all, p, FLEET_NPCTS, 0, UINT64_MAX, want);
	for (int i = 0; i < FLEET_NPCTS; i++)
		assert_int_equal(got[i], want[i]);
	/* A spread wide enough that the tail is many buckets from the
	 * middle: the comparison covers more than one bucket. */
	assert_true(want[12] > 2 * want[6]);
	fleet_sum_free(&sum);
	free(text);
}

/* A host's interval histogram as the far side's jsonl gives it (the
 * buckets with I/Os), into its live figures as drv_blktop keeps them. */
static void live_from_hist(struct host_live *l, const struct hist *h, int d, double iops)
{
	size_t n = 0;
	l->bins[d] = calloc((size_t)HIST_NR, sizeof(*l->bins[d]));
	assert_non_null(l->bins[d]);
	for (unsigned b = 0; b < HIST_NR; b++)
		if (h->count[b])
			l->bins[d][n++] = (struct fleet_bin){ hist_bucket_value(b), h->count[b] };
	l->nbins[d] = n;
	l->iops[d] = iops;
	l->bw_bytes[d] = iops * 4096;
	l->intervals = 3;
}

/* The screen's totals row: rates summed over the hosts that run, its
 * percentiles those of the running hosts' interval histograms combined
 * (not an average of theirs); a host that ended is left out, and a
 * running host with I/O but no histogram leaves the totals without
 * percentiles rather than with wrong ones. */
static void test_live_total(void **state)
{
	(void)state;
	static struct hist all, one;
	static const double p[FLEET_NPCTS] = { 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99,
					       99.5, 99.9, 99.95, 99.99 };
	struct fleet_host hosts[4];
	struct host_live total = { 0 };
	uint64_t x = 2463534242ULL, want[FLEET_NPCTS];
	double avg_p99 = 0;
	size_t in = 0;

	memset(hosts, 0, sizeof(hosts));
	hist_clear(&all);
	for (int i = 0; i < 4; i++) {
		snprintf(hosts[i].addr.label, sizeof(hosts[i].addr.label), "h%d", i);
		hosts[i].drv = &host_driver_blktop;
		hosts[i].state = i == 3 ? HOST_DONE : HOST_RUNNING;
		hist_clear(&one);
		/* Hosts far apart: 50 us, 500 us, 5 ms around. */
		for (int k = 0; k < 2000 + 3000 * i; k++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			hist_add(&one, 50000ULL * (i < 3 ? 1ULL << (3 * i) : 1) + x % 20000);
		}
		if (i < 3)
			hist_merge(&all, &one);
		live_from_hist(&hosts[i].live, &one, 0, 1000.5 * (i + 1));
		uint64_t pct[FLEET_NPCTS];
		hist_percentiles(&one, p, FLEET_NPCTS, 0, UINT64_MAX, pct);
		if (i < 3)
			avg_p99 += (double)pct[FLEET_PCT_P99] / 3;
	}
	hist_percentiles(&all, p, FLEET_NPCTS, 0, UINT64_MAX, want);

	fleet_live_total(hosts, 4, &total, &in);
	assert_int_equal(in, 3);
	assert_true(total.iops[0] == 1000.5 + 2001 + 3001.5);
	assert_true(total.bw_bytes[0] == (1000.5 + 2001 + 3001.5) * 4096);
	assert_true(total.has_pct[0]);
	assert_false(total.has_pct[1]); /* no writes at all */
	assert_int_equal(total.p50[0], want[FLEET_PCT_P50]);
	assert_int_equal(total.p99[0], want[FLEET_PCT_P99]);
	assert_int_equal(total.p999[0], want[FLEET_PCT_P999]);
	/* Averaging the hosts' p99 would be far off the combined one. */
	assert_true(fabs(avg_p99 - (double)total.p99[0]) > 0.2 * (double)total.p99[0]);

	/* The screen's model: its totals row is the sum of its rows. */
	struct fleet_model m;
	fleet_model_init(&m);
	fleet_model_update(&m, hosts, 4, false, false, true);
	double rows = 0;
	for (size_t i = 0; i < m.n; i++)
		rows += m.rows[i].live ? m.rows[i].iops[0] : 0;
	assert_true(rows == m.total.iops[0]);
	assert_int_equal(m.total.p99, want[FLEET_PCT_P99]);
	/* Sorted by read IOPS, the busiest last; inverted, first. */
	m.sort = FC_RIOPS;
	fleet_model_update(&m, hosts, 4, false, false, true);
	assert_string_equal(m.rows[0].name, "h3"); /* done: no figures, sorts low */
	assert_string_equal(m.rows[3].name, "h2");
	fleet_model_invert(&m);
	fleet_model_update(&m, hosts, 4, false, false, true);
	assert_string_equal(m.rows[0].name, "h2");
	fleet_model_free(&m);

	/* A running host with reads but no histogram: no percentiles. */
	free(hosts[1].live.bins[0]);
	hosts[1].live.bins[0] = NULL;
	hosts[1].live.nbins[0] = 0;
	fleet_live_total(hosts, 4, &total, &in);
	assert_false(total.has_pct[0]);
	assert_true(total.iops[0] == 1000.5 + 2001 + 3001.5);
	host_live_free(&total);
	for (int i = 0; i < 4; i++)
		host_live_free(&hosts[i].live);
}

/* A procedure's clock: before a step has ended the overhead is the stated
 * guess; then the steps' time beyond their jobs, measured, is taken for
 * each step to come; a stopped step measures nothing. */
static void test_eta(void **state)
{
	(void)state;
	const uint64_t ms = 1000000ULL;
	struct fleet_eta e = { 0 };
	struct fleet_eta_step s = { .job_ms = 3000, .first = 0, .rows = 1, .planned = 4 };
	uint64_t left;
	bool guessed;
	fleet_eta_begin(&e, 1000 * ms);
	assert_true(fleet_eta_left(&e, &s, 2000 * ms, &left));
	/* 1 s into step 1: its rest, and 3 steps of 3 s + the guess. */
	assert_int_equal(left, 3000 + FLEET_ETA_GUESS_MS - 1000 + 3 * (3000 + FLEET_ETA_GUESS_MS));
	assert_int_equal(fleet_eta_overhead_ms(&e, &guessed), FLEET_ETA_GUESS_MS);
	assert_true(guessed);
	/* Step 1 took 4.5 s: 1.5 s beyond its jobs. */
	fleet_eta_end(&e, 5500 * ms, 3000, true);
	assert_int_equal(fleet_eta_overhead_ms(&e, &guessed), 1500);
	assert_false(guessed);
	assert_true(fleet_eta_left(&e, &s, 5500 * ms, &left));
	assert_int_equal(left, 3 * 4500);
	/* Step 2, stopped early: not measured. */
	s.first = 1;
	fleet_eta_begin(&e, 6000 * ms);
	fleet_eta_end(&e, 6500 * ms, 3000, false);
	assert_int_equal(fleet_eta_overhead_ms(&e, &guessed), 1500);
	/* A step of two rows (the throughput profile's read and write). */
	struct fleet_eta_step two = { .job_ms = 6000, .first = 2, .rows = 2, .planned = 8 };
	assert_true(fleet_eta_left(&e, &two, 7000 * ms, &left));
	assert_int_equal(left, 2 * 7500);
	/* Unknown length: no estimate. */
	two.job_ms = 0;
	assert_false(fleet_eta_left(&e, &two, 7000 * ms, &left));
}

/* A fio host whose status has not come (rates from its ETA only): its
 * row and the totals show no percentiles and no error count (never
 * zeros in their place), while the rates still add up; a host that ended shows its
 * whole run's percentiles from its report, marked as such. */
static void test_rates_only_rows(void **state)
{
	(void)state;
	struct fleet_host hosts[3];
	struct fleet_model m;
	memset(hosts, 0, sizeof(hosts));
	for (int i = 0; i < 3; i++) {
		snprintf(hosts[i].addr.label, sizeof(hosts[i].addr.label), "f%d", i);
		hosts[i].drv = &host_driver_fio;
		hosts[i].state = i < 2 ? HOST_RUNNING : HOST_STOPPED;
		snprintf(hosts[i].version, sizeof(hosts[i].version), "3.33, protocol 97");
	}
	for (int i = 0; i < 2; i++) {
		hosts[i].live.intervals = 3;
		hosts[i].live.iops[0] = 1000.0 * (i + 1);
		hosts[i].live.bw_bytes[0] = 4096000.0 * (i + 1);
	}
	hosts[2].final_taken = true;
	hosts[2].final_ios[0] = 5000;
	hosts[2].final_pct[0] = true;
	hosts[2].final_p50[0] = 80000;
	hosts[2].final_p99[0] = 250000;
	hosts[2].final_p999[0] = 900000;

	fleet_model_init(&m);
	fleet_model_update(&m, hosts, 3, false, false, true);
	assert_true(m.rates_only_live);
	assert_true(m.any_whole);
	for (size_t i = 0; i < 2; i++) {
		assert_true(m.rows[i].live);
		assert_false(m.rows[i].has_pct);
		assert_false(m.rows[i].has_errors);
	}
	assert_true(m.total.live);
	assert_true(m.total.iops[0] == 3000.0);
	assert_false(m.total.has_pct);
	assert_false(m.total.has_errors);
	/* The stopped host: no rates, its whole run's percentiles. */
	assert_false(m.rows[2].live);
	assert_true(m.rows[2].has_pct && m.rows[2].pct_whole);
	assert_int_equal(m.rows[2].p99, 250000);
	/* Sorted by P99: the only host with one sorts highest. */
	m.sort = FC_P99;
	fleet_model_update(&m, hosts, 3, false, false, true);
	assert_string_equal(m.rows[2].name, "f2");

	/* Once none runs, the screen no longer says rates only. */
	hosts[0].state = hosts[1].state = HOST_DONE;
	fleet_model_update(&m, hosts, 3, false, true, true);
	assert_false(m.rates_only_live);
	assert_false(m.total.live);
	fleet_model_free(&m);
}

/* fio's server sends cumulative clat buckets; an interval's histogram is
 * the later minus the earlier, and its percentiles are those of the
 * I/Os in between only. */
static void test_fio_interval(void **state)
{
	(void)state;
	static uint64_t a[FIOP_PLAT_NR], b[FIOP_PLAT_NR];
	struct fleet_bin *bins;
	size_t n;
	a[10] = 5, a[100] = 3, a[500] = 1;
	b[10] = 12, b[100] = 3, b[200] = 4, b[500] = 2, b[1000] = 1;
	assert_int_equal(fio_interval_bins(a, b, FIOP_PLAT_NR, &bins, &n), 0);
	/* B - A: 7 at 10, none at 100 (no change), 4 at 200, 1 at 500, 1 at 1000. */
	assert_int_equal(n, 4);
	const unsigned idx[4] = { 10, 200, 500, 1000 };
	const uint64_t cnt[4] = { 7, 4, 1, 1 };
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(bins[i].ns, hist_bucket_value(idx[i]));
		assert_int_equal(bins[i].count, cnt[i]);
	}
	struct fleet_dir d = { .bins = bins, .nbins = n };
	uint64_t pct[FLEET_NPCTS];
	assert_true(fleet_percentiles(&d, pct));
	/* 13 I/Os: p50 is the 7th (bucket 10), p90 the 12th (bucket 500),
	 * p99 and p99.9 the 13th (bucket 1000); A's I/Os count for none. */
	assert_int_equal(pct[FLEET_PCT_P50], hist_bucket_value(10));
	assert_int_equal(pct[10], hist_bucket_value(500));
	assert_int_equal(pct[FLEET_PCT_P99], hist_bucket_value(1000));
	assert_int_equal(pct[FLEET_PCT_P999], hist_bucket_value(1000));
	free(bins);

	/* No I/O in between: no buckets, so no percentiles ('-'). */
	assert_int_equal(fio_interval_bins(b, b, FIOP_PLAT_NR, &bins, &n), 0);
	assert_int_equal(n, 0);
	assert_null(bins);

	/* The first status: the run so far is the interval. */
	assert_int_equal(fio_interval_bins(NULL, a, FIOP_PLAT_NR, &bins, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(bins[0].count, 5);
	free(bins);

	/* A bucket went down: fio zeroed its figures (ramp_time's end), so
	 * B alone is the interval, never a wrapped difference. */
	a[10] = 20;
	assert_int_equal(fio_interval_bins(a, b, FIOP_PLAT_NR, &bins, &n), 0);
	assert_int_equal(n, 5);
	assert_int_equal(bins[0].count, 12);
	assert_int_equal(bins[1].count, 3);
	free(bins);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_values),
		cmocka_unit_test(test_json_refused),
		cmocka_unit_test(test_hosts_grammar),
		cmocka_unit_test(test_hosts_file),
		cmocka_unit_test(test_quote),
		cmocka_unit_test(test_merged_percentiles),
		cmocka_unit_test(test_merged_equals_combined_hist),
		cmocka_unit_test(test_live_total),
		cmocka_unit_test(test_rates_only_rows),
		cmocka_unit_test(test_eta),
		cmocka_unit_test(test_fio_interval),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
