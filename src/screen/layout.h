/* SPDX-License-Identifier: GPL-2.0-or-later */
/* layout.h - where each pane goes for a terminal size. Pure arithmetic
 * on LINES and COLS and what the panes would like, redone every frame. */
#ifndef BLKTOP_SCREEN_LAYOUT_H
#define BLKTOP_SCREEN_LAYOUT_H

#include <stdbool.h>

#include "screen/draw.h"

#define LAYOUT_MIN_LINES 24
#define LAYOUT_MIN_COLS 80

enum pane_id { PANE_DEVICES, PANE_WORKLOAD, PANE_LIVE, PANE_CPU, PANE_IRQ, PANE_COUNT };

/* Content rows a pane would like (its title line not counted). */
struct pane_wants {
	int devices;                   /* header, one per device, reasons line */
	int cpu;                       /* header, all, one per CPU */
	int irq;                       /* header, one per queue, info line */
	int proc;                      /* a procedure's pane across the top row,
					* title and note included (0: none) */
	bool proc_beside;              /* one shows beside the device list */
};

struct layout {
	int lines, cols;
	bool too_small;
	struct rect title;             /* the top line */
	struct rect keys;              /* the key bar, last line */
	struct rect body;              /* between them: help and form use it all */
	struct rect pane[PANE_COUNT];  /* each starts with its title line */
	bool bottom_side_by_side;      /* CPU and IRQ panes next to each other */
};

void layout_compute(struct layout *l, int lines, int cols, const struct pane_wants *want);

#endif
