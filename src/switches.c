/* SPDX-License-Identifier: GPL-2.0-or-later */
/* switches.c - the table of blktop's own switches and what each does to
 * the command line's arguments. The parse loop is in cli.c; --help,
 * doc/gen-options (the man page) and the completion read the rows. */
#include "config.h"
#include "switches.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "i18n.h"
#include "options.h"
#include "procedures/registry.h"

static size_t list(const char *const *from, const char **names, size_t max)
{
	size_t n = 0;
	for (; n < max && from[n]; n++)
		names[n] = from[n];
	return n;
}

/* The modes --run takes are the rw option's values. */
static size_t run_modes(const char **names, size_t max)
{
	return list(job_option_find("rw")->choices, names, max);
}

static size_t output_formats(const char **names, size_t max)
{
	static const char *const formats[] = { "normal", "json", "json+", "terse", "csv", "jsonl",
					       NULL };
	return list(formats, names, max);
}

/* The procedures each takes are the registry's. */
static size_t profiles(const char **names, size_t max)
{
	return proc_family_names(PROC_PROFILE, names, max);
}

static size_t suites(const char **names, size_t max)
{
	return proc_family_names(PROC_SUITE, names, max);
}

static size_t sweeps(const char **names, size_t max)
{
	return proc_family_names(PROC_SWEEP, names, max);
}

/* A mode, with fio's modifier after a colon (randread:8, read:-8k): the
 * rw option checks the modifier when the job takes the mode. */
static bool is_run_mode(const char *s)
{
	const char *names[16];
	size_t n = run_modes(names, 16);
	size_t len = strcspn(s, ":");
	for (size_t i = 0; i < n; i++)
		if (strlen(names[i]) == len && !strncmp(s, names[i], len))
			return true;
	return false;
}

#define ERR(...) (snprintf(err, errlen, __VA_ARGS__), -1)

static int set_help(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->mode = MODE_HELP;
	return 0;
}

static int set_version(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->mode = MODE_VERSION;
	return 0;
}

static int set_run(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	a->mode = MODE_RUN;
	if (v && !is_run_mode(v))
		return ERR(_("--run: unknown mode '%s' (allowed: read, write, randread, randwrite, rw, randrw, trim, randtrim, trimwrite)"),
			   v);
	if (v)
		a->run_mode = v;
	return 0;
}

static int set_list(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->mode = MODE_LIST;
	return 0;
}

static int set_job(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	a->mode = MODE_JOBFILE;
	a->jobfile = v;
	return v ? 0 : ERR("%s", _("--job needs a job file: --job FILE"));
}

static int set_section(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	if (!v || !*v)
		return ERR("%s", _("--section needs a job section's name"));
	if (a->nsections == CLI_MAX_SECTIONS)
		return ERR(_("--section: more than %d"), CLI_MAX_SECTIONS);
	a->sections[a->nsections++] = v;
	return 0;
}

static int set_readonly(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->readonly = true;
	return 0;
}

static int set_profile(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	a->mode = MODE_PROFILE;
	a->procedure = v;
	return 0;
}

static int set_profile_env(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	if (!v || !proc_entry_find(PROC_PROFILE, v))
		return ERR(_("--profile-env: unknown profile '%s' (allowed: latency, iops, throughput)"),
			   v ? v : "");
	a->profile_env = v;
	return 0;
}

static int set_suite(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	a->mode = MODE_SUITE;
	a->procedure = v;
	for (size_t i = 0; !v && i < PROC_KIND_COUNT; i++)
		if (proc_registry[i].family == PROC_SUITE && proc_registry[i].family_default)
			a->procedure = proc_registry[i].name;
	return 0;
}

static int set_sweep(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	a->mode = MODE_SWEEP;
	a->procedure = v;
	return 0;
}

static int set_demo(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->mode = MODE_DEMO;
	return 0;
}

static int set_batch(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->batch = true;
	return 0;
}

static int set_force(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->force = true;
	return 0;
}

static int set_scratch(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	a->scratch = true;
	a->scratch_size = v;
	return 0;
}

/* fio's list form: "json,normal" prints both, each format once. */
static int set_output_format(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	static const unsigned bits[] = { OUTFMT_NORMAL, OUTFMT_JSON, OUTFMT_JSONPLUS,
					 OUTFMT_TERSE, OUTFMT_CSV, OUTFMT_JSONL };
	const char *names[8];
	size_t nn = output_formats(names, 8);
	char allowed[128] = "";
	for (size_t k = 0; k < nn; k++)
		snprintf(allowed + strlen(allowed), sizeof(allowed) - strlen(allowed), "%s%s",
			 k ? ", " : "", names[k]);

	if (!v || !*v)
		return ERR(_("--output-format needs a value: %s, or several joined by ','"), allowed);
	unsigned set = 0;
	for (const char *p = v;; p++) {
		size_t n = strcspn(p, ","), k;
		for (k = 0; k < nn; k++)
			if (n == strlen(names[k]) && !strncmp(p, names[k], n))
				break;
		if (k == nn)
			return ERR(_("--output-format: unknown format '%.*s' (allowed: %s)"),
				   (int)(n > 64 ? 64 : n), p, allowed);
		set |= bits[k];
		p += n;
		if (!*p)
			break;
	}
	/* jsonl is a stream of lines while the job runs: no other format
	 * can share its output. */
	if ((set & OUTFMT_JSONL) && set != OUTFMT_JSONL)
		return ERR("%s", _("--output-format: jsonl is a stream of its own, not listed with other formats"));
	a->formats = set;
	if (set & OUTFMT_JSONL)
		a->format = OUTPUT_JSONL;
	else if (set & OUTFMT_CSV)
		a->format = OUTPUT_CSV;
	else if (set & (OUTFMT_JSON | OUTFMT_JSONPLUS))
		a->format = OUTPUT_JSON;
	else
		a->format = OUTPUT_NORMAL;
	return 0;
}

/* fio's --minimal: terse alone. */
static int set_minimal(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->formats = OUTFMT_TERSE;
	a->format = OUTPUT_NORMAL;
	return 0;
}

static int set_terse_version(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	/* fio 3.33 writes versions 2 to 5 (3 by default) and refuses others. */
	if (!v || strlen(v) != 1 || v[0] < '2' || v[0] > '5')
		return ERR(_("--terse-version: '%s' is not a terse version fio writes (2, 3, 4 or 5)"),
			   v ? v : "");
	a->terse_version = (unsigned)(v[0] - '0');
	return 0;
}

static int set_output(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	a->output_file = v;
	return v ? 0 : ERR("%s", _("--output needs a file name"));
}

static int set_dry_run(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->dry_run = true;
	a->batch = true;
	return 0;
}

static int set_hosts(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	a->hosts = v;
	return v && *v ? 0 : ERR("%s", _("--hosts needs hosts: --hosts=h1,h2 or --hosts=@FILE"));
}

static int set_ssh(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	a->ssh_command = v;
	return v && *v ? 0 : ERR("%s", _("--ssh needs a command, e.g. --ssh='ssh -F cfg'"));
}

static int set_remote_blktop(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	a->remote_blktop = v;
	return v && *v ? 0 : ERR("%s", _("--remote-blktop needs a path"));
}

static int set_driver(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	if (v && !strcmp(v, "fio"))
		a->fio_driver = true;
	else if (v && !strcmp(v, "blktop"))
		a->fio_driver = false;
	else
		return ERR(_("--driver: unknown far side '%s' (allowed: blktop, fio)"), v ? v : "");
	return 0;
}

static int set_fio_port(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	char *end;
	unsigned long port = v ? strtoul(v, &end, 10) : 0;
	if (!v || !isdigit((unsigned char)*v) || *end || port < 1 || port > 65535)
		return ERR("%s", _("--fio-port needs a TCP port, 1 to 65535"));
	a->fio_port = (unsigned)port;
	return 0;
}

static int set_fio_running(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->fio_running = true;
	return 0;
}

static int set_remote_fio(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	a->remote_fio = v;
	return v && *v ? 0 : ERR("%s", _("--remote-fio needs a path"));
}

static int set_hosts_partial(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	(void)v, (void)err, (void)errlen;
	a->hosts_partial = true;
	return 0;
}

int parse_delay_ms(const char *s, unsigned long long *out)
{
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	if (!parse_time_ms(s, out))
		return 0;
	/* Fractions of a second, read by hand: strtod would take the
	 * locale's decimal comma. Beyond milliseconds the digits are cut. */
	unsigned long long whole = 0, ms = 0, scale = 100;
	const char *p = s;
	for (; isdigit((unsigned char)*p); p++) {
		if (whole > 1000000000ULL)
			return -1;
		whole = whole * 10 + (unsigned)(*p - '0');
	}
	if (*p++ != '.' || !isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++, scale /= 10)
		ms += scale * (unsigned)(*p - '0');
	if (*p)
		return -1;
	*out = whole * 1000 + ms;
	return 0;
}

static int set_delay(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	if (parse_delay_ms(v, &a->delay_ms) || a->delay_ms < 100)
		return ERR(_("-d: '%s' is not a refresh delay in seconds (0.1 or more)"), v ? v : "");
	return 0;
}

static int set_lat_limit(struct cli_args *a, const char *v, char *err, size_t errlen)
{
	unsigned long long us;
	if (parse_uint(v, &us) || !us)
		return ERR(_("--lat-limit: '%s' is not a latency in microseconds"), v ? v : "");
	a->lat_limit_us = us;
	return 0;
}

/* Modes first, as --help lists them; then the options, as the man page's
 * OPTIONS does. The man text is roff, copied as it stands. */
const struct blktop_switch blktop_switches[] = {
	{ .name = "run", .section = SW_MODE, .arg = SW_VALUE, .value_later = true,
	  .metavar = "MODE", .choices = run_modes, .parse = set_run,
	  .help = N_("the same, with that job started at once") },
	{ .name = "list", .section = SW_MODE, .arg = SW_FLAG, .parse = set_list,
	  .help = N_("devices and their safety verdicts") },
	{ .name = "job", .section = SW_MODE, .arg = SW_VALUE, .metavar = "FILE",
	  .parse = set_job, .help = N_("run a fio-style job file") },
	{ .name = "profile", .section = SW_MODE, .arg = SW_VALUE, .value_later = true,
	  .metavar = "NAME", .choices = profiles, .parse = set_profile,
	  .help = N_("a built-in profile, each step said as it is taken") },
	{ .name = "suite", .section = SW_MODE, .arg = SW_OPTIONAL, .metavar = "NAME",
	  .choices = suites, .parse = set_suite,
	  .help = N_("a matrix of tests on one target, into one table") },
	{ .name = "sweep", .section = SW_MODE, .arg = SW_VALUE, .value_later = true,
	  .metavar = "WHAT", .choices = sweeps, .parse = set_sweep,
	  .help = N_("one option stepped, one run per step") },
	{ .name = "demo", .section = SW_MODE, .arg = SW_FLAG, .parse = set_demo,
	  .help = N_("a scratch device, with a job running on it") },
	{ .name = "batch", .local = true, .section = SW_OPTION, .arg = SW_FLAG, .parse = set_batch,
	  .help = N_("no screen: run, then print the report"),
	  .man = "Run without the screen and print the report when done.\n" },
	{ .name = "force", .section = SW_OPTION, .arg = SW_FLAG, .parse = set_force,
	  .help = N_("allow writes to a device that holds data (never to one in use)"),
	  .man = "Allow writes to a device whose verdict is\n.BR has\\-data .\n"
		 "Never allows a write to one that is\n.B in\\-use\nor\n.BR read\\-only .\n" },
	{ .name = "scratch", .section = SW_OPTION, .arg = SW_OPTIONAL, .metavar = "SIZE",
	  .parse = set_scratch,
	  .help = N_("make a scratch loop device (default 1G), removed at exit"),
	  .man = "Make a sparse file in\n.I /dev/shm\n(1G unless\n.I SIZE\n"
		 "says otherwise, 1m at least), attach it as a loop device with direct I/O,\n"
		 "and use it as the target when none is named.\n"
		 "It is detached and deleted when blktop exits, however it exits.\n" },
	{ .name = "section", .section = SW_OPTION, .arg = SW_VALUE, .metavar = "NAME",
	  .parse = set_section, .help = N_("with --job: run only this job section (may be repeated)"),
	  .man = "With\n.BR \\-\\-job ,\nrun only the job sections of this name, as fio does:\n"
		 "the others are not read, [global] sections still count.\n"
		 "May be given more than once.\n" },
	{ .name = "readonly", .section = SW_OPTION, .arg = SW_FLAG, .parse = set_readonly,
	  .help = N_("refuse any job that writes, before anything runs"),
	  .man = "Refuse (exit status 3) a command line or job file with any job that\n"
		 "writes, before anything runs, as fio's\n.B \\-\\-readonly\nrefuses it.\n" },
	{ .name = "output-format", .local = true, .section = SW_OPTION, .arg = SW_VALUE,
	  .metavar = "FORMAT",
	  .choices = output_formats, .parse = set_output_format,
	  .help = N_("normal, json, json+, terse, csv or jsonl; several as fio takes them: json,normal"),
	  .man = ".B normal\n(the default) is fio's text report, then blktop's own blocks;\n"
		 ".B json\nis fio 3's JSON document, blktop's figures under its\n.B blktop\nkey;\n"
		 ".B json+\nadds fio's latency histograms: a\n.B bins\nmap in each listed latency\n"
		 "(bucket value in nanoseconds, as fio's log-linear buckets have them, to the\n"
		 "number of I/Os in it; only buckets that are not empty), which fio's\n"
		 ".B fio_jsonplus_clat2csv\nreads;\n"
		 ".B terse\nis fio's terse format (version 3, or\n.BR \\-\\-terse\\-version ),\n"
		 "one line of fields joined by\n"
		 ".B ;\nper job;\n"
		 ".B csv\nis the table of\n.BR \\-\\-profile ,\n.B \\-\\-suite\nand\n"
		 ".BR \\-\\-sweep ,\nand terse for a single run (fio's csv);\n"
		 ".B jsonl\nis one JSON object per line while the job runs.\n"
		 "Several joined by commas (fio's form, such as\n.BR json,normal )\n"
		 "are each printed once, in fio's order: terse, JSON, normal.\n" },
	{ .name = "terse-version", .local = true, .section = SW_OPTION, .arg = SW_VALUE,
	  .metavar = "2|3|4|5", .parse = set_terse_version,
	  .help = N_("fio's terse format version: 2, 3 (fio's default), 4 or 5"),
	  .man = "The version of\n.BR \\-\\-output\\-format=terse ,\n"
		 "as fio 3.33 writes each: 3 (the default);\n"
		 "2 has no fio version in its header and no disks, and puts the description\n"
		 "on a line of its own;\n4 adds a trim block after the write block\n"
		 "(a trim job's trims; zeros for other jobs);\n5 is 4 with the bandwidth sample count\n"
		 "and the IOPS samples (min, max, mean, deviation, count) after each\n"
		 "direction's bandwidth fields.\n" },
	{ .name = "minimal", .local = true, .section = SW_OPTION, .arg = SW_FLAG,
	  .parse = set_minimal, .help = N_("the report in fio's terse format only (as fio's --minimal)"),
	  .man = "Print the report in fio's terse format alone, as\n"
		 ".B \\-\\-output\\-format=terse\ndoes (fio's\n.BR \\-\\-minimal ).\n" },
	{ .name = "output", .local = true, .section = SW_OPTION, .arg = SW_VALUE, .metavar = "FILE",
	  .parse = set_output, .help = N_("write the report to FILE"),
	  .man = "Write the report to\n.I FILE\n"
		 "instead of standard output (the screen's summary, too).\n" },
	{ .name = "delay", .local = true, .short_name = 'd', .section = SW_OPTION, .arg = SW_VALUE,
	  .metavar = "SECONDS", .parse = set_delay,
	  .help = N_("screen refresh interval (default 1)"),
	  .man = "Refresh the screen this often (1 s by default, 0.1 s at least, fractions\n"
		 "such as 0.5 allowed), as\n.BR top (1)\ndoes.\n"
		 "While a job runs, its intervals have this length.\n" },
	{ .name = "lat-limit", .section = SW_OPTION, .arg = SW_VALUE, .metavar = "USEC",
	  .parse = set_lat_limit, .help = N_("latency limit for --sweep numjobs (default 500)"),
	  .man = "The average latency, in microseconds, that ends\n.BR \"\\-\\-sweep numjobs\" .\n" },
	{ .name = "dry-run", .section = SW_OPTION, .arg = SW_FLAG, .parse = set_dry_run,
	  .help = N_("take the verdict and apply the write gate, then exit (no I/O)"),
	  .man = "Open the targets, take their safety verdicts and apply the write gate as a\n"
		 "run would, print the verdict, and exit without any I/O: 0 when the job\n"
		 "would run, 3 when it would be refused.\n" },
	{ .name = "profile-env", .section = SW_OPTION, .arg = SW_VALUE, .metavar = "NAME",
	  .choices = profiles, .parse = set_profile_env,
	  .help = N_("with --batch and jobs on the command line: take profile NAME's environment steps around them"),
	  .man = "With\n.B \\-\\-batch\nand jobs on the command line\n"
		 ".RB ( \\-\\-run ,\nor fio's\n.BR \\-\\-name ):\n"
		 "take the environment steps of\n.BI \\-\\-profile= NAME\n"
		 "on this machine around the run, as the profile takes them: its checks, rq_affinity\n"
		 "set on the target's disk for the run and put back after it, and for\n"
		 ".B latency\nthe job pinned to the CPU of the disk's queue interrupt.\n"
		 "Each step is said in a line: printed with the normal output, a\n"
		 ".B note\nline with\n.BR jsonl ,\n"
		 "and kept in the JSON report's\n.B blktop.notes\n(other formats: on standard error).\n"
		 "With\n.B \\-\\-dry\\-run\nno step is taken.\n"
		 "With\n.B \\-\\-hosts\nand\n.BR \\-\\-profile ,\n"
		 "each host's blktop is started so (see\n.BR \"Procedures on many hosts\" ).\n" },
	{ .name = "hosts", .local = true, .section = SW_OPTION, .arg = SW_VALUE,
	  .metavar = "HOSTS", .parse = set_hosts,
	  .help = N_("run the job on every host at once, over ssh"),
	  .man = "Run the same job on every host of\n.IR HOSTS :\n"
		 ".I h1,h2,...\nor\n.I @FILE\n(one host a line,\n.B #\nstarts a comment).\n"
		 "A host is\n.RI [ user @] host [: port ],\nan IPv6 address in brackets.\n"
		 ".IB HOST = TARGET\n(or\n.I host target\non a line of the file) gives one host\n"
		 "its own target. Each host is one child\n.B ssh -o BatchMode=yes\n"
		 "running blktop there; the write gate runs on the host that owns the disk.\n"
		 "Every host's verdict is taken first; if any refuses, none starts, unless\n"
		 ".BR \\-\\-hosts\\-partial .\n"
		 "See\n.B MANY HOSTS\nbelow.\n" },
	{ .name = "ssh", .local = true, .section = SW_OPTION, .arg = SW_VALUE,
	  .metavar = "COMMAND",
	  .parse = set_ssh, .help = N_("the ssh command for --hosts (default ssh)"),
	  .man = "The command that reaches a host, read by\n.BR sh (1):\n"
		 "e.g.\n.IR \"--ssh='ssh -F cfg -J bastion'\" .\n"
		 "blktop adds\n.BR \"-o BatchMode=yes\" ,\nthe port and user, the host and the command.\n" },
	{ .name = "hosts-partial", .local = true, .section = SW_OPTION, .arg = SW_FLAG,
	  .parse = set_hosts_partial,
	  .help = N_("with --hosts: start on the hosts that allow the job, even if some refuse"),
	  .man = "Start the job on the hosts whose verdict allows it even when others refuse.\n" },
	{ .name = "remote-blktop", .local = true, .section = SW_OPTION, .arg = SW_VALUE,
	  .metavar = "PATH", .parse = set_remote_blktop,
	  .help = N_("blktop's path on the hosts (default blktop, from PATH)"),
	  .man = "The blktop to run on each host: a path there, or a name found in its\n"
		 ".BR PATH\n(the default,\n.BR blktop ).\n" },
	{ .name = "driver", .local = true, .section = SW_OPTION, .arg = SW_VALUE,
	  .metavar = "NAME", .parse = set_driver,
	  .help = N_("with --hosts: what runs the job there, blktop (default) or fio"),
	  .man = "What runs the job on each host of\n.BR \\-\\-hosts :\n"
		 ".B blktop\n(the default) or\n.BR fio ,\n"
		 "fio's own server, reached through\n.BR \"ssh \\-W\" .\n"
		 "See\n.B FIO ON THE FAR SIDE\nbelow.\n" },
	{ .name = "fio-port", .local = true, .section = SW_OPTION, .arg = SW_VALUE,
	  .metavar = "PORT", .parse = set_fio_port,
	  .help = N_("with --driver=fio: the port of fio's server on each host's 127.0.0.1 (8765)"),
	  .man = "With\n.BR \\-\\-driver=fio :\n"
		 "the TCP port fio's server listens on, on 127.0.0.1 of each host\n"
		 "(8765, fio's own default). A server blktop starts on the\n.IR N th\n"
		 "host of the list listens on\n.IR PORT + N \\-1,\n"
		 "so hosts that are one machine do not take each other's port.\n" },
	{ .name = "fio-running", .local = true, .section = SW_OPTION, .arg = SW_FLAG,
	  .parse = set_fio_running,
	  .help = N_("with --driver=fio: use the fio servers already listening on --fio-port"),
	  .man = "With\n.BR \\-\\-driver=fio :\n"
		 "start no server; use the one already listening on 127.0.0.1:\n.I PORT\n"
		 "of each host, and leave it running.\n" },
	{ .name = "remote-fio", .local = true, .section = SW_OPTION, .arg = SW_VALUE,
	  .metavar = "PATH", .parse = set_remote_fio,
	  .help = N_("with --driver=fio: fio's path on the hosts (default fio, from PATH)"),
	  .man = "The fio whose server blktop starts on each host (default\n.BR fio ).\n" },
	{ .name = "help", .short_name = 'h', .section = SW_OPTION, .arg = SW_FLAG,
	  .parse = set_help, .help = N_("this help, then exit"),
	  .man = "The usage and every job option, then exit.\n" },
	{ .name = "version", .short_name = 'V', .section = SW_OPTION, .arg = SW_FLAG,
	  .parse = set_version, .help = N_("the version, then exit"),
	  .man = "The version and how this blktop was built, then exit: its engines, where its "
		 "counters and mount table are read from (libproc2 and libmount, or its own "
		 "parsers), whether it is linked statically, its libraries, the folder its "
		 "catalogs are read from and the verify types it computes.\n" },
};

const size_t blktop_switches_count = sizeof(blktop_switches) / sizeof(blktop_switches[0]);

const struct blktop_switch *switch_find(const char *name)
{
	for (size_t i = 0; i < blktop_switches_count; i++) {
		const struct blktop_switch *s = &blktop_switches[i];
		if (name[0] && !name[1] ? s->short_name == name[0] : !strcmp(s->name, name))
			return s;
	}
	return NULL;
}

void switch_choices_text(const struct blktop_switch *s, const char *sep, char *buf, size_t len)
{
	const char *names[32];
	size_t n = s->choices ? s->choices(names, 32) : 0, used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? sep : "", names[i]);
}

void switch_usage_form(const struct blktop_switch *s, char *buf, size_t len)
{
	char value[256];
	int n = 0;

	if (s->short_name)
		n = snprintf(buf, len, "-%c, ", s->short_name);
	if (n < 0 || (size_t)n >= len)
		return;
	/* The values themselves where there are a few (the completion
	 * offers them from here), else the metavar. */
	switch_choices_text(s, "|", value, sizeof(value));
	if (!value[0])
		snprintf(value, sizeof(value), "%s", s->metavar ? s->metavar : "");
	switch (s->arg) {
	case SW_FLAG:
		snprintf(buf + n, len - (size_t)n, "--%s", s->name);
		break;
	case SW_VALUE:
		snprintf(buf + n, len - (size_t)n, "--%s=%s", s->name, value);
		break;
	case SW_OPTIONAL:
		snprintf(buf + n, len - (size_t)n, "--%s[=%s]", s->name, value);
		break;
	}
}
