/* SPDX-License-Identifier: GPL-2.0-or-later */
/* drv_fio_host.c - the conversation with one host's fio server
 * (--driver=fio): the probe and the version it answers in, the job, the
 * server's answers (its status becomes the host's report in fio's JSON
 * layout, its ETA the host's live figures), and the refusals: a SENDFILE
 * is answered with an error, never a file. drv_fio.c starts the servers
 * and runs the fleet; this file only talks. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fleet/drv_fio.h"
#include "fleet/fio_interval.h"
#include "fleet/fleet_report.h"
#include "i18n.h"
#include "output/json.h"
#include "stats/hist.h"
#include "util/clock.h"

void fioh_fail(struct fio_host *f, enum host_state st, const char *msg)
{
	if (msg && msg[0])
		snprintf(f->h->message, sizeof(f->h->message), "%s", msg);
	f->h->state = st;
	f->phase = PH_END;
}

void fioh_send(struct fio_host *f, struct fiop_buf *b)
{
	size_t off = 0;
	while (f->data_on && f->data.in >= 0 && off < b->len) {
		ssize_t w = write(f->data.in, b->p + off, b->len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	b->len = 0;
}

void fioh_data_close(struct fio_host *f)
{
	if (!f->data_on)
		return;
	sshproc_kill(&f->data, 500);
	sshproc_free(&f->data);
	f->data_on = false;
	fiop_rx_free(&f->rx);
	f->errlen = 0;
}

/* One ssh -W to the server, and a probe in f->version right away: the
 * bytes wait in the pipe until the stream is up. */
void fioh_connect_probe(struct fio_host *f, const struct fleet_job *job)
{
	char fwd[32], err[512];
	struct fiop_buf b = { 0 };
	snprintf(fwd, sizeof(fwd), "127.0.0.1:%u", f->port);
	f->ssh_err[0] = '\0';
	if (sshproc_start_forward(&f->data, job->args->ssh_command, &f->h->addr, fwd, err,
				  sizeof(err))) {
		fioh_fail(f, HOST_BROKEN, err);
		return;
	}
	f->data_on = true;
	f->phase = PH_PROBE;
	if (fiop_probe(&b, f->version, f->h->addr.host))
		fioh_fail(f, HOST_BROKEN, _("out of memory"));
	fioh_send(f, &b);
	fiop_buf_free(&b);
}

static void send_job(struct fio_host *f, const struct fleet_job *job, const struct fio_plan *p)
{
	struct fiop_buf b = { 0 };
	int r = 0;
	f->starts_wanted = 0;
	if (p->jobline) {
		/* --run: this host's target (its own, or the job's). */
		const struct cli_args *a = job->args;
		const char *t = f->h->addr.target[0] ? f->h->addr.target
			      : a->target_argi	    ? job->argv[a->target_argi]
						    : NULL;
		const char *words[FIO_PLAN_MAX_WORDS + 1];
		size_t nw = 0;
		char *tw = t && p->target_at ? fio_plan_target(t) : NULL;
		for (size_t i = 0; i < p->nwords; i++) {
			if (tw && i == p->target_at)
				words[nw++] = tw;
			words[nw++] = p->words[i];
		}
		if (tw && p->target_at == p->nwords)
			words[nw++] = tw;
		r |= fiop_jobline(&b, f->version, words, nw);
		free(tw);
		f->starts_wanted++;
	}
	if (job->jobtext) {
		/* This host's own target, or the job's TARGET, in place of
		 * the file's. */
		const struct cli_args *a = job->args;
		const char *t = f->h->addr.target[0] ? f->h->addr.target
			      : a->target_argi	    ? job->argv[a->target_argi]
						    : NULL;
		size_t len = 0;
		char *text = t ? fio_plan_jobtext(job->jobtext, job->joblen, t, &len) : NULL;
		if (t && !text)
			r = -1;
		else
			r |= fiop_job(&b, f->version, text ? text : job->jobtext,
				      text ? len : job->joblen);
		free(text);
		f->starts_wanted++;
	}
	if (r)
		fioh_fail(f, HOST_BROKEN, _("out of memory"));
	fioh_send(f, &b);
	fiop_buf_free(&b);
	f->phase = PH_JOB;
}

static void version_text(struct fio_host *f)
{
	const char *rel = f->release[0] ? f->release : "fio";
	if (!strncmp(rel, "fio-", 4))
		rel += 4;
	snprintf(f->h->version, sizeof(f->h->version), _("%s, protocol %u"), rel, f->version);
}

bool fioh_tried(const struct fio_host *f, uint16_t v)
{
	for (size_t i = 0; i < f->ntried; i++)
		if (f->tried[i] == v)
			return true;
	return false;
}

static void unknown_version(struct fio_host *f, uint16_t v)
{
	char known[64], msg[256];
	fiop_versions_text(known, sizeof(known));
	snprintf(msg, sizeof(msg),
		 _("fio's server speaks protocol version %u, which blktop does not know (it knows "
		   "%s)"),
		 v, known);
	fioh_fail(f, HOST_BROKEN, msg);
}

static void refuse_readonly(struct fio_host *f)
{
	fioh_fail(f, HOST_REFUSED,
		  _("fio refused the job: it writes, and runs under --readonly (--force allows "
		    "writes)"));
	snprintf(f->h->verdict, sizeof(f->h->verdict), "readonly");
}

/* A job entry in fio's JSON layout, from one thread status. */
static void add_ts(struct fio_host *f, const struct fiop_ts *ts)
{
	static const char *const dirs[FIOP_DIRS] = { "read", "write", "trim" };
	if (!f->report) {
		f->report = json_object_new();
		f->jobs_json = json_add_array(f->report, "jobs");
	}
	struct json *j = json_add_object(f->jobs_json, NULL);
	json_add_string(j, "jobname", ts->name);
	json_add_u64(j, "groupid", ts->groupid);
	json_add_u64(j, "error", ts->error);
	for (int d = 0; d < FIOP_DIRS; d++) {
		const struct fiop_dir *x = &ts->dir[d];
		struct json *o = json_add_object(j, dirs[d]);
		uint64_t rt = x->runtime_ms;
		json_add_u64(o, "io_bytes", x->io_bytes);
		json_add_u64(o, "io_kbytes", x->io_bytes >> 10);
		json_add_u64(o, "bw_bytes", rt ? x->io_bytes * 1000 / rt : 0);
		json_add_u64(o, "bw", rt ? x->io_bytes * 1000 / rt / 1024 : 0);
		json_add_double(o, "iops", rt ? (double)x->total_ios * 1000.0 / (double)rt : 0);
		json_add_u64(o, "runtime", rt);
		json_add_u64(o, "total_ios", x->total_ios);
		json_add_u64(o, "short_ios", x->short_ios);
		json_add_u64(o, "drop_ios", x->drop_ios);
		struct json *c = json_add_object(o, "clat_ns");
		json_add_u64(c, "min", x->clat_n ? x->clat_min : 0);
		json_add_u64(c, "max", x->clat_max);
		json_add_double(c, "mean", x->clat_n ? x->clat_mean : 0);
		json_add_double(c, "stddev",
				x->clat_n > 1 ? sqrt(x->clat_S / (double)(x->clat_n - 1)) : 0);
		json_add_u64(c, "N", x->clat_n);
		/* fio's json+ bins: each bucket's value, its count. */
		struct json *bins = json_add_object(c, "bins");
		for (unsigned i = 0; i < FIOP_PLAT_NR; i++) {
			uint64_t cnt = fiop_plat(x, i);
			if (!cnt)
				continue;
			char key[32];
			snprintf(key, sizeof(key), "%llu", (unsigned long long)hist_bucket_value(i));
			json_add_u64(bins, key, cnt);
		}
	}
	json_add_u64(j, "total_err", ts->total_err);
	json_add_u64(j, "first_error", ts->first_error);
}

/* A status round begins (its first TS): the round before was not the
 * last, so its report goes, and this round's histogram starts empty. */
static void begin_round(struct fio_host *f)
{
	json_free(f->report);
	f->report = f->jobs_json = NULL;
	f->round_open = true;
	f->round_err = 0;
	if (!f->plat)
		f->plat = calloc(2, sizeof(*f->plat));
	if (f->plat)
		memset(f->plat[1], 0, sizeof(f->plat[1]));
}

static void sum_round(struct fio_host *f, const struct fiop_ts *ts)
{
	f->round_err += ts->total_err;
	if (!f->plat)
		return;
	for (int d = 0; d < 2; d++)
		for (unsigned i = 0; i < FIOP_PLAT_NR; i++)
			f->plat[1][d][i] += fiop_plat(&ts->dir[d], i);
}

/* A round ended (its GS): the difference from the round before is the
 * interval's histogram, the host's live percentiles. */
static void end_round(struct fio_host *f)
{
	struct host_live *l = &f->h->live;
	f->round_open = false;
	if (!f->plat || f->phase != PH_RUN || f->got_stop)
		return;
	for (int d = 0; d < 2; d++) {
		struct fleet_dir dir;
		uint64_t pct[FLEET_NPCTS];
		free(l->bins[d]);
		l->bins[d] = NULL;
		l->nbins[d] = 0;
		l->has_pct[d] = false;
		if (fio_interval_bins(f->plat[0][d], f->plat[1][d], FIOP_PLAT_NR, &l->bins[d],
				      &l->nbins[d]))
			continue;
		memset(&dir, 0, sizeof(dir));
		dir.bins = l->bins[d];
		dir.nbins = l->nbins[d];
		l->has_pct[d] = fleet_percentiles(&dir, pct);
		if (l->has_pct[d]) {
			l->p50[d] = pct[FLEET_PCT_P50];
			l->p99[d] = pct[FLEET_PCT_P99];
			l->p999[d] = pct[FLEET_PCT_P999];
		}
	}
	memcpy(f->plat[0], f->plat[1], sizeof(f->plat[0]));
	/* The status carries each job's error count so far (total_err): the
	 * next ETA shows what it added. */
	f->err_total = f->round_err;
	f->round_at = now_ns();
}

/* The server's ETA: its rates since our last ask are the host's interval
 * figures. The percentiles come with the server's status (end_round);
 * when none came for about an interval, the host has none. A layout we
 * cannot read stops the live figures, with a word, rather than show
 * zeros. */
static void take_eta(struct fio_host *f, const struct fiop_cmd *c)
{
	struct fiop_eta e;
	char err[256];
	struct host_live *l = &f->h->live;
	f->eta_pending = false;
	if (f->phase != PH_RUN || f->got_stop)
		return;
	if (!fiop_parse_eta(c, &e, err, sizeof(err))) {
		f->eta_bad = true;
		snprintf(f->h->message, sizeof(f->h->message), _("%s: no live figures"), err);
		return;
	}
	/* Before the jobs start (or once all ended) the rates say nothing. */
	if (!e.nr_running && !e.nr_ramp)
		return;
	uint64_t now = now_ns();
	bool stale = !f->round_at || now - f->round_at > 2 * f->eta_interval + 500000000ULL;
	l->intervals++;
	l->t_ms = (now - f->run_start) / 1000000ULL;
	/* The errors the statuses counted since the last ETA's: an interval
	 * with the rates' (a status that came late counts in the next one,
	 * never twice). A count that went down was zeroed by fio (the end of
	 * ramp_time): it counts from there. */
	l->errors = f->err_total >= f->err_shown ? f->err_total - f->err_shown : f->err_total;
	l->counts_errors = !stale;
	f->err_shown = f->err_total;
	for (int d = 0; d < 2; d++) {
		l->iops[d] = (double)e.iops[d];
		l->bw_bytes[d] = (double)e.rate_kib[d] * 1024.0;
		if (stale) {
			l->has_pct[d] = false;
			free(l->bins[d]);
			l->bins[d] = NULL;
			l->nbins[d] = 0;
		}
	}
	if (f->h->print_live) {
		fleet_live_line(stdout, f->h);
		fflush(stdout);
	}
}

uint64_t fioh_eta_stale_ns(const struct fio_host *f)
{
	uint64_t five = 5 * f->eta_interval;
	return five > 5000000000ULL ? five : 5000000000ULL;
}

void fioh_ask_eta(struct fio_host *f, uint64_t now)
{
	/* A server that stopped answering (stopped, or its host hung while
	 * the connection stays): no figures rather than its last ones. */
	if (f->phase == PH_RUN && f->eta_pending && f->h->live.intervals &&
	    now - f->eta_sent_at > fioh_eta_stale_ns(f)) {
		f->h->live.intervals = 0;
		snprintf(f->h->message, sizeof(f->h->message),
			 _("fio's server has not answered for %llu s"),
			 (unsigned long long)((now - f->eta_sent_at) / 1000000000ULL));
	}
	if (f->phase != PH_RUN || f->got_stop || f->quit_sent || f->eta_bad || f->eta_pending ||
	    now < f->eta_next)
		return;
	struct fiop_buf b = { 0 };
	/* The tag comes back with the answer; fio's own client sends a
	 * pointer there, we send a count. */
	if (!fiop_cmd(&b, f->version, FIOP_SEND_ETA, ++f->eta_asked, NULL, 0)) {
		fioh_send(f, &b);
		f->eta_pending = true;
		f->eta_sent_at = now;
	}
	fiop_buf_free(&b);
	f->eta_next = now + f->eta_interval;
}

static void on_cmd(struct fio_host *f, const struct fleet_job *job, const struct fio_plan *p,
		   const struct fiop_cmd *c)
{
	struct fiop_buf b = { 0 };
	char text[512], err[256];

	if (f->phase == PH_PROBE && c->version != f->version) {
		/* A server answers another version with a line in its own
		 * version's header, then hangs up. */
		if (fiop_version_known(c->version) && !fioh_tried(f, c->version)) {
			if (f->ntried < sizeof(f->tried) / sizeof(f->tried[0]))
				f->tried[f->ntried++] = f->version;
			f->version = c->version;
			f->reconnect = true;
		} else {
			unknown_version(f, c->version);
		}
		return;
	}
	switch (c->opcode) {
	case FIOP_PROBE: {
		struct fiop_probe_reply pr;
		if (f->phase != PH_PROBE || !fiop_parse_probe(c, &pr))
			break;
		if (pr.fio_version[0])
			snprintf(f->release, sizeof(f->release), "%s", pr.fio_version);
		version_text(f);
		if (pr.bigendian) {
			fioh_fail(f, HOST_BROKEN, _("fio's server runs big-endian: blktop reads only "
						    "little-endian servers"));
			break;
		}
		send_job(f, job, p);
		break;
	}
	case FIOP_TEXT:
		/* A refused SENDFILE is what the user must see, not fio's
		 * complaint that followed it. */
		if (!f->sendfile_refused && fiop_parse_text(c, text, sizeof(text)) && text[0]) {
			/* The last line fio said: the reason when it refuses. */
			const char *l = strrchr(text, '\n');
			snprintf(f->h->message, sizeof(f->h->message), "%s", l ? l + 1 : text);
		}
		break;
	case FIOP_START:
		if (f->phase == PH_JOB && fiop_parse_start(c, &f->jobs) &&
		    ++f->starts_seen == f->starts_wanted) {
			if (!f->jobs && p->readonly && p->writes) {
				/* fio drops a job that writes under --readonly. */
				refuse_readonly(f);
			} else if (!f->jobs) {
				fioh_fail(f, HOST_BROKEN, _("fio made no job of it"));
			} else {
				f->phase = PH_READY;
				f->h->state = HOST_READY;
			}
		}
		break;
	case FIOP_QUIT:
		if (f->phase == PH_JOB) {
			/* fio refused the job; its TEXT said why. */
			if (p->readonly && p->writes)
				refuse_readonly(f);
			else
				fioh_fail(f, HOST_BROKEN, NULL);
		}
		break;
	case FIOP_TS: {
		struct fiop_ts ts;
		if (!fiop_parse_ts(c, &ts, err, sizeof(err))) {
			/* Never zeros for a layout we cannot read. */
			snprintf(f->h->message, sizeof(f->h->message), "%s", err);
			f->bad_ts = true;
			break;
		}
		if (!f->round_open)
			begin_round(f);
		add_ts(f, &ts);
		sum_round(f, &ts);
		break;
	}
	case FIOP_GS:
		if (f->round_open)
			end_round(f);
		break;
	case FIOP_ETA:
		take_eta(f, c);
		break;
	case FIOP_SENDFILE: {
		char path[256];
		fiop_parse_sendfile(c, path, sizeof(path));
		if (!fiop_sendfile_refuse(&b, f->version, c->tag, EPERM))
			fioh_send(f, &b);
		snprintf(f->h->message, sizeof(f->h->message),
			 _("fio's server asked for the file %s: refused, blktop sends no files"), path);
		f->sendfile_refused = true;
		break;
	}
	case FIOP_STOP: {
		uint32_t signo;
		if (f->phase == PH_RUN && fiop_parse_stop(c, &f->stop_error, &signo)) {
			f->got_stop = true;
			/* Done: ending the stream ends this connection there. */
			sshproc_close_input(&f->data);
		}
		break;
	}
	default:
		break;
	}
	fiop_buf_free(&b);
}

/* The -W ssh's own lines (why a connection failed), the last one kept. */
void fioh_read_ssh_err(struct fio_host *f)
{
	char chunk[4096];
	while (f->data.err >= 0) {
		ssize_t r = read(f->data.err, chunk, sizeof(chunk));
		if (r < 0 && (errno == EAGAIN || errno == EINTR))
			return;
		if (r <= 0) {
			close(f->data.err);
			f->data.err = -1;
			return;
		}
		for (ssize_t i = 0; i < r; i++) {
			if (chunk[i] == '\n') {
				f->errbuf[f->errlen] = '\0';
				if (f->errlen)
					snprintf(f->ssh_err, sizeof(f->ssh_err), "%s", f->errbuf);
				f->errlen = 0;
			} else if (f->errlen + 1 < sizeof(f->errbuf)) {
				f->errbuf[f->errlen++] = chunk[i];
			}
		}
	}
}

/* Reads the -W stream; false once it ended. */
bool fioh_pump_data(struct fio_host *f, const struct fleet_job *job, const struct fio_plan *p)
{
	uint8_t chunk[65536];
	char err[256];
	fioh_read_ssh_err(f);
	while (f->data_on && f->data.out >= 0 && !f->reconnect && f->phase != PH_END) {
		ssize_t r = read(f->data.out, chunk, sizeof(chunk));
		if (r < 0 && (errno == EAGAIN || errno == EINTR))
			return true;
		if (r <= 0) {
			close(f->data.out);
			f->data.out = -1;
			return false;
		}
		size_t off = 0;
		while (off < (size_t)r && f->data_on) {
			long k = fiop_rx_feed(&f->rx, chunk + off, (size_t)r - off, err, sizeof(err));
			if (k < 0) {
				fioh_fail(f, HOST_BROKEN, err);
				return false;
			}
			off += (size_t)k;
			struct fiop_cmd c;
			if (fiop_rx_take(&f->rx, &c))
				on_cmd(f, job, p, &c);
			/* The rest is of no use once we reconnect or gave up. */
			if (f->reconnect || f->phase == PH_END)
				return true;
		}
	}
	return f->data_on;
}

void fioh_send_simple(struct fio_host *f, uint16_t opcode)
{
	struct fiop_buf b = { 0 };
	if (!fiop_cmd(&b, f->version, opcode, 0, NULL, 0))
		fioh_send(f, &b);
	fiop_buf_free(&b);
}


void fioh_make_report(struct fio_host *f)
{
	char *text = NULL, err[256];
	size_t len = 0;
	if (f->report && !f->got_stop) {
		/* No STOP after it: a status from the middle of the run,
		 * never taken for its end. */
		json_free(f->report);
		f->report = f->jobs_json = NULL;
	}
	if (!f->report)
		return;
	json_add_string(f->report, "fio version", f->release);
	FILE *m = open_memstream(&text, &len);
	if (m) {
		json_print(m, f->report);
		if (!fclose(m))
			f->h->report = jv_parse(text, len, err, sizeof(err));
	}
	free(text);
	json_free(f->report);
	f->report = f->jobs_json = NULL;
}

