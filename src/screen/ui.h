/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ui.h - the state of one screen session, shared by the event loop
 * (loop.c, input.c, jobctl.c) and the frame it draws (frame.c). Private
 * to src/screen. */
#ifndef BLKTOP_SCREEN_UI_H
#define BLKTOP_SCREEN_UI_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "screen/form.h"
#include "screen/keys.h"
#include "screen/layout.h"
#include "screen/model.h"
#include "screen/pane.h"
#include "screen/procmenu.h"
#include "screen/procrun.h"
#include "screen/runner.h"
#include "screen/runs.h"
#include "screen/theme.h"
#include "util/runctl.h"
#include "util/sigstop.h"

/* PROMPT_SWITCH: the form was started while a job runs; y stops that
 * job and starts the form's. */
enum prompt_kind { PROMPT_NONE, PROMPT_QUIT, PROMPT_SAVE, PROMPT_SWITCH };

/* The runs list (R) and what it opens. */
enum runs_view { RUNS_CLOSED, RUNS_LIST, RUNS_SUMMARY, RUNS_COMPARE };

struct ui {
	const struct cli_args *args;
	struct screen_model model;
	struct theme theme;
	struct layout layout;
	struct runner runner;
	struct scanner scanner;
	struct form form;
	struct procmenu procmenu;
	struct procrun procrun;
	/* The screen's own control: signals and a hung-up terminal stop it,
	 * and with it every job and procedure started under it. */
	struct runctl ctl;
	struct sigstop sigs;
	uint64_t seen_proc_seq, seen_proc_row;
	struct pane_state ps[PANE_COUNT];
	struct graph_point graph_pts[GRAPH_POINTS]; /* the frame's copy */
	size_t graph_n;
	struct section_live secs[MODEL_SECTIONS];
	size_t nsecs;
	enum pane_id focus;
	bool help_open;
	int help_top;
	enum prompt_kind prompt;
	char prompt_text[512];
	bool prompt_json;
	char preselect[PATH_MAX];         /* device to select when the list arrives */
	char selected_name[64];      /* kept across rescans */
	struct job_spec form_job;    /* what the form last started */
	bool have_form_job;
	uint64_t delay_ms;
	uint64_t next_tick_ns;
	uint64_t last_sample_ns; /* when model_sample last ran */
	uint64_t seen_iv_seq;
	int wake[2];
	bool quit;
	bool dirty;
	bool tty_gone;               /* the terminal hung up: draw nothing more */
	SCREEN *term;
	FILE *tty;                   /* /dev/tty when stdout is not the terminal */
	int tty_fd;
	FILE *held_err;              /* stderr while the screen is up */
	int saved_err_fd;
	/* probing.c: the device list's fingerprint, a scan asked while one ran. */
	unsigned long long dev_sig;
	bool dev_sig_valid;
	bool rescan_queued;
	/* The job or procedure of the command line waits for the first scan. */
	struct job_set first_job;
	bool first_pending;
	bool status_job;             /* the status is about the job: it ends with it */
	struct run_list runs;        /* runs.c: every earlier run of the session */
	/* The newest run, whose result the model holds until the next start. */
	struct run_meta cur_meta;
	bool cur_on;
	bool cur_proc;               /* the newest run is a procedure (still running) */
	/* The form's job, waiting for the running one to end (Enter, y). */
	struct job_set pending;
	bool have_pending;
	int save_run;                /* the run w saves: an index (runsview.c), -1 the newest */
	/* runsview.c: the runs list, a run's summary, two runs compared. */
	enum runs_view runs_view;
	int runs_sel, runs_top;
	int runs_mark;               /* the run c marked to compare, or -1 */
	int cmp_a, cmp_b;
	char *sum_text;              /* the summary shown, as --batch prints it */
	int sum_top;
};

extern const struct pane_class *const ui_panes[PANE_COUNT];

/* procui.c: p opens the procedure menu; its keys; what the procedure
 * thread left (true when the frame changed). */
void procui_open(struct ui *u);
/* --profile/--suite/--sweep on a terminal: starts that procedure at once.
 * -1 if args name none. */
int procui_start_args(struct ui *u, const struct cli_args *args);
void procui_key(struct ui *u, struct key_event ev);
bool procui_wake(struct ui *u);
/* v and b: the procedure pane's layout, the curve's measure. */
void procui_action(struct ui *u, enum action act);
/* The procedure ended and its thread is joined: the whole procedure goes
 * into the runs list as one run, its table kept (quit prints it). */
void procui_ended(struct ui *u);

/* graphui.c: the graphs' and meters' keys (b, c, Left, Right, m). */
void graphui_action(struct ui *u, enum action act);

/* probing.c: a scan (during a job, around its target); whether none is
 * going or queued; after a wakeup, joins a finished scan and starts a
 * queued one; every tick, a rescan when devices came or went; r. */
void probing_rescan(struct ui *u);
bool probing_idle(const struct ui *u);
void probing_after_wake(struct ui *u);
void probing_tick(struct ui *u);
void probing_key(struct ui *u);

/* compact.c: the status on a terminal under 80x24; the title's left part
 * in w cells, whole fields only. */
void compact_draw(struct ui *u);
void title_left_text(const struct screen_model *m, int w, char *buf, size_t len);
/* frame.c: the job's state in one word ("RUNNING"). */
const char *ui_state_word(enum job_state s);
/* mouse.c: what a mouse event asks of the loop (a move repeated, or a
 * device selected); the pane under the pointer is focused already. */
struct mouse_act {
	enum action act;
	int repeat;
	bool selected;
};
void mouse_enable(void);
struct mouse_act mouse_event(struct ui *u);

/* jobctl.c: the device the live panes follow (a job's disk while one
 * runs); the same device selected again after a rescan; a job started
 * (the last run's result kept in the runs list first); the running job
 * asked to stop; Enter's workload form; the form's job started. */
void ui_update_follow(struct ui *u);
void ui_selection_moved(struct ui *u);
void ui_reselect(struct ui *u);
void jobctl_start(struct ui *u, const struct job_set *set);
/* Before a new run: the last one's result into the runs list. */
void jobctl_keep_result(struct ui *u);
void jobctl_stop(struct ui *u);
void jobctl_open_form(struct ui *u);
void jobctl_form_started(struct ui *u);
/* The run ended and its thread is joined: how it ended goes into its
 * record (a run with no result into the runs list at once). */
void jobctl_run_ended(struct ui *u, bool stopped);
/* The answer to PROMPT_SWITCH: y stops the running job, the form's starts
 * once it has ended; n goes back to the form. */
void jobctl_switch(struct ui *u, bool yes);
/* Starts the job a switch left waiting; false when there is none. */
bool jobctl_start_pending(struct ui *u);

/* input.c: reads the keys waiting on the terminal and handles each; w
 * and W (run: an index of the runs list, -1 the run shown). */
void input_read_keys(struct ui *u);
void ui_begin_save(struct ui *u, bool json, int run);

/* runsview.c: the runs list (R), a run's summary, two runs compared. */
int ui_runs_count(const struct ui *u);
const struct run_result *ui_run_result(struct ui *u, int i);
/* Run i's summary: a job's result or a procedure's table (false: none). */
bool ui_run_summary(struct ui *u, int i, const struct run_result **res,
		    const struct proc_table **tab, time_t *when);
void runsview_open(struct ui *u);
void runsview_close(struct ui *u);
void runsview_key(struct ui *u, struct key_event ev);
void runsview_draw(struct ui *u, struct rect r, const struct live_figures *live);

/* terminal.c: curses on the terminal (-1 after one line on stderr when it
 * cannot draw) and back; stderr kept aside while the screen is up. */
int terminal_start(struct ui *u);
void terminal_end(struct ui *u);
void stderr_hold(struct ui *u);
void stderr_release(struct ui *u);
struct pollfd;
/* The screens' one wait (the device screen's loop and the fleet's): in
 * ppoll() on the terminal (pfd[0], filled here) and pfd[1..n-1] until
 * until_ns, the only place the signals sigs takes get through; a
 * terminal that hung up is marked gone and stops the screen as SIGHUP
 * does. Returns ppoll's result. */
int ui_wait(struct ui *u, struct sigstop *sigs, struct pollfd *pfd, size_t n,
	    uint64_t until_ns);

/* Draws the whole frame (or the too-small notice) and updates the
 * terminal. */
void frame_draw(struct ui *u);

#endif
