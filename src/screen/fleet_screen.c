/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_screen.c - `blktop --hosts=...` without --batch: the fleet's
 * screen. The data flow is one way: the collector (fleet/fleet_live.c)
 * reads the hosts' pipes, the model (fleet_model.c) computes the rows and
 * the totals, the views (fleet_view.c) draw them. Its own small loop (the
 * device screen's loop.c knows devices, forms and local runs, none of
 * which a fleet has) waits on the terminal and every host's pipes in the
 * screens' one wait (ui_wait), with the refresh tick as its timeout;
 * signals get through only inside that wait, as in loop.c. Leaving stops every host's job (each
 * far side's wrapper ends blktop there when its stdin closes), waits for
 * their reports, then prints the fleet's report as --batch does. A
 * procedure (--profile, --suite, --sweep) is fleet_proc_screen.c's, which
 * turns this same loop (fleet_ui_turn) through each of its steps. */
#include "config.h"
#include "screen/screen.h"

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fleet/fleet_live.h"
#include "fleet/fleet_report.h"
#include "i18n.h"
#include "output/writer.h"
#include "screen/fleet_model.h"
#include "screen/fleet_ui.h"
#include "screen/fleet_view.h"
#include "screen/ui.h"
#include "util/clock.h"
#include "util/status.h"

void fleet_ui_update(struct fleet_ui *f)
{
	f->figures_due = false;
	if (f->proc)
		fleet_ui_proc_update(f);
	else
		fleet_model_update(&f->m, f->live.hosts, f->live.n, f->live.stopping,
				   f->live.ended, f->live.go);
	f->dirty = true;
}

static void stop_all(struct fleet_ui *f)
{
	/* A procedure ends with its step: no step starts after a stop. */
	if (f->proc)
		runctl_stop(&f->proc_ctl, RUNCTL_USER, 0, "stop key");
	if (f->live.ended)
		return;
	fleet_live_stop(&f->live);
	snprintf(f->m.status, sizeof(f->m.status), "%s",
		 _("Stopping every host: each sends its report..."));
}

static enum fleet_action key_action(int ch, bool func)
{
	if (func) {
		switch (ch) {
		case KEY_UP: return FA_UP;
		case KEY_DOWN: return FA_DOWN;
		case KEY_ENTER: return FA_ENTER;
		case KEY_F(6): return FA_SORT_NEXT;
		case KEY_F(1): return FA_HELP;
		case KEY_F(10): return FA_QUIT;
		case KEY_RESIZE: return FA_REDRAW;
		case KEY_BACKSPACE: return FA_BACK;
		case KEY_PPAGE: return FA_TABLE_UP;
		case KEY_NPAGE: return FA_TABLE_DOWN;
		default: return FA_NONE;
		}
	}
	switch (ch) {
	case 'k': return FA_UP;
	case 'j': return FA_DOWN;
	case '\r': case '\n': return FA_ENTER;
	case 27: return FA_BACK;
	case '>': case '.': return FA_SORT_NEXT;
	case '<': case ',': return FA_SORT_PREV;
	case 'I': return FA_INVERT;
	case 's': return FA_STOP;
	case 'q': case 'Q': return FA_QUIT;
	case 'h': case '?': return FA_HELP;
	case 12: return FA_REDRAW; /* ^L */
	default: return FA_NONE;
	}
}

static void act(struct fleet_ui *f, enum fleet_action a)
{
	struct fleet_model *m = &f->m;
	if (f->help && a != FA_UP && a != FA_DOWN && a != FA_NONE) {
		f->help = false; /* any other key returns */
		f->dirty = true;
		if (a != FA_QUIT)
			return;
	}
	switch (a) {
	case FA_UP:
		if (f->help)
			f->help_top--;
		else if (m->sel > 0)
			m->sel--;
		break;
	case FA_DOWN:
		if (f->help)
			f->help_top++;
		else if (m->sel + 1 < (int)m->n)
			m->sel++;
		break;
	case FA_ENTER:
		if (m->open >= 0)
			m->open = -1;
		else if (m->n)
			m->open = (int)m->rows[m->sel].host;
		break;
	case FA_BACK: m->open = -1; break;
	case FA_TABLE_UP: m->table_top = m->table_top > 5 ? m->table_top - 5 : 0; break;
	case FA_TABLE_DOWN:
		if (m->table_top + 5 < m->table_lines)
			m->table_top += 5;
		break;
	case FA_SORT_NEXT: fleet_model_sort_by(m, 1); break;
	case FA_SORT_PREV: fleet_model_sort_by(m, -1); break;
	case FA_INVERT: fleet_model_invert(m); break;
	case FA_STOP: stop_all(f); break;
	case FA_HELP: f->help = true; break;
	case FA_REDRAW: clearok(curscr, TRUE); break;
	case FA_QUIT:
		/* Once: stop and wait for the reports; twice: leave now
		 * (every host's ssh is then killed, which ends the far
		 * side's job as a dropped connection does). */
		if (f->quitting || (f->live.ended && (!f->proc || f->proc_ended)))
			f->leave = true;
		f->quitting = true;
		stop_all(f);
		break;
	case FA_NONE: return;
	}
	fleet_ui_update(f);
}

static void read_keys(struct fleet_ui *f)
{
	wint_t wc;
	int r;
	while ((r = get_wch(&wc)) != ERR)
		act(f, key_action((int)wc, r == KEY_CODE_YES));
}

static void wait_once(struct fleet_ui *f, struct pollfd *pfd)
{
	if (f->dirty && !f->term->tty_gone) {
		fleet_view_draw(&f->m, &f->term->theme, f->help, &f->help_top);
		f->dirty = false;
	}
	uint64_t wake = f->next_tick_ns;
	/* A driver's timed step (fio's next ETA, a retry) may come first. */
	if (f->live.wake_ns && f->live.wake_ns < wake)
		wake = f->live.wake_ns;
	/* Between a procedure's steps no host has a stream open. */
	if (f->live.npfd)
		memcpy(pfd + 1, f->live.pfd, f->live.npfd * sizeof(*pfd));
	ui_wait(f->term, &f->sigs, pfd, 1 + f->live.npfd, wake);
	if (runctl_stopped(&f->ctl)) {
		f->quitting = true;
		stop_all(f);
	}
	if (!f->term->tty_gone)
		read_keys(f);
	/* A state shows at once; figures once per refresh, all hosts'
	 * intervals of that second in one frame (and one model update). */
	int changed = fleet_live_step(&f->live);
	if (changed & FLEET_CHANGED_STATE)
		fleet_ui_update(f);
	else if (changed)
		f->figures_due = true;
	if (now_ns() >= f->next_tick_ns) {
		f->next_tick_ns = now_ns() + f->delay_ms * 1000000ull;
		/* A procedure's clock moves every tick. */
		if (f->figures_due || f->proc)
			fleet_ui_update(f);
	}
}

void fleet_ui_turn(struct fleet_ui *f)
{
	wait_once(f, f->pfd);
}

static int report(const struct cli_args *args, const struct fleet_live *l)
{
	struct writer w;
	int status = writer_open(&w, args->output_file);
	if (status)
		return status;
	if (args->format == OUTPUT_JSON)
		fleet_report_json(w.f, l->hosts, l->n);
	else
		fleet_report_normal(w.f, l->hosts, l->n, l->go);
	return writer_close(&w, fleet_status(l->hosts, l->n));
}

int fleet_screen_main(const struct cli_args *args, int argc, char **argv)
{
	if (args->mode == MODE_PROFILE || args->mode == MODE_SUITE || args->mode == MODE_SWEEP)
		return fleet_proc_screen_main(args, argc, argv);
	struct fleet_ui *f = calloc(1, sizeof(*f));
	struct ui *u = calloc(1, sizeof(*u));
	if (!f || !u) {
		free(f);
		free(u);
		return BLKTOP_FAILED;
	}
	f->term = u;
	f->delay_ms = args->delay_ms ? args->delay_ms : 1000;
	fleet_model_init(&f->m);
	runctl_init(&f->ctl, NULL);
	sigstop_install(&f->sigs, &f->ctl, true);
	sigstop_block(&f->sigs, SIGWINCH);
	/* The hosts first: a bad host list is said on the terminal as is;
	 * then the terminal, and only then a connection to any host. */
	int status = fleet_live_open(&f->live, args, argc, argv);
	if (!status && terminal_start(u))
		status = BLKTOP_USAGE;
	if (!status) {
		stderr_hold(u);
		fleet_live_start(&f->live);
	}
	struct pollfd *pfd =
		status ? NULL : calloc(1 + FLEET_SESSION_FDS * f->live.n, sizeof(*pfd));
	if (!pfd) {
		if (!status)
			terminal_end(u);
		sigstop_end(&f->sigs);
		fleet_live_close(&f->live);
		fleet_model_free(&f->m);
		free(f);
		free(u);
		return status ? status : BLKTOP_FAILED;
	}
	f->next_tick_ns = now_ns() + f->delay_ms * 1000000ull;
	fleet_ui_update(f);
	while (!f->leave && !(f->quitting && f->live.ended))
		wait_once(f, pfd);
	fleet_live_end(&f->live);
	terminal_end(u);
	stderr_release(u);
	sigstop_end(&f->sigs);
	status = report(args, &f->live);
	if (runctl_signo(&f->ctl))
		status = BLKTOP_SIGNAL_BASE + runctl_signo(&f->ctl);
	free(pfd);
	fleet_live_close(&f->live);
	fleet_model_free(&f->m);
	free(f);
	free(u);
	return status;
}
