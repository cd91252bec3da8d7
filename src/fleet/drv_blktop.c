/* SPDX-License-Identifier: GPL-2.0-or-later */
/* drv_blktop.c - blktop on the far side: `blktop --dry-run` for the
 * verdict (JSON), then `blktop --batch --output-format=jsonl` for the run:
 * its interval lines are the host's live figures, its final line the
 * host's report, with the histograms the fleet's percentiles merge. The
 * write gate runs there, on the host that owns the disk. A small sh
 * wrapper there turns our closing its stdin into SIGTERM for blktop (a
 * stop with its report), and writes a job file sent on stdin to a
 * temporary file. A profile's environment steps are taken there too
 * (--profile-env), their lines kept as the host's notes. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "fleet/fleet.h"
#include "fleet/fleet_report.h"
#include "i18n.h"
#include "util/status.h"

/* $1 $2 = --job-bytes N when a job file comes first on stdin, then
 * --version-first for the check (the far side's version on a line first); the rest is
 * blktop's command line, @JOBFILE@ standing for that file. Stdin's end
 * afterwards (we closed it, or the connection dropped) stops blktop. */
static const char wrapper[] =
	"t=\n"
	"if [ \"$1\" = --job-bytes ]; then\n"
	"  t=$(mktemp) || exit 1\n"
	"  head -c \"$2\" > \"$t\"\n"
	"  shift 2\n"
	"  for a in \"$@\"; do shift\n"
	"    case $a in @JOBFILE@) a=$t;; --job=@JOBFILE@) a=--job=$t;; esac\n"
	"    set -- \"$@\" \"$a\"\n"
	"  done\n"
	"fi\n"
	"if [ \"$1\" = --version-first ]; then\n"
	"  shift\n"
	"  printf '#blktop-version %s\\n' \"$(\"$1\" --version 2>/dev/null | head -n 1)\"\n"
	"fi\n"
	"exec 3<&0\n"
	"\"$@\" </dev/null 3<&- &\n"
	"p=$!\n"
	"( cat <&3 >/dev/null 2>&1; kill -TERM $p 2>/dev/null ) >/dev/null 2>&1 &\n"
	"w=$!\n"
	"exec 3<&-\n"
	"wait $p; s=$?\n"
	"kill $w 2>/dev/null\n"
	"[ -n \"$t\" ] && rm -f \"$t\"\n"
	"exit $s\n";

static bool is_local(const struct cli_args *a, int i)
{
	for (int k = 0; k < a->nlocal; k++)
		if (a->local_argi[k] == i)
			return true;
	return false;
}

static int blktop_command(const struct fleet_job *job, const struct fleet_host *h, bool check,
			  char *buf, size_t len, char *err, size_t errlen)
{
	const struct cli_args *a = job->args;
	size_t max = (size_t)job->argc + 16, n = 0;
	const char **words = calloc(max, sizeof(*words));
	char bytes[32], jobword[64], envword[64];
	if (!words) {
		snprintf(err, errlen, "%s", _("out of memory"));
		return -1;
	}
	words[n++] = "sh";
	words[n++] = "-c";
	words[n++] = wrapper;
	words[n++] = "blktop-fleet";
	if (job->jobtext) {
		snprintf(bytes, sizeof(bytes), "%zu", job->joblen);
		words[n++] = "--job-bytes";
		words[n++] = bytes;
	}
	/* The check asks for jsonl, as the run will: a blktop too old to
	 * speak it refuses there, before any host starts, and its version
	 * (on a first line of its own) names it. */
	if (check)
		words[n++] = "--version-first";
	words[n++] = a->remote_blktop ? a->remote_blktop : "blktop";
	words[n++] = check ? "--dry-run" : "--batch";
	words[n++] = "--output-format=jsonl";
	/* A profile's environment, taken there on the host's own disk and
	 * CPUs (asked of the check too: a blktop that does not know it is
	 * broken there before any host starts). */
	if (a->profile_env && !h->no_profile_env) {
		snprintf(envword, sizeof(envword), "--profile-env=%s", a->profile_env);
		words[n++] = envword;
	}
	for (int i = 1; i < job->argc; i++) {
		if (is_local(a, i) || (h->addr.target[0] && i == a->target_argi))
			continue;
		const char *w = job->argv[i];
		if (job->jobtext && i == job->jobfile_argi) {
			/* --job=FILE or the word after --job. */
			const char *eq = strchr(w, '=');
			snprintf(jobword, sizeof(jobword), "%s@JOBFILE@",
				 w[0] == '-' && eq ? "--job=" : "");
			w = jobword;
		}
		words[n++] = w;
	}
	if (h->addr.target[0])
		words[n++] = h->addr.target;
	words[n] = NULL;
	int r = ssh_quote_argv(words, buf, len);
	free(words);
	if (r)
		snprintf(err, errlen, _("%s: the command line is too long for ssh"), h->addr.label);
	return r;
}

/* The far side's CPUs (jsonl "cpu" and "cpus") and its disks' queue
 * interrupts ("irqs"), for the host's CPU and IRQ panes. */
static void take_cpu(struct cpu_pct *out, const struct jv *o)
{
	for (int f = 0; f < CPU_NFIELDS; f++)
		out->pct[f] = jv_num(jv_get(o, cpu_field_name((enum cpu_field)f)), 0);
}

static void take_cpus_irqs(struct host_live *l, const struct jv *v)
{
	const struct jv *cpu = jv_get(v, "cpu");
	const struct jv *cpus = jv_get(v, "cpus");
	const struct jv *irqs = jv_get(v, "irqs");

	l->cpu_valid = cpu && cpu->type == JV_OBJ && cpu->n;
	if (l->cpu_valid)
		take_cpu(&l->cpu_all, cpu);
	free(l->cpus);
	l->cpus = NULL;
	l->ncpus = 0;
	if (cpus && cpus->type == JV_ARR && cpus->n && cpus->n <= CPU_MAX) {
		l->cpus = calloc(cpus->n, sizeof(*l->cpus));
		for (size_t i = 0; l->cpus && i < cpus->n; i++)
			take_cpu(&l->cpus[i], &cpus->items[i]);
		if (l->cpus)
			l->ncpus = (int)cpus->n;
	}
	free(l->irqs);
	l->irqs = NULL;
	l->nirqs = 0;
	if (irqs && irqs->type == JV_ARR && irqs->n) {
		l->irqs = calloc(irqs->n, sizeof(*l->irqs));
		for (size_t i = 0; l->irqs && i < irqs->n; i++) {
			const struct jv *q = &irqs->items[i];
			l->irqs[i].irq = (unsigned)jv_u64(jv_get(q, "irq"), 0);
			snprintf(l->irqs[i].name, sizeof(l->irqs[i].name), "%s",
				 jv_str(jv_get(q, "name"), ""));
			l->irqs[i].rate = jv_num(jv_get(q, "per_s"), 0);
		}
		if (l->irqs)
			l->nirqs = irqs->n;
	}
}

/* An interval line: the host's jobs added up, their histograms merged;
 * the merged histograms are kept for the screen's totals row. */
static void take_interval(struct fleet_host *h, const struct jv *v)
{
	struct fleet_sum sum = { 0 };
	struct host_live *l = &h->live;
	const struct jv *jobs = jv_get(v, "jobs");

	fleet_sum_add(&sum, v);
	l->intervals++;
	l->t_ms = jv_u64(jv_get(v, "t_ms"), 0);
	l->errors = 0;
	l->counts_errors = true;
	for (size_t j = 0; jobs && jobs->type == JV_ARR && j < jobs->n; j++)
		l->errors += jv_u64(jv_path(&jobs->items[j], "read.errors"), 0) +
			     jv_u64(jv_path(&jobs->items[j], "write.errors"), 0);
	for (int d = 0; d < 2; d++) {
		uint64_t pct[FLEET_NPCTS];
		l->iops[d] = sum.dir[d].iops;
		l->bw_bytes[d] = sum.dir[d].bw_bytes;
		l->has_pct[d] = fleet_percentiles(&sum.dir[d], pct);
		if (l->has_pct[d]) {
			l->p50[d] = pct[FLEET_PCT_P50];
			l->p99[d] = pct[FLEET_PCT_P99];
			l->p999[d] = pct[FLEET_PCT_P999];
		}
		free(l->bins[d]);
		l->bins[d] = NULL;
		l->nbins[d] = 0;
		if (!sum.dir[d].missing_bins) {
			l->bins[d] = sum.dir[d].bins;
			l->nbins[d] = sum.dir[d].nbins;
			sum.dir[d].bins = NULL;
		}
	}
	take_cpus_irqs(l, v);
	fleet_sum_free(&sum);
}

/* The final line's report, taken out of the line's tree. */
static void take_final(struct fleet_host *h, struct jv *v)
{
	for (size_t i = 0; v->type == JV_OBJ && i < v->n; i++) {
		if (strcmp(v->keys[i], "report") || v->items[i].type != JV_OBJ)
			continue;
		struct jv *r = malloc(sizeof(*r));
		if (!r)
			return;
		*r = v->items[i];
		memset(&v->items[i], 0, sizeof(v->items[i])); /* a null, nothing to free */
		jv_free(h->report);
		h->report = r;
		return;
	}
}

/* A note line: a step of the environment that host's blktop took
 * (--profile-env), kept a line each for the reports and the screen. */
static void take_note(struct fleet_host *h, const char *text)
{
	size_t len = strlen(text);
	char *p = realloc(h->notes, h->notes_len + len + 2);
	if (!p)
		return;
	h->notes = p;
	memcpy(p + h->notes_len, text, len);
	h->notes_len += len;
	p[h->notes_len++] = '\n';
	p[h->notes_len] = '\0';
}

static int blktop_line(struct fleet_host *h, char *line)
{
	char err[256];
	if (line[0] != '{')
		return HOST_LINE_KEEP;
	struct jv *v = jv_parse(line, strlen(line), err, sizeof(err));
	if (!v)
		return HOST_LINE_KEEP;
	const char *type = jv_str(jv_get(v, "type"), "");
	int r = HOST_LINE_TAKEN;
	if (!strcmp(type, "start")) {
		const char *version = jv_str(jv_get(v, "blktop"), "");
		if (version[0])
			snprintf(h->version, sizeof(h->version), "%s", version);
	} else if (!strcmp(type, "interval")) {
		take_interval(h, v);
		r = HOST_LINE_LIVE;
	} else if (!strcmp(type, "final")) {
		take_final(h, v);
	} else if (!strcmp(type, "note")) {
		take_note(h, jv_str(jv_get(v, "text"), ""));
	} else {
		r = HOST_LINE_KEEP;
	}
	jv_free(v);
	return r;
}

static void blktop_finish(struct fleet_host *h, bool check)
{
	char err[256];
	int st = h->exit_status;

	/* The check's first line: the far side's `blktop --version`. */
	char far_version[64] = "";
	const char *out = h->out;
	size_t outlen = h->outlen;
	if (check && out && !strncmp(out, "#blktop-version ", 16)) {
		const char *nl = memchr(out, '\n', outlen);
		size_t k = nl ? (size_t)(nl - out) - 16 : outlen - 16;
		snprintf(far_version, sizeof(far_version), "%.*s", (int)k, out + 16);
		outlen -= nl ? (size_t)(nl + 1 - out) : outlen;
		out = nl ? nl + 1 : out + outlen;
	}
	/* The run's report came on its final line; the check's is the
	 * whole output. */
	if (!h->report && out && outlen)
		h->report = jv_parse(out, outlen, err, sizeof(err));
	const struct jv *bt = jv_get(h->report, "blktop");
	const char *verdict = jv_str(jv_path(bt, "device.verdict"), "");
	snprintf(h->verdict, sizeof(h->verdict), "%s", verdict);
	const char *version = jv_str(jv_get(bt, "version"), NULL);
	if (!version)
		version = jv_str(jv_get(h->report, "fio version"), "");
	if (version[0])
		snprintf(h->version, sizeof(h->version), "%s", version);

	if (st == 255) {
		h->state = HOST_UNREACHABLE;
	} else if (st == BLKTOP_REFUSED) {
		h->state = HOST_REFUSED;
		/* The gate's line names the verdict: "refusing to write
		 * /dev/vdc: has-data: ...". */
		if (!h->verdict[0])
			for (const char *const *v = (const char *const[]){ "in-use", "read-only",
									  "has-data", NULL };
			     *v; v++)
				if (strstr(h->message, *v)) {
					snprintf(h->verdict, sizeof(h->verdict), "%s", *v);
					break;
				}
	} else if (check) {
		h->state = st == 0 && h->report ? HOST_READY : HOST_BROKEN;
	} else if (!h->report || !jv_get(h->report, "jobs")) {
		h->state = HOST_DROPPED;
	} else if (st == 0) {
		h->state = HOST_DONE;
	} else if (st > BLKTOP_SIGNAL_BASE) {
		h->state = HOST_STOPPED;
	} else {
		h->state = HOST_FAILED;
	}
	/* Its usage error on the format: a blktop from before jsonl. */
	if (h->state == HOST_BROKEN && st == BLKTOP_USAGE && strstr(h->message, "jsonl")) {
		if (!far_version[0])
			snprintf(far_version, sizeof(far_version), "%s", _("blktop of unknown version"));
		snprintf(h->version, sizeof(h->version), "%s", far_version);
		snprintf(h->message, sizeof(h->message),
			 _("%s there is too old: it does not speak --output-format=jsonl, which the "
			   "fleet reads (update it, or use --driver=fio)"),
			 far_version);
	}
	/* Its usage error on --profile-env: a blktop from before it. The
	 * host takes the steps without it (checked again, state CHECKING
	 * asks for that), its notes saying what was not taken there. */
	/* Its "unknown option '--profile-env=...'" (quoted so in every
	 * language), not a newer blktop's other usage errors naming it. */
	if (h->state == HOST_BROKEN && st == BLKTOP_USAGE && strstr(h->message, "'--profile-env") &&
	    !h->no_profile_env) {
		snprintf(h->version, sizeof(h->version), "%s", far_version);
		h->no_profile_env = true;
		h->state = HOST_CHECKING;
	}
	if (h->state == HOST_BROKEN && st == 127 && !h->message[0])
		snprintf(h->message, sizeof(h->message), "%s", _("blktop not found there"));
}

const struct host_driver host_driver_blktop = {
	.name = "blktop",
	.command = blktop_command,
	.line = blktop_line,
	.finish = blktop_finish,
};
