/* SPDX-License-Identifier: GPL-2.0-or-later */
/* form.c - the workload form, generated from the options table. Every
 * field is text parsed by job_option_set(), so a value the command line
 * refuses is refused here with the same words. Only changed fields are
 * applied, on top of the job the form opened with: rwmixread and its
 * mirror rwmixwrite do not undo each other. */
#include "config.h"
#include "screen/form.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "i18n.h"
#include "options.h"

#define VALUE_W 22

int form_open(struct form *f, const struct job_spec *base)
{
	form_close(f);
	f->fields = calloc(job_options_count, sizeof(*f->fields));
	if (!f->fields)
		return -1;
	f->nfields = job_options_count;
	f->base = *base;
	for (size_t i = 0; i < f->nfields; i++) {
		job_option_format(base, &job_options[i], f->fields[i].text, FORM_TEXT_MAX);
		memcpy(f->fields[i].initial, f->fields[i].text, FORM_TEXT_MAX);
	}
	f->open = true;
	snprintf(f->message, sizeof(f->message), "%s",
		 _("Type to edit a value (Left/Right then move the cursor), Left/Right to choose, "
		   "Enter to start, Esc to cancel."));
	return 0;
}

void form_close(struct form *f)
{
	free(f->fields);
	memset(f, 0, sizeof(*f));
}

void form_set_message(struct form *f, bool error, const char *text)
{
	snprintf(f->message, sizeof(f->message), "%s", text);
	f->message_error = error;
}

int form_apply(struct form *f, struct job_spec *job)
{
	*job = f->base;
	int bad = -1;
	for (size_t i = 0; i < f->nfields; i++) {
		struct form_field *fl = &f->fields[i];
		fl->err[0] = '\0';
		if (!strcmp(fl->text, fl->initial))
			continue;
		if (job_option_set(job, job_options[i].name, fl->text, fl->err, sizeof(fl->err)) &&
		    bad < 0)
			bad = (int)i;
	}
	/* The form takes a target as the command line does: vdc is a file
	 * vdc here if there is one, else /dev/vdc. */
	job->short_target = true;
	if (bad < 0 && !job->filename[0] && !job->directory[0]) {
		const struct job_option *o = job_option_find("filename");
		bad = (int)(o - job_options);
		snprintf(f->fields[bad].err, sizeof(f->fields[bad].err), "%s",
			 _("filename: a target is needed (a device or a file)"));
	}
	return bad;
}

/* Checks one field alone, so its error shows as soon as it is left. */
static void check_field(struct form *f, int i)
{
	struct job_spec scratch = f->base;
	struct form_field *fl = &f->fields[i];
	fl->err[0] = '\0';
	if (strcmp(fl->text, fl->initial))
		job_option_set(&scratch, job_options[i].name, fl->text, fl->err, sizeof(fl->err));
}

static bool form_changed(const struct form *f)
{
	for (size_t i = 0; i < f->nfields; i++)
		if (strcmp(f->fields[i].text, f->fields[i].initial))
			return true;
	return false;
}

/* The first editing key: the cursor starts after the value. */
static char *begin_edit(struct form *f)
{
	char *text = f->fields[f->sel].text;
	if (!f->editing) {
		f->editing = true;
		f->cur = strlen(text);
	}
	return text;
}

static void move_to(struct form *f, int sel)
{
	if (sel < 0)
		sel = 0;
	if (sel >= (int)f->nfields)
		sel = (int)f->nfields - 1;
	if (sel != f->sel)
		check_field(f, f->sel);
	f->sel = sel;
	f->editing = false;
}

/* A size or count one power of two up or down (4k -> 8k, qd 32 -> 16);
 * a value between two powers goes to the nearer one that way. */
static void step_pow2(const struct job_option *o, char *text, int step)
{
	unsigned long long v, p = 1;
	char *end;
	if (o->type == OPT_SIZE) {
		if (parse_size(text, &v))
			return;
	} else {
		v = strtoull(text, &end, 10);
		if (end == text || *end)
			return;
	}
	while (p <= v && p < (1ull << 62))
		p <<= 1;                 /* the power above v */
	if (step < 0)
		p = (p >> 1) == v ? v >> 1 : p >> 1;
	if (p < (o->min ? o->min : 1) || (o->max && p > o->max) || p == 0)
		return;
	if (o->type == OPT_SIZE)
		format_size(p, text, FORM_TEXT_MAX);
	else
		snprintf(text, FORM_TEXT_MAX, "%llu", p);
}

/* Left/Right walk an enum's choices, flip a boolean, or step a size or
 * count by powers of two. */
static void cycle_choice(struct form *f, int step)
{
	const struct job_option *o = &job_options[f->sel];
	char *text = f->fields[f->sel].text;
	if (o->type == OPT_SIZE || o->type == OPT_INT) {
		step_pow2(o, text, step);
		f->editing = false;
		check_field(f, f->sel);
		return;
	}
	if (o->type == OPT_BOOL) {
		snprintf(text, FORM_TEXT_MAX, "%s", !strcmp(text, "1") ? "0" : "1");
		f->editing = false;
		check_field(f, f->sel);
		return;
	}
	if (o->type != OPT_ENUM)
		return;
	int n = 0, cur = 0;
	while (o->choices[n])
		n++;
	if (n == 0)
		return;
	for (int i = 0; i < n; i++)
		if (!strcmp(o->choices[i], text))
			cur = i;
	cur = (cur + step + n) % n;
	snprintf(text, FORM_TEXT_MAX, "%s", o->choices[cur]);
	f->editing = false;
	check_field(f, f->sel);
}

static void text_backspace(char *s)
{
	size_t n = strlen(s);
	while (n > 0 && ((unsigned char)s[n - 1] & 0xC0) == 0x80)
		n--;
	if (n > 0)
		n--;
	s[n] = '\0';
}

/* wc put in at byte *at (moved past it); the rest of the value stays. */
static void text_insert(char *s, size_t cap, size_t *at, int wc)
{
	char mb[MB_LEN_MAX + 1];
	mbstate_t st;
	memset(&st, 0, sizeof(st));
	size_t k = wcrtomb(mb, (wchar_t)wc, &st);
	size_t n = strlen(s);
	if (k == (size_t)-1 || n + k + 1 > cap)
		return;
	if (*at > n)
		*at = n;
	memmove(s + *at + k, s + *at, n - *at + 1);
	memcpy(s + *at, mb, k);
	*at += k;
}

static void text_append(char *s, size_t cap, int wc)
{
	size_t at = strlen(s);
	text_insert(s, cap, &at, wc);
}

/* The start of the character before byte at (UTF-8). */
static size_t char_before(const char *s, size_t at)
{
	if (at == 0)
		return 0;
	at--;
	while (at > 0 && ((unsigned char)s[at] & 0xC0) == 0x80)
		at--;
	return at;
}

static size_t char_after(const char *s, size_t at)
{
	if (!s[at])
		return at;
	at++;
	while (s[at] && ((unsigned char)s[at] & 0xC0) == 0x80)
		at++;
	return at;
}

/* Backspace in the middle of a value: the character before the cursor. */
static void text_erase_before(char *s, size_t *at)
{
	size_t n = strlen(s);
	if (*at > n)
		*at = n;
	size_t b = char_before(s, *at);
	memmove(s + b, s + *at, n - *at + 1);
	*at = b;
}

static void text_erase_at(char *s, size_t at)
{
	size_t e = char_after(s, at);
	memmove(s + at, s + e, strlen(s + e) + 1);
}

bool text_edit_key(char *buf, size_t cap, struct key_event ev)
{
	if ((ev.func && ev.code == KEY_BACKSPACE) || (!ev.func && (ev.code == 127 || ev.code == 8))) {
		text_backspace(buf);
		return true;
	}
	if (!ev.func && ev.code == ('u' & 0x1f)) {
		buf[0] = '\0';
		return true;
	}
	if (!key_is_text(ev))
		return false;
	text_append(buf, cap, ev.code);
	return true;
}

/* The safety check as the screen asks it: reads go anywhere,
 * writes need a safe device or the typed name of a has-data one. A
 * target the list does not know (a file) is left to the run's own gate. */
static enum form_result check_target(struct form *f, const struct dev_rows *devs)
{
	char names[PATH_MAX];
	if (!rw_writes(f->job.rw))
		return FORM_START;
	snprintf(names, sizeof(names), "%s", f->job.filename);
	for (char *save = NULL, *tok = strtok_r(names, ":", &save); tok;
	     tok = strtok_r(NULL, ":", &save)) {
		const struct dev_row *d = devsource_find(devs, tok);
		if (d && !d->probed) {
			char msg[300];
			snprintf(msg, sizeof(msg),
				 _("%s is still being probed: its verdict is not known yet. Try again "
				   "in a moment."), d->name);
			form_set_message(f, true, msg);
			return FORM_REDRAW;
		}
		if (!d || d->verdict == VERDICT_SAFE)
			continue;
		if (d->verdict == VERDICT_HAS_DATA && !f->force) {
			char msg[1200];
			f->confirming = true;
			f->confirm_text[0] = '\0';
			snprintf(f->confirm_name, sizeof(f->confirm_name), "%s", d->name);
			snprintf(msg, sizeof(msg),
				 _("%s holds data (%s). Writing destroys it. Type %s and Enter to "
				   "write anyway, Esc to go back:"),
				 d->name, d->reasons, d->name);
			form_set_message(f, true, msg);
			return FORM_REDRAW;
		}
		if (d->verdict == VERDICT_IN_USE || d->verdict == VERDICT_READ_ONLY) {
			char msg[1200];
			snprintf(msg, sizeof(msg), _("refused: %s is %s: %s"), d->name, d->verdict_word,
				 d->reasons);
			form_set_message(f, true, msg);
			return FORM_REDRAW;
		}
	}
	return FORM_START;
}

static enum form_result try_start(struct form *f, const struct dev_rows *devs)
{
	f->editing = false;
	f->force = false;
	int bad = form_apply(f, &f->job);
	if (bad >= 0) {
		f->sel = bad;
		form_set_message(f, true, f->fields[bad].err);
		return FORM_REDRAW;
	}
	return check_target(f, devs);
}

static enum form_result confirm_key(struct form *f, struct key_event ev)
{
	if (!ev.func && ev.code == 27) {
		f->confirming = false;
		form_set_message(f, false, _("Not started."));
		return FORM_REDRAW;
	}
	if (!ev.func && (ev.code == '\n' || ev.code == '\r')) {
		f->confirming = false;
		if (!strcmp(f->confirm_text, f->confirm_name)) {
			f->force = true;
			return FORM_START;
		}
		char msg[256];
		snprintf(msg, sizeof(msg), _("Not started: the name typed does not match %s."),
			 f->confirm_name);
		form_set_message(f, true, msg);
		return FORM_REDRAW;
	}
	text_edit_key(f->confirm_text, sizeof(f->confirm_text), ev);
	return FORM_REDRAW;
}

enum form_result form_key(struct form *f, struct key_event ev, const struct dev_rows *devs)
{
	if (f->confirming)
		return confirm_key(f, ev);
	char *text = f->fields[f->sel].text;
	if (ev.func) {
		switch (ev.code) {
		case KEY_UP: move_to(f, f->sel - 1); break;
		case KEY_DOWN: move_to(f, f->sel + 1); break;
		case KEY_BTAB: move_to(f, f->sel - 1); break;
		case KEY_PPAGE: move_to(f, f->sel - 10); break;
		case KEY_NPAGE: move_to(f, f->sel + 10); break;
		/* While typing, Left/Right/Home/End move in the value. */
		case KEY_HOME:
			if (f->editing)
				f->cur = 0;
			else
				move_to(f, 0);
			break;
		case KEY_END:
			if (f->editing)
				f->cur = strlen(text);
			else
				move_to(f, (int)f->nfields - 1);
			break;
		case KEY_LEFT:
			if (f->editing)
				f->cur = char_before(text, f->cur);
			else
				cycle_choice(f, -1);
			break;
		case KEY_RIGHT:
			if (f->editing)
				f->cur = char_after(text, f->cur);
			else
				cycle_choice(f, 1);
			break;
		case KEY_BACKSPACE:
			text_erase_before(begin_edit(f), &f->cur);
			check_field(f, f->sel);
			break;
		case KEY_DC:
			text_erase_at(begin_edit(f), f->cur);
			check_field(f, f->sel);
			break;
		case KEY_ENTER: return try_start(f, devs);
		default: return FORM_NONE;
		}
		return FORM_REDRAW;
	}
	bool esc = !ev.func && ev.code == 27;
	bool asked = f->esc_asked;
	f->esc_asked = false;
	if (esc && !asked && form_changed(f)) {
		/* Edits are not dropped by one stray key. */
		f->esc_asked = true;
		form_set_message(f, true, _("Esc again drops your changes; any other key goes on editing."));
		return FORM_REDRAW;
	}
	switch (ev.code) {
	case 27: return FORM_CLOSE;
	case '\n': case '\r': return try_start(f, devs);
	case '\t': move_to(f, f->sel + 1); return FORM_REDRAW;
	/* Backspace takes one character and keeps the rest of the value;
	 * each edit is checked at once, so an error shows and goes as typed. */
	case 127: case 8:
		text_erase_before(begin_edit(f), &f->cur);
		check_field(f, f->sel);
		return FORM_REDRAW;
	case 'u' & 0x1f:
		begin_edit(f);
		text[0] = '\0';
		f->cur = 0;
		check_field(f, f->sel);
		return FORM_REDRAW;
	case 'a' & 0x1f: begin_edit(f); f->cur = 0; return FORM_REDRAW;
	case 'e' & 0x1f: f->cur = strlen(begin_edit(f)); return FORM_REDRAW;
	default: break;
	}
	if (!key_is_text(ev))
		return FORM_NONE;
	/* Typing edits the value where the cursor is (after it, at first):
	 * 1 typed on iodepth 6 makes 61, as a line editor would. */
	text_insert(begin_edit(f), FORM_TEXT_MAX, &f->cur, ev.code);
	check_field(f, f->sel);      /* a bad value shows as it is typed */
	return FORM_REDRAW;
}

/* The value being typed, its cursor shown: "_" after it, or the
 * character under it in reverse (the rest of the value stays). */
static void draw_editing(const char *text, size_t cur, int y, int x, int w, attr_t a)
{
	char part[FORM_TEXT_MAX + 2];
	size_t n = strlen(text), e = char_after(text, cur < n ? cur : n);
	if (cur > n)
		cur = n;
	snprintf(part, sizeof(part), "%.*s", (int)cur, text);
	int dx = draw_text(y, x, w, a, part);
	if (cur == n) {
		draw_text(y, x + dx, w - dx, a, "_");
		return;
	}
	snprintf(part, sizeof(part), "%.*s", (int)(e - cur), text + cur);
	dx += draw_text(y, x + dx, w - dx, a | A_REVERSE, part);
	draw_text(y, x + dx, w - dx, a, text + e);
}

/* The message over three lines; while confirming, two and the typed name. */
static void draw_message(const struct form *f, const struct theme *t, int y, int x, int w)
{
	attr_t a = t->attr[f->message_error ? EL_ERROR : EL_NORMAL];
	draw_wrapped(y, x, w, f->confirming ? 2 : 3, a, f->message);
	if (f->confirming) {
		char buf[200];
		snprintf(buf, sizeof(buf), "> %s_", f->confirm_text);
		draw_text(y + 2, x, w, t->attr[EL_EDIT], buf);
	}
}

void form_draw(struct form *f, const struct theme *t, struct rect r)
{
	char extra[300];
	int namew = 0;
	for (size_t i = 0; i < f->nfields; i++) {
		int nw = text_width(job_options[i].name);
		namew = nw > namew ? nw : namew;
	}
	namew += 2;
	const char *target = f->base.filename[0] ? f->base.filename : f->base.directory;
	snprintf(extra, sizeof(extra), _("target %s"), target);
	draw_pane_title(t, r, _("Workload form"), extra, true);

	int x = r.x + 1, w = r.w - 2, y = r.y + 1;
	int visible = r.h - 6;         /* title, header, three message lines, hint */
	if (visible < 1)
		visible = 1;
	if (f->sel < f->top)
		f->top = f->sel;
	if (f->sel >= f->top + visible)
		f->top = f->sel - visible + 1;

	attr_t h = t->attr[EL_HEADER];
	draw_blank(y, x, w, h);
	draw_text(y, x + 1, namew, h, _("OPTION"));
	draw_text(y, x + 1 + namew, VALUE_W, h, _("VALUE"));
	draw_text(y, x + 1 + namew + VALUE_W, w - namew - VALUE_W - 1, h, _("ABOUT"));
	y++;
	for (int i = 0; i < visible && f->top + i < (int)f->nfields; i++, y++) {
		int k = f->top + i;
		const struct job_option *o = &job_options[k];
		const struct form_field *fl = &f->fields[k];
		bool sel = k == f->sel;
		attr_t a = sel ? t->attr[EL_SELECTED] : t->attr[EL_NORMAL];
		draw_blank(y, x, w, a);
		draw_text(y, x, 1, a, sel ? ">" : " ");
		draw_text(y, x + 1, namew, a, o->name);
		if (sel && f->editing)
			draw_editing(fl->text, f->cur, y, x + 1 + namew, VALUE_W - 1, t->attr[EL_EDIT]);
		else
			draw_text(y, x + 1 + namew, VALUE_W - 1, a, fl->text);
		int hx = x + 1 + namew + VALUE_W;
		if (fl->err[0])
			draw_text(y, hx, x + w - hx, t->attr[EL_ERROR], fl->err);
		else
			draw_text(y, hx, x + w - hx, sel ? a : t->attr[EL_DIM], _(o->help));
	}
	int my = r.y + r.h - 4;
	draw_message(f, t, my, x, w);
	draw_text(r.y + r.h - 1, x, w, t->attr[EL_DIM],
		  f->editing ? _("Enter start  Esc cancel  Up/Down/Tab field  Left/Right cursor  Ctrl-U clear")
			     : _("Enter start  Esc cancel  Up/Down/Tab field  Left/Right choose  Ctrl-U clear"));
}
