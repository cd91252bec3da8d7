/* SPDX-License-Identifier: GPL-2.0-or-later */
/* drv_fio.h - what drv_fio.c (the servers' sessions, the fleet's run) and
 * drv_fio_host.c (the conversation with one server) share: one host's
 * state under --driver=fio. Private to those two files. */
#ifndef BLKTOP_FLEET_DRV_FIO_H
#define BLKTOP_FLEET_DRV_FIO_H

#include <stdbool.h>
#include <stdint.h>

#include "fleet/fio_plan.h"
#include "fleet/fioproto.h"
#include "fleet/fleet.h"

struct json;

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
	bool quit_sent, got_stop, bad_ts, reconnect, sendfile_refused;
	uint32_t stop_error;
	struct json *report, *jobs_json; /* fio's JSON layout, from the TS */
	char release[40];             /* "fio-3.33" */
	/* Live figures: one SEND_ETA in flight at a time, every interval. */
	uint64_t run_start, eta_next, eta_interval, eta_asked, eta_sent_at;
	bool eta_pending, eta_bad;
	/* The server's status every interval (TS, then GS): a round's TS
	 * are summed in plat[1], the last round's stays in plat[0] (read,
	 * write; fio's cumulative clat buckets). Only the round a STOP
	 * follows is the final report. */
	uint64_t (*plat)[2][FIOP_PLAT_NR];
	bool round_open;
	uint64_t round_at;
	/* Errors (TS total_err, summed over a round's jobs, counted since
	 * the start): the round's so far, the last whole round's, and those
	 * already shown in a live interval. Each ETA shows the difference of
	 * the last two, so the intervals' counts add up to fio's total_err. */
	uint64_t round_err, err_total, err_shown;
};

void fioh_fail(struct fio_host *f, enum host_state st, const char *msg);
void fioh_send(struct fio_host *f, struct fiop_buf *b);
void fioh_send_simple(struct fio_host *f, uint16_t opcode);
void fioh_data_close(struct fio_host *f);
/* One ssh -W to the server, and a probe in f->version right away. */
void fioh_connect_probe(struct fio_host *f, const struct fleet_job *job);
bool fioh_tried(const struct fio_host *f, uint16_t v);
/* The -W ssh's own lines (why a connection failed), the last one kept. */
void fioh_read_ssh_err(struct fio_host *f);
/* Reads the -W stream and answers it; false once it ended. */
bool fioh_pump_data(struct fio_host *f, const struct fleet_job *job, const struct fio_plan *p);
/* Asks for the server's ETA when an interval has passed (PH_RUN); an
 * answer overdue by fioh_eta_stale_ns takes the host's figures away. */
void fioh_ask_eta(struct fio_host *f, uint64_t now);
uint64_t fioh_eta_stale_ns(const struct fio_host *f);
/* The TS commands gathered, as the host's report. */
void fioh_make_report(struct fio_host *f);

#endif
