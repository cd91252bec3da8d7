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

/* Ends what is left of a host: the stream, then the server's session
 * (the end of its input stops the server we started there). */
static void host_close(struct fio_host *f)
{
	fioh_data_close(f);
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

static int fio_run_all(const struct fleet_job *job, struct fleet_host *hosts, size_t n,
		       struct runctl *ctl, struct sigstop *sigs, bool *go)
{
	const struct cli_args *a = job->args;
	struct fio_plan plan;
	unsigned base = a->fio_port ? a->fio_port : FIO_DEFAULT_PORT;

	*go = false;
	if (!n)
		return 0;
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
				fioh_fail(f, HOST_BROKEN, NULL);
			continue;
		}
		if (*go) {
			fioh_send_simple(f, FIOP_RUN);
			/* Live figures every --status-interval, or every second
			 * (the screen's refresh). */
			f->run_start = now_ns();
			f->eta_interval = (a->job.status_interval_ms ? a->job.status_interval_ms
								     : 1000) * 1000000ULL;
			f->eta_next = f->run_start + f->eta_interval;
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
			fioh_ask_eta(&fh[i], now);
			live += fh[i].phase == PH_RUN;
		}
		if (!live)
			break;
		if (runctl_stopped(ctl) && !kill_at) {
			kill_at = now + STOP_GRACE_MS * 1000000ULL;
			for (size_t i = 0; i < n; i++)
				if (fh[i].phase == PH_RUN && !fh[i].got_stop) {
					fioh_send_simple(&fh[i], FIOP_QUIT);
					fh[i].quit_sent = true;
				}
		}
		if (kill_at && now > kill_at) {
			for (size_t i = 0; i < n; i++)
				if (fh[i].phase == PH_RUN)
					fioh_data_close(&fh[i]);
			continue;
		}
		wait_any(fh, n, sigs);
	}
	for (size_t i = 0; i < n; i++) {
		host_close(&fh[i]);
		fioh_make_report(&fh[i]);
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
