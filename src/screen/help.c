/* SPDX-License-Identifier: GPL-2.0-or-later */
/* help.c - the help screen, drawn from the key table so it lists exactly
 * the keys the loop knows. */
#include "config.h"
#include "screen/help.h"

#include <stdio.h>

#include "i18n.h"
#include "screen/keys.h"

#define KEYS_W 14

static const char *const notes[] = {
	N_("Devices: every disk and partition with its safety verdict: safe, has-data,"),
	N_("  in-use or read-only; the last line gives the selected one's reasons."),
	N_("Workload: the job's options. Live: IOPS, bandwidth, clat percentiles, the"),
	N_("  device's iostat -x figures and an IOPS graph. CPU: as mpstat -P ALL;"),
	N_("  * marks CPUs the job is pinned to. IRQ: the device's queue interrupts."),
	N_("Form: type to replace a value, Left/Right to choose, Up/Down/Tab to move,"),
	N_("  Enter to start, Esc to leave. Values are checked as on the command line."),
	N_("  Enter during a job: the form on its values; starting asks once, then the"),
	N_("  running job stops and the new one starts."),
	N_("Runs (R): every run with its figures and how it ended; Enter its summary,"),
	N_("  w/W save it, c on one run and then another compares them side by side."),
	N_("A write to a has-data device asks for its name; in-use and read-only"),
	N_("  devices are refused. Leaving blktop stops the job and prints the summary."),
	N_("Procedure (p): its table fills in step by step; a sweep draws its curve:"),
	N_("  IOPS or bandwidth bars (left scale), clat avg points (right scale), the"),
	N_("  knee marked. v: table and curve, table, curve, beside the devices; b:"),
	N_("  IOPS or bandwidth. On leaving, the table is printed as --batch prints it."),
	N_("Up/Down scroll this help; any other key returns."),
};
#define NNOTES (int)(sizeof(notes) / sizeof(notes[0]))

int help_lines(void)
{
	return 2 + (int)key_table_count + 1 + NNOTES;
}

/* Line i of the help: a key row, a note or a blank. */
static void draw_line(const struct theme *t, int y, int x, int w, int i)
{
	char buf[128];
	if (i == 0) {
		snprintf(buf, sizeof(buf), _("blktop %s - keys"), PACKAGE_VERSION);
		draw_text(y, x, w, t->attr[EL_HEADER], buf);
		return;
	}
	i -= 2;
	if (i >= 0 && i < (int)key_table_count) {
		const struct key_binding *k = &key_table[i];
		draw_text(y, x + 2, KEYS_W, t->attr[EL_KEY], k->names);
		draw_text(y, x + 2 + KEYS_W, w - 2 - KEYS_W, t->attr[EL_NORMAL], _(k->help));
		return;
	}
	i -= (int)key_table_count + 1;
	if (i >= 0 && i < NNOTES)
		draw_text(y, x, w, t->attr[EL_NORMAL], _(notes[i]));
}

void help_draw(const struct theme *t, struct rect r, int *top)
{
	draw_pane_title(t, r, _("Help"), NULL, true);
	int visible = r.h - 1, n = help_lines();
	if (*top > n - visible)
		*top = n - visible;
	if (*top < 0)
		*top = 0;
	for (int i = 0; i < visible && *top + i < n; i++)
		draw_line(t, r.y + 1 + i, r.x + 1, r.w - 2, *top + i);
}
