/* layout.c - the panes' places. At 80x24 every pane gets its minimum (the
 * device list 4 rows, the live pane 6, CPU and IRQ share 9); taller
 * terminals give more rows to the device list, the graph and the CPU
 * list, wider ones put CPU and IRQ side by side. */
#include "config.h"
#include "screen/layout.h"

#include <string.h>

#define TOP_MIN 5      /* title line + 4 rows */
#define LIVE_MIN 7     /* title line + 6 rows */
#define SIDE_BY_SIDE_COLS 150

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void layout_compute(struct layout *l, int lines, int cols, int cpu_rows, int irq_rows)
{
	memset(l, 0, sizeof(*l));
	l->lines = lines;
	l->cols = cols;
	if (lines < LAYOUT_MIN_LINES || cols < LAYOUT_MIN_COLS) {
		l->too_small = true;
		return;
	}
	l->title = (struct rect){ 0, 0, 1, cols };
	l->keys = (struct rect){ lines - 1, 0, 1, cols };
	l->body = (struct rect){ 1, 0, lines - 2, cols };

	int avail = lines - 2;
	int extra = avail - (TOP_MIN + LIVE_MIN + 10);
	int top_h = TOP_MIN + extra / 4;
	int live_h = LIVE_MIN + extra / 4;
	int bottom_h = avail - top_h - live_h;
	int y = 1;

	int dev_w = cols * 3 / 5;
	l->pane[PANE_DEVICES] = (struct rect){ y, 0, top_h, dev_w };
	l->pane[PANE_WORKLOAD] = (struct rect){ y, dev_w + 1, top_h, cols - dev_w - 1 };
	y += top_h;
	l->pane[PANE_LIVE] = (struct rect){ y, 0, live_h, cols };
	y += live_h;

	l->bottom_side_by_side = cols >= SIDE_BY_SIDE_COLS;
	if (l->bottom_side_by_side) {
		int cpu_w = cols / 2;
		l->pane[PANE_CPU] = (struct rect){ y, 0, bottom_h, cpu_w };
		l->pane[PANE_IRQ] = (struct rect){ y, cpu_w + 1, bottom_h, cols - cpu_w - 1 };
	} else {
		/* The CPU list gets what it asks for, the IRQ pane at least 3 rows. */
		int irq_h = clamp(irq_rows + 1, 4, bottom_h - 4);
		int cpu_h = clamp(cpu_rows + 1, 4, bottom_h - irq_h);
		irq_h = bottom_h - cpu_h;
		l->pane[PANE_CPU] = (struct rect){ y, 0, cpu_h, cols };
		l->pane[PANE_IRQ] = (struct rect){ y + cpu_h, 0, irq_h, cols };
	}
}
