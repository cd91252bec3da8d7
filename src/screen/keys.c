/* SPDX-License-Identifier: GPL-2.0-or-later */
/* keys.c - the key table. One line per action; adding a key here puts it
 * in the help screen and, with a bar label, in the key bar. */
#include "config.h"
#include "screen/keys.h"

#include <wctype.h>

#include "i18n.h"
#include "screen/term.h"

#define FN(k) (-(k))
#define CTRL(c) ((c) & 0x1f)

const struct key_binding key_table[] = {
	{ { FN(KEY_F(1)), '?' }, "F1, ?", ACT_HELP, N_("this help"), N_("Help") },
	{ { '\n', '\r', FN(KEY_ENTER) }, "Enter", ACT_ENTER,
	  N_("on a device: open the workload form; during a job: the form on its values "
	     "(starting asks once to stop it); in the form: start the job"), N_("Form") },
	{ { 's' }, "s", ACT_STOP, N_("stop the running job"), N_("Stop") },
	{ { 'p' }, "p", ACT_PROCEDURES,
	  N_("on a device: the procedures (--profile, --suite, --sweep); Enter starts one"),
	  N_("Profiles") },
	{ { 'v' }, "v", ACT_PROC_VIEW,
	  N_("procedure: its table and curve, the table, the curve, or the pane beside the devices"),
	  NULL },
	{ { 'b' }, "b", ACT_PROC_MEASURE,
	  N_("the graph and a procedure's curve: IOPS or bandwidth (a bs sweep starts with bandwidth)"),
	  NULL },
	{ { 'c' }, "c", ACT_GRAPH_MODE,
	  N_("graphs: all that fit, IOPS or bandwidth, latency, the latency heat map"), NULL },
	{ { FN(KEY_LEFT), 'h' }, "Left, h", ACT_GRAPH_OLDER,
	  N_("graphs: move the cursor a second back (the line under them gives its figures)"),
	  NULL },
	{ { FN(KEY_RIGHT), 'l' }, "Right, l", ACT_GRAPH_NEWER,
	  N_("graphs: move the cursor a second on, up to the newest"), NULL },
	{ { 'm' }, "m", ACT_METERS, N_("CPU pane: bars beside the figures, or figures only"),
	  NULL },
	{ { 't' }, "t", ACT_TOGGLE_PCT,
	  N_("latency percentiles of the last interval or of the whole run"), N_("Pct") },
	{ { 'w' }, "w", ACT_SAVE, N_("save the run's summary as text (as --batch writes it)"),
	  N_("Save") },
	{ { 'W' }, "W", ACT_SAVE_JSON, N_("save the run's summary as JSON"), NULL },
	{ { 'R' }, "R", ACT_RUNS,
	  N_("runs list: every run of the session; Enter its summary, w/W save it, c on two "
	     "runs compares them"), N_("Runs") },
	{ { '\t' }, "Tab", ACT_NEXT_PANE, N_("next pane"), N_("Pane") },
	{ { FN(KEY_BTAB) }, "Shift-Tab", ACT_PREV_PANE, N_("previous pane"), NULL },
	{ { FN(KEY_UP), 'k' }, "Up, k", ACT_UP, N_("move up in the pane"), NULL },
	{ { FN(KEY_DOWN), 'j' }, "Down, j", ACT_DOWN, N_("move down in the pane"), NULL },
	{ { FN(KEY_PPAGE) }, "PgUp", ACT_PAGE_UP, N_("a page up"), NULL },
	{ { FN(KEY_NPAGE) }, "PgDn", ACT_PAGE_DOWN, N_("a page down"), NULL },
	{ { FN(KEY_HOME), 'g' }, "Home, g", ACT_HOME, N_("first row"), NULL },
	{ { FN(KEY_END), 'G' }, "End, G", ACT_END, N_("last row"), NULL },
	{ { 'r' }, "r", ACT_RESCAN, N_("list and probe the devices again"), NULL },
	{ { CTRL('l') }, "Ctrl-L", ACT_REDRAW, N_("redraw the screen"), NULL },
	{ { 27 }, "Esc", ACT_ESCAPE, N_("leave the form or this help"), NULL },
	{ { 'q', FN(KEY_F(10)) }, "q, F10", ACT_QUIT,
	  N_("quit (asks for y while a job runs); the summary is printed"), N_("Quit") },
};

const size_t key_table_count = sizeof(key_table) / sizeof(key_table[0]);

enum action keys_lookup(struct key_event ev)
{
	int want = ev.func ? FN(ev.code) : ev.code;
	if (want == 0)
		return ACT_NONE;
	for (size_t i = 0; i < key_table_count; i++)
		for (int k = 0; k < KEY_CODES_MAX; k++)
			if (key_table[i].codes[k] == want)
				return key_table[i].act;
	return ACT_NONE;
}

bool key_is_text(struct key_event ev)
{
	return !ev.func && ev.code >= ' ' && ev.code != 127 && iswprint((wint_t)ev.code);
}
