/* SPDX-License-Identifier: GPL-2.0-or-later */
/* draw.c - width-aware text output on stdscr. Translations are laid out
 * by display cells, so a Chinese label does not push columns apart. */
#include "config.h"
#include "screen/draw.h"
#include "screen/pane.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define WBUF 1024

/* Converts s to wide characters; bytes that do not decode become '?'. */
static size_t to_wide(const char *s, wchar_t *out, size_t max)
{
	mbstate_t st;
	size_t n = 0;
	memset(&st, 0, sizeof(st));
	while (*s && n < max) {
		wchar_t wc;
		size_t r = mbrtowc(&wc, s, strlen(s), &st);
		if (r == (size_t)-1 || r == (size_t)-2) {
			memset(&st, 0, sizeof(st));
			wc = L'?';
			r = 1;
		}
		out[n++] = wc;
		s += r;
	}
	return n;
}

static int cell_width(wchar_t wc)
{
	int w = wcwidth(wc);
	return w < 0 ? 1 : w;
}

int text_width(const char *s)
{
	wchar_t wb[WBUF];
	size_t n = to_wide(s, wb, WBUF);
	int w = 0;
	for (size_t i = 0; i < n; i++)
		w += cell_width(wb[i]);
	return w;
}

int draw_text(int y, int x, int maxw, attr_t a, const char *s)
{
	wchar_t wb[WBUF];
	size_t n = to_wide(s, wb, WBUF);
	int used = 0;
	size_t k = 0;
	if (maxw <= 0)
		return 0;
	for (; k < n; k++) {
		if (wb[k] < L' ')
			wb[k] = L'?';
		int cw = cell_width(wb[k]);
		if (used + cw > maxw)
			break;
		used += cw;
	}
	attr_t old;
	short pair;
	attr_get(&old, &pair, NULL);
	attrset(a);
	mvaddnwstr(y, x, wb, (int)k);
	attrset(old);
	return used;
}

int draw_text_right(int y, int x, int w, attr_t a, const char *s)
{
	int tw = text_width(s);
	if (tw > w)
		return draw_text(y, x, w, a, s);
	return draw_text(y, x + w - tw, tw, a, s);
}

/* Chinese text has no spaces: a line may also end next to a wide
 * character, but not before closing or after opening punctuation. */
static bool cjk_break_before(const wchar_t *wb, size_t i, size_t j)
{
	if (j <= i || wb[j] == L' ')
		return false;
	if (cell_width(wb[j]) != 2 && cell_width(wb[j - 1]) != 2)
		return false;
	return !wcschr(L"\uFF0C\u3002\u3001\uFF1B\uFF1A\uFF01\uFF1F\uFF09\u300B\u300D\u300F", wb[j]) &&
	       !wcschr(L"\uFF08\u300A\u300C\u300E", wb[j - 1]);
}

int draw_wrapped(int y, int x, int w, int maxlines, attr_t a, const char *s)
{
	wchar_t wb[WBUF];
	size_t n = to_wide(s, wb, WBUF), i = 0;
	int line = 0;
	attr_t old;
	short pair;
	if (w <= 0)
		return 0;
	attr_get(&old, &pair, NULL);
	attrset(a);
	while (i < n && line < maxlines) {
		while (i < n && wb[i] == L' ')
			i++;
		size_t j = i, brk = 0;
		int used = 0;
		for (; j < n; j++) {
			if (wb[j] < L' ')
				wb[j] = L'?';
			int cw = cell_width(wb[j]);
			if (used + cw > w) {
				if (cjk_break_before(wb, i, j))
					brk = j;
				break;
			}
			if (wb[j] == L' ' || cjk_break_before(wb, i, j))
				brk = j;
			used += cw;
		}
		size_t end = j < n && brk > i ? brk : j;
		if (end == i)
			break;
		mvaddnwstr(y + line, x, wb + i, (int)(end - i));
		i = end;
		line++;
	}
	attrset(old);
	return line;
}

void flow_init(struct flow *f, int y, int x, int w, int lines)
{
	f->y = f->y0 = y;
	f->x = f->x0 = x;
	f->w = w;
	f->yend = y + lines;
	f->used = 0;
}

bool flow_put(struct flow *f, const char *key, attr_t ka, const char *value, attr_t va)
{
	int need = text_width(key) + 1 + text_width(value);
	if (f->x > f->x0 && f->x + need > f->x0 + f->w) {
		f->y++;
		f->x = f->x0;
	}
	if (f->y >= f->yend)
		return false;
	int end = f->x0 + f->w;
	f->x += draw_text(f->y, f->x, end - f->x, ka, key);
	f->x += draw_text(f->y, f->x, end - f->x, va, " ");
	f->x += draw_text(f->y, f->x, end - f->x, va, value);
	f->x += draw_text(f->y, f->x, end - f->x, va, "  ");
	f->used = f->y - f->y0 + 1;
	return true;
}

void draw_blank(int y, int x, int w, attr_t a)
{
	attr_t old;
	short pair;
	attr_get(&old, &pair, NULL);
	attrset(a);
	mvhline(y, x, ' ', w);
	attrset(old);
}

void draw_pane_title(const struct theme *t, struct rect r, const char *title,
		     const char *extra, bool focused)
{
	attr_t line = t->attr[EL_PANE_TITLE] & ~A_BOLD;
	for (int i = 0; i < r.w; i++)
		draw_text(r.y, r.x + i, 1, line, t->hline);
	int x = r.x + 1;
	if (r.w < 4)
		return;
	x += draw_text(r.y, x, r.w - 2, focused ? t->attr[EL_PANE_FOCUS]
						 : t->attr[EL_PANE_TITLE], title);
	if (extra && *extra && x + 2 < r.x + r.w - 1) {
		draw_text(r.y, x, 1, t->attr[EL_NORMAL], " ");
		x++;
		x += draw_text(r.y, x, r.x + r.w - 1 - x, t->attr[EL_NORMAL], extra);
		if (x < r.x + r.w - 1)
			draw_text(r.y, x, 1, t->attr[EL_NORMAL], " ");
	}
}

void draw_vline(const struct theme *t, int y, int x, int h)
{
	for (int i = 0; i < h; i++)
		draw_text(y + i, x, 1, t->attr[EL_PANE_TITLE] & ~A_BOLD, t->vline);
}

void pane_scroll_to_selection(struct pane_state *st, int nrows, int visible)
{
	if (visible < 1)
		visible = 1;
	if (st->sel >= nrows)
		st->sel = nrows - 1;
	if (st->sel < 0)
		st->sel = 0;
	if (st->sel < st->top)
		st->top = st->sel;
	if (st->sel >= st->top + visible)
		st->top = st->sel - visible + 1;
	if (st->top > nrows - visible)
		st->top = nrows - visible;
	if (st->top < 0)
		st->top = 0;
}
