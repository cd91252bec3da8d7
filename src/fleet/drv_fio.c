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
 * refuses a write job itself. This file starts the servers and runs the
 * fleet; drv_fio_host.c holds the conversation with each. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fleet/drv_fio.h"
#include "i18n.h"
#include "options.h"
#include "util/clock.h"
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
		fioh_fail(f, HOST_BROKEN, _("the command line is too long for ssh"));
		return;
	}
	if (sshproc_start(&f->ctl, job->args->ssh_command, &f->h->addr, cmd, err, sizeof(err))) {
		fioh_fail(f, HOST_BROKEN, err);
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
	fioh_read_ssh_err(f);
	/* ssh -W says so when the port there takes no connection. */
	bool no_server = strstr(f->ssh_err, "open failed") || strstr(f->ssh_err, "forwarding failed");
	int st = f->data.exited ? exit_code(f->data.status) : BLKTOP_FAILED;
	char msg[512];
	fioh_data_close(f);
	switch (f->phase) {
	case PH_PROBE:
		if (no_server && !a->fio_running && now < f->give_up_at) {
			/* Not listening yet: it started a moment ago. */
			f->phase = PH_WAIT;
			f->retry_at = now + RETRY_MS * 1000000ULL;
		} else if (no_server) {
			snprintf(msg, sizeof(msg), _("no fio server listens on 127.0.0.1:%u there (%s)"),
				 f->port, f->ssh_err);
			fioh_fail(f, HOST_BROKEN, msg);
		} else if (st == 255 && f->ssh_err[0]) {
			fioh_fail(f, HOST_UNREACHABLE, f->ssh_err);
		} else {
			/* Hung up without a word: try the versions not tried. */
			if (f->ntried < sizeof(f->tried) / sizeof(f->tried[0]))
				f->tried[f->ntried++] = f->version;
			size_t v = 0;
			while (v < fiop_nversions && fioh_tried(f, fiop_versions[v]))
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
				fioh_fail(f, HOST_BROKEN, msg);
			}
		}
		break;
	case PH_JOB:
	case PH_READY:
		fioh_fail(f, HOST_BROKEN, f->h->message[0] ? NULL : f->ssh_err);
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
				fioh_fail(f, HOST_UNREACHABLE, NULL);
			else if (st == 127 && !f->released)
				fioh_fail(f, HOST_BROKEN, _("fio not found there"));
			else if (!f->h->message[0])
				fioh_fail(f, HOST_BROKEN, _("fio's server ended at once"));
			else
				fioh_fail(f, HOST_BROKEN, NULL);
		}
	}
	if (f->phase == PH_WAIT) {
		if ((a->fio_running || f->released) && now >= f->retry_at)
			fioh_connect_probe(f, job);
	} else if (f->data_on) {
		bool open = fioh_pump_data(f, job, p);
		if (f->reconnect) {
			f->reconnect = false;
			fioh_data_close(f);
			fioh_connect_probe(f, job);
		} else if (!open && f->phase != PH_END) {
			data_ended(f, a, now);
		}
	}
	if (f->phase < PH_READY && now > f->give_up_at) {
		char msg[512];
		snprintf(msg, sizeof(msg), _("no answer from fio's server on 127.0.0.1:%u in %d s%s%s"),
			 f->port, ANSWER_TIMEOUT_MS / 1000, f->ssh_err[0] ? ": " : "", f->ssh_err);
		fioh_data_close(f);
		fioh_fail(f, HOST_BROKEN, msg);
	}
}

/* What a host waits on: the server's session, the -W stream. */
static size_t host_fds(const struct fio_host *f, struct pollfd *p)
{
	size_t np = 0;
	int fds[FLEET_SESSION_FDS] = { f->ctl_on && !f->ctl.exited ? f->ctl.out : -1,
				       f->ctl_on && !f->ctl.exited ? f->ctl.err : -1,
				       f->data_on ? f->data.out : -1, f->data_on ? f->data.err : -1 };
	for (int k = 0; k < FLEET_SESSION_FDS; k++)
		if (fds[k] >= 0)
			p[np++] = (struct pollfd){ fds[k], POLLIN, 0 };
	return np;
}

/* Ends what is left of the hosts: their streams, then their servers'
 * sessions (the end of its input stops a server we started there), all
 * told at once and then waited for together. */
static void hosts_close(struct fio_host *fh, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fioh_data_close(&fh[i]);
		if (fh[i].ctl_on)
			sshproc_close_input(&fh[i].ctl);
	}
	for (int t = 0; t < 300; t++) {
		bool left = false;
		for (size_t i = 0; i < n; i++) {
			if (!fh[i].ctl_on || sshproc_reap(&fh[i].ctl))
				continue;
			sshproc_pump(&fh[i].ctl, on_ctl_line, &fh[i]);
			left = true;
		}
		if (!left)
			break;
		sleep_ns(10 * 1000000ULL);
	}
	for (size_t i = 0; i < n; i++) {
		if (!fh[i].ctl_on)
			continue;
		sshproc_kill(&fh[i].ctl, 500);
		sshproc_free(&fh[i].ctl);
		fh[i].ctl_on = false;
	}
}

/* The fleet under --driver=fio, a step at a time: the batch's loop and
 * the screen's both drive it. */
struct fleet_session {
	const struct fleet_job *job;
	struct fio_plan plan;
	struct fio_host *fh;
	size_t n;
	enum { ST_INIT, ST_SETUP, ST_RUN, ST_DONE } stage;
	bool go;
	uint64_t kill_at;            /* a stopped host not ended then is cut */
};

static int fio_open_all(const struct fleet_job *job, struct fleet_host *hosts, size_t n,
			struct fleet_session **sp)
{
	const struct cli_args *a = job->args;
	unsigned base = a->fio_port ? a->fio_port : FIO_DEFAULT_PORT;
	*sp = NULL;
	if (!a->fio_running && base + n - 1 > 65535) {
		fputs(_("blktop: --fio-port: the hosts' ports would pass 65535\n"), stderr);
		return BLKTOP_USAGE;
	}
	struct fleet_session *s = calloc(1, sizeof(*s));
	if (!s)
		return BLKTOP_FAILED;
	int r = fio_plan_make(job, &s->plan);
	s->fh = r ? NULL : calloc(n ? n : 1, sizeof(*s->fh));
	if (!s->fh) {
		fio_plan_free(&s->plan);
		free(s);
		return r ? r : BLKTOP_FAILED;
	}
	s->job = job;
	s->n = n;
	for (size_t i = 0; i < n; i++) {
		struct fio_host *f = &s->fh[i];
		f->h = &hosts[i];
		f->port = a->fio_running ? base : base + (unsigned)i;
		f->version = fiop_versions[0];
		f->phase = PH_WAIT;
	}
	*sp = s;
	return 0;
}

static void start_all(struct fleet_session *s, uint64_t now)
{
	for (size_t i = 0; i < s->n; i++) {
		struct fio_host *f = &s->fh[i];
		f->give_up_at = now + ANSWER_TIMEOUT_MS * 1000000ULL;
		f->h->state = HOST_CHECKING;
		if (!s->job->args->fio_running)
			start_server(f, s->job);
	}
	s->stage = ST_SETUP;
}

/* Every host's server took the job (fio checks it, and refuses a write
 * under --readonly), or failed, or we were stopped: all run, or none. */
static void start_run(struct fleet_session *s, bool stop)
{
	const struct cli_args *a = s->job->args;
	size_t ready = 0;
	for (size_t i = 0; i < s->n; i++)
		ready += s->fh[i].phase == PH_READY;
	s->go = !stop && ready && (ready == s->n || a->hosts_partial);
	/* Live figures every --status-interval, else at the screen's refresh
	 * (-d), else every second: the server's status comes as often. */
	uint64_t interval = fio_plan_interval_ms(a);
	for (size_t i = 0; i < s->n; i++) {
		struct fio_host *f = &s->fh[i];
		if (f->phase != PH_READY) {
			if (f->phase != PH_END)
				fioh_fail(f, HOST_BROKEN, NULL);
			continue;
		}
		if (s->go) {
			fioh_send_simple(f, FIOP_RUN);
			f->run_start = now_ns();
			f->eta_interval = interval * 1000000ULL;
			f->eta_next = f->run_start + f->eta_interval;
			f->phase = PH_RUN;
			f->h->state = HOST_RUNNING;
		} else {
			f->phase = PH_END;
			f->h->state = HOST_NOT_STARTED;
		}
	}
	s->stage = ST_RUN;
}

static uint64_t earliest(uint64_t a, uint64_t b)
{
	return !a || (b && b < a) ? b : a;
}

/* The run: each host's status arrives at its end. A stop asks each
 * server to end its jobs (QUIT), which then report as at the end; a
 * server that has not ended STOP_GRACE_MS later is cut, dropped. */
static size_t run_step(struct fleet_session *s, bool stop, uint64_t now)
{
	size_t live = 0;
	for (size_t i = 0; i < s->n; i++) {
		struct fio_host *f = &s->fh[i];
		if (f->phase == PH_RUN) {
			step(f, s->job, &s->plan, now);
			/* Its report as soon as it ended: the screen shows it. */
			if (f->phase == PH_END)
				fioh_make_report(f);
		}
		fioh_ask_eta(f, now);
		live += f->phase == PH_RUN;
	}
	if (live && stop && !s->kill_at) {
		s->kill_at = now + STOP_GRACE_MS * 1000000ULL;
		for (size_t i = 0; i < s->n; i++)
			if (s->fh[i].phase == PH_RUN && !s->fh[i].got_stop) {
				fioh_send_simple(&s->fh[i], FIOP_QUIT);
				s->fh[i].quit_sent = true;
			}
	}
	if (live && s->kill_at && now > s->kill_at) {
		for (size_t i = 0; i < s->n; i++) {
			struct fio_host *f = &s->fh[i];
			if (f->phase != PH_RUN)
				continue;
			fioh_data_close(f);
			f->phase = PH_END;
			f->h->state = HOST_DROPPED;
			snprintf(f->h->message, sizeof(f->h->message),
				 _("fio's server sent no report %d s after the stop"),
				 STOP_GRACE_MS / 1000);
		}
		live = 0;
	}
	return live;
}

static size_t fio_step_all(struct fleet_session *s, bool stop, struct pollfd *p, size_t *np,
			   struct fleet_progress *pr)
{
	uint64_t now = now_ns(), wake = 0;
	size_t going = 0;
	if (s->stage == ST_INIT)
		start_all(s, now);
	if (s->stage == ST_SETUP) {
		size_t pending = 0;
		for (size_t i = 0; i < s->n; i++) {
			step(&s->fh[i], s->job, &s->plan, now);
			pending += s->fh[i].phase < PH_READY;
		}
		if (!pending || stop)
			start_run(s, stop);
		going = pending;
	}
	if (s->stage == ST_RUN) {
		going = run_step(s, stop, now);
		if (!going) {
			hosts_close(s->fh, s->n);
			for (size_t i = 0; i < s->n; i++)
				fioh_make_report(&s->fh[i]);
			s->stage = ST_DONE;
		}
	}
	*np = 0;
	for (size_t i = 0; s->stage != ST_DONE && i < s->n; i++) {
		const struct fio_host *f = &s->fh[i];
		*np += host_fds(f, p + *np);
		/* Retries, a server's time to answer, the next ETA. */
		if (f->phase == PH_WAIT)
			wake = earliest(wake, f->retry_at);
		if (f->phase < PH_READY)
			wake = earliest(wake, now + 100 * 1000000ULL);
		if (f->phase == PH_RUN && !f->eta_pending)
			wake = earliest(wake, f->eta_next);
		if (f->phase == PH_RUN && f->eta_pending && f->h->live.intervals)
			wake = earliest(wake, f->eta_sent_at + fioh_eta_stale_ns(f) + 1);
	}
	if (s->stage == ST_RUN)
		wake = earliest(wake, s->kill_at);
	pr->checking = s->stage <= ST_SETUP;
	pr->go = s->go;
	pr->wake_ns = wake;
	return going;
}

static void fio_close_all(struct fleet_session *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		struct fio_host *f = &s->fh[i];
		if (f->phase == PH_RUN) {
			f->h->state = HOST_DROPPED;
			snprintf(f->h->message, sizeof(f->h->message), "%s",
				 _("left before fio's server sent its report"));
		}
	}
	if (s->stage != ST_DONE) {
		hosts_close(s->fh, s->n);
		for (size_t i = 0; i < s->n; i++)
			fioh_make_report(&s->fh[i]);
	}
	for (size_t i = 0; i < s->n; i++) {
		fiop_rx_free(&s->fh[i].rx);
		free(s->fh[i].plat);
	}
	free(s->fh);
	fio_plan_free(&s->plan);
	free(s);
}

const struct host_driver host_driver_fio = {
	.name = "fio",
	.open_all = fio_open_all,
	.step_all = fio_step_all,
	.close_all = fio_close_all,
	.rates_only = true,
	.no_cpu_irq = true,
};
