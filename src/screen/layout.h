/* layout.h - where each pane goes for a terminal size. Pure arithmetic
 * on LINES and COLS, redone on every resize. */
#ifndef BLKTOP_SCREEN_LAYOUT_H
#define BLKTOP_SCREEN_LAYOUT_H

#include <stdbool.h>

#include "screen/draw.h"

#define LAYOUT_MIN_LINES 24
#define LAYOUT_MIN_COLS 80

enum pane_id { PANE_DEVICES, PANE_WORKLOAD, PANE_LIVE, PANE_CPU, PANE_IRQ, PANE_COUNT };

struct layout {
	int lines, cols;
	bool too_small;
	struct rect title;             /* the top line */
	struct rect keys;              /* the key bar, last line */
	struct rect body;              /* between them: help and form use it all */
	struct rect pane[PANE_COUNT];  /* each starts with its title line */
	bool bottom_side_by_side;      /* CPU and IRQ panes next to each other */
};

/* cpu_rows and irq_rows are the content lines those panes would like
 * (they share the bottom); the live and device panes take the rest. */
void layout_compute(struct layout *l, int lines, int cols, int cpu_rows, int irq_rows);

#endif
