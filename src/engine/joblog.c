/* SPDX-License-Identifier: GPL-2.0-or-later */
/* joblog.c - fio's log files, written off the I/O path (see joblog.h).
 *
 * What fio 3.33 writes, and so what this writes:
 * - NAME_bw.N.log, NAME_iops.N.log, NAME_{slat,clat,lat}.N.log: lines
 *   "msec, value, direction, bs, 0" ("msec, value, direction, bs, offset, 0"
 *   with log_offset=1); N is the thread's number, left out with
 *   per_job_logs=0 (the threads' lines then follow each other in one file).
 * - With log_avg_msec=0 one line per I/O: latencies in ns, slat at submit;
 *   iops 1; bw the I/O's bytes over its clat (bytes * 10^6 / ns).
 * - With log_avg_msec=M the latencies are averaged (mean rounded, or the
 *   largest with log_max_value) per direction over windows that close at
 *   the first I/O M ms after the last one closed, bs and offset then 0,
 *   the open windows logged when the thread ends; bw (KiB/s) and iops
 *   over each M ms in which the direction did I/O.
 * - NAME_clat_hist.N.log every log_hist_msec: "msec, direction, bs, " and
 *   the 1856 counters of fio's clat histogram that the window added,
 *   summed 2^log_hist_coarseness at a time. blktop's histogram has fio's
 *   buckets (stats/hist.h), longer: what lies past fio's last is counted
 *   in it, as fio does.
 */
#include "config.h"
#include "engine/joblog.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "i18n.h"
#include "util/clock.h"

/* fio's FIO_IO_U_PLAT_NR: 29 groups of 64 buckets. */
#define FIO_HIST_NR 1856
#define CHUNK_BYTES ((size_t)64 * 1024)
#define CHUNKS_AHEAD 8
#define WRITER_NAP_NS (2ULL * 1000 * 1000)

enum log_kind { LK_BW, LK_IOPS, LK_SLAT, LK_CLAT, LK_LAT, LK_HIST, LK_COUNT };
static const char *const kind_name[LK_COUNT] = { "bw", "iops", "slat", "clat", "lat",
						 "clat_hist" };

/* One line to be. A histogram record is followed by FIO_HIST_NR
 * cumulative counters. */
struct rec {
	uint8_t kind;
	uint8_t dir;
	uint16_t prio;    /* the I/O's priority; 0 for averaged lines, as fio */
	uint32_t bs;
	uint64_t t_ms;
	uint64_t val;
	uint64_t offset;
};
#define HIST_REC_BYTES (sizeof(struct rec) + FIO_HIST_NR * sizeof(uint64_t))

struct chunk {
	struct chunk *next;   /* the hand-over list, or the free stack */
	size_t used;
	unsigned char data[CHUNK_BYTES];
};

/* An averaging window of one latency log and direction. */
struct window {
	uint64_t n, max, last_ms;
	double sum;
};

struct joblog {
	struct joblog *next_in_set;
	const struct job_spec *spec;
	bool want[LK_COUNT];
	char path[LK_COUNT][JOB_LOG_PREFIX_MAX + JOB_NAME_MAX + 48];
	/* Producer (job thread) side. */
	struct chunk *cur, *spare, *tail;
	uint64_t base_ns, epoch_ms;
	bool begun;
	struct window win[LK_COUNT][2];
	uint64_t acc_bytes[2], acc_ios[2];  /* windowed bw/iops since the last line */
	uint64_t rate_last_ms, rate_next_ms;
	uint64_t hist_last_ms[2];
	bool hist_started[2];
	uint64_t lost;                      /* records dropped (out of memory) */
	/* Shared: chunks the writer gives back (pushed by it, taken whole). */
	struct chunk *free_top;
	/* Writer side. */
	struct chunk *head;                 /* the last chunk written (a dummy) */
	FILE *f[LK_COUNT];
	bool tmp[LK_COUNT];                 /* per_job_logs=0: copied at the end */
	uint64_t (*hist_prev)[FIO_HIST_NR]; /* [2]: the previous histogram line */
	bool write_failed;
};

struct joblog_set {
	struct joblog *first, *last;
	pthread_t writer;
	bool started;
	int stop;
};

bool joblog_wanted(const struct job_spec *s)
{
	return s->write_bw_log || s->write_iops_log || s->write_lat_log || s->write_hist_log;
}

struct joblog_set *joblog_set_new(void)
{
	return calloc(1, sizeof(struct joblog_set));
}

static const char *prefix_of(const struct job_spec *s, int kind)
{
	const char *p = kind == LK_BW ? s->bw_log_prefix
			: kind == LK_IOPS ? s->iops_log_prefix
			: kind == LK_HIST ? s->hist_log_prefix : s->lat_log_prefix;
	return p[0] ? p : s->name;
}

static struct chunk *chunk_new(void)
{
	struct chunk *c = malloc(sizeof(*c));
	if (c) {
		c->next = NULL;
		c->used = 0;
	}
	return c;
}

static void chunks_free(struct chunk *c)
{
	while (c) {
		struct chunk *n = c->next;
		free(c);
		c = n;
	}
}

/* Whether an earlier thread of the set logs to the same file. */
static bool path_taken(const struct joblog_set *set, const char *path)
{
	for (const struct joblog *o = set->first; o; o = o->next_in_set)
		for (int k = 0; k < LK_COUNT; k++)
			if (o->want[k] && !strcmp(o->path[k], path))
				return true;
	return false;
}

static void joblog_free(struct joblog *l)
{
	for (int k = 0; k < LK_COUNT; k++)
		if (l->f[k])
			fclose(l->f[k]);
	chunks_free(l->cur);
	chunks_free(l->spare);
	chunks_free(l->free_top);
	/* The hand-over list from the writer's dummy on holds every chunk
	 * published and not given back. */
	chunks_free(l->head);
	free(l->hist_prev);
	free(l);
}

struct joblog *joblog_add(struct joblog_set *set, const struct job_spec *spec,
			  unsigned thread_number, char *err, size_t errlen)
{
	struct joblog *l = calloc(1, sizeof(*l));
	if (!l)
		goto nomem;
	l->spec = spec;
	l->want[LK_BW] = spec->write_bw_log;
	l->want[LK_IOPS] = spec->write_iops_log;
	l->want[LK_SLAT] = l->want[LK_CLAT] = l->want[LK_LAT] = spec->write_lat_log;
	l->want[LK_HIST] = spec->write_hist_log;
	l->head = l->tail = chunk_new();
	l->cur = chunk_new();
	if (!l->head || !l->cur)
		goto nomem_l;
	for (int i = 0; i < CHUNKS_AHEAD; i++) {
		struct chunk *c = chunk_new();
		if (!c)
			goto nomem_l;
		c->next = l->spare;
		l->spare = c;
	}
	if (l->want[LK_HIST] && !(l->hist_prev = calloc(2, sizeof(*l->hist_prev))))
		goto nomem_l;
	for (int k = 0; k < LK_COUNT; k++) {
		if (!l->want[k])
			continue;
		if (spec->per_job_logs)
			snprintf(l->path[k], sizeof(l->path[k]), "%s_%s.%u.log", prefix_of(spec, k),
				 kind_name[k], thread_number);
		else
			snprintf(l->path[k], sizeof(l->path[k]), "%s_%s.log", prefix_of(spec, k),
				 kind_name[k]);
		/* Every file is made before the run, so a directory that
		 * cannot take it stops the run before any I/O. */
		bool shared = !spec->per_job_logs;
		if (!shared || !path_taken(set, l->path[k])) {
			FILE *f = fopen(l->path[k], "w");
			if (!f) {
				snprintf(err, errlen, _("%s: cannot create the log file %s: %s"),
					 spec->name, l->path[k], strerror(errno));
				joblog_free(l);
				return NULL;
			}
			if (shared)
				fclose(f);
			else
				l->f[k] = f;
		}
		if (shared) {
			l->f[k] = tmpfile();
			l->tmp[k] = true;
			if (!l->f[k]) {
				snprintf(err, errlen, _("%s: cannot make a temporary file for %s: %s"),
					 spec->name, l->path[k], strerror(errno));
				joblog_free(l);
				return NULL;
			}
		}
	}
	if (set->last)
		set->last->next_in_set = l;
	else
		set->first = l;
	set->last = l;
	return l;
nomem_l:
	joblog_free(l);
nomem:
	snprintf(err, errlen, "%s", strerror(ENOMEM));
	return NULL;
}

/* ---- The job thread's side. ---- */

static void publish(struct joblog *l, struct chunk *c)
{
	c->next = NULL;
	__atomic_store_n(&l->tail->next, c, __ATOMIC_RELEASE);
	l->tail = c;
}

/* Room for size bytes in the current chunk, or NULL (a lost record). */
static void *reserve(struct joblog *l, size_t size)
{
	if (l->cur && l->cur->used + size <= CHUNK_BYTES) {
		void *p = l->cur->data + l->cur->used;
		l->cur->used += size;
		return p;
	}
	if (l->cur)
		publish(l, l->cur);
	if (!l->spare)
		l->spare = __atomic_exchange_n(&l->free_top, NULL, __ATOMIC_ACQUIRE);
	struct chunk *c = l->spare;
	if (c)
		l->spare = c->next;
	else
		c = chunk_new();   /* the writer is behind: once per chunk */
	l->cur = c;
	if (!c) {
		l->lost++;
		return NULL;
	}
	c->used = size;
	return c->data;
}

static void put(struct joblog *l, int kind, int dir, uint64_t t_ms, uint64_t val, uint32_t bs,
		uint64_t offset, unsigned prio)
{
	struct rec *r = reserve(l, sizeof(*r));
	if (!r)
		return;
	r->kind = (uint8_t)kind;
	r->dir = (uint8_t)dir;
	r->prio = (uint16_t)prio;
	r->bs = bs;
	r->t_ms = t_ms;
	r->val = val;
	r->offset = offset;
}

void joblog_begin(struct joblog *l, uint64_t base_ns)
{
	struct timespec rt;
	l->base_ns = base_ns;
	l->begun = true;
	if (l->spec->log_unix_epoch && !clock_gettime(CLOCK_REALTIME, &rt)) {
		uint64_t wall_ms = (uint64_t)rt.tv_sec * 1000 + (uint64_t)rt.tv_nsec / 1000000;
		/* base_ns may lie ahead (the end of ramp_time). */
		int64_t ahead_ms = ((int64_t)base_ns - (int64_t)now_ns()) / 1000000;
		l->epoch_ms = (uint64_t)((int64_t)wall_ms + ahead_ms);
	}
	l->rate_next_ms = l->spec->log_avg_msec;
}

void joblog_restart(struct joblog *l, uint64_t now)
{
	if (!l->begun)
		return;
	joblog_begin(l, now);
	/* fio's rate sampler starts again from the reset with nothing
	 * counted; the bytes since its last sample are dropped. */
	for (int d = 0; d < 2; d++) {
		l->acc_bytes[d] = 0;
		l->acc_ios[d] = 0;
	}
	l->rate_last_ms = 0;
}

static uint64_t elapsed_ms(const struct joblog *l, uint64_t t_ns)
{
	return t_ns > l->base_ns ? (t_ns - l->base_ns) / 1000000 : 0;
}

static void window_flush(struct joblog *l, int kind, int dir, uint64_t t_ms)
{
	struct window *w = &l->win[kind][dir];
	if (w->n) {
		uint64_t v = l->spec->log_max_value ? w->max : (uint64_t)(w->sum / (double)w->n + 0.5);
		put(l, kind, dir, l->epoch_ms + t_ms, v, 0, 0, 0);
	}
	w->n = 0;
	w->sum = 0;
	w->max = 0;
}

/* A latency sample: a line of its own, or into its window (fio closes a
 * window at the first sample that lands avg_msec after it opened, and
 * counts that sample in it). */
static void lat_sample(struct joblog *l, int kind, int dir, uint64_t t_ms, uint64_t v,
		       uint32_t bs, uint64_t offset, unsigned prio)
{
	uint64_t avg = l->spec->log_avg_msec;
	if (!avg) {
		put(l, kind, dir, l->epoch_ms + t_ms, v, bs, offset, prio);
		return;
	}
	struct window *w = &l->win[kind][dir];
	w->n++;
	w->sum += (double)v;
	if (v > w->max)
		w->max = v;
	if (t_ms < w->last_ms || t_ms - w->last_ms < avg)
		return;
	window_flush(l, kind, dir, t_ms);
	w->last_ms = t_ms - t_ms % avg;
}

void joblog_submitted(struct joblog *l, int dir, uint64_t submit_ns, uint64_t slat_ns,
		      uint32_t len, uint64_t offset, unsigned ioprio)
{
	if (!l->want[LK_SLAT] || !l->begun)
		return;
	lat_sample(l, LK_SLAT, dir, elapsed_ms(l, submit_ns), slat_ns, len, offset, ioprio);
}

/* A rate taken over log_avg_msec goes through its window as fio's does:
 * a line at once, unless the window's last close lies ahead (the times
 * restarted at a latency_target reset), then gathered into one line at
 * that close or at the end. */
static void rate_sample(struct joblog *l, int kind, int dir, uint64_t t_ms, uint64_t v)
{
	struct window *w = &l->win[kind][dir];
	w->n++;
	w->sum += (double)v;
	if (v > w->max)
		w->max = v;
	if (t_ms < w->last_ms)
		return;
	window_flush(l, kind, dir, t_ms);
	w->last_ms = t_ms - t_ms % l->spec->log_avg_msec;
}

/* log_avg_msec with bw or iops: each direction's rate since the last line,
 * as fio's sampler takes it. */
static void rate_lines(struct joblog *l, uint64_t t_ms)
{
	uint64_t spent = t_ms - l->rate_last_ms;
	for (int d = 0; d < 2; d++) {
		if (!l->acc_ios[d])
			continue;
		if (l->want[LK_BW])
			rate_sample(l, LK_BW, d, t_ms,
				    spent ? l->acc_bytes[d] * 1000 / spent / 1024 : 0);
		if (l->want[LK_IOPS])
			rate_sample(l, LK_IOPS, d, t_ms, spent ? l->acc_ios[d] * 1000 / spent : 0);
		l->acc_bytes[d] = 0;
		l->acc_ios[d] = 0;
	}
	l->rate_last_ms = t_ms;
	uint64_t avg = l->spec->log_avg_msec;
	l->rate_next_ms = (t_ms / avg + 1) * avg;
}

static void hist_line(struct joblog *l, int dir, uint64_t t_ms, uint32_t bs,
		      const struct hist *h)
{
	struct rec *r = reserve(l, HIST_REC_BYTES);
	if (!r)
		return;
	r->kind = LK_HIST;
	r->dir = (uint8_t)dir;
	r->prio = 0;
	r->bs = bs;
	r->t_ms = l->epoch_ms + t_ms;
	r->val = 0;
	r->offset = 0;
	uint64_t *c = (uint64_t *)(r + 1);
	memcpy(c, h->count, FIO_HIST_NR * sizeof(uint64_t));
	for (unsigned i = FIO_HIST_NR; i < HIST_NR; i++)
		c[FIO_HIST_NR - 1] += h->count[i];
}

void joblog_completed(struct joblog *l, int dir, uint64_t end_ns, uint64_t clat_ns,
		      uint64_t lat_ns, uint32_t len, uint64_t offset,
		      const struct hist *clat_hist, unsigned ioprio)
{
	if (!l->begun)
		return;
	uint64_t t = elapsed_ms(l, end_ns);
	if (l->want[LK_CLAT]) {
		lat_sample(l, LK_CLAT, dir, t, clat_ns, len, offset, ioprio);
		lat_sample(l, LK_LAT, dir, t, lat_ns, len, offset, ioprio);
	}
	if (!l->spec->log_avg_msec) {
		if (l->want[LK_BW])
			put(l, LK_BW, dir, l->epoch_ms + t,
			    clat_ns ? (uint64_t)len * 1000000ULL / clat_ns : 0, len, offset, ioprio);
		if (l->want[LK_IOPS])
			put(l, LK_IOPS, dir, l->epoch_ms + t, 1, len, offset, ioprio);
	} else if (l->want[LK_BW] || l->want[LK_IOPS]) {
		l->acc_bytes[dir] += len;
		l->acc_ios[dir]++;
		if (t >= l->rate_next_ms)
			rate_lines(l, t);
	}
	uint64_t hmsec = l->spec->log_hist_msec;
	if (l->want[LK_HIST] && hmsec) {
		if (!l->hist_started[dir]) {
			l->hist_started[dir] = true;
			l->hist_last_ms[dir] = t;
		}
		/* Unsigned, as fio's: after a latency_target reset the time
		 * lies before the last line's, the difference wraps and, as
		 * in fio, each I/O then makes a line. */
		uint64_t since = t - l->hist_last_ms[dir];
		if (since >= hmsec) {
			hist_line(l, dir, t, len, clat_hist);
			/* The next window starts where this one should have
			 * ended, so late lines do not drift. */
			l->hist_last_ms[dir] = t - (since - hmsec);
		}
	}
}

void joblog_end(struct joblog *l, uint64_t end_ns)
{
	if (l->begun && l->spec->log_avg_msec) {
		uint64_t t = elapsed_ms(l, end_ns);
		static const int order[3] = { LK_CLAT, LK_SLAT, LK_LAT };
		for (int i = 0; i < 3; i++)
			for (int d = 0; d < 2; d++)
				if (l->want[order[i]])
					window_flush(l, order[i], d, t);
	}
	if (l->cur) {
		publish(l, l->cur);
		l->cur = NULL;
	}
}

/* The averaged rates' windows close with the run, as fio's: its bw and
 * iops samples are its helper thread's, which logs what their windows
 * hold as it stops, once every job has ended, at that time on each job's
 * clock. They hold samples only after a latency_target reset. */
static void rates_end(struct joblog *l, uint64_t end_ns)
{
	if (!l->begun || !l->spec->log_avg_msec)
		return;
	uint64_t t = elapsed_ms(l, end_ns);
	static const int order[2] = { LK_BW, LK_IOPS };
	for (int i = 0; i < 2; i++)
		for (int d = 0; d < 2; d++)
			if (l->want[order[i]])
				window_flush(l, order[i], d, t);
	if (l->cur) {
		publish(l, l->cur);
		l->cur = NULL;
	}
}

/* ---- The writer's side. ---- */

/* Decimal digits of v at p; returns the end. The writer formats by hand:
 * a per-I/O log is millions of lines, which fprintf formats at a third
 * of the speed, and the job threads wait for chunks the writer frees. */
static char *put_u64(char *p, uint64_t v)
{
	char tmp[20];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	return p;
}

static char *put_field(char *p, uint64_t v)
{
	p = put_u64(p, v);
	*p++ = ',';
	*p++ = ' ';
	return p;
}

static void write_hist(struct joblog *l, FILE *f, const struct rec *r)
{
	unsigned stride = 1u << l->spec->log_hist_coarseness;
	/* Each line holds what its window added: this histogram less the
	 * previous line's. */
	const uint64_t *now = (const uint64_t *)(r + 1);
	uint64_t *prev = l->hist_prev[r->dir & 1];
	char buf[4096], *p = buf;
	p = put_field(p, r->t_ms);
	p = put_field(p, r->dir);
	p = put_field(p, r->bs);
	for (unsigned j = 0; j < FIO_HIST_NR; j += stride) {
		uint64_t sum = 0;
		for (unsigned k = j; k < j + stride; k++)
			sum += now[k] - prev[k];
		p = put_u64(p, sum);
		if (j + stride < FIO_HIST_NR) {
			*p++ = ',';
			*p++ = ' ';
		}
		if (p - buf > (ptrdiff_t)sizeof(buf) - 64) {
			fwrite(buf, 1, (size_t)(p - buf), f);
			p = buf;
		}
	}
	*p++ = '\n';
	fwrite(buf, 1, (size_t)(p - buf), f);
	memcpy(prev, now, sizeof(l->hist_prev[0]));
}

/* fio's lines: "msec, value, direction, bs, PRIO", with log_offset
 * "msec, value, direction, bs, offset, PRIO". */
static void write_chunk(struct joblog *l, const struct chunk *c)
{
	size_t at = 0;
	/* The last column: each I/O's priority (prio, prioclass, or what
	 * the cmdprio options chose), fio's 0 until given and on averaged
	 * lines; log_prio writes it as 0x%04x, else 1 for the realtime class
	 * and 0 for the others. */
	char prio_col[8];
	while (at + sizeof(struct rec) <= c->used) {
		const struct rec *r = (const void *)(c->data + at);
		at += r->kind == LK_HIST ? HIST_REC_BYTES : sizeof(*r);
		FILE *f = r->kind < LK_COUNT ? l->f[r->kind] : NULL;
		if (!f)
			continue;
		if (r->kind == LK_HIST) {
			write_hist(l, f, r);
			continue;
		}
		char line[128], *p = line;
		p = put_field(p, r->t_ms);
		p = put_field(p, r->val);
		p = put_field(p, r->dir);
		p = put_field(p, r->bs);
		if (l->spec->log_offset)
			p = put_field(p, r->offset);
		int prio_len = l->spec->log_prio
				       ? snprintf(prio_col, sizeof(prio_col), "0x%04x", r->prio)
				       : snprintf(prio_col, sizeof(prio_col), "%u", (r->prio >> 13) == 1);
		memcpy(p, prio_col, (size_t)prio_len);
		p += prio_len;
		*p++ = '\n';
		fwrite(line, 1, (size_t)(p - line), f);
	}
}

static void give_back(struct joblog *l, struct chunk *c)
{
	c->used = 0;
	c->next = __atomic_load_n(&l->free_top, __ATOMIC_RELAXED);
	while (!__atomic_compare_exchange_n(&l->free_top, &c->next, c, false, __ATOMIC_RELEASE,
					    __ATOMIC_RELAXED))
		;
}

/* Writes every chunk handed over so far. Returns how many. */
static unsigned drain(struct joblog *l)
{
	unsigned n = 0;
	struct chunk *next;
	while ((next = __atomic_load_n(&l->head->next, __ATOMIC_ACQUIRE))) {
		write_chunk(l, next);
		struct chunk *old = l->head;
		l->head = next;
		give_back(l, old);
		n++;
	}
	return n;
}

static void *writer_main(void *arg)
{
	struct joblog_set *set = arg;
	for (;;) {
		bool stopping = __atomic_load_n(&set->stop, __ATOMIC_ACQUIRE);
		unsigned n = 0;
		for (struct joblog *l = set->first; l; l = l->next_in_set)
			n += drain(l);
		if (stopping)
			break;
		if (!n)
			sleep_ns(WRITER_NAP_NS);
	}
	return NULL;
}

int joblog_set_start(struct joblog_set *set)
{
	int r = pthread_create(&set->writer, NULL, writer_main, set);
	if (r)
		return -r;
	set->started = true;
	return 0;
}

/* per_job_logs=0: a thread's lines go after the earlier threads'. */
static int append_tmp(FILE *tmp, const char *path)
{
	FILE *out = fopen(path, "a");
	if (!out)
		return -1;
	char buf[65536];
	size_t n;
	rewind(tmp);
	while ((n = fread(buf, 1, sizeof(buf), tmp)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			break;
	int bad = ferror(tmp) || ferror(out);
	return fclose(out) || bad ? -1 : 0;
}

int joblog_set_finish(struct joblog_set *set, char *err, size_t errlen)
{
	int status = 0;
	if (!set)
		return 0;
	uint64_t end = now_ns();
	if (set->started) {
		__atomic_store_n(&set->stop, 1, __ATOMIC_RELEASE);
		pthread_join(set->writer, NULL);
	}
	for (struct joblog *l = set->first; l; l = l->next_in_set) {
		/* The job threads have ended: this thread alone adds now. */
		rates_end(l, end);
		drain(l);   /* a writer that never started leaves it all here */
		for (int k = 0; k < LK_COUNT; k++) {
			if (!l->f[k])
				continue;
			int bad = fflush(l->f[k]) || ferror(l->f[k]);
			if (!bad && l->tmp[k])
				bad = append_tmp(l->f[k], l->path[k]);
			bad |= fclose(l->f[k]);
			l->f[k] = NULL;
			if (bad && !status) {
				snprintf(err, errlen, _("cannot write the log file %s: %s"),
					 l->path[k], strerror(errno ? errno : EIO));
				status = -1;
			}
		}
		if (l->lost && !status) {
			snprintf(err, errlen, _("%s: %llu log lines were lost (out of memory)"),
				 l->spec->name, (unsigned long long)l->lost);
			status = -1;
		}
	}
	struct joblog *l = set->first;
	while (l) {
		struct joblog *n = l->next_in_set;
		joblog_free(l);
		l = n;
	}
	free(set);
	return status;
}
