/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procmenu.h - the procedure menu (p): the seven built-in procedures
 * (--profile, --suite, --sweep) with their one-line titles, a runtime per
 * step, and the same safety check as the workload form: a has-data device
 * needs its name typed, in-use and read-only are refused. */
#ifndef BLKTOP_SCREEN_PROCMENU_H
#define BLKTOP_SCREEN_PROCMENU_H

#include <limits.h>
#include <stdbool.h>

#include "procedures/procedure.h"
#include "screen/devsource.h"
#include "screen/draw.h"
#include "screen/keys.h"
#include "screen/theme.h"

enum procmenu_result { PM_NONE, PM_CLOSE, PM_START };

struct procmenu {
	bool open;
	int sel;                     /* a row of proc_registry */
	unsigned runtime_s;          /* per step; + and - change it */
	char dev_name[64];
	char dev_path[PATH_MAX];
	bool confirming;             /* waiting for the device's name */
	char confirm_text[128];
	char message[1200];
	bool message_error;
	bool force;                  /* the name was typed (has-data) */
};

void procmenu_open(struct procmenu *pm, const struct dev_row *d, unsigned runtime_s);
enum procmenu_result procmenu_key(struct procmenu *pm, struct key_event ev,
				  const struct dev_rows *devs);
void procmenu_draw(const struct procmenu *pm, const struct theme *t, struct rect r);

#endif
