/* SPDX-License-Identifier: GPL-2.0-or-later */
/* layout.c - the panes' places. Each pane has a minimum that fits 80x24
 * (device list 4 rows, live 6, CPU 3, IRQ 2, plus title lines); rows to
 * spare go first to the IRQ and CPU panes up to what they can show, then
 * to the device list and the live pane's graph. Wide terminals put CPU
 * and IRQ side by side. A procedure's pane takes the top row's width and
 * comes first (layout_procedure). */
#include "config.h"
#include "screen/layout.h"

#include <string.h>

#define TOP_MIN 5      /* title line + 4 rows */
#define LIVE_MIN 7     /* title line + 6 rows */
#define CPU_MIN 4
#define IRQ_MIN 3
#define SIDE_BY_SIDE_COLS 150
/* A procedure's pane: its table's rows matter more than the live graph,
 * the CPU and IRQ panes, or the device list (the title bar names the
 * target): the live pane keeps its figures, the rest comes after. */
#define PROC_MIN 3
#define LIVE_PROC_MIN 5

/* Moves up to `want - *h` rows from *spare to *h. */
static void grow(int *h, int want, int *spare)
{
	int d = want - *h;
	if (d <= 0)
		return;
	if (d > *spare)
		d = *spare;
	*h += d;
	*spare -= d;
}

/* The procedure pane across the top row, the device list hidden. */
static void layout_procedure(struct layout *l, int avail, int cols, const struct pane_wants *want)
{
	int proc = PROC_MIN, live = LIVE_PROC_MIN, cpu = 0, irq = 0;
	int spare = avail - proc - live;
	grow(&proc, want->proc, &spare);
	grow(&live, LIVE_MIN, &spare);
	if (l->bottom_side_by_side && spare >= CPU_MIN) {
		int bottom = CPU_MIN;
		spare -= CPU_MIN;
		int bw = want->cpu > want->irq ? want->cpu : want->irq;
		grow(&bottom, bw + 1, &spare);
		cpu = irq = bottom;
	} else if (!l->bottom_side_by_side && spare >= CPU_MIN + IRQ_MIN) {
		cpu = CPU_MIN;
		irq = IRQ_MIN;
		spare -= CPU_MIN + IRQ_MIN;
		grow(&irq, want->irq + 1, &spare);
		grow(&cpu, want->cpu + 1, &spare);
	}
	live += spare;

	int y = 1;
	l->pane[PANE_DEVICES] = (struct rect){ y, 0, 0, 0 };
	l->pane[PANE_WORKLOAD] = (struct rect){ y, 0, proc, cols };
	y += proc;
	l->pane[PANE_LIVE] = (struct rect){ y, 0, live, cols };
	y += live;
	if (l->bottom_side_by_side && cpu) {
		int cpu_w = cols / 2;
		l->pane[PANE_CPU] = (struct rect){ y, 0, cpu, cpu_w };
		l->pane[PANE_IRQ] = (struct rect){ y, cpu_w + 1, cpu, cols - cpu_w - 1 };
	} else {
		l->pane[PANE_CPU] = (struct rect){ y, 0, cpu, cpu ? cols : 0 };
		l->pane[PANE_IRQ] = (struct rect){ y + cpu, 0, irq, irq ? cols : 0 };
	}
	l->bottom_side_by_side = l->bottom_side_by_side && cpu;
}

void layout_compute(struct layout *l, int lines, int cols, const struct pane_wants *want)
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
	l->bottom_side_by_side = cols >= SIDE_BY_SIDE_COLS;

	int avail = lines - 2;
	if (want->proc > 0) {
		layout_procedure(l, avail, cols, want);
		return;
	}
	int top = TOP_MIN, live = LIVE_MIN, cpu = CPU_MIN, irq = IRQ_MIN;
	int spare;
	if (l->bottom_side_by_side) {
		int bottom = CPU_MIN;
		spare = avail - top - live - bottom;
		int bw = want->cpu > want->irq ? want->cpu : want->irq;
		grow(&bottom, bw + 1, &spare);
		cpu = irq = bottom;
	} else {
		/* IRQ first: it has few rows and no way to page its info line;
		 * the CPU list scrolls. */
		spare = avail - top - live - cpu - irq;
		grow(&irq, want->irq + 1, &spare);
		grow(&cpu, want->cpu + 1, &spare);
	}
	/* Half of the rest to the device list (as far as it has rows), the
	 * remainder to the live pane's graph. */
	int half = spare / 2;
	int before = half;
	grow(&top, want->devices + 1, &half);
	spare -= before - half;
	live += spare;

	int y = 1;
	/* Beside a procedure's table, the device list takes the smaller part. */
	int dev_w = want->proc_beside ? cols * 2 / 5 : cols * 3 / 5;
	l->pane[PANE_DEVICES] = (struct rect){ y, 0, top, dev_w };
	l->pane[PANE_WORKLOAD] = (struct rect){ y, dev_w + 1, top, cols - dev_w - 1 };
	y += top;
	l->pane[PANE_LIVE] = (struct rect){ y, 0, live, cols };
	y += live;
	if (l->bottom_side_by_side) {
		int cpu_w = cols / 2;
		l->pane[PANE_CPU] = (struct rect){ y, 0, cpu, cpu_w };
		l->pane[PANE_IRQ] = (struct rect){ y, cpu_w + 1, cpu, cols - cpu_w - 1 };
	} else {
		l->pane[PANE_CPU] = (struct rect){ y, 0, cpu, cols };
		l->pane[PANE_IRQ] = (struct rect){ y + cpu, 0, irq, cols };
	}
}
