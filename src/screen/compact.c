/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compact.c - the screen on a terminal under 80x24, where the panes do not
 * fit: a few lines that still say what runs and how it goes (job, state,
 * IOPS, bandwidth, p99 per direction) and which keys work (s and q), the
 * size the full screen needs last. Also the title's left part, which
 * gives up whole fields so no version number is ever cut. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "screen/fmt.h"
#include "screen/ui.h"

#define P99_INDEX 12            /* hist_default_pcts[12] is 99 */
#define COMPACT_LINES 8

struct cline {
	char text[400];
	attr_t a;
};

void title_left_text(const struct screen_model *m, int w, char *buf, size_t len)
{
	char cpus[64];
	snprintf(cpus, sizeof(cpus), _("%d CPUs"), m->host.ncpu_online);
	const char *parts[] = { m->host.hostname, cpus, m->host.release };
	/* Fields go from the right, whole: "6.1.0-28" is never "6.1.". */
	for (int n = 3; n >= 0; n--) {
		int used = snprintf(buf, len, "blktop %s", PACKAGE_VERSION);
		for (int i = 0; i < n && used >= 0 && (size_t)used < len; i++)
			used += snprintf(buf + used, len - (size_t)used, " - %s", parts[i]);
		if (text_width(buf) <= w)
			return;
	}
	snprintf(buf, len, "%s", text_width("blktop") <= w ? "blktop" : "");
}

static void put(struct cline *l, int *n, attr_t a, const char *text)
{
	if (*n >= COMPACT_LINES)
		return;
	snprintf(l[*n].text, sizeof(l[*n].text), "%s", text);
	l[*n].a = a;
	(*n)++;
}

static void dir_line(const struct live_figures *lf, int d, char *buf, size_t len)
{
	bool done = lf->state == JOB_DONE || lf->state == JOB_FAILED;
	const struct dir_figures *f = done ? &lf->run[d] : &lf->last[d];
	char iops[32], bw[32], p99[32];
	snprintf(buf, len, _("%s IOPS %s  BW %s  p99 %sus"), d == DIR_READ ? _("read") : _("write"),
		 fmt_count(f->iops, iops, sizeof(iops)),
		 fmt_bytes_rate(f->bw_bytes, bw, sizeof(bw)),
		 fmt_usec(f->pct_ns[P99_INDEX], p99, sizeof(p99)));
}

static void status_lines(struct ui *u, const struct live_figures *lf, struct cline *l, int *n)
{
	const struct screen_model *m = &u->model;
	const struct theme *t = &u->theme;
	char buf[400], bs[32], el[32], tot[32];
	snprintf(buf, sizeof(buf), "blktop %s  %s", PACKAGE_VERSION, ui_state_word(lf->state));
	if (m->have_job && lf->state != JOB_IDLE && lf->state != JOB_REFUSED) {
		size_t k = strlen(buf);
		if (lf->runtime_ms)
			snprintf(buf + k, sizeof(buf) - k, "  %s/%s",
				 fmt_duration(lf->elapsed_ms, el, sizeof(el)),
				 fmt_duration(lf->runtime_ms, tot, sizeof(tot)));
		else
			snprintf(buf + k, sizeof(buf) - k, "  %s",
				 fmt_duration(lf->elapsed_ms, el, sizeof(el)));
	}
	put(l, n, t->attr[EL_TITLE_BAR] | (lf->state == JOB_RUNNING ? A_BOLD : 0), buf);
	if (!m->have_job) {
		put(l, n, t->attr[EL_DIM], _("no job yet"));
	} else {
		const struct job_spec *j = &m->job;
		snprintf(buf, sizeof(buf), _("job %s %s qd%llu j%llu -> %s"), rw_name(j->rw),
			 format_size(j->bs, bs, sizeof(bs)), j->iodepth, j->numjobs,
			 m->job_disk[0] ? m->job_disk : j->filename);
		put(l, n, t->attr[EL_NORMAL], buf);
		for (int d = 0; d < DIR_COUNT; d++) {
			bool on = d == DIR_READ ? rw_reads(j->rw) : rw_writes(j->rw);
			if (!on && !lf->run[d].ios && !lf->last[d].ios)
				continue;
			dir_line(lf, d, buf, sizeof(buf));
			put(l, n, t->attr[EL_NORMAL], buf);
		}
	}
	snprintf(buf, sizeof(buf), _("blktop needs at least %dx%d; this terminal is %dx%d."),
		 LAYOUT_MIN_COLS, LAYOUT_MIN_LINES, COLS, LINES);
	put(l, n, t->attr[EL_ERROR], buf);
}

static void key_line(struct ui *u, char *buf, size_t len)
{
	if (u->prompt == PROMPT_QUIT)
		snprintf(buf, len, "%s", _("A job is running. Stop it and quit? (y/n)"));
	else if (model_job_active(&u->model) && model_state(&u->model) == JOB_RUNNING)
		snprintf(buf, len, "%s", _("s stop  q quit"));
	else
		snprintf(buf, len, "%s", _("q quit"));
}

void compact_draw(struct ui *u)
{
	struct live_figures lf;
	struct cline l[COMPACT_LINES];
	char keys[200];
	int n = 0;
	model_live_copy(&u->model, &lf);
	status_lines(u, &lf, l, &n);
	key_line(u, keys, sizeof(keys));
	attr_t ka = u->theme.attr[u->prompt != PROMPT_NONE ? EL_EDIT : EL_KEY];
	if (LINES <= 1) {
		/* One line: the state, then the keys. */
		char one[700];
		snprintf(one, sizeof(one), "%s | %s | %s", l[0].text, keys, l[n - 1].text);
		draw_text(0, 0, COLS, u->prompt != PROMPT_NONE ? ka : l[0].a,
			  u->prompt != PROMPT_NONE ? keys : one);
		return;
	}
	int last = LINES - 1, y = 0;
	draw_text(last, 0, COLS, ka, keys);
	if (u->model.status[0] && last > 1) {
		last--;
		draw_text(last, 0, COLS, u->theme.attr[u->model.status_error ? EL_ERROR : EL_NORMAL],
			  u->model.status);
	}
	for (int i = 0; i < n && y < last; i++)
		y += draw_wrapped(y, 0, COLS, last - y, l[i].a, l[i].text);
}
