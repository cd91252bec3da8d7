/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fio_plan.c - the job of --driver=fio, checked and put in fio's words:
 * options that make fio run a program (exec_prerun, exec_postrun, the
 * exec and external engines) are refused before any host is reached, and
 * --readonly is added unless the job writes and the user said --force. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fleet/fio_plan.h"
#include "i18n.h"
#include "options.h"
#include "switches.h"
#include "util/status.h"

static const char readonly_word[] = "--readonly";

static bool is_local(const struct cli_args *a, int i)
{
	for (int k = 0; k < a->nlocal; k++)
		if (a->local_argi[k] == i)
			return true;
	return false;
}

/* rw's value, with or without fio's modifier (rw:8, randwrite:-4k). */
static bool mode_writes(const char *rw)
{
	size_t len = strcspn(rw, ":");
	return strstr(rw, "write") || strstr(rw, "trim") || (len == 2 && !strncmp(rw, "rw", 2)) ||
	       (len == 6 && !strncmp(rw, "randrw", 6));
}

/* An option that makes fio run a program or load code. */
static const char *runs_program(const char *name, const char *value)
{
	if (!strcmp(name, "exec_prerun") || !strcmp(name, "exec_postrun"))
		return name;
	if (!strcmp(name, "ioengine") && value &&
	    (!strcmp(value, "exec") || !strncmp(value, "external", 8)))
		return "ioengine=exec/external";
	/* fio dlopens an engine name it does not know: a path is code. */
	if (!strcmp(name, "ioengine") && value && strchr(value, '/'))
		return "ioengine=PATH";
	return NULL;
}

static int refuse_program(const char *what)
{
	fprintf(stderr,
		_("blktop: the job makes fio run a program (%s): blktop sends no such job to fio's "
		  "servers\n"),
		what);
	return BLKTOP_USAGE;
}

/* Scans a job file's lines for what runs programs and what writes. */
static int scan_jobtext(const char *text, size_t len, struct fio_plan *p)
{
	const char *s = text, *end = text + len;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
		char line[1024], name[128];
		snprintf(line, sizeof(line), "%.*s", (int)(n < sizeof(line) ? n : sizeof(line) - 1), s);
		s += n + 1;
		char *l = line;
		while (*l == ' ' || *l == '\t')
			l++;
		char *eq = strchr(l, '=');
		size_t k = eq ? (size_t)(eq - l) : strlen(l);
		while (k && (l[k - 1] == ' ' || l[k - 1] == '\t' || l[k - 1] == '\r'))
			k--;
		snprintf(name, sizeof(name), "%.*s", (int)(k < sizeof(name) ? k : sizeof(name) - 1), l);
		char *v = eq ? eq + 1 : NULL;
		while (v && (*v == ' ' || *v == '\t'))
			v++;
		if (v)
			v[strcspn(v, " \t\r#;")] = '\0';
		const char *what = runs_program(name, v);
		if (what)
			return refuse_program(what);
		if (v && (!strcmp(name, "rw") || !strcmp(name, "readwrite")) && mode_writes(v))
			p->writes = true;
	}
	return 0;
}

/* a b c, joined in a new string. */
static char *join3(const char *a, const char *b, const char *c)
{
	size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
	char *w = malloc(n);
	if (w)
		snprintf(w, n, "%s%s%s", a, b, c);
	return w;
}

/* --run: fio's command line from the user's job options (the switches
 * that are blktop's, the mode and the target left out), in fio's
 * --name=value form. */
static int plan_run(const struct fleet_job *job, struct fio_plan *p, bool *has_name)
{
	const struct cli_args *a = job->args;
	for (int i = 1; i < job->argc; i++) {
		const char *w = job->argv[i];
		if (is_local(a, i) || i == a->target_argi || w[0] != '-' || !w[1])
			continue;
		const char *n = w + 1 + (w[1] == '-');
		const char *eq = strchr(n, '=');
		char name[64];
		snprintf(name, sizeof(name), "%.*s", (int)(eq ? eq - n : (long)strlen(n)), n);
		const char *value = eq ? eq + 1 : NULL;
		const struct blktop_switch *s = switch_find(name);
		if (s) {
			if (s->arg == SW_VALUE && !value && i + 1 < job->argc &&
			    (!s->value_later || job->argv[i + 1][0] != '-'))
				i++;
			continue;
		}
		const struct job_option *o = job_option_find(name);
		if (!value && o && o->type != OPT_BOOL && i + 1 < job->argc)
			value = job->argv[++i];
		const char *what = runs_program(name, value);
		if (what)
			return refuse_program(what);
		/* blktop's own live lines: fio's server would send a status
		 * (TS) each interval, counted twice in the report. */
		if (o && !strcmp(o->name, "status-interval"))
			continue;
		if (!strcmp(name, "name"))
			*has_name = true;
		if ((!strcmp(name, "rw") || !strcmp(name, "readwrite")) && value && mode_writes(value))
			p->writes = true;
		if (p->nwords + 8 >= FIO_PLAN_MAX_WORDS)
			break;
		size_t len = strlen(name) + (value ? strlen(value) : 0) + 4;
		char *out = malloc(len);
		if (!out)
			break;
		if (value)
			snprintf(out, len, "--%s=%s", name, value);
		else
			snprintf(out, len, "--%s", name);
		p->words[p->nwords++] = out;
	}
	return 0;
}

/* The target as fio names it: a bare name is a device, as in blktop's
 * short form (vdc is /dev/vdc). */
char *fio_plan_target(const char *t)
{
	return join3("--filename=", strchr(t, '/') ? "" : "/dev/", t);
}

uint64_t fio_plan_interval_ms(const struct cli_args *a)
{
	return a->job.status_interval_ms ? a->job.status_interval_ms
	       : a->delay_ms		 ? a->delay_ms
					 : 1000;
}

/* fio's server sends its whole status (with the latency histogram) every
 * --status-interval, a command-line option only: it goes in the JOBLINE,
 * at the live figures' interval. */
static int add_status_interval(const struct fleet_job *job, struct fio_plan *p)
{
	char w[64];
	if (p->nwords >= FIO_PLAN_MAX_WORDS)
		return BLKTOP_USAGE;
	snprintf(w, sizeof(w), "--status-interval=%llums",
		 (unsigned long long)fio_plan_interval_ms(job->args));
	char *d = strdup(w);
	if (!d)
		return BLKTOP_FAILED;
	p->words[p->nwords++] = d;
	return 0;
}

int fio_plan_make(const struct fleet_job *job, struct fio_plan *p)
{
	const struct cli_args *a = job->args;
	bool has_name = false;
	memset(p, 0, sizeof(*p));
	p->words[p->nwords++] = "fio";
	size_t fixed = 1;
	int r;
	if (job->jobtext) {
		r = scan_jobtext(job->jobtext, job->joblen, p);
	} else {
		p->words[p->nwords++] = NULL; /* --readonly's place, filled below */
		fixed = p->nwords;
		r = plan_run(job, p, &has_name);
		if (a->run_mode && mode_writes(a->run_mode))
			p->writes = true;
	}
	if (r)
		return r;
	p->readonly = !(p->writes && a->force);
	if (p->writes && a->force)
		fputs(_("blktop: --force: fio runs this job, which writes, without --readonly on every "
			"host\n"),
		      stderr);
	else if (p->writes)
		fputs(_("blktop: fio runs the job with --readonly on every host, so fio refuses its "
			"writes (--force allows them)\n"),
		      stderr);
	else
		fputs(_("blktop: fio runs the job with --readonly on every host\n"), stderr);
	if (job->jobtext) {
		if (p->readonly)
			p->words[p->nwords++] = readonly_word;
		p->jobline = true;
		return add_status_interval(job, p);
	}
	/* --run: [--readonly] --name=MODE --rw=MODE --filename=T, then the
	 * user's words; with the user's own --name, rw and filename come
	 * first, as global options. */
	p->jobline = true;
	const char *mode = a->run_mode ? a->run_mode : "read";
	const char *lead[3];
	size_t nl = 0;
	if (!has_name)
		lead[nl++] = join3("--name=", mode, "");
	lead[nl++] = join3("--rw=", mode, "");
	for (size_t k = p->nwords; k-- > fixed;)
		p->words[k + nl] = p->words[k];
	for (size_t k = 0; k < nl; k++)
		p->words[fixed + k] = lead[k];
	p->nwords += nl;
	p->target_at = fixed + nl;
	if (p->readonly) {
		p->words[1] = readonly_word;
	} else {
		memmove(&p->words[1], &p->words[2], (p->nwords - 2) * sizeof(char *));
		p->nwords--;
		p->target_at--;
	}
	return add_status_interval(job, p);
}

/* A line's option name ("filename" of "  filename = x"), cut to len. */
static void line_name(const char *s, size_t n, char *name, size_t len)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	const char *eq = memchr(s, '=', n);
	size_t k = eq ? (size_t)(eq - s) : n;
	while (k && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r'))
		k--;
	snprintf(name, len, "%.*s", (int)(k < len ? k : len - 1), s);
}

char *fio_plan_jobtext(const char *text, size_t len, const char *target, size_t *outlen)
{
	char *fw = fio_plan_target(target);
	if (!fw)
		return NULL;
	/* "[global]\nfilename=T\n" first: fio applies a global section to
	 * every job after it, and a later one adds to it. */
	size_t cap = len + strlen(fw) + 64, n = 0;
	char *out = malloc(cap);
	if (!out) {
		free(fw);
		return NULL;
	}
	n += (size_t)snprintf(out, cap, "; blktop: this host's target, from --hosts\n[global]\n%s\n",
			      fw + 2);
	free(fw);
	const char *s = text, *end = text + len;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t k = nl ? (size_t)(nl - s) + 1 : (size_t)(end - s);
		char name[64];
		line_name(s, k, name, sizeof(name));
		/* Every section's own filename gives way to the host's. */
		if (strcasecmp(name, "filename")) {
			memcpy(out + n, s, k);
			n += k;
		}
		s += k;
	}
	out[n] = '\0';
	*outlen = n;
	return out;
}

void fio_plan_free(struct fio_plan *p)
{
	for (size_t i = 1; i < p->nwords; i++)
		if (p->words[i] != readonly_word)
			free((char *)p->words[i]);
}
