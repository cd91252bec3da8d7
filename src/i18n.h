/* SPDX-License-Identifier: GPL-2.0-or-later */
/* i18n.h - gettext glue: every user-visible string goes through _(). */
#ifndef BLKTOP_I18N_H
#define BLKTOP_I18N_H

#include <libintl.h>
#include <locale.h>

#define _(s) gettext(s)
/* Marks a string for translation where it must stay a constant (tables). */
#define N_(s) (s)

#endif
