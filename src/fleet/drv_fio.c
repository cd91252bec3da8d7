/* SPDX-License-Identifier: GPL-2.0-or-later */
/* drv_fio.c - fio's own server on the far side (--driver=fio). Each host
 * gets a `fio --server=127.0.0.1,PORT` started over ssh (or one already
 * running), reached through `ssh -W 127.0.0.1:PORT`, whose standard input
 * and output are then the TCP stream, and spoken to in fio's protocol
 * (fioproto.c) at the version the server answers in. No port is opened
 * beyond the far side's loopback.
 *
 * What blktop never does here: send a command that runs a program
 * (VTRIGGER, or a job with exec_prerun, exec_postrun or the exec and
 * external engines: refused before any host is reached), send a file the
 * server asks for (SENDFILE is answered with an error), or let a job
 * write unless the user said --force: fio gets --readonly otherwise, and
 * refuses a write job itself. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fleet/fio_plan.h"
#include "fleet/fioproto.h"
#include "fleet/fleet.h"
#include "i18n.h"
#include "options.h"
#include "output/json.h"
#include "stats/hist.h"
#include "switches.h"
#include "util/clock.h"
#include "util/runctl.h"
#include "util/sigstop.h"
#include "util/status.h"

#define FIO_DEFAULT_PORT 8765
/* From starting the far side to fio's first answer: an ssh session, a
 * login shell's start-up files and fio's own start. */
#define ANSWER_TIMEOUT_MS 60000
#define RETRY_MS 300
#define STOP_GRACE_MS 15000

/* Started with `sh -c WRAPPER blktop-fio FIO PORT`: prints fio's version
 * (our cue that the server is about to listen), then becomes the server.
 * The end of its standard input (we closed it, or the connection is gone)
 * ends the whole process group: the server, its connection and its jobs. */
static const char wrapper[] =
	"exec 3<&0 </dev/null\n"
	"v=$(\"$1\" --version) || exit 127\n"
	"echo \"$v\"\n"
	"( cat <&3 >/dev/null 2>&1; kill -TERM 0 ) >/dev/null 2>&1 &\n"
	"exec 3<&-\n"
	"exec \"$1\" --server=127.0.0.1,\"$2\"\n";

enum phase { PH_WAIT, PH_PROBE, PH_JOB, PH_READY, PH_RUN, PH_END };

struct fio_host {
	struct fleet_host *h;
	unsigned port;
	struct sshproc ctl, data;     /* the server's session; the -W stream */
	bool ctl_on, data_on, released;
	enum phase phase;
	uint16_t version;             /* the one we speak */
	uint16_t tried[8];            /* versions a server hung up on */
	size_t ntried;
	uint64_t retry_at, give_up_at;
	struct fiop_rx rx;
	char ssh_err[256];            /* the -W ssh's last line on stderr */
	size_t errlen;
	char errbuf[256];
	unsigned starts_wanted, starts_seen;
	uint32_t jobs;
	bool quit_sent, got_stop, bad_ts, reconnect;
	uint32_t stop_error;
	struct json *report, *jobs_json; /* fio's JSON layout, from the TS */
	char release[40];             /* "fio-3.33" */
};

/* ---- talking to one host ---- */

static void host_fail(struct fio_host *f, enum host_state st, const char *msg)
{
	if (msg && msg[0])
		snprintf(f->h->message, sizeof(f->h->message), "%s", msg);
	f->h->state = st;
	f->phase = PH_END;
}

static void send_buf(struct fio_host *f, struct fiop_buf *b)
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

static void data_close(struct fio_host *f)
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
static void connect_probe(struct fio_host *f, const struct fleet_job *job)
{
	char fwd[32], err[512];
	struct fiop_buf b = { 0 };
	snprintf(fwd, sizeof(fwd), "127.0.0.1:%u", f->port);
	f->ssh_err[0] = '\0';
	if (sshproc_start_forward(&f->data, job->args->ssh_command, &f->h->addr, fwd, err,
				  sizeof(err))) {
		host_fail(f, HOST_BROKEN, err);
		return;
	}
	f->data_on = true;
	f->phase = PH_PROBE;
	if (fiop_probe(&b, f->version, f->h->addr.host))
		host_fail(f, HOST_BROKEN, _("out of memory"));
	send_buf(f, &b);
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
		r |= fiop_job(&b, f->version, job->jobtext, job->joblen);
		f->starts_wanted++;
	}
	if (r)
		host_fail(f, HOST_BROKEN, _("out of memory"));
	send_buf(f, &b);
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

static bool tried(const struct fio_host *f, uint16_t v)
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
	host_fail(f, HOST_BROKEN, msg);
}

static void refuse_readonly(struct fio_host *f)
{
	host_fail(f, HOST_REFUSED,
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

static void on_cmd(struct fio_host *f, const struct fleet_job *job, const struct fio_plan *p,
		   const struct fiop_cmd *c)
{
	struct fiop_buf b = { 0 };
	char text[512], err[256];

	if (f->phase == PH_PROBE && c->version != f->version) {
		/* A server answers another version with a line in its own
		 * version's header, then hangs up. */
		if (fiop_version_known(c->version) && !tried(f, c->version)) {
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
			host_fail(f, HOST_BROKEN, _("fio's server runs big-endian: blktop reads only "
						    "little-endian servers"));
			break;
		}
		send_job(f, job, p);
		break;
	}
	case FIOP_TEXT:
		if (fiop_parse_text(c, text, sizeof(text)) && text[0]) {
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
				host_fail(f, HOST_BROKEN, _("fio made no job of it"));
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
				host_fail(f, HOST_BROKEN, NULL);
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
		add_ts(f, &ts);
		break;
	}
	case FIOP_SENDFILE: {
		char path[256];
		fiop_parse_sendfile(c, path, sizeof(path));
		if (!fiop_sendfile_refuse(&b, f->version, c->tag, EPERM))
			send_buf(f, &b);
		snprintf(f->h->message, sizeof(f->h->message),
			 _("fio's server asked for the file %s: refused, blktop sends no files"), path);
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
static void read_ssh_err(struct fio_host *f)
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
static bool pump_data(struct fio_host *f, const struct fleet_job *job, const struct fio_plan *p)
{
	uint8_t chunk[65536];
	char err[256];
	read_ssh_err(f);
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
				host_fail(f, HOST_BROKEN, err);
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

/* ---- the server's session ---- */

static void on_ctl_line(void *arg, bool is_err, char *line)
{
	struct fio_host *f = arg;
	if (!line[0])
		return;
	if (is_err) {
		snprintf(f->h->message, sizeof(f->h->message), "%s", line);
	} else if (!f->released) {
		/* The wrapper's first line: fio's version, the server next. */
		snprintf(f->release, sizeof(f->release), "%s", line);
		f->released = true;
	}
}

static void start_server(struct fio_host *f, const struct fleet_job *job)
{
	char port[16], err[512], cmd[2048];
	const char *fio = job->args->remote_fio ? job->args->remote_fio : "fio";
	snprintf(port, sizeof(port), "%u", f->port);
	const char *words[] = { "sh", "-c", wrapper, "blktop-fio", fio, port, NULL };
	if (ssh_quote_argv(words, cmd, sizeof(cmd))) {
		host_fail(f, HOST_BROKEN, _("the command line is too long for ssh"));
		return;
	}
	if (sshproc_start(&f->ctl, job->args->ssh_command, &f->h->addr, cmd, err, sizeof(err))) {
		host_fail(f, HOST_BROKEN, err);
		return;
	}
	f->ctl_on = true;
}

static int exit_code(int st)
{
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return WIFSIGNALED(st) ? BLKTOP_SIGNAL_BASE + WTERMSIG(st) : BLKTOP_FAILED;
}

/* The -W ssh ended: what that means depends on how far we were. */
static void data_ended(struct fio_host *f, const struct cli_args *a, uint64_t now)
{
	for (int i = 0; i < 100 && !sshproc_reap(&f->data); i++)
		sleep_ns(10 * 1000000ULL);
	read_ssh_err(f);
	/* ssh -W says so when the port there takes no connection. */
	bool no_server = strstr(f->ssh_err, "open failed") || strstr(f->ssh_err, "forwarding failed");
	int st = f->data.exited ? exit_code(f->data.status) : BLKTOP_FAILED;
	char msg[512];
	data_close(f);
	switch (f->phase) {
	case PH_PROBE:
		if (no_server && !a->fio_running && now < f->give_up_at) {
			/* Not listening yet: it started a moment ago. */
			f->phase = PH_WAIT;
			f->retry_at = now + RETRY_MS * 1000000ULL;
		} else if (no_server) {
			snprintf(msg, sizeof(msg), _("no fio server listens on 127.0.0.1:%u there (%s)"),
				 f->port, f->ssh_err);
			host_fail(f, HOST_BROKEN, msg);
		} else if (st == 255 && f->ssh_err[0]) {
			host_fail(f, HOST_UNREACHABLE, f->ssh_err);
		} else {
			/* Hung up without a word: try the versions not tried. */
			if (f->ntried < sizeof(f->tried) / sizeof(f->tried[0]))
				f->tried[f->ntried++] = f->version;
			size_t v = 0;
			while (v < fiop_nversions && tried(f, fiop_versions[v]))
				v++;
			if (v < fiop_nversions) {
				f->version = fiop_versions[v];
				f->phase = PH_WAIT;
				f->retry_at = now;
			} else {
				char known[64];
				fiop_versions_text(known, sizeof(known));
				snprintf(msg, sizeof(msg),
					 _("fio's server answered none of the protocol versions blktop "
					   "knows (%s)"),
					 known);
				host_fail(f, HOST_BROKEN, msg);
			}
		}
		break;
	case PH_JOB:
	case PH_READY:
		host_fail(f, HOST_BROKEN, f->h->message[0] ? NULL : f->ssh_err);
		break;
	case PH_RUN:
		f->phase = PH_END;
		f->h->exit_status = (int)f->stop_error;
		if (!f->got_stop) {
			f->h->state = HOST_DROPPED;
			snprintf(f->h->message, sizeof(f->h->message), "%s%s%s",
				 _("the connection to fio's server ended before its report"),
				 f->ssh_err[0] ? ": " : "", f->ssh_err);
		}
		else if (f->bad_ts || f->stop_error)
			f->h->state = HOST_FAILED;
		else
			f->h->state = f->quit_sent ? HOST_STOPPED : HOST_DONE;
		break;
	default:
		break;
	}
}

static void step(struct fio_host *f, const struct fleet_job *job, const struct fio_plan *p,
		 uint64_t now)
{
	const struct cli_args *a = job->args;
	if (f->ctl_on && !f->ctl.exited) {
		bool open = sshproc_pump(&f->ctl, on_ctl_line, f);
		if (!open && sshproc_reap(&f->ctl) && f->phase < PH_RUN) {
			int st = exit_code(f->ctl.status);
			if (st == 255)
				host_fail(f, HOST_UNREACHABLE, NULL);
			else if (st == 127 && !f->released)
				host_fail(f, HOST_BROKEN, _("fio not found there"));
			else if (!f->h->message[0])
				host_fail(f, HOST_BROKEN, _("fio's server ended at once"));
			else
				host_fail(f, HOST_BROKEN, NULL);
		}
	}
	if (f->phase == PH_WAIT) {
		if ((a->fio_running || f->released) && now >= f->retry_at)
			connect_probe(f, job);
	} else if (f->data_on) {
		bool open = pump_data(f, job, p);
		if (f->reconnect) {
			f->reconnect = false;
			data_close(f);
			connect_probe(f, job);
		} else if (!open && f->phase != PH_END) {
			data_ended(f, a, now);
		}
	}
	if (f->phase < PH_READY && now > f->give_up_at) {
		char msg[512];
		snprintf(msg, sizeof(msg), _("no answer from fio's server on 127.0.0.1:%u in %d s%s%s"),
			 f->port, ANSWER_TIMEOUT_MS / 1000, f->ssh_err[0] ? ": " : "", f->ssh_err);
		data_close(f);
		host_fail(f, HOST_BROKEN, msg);
	}
}

/* Polls every live pipe for up to 100 ms (retries are timed, too). */
static void wait_any(struct fio_host *fh, size_t n, struct sigstop *sigs)
{
	struct pollfd *p = calloc(4 * n + 1, sizeof(*p));
	size_t np = 0;
	for (size_t i = 0; p && i < n; i++) {
		const struct fio_host *f = &fh[i];
		int fds[4] = { f->ctl_on && !f->ctl.exited ? f->ctl.out : -1,
			       f->ctl_on && !f->ctl.exited ? f->ctl.err : -1,
			       f->data_on ? f->data.out : -1, f->data_on ? f->data.err : -1 };
		for (int k = 0; k < 4; k++)
			if (fds[k] >= 0)
				p[np++] = (struct pollfd){ fds[k], POLLIN, 0 };
	}
	struct timespec ts = { 0, 100 * 1000000L };
	ppoll(p, np, &ts, &sigs->wait_mask);
	sigstop_take_pending(sigs);
	free(p);
}

static void send_simple(struct fio_host *f, uint16_t opcode)
{
	struct fiop_buf b = { 0 };
	if (!fiop_cmd(&b, f->version, opcode, 0, NULL, 0))
		send_buf(f, &b);
	fiop_buf_free(&b);
}

/* Ends what is left of a host: the stream, then the server's session
 * (the end of its input stops the server we started there). */
static void host_close(struct fio_host *f)
{
	data_close(f);
	if (f->ctl_on) {
		sshproc_close_input(&f->ctl);
		for (int i = 0; i < 300 && !sshproc_reap(&f->ctl); i++) {
			sshproc_pump(&f->ctl, on_ctl_line, f);
			sleep_ns(10 * 1000000ULL);
		}
		sshproc_kill(&f->ctl, 500);
		sshproc_free(&f->ctl);
		f->ctl_on = false;
	}
}

static void make_report(struct fio_host *f)
{
	char *text = NULL, err[256];
	size_t len = 0;
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

static int fio_run_all(const struct fleet_job *job, struct fleet_host *hosts, size_t n,
		       struct runctl *ctl, struct sigstop *sigs, bool *go)
{
	const struct cli_args *a = job->args;
	struct fio_plan plan;
	unsigned base = a->fio_port ? a->fio_port : FIO_DEFAULT_PORT;

	*go = false;
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (job->jobtext && hosts[i].addr.target[0]) {
			fputs(_("blktop: with --driver=fio a job file names its own targets "
				"(HOST=TARGET goes with --run)\n"),
			      stderr);
			return BLKTOP_USAGE;
		}
	if (!a->fio_running && base + n - 1 > 65535) {
		fputs(_("blktop: --fio-port: the hosts' ports would pass 65535\n"), stderr);
		return BLKTOP_USAGE;
	}
	int r = fio_plan_make(job, &plan);
	struct fio_host *fh = r ? NULL : calloc(n, sizeof(*fh));
	if (!fh) {
		fio_plan_free(&plan);
		return r ? r : BLKTOP_FAILED;
	}
	uint64_t now = now_ns();
	for (size_t i = 0; i < n; i++) {
		struct fio_host *f = &fh[i];
		f->h = &hosts[i];
		f->port = a->fio_running ? base : base + (unsigned)i;
		f->version = fiop_versions[0];
		f->give_up_at = now + ANSWER_TIMEOUT_MS * 1000000ULL;
		f->phase = PH_WAIT;
		hosts[i].state = HOST_CHECKING;
		if (!a->fio_running)
			start_server(f, job);
	}
	/* Every host's server takes the job first (fio checks it, and
	 * refuses a write under --readonly); none runs until all have. */
	for (;;) {
		size_t pending = 0;
		now = now_ns();
		for (size_t i = 0; i < n; i++) {
			step(&fh[i], job, &plan, now);
			pending += fh[i].phase < PH_READY;
		}
		if (!pending || runctl_stopped(ctl))
			break;
		wait_any(fh, n, sigs);
	}
	size_t ready = 0;
	for (size_t i = 0; i < n; i++)
		ready += fh[i].phase == PH_READY;
	*go = !runctl_stopped(ctl) && ready && (ready == n || a->hosts_partial);
	for (size_t i = 0; i < n; i++) {
		struct fio_host *f = &fh[i];
		if (f->phase != PH_READY) {
			if (f->phase != PH_END)
				host_fail(f, HOST_BROKEN, NULL);
			continue;
		}
		if (*go) {
			send_simple(f, FIOP_RUN);
			f->phase = PH_RUN;
			f->h->state = HOST_RUNNING;
		} else {
			f->phase = PH_END;
			f->h->state = HOST_NOT_STARTED;
		}
	}
	/* The run: each host's status arrives at its end. A stop asks each
	 * server to end its jobs (QUIT), which then reports as at the end. */
	uint64_t kill_at = 0;
	for (;;) {
		size_t live = 0;
		now = now_ns();
		for (size_t i = 0; i < n; i++) {
			if (fh[i].phase == PH_RUN)
				step(&fh[i], job, &plan, now);
			live += fh[i].phase == PH_RUN;
		}
		if (!live)
			break;
		if (runctl_stopped(ctl) && !kill_at) {
			kill_at = now + STOP_GRACE_MS * 1000000ULL;
			for (size_t i = 0; i < n; i++)
				if (fh[i].phase == PH_RUN && !fh[i].got_stop) {
					send_simple(&fh[i], FIOP_QUIT);
					fh[i].quit_sent = true;
				}
		}
		if (kill_at && now > kill_at) {
			for (size_t i = 0; i < n; i++)
				if (fh[i].phase == PH_RUN)
					data_close(&fh[i]);
			continue;
		}
		wait_any(fh, n, sigs);
	}
	for (size_t i = 0; i < n; i++) {
		host_close(&fh[i]);
		make_report(&fh[i]);
		fiop_rx_free(&fh[i].rx);
	}
	free(fh);
	fio_plan_free(&plan);
	return 0;
}

const struct host_driver host_driver_fio = {
	.name = "fio",
	.run_all = fio_run_all,
};
