/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet.c - --hosts in batch: every host's verdict first (in parallel),
 * then the run on every host at once, each host's output read as it
 * comes; a signal stops every host with its report; then the reports.
 * A host that drops is marked and the rest go on. */
#include "config.h"
#include "fleet/fleet.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fleet/fleet_priv.h"
#include "fleet/fleet_report.h"
#include "i18n.h"
#include "options.h"
#include "output/writer.h"
#include "util/clock.h"
#include "util/runctl.h"
#include "util/sigstop.h"
#include "util/status.h"

/* After a stop, how long a host has to send its report before it is cut. */
#define STOP_GRACE_MS 15000

const char *host_state_name(enum host_state s)
{
	static const char *const names[] = {
		[HOST_CHECKING] = "checking", [HOST_READY] = "ready",
		[HOST_REFUSED] = "refused", [HOST_UNREACHABLE] = "unreachable",
		[HOST_BROKEN] = "broken", [HOST_NOT_STARTED] = "not-started",
		[HOST_RUNNING] = "running", [HOST_DONE] = "done", [HOST_FAILED] = "failed",
		[HOST_STOPPED] = "stopped", [HOST_DROPPED] = "dropped",
	};
	return names[s];
}

static void on_line(void *arg, bool is_err, char *line)
{
	struct fleet_host *h = arg;
	if (is_err) {
		if (line[0])
			snprintf(h->message, sizeof(h->message), "%s", line);
		return;
	}
	if (h->drv->line && h->state == HOST_RUNNING) {
		int r = h->drv->line(h, line);
		if (r == HOST_LINE_LIVE && h->print_live) {
			fleet_live_line(stdout, h);
			fflush(stdout);
		}
		if (r != HOST_LINE_KEEP)
			return;
	}
	size_t n = strlen(line);
	if (h->outlen + n + 2 > h->outcap) {
		size_t cap = h->outcap ? h->outcap * 2 : 65536;
		while (cap < h->outlen + n + 2)
			cap *= 2;
		char *p = realloc(h->out, cap);
		if (!p)
			return;
		h->out = p;
		h->outcap = cap;
	}
	memcpy(h->out + h->outlen, line, n);
	h->outlen += n;
	h->out[h->outlen++] = '\n';
	h->out[h->outlen] = '\0';
}

static void write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		p += w;
		n -= (size_t)w;
	}
}

/* A host whose blktop refused --profile-env: the first of its notes,
 * where its blktop's would have been, says what was not taken and why. */
static void note_no_env(struct fleet_host *h)
{
	char line[512];
	int k = snprintf(line, sizeof(line),
			 _("the profile's environment steps were not taken on this host: its blktop "
			   "(%s) does not take --profile-env (update it); the step ran without them"),
			 h->version[0] ? h->version : _("of unknown version"));
	if (k < 0)
		return;
	size_t len = (size_t)k < sizeof(line) ? (size_t)k : sizeof(line) - 1;
	h->notes = malloc(len + 2);
	if (!h->notes)
		return;
	memcpy(h->notes, line, len);
	h->notes[len] = '\n';
	h->notes[len + 1] = '\0';
	h->notes_len = len + 1;
}

int fleet_start_host(const struct fleet_job *job, struct fleet_host *h, bool check)
{
	char err[512];
	size_t len = (size_t)256 * 1024;
	char *cmd = malloc(len);
	if (!cmd)
		return -1;
	free(h->out);
	h->out = NULL;
	h->outlen = h->outcap = 0;
	free(h->notes);
	h->notes = NULL;
	h->notes_len = 0;
	jv_free(h->report);
	h->report = NULL;
	h->message[0] = '\0';
	if (h->no_profile_env && job->args->profile_env)
		note_no_env(h);
	int r = h->drv->command(job, h, check, cmd, len, err, sizeof(err));
	if (!r)
		r = sshproc_start(&h->proc, job->args->ssh_command, &h->addr, cmd, err, sizeof(err));
	free(cmd);
	if (r) {
		snprintf(h->message, sizeof(h->message), "%s", err);
		h->state = HOST_BROKEN;
		return -1;
	}
	h->started = true;
	h->state = check ? HOST_CHECKING : HOST_RUNNING;
	/* A job file is small; the far side reads it before anything else,
	 * so this write does not wait on the job. */
	if (job->jobtext)
		write_all(h->proc.in, job->jobtext, job->joblen);
	return 0;
}

static int decode_status(int st)
{
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return BLKTOP_SIGNAL_BASE + WTERMSIG(st);
	return BLKTOP_FAILED;
}

size_t fleet_pump_once(const struct fleet_job *job, struct fleet_host *hosts, size_t n, bool check,
		       struct pollfd *p, size_t *np)
{
	size_t live = 0;
	*np = 0;
	for (size_t i = 0; i < n; i++) {
		struct fleet_host *h = &hosts[i];
		if (!h->started || h->proc.exited)
			continue;
		bool open = sshproc_pump(&h->proc, on_line, h);
		if (!open && sshproc_reap(&h->proc)) {
			h->exit_status = decode_status(h->proc.status);
			sshproc_free(&h->proc);
			h->drv->finish(h, check);
			/* The driver wants the check again (without what the
			 * far side refused): a host still going. */
			if (!(check && h->state == HOST_CHECKING && !fleet_start_host(job, h, true)))
				continue;
		}
		live++;
		if (h->proc.out >= 0)
			p[(*np)++] = (struct pollfd){ h->proc.out, POLLIN, 0 };
		if (h->proc.err >= 0)
			p[(*np)++] = (struct pollfd){ h->proc.err, POLLIN, 0 };
	}
	return live;
}

/* Reads every started host until all have ended. A stop (signal) closes
 * every host's stdin once; a host that does not end STOP_GRACE_MS later
 * is killed. */
static void pump_all(const struct fleet_job *job, struct fleet_host *hosts, size_t n,
		     struct runctl *ctl, struct sigstop *sigs, bool check)
{
	bool stopping = false;
	uint64_t kill_at = 0;
	struct pollfd *p = calloc(2 * n + 1, sizeof(*p));
	if (!p)
		return;
	for (;;) {
		size_t np;
		if (!fleet_pump_once(job, hosts, n, check, p, &np))
			break;
		if (runctl_stopped(ctl) && !stopping) {
			stopping = true;
			kill_at = now_ns() + STOP_GRACE_MS * 1000000ULL;
			for (size_t i = 0; i < n; i++)
				if (hosts[i].started && !hosts[i].proc.exited)
					sshproc_close_input(&hosts[i].proc);
		}
		if (stopping && now_ns() > kill_at) {
			for (size_t i = 0; i < n; i++)
				if (hosts[i].started && !hosts[i].proc.exited)
					sshproc_kill(&hosts[i].proc, 500);
			continue;
		}
		/* Both pipes closed but not yet reaped: poll nothing, briefly. */
		struct timespec ts = { 0, 100 * 1000000L };
		ppoll(p, np, &ts, &sigs->wait_mask);
		sigstop_take_pending(sigs);
	}
	free(p);
}

static int read_jobfile(struct fleet_job *job)
{
	const char *path = job->args->jobfile;
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, _("blktop: cannot read %s: %s\n"), path, strerror(errno));
		return BLKTOP_USAGE;
	}
	size_t cap = 0;
	char chunk[65536];
	size_t r;
	while ((r = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (job->joblen + r > cap) {
			cap = (job->joblen + r) * 2;
			char *p = realloc(job->jobtext, cap);
			if (!p) {
				fclose(f);
				return BLKTOP_FAILED;
			}
			job->jobtext = p;
		}
		memcpy(job->jobtext + job->joblen, chunk, r);
		job->joblen += r;
	}
	fclose(f);
	if (!job->jobtext)
		job->jobtext = calloc(1, 1);
	return 0;
}

static int check_usage(const struct cli_args *a, const struct host_addr *addr, size_t n)
{
	bool procedure = a->mode == MODE_PROFILE || a->mode == MODE_SUITE || a->mode == MODE_SWEEP;
	if (a->mode != MODE_RUN && a->mode != MODE_JOBFILE && !procedure) {
		fputs(_("blktop: --hosts goes with --run, --job, --profile, --suite or --sweep\n"),
		      stderr);
		return BLKTOP_USAGE;
	}
	bool own_target = a->target_argi || a->job.filename[0] || a->job.directory[0] ||
			  a->scratch || a->mode == MODE_JOBFILE;
	for (size_t i = 0; i < n && !own_target; i++)
		if (!addr[i].target[0]) {
			fprintf(stderr,
				_("blktop: no target for host %s: name TARGET, or give each host its "
				  "own (--hosts=%s=vdc)\n"),
				addr[i].label, addr[i].label);
			return BLKTOP_USAGE;
		}
	return 0;
}

/* The far sides that are blktops: every verdict first, then the run.
 * True when the job started. */
static bool verdicts_then_run(const struct fleet_job *job, struct fleet_host *hosts, size_t n,
			      struct runctl *ctl, struct sigstop *sigs)
{
	/* Every verdict first: a host that refuses refuses alone, and the
	 * others do not start unless --hosts-partial says so. */
	for (size_t i = 0; i < n; i++)
		fleet_start_host(job, &hosts[i], true);
	pump_all(job, hosts, n, ctl, sigs, true);
	size_t ready = 0;
	for (size_t i = 0; i < n; i++)
		ready += hosts[i].state == HOST_READY;
	bool go = !runctl_stopped(ctl) && ready && (ready == n || job->args->hosts_partial);
	for (size_t i = 0; i < n; i++) {
		if (hosts[i].state != HOST_READY)
			continue;
		if (go)
			fleet_start_host(job, &hosts[i], false);
		else
			hosts[i].state = HOST_NOT_STARTED;
	}
	if (go)
		pump_all(job, hosts, n, ctl, sigs, false);
	return go;
}

/* A driver that runs every host itself: its steps until every host has
 * ended, waiting on its pipes in between (at most 100 ms: a stop is seen
 * at once, and a step may have timed work). */
static int run_session(const struct fleet_job *job, struct fleet_host *hosts, size_t n,
		       struct runctl *ctl, struct sigstop *sigs, bool *go)
{
	const struct host_driver *drv = hosts[0].drv;
	struct fleet_session *s;
	int status = drv->open_all(job, hosts, n, &s);
	if (status)
		return status;
	struct pollfd *p = calloc(FLEET_SESSION_FDS * n + 1, sizeof(*p));
	for (;;) {
		struct fleet_progress pr;
		size_t np = 0;
		size_t live = drv->step_all(s, runctl_stopped(ctl), p, &np, &pr);
		*go = pr.go;
		if (!live || !p)
			break;
		uint64_t now = now_ns(), left = 100 * 1000000ULL;
		if (pr.wake_ns && pr.wake_ns < now + left)
			left = pr.wake_ns > now ? pr.wake_ns - now : 0;
		struct timespec ts = { 0, (long)left };
		ppoll(p, np, &ts, &sigs->wait_mask);
		sigstop_take_pending(sigs);
	}
	drv->close_all(s);
	status = p ? 0 : BLKTOP_FAILED;
	free(p);
	return status;
}

int fleet_setup(const struct cli_args *args, int argc, char **argv, struct fleet_job *job,
		struct fleet_host **hostsp, size_t *np)
{
	struct host_addr *addr = NULL;
	size_t n = 0;
	char err[1024];
	*job = (struct fleet_job){ .args = args, .argc = argc, .argv = argv,
				   .jobfile_argi = args->jobfile_argi };

	if (hosts_parse(args->hosts, &addr, &n, err, sizeof(err))) {
		fprintf(stderr, "blktop: %s\n", err);
		return BLKTOP_USAGE;
	}
	int status = check_usage(args, addr, n);
	if (!status && args->mode == MODE_JOBFILE)
		status = read_jobfile(job);
	struct fleet_host *hosts = status ? NULL : calloc(n, sizeof(*hosts));
	if (!hosts) {
		free(addr);
		free(job->jobtext);
		job->jobtext = NULL;
		return status ? status : BLKTOP_FAILED;
	}
	for (size_t i = 0; i < n; i++) {
		hosts[i].addr = addr[i];
		hosts[i].drv = args->fio_driver ? &host_driver_fio : &host_driver_blktop;
		/* The far sides' intervals as they come, when asked for. */
		hosts[i].print_live = args->batch && args->format == OUTPUT_NORMAL &&
				      job_option_given(&args->job, "status-interval");
		hosts[i].proc.pid = -1;
		hosts[i].proc.in = hosts[i].proc.out = hosts[i].proc.err = -1;
	}
	free(addr);
	*hostsp = hosts;
	*np = n;
	return 0;
}

void fleet_free(struct fleet_job *job, struct fleet_host *hosts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		sshproc_kill(&hosts[i].proc, 500);
		sshproc_free(&hosts[i].proc);
		free(hosts[i].out);
		free(hosts[i].notes);
		jv_free(hosts[i].report);
		host_live_free(&hosts[i].live);
	}
	free(hosts);
	free(job->jobtext);
}

bool fleet_run_hosts(const struct fleet_job *job, struct fleet_host *hosts, size_t n,
		     struct runctl *ctl, struct sigstop *sigs, int *status)
{
	bool go = false;
	*status = 0;
	if (hosts[0].drv->open_all)
		*status = run_session(job, hosts, n, ctl, sigs, &go);
	else
		go = verdicts_then_run(job, hosts, n, ctl, sigs);
	return go;
}

int fleet_main(const struct cli_args *args, int argc, char **argv)
{
	if (args->mode == MODE_PROFILE || args->mode == MODE_SUITE || args->mode == MODE_SWEEP)
		return fleet_proc_main(args, argc, argv);
	struct fleet_job job;
	struct fleet_host *hosts;
	size_t n;
	int status = fleet_setup(args, argc, argv, &job, &hosts, &n);
	if (status)
		return status;

	struct runctl ctl;
	struct sigstop sigs;
	runctl_init(&ctl, NULL);
	sigstop_install(&sigs, &ctl, false);
	sigstop_block(&sigs, 0);

	bool go = fleet_run_hosts(&job, hosts, n, &ctl, &sigs, &status);

	struct writer w;
	if (!status)
		status = writer_open(&w, args->output_file);
	if (!status) {
		if (args->format == OUTPUT_JSON)
			fleet_report_json(w.f, hosts, n);
		else
			fleet_report_normal(w.f, hosts, n, go);
		status = writer_close(&w, fleet_status(hosts, n));
	}
	if (runctl_signo(&ctl))
		status = BLKTOP_SIGNAL_BASE + runctl_signo(&ctl);
	sigstop_end(&sigs);
	fleet_free(&job, hosts, n);
	return status;
}
