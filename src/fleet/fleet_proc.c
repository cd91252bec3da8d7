/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_proc.c - --hosts with --profile, --suite or --sweep. The
 * procedure expands its steps exactly as on one host (src/procedures,
 * told that the target is the hosts'), and each step is one fleet run of
 * that step's jobs on every host at once, by either driver; the next step
 * starts when every host has ended this one, so a step's fleet figures
 * are simultaneous. The step's rows of the procedure's table are the
 * fleet's totals: rates added, percentiles from the merged histograms.
 * A host that refuses refuses alone (the others wait unless
 * --hosts-partial); a host that drops leaves the fleet for the steps
 * after, the rest go on. The front end waits for each step's run
 * (fp->runner): the batch here, the fleet's screen in its event loop.
 * A profile's environment steps are each host's own: a far-side blktop
 * is started with --profile-env and says what it did (the host's notes). */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/fleet.h"
#include "fleet/fleet_priv.h"
#include "fleet/fleet_proc.h"
#include "fleet/fleet_report.h"
#include "i18n.h"
#include "options.h"
#include "output/json.h"
#include "output/writer.h"
#include "procedures/procedure.h"
#include "util/clock.h"
#include "util/runctl.h"
#include "util/sigstop.h"
#include "util/status.h"

static void on_note(const char *line, void *arg)
{
	struct fleet_proc *fp = arg;
	if (fp->notes) {
		fprintf(fp->notes, "%s\n", line);
		fflush(fp->notes);
	} else {
		/* Kept for the report, each before the step it came before. */
		struct fleet_note *v = realloc(fp->kept, (fp->nkept + 1) * sizeof(*v));
		char *text = strdup(line);
		if (v)
			fp->kept = v;
		if (v && text)
			fp->kept[fp->nkept++] = (struct fleet_note){ .text = text, .before = fp->nsteps };
		else
			free(text);
	}
	if (fp->hooks.note)
		fp->hooks.note(line, fp->hooks.arg);
}

static void on_row(const struct proc_table *t, size_t row, void *arg)
{
	struct fleet_proc *fp = arg;
	if (fp->hooks.row)
		fp->hooks.row(t, row, fp->hooks.arg);
}

/* The step's jobs as fio's command line: --name=JOB, then each option the
 * job has other than its default (the target is the hosts', given apart).
 * Both drivers take it: the far-side blktop as its command line, fio's
 * server as its JOBLINE. */
static int add_word(char ***w, size_t *n, size_t *cap, const char *a, const char *b)
{
	if (*n + 2 > *cap) {
		size_t c = *cap ? *cap * 2 : 64;
		char **p = realloc(*w, c * sizeof(*p));
		if (!p)
			return -1;
		*w = p;
		*cap = c;
	}
	size_t len = strlen(a) + strlen(b) + 1;
	char *s = malloc(len);
	if (!s)
		return -1;
	snprintf(s, len, "%s%s", a, b);
	(*w)[(*n)++] = s;
	(*w)[*n] = NULL;
	return 0;
}

static bool option_sent(const struct job_option *o)
{
	static const char *const apart[] = { "name", "filename", "directory", "rwmixwrite", NULL };
	for (size_t i = 0; apart[i]; i++)
		if (!strcmp(o->name, apart[i]))
			return false;
	return true;
}

static int step_words(const struct fleet_proc *fp, const struct job_set *set, char ***wp,
		      size_t *np, int *target_argi)
{
	const struct cli_args *a = fp->args;
	struct job_spec def;
	size_t cap = 0;
	char **w = NULL;
	int r = 0;
	*np = 0;
	*target_argi = 0;
	job_defaults(&def);
	r |= add_word(&w, np, &cap, "blktop", "");
	for (size_t j = 0; !r && j < set->njobs; j++) {
		const struct job_spec *js = &set->jobs[j];
		r |= add_word(&w, np, &cap, "--name=", js->name);
		for (size_t k = 0; !r && k < job_options_count; k++) {
			const struct job_option *o = &job_options[k];
			char have[4200], want[4200], lead[80];
			if (!option_sent(o))
				continue;
			job_option_format(js, o, have, sizeof(have));
			job_option_format(&def, o, want, sizeof(want));
			if (!strcmp(have, want))
				continue;
			snprintf(lead, sizeof(lead), "--%s=", o->name);
			r |= add_word(&w, np, &cap, lead, have);
		}
	}
	if (!r && a->force)
		r |= add_word(&w, np, &cap, "--force", "");
	if (!r && a->readonly)
		r |= add_word(&w, np, &cap, "--readonly", "");
	const char *target = a->target_argi ? fp->argv[a->target_argi] : a->job.filename;
	if (!r && target[0]) {
		*target_argi = (int)*np;
		r |= add_word(&w, np, &cap, target, "");
	}
	*wp = w;
	return r;
}

static void words_free(char **w, size_t n)
{
	for (size_t i = 0; w && i < n; i++)
		free(w[i]);
	free(w);
}

/* Total latency over hosts: N, mean, pooled deviation, min and max. */
struct lat_pool {
	uint64_t n;
	double sum, sumsq, min, max;
};

static void lat_pool_add(struct lat_pool *p, const struct jv *lat)
{
	uint64_t n = jv_u64(jv_get(lat, "N"), 0);
	if (!n)
		return;
	double mean = jv_num(jv_get(lat, "mean"), 0), sd = jv_num(jv_get(lat, "stddev"), 0);
	double mn = jv_num(jv_get(lat, "min"), 0), mx = jv_num(jv_get(lat, "max"), 0);
	p->sum += mean * (double)n;
	p->sumsq += sd * sd * (double)(n - 1) + mean * mean * (double)n;
	p->min = p->n && p->min < mn ? p->min : mn;
	p->max = p->max > mx ? p->max : mx;
	p->n += n;
}

/* A row from the fleet's sum of one job (group) over the hosts. */
static void row_from_sum(struct proc_row *row, struct fleet_sum *sum, const struct lat_pool *lp,
			 uint64_t runtime_ms)
{
	struct fleet_dir both = { 0 };
	uint64_t pct[FLEET_NPCTS], clat_n = 0;
	double clat_sum = 0;
	row->runtime_ms = runtime_ms;
	row->iops = row->bw_bytes = 0;
	for (int d = 0; d < FLEET_DIRS; d++) {
		row->iops += sum->dir[d].iops;
		row->bw_bytes += sum->dir[d].bw_bytes;
		clat_n += sum->dir[d].clat_n;
		clat_sum += sum->dir[d].clat_sum;
		both.missing_bins |= sum->dir[d].missing_bins;
		fleet_dir_add_bins(&both, sum->dir[d].bins, sum->dir[d].nbins);
	}
	/* The hosts' per-second samples do not add up to the fleet's: the
	 * row's range is the fleet's mean. */
	row->iops_min = row->iops_max = row->iops;
	row->clat_avg_ns = clat_n ? clat_sum / (double)clat_n : 0;
	if (fleet_percentiles(&both, pct)) {
		row->clat_p50_ns = (double)pct[FLEET_PCT_P50];
		row->clat_p99_ns = (double)pct[FLEET_PCT_P99];
		row->clat_p999_ns = (double)pct[FLEET_PCT_P999];
		row->clat_p9999_ns = (double)pct[FLEET_NPCTS - 1];
	}
	free(both.bins);
	if (lp->n) {
		double mean = lp->sum / (double)lp->n;
		double var = lp->n > 1 ? (lp->sumsq - mean * mean * (double)lp->n) / (double)(lp->n - 1)
				       : 0;
		row->lat_avg_ns = mean;
		row->lat_stdev_ns = var > 0 ? sqrt(var) : 0;
		row->lat_min_ns = lp->min;
		row->lat_max_ns = lp->max;
	}
}

static bool has_jobs(const struct fleet_host *h)
{
	return h->report && jv_get(h->report, "jobs");
}

/* The step's rows from the hosts' reports: report entry g is the step's
 * job g (one entry a group; a step of one job takes every entry). */
static size_t fill_rows(const struct fleet_host *run, size_t nrun, const struct job_set *set,
			struct proc_table *t, size_t first)
{
	size_t reported = 0;
	for (size_t i = 0; i < nrun; i++)
		reported += has_jobs(&run[i]);
	for (size_t g = 0; g < set->njobs && first + g < t->nrows; g++) {
		struct fleet_sum sum = { 0 };
		struct lat_pool lp = { 0 };
		uint64_t runtime = 0;
		for (size_t i = 0; i < nrun; i++) {
			const struct jv *jobs = has_jobs(&run[i]) ? jv_get(run[i].report, "jobs") : NULL;
			if (!jobs || jobs->type != JV_ARR)
				continue;
			for (size_t k = 0; k < jobs->n; k++) {
				const struct jv *job = &jobs->items[k];
				if (jobs->n == set->njobs ? k != g : set->njobs != 1)
					continue;
				fleet_sum_add_job(&sum, job);
				for (int d = 0; d < 2; d++) {
					const struct jv *o = jv_get(job, d ? "write" : "read");
					uint64_t rt = jv_u64(jv_get(o, "runtime"), 0);
					runtime = rt > runtime ? rt : runtime;
					lat_pool_add(&lp, jv_get(o, "lat_ns"));
				}
			}
		}
		row_from_sum(&t->rows[first + g], &sum, &lp, runtime);
		fleet_sum_free(&sum);
	}
	return reported;
}

static void rows_state(struct proc_table *t, size_t first, size_t n, enum proc_row_state s,
		       int status, const char *note)
{
	for (size_t i = first; i < first + n && i < t->nrows; i++) {
		t->rows[i].state = s;
		t->rows[i].status = status;
		snprintf(t->rows[i].note, sizeof(t->rows[i].note), "%s", note);
	}
}

static void host_blank(struct fleet_host *h, const struct fleet_host *from)
{
	memset(h, 0, sizeof(*h));
	h->addr = from->addr;
	h->drv = from->drv;
	h->print_live = from->print_live;
	h->no_profile_env = from->no_profile_env;
	h->proc.pid = -1;
	h->proc.in = h->proc.out = h->proc.err = -1;
}

static bool host_lost(enum host_state s)
{
	return s == HOST_DROPPED || s == HOST_UNREACHABLE || s == HOST_BROKEN;
}

void fleet_proc_gone_host(const struct fleet_proc *fp, size_t i, struct fleet_host *out)
{
	host_blank(out, &fp->hosts[i]);
	out->state = fp->hosts[i].state;
	/* Steps are numbered as their first row, as "Step 3 of 7" says. */
	size_t at = fp->gone_at[i];
	if (at && at <= fp->nsteps)
		at = fp->steps[at - 1].index + 1;
	else if (at)
		at = fp->cur.first + 1; /* the step running now */
	snprintf(out->message, sizeof(out->message), _("left the fleet at step %zu"), at);
}

/* The step's hosts as they ended: the ones that ran, the ones gone. */
static struct fleet_host *step_record(struct fleet_proc *fp, struct fleet_host *run,
				      const size_t *idx, size_t nrun, size_t step)
{
	struct fleet_host *rec = calloc(fp->n, sizeof(*rec));
	if (!rec)
		return NULL;
	for (size_t i = 0; i < fp->n; i++)
		if (fp->gone[i])
			fleet_proc_gone_host(fp, i, &rec[i]);
	for (size_t k = 0; k < nrun; k++) {
		size_t i = idx[k];
		sshproc_kill(&run[k].proc, 500);
		sshproc_free(&run[k].proc);
		rec[i] = run[k];
		/* Its blktop's refusal of --profile-env holds for the steps after. */
		fp->hosts[i].no_profile_env |= run[k].no_profile_env;
		enum host_state s = run[k].state;
		if (host_lost(s)) {
			fp->gone[i] = true;
			fp->gone_at[i] = step + 1;
			fp->hosts[i].state = s;
		}
	}
	return rec;
}

static void host_clear(struct fleet_host *h)
{
	sshproc_kill(&h->proc, 500);
	sshproc_free(&h->proc);
	free(h->out);
	free(h->notes);
	jv_free(h->report);
	host_live_free(&h->live);
}

/* After a step that did not start: when no host refused it and some were
 * lost, those leave the fleet (at this step) and the others are set to
 * take it again. True when some are left to take it. */
static bool drop_lost(struct fleet_proc *fp, struct fleet_host *run, size_t *idx, size_t *nrun)
{
	size_t lost = 0, k = 0;
	for (size_t i = 0; i < *nrun; i++) {
		if (run[i].state == HOST_REFUSED)
			return false;
		lost += host_lost(run[i].state);
	}
	if (!lost || lost == *nrun)
		return false;
	for (size_t i = 0; i < *nrun; i++) {
		size_t at = idx[i];
		enum host_state s = run[i].state;
		host_clear(&run[i]);
		if (host_lost(s)) {
			fp->gone[at] = true;
			fp->gone_at[at] = fp->nsteps + 1;
			fp->hosts[at].state = s;
			continue;
		}
		host_blank(&run[k], &fp->hosts[at]);
		idx[k++] = at;
	}
	*nrun = k;
	return true;
}

static void step_print(const struct fleet_proc *fp, const struct fleet_step *s, size_t planned,
		       FILE *out)
{
	if (fp->args->format != OUTPUT_NORMAL)
		return;
	if (planned)
		fprintf(out, _("\nStep %zu of %zu: %s\n"), s->index + 1, planned, s->label);
	else
		fprintf(out, _("\nStep %zu: %s\n"), s->index + 1, s->label);
	fleet_report_normal(out, s->hosts, fp->n, s->started);
	fflush(out);
}

bool fleet_proc_left(const struct fleet_proc *fp, uint64_t now_ns, uint64_t *left_ms,
		     uint64_t *overhead_ms, bool *guessed)
{
	struct fleet_eta_step st = { .job_ms = fp->cur.ms, .first = fp->cur.first,
				     .rows = fp->cur.rows, .planned = fp->cur.planned };
	*overhead_ms = fleet_eta_overhead_ms(&fp->eta, guessed);
	return fleet_eta_left(&fp->eta, &st, now_ns, left_ms);
}

/* The procedure's clock when a step ends (--batch, normal output): the
 * time so far, and how much is left, each step to come taken as long as
 * this one's jobs plus the overhead the steps so far had beyond theirs. */
static void step_clock(const struct fleet_proc *fp, FILE *out)
{
	uint64_t now = now_ns(), left, ovh;
	bool guessed;
	if (fp->args->format != OUTPUT_NORMAL || runctl_stopped(fp->ctl))
		return;
	double el = (double)(now - fp->start_ns) / 1e9;
	if (!fleet_proc_left(fp, now, &left, &ovh, &guessed)) {
		fprintf(out, _("Clock: elapsed %.1f s\n"), el);
		return;
	}
	fprintf(out,
		guessed ? _("Clock: elapsed %.1f s, about %.1f s left of about %.1f s (a step's "
			    "overhead beyond its jobs: %.1f s, guessed)\n")
			: _("Clock: elapsed %.1f s, about %.1f s left of about %.1f s (a step's "
			    "overhead beyond its jobs: %.1f s, measured)\n"),
		el, (double)left / 1000.0, el + (double)left / 1000.0, (double)ovh / 1000.0);
	fflush(out);
}

static int run_step(const struct proc_remote *r, const struct job_set *set, struct proc_table *t,
		    size_t first, char *err, size_t errlen)
{
	struct fleet_proc *fp = r->arg;
	struct cli_args sa = *fp->args;
	char **words = NULL;
	size_t nwords = 0, nrun = 0;
	int target_argi;
	struct fleet_step *steps = realloc(fp->steps, (fp->nsteps + 1) * sizeof(*steps));
	struct fleet_host *run = calloc(fp->n, sizeof(*run));
	size_t *idx = calloc(fp->n, sizeof(*idx));
	if (steps)
		fp->steps = steps;
	if (!steps || !run || !idx || step_words(fp, set, &words, &nwords, &target_argi)) {
		free(run);
		free(idx);
		words_free(words, nwords);
		snprintf(err, errlen, "%s", _("out of memory"));
		rows_state(t, first, set->njobs, ROW_FAILED, BLKTOP_FAILED, err);
		return BLKTOP_FAILED;
	}
	/* The step as a --run of fio's command-line jobs: nothing of the
	 * user's command line but what the words say. */
	sa.mode = MODE_RUN;
	sa.run_mode = NULL;
	sa.procedure = NULL;
	sa.jobfile = NULL;
	sa.jobfile_argi = 0;
	sa.nlocal = 0;
	sa.target_argi = target_argi;
	/* A profile's environment is the far side's to take, on the host
	 * that owns the disk: its blktop is started with --profile-env
	 * (fio's server cannot take it; the profile said so). */
	sa.profile_env = fp->remote.env_on_hosts && proc_entry_of(fp->kind)->family == PROC_PROFILE
				 ? procedure_name(fp->kind) : NULL;
	struct fleet_job job = { .args = &sa, .argc = (int)nwords, .argv = words };
	for (size_t i = 0; i < fp->n; i++)
		if (!fp->gone[i]) {
			host_blank(&run[nrun], &fp->hosts[i]);
			idx[nrun++] = i;
		}
	/* What the step is, for a front end to show while it runs. */
	fp->cur.label[0] = '\0';
	fp->cur.ms = 0;
	for (size_t g = 0; g < set->njobs && first + g < t->nrows; g++) {
		size_t used = strlen(fp->cur.label);
		snprintf(fp->cur.label + used, sizeof(fp->cur.label) - used, "%s%s", g ? ", " : "",
			 t->rows[first + g].label);
	}
	/* Its groups run one after another; a job bound by size only has
	 * no length known in advance. */
	for (size_t j = 0; j < set->njobs; j++) {
		const struct job_spec *js = &set->jobs[j];
		if (!js->runtime_ms) {
			fp->cur.ms = 0;
			break;
		}
		fp->cur.ms += js->ramp_ms + js->runtime_ms;
	}
	fp->cur.first = first;
	fp->cur.rows = set->njobs;
	fp->cur.planned = t->planned;
	int status = 0;
	fleet_eta_begin(&fp->eta, now_ns());
	bool go = nrun && fp->runner(fp, &job, run, idx, nrun, &status);
	/* A host lost since the last step (it cannot be reached, its blktop
	 * is gone) does not keep the others from this step as a refusal
	 * would: it leaves the fleet and the step runs on the rest. */
	while (!go && !status && fp->nsteps && !runctl_stopped(fp->ctl) &&
	       drop_lost(fp, run, idx, &nrun))
		go = fp->runner(fp, &job, run, idx, nrun, &status);
	/* Its time beyond its jobs' is the overhead the steps to come are
	 * taken to have (not a stopped step's: it ended early). */
	fleet_eta_end(&fp->eta, now_ns(), fp->cur.ms, go && !runctl_stopped(fp->ctl));
	struct fleet_step *s = &fp->steps[fp->nsteps];
	memset(s, 0, sizeof(*s));
	snprintf(s->label, sizeof(s->label), "%s", fp->cur.label);
	s->index = first;
	s->started = go;
	s->hosts = step_record(fp, run, idx, nrun, fp->nsteps);
	size_t reported = go ? fill_rows(run, nrun, set, t, first) : 0;
	bool refused = false;
	char who[sizeof(run[0].addr.label)] = "";
	for (size_t k = 0; k < nrun; k++)
		if (run[k].state == HOST_REFUSED && !refused) {
			refused = true;
			snprintf(who, sizeof(who), "%s", run[k].addr.label);
		}
	int st = 0;
	if (!s->hosts) {
		snprintf(err, errlen, "%s", _("out of memory"));
		st = BLKTOP_FAILED;
	} else {
		fp->nsteps++;
		int hs = fleet_status(s->hosts, fp->n);
		if (hs == BLKTOP_REFUSED || (hs && !fp->worst))
			fp->worst = hs;
		if (fp->print_steps) {
			step_print(fp, s, t->planned, fp->out);
			step_clock(fp, fp->out);
		}
	}
	free(run);
	free(idx);
	words_free(words, nwords);
	if (st)
		return st;
	if (!nrun) {
		snprintf(err, errlen, "%s", _("no host is left in the fleet"));
		st = BLKTOP_FAILED;
	} else if (status) {
		snprintf(err, errlen, "%s", _("the step's job could not be sent to the hosts"));
		st = status;
	} else if (!go && refused) {
		snprintf(err, errlen, _("host %s refused the step; no host ran it (--hosts-partial runs the others)"),
			 who);
		st = BLKTOP_REFUSED;
	} else if (!go || !reported) {
		snprintf(err, errlen, "%s", _("no host ran the step"));
		st = BLKTOP_FAILED;
	}
	if (st) {
		rows_state(t, first, set->njobs, ROW_FAILED, st, err);
		return st;
	}
	char note[256] = "";
	if (reported < nrun)
		snprintf(note, sizeof(note), _("%zu of %zu hosts reported"), reported, nrun);
	if (runctl_stopped(fp->ctl))
		rows_state(t, first, set->njobs, ROW_STOPPED, 0,
			   _("stopped: figures cover the time that ran"));
	else
		rows_state(t, first, set->njobs, ROW_DONE, 0, note);
	return 0;
}

static bool batch_runner(struct fleet_proc *fp, const struct fleet_job *job,
			 struct fleet_host *run, const size_t *idx, size_t nrun, int *status)
{
	(void)idx;
	return fleet_run_hosts(job, run, nrun, fp->ctl, fp->sigs, status);
}

int fleet_proc_open(struct fleet_proc *fp, const struct cli_args *args, int argc, char **argv,
		    enum proc_kind *kind)
{
	memset(fp, 0, sizeof(*fp));
	fp->args = args;
	fp->argv = argv;
	if (procedure_kind(args->mode, args->procedure, kind))
		return procedure_unknown(args);
	int status = fleet_setup(args, argc, argv, &fp->job, &fp->hosts, &fp->n);
	if (status)
		return status;
	fp->gone = calloc(fp->n, sizeof(*fp->gone));
	fp->gone_at = calloc(fp->n, sizeof(*fp->gone_at));
	if (!fp->gone || !fp->gone_at) {
		fleet_proc_close(fp);
		return BLKTOP_FAILED;
	}
	return 0;
}

int fleet_proc_run(struct fleet_proc *fp, enum proc_kind kind, struct proc_table *table,
		   char *err, size_t errlen)
{
	const struct cli_args *args = fp->args;
	struct proc_request req = { .kind = kind, .job = args->job, .force = args->force,
				    .lat_limit_us = args->lat_limit_us, .ctl = fp->ctl,
				    .remote = &fp->remote };
	struct proc_hooks hooks = { .note = on_note, .row = on_row, .arg = fp };
	fp->remote = (struct proc_remote){ .run_step = run_step, .arg = fp,
					   .env_on_hosts = !args->fio_driver };
	fp->kind = kind;
	fp->start_ns = now_ns();
	memset(&fp->eta, 0, sizeof(fp->eta));
	int st = procedure_run(&req, &hooks, table, err, errlen);
	/* A refusal outranks a failure, as for one run. */
	if (fp->worst == BLKTOP_REFUSED || (fp->worst && !st))
		st = fp->worst;
	return st;
}

void fleet_proc_print_steps(const struct fleet_proc *fp, const struct proc_table *t, FILE *out)
{
	size_t k = 0;
	FILE *notes = fp->args->format == OUTPUT_NORMAL ? out : stderr;
	for (size_t i = 0; i <= fp->nsteps; i++) {
		for (; k < fp->nkept && fp->kept[k].before <= i; k++)
			fprintf(notes, "%s\n", fp->kept[k].text);
		if (i < fp->nsteps)
			step_print(fp, &fp->steps[i], t->planned, out);
	}
}

void fleet_proc_close(struct fleet_proc *fp)
{
	for (size_t i = 0; i < fp->nsteps; i++) {
		for (size_t k = 0; fp->steps[i].hosts && k < fp->n; k++) {
			struct fleet_host *h = &fp->steps[i].hosts[k];
			free(h->out);
			free(h->notes);
			jv_free(h->report);
			host_live_free(&h->live);
		}
		free(fp->steps[i].hosts);
	}
	free(fp->steps);
	for (size_t i = 0; i < fp->nkept; i++)
		free(fp->kept[i].text);
	free(fp->kept);
	free(fp->gone);
	free(fp->gone_at);
	if (fp->hosts)
		fleet_free(&fp->job, fp->hosts, fp->n);
	memset(fp, 0, sizeof(*fp));
}

int fleet_proc_main(const struct cli_args *args, int argc, char **argv)
{
	struct fleet_proc fp;
	enum proc_kind kind;
	int status = fleet_proc_open(&fp, args, argc, argv, &kind);
	if (status)
		return status;
	struct runctl ctl;
	struct sigstop sigs;
	runctl_init(&ctl, NULL);
	sigstop_install(&sigs, &ctl, false);
	sigstop_block(&sigs, 0);
	fp.ctl = &ctl;
	fp.sigs = &sigs;
	fp.runner = batch_runner;
	fp.print_steps = true;
	struct writer w;
	if (!(status = writer_open(&w, args->output_file))) {
		struct proc_table table;
		char err[1024] = "";
		fp.out = w.f;
		fp.notes = args->format == OUTPUT_NORMAL ? w.f : stderr;
		int st = fleet_proc_run(&fp, kind, &table, err, sizeof(err));
		if (st && err[0])
			fprintf(stderr, "blktop: %s\n", err);
		fleet_proc_report(&fp, &table, w.f);
		proc_table_free(&table);
		status = writer_close(&w, st);
	}
	if (runctl_signo(&ctl))
		status = BLKTOP_SIGNAL_BASE + runctl_signo(&ctl);
	sigstop_end(&sigs);
	fleet_proc_close(&fp);
	return status;
}
