/* SPDX-License-Identifier: GPL-2.0-or-later */
/* option_cmdprio.c - fio's per-I/O priority options of libaio and
 * io_uring: cmdprio_percentage, cmdprio_class and cmdprio (a value for
 * reads and one for writes), and cmdprio_bssplit, whose text is read here
 * both as it is given (so a bad one is refused before the run) and again
 * by the engine as the job starts (engine/cmdprio.c). */
#include "config.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

/* R[,W]: as fio's two-valued numbers, one value goes for both. */
int parse_cmdprio_dirs(const struct job_option *o, struct job_spec *job, const char *value,
		       char *err, size_t errlen)
{
	char part[OPTION_DIR_PARTS][512];
	unsigned long long v[DIR_COUNT];
	unsigned *field = (unsigned *)((char *)job + o->offset);
	if (!value || !value[0] || option_split_dirs(value, part)) {
		snprintf(err, errlen, _("%s: '%s' is not a number, or one each for read,write such as 1,2"),
			 o->name, value ? value : "");
		return -1;
	}
	for (int d = 0; d < DIR_COUNT; d++) {
		v[d] = field[d];
		if (part[d][0] && (parse_uint(part[d], &v[d]) || v[d] < o->min || v[d] > o->max)) {
			snprintf(err, errlen, _("%s: '%s' is not a number from %llu to %llu"), o->name,
				 part[d], o->min, o->max);
			return -1;
		}
	}
	for (int d = 0; d < DIR_COUNT; d++)
		field[d] = (unsigned)v[d];
	return 0;
}

void format_cmdprio_dirs(const struct job_option *o, const struct job_spec *job, char *buf,
			 size_t len)
{
	const unsigned *f = (const unsigned *)((const char *)job + o->offset);
	if (f[DIR_READ] == f[DIR_WRITE])
		snprintf(buf, len, "%u", f[DIR_READ]);
	else
		snprintf(buf, len, "%u,%u", f[DIR_READ], f[DIR_WRITE]);
}

/* One entry, fio's "bs/", "bs/perc" or "bs/perc/class/level" (class and
 * level capped at 3 and 7, class 0 read as best effort, as fio). */
static int split_entry(const char *text, unsigned kb_base, struct cmdprio_split *e, char *err,
		       size_t errlen)
{
	char bs[64];
	unsigned perc = 0, cls = 0, level = 0;
	unsigned long long b;
	int m = sscanf(text, "%63[^/]/%u/%u/%u", bs, &perc, &cls, &level);
	if (m < 1 || m == 3) {
		snprintf(err, errlen, _("cmdprio_bssplit: '%s' is not size/percent or size/percent/class/level"),
			 text);
		return -1;
	}
	if (parse_size_kb(bs, kb_base, &b)) {
		snprintf(err, errlen, _("cmdprio_bssplit: '%s' is not a size such as 4k"), bs);
		return -1;
	}
	e->bs = b;
	e->pct = perc < 100 ? perc : 100;
	e->prio = -1;
	if (m == 4)
		e->prio = (int)((cls ? (cls < 3 ? cls : 3) : 2) << 13 | (level < 7 ? level : 7));
	return 0;
}

/* One direction's part: entries up to the first empty one, those of 0 %
 * dropped, in order of size (entries of one size keep their order). */
static int split_dir(char *text, unsigned kb_base, struct cmdprio_split *out, unsigned *n,
		     char *err, size_t errlen)
{
	unsigned count = 0;
	*n = 0;
	for (char *p = text; *p;) {
		char *colon = strchr(p, ':');
		if (colon)
			*colon = '\0';
		if (!*p)
			break;
		if (++count > CMDPRIO_SPLIT_MAX) {
			snprintf(err, errlen, _("cmdprio_bssplit: more than %d entries"),
				 CMDPRIO_SPLIT_MAX);
			return -1;
		}
		struct cmdprio_split e;
		if (split_entry(p, kb_base, &e, err, errlen))
			return -1;
		if (e.pct) {
			unsigned at = *n;
			while (at && out[at - 1].bs > e.bs) {
				out[at] = out[at - 1];
				at--;
			}
			out[at] = e;
			(*n)++;
		}
		if (!colon)
			break;
		p = colon + 1;
	}
	return 0;
}

int cmdprio_split_parse(const char *text, unsigned kb_base,
			struct cmdprio_split out[DIR_COUNT][CMDPRIO_SPLIT_MAX], unsigned n[DIR_COUNT],
			char *err, size_t errlen)
{
	char part[OPTION_DIR_PARTS][512];
	/* fio strips blanks around the whole value. */
	while (*text == ' ' || *text == '\t')
		text++;
	char buf[sizeof(((struct job_spec *)0)->cmdprio_bssplit)];
	snprintf(buf, sizeof(buf), "%s", text);
	for (size_t l = strlen(buf); l && (buf[l - 1] == ' ' || buf[l - 1] == '\t'); l--)
		buf[l - 1] = '\0';
	n[DIR_READ] = n[DIR_WRITE] = 0;
	if (!buf[0])
		return 0;
	if (option_split_dirs(buf, part)) {
		snprintf(err, errlen, _("cmdprio_bssplit: '%s' is not entries for read,write such as 4k/50:64k/10"),
			 text);
		return -1;
	}
	for (int d = 0; d < DIR_COUNT; d++)
		if (split_dir(part[d], kb_base, out[d], &n[d], err, errlen))
			return -1;
	return 0;
}

int parse_cmdprio_bssplit(const struct job_option *o, struct job_spec *job, const char *value,
			  char *err, size_t errlen)
{
	struct cmdprio_split s[DIR_COUNT][CMDPRIO_SPLIT_MAX];
	unsigned n[DIR_COUNT];
	const char *v = value ? value : "";
	/* fio fails to parse it empty (the job is dropped). */
	if (!v[0]) {
		snprintf(err, errlen, _("%s: an empty value (fio refuses it too)"), o->name);
		return -1;
	}
	if (strlen(v) >= sizeof(job->cmdprio_bssplit)) {
		snprintf(err, errlen, _("%s: value longer than %zu characters"), o->name,
			 sizeof(job->cmdprio_bssplit) - 1);
		return -1;
	}
	if (cmdprio_split_parse(v, job->kb_base, s, n, err, errlen))
		return -1;
	snprintf(job->cmdprio_bssplit, sizeof(job->cmdprio_bssplit), "%s", v);
	return 0;
}
