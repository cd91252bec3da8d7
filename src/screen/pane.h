/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pane.h - a pane is a small class (as htop's Panel and Meter): a title,
 * a draw function over the model, and how many rows it can scroll. The
 * event loop knows panes only through this table of operations. Views
 * read the model; they never read /proc or /sys. */
#ifndef BLKTOP_SCREEN_PANE_H
#define BLKTOP_SCREEN_PANE_H

#include <stdbool.h>

#include "screen/draw.h"
#include "screen/model.h"
#include "screen/theme.h"

/* What every pane draws from in one frame. */
struct view {
	const struct screen_model *m;
	const struct live_figures *live;
	const struct theme *t;
	const struct graph_point *pts;  /* the graphs' seconds, oldest first */
	size_t npts;
	const struct section_live *secs; /* the job sections running now */
	size_t nsecs;
};

/* Per-pane cursor: the selected row (devices) or the first row shown. */
struct pane_state {
	int sel;
	int top;
	int drawn_top;               /* top as the last frame drew it */
	bool scrolled;               /* the keys moved away from the newest rows */
};

struct pane_class {
	const char *title;           /* N_() */
	/* Draws into r; r.y is the pane's title line. May clamp st. */
	void (*draw)(const struct view *v, struct rect r, struct pane_state *st, bool focused);
	/* Rows the arrows move over (0: the pane does not scroll). */
	int (*rows)(const struct view *v);
	bool selects;                /* arrows move a selection, not the view */
};

extern const struct pane_class pane_devices;
extern const struct pane_class pane_workload;
extern const struct pane_class pane_live;
extern const struct pane_class pane_cpu;
extern const struct pane_class pane_irq;

/* A procedure's table, drawn by the workload pane while m->proc_on. */
void proc_table_draw(const struct view *v, struct rect r, struct pane_state *st, bool focused);
/* Rows (title and note included) the procedure pane would like across
 * cols columns; 0 when it is not to take the top row's whole width. */
int proc_pane_rows(const struct screen_model *m, int cols);

/* The live pane's graphs in r (c picks which: all that fit, or one). */
#define GRAPH_MODES 4
void graph_area_draw(const struct view *v, struct rect r);

/* Keeps st->top so that st->sel is among the `visible` rows shown. */
void pane_scroll_to_selection(struct pane_state *st, int nrows, int visible);

#endif
