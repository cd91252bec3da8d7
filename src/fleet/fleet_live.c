/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_live.c - the fleet's collector for the screen: the batch fleet's
 * verdicts-then-run as a state machine the screen's loop steps, and the
 * fleet's totals of the last interval, whose percentiles come from the
 * hosts' interval histograms merged (never from averaging percentiles). */
#include "config.h"
#include "fleet/fleet_live.h"

#include <stdlib.h>
#include <string.h>

#include "fleet/fleet_priv.h"
#include "fleet/fleet_report.h"
#include "util/clock.h"

/* After a stop, how long a host has to send its report before it is cut. */
#define LIVE_STOP_GRACE_MS 15000

void host_live_free(struct host_live *l)
{
	for (int d = 0; d < 2; d++) {
		free(l->bins[d]);
		l->bins[d] = NULL;
		l->nbins[d] = 0;
	}
	free(l->cpus);
	l->cpus = NULL;
	l->ncpus = 0;
	free(l->irqs);
	l->irqs = NULL;
	l->nirqs = 0;
}

static bool host_has_live(const struct fleet_host *h)
{
	return h->state == HOST_RUNNING && h->live.intervals;
}

void fleet_live_total(const struct fleet_host *hosts, size_t n, struct host_live *total,
		      size_t *n_in)
{
	struct fleet_dir dir[2];
	size_t in = 0;
	memset(dir, 0, sizeof(dir));
	host_live_free(total);
	memset(total, 0, sizeof(*total));
	for (size_t i = 0; i < n; i++) {
		const struct host_live *l = &hosts[i].live;
		if (!host_has_live(&hosts[i]))
			continue;
		in++;
		total->intervals = total->intervals > l->intervals ? total->intervals
								   : l->intervals;
		total->errors += l->errors;
		for (int d = 0; d < 2; d++) {
			total->iops[d] += l->iops[d];
			total->bw_bytes[d] += l->bw_bytes[d];
			/* A host with I/O but no histogram leaves the fleet
			 * without percentiles rather than with wrong ones. */
			if (l->iops[d] > 0 && !l->nbins[d])
				dir[d].missing_bins = true;
			fleet_dir_add_bins(&dir[d], l->bins[d], l->nbins[d]);
		}
	}
	for (int d = 0; d < 2; d++) {
		uint64_t pct[FLEET_NPCTS];
		total->has_pct[d] = fleet_percentiles(&dir[d], pct);
		if (total->has_pct[d]) {
			total->p50[d] = pct[FLEET_PCT_P50];
			total->p99[d] = pct[FLEET_PCT_P99];
			total->p999[d] = pct[FLEET_PCT_P999];
		}
		free(dir[d].bins);
	}
	if (n_in)
		*n_in = in;
}

int fleet_live_open(struct fleet_live *f, const struct cli_args *args, int argc, char **argv)
{
	memset(f, 0, sizeof(*f));
	int status = fleet_setup(args, argc, argv, &f->job, &f->hosts, &f->n);
	if (status)
		return status;
	/* The job is checked here, before the screen and any host. */
	const struct host_driver *drv = f->hosts[0].drv;
	if (drv->open_all)
		status = drv->open_all(&f->job, f->hosts, f->n, &f->session);
	f->pfd = status ? NULL : calloc(FLEET_SESSION_FDS * f->n, sizeof(*f->pfd));
	if (!f->pfd) {
		fleet_free(&f->job, f->hosts, f->n);
		f->hosts = NULL;
		return status ? status : 1;
	}
	return 0;
}

int fleet_live_attach(struct fleet_live *f, const struct fleet_job *job, struct fleet_host *hosts,
		      size_t n)
{
	memset(f, 0, sizeof(*f));
	f->job = *job;
	f->hosts = hosts;
	f->n = n;
	f->attached = true;
	int status = 0;
	if (hosts[0].drv->open_all)
		status = hosts[0].drv->open_all(&f->job, hosts, n, &f->session);
	f->pfd = status ? NULL : calloc(FLEET_SESSION_FDS * n, sizeof(*f->pfd));
	if (!f->pfd) {
		fleet_live_detach(f);
		return status ? status : 1;
	}
	return 0;
}

void fleet_live_detach(struct fleet_live *f)
{
	fleet_live_end(f);
	free(f->pfd);
	memset(f, 0, sizeof(*f));
	f->ended = true;
}

void fleet_live_start(struct fleet_live *f)
{
	/* Every verdict first, as --batch: a host that refuses refuses
	 * alone, and the others do not start unless --hosts-partial. */
	f->checking = true;
	for (size_t i = 0; !f->session && i < f->n; i++)
		fleet_start_host(&f->job, &f->hosts[i], true);
	fleet_live_step(f);
}

static uint64_t signature(const struct fleet_live *f, bool figures)
{
	uint64_t s = (uint64_t)f->checking * 3 + (uint64_t)f->go * 5 + (uint64_t)f->ended * 7;
	for (size_t i = 0; i < f->n; i++) {
		const struct fleet_host *h = &f->hosts[i];
		s = s * 1000003u + (uint64_t)h->state * 131u + (unsigned char)h->version[0] +
		    (unsigned char)h->message[0] + (figures ? h->live.intervals : 0);
	}
	return s;
}

static void start_run(struct fleet_live *f)
{
	size_t ready = 0;
	f->checking = false;
	for (size_t i = 0; i < f->n; i++)
		ready += f->hosts[i].state == HOST_READY;
	f->go = !f->stopping && ready && (ready == f->n || f->job.args->hosts_partial);
	for (size_t i = 0; i < f->n; i++) {
		if (f->hosts[i].state != HOST_READY)
			continue;
		if (f->go)
			fleet_start_host(&f->job, &f->hosts[i], false);
		else
			f->hosts[i].state = HOST_NOT_STARTED;
	}
}

/* A host that ended with a report: its whole run's percentiles, which
 * the screen shows where a driver gives none live. */
static void take_final(struct fleet_host *h)
{
	struct fleet_sum sum;
	if (h->final_taken || h->state == HOST_RUNNING || !h->report)
		return;
	h->final_taken = true;
	memset(&sum, 0, sizeof(sum));
	fleet_sum_add(&sum, h->report);
	for (int d = 0; d < 2; d++) {
		uint64_t pct[FLEET_NPCTS];
		h->final_ios[d] = (double)sum.dir[d].ios;
		h->final_pct[d] = sum.dir[d].ios && fleet_percentiles(&sum.dir[d], pct);
		if (h->final_pct[d]) {
			h->final_p50[d] = pct[FLEET_PCT_P50];
			h->final_p99[d] = pct[FLEET_PCT_P99];
			h->final_p999[d] = pct[FLEET_PCT_P999];
		}
	}
	fleet_sum_free(&sum);
}

static void step_session(struct fleet_live *f)
{
	struct fleet_progress pr;
	size_t live = f->hosts[0].drv->step_all(f->session, f->stopping, f->pfd, &f->npfd, &pr);
	f->checking = pr.checking;
	f->go = pr.go;
	f->wake_ns = pr.wake_ns;
	if (!live) {
		f->ended = true;
		f->npfd = 0;
		f->wake_ns = 0;
	}
}

int fleet_live_step(struct fleet_live *f)
{
	uint64_t state = f->sig_state, figs = f->sig_figs;
	if (!f->ended && f->session) {
		step_session(f);
	} else if (!f->ended) {
		size_t live = fleet_pump_once(&f->job, f->hosts, f->n, f->checking, f->pfd, &f->npfd);
		if (!live && f->checking) {
			start_run(f);
			live = fleet_pump_once(&f->job, f->hosts, f->n, false, f->pfd, &f->npfd);
		}
		if (!live) {
			f->ended = true;
			f->npfd = 0;
		} else if (f->stopping && now_ns() > f->kill_at_ns) {
			for (size_t i = 0; i < f->n; i++)
				if (f->hosts[i].started && !f->hosts[i].proc.exited)
					sshproc_kill(&f->hosts[i].proc, 500);
		}
	}
	for (size_t i = 0; i < f->n; i++)
		take_final(&f->hosts[i]);
	f->sig_state = signature(f, false);
	f->sig_figs = signature(f, true);
	return (f->sig_state != state ? FLEET_CHANGED_STATE : 0) |
	       (f->sig_figs != figs ? FLEET_CHANGED_FIGURES : 0);
}

void fleet_live_stop(struct fleet_live *f)
{
	if (f->stopping)
		return;
	f->stopping = true;
	f->kill_at_ns = now_ns() + LIVE_STOP_GRACE_MS * 1000000ULL;
	for (size_t i = 0; i < f->n; i++)
		if (f->hosts[i].started && !f->hosts[i].proc.exited)
			sshproc_close_input(&f->hosts[i].proc);
}

void fleet_live_end(struct fleet_live *f)
{
	/* Every ssh still there is killed: no far side outlives us. */
	for (size_t i = 0; i < f->n; i++) {
		struct fleet_host *h = &f->hosts[i];
		if (h->started && !h->proc.exited) {
			sshproc_kill(&h->proc, 500);
			if (h->state == HOST_RUNNING)
				h->state = HOST_DROPPED;
		}
	}
	if (f->session) {
		f->hosts[0].drv->close_all(f->session);
		f->session = NULL;
	}
	f->ended = true;
	f->npfd = 0;
}

void fleet_live_close(struct fleet_live *f)
{
	if (f->attached) {
		fleet_live_detach(f);
		return;
	}
	if (f->session)
		f->hosts[0].drv->close_all(f->session);
	if (f->hosts)
		fleet_free(&f->job, f->hosts, f->n);
	free(f->pfd);
	memset(f, 0, sizeof(*f));
}
