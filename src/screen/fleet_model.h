/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_model.h - what the fleet's screen shows, computed from the
 * collector's hosts (fleet/fleet_live.h): a row per host, sorted by the
 * chosen column, and the totals row whose percentiles come from the
 * hosts' interval histograms merged. No curses: the unit tests and the
 * views read it; it never reads /proc. */
#ifndef BLKTOP_SCREEN_FLEET_MODEL_H
#define BLKTOP_SCREEN_FLEET_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fleet/fleet.h"

enum fleet_col {
	FC_HOST, FC_DRIVER, FC_STATE, FC_VERDICT, FC_RIOPS, FC_WIOPS, FC_RBW, FC_WBW,
	FC_P50, FC_P99, FC_P999, FC_ERRORS, FC_COUNT,
};

struct fleet_row {
	size_t host;                 /* index among the collector's hosts */
	char name[320];
	char driver[48];             /* "blktop 0.9.0" */
	char state[16];              /* connecting, checking, running, done, dropped... */
	char verdict[16];
	char message[512];           /* the far side's last word on stderr */
	bool live;                   /* has a last interval (running) */
	double iops[2], bw[2];       /* read, write */
	bool has_pct;
	bool pct_whole;              /* the percentiles are its whole run's (ended) */
	uint64_t p50, p99, p999;     /* of the direction with the most I/Os */
	bool has_errors;             /* its driver counts errors live */
	bool no_cpu_irq;             /* its driver sends no CPU or IRQ figures */
	uint64_t errors;
};

struct fleet_model {
	struct fleet_row *rows;      /* in the order shown */
	size_t n;
	struct fleet_row total;
	size_t total_in;             /* hosts in the totals */
	enum fleet_col sort;
	bool desc;
	int sel;                     /* the selected row (in the order shown) */
	int open;                    /* the host whose panes are open, -1: none */
	struct host_live detail;     /* the open host's CPUs and interrupts, copied */
	bool stopping, ended, started;
	bool rates_only_live;        /* a running host's driver sends rates only */
	bool any_whole;              /* a row shows its whole run's percentiles */
	char status[256];
	/* A procedure on the fleet (fleet_proc_screen.c): its step, clock
	 * and table so far, as --batch prints the table. */
	bool proc, proc_ended;
	char step_line[200];         /* "step 3/7: Seq_Write_IOPS_Test" */
	char time_line[200];
	char table_head[160];
	char *table_text;
	char notes[4][256];          /* its first notes (checks, what is not taken) */
	int nnotes;
	/* The selected host's own notes (the environment steps its blktop
	 * took, a line each), copied: the hosts' buffers grow as lines come. */
	char sel_name[320];
	char sel_notes[2048];
	int table_lines;
	int table_top;               /* its first line shown */
};

void fleet_model_init(struct fleet_model *m);
void fleet_model_free(struct fleet_model *m);
/* Rebuilds every row and the totals from the hosts, keeping the
 * selection on the same host. */
void fleet_model_update(struct fleet_model *m, const struct fleet_host *hosts, size_t n,
			bool stopping, bool ended, bool started);
/* The column's name as the header shows it (N_(), translate it). */
const char *fleet_col_title(enum fleet_col c);
/* The next (+1) or previous (-1) sort column; invert flips the order. */
void fleet_model_sort_by(struct fleet_model *m, int step);
void fleet_model_invert(struct fleet_model *m);
/* The row shown for a host: its state word, figures. */
void fleet_row_from_host(struct fleet_row *r, const struct fleet_host *h, size_t index);

#endif
