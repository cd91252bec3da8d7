/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_screen_model.c - the screen's data side without a terminal: the
 * model turning run intervals and results into figures, the graph's
 * history, CPU and disk snapshots (made here, not read from files) turned
 * into the CPU pane's percentages and the device's rates, the layout at
 * 80x24 and beyond, the number formats, the key table, and the form
 * checking values with the command line's words. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "options.h"
#include "output/report.h"
#include "screen/devsource.h"
#include "screen/fmt.h"
#include "screen/form.h"
#include "screen/keys.h"
#include "screen/layout.h"
#include "screen/model.h"
#include "screen/term.h"
#include "sysroot.h"

static struct run_interval interval(uint64_t t_ms, uint64_t ios_read, uint64_t max_ns)
{
	struct run_interval iv;
	memset(&iv, 0, sizeof(iv));
	iv.name = "job";
	iv.t_ms = t_ms;
	iv.span_ms = 1000;
	iv.ios[DIR_READ] = ios_read;
	iv.bytes[DIR_READ] = ios_read * 4096;
	iv.run_ios[DIR_READ] = ios_read * (t_ms / 1000);
	iv.run_bytes[DIR_READ] = iv.run_ios[DIR_READ] * 4096;
	iv.clat_max_ns[DIR_READ] = max_ns;
	iv.clat_pct_ns[DIR_READ][6] = 25000;      /* p50 */
	iv.run_clat_pct_ns[DIR_READ][6] = 26000;
	iv.errors[DIR_READ] = 1;
	iv.runtime_ms = 30000;
	return iv;
}

static void test_intervals_feed_live_figures(void **state)
{
	struct screen_model m;
	struct live_figures l;
	model_init(&m);
	m.interval_ms = 1000;
	struct run_interval a = interval(1000, 1000, 90000);
	struct run_interval b = interval(2000, 3000, 50000);
	model_on_interval(&m, &a);
	model_on_interval(&m, &b);
	model_live_copy(&m, &l);
	assert_true(l.have_interval);
	assert_true(l.last[DIR_READ].iops == 3000.0);
	assert_true(l.last[DIR_READ].bw_bytes == 3000.0 * 4096);
	assert_int_equal(l.last[DIR_READ].pct_ns[6], 25000);
	assert_int_equal(l.run[DIR_READ].pct_ns[6], 26000);
	/* The run's max is the largest interval max seen. */
	assert_int_equal(l.run[DIR_READ].clat_max_ns, 90000);
	assert_true(l.run[DIR_READ].iops == 3000.0);  /* 6000 I/Os in 2 s */
	assert_int_equal(l.errors, 2);
	assert_int_equal(l.elapsed_ms, 2000);
	assert_int_equal(l.runtime_ms, 30000);
	model_free(&m);
}

/* One section's second: iops reads, its latencies all at lat_ns. */
static void feed_sample(struct screen_model *m, uint64_t wall, uint64_t t_ms, double iops,
			uint64_t lat_ns, bool first, struct hist *h)
{
	struct sample smp;
	memset(&smp, 0, sizeof(smp));
	smp.t_ms = t_ms;
	smp.iops[DIR_READ] = iops;
	smp.bw_bytes[DIR_READ] = iops * 4096;
	hist_clear(h);
	for (double i = 0; i < iops; i++)
		hist_add(h, lat_ns);
	struct run_sample s = { .groupid = 0, .name = "a", .wall_ns = wall, .first = first,
				.smp = &smp, .clat = { h, NULL } };
	model_on_sample(m, &s);
}

/* The graphs take the run's per-second samples as they are: one point a
 * second (sections of the same second add up), the newest kept, the
 * latency percentiles and heat map of each second, and every run kept
 * with its first second marked. */
static void test_graph_points(void **state)
{
	struct screen_model m;
	static struct graph_point pts[GRAPH_POINTS];
	struct hist *h = calloc(1, sizeof(*h));
	assert_non_null(h);
	model_init(&m);
	feed_sample(&m, 1, 1000, 100, 20000, true, h);
	feed_sample(&m, 1, 1000, 50, 40000, true, h);     /* a second section */
	feed_sample(&m, 2, 2000, 10, 1000000, false, h);
	size_t n = model_graph_copy(&m, pts, GRAPH_POINTS);
	assert_int_equal(n, 2);
	assert_true(pts[0].iops[DIR_READ] == 150.0);
	assert_true(pts[0].run_start && !pts[1].run_start);
	assert_int_equal(pts[0].ios, 150);
	assert_int_equal(pts[0].heat[graph_octave(20000)], 100);
	assert_int_equal(pts[0].heat[graph_octave(40000)], 50);
	/* p50 in the 20 us bucket, p99 in the 40 us one (within 1/128). */
	assert_true(pts[0].lat_ns[0] >= 19800 && pts[0].lat_ns[0] <= 20200);
	assert_true(pts[0].lat_ns[1] >= 39600 && pts[0].lat_ns[1] <= 40400);
	assert_int_equal(pts[1].run, 1);
	/* A second run: kept after the first, its first second marked. */
	feed_sample(&m, 10, 1000, 7, 5000, true, h);
	n = model_graph_copy(&m, pts, GRAPH_POINTS);
	assert_int_equal(n, 3);
	assert_true(pts[2].run_start && pts[2].run == 2 && pts[2].iops[DIR_READ] == 7.0);
	/* Only the newest GRAPH_POINTS stay. */
	for (uint64_t i = 0; i < GRAPH_POINTS + 5; i++)
		feed_sample(&m, 100 + i, i * 1000, (double)i, 1000, false, h);
	n = model_graph_copy(&m, pts, GRAPH_POINTS);
	assert_int_equal(n, GRAPH_POINTS);
	assert_true(pts[0].iops[DIR_READ] == 5.0);
	assert_true(pts[GRAPH_POINTS - 1].iops[DIR_READ] == (double)(GRAPH_POINTS + 4));
	model_free(&m);
	free(h);
}

/* Two sections running at once (a job file): rates add up, latencies are
 * the busier one's, the graph gets one point per round; a section of an
 * earlier stonewall group drops out once it stops reporting. */
static void test_sections_add_up(void **state)
{
	struct screen_model m;
	struct live_figures l;
	char a_name[] = "a", b_name[] = "b", c_name[] = "c";
	model_init(&m);
	for (uint64_t t = 1; t <= 3; t++) {
		struct run_interval a = interval(t * 1000, 1000, 10000);
		struct run_interval b = interval(t * 1000, 3000, 20000);
		a.name = a_name;
		b.name = b_name;
		b.clat_pct_ns[DIR_READ][6] = 99000;
		model_on_interval(&m, &a);
		model_on_interval(&m, &b);
	}
	model_live_copy(&m, &l);
	assert_true(l.last[DIR_READ].iops == 4000.0);
	assert_int_equal(l.last[DIR_READ].pct_ns[6], 99000);  /* b is busier */
	/* a and b end; c (the next stonewall group) alone counts. */
	for (uint64_t t = 1; t <= 3; t++) {
		struct run_interval c = interval(t * 1000, 500, 0);
		c.name = c_name;
		c.groupid = 1;
		model_on_interval(&m, &c);
	}
	model_live_copy(&m, &l);
	assert_true(l.last[DIR_READ].iops == 500.0);
	model_free(&m);
}

static void test_job_end_gives_final_figures(void **state)
{
	struct screen_model m;
	struct live_figures l;
	struct job_spec j;
	struct job_set set = { .jobs = &j, .njobs = 1 };
	model_init(&m);
	job_defaults(&j);
	snprintf(j.filename, sizeof(j.filename), "nosuchdisk");
	snprintf(j.cpus_allowed, sizeof(j.cpus_allowed), "1,3");
	model_job_starting(&m, &set);
	assert_int_equal(model_state(&m), JOB_RUNNING);
	assert_true(m.pinned[1] && m.pinned[3] && !m.pinned[2]);
	assert_int_equal(m.npinned, 2);

	struct run_result r;
	memset(&r, 0, sizeof(r));
	r.groups = calloc(1, sizeof(*r.groups));
	r.ngroups = 1;
	r.groups[0].runtime_ms = 2000;
	struct lat_stat *c = &r.groups[0].dir[DIR_READ].clat;
	lat_init(c);
	for (int i = 0; i < 100; i++)
		lat_add(c, 10000 + (uint64_t)i * 100);
	r.groups[0].dir[DIR_READ].ios = 100;
	r.groups[0].dir[DIR_READ].bytes = 100 * 4096;
	model_job_ended(&m, 0, &r, "");
	assert_null(r.groups);                   /* taken over */
	assert_true(model_collect_pending(&m));
	assert_int_equal(model_state(&m), JOB_DONE);
	assert_true(m.have_result);
	model_live_copy(&m, &l);
	assert_true(l.run[DIR_READ].iops == 50.0);
	assert_int_equal(l.run[DIR_READ].clat_max_ns, 19900);
	/* p50 of 10000..19900 in steps of 100 is about 14900. */
	assert_in_range(l.run[DIR_READ].pct_ns[6], 14700, 15100);
	model_free(&m);
}

static void test_refused_job(void **state)
{
	struct screen_model m;
	struct run_result none;
	model_init(&m);
	memset(&none, 0, sizeof(none));
	model_job_ended(&m, 3, &none, "loop2: has-data");
	model_collect_pending(&m);
	assert_int_equal(model_state(&m), JOB_REFUSED);
	assert_int_equal(m.run_rc, 3);
	assert_string_equal(m.run_err, "loop2: has-data");
	assert_false(model_job_active(&m));
	model_free(&m);
}

static void check_no_overlap(const struct layout *l)
{
	for (int a = 0; a < PANE_COUNT; a++) {
		const struct rect *p = &l->pane[a];
		assert_true(p->y >= 1 && p->y + p->h <= l->lines - 1);
		assert_true(p->x >= 0 && p->x + p->w <= l->cols);
		for (int b = a + 1; b < PANE_COUNT; b++) {
			const struct rect *q = &l->pane[b];
			bool apart = p->y + p->h <= q->y || q->y + q->h <= p->y ||
				     p->x + p->w <= q->x || q->x + q->w <= p->x;
			assert_true(apart);
		}
	}
}

static bool near(double got, double want)
{
	return got > want - 0.001 && got < want + 0.001;
}

/* A snapshot of ncpu CPUs with usr, sys, idle and guest ticks per CPU;
 * "all" is their sum, as the kernel's first line is. */
static struct cpu_snapshot cpu_snap(int ncpu, const uint64_t (*ticks)[4])
{
	struct cpu_snapshot s = { .ncpu = ncpu };
	s.cpu = calloc((size_t)ncpu, sizeof(*s.cpu));
	assert_non_null(s.cpu);
	static const enum cpu_field f[4] = { CPU_USR, CPU_SYS, CPU_IDLE, CPU_GUEST };
	for (int c = 0; c < ncpu; c++)
		for (int i = 0; i < 4; i++) {
			s.cpu[c].t[f[i]] = ticks[c][i];
			s.all.t[f[i]] += ticks[c][i];
		}
	return s;
}

static void test_cpu_snapshots_feed_the_pane(void **state)
{
	struct screen_model m;
	model_init(&m);
	/* usr sys idle guest; usr counts guest, as the kernel's does. */
	static const uint64_t t0[2][4] = { { 100, 50, 850, 0 }, { 0, 0, 1000, 0 } };
	static const uint64_t t1[2][4] = { { 160, 70, 870, 0 }, { 30, 0, 1070, 10 } };
	static const uint64_t t2[1][4] = { { 160, 70, 970, 0 } };
	struct cpu_snapshot a = cpu_snap(2, t0), b = cpu_snap(2, t1), c = cpu_snap(1, t2);

	model_feed_cpu(&m, &a);
	assert_false(m.cpu_valid);          /* one snapshot is no interval */
	assert_null(a.cpu);                 /* taken over */
	model_feed_cpu(&m, &b);
	assert_true(m.cpu_valid);
	assert_int_equal(m.ncpu, 2);
	assert_true(near(m.cpu[0].pct[CPU_USR], 60.0));
	assert_true(near(m.cpu[0].pct[CPU_SYS], 20.0));
	assert_true(near(m.cpu[0].pct[CPU_IDLE], 20.0));
	/* mpstat's arithmetic: guest is taken out of usr. */
	assert_true(near(m.cpu[1].pct[CPU_USR], 20.0));
	assert_true(near(m.cpu[1].pct[CPU_GUEST], 10.0));
	assert_true(near(m.cpu[1].pct[CPU_IDLE], 70.0));
	/* all: 90 usr (10 guest), 20 sys, 90 idle over 200 ticks. */
	assert_true(near(m.cpu_all.pct[CPU_USR], 40.0));
	assert_true(near(m.cpu_all.pct[CPU_SYS], 10.0));
	assert_true(near(m.cpu_all.pct[CPU_GUEST], 5.0));
	assert_true(near(m.cpu_all.pct[CPU_IDLE], 45.0));
	/* A CPU gone (hot-unplugged): the pane shows the ones in both. */
	model_feed_cpu(&m, &c);
	assert_int_equal(m.ncpu, 1);
	assert_true(near(m.cpu[0].pct[CPU_IDLE], 100.0));
	assert_true(near(m.cpu[0].pct[CPU_USR], 0.0));
	cpu_snapshot_free(&a);
	cpu_snapshot_free(&b);
	cpu_snapshot_free(&c);
	model_free(&m);
}

static void test_disk_snapshots_feed_the_rates(void **state)
{
	struct screen_model m;
	model_init(&m);
	struct disk_snapshot a = { .name = "vdz", .valid = true, .t_ns = 1000000000u,
				   .ios = { 100, 0 }, .sectors = { 800, 0 },
				   .ticks_ms = { 50, 0 }, .io_ticks_ms = 100,
				   .in_queue_ms = 100 };
	/* One second later: 1000 reads of 4 KiB, 0.5 ms each, busy half the
	 * time with one in the queue on average. */
	struct disk_snapshot b = a;
	b.t_ns += 1000000000u;
	b.ios[0] += 1000;
	b.sectors[0] += 8000;
	b.ticks_ms[0] += 500;
	b.io_ticks_ms += 500;
	b.in_queue_ms += 1000;

	model_feed_disk(&m, &a);
	assert_false(m.disk_valid);
	model_feed_disk(&m, &b);
	assert_true(m.disk_valid);
	assert_true(near(m.disk.r_s, 1000.0));
	assert_true(near(m.disk.rkb_s, 4000.0));
	assert_true(near(m.disk.r_await, 0.5));
	assert_true(near(m.disk.util, 50.0));
	assert_true(near(m.disk.aqu_sz, 1.0));
	assert_true(near(m.disk.w_s, 0.0));
	/* A snapshot taken at the same moment is no interval: rates stay. */
	struct disk_snapshot same = b;
	same.ios[0] += 5000;
	model_feed_disk(&m, &same);
	assert_true(near(m.disk.r_s, 1000.0));
	/* The disk could not be read: no rates until two readings again. */
	struct disk_snapshot bad = { .valid = false };
	model_feed_disk(&m, &bad);
	assert_false(m.disk_valid);
	model_feed_disk(&m, &b);
	assert_false(m.disk_valid);
	model_feed_disk(&m, NULL);
	assert_false(m.disk_valid);
	model_free(&m);
}

static void test_layout(void **state)
{
	struct layout l;
	struct pane_wants w = { .devices = 30, .cpu = 4, .irq = 3 };
	layout_compute(&l, 24, 80, &w);
	assert_false(l.too_small);
	check_no_overlap(&l);
	assert_true(l.pane[PANE_DEVICES].h >= 5);
	assert_true(l.pane[PANE_LIVE].h >= 7);
	assert_true(l.pane[PANE_CPU].h >= 4);
	assert_int_equal(l.pane[PANE_IRQ].y + l.pane[PANE_IRQ].h, 23);
	layout_compute(&l, 12, 40, &w);
	assert_true(l.too_small);
	layout_compute(&l, 24, 79, &w);
	assert_true(l.too_small);
	layout_compute(&l, 60, 200, &w);
	assert_true(l.bottom_side_by_side);
	check_no_overlap(&l);
	/* 64 CPUs on a small terminal: the CPU pane cannot take everything. */
	struct pane_wants big = { .devices = 40, .cpu = 66, .irq = 40 };
	layout_compute(&l, 30, 100, &big);
	check_no_overlap(&l);
	assert_true(l.pane[PANE_LIVE].h >= 7);
	/* A procedure's pane at 80x24: the top row's width, room for its
	 * title, a header, seven rows, a small curve and its note; the live
	 * pane keeps its figures. */
	struct pane_wants proc = { .devices = 5, .cpu = 4, .irq = 3, .proc = 40 };
	layout_compute(&l, 24, 80, &proc);
	check_no_overlap(&l);
	assert_int_equal(l.pane[PANE_WORKLOAD].w, 80);
	assert_int_equal(l.pane[PANE_DEVICES].w, 0);
	assert_true(l.pane[PANE_WORKLOAD].h >= 16);
	assert_true(l.pane[PANE_LIVE].h >= 5);
	/* A short table leaves the CPU and IRQ panes their rows. */
	proc.proc = 10;
	layout_compute(&l, 40, 120, &proc);
	check_no_overlap(&l);
	assert_int_equal(l.pane[PANE_WORKLOAD].h, 10);
	assert_true(l.pane[PANE_CPU].h >= 4 && l.pane[PANE_IRQ].h >= 3);
}

static void test_formats(void **state)
{
	char b[32];
	assert_string_equal(fmt_count(0, b, sizeof(b)), "0");
	assert_string_equal(fmt_count(999, b, sizeof(b)), "999");
	assert_string_equal(fmt_count(36912, b, sizeof(b)), "36.9k");
	assert_string_equal(fmt_count(1500000, b, sizeof(b)), "1.50M");
	assert_string_equal(fmt_bytes_rate(144.0 * 1048576, b, sizeof(b)), "144MiB/s");
	assert_string_equal(fmt_bytes(40.0 * 1073741824, b, sizeof(b)), "40GiB");
	assert_string_equal(fmt_bytes(512, b, sizeof(b)), "512B");
	assert_string_equal(fmt_usec(26700, b, sizeof(b)), "26.7");
	assert_string_equal(fmt_usec(4937000, b, sizeof(b)), "4937");
	/* Rounded up, as the printed summary's percentiles (fio's rule): the
	 * runs list said 1377 where the summary said 1378. */
	assert_string_equal(fmt_usec(1377001, b, sizeof(b)), "1378");
	assert_string_equal(fmt_usec(1377000, b, sizeof(b)), "1377");
	assert_string_equal(fmt_usec(26701, b, sizeof(b)), "26.8");
	assert_string_equal(fmt_usec(1200, b, sizeof(b)), "1.20");
	assert_string_equal(fmt_usec(1201, b, sizeof(b)), "1.21");
	assert_string_equal(fmt_usec(9991, b, sizeof(b)), "10.0");   /* 9.991 goes to 10.00 */
	assert_string_equal(fmt_usec(99951, b, sizeof(b)), "100");
	assert_true(report_lat_up(9240571, 1000, 2) == 9240.58);
	assert_true(report_lat_up(1377001, 1000, 0) == 1378);
	assert_string_equal(fmt_duration(72000, b, sizeof(b)), "1:12");
	assert_string_equal(fmt_duration(3723000, b, sizeof(b)), "1:02:03");
}

static void test_keys(void **state)
{
	assert_int_equal(keys_lookup((struct key_event){ 'q', false }), ACT_QUIT);
	assert_int_equal(keys_lookup((struct key_event){ KEY_F(1), true }), ACT_HELP);
	assert_int_equal(keys_lookup((struct key_event){ '?', false }), ACT_HELP);
	assert_int_equal(keys_lookup((struct key_event){ 'j', false }), ACT_DOWN);
	assert_int_equal(keys_lookup((struct key_event){ KEY_DOWN, true }), ACT_DOWN);
	assert_int_equal(keys_lookup((struct key_event){ '\t', false }), ACT_NEXT_PANE);
	assert_int_equal(keys_lookup((struct key_event){ 's', false }), ACT_STOP);
	assert_int_equal(keys_lookup((struct key_event){ 'x', false }), ACT_NONE);
	/* A KEY_ code and a character with the same number are different. */
	assert_int_equal(keys_lookup((struct key_event){ 'q', true }), ACT_NONE);
}

static void type(struct form *f, const char *s, const struct dev_rows *devs)
{
	for (; *s; s++)
		form_key(f, (struct key_event){ (unsigned char)*s, false }, devs);
}

static enum form_result enter(struct form *f, const struct dev_rows *devs)
{
	return form_key(f, (struct key_event){ '\n', false }, devs);
}

static void test_form_checks_like_the_command_line(void **state)
{
	struct form f;
	struct job_spec base;
	struct dev_rows none = { NULL, 0 };
	char cli_err[256];
	memset(&f, 0, sizeof(f));
	job_defaults(&base);
	snprintf(base.filename, sizeof(base.filename), "/dev/loop9");
	assert_int_equal(form_open(&f, &base), 0);
	assert_int_equal(f.nfields, job_options_count);

	/* bs is the second option; a bad value gives the command line's words. */
	form_key(&f, (struct key_event){ KEY_DOWN, true }, &none);
	/* Typing edits the value (4k then 4kq); Ctrl-U clears it first. */
	type(&f, "q", &none);
	assert_string_equal(f.fields[1].text, "4kq");
	assert_int_equal(f.cur, 3);
	form_key(&f, (struct key_event){ KEY_LEFT, true }, &none);   /* the cursor, not a step */
	form_key(&f, (struct key_event){ KEY_LEFT, true }, &none);
	type(&f, "6", &none);
	assert_string_equal(f.fields[1].text, "46kq");
	form_key(&f, (struct key_event){ KEY_DC, true }, &none);
	assert_string_equal(f.fields[1].text, "46q");
	form_key(&f, (struct key_event){ 'u' & 0x1f, false }, &none);
	type(&f, "4q", &none);
	assert_int_equal(enter(&f, &none), FORM_REDRAW);
	struct job_spec scratch;
	job_defaults(&scratch);
	assert_int_equal(job_option_set(&scratch, "bs", "4q", cli_err, sizeof(cli_err)), -1);
	assert_string_equal(f.message, cli_err);
	assert_int_equal(f.sel, 1);

	/* Fixed, it starts; Left/Right walk rw's choices. */
	form_key(&f, (struct key_event){ 127, false }, &none);
	form_key(&f, (struct key_event){ 'k', false }, &none);
	form_key(&f, (struct key_event){ KEY_UP, true }, &none);
	form_key(&f, (struct key_event){ KEY_RIGHT, true }, &none);
	assert_string_equal(f.fields[0].text, "write");
	assert_int_equal(enter(&f, &none), FORM_START);
	assert_int_equal(f.job.bs, 4096);
	assert_int_equal(f.job.rw, RW_WRITE);
	form_close(&f);
}

static void test_form_safety(void **state)
{
	struct form f;
	struct job_spec base;
	struct dev_row rows[2];
	struct dev_rows devs = { rows, 2 };
	memset(&f, 0, sizeof(f));
	memset(rows, 0, sizeof(rows));
	snprintf(rows[0].name, sizeof(rows[0].name), "loop7");
	snprintf(rows[0].path, sizeof(rows[0].path), "/dev/loop7");
	rows[0].probed = rows[1].probed = true;
	rows[0].verdict = VERDICT_HAS_DATA;
	snprintf(rows[0].verdict_word, sizeof(rows[0].verdict_word), "has-data");
	snprintf(rows[0].reasons, sizeof(rows[0].reasons), "has-data: swap on loop7");
	snprintf(rows[1].name, sizeof(rows[1].name), "loop8");
	snprintf(rows[1].path, sizeof(rows[1].path), "/dev/loop8");
	rows[1].verdict = VERDICT_IN_USE;
	snprintf(rows[1].verdict_word, sizeof(rows[1].verdict_word), "in-use");
	snprintf(rows[1].reasons, sizeof(rows[1].reasons), "in-use: loop8 mounted on /mnt");

	job_defaults(&base);
	snprintf(base.filename, sizeof(base.filename), "/dev/loop7");
	form_open(&f, &base);
	/* Reads go anywhere. */
	assert_int_equal(enter(&f, &devs), FORM_START);
	assert_false(f.force);
	/* A write asks for the name; a wrong one refuses. */
	form_key(&f, (struct key_event){ 'u' & 0x1f, false }, &devs);
	type(&f, "randwrite", &devs);
	assert_int_equal(enter(&f, &devs), FORM_REDRAW);
	assert_true(f.confirming);
	type(&f, "loop", &devs);
	assert_int_equal(enter(&f, &devs), FORM_REDRAW);
	assert_false(f.confirming);
	assert_non_null(strstr(f.message, "does not match"));
	/* The right name starts it, with force. */
	enter(&f, &devs);
	type(&f, "loop7", &devs);
	assert_int_equal(enter(&f, &devs), FORM_START);
	assert_true(f.force);
	form_close(&f);

	/* in-use is refused with its reasons, whatever is typed. */
	snprintf(base.filename, sizeof(base.filename), "loop8");
	base.rw = RW_WRITE;
	form_open(&f, &base);
	assert_int_equal(enter(&f, &devs), FORM_REDRAW);
	assert_false(f.confirming);
	assert_non_null(strstr(f.message, "mounted on /mnt"));
	form_close(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_intervals_feed_live_figures),
		cmocka_unit_test(test_graph_points),
		cmocka_unit_test(test_sections_add_up),
		cmocka_unit_test(test_job_end_gives_final_figures),
		cmocka_unit_test(test_refused_job),
		cmocka_unit_test(test_cpu_snapshots_feed_the_pane),
		cmocka_unit_test(test_disk_snapshots_feed_the_rates),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_form_checks_like_the_command_line),
		cmocka_unit_test(test_form_safety),
	};
	/* No terminal and no real devices needed: a fake root with none. */
	sysroot_set("/nonexistent-blktop-root");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
