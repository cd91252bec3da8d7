/* SPDX-License-Identifier: GPL-2.0-or-later */
/* keys.h - every key of the main screen in one table (as tmux lists its
 * commands): the event loop looks actions up here, and the help screen
 * and key bar are drawn from it, so they cannot disagree. */
#ifndef BLKTOP_SCREEN_KEYS_H
#define BLKTOP_SCREEN_KEYS_H

#include <stdbool.h>
#include <stddef.h>

enum action {
	ACT_NONE,
	ACT_UP,
	ACT_DOWN,
	ACT_PAGE_UP,
	ACT_PAGE_DOWN,
	ACT_HOME,
	ACT_END,
	ACT_NEXT_PANE,
	ACT_PREV_PANE,
	ACT_ENTER,
	ACT_STOP,
	ACT_QUIT,
	ACT_HELP,
	ACT_TOGGLE_PCT,
	ACT_SAVE,
	ACT_SAVE_JSON,
	ACT_RESCAN,
	ACT_REDRAW,
	ACT_ESCAPE,
	ACT_PROCEDURES,
	ACT_PROC_VIEW,
	ACT_PROC_MEASURE,
	ACT_GRAPH_OLDER,
	ACT_GRAPH_NEWER,
	ACT_GRAPH_MODE,
	ACT_METERS,
	ACT_RUNS,
};

/* A key as get_wch gave it: a curses KEY_* code, or a character. */
struct key_event {
	int code;
	bool func;
};

#define KEY_CODES_MAX 3

struct key_binding {
	int codes[KEY_CODES_MAX];    /* characters; a KEY_* code is stored negated */
	const char *names;           /* as help shows them: "Down, j" */
	enum action act;
	const char *help;            /* N_() */
	const char *bar;             /* N_() label in the key bar, or NULL */
};

extern const struct key_binding key_table[];
extern const size_t key_table_count;

enum action keys_lookup(struct key_event ev);
/* Whether ev is a character the form or a prompt should take as text. */
bool key_is_text(struct key_event ev);

#endif
