/* SPDX-License-Identifier: GPL-2.0-or-later */
/* form.h - the workload form: one field per entry of the options table,
 * checked by the same job_option_set() as the command line (so the same
 * error text), then the safety check of the target: a write to a has-data
 * device needs its name typed, in-use and read-only are refused. */
#ifndef BLKTOP_SCREEN_FORM_H
#define BLKTOP_SCREEN_FORM_H

#include <stdbool.h>
#include <stddef.h>

#include "job.h"
#include "screen/devsource.h"
#include "screen/draw.h"
#include "screen/keys.h"
#include "screen/theme.h"

#define FORM_TEXT_MAX 256

enum form_result { FORM_NONE, FORM_REDRAW, FORM_CLOSE, FORM_START };

struct form_field {
	char text[FORM_TEXT_MAX];
	char initial[FORM_TEXT_MAX];
	char err[256];
};

struct form {
	bool open;
	struct form_field *fields;   /* job_options_count entries */
	size_t nfields;
	int sel, top;
	bool editing;                /* a key typed: Left/Right move the cursor */
	size_t cur;                  /* the cursor, a byte offset in the field's text */
	bool confirming;             /* waiting for the device's name */
	char confirm_text[128];
	char confirm_name[64];
	char message[1200];
	bool message_error;
	struct job_spec base;        /* what the fields started from */
	struct job_spec job;         /* the result, once FORM_START */
	bool force;                  /* the name was typed for a has-data device */
	bool esc_asked;              /* Esc once with changes: the next one drops them */
};

/* Opens the form on base (a copy is kept). 0, or -1 out of memory. */
int form_open(struct form *f, const struct job_spec *base);
void form_close(struct form *f);
/* The message under the fields (an error in the error colour). */
void form_set_message(struct form *f, bool error, const char *text);
/* Handles one key; devs gives the verdicts for the safety check. */
enum form_result form_key(struct form *f, struct key_event ev, const struct dev_rows *devs);
void form_draw(struct form *f, const struct theme *t, struct rect r);

/* Line editing shared with the screen's prompts: Backspace, Ctrl-U and
 * typed characters (any script: stored as UTF-8). Returns false for a
 * key that is not editing. */
bool text_edit_key(char *buf, size_t cap, struct key_event ev);

/* Parses the fields into job (unchanged fields keep base's value).
 * Returns -1 when all are good, else the index of the first bad field,
 * whose err then holds the command line's message. */
int form_apply(struct form *f, struct job_spec *job);

#endif
