/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options.c - the declarative table of job options and its parsers. */
#include "config.h"
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"

#define FIELD(f) .offset = offsetof(struct job_spec, f), .size = sizeof(((struct job_spec *)0)->f)

static const char *const rw_choices[] = {
	"read", "write", "randread", "randwrite", "rw", "randrw", "readwrite", NULL,
};
static const int rw_values[] = {
	RW_READ, RW_WRITE, RW_RANDREAD, RW_RANDWRITE, RW_RW, RW_RANDRW, RW_RW,
};
/* The order of engine_table[] in src/engine/engine.c. */
static const char *const engine_choices[] = { "libaio", "io_uring", "sync", "psync", "pvsync",
					      "pvsync2", "null", NULL };
static const int engine_values[] = { ENGINE_LIBAIO, ENGINE_IO_URING, ENGINE_SYNC, ENGINE_PSYNC,
				     ENGINE_PVSYNC, ENGINE_PVSYNC2, ENGINE_NULL };
static const char *const policy_choices[] = { "shared", "split", NULL };
static const int policy_values[] = { CPUS_SHARED, CPUS_SPLIT };
/* fio's names, and its 0 and 1 (= none and all). */
static const char *const coe_choices[] = { "none", "read", "write", "io", "verify", "all",
					   "0", "1", NULL };
static const int coe_values[] = { COE_NONE, COE_READ, COE_WRITE, COE_IO, COE_VERIFY, COE_ALL,
				  COE_NONE, COE_ALL };

#define U64MAX 0xffffffffffffffffULL

static int parse_rwmixwrite(const struct job_option *o, struct job_spec *job, const char *value,
			    char *err, size_t errlen);
static void format_rwmixwrite(const struct job_option *o, const struct job_spec *job, char *buf,
			      size_t len);

/* Keep in fio's order of importance: the form and --help list them so. */
const struct job_option job_options[] = {
	{ .name = "rw", .alias = "readwrite", .type = OPT_ENUM, FIELD(rw), .def = "read",
	  .choices = rw_choices, .choice_values = rw_values,
	  .help = N_("I/O pattern: read, write, randread, randwrite, rw, randrw") },
	{ .name = "bs", .alias = "blocksize", .type = OPT_SIZE, FIELD(bs),
	  .min = 512, .max = 256ULL << 20, .def = "4k", .unit = "bytes",
	  .help = N_("block size of each I/O") },
	{ .name = "iodepth", .type = OPT_INT, FIELD(iodepth), .min = 1, .max = 65536, .def = "1",
	  .help = N_("I/Os kept in flight per job") },
	{ .name = "iodepth_batch_submit", .alias = "iodepth_batch", .type = OPT_INT,
	  FIELD(iodepth_batch), .max = 65536, .def = "1",
	  .help = N_("I/Os handed to the kernel per submit call (fio's default 1; 0: iodepth)") },
	{ .name = "iodepth_batch_complete_min", .alias = "iodepth_batch_complete", .type = OPT_INT,
	  FIELD(iodepth_batch_complete_min), .max = 65536, .def = "1",
	  .help = N_("completions to wait for per call (0: poll without waiting)") },
	{ .name = "iodepth_batch_complete_max", .type = OPT_INT,
	  FIELD(iodepth_batch_complete_max), .max = 65536, .def = "0",
	  .help = N_("most completions taken per call (0: as iodepth_batch_complete_min)") },
	{ .name = "iodepth_low", .type = OPT_INT, FIELD(iodepth_low), .max = 65536, .def = "0",
	  .help = N_("once the queue is full, reap down to this depth before refilling (0: iodepth)") },
	{ .name = "numjobs", .type = OPT_INT, FIELD(numjobs), .min = 1, .max = 4096, .def = "1",
	  .help = N_("number of threads running this job") },
	{ .name = "runtime", .type = OPT_TIME, FIELD(runtime_ms), .max = U64MAX, .def = "0",
	  .unit = "s", .help = N_("stop after this long (0: when size is done)") },
	{ .name = "time_based", .type = OPT_BOOL, FIELD(time_based), .max = 1, .def = "0",
	  .help = N_("run for the whole runtime, wrapping around the area") },
	{ .name = "size", .type = OPT_SIZE, FIELD(size), .max = U64MAX, .def = "0",
	  .unit = "bytes", .help = N_("area each job works on (0: the whole device or file)") },
	{ .name = "io_size", .alias = "io_limit", .type = OPT_SIZE, FIELD(io_size),
	  .max = U64MAX, .def = "0", .unit = "bytes",
	  .help = N_("bytes to transfer per job (0: size)") },
	{ .name = "offset", .type = OPT_SIZE, FIELD(offset), .max = U64MAX, .def = "0",
	  .unit = "bytes", .help = N_("start of the area in the target") },
	{ .name = "rwmixread", .type = OPT_INT, FIELD(rwmixread), .max = 100, .def = "50",
	  .unit = "%", .help = N_("share of reads in rw and randrw") },
	/* Stored as rwmixread, so a procedure copying the user's options
	 * copies this one too. */
	{ .name = "rwmixwrite", .type = OPT_INT, FIELD(rwmixread), .max = 100, .unit = "%",
	  .help = N_("share of writes in rw and randrw (100 - rwmixread)"),
	  .parse = parse_rwmixwrite, .format = format_rwmixwrite },
	{ .name = "ramp_time", .type = OPT_TIME, FIELD(ramp_ms), .max = U64MAX, .def = "0",
	  .unit = "s", .help = N_("run this long before counting results") },
	{ .name = "direct", .type = OPT_BOOL, FIELD(direct), .max = 1, .def = "1",
	  .help = N_("bypass the page cache (O_DIRECT); blktop's default is 1") },
	{ .name = "ioengine", .type = OPT_ENUM, FIELD(ioengine), .def = "libaio",
	  .choices = engine_choices, .choice_values = engine_values,
	  .help = N_("how I/O is issued: libaio, io_uring, sync, psync, pvsync, pvsync2, null") },
	{ .name = "fixedbufs", .type = OPT_BOOL, FIELD(fixedbufs), .max = 1, .def = "0",
	  .help = N_("io_uring: register the I/O buffers with the kernel once") },
	{ .name = "registerfiles", .type = OPT_BOOL, FIELD(registerfiles), .max = 1, .def = "0",
	  .help = N_("io_uring: register the open files with the kernel once") },
	{ .name = "sqthread_poll", .type = OPT_BOOL, FIELD(sqthread_poll), .max = 1, .def = "0",
	  .help = N_("io_uring: a kernel thread polls the submission queue (no submit calls)") },
	{ .name = "sqthread_poll_cpu", .type = OPT_INT, FIELD(sqthread_poll_cpu), .max = 4095,
	  .def = "0", .help = N_("io_uring: the CPU the polling kernel thread runs on") },
	{ .name = "hipri", .type = OPT_BOOL, FIELD(hipri), .max = 1, .def = "0",
	  .help = N_("io_uring, pvsync2: polled completions (needs a device with poll queues)") },
	{ .name = "nowait", .type = OPT_BOOL, FIELD(nowait), .max = 1, .def = "0",
	  .help = N_("io_uring, pvsync2: fail with EAGAIN instead of blocking (RWF_NOWAIT)") },
	{ .name = "force_async", .type = OPT_INT, FIELD(force_async), .max = 65536, .def = "0",
	  .help = N_("io_uring: send every Nth I/O to the kernel's async workers (0: none)") },
	{ .name = "cpus_allowed", .type = OPT_STR, FIELD(cpus_allowed), .def = "",
	  .help = N_("CPUs the job may run on, e.g. 0-3,6") },
	{ .name = "cpus_allowed_policy", .type = OPT_ENUM, FIELD(cpus_policy), .def = "shared",
	  .choices = policy_choices, .choice_values = policy_values,
	  .help = N_("shared: every thread on all CPUs; split: one CPU per thread") },
	{ .name = "randrepeat", .type = OPT_BOOL, FIELD(randrepeat), .max = 1, .def = "1",
	  .help = N_("same random offsets on every run") },
	{ .name = "randseed", .type = OPT_INT, FIELD(randseed), .max = U64MAX, .def = "0",
	  .help = N_("seed of the random offsets") },
	{ .name = "norandommap", .type = OPT_BOOL, FIELD(norandommap), .max = 1, .def = "1",
	  .help = N_("accepted for fio; offsets are always uniform with repeats") },
	{ .name = "refill_buffers", .type = OPT_BOOL, FIELD(refill_buffers), .max = 1,
	  .def = "0", .help = N_("new random data for every write") },
	{ .name = "rate_iops", .type = OPT_INT, FIELD(rate_iops), .max = U64MAX, .def = "0",
	  .help = N_("cap each job at this many I/Os per second (0: no cap)") },
	{ .name = "continue_on_error", .type = OPT_ENUM, FIELD(continue_on_error), .def = "none",
	  .choices = coe_choices, .choice_values = coe_values,
	  .help = N_("I/O errors that are counted and let the job go on: none, read, write, io, all (verify: as none)") },
	{ .name = "name", .type = OPT_STR, FIELD(name), .def = "blktop",
	  .help = N_("job name shown in reports") },
	{ .name = "filename", .type = OPT_STR, FIELD(filename), .def = "",
	  .help = N_("target: device (vdc, /dev/vdc) or file; several joined by ':'") },
	{ .name = "directory", .type = OPT_STR, FIELD(directory), .def = "",
	  .help = N_("directory in which to make the job's file") },
	{ .name = "group_reporting", .type = OPT_BOOL, FIELD(group_reporting), .max = 1,
	  .def = "1", .help = N_("report the threads of a job as one") },
	{ .name = "stonewall", .alias = "wait_for_previous", .type = OPT_BOOL, FIELD(stonewall),
	  .max = 1, .def = "0", .help = N_("wait for earlier jobs to end before starting") },
	{ .name = "new_group", .type = OPT_BOOL, FIELD(new_group), .max = 1, .def = "0",
	  .help = N_("start a new reporting group") },
	{ .name = "status-interval", .alias = "status_interval", .type = OPT_TIME,
	  FIELD(status_interval_ms), .max = U64MAX, .def = "0", .unit = "s",
	  .help = N_("print the last interval's figures this often (0: never)") },
};

_Static_assert(sizeof(job_options) / sizeof(job_options[0]) <= JOB_OPTIONS_MAX,
	       "the job options table outgrew the set-options bitmap: raise JOB_OPTIONS_MAX");

const size_t job_options_count = sizeof(job_options) / sizeof(job_options[0]);

const char *rw_name(enum rw_mode m)
{
	for (size_t i = 0; rw_choices[i]; i++)
		if (rw_values[i] == (int)m)
			return rw_choices[i];
	return "?";
}

const struct job_option *job_option_find(const char *name)
{
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];
		if (!strcmp(o->name, name) || (o->alias && !strcmp(o->alias, name)))
			return o;
	}
	return NULL;
}

int parse_uint(const char *s, unsigned long long *out)
{
	if (!s || !*s || *s == '-' || isspace((unsigned char)*s))
		return -1;
	char *end;
	errno = 0;
	/* Decimal as fio reads it (iodepth=010 is ten), hex only with 0x. */
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	unsigned long long v = strtoull(s, &end, hex ? 16 : 10);
	if (errno || *end || end == s)
		return -1;
	*out = v;
	return 0;
}

/* Multiplies with overflow check. */
static int mul_ok(unsigned long long a, unsigned long long b, unsigned long long *out)
{
	return __builtin_mul_overflow(a, b, out) ? -1 : 0;
}

/* The unsigned decimal number a size or time starts with; *end is left
 * at its unit. strtoull alone would take "-1" and " 1". */
static int leading_number(const char *s, unsigned long long *v, char **end)
{
	if (!s || !*s || *s == '-' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	*v = strtoull(s, end, 10);
	return errno || *end == s ? -1 : 0;
}

int parse_size(const char *s, unsigned long long *out)
{
	char *end;
	unsigned long long v;
	if (leading_number(s, &v, &end))
		return -1;
	unsigned long long mult = 1;
	/* fio with kb_base=1024: k, K, kb, KiB all mean 1024. */
	switch (tolower((unsigned char)*end)) {
	case '\0': break;
	case 'b': mult = 1; end++; goto tail_done;
	case 'k': mult = 1ULL << 10; break;
	case 'm': mult = 1ULL << 20; break;
	case 'g': mult = 1ULL << 30; break;
	case 't': mult = 1ULL << 40; break;
	case 'p': mult = 1ULL << 50; break;
	default: return -1;
	}
	if (*end) {
		end++;
		if (*end == 'i' || *end == 'I')
			end++;
		if (*end == 'b' || *end == 'B')
			end++;
	}
tail_done:
	if (*end)
		return -1;
	return mul_ok(v, mult, out);
}

int parse_time_ms(const char *s, unsigned long long *out)
{
	char *end;
	unsigned long long v;
	if (leading_number(s, &v, &end))
		return -1;
	/* fio's time options take seconds unless a unit says otherwise. */
	if (!*end || !strcasecmp(end, "s") || !strcasecmp(end, "sec"))
		return mul_ok(v, 1000, out);
	if (!strcasecmp(end, "ms") || !strcasecmp(end, "msec")) {
		*out = v;
		return 0;
	}
	if (!strcasecmp(end, "us") || !strcasecmp(end, "usec")) {
		/* Rounded up to whole milliseconds: 500us must not become 0,
		 * which means "no limit". */
		*out = v / 1000 + (v % 1000 != 0);
		return 0;
	}
	if (!strcasecmp(end, "m") || !strcasecmp(end, "min"))
		return mul_ok(v, 60000, out);
	if (!strcasecmp(end, "h"))
		return mul_ok(v, 3600000, out);
	if (!strcasecmp(end, "d"))
		return mul_ok(v, 86400000ULL, out);
	return -1;
}

int parse_bool(const char *s, int *out)
{
	if (!s || !strcmp(s, "1") || !strcasecmp(s, "true") || !strcasecmp(s, "yes") ||
	    !strcasecmp(s, "on")) {
		*out = 1;
		return 0;
	}
	if (!strcmp(s, "0") || !strcasecmp(s, "false") || !strcasecmp(s, "no") ||
	    !strcasecmp(s, "off")) {
		*out = 0;
		return 0;
	}
	return -1;
}

const char *format_size(unsigned long long bytes, char *buf, size_t len)
{
	static const char units[] = "kmgtp";
	unsigned i = 0;
	unsigned long long v = bytes;
	while (v >= 1024 && v % 1024 == 0 && i < sizeof(units) - 1) {
		v /= 1024;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%llu", v);
	else
		snprintf(buf, len, "%llu%c", v, units[i - 1]);
	return buf;
}

void job_option_choices_text(const struct job_option *o, const char *sep, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; o->choices[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? sep : "",
					 o->choices[i]);
}

int job_option_set(struct job_spec *job, const char *name, const char *value,
		   char *err, size_t errlen)
{
	const struct job_option *o = job_option_find(name);
	if (!o) {
		snprintf(err, errlen, _("unknown option '%s' (see --help for the job options)"),
			 name);
		return -1;
	}
	char *field = (char *)job + o->offset;
	unsigned long long v = 0;
	int b;

	if (o->parse) {
		if (o->parse(o, job, value, err, errlen))
			return -1;
		job_option_mark_set(job, job_option_index(o));
		return 0;
	}
	if (!value && o->type != OPT_BOOL) {
		snprintf(err, errlen, _("%s needs a value (--%s=VALUE)"), o->name, o->name);
		return -1;
	}

	switch (o->type) {
	case OPT_STR:
		if (strlen(value) >= o->size) {
			snprintf(err, errlen, _("%s: value longer than %zu characters"), o->name,
				 o->size - 1);
			return -1;
		}
		memcpy(field, value, strlen(value) + 1);
		break;
	case OPT_BOOL:
		if (parse_bool(value, &b)) {
			snprintf(err, errlen, _("%s: '%s' is not 0 or 1"), o->name, value);
			return -1;
		}
		*(bool *)field = b;
		break;
	case OPT_INT:
	case OPT_SIZE:
	case OPT_TIME: {
		int r = o->type == OPT_INT ? parse_uint(value, &v)
			: o->type == OPT_SIZE ? parse_size(value, &v)
					      : parse_time_ms(value, &v);
		if (r) {
			const char *what = o->type == OPT_INT ? _("a whole number")
					   : o->type == OPT_SIZE ? _("a size such as 4k, 1m, 10g")
								 : _("a time such as 30, 30s, 500ms, 2m");
			snprintf(err, errlen, _("%s: '%s' is not %s"), o->name, value, what);
			return -1;
		}
		if (v < o->min || v > o->max) {
			snprintf(err, errlen, _("%s: %s is out of range (%llu to %llu)"), o->name,
				 value, o->min, o->max);
			return -1;
		}
		*(unsigned long long *)field = v;
		break;
	}
	case OPT_ENUM: {
		size_t i;
		for (i = 0; o->choices[i]; i++)
			if (!strcmp(o->choices[i], value))
				break;
		if (!o->choices[i]) {
			char list[256];
			job_option_choices_text(o, ", ", list, sizeof(list));
			snprintf(err, errlen, _("%s: unknown value '%s' (allowed: %s)"), o->name,
				 value, list);
			return -1;
		}
		*(int *)field = o->choice_values[i];
		break;
	}
	}
	job_option_mark_set(job, job_option_index(o));
	return 0;
}

void job_defaults(struct job_spec *job)
{
	char err[256];
	memset(job, 0, sizeof(*job));
	for (size_t i = 0; i < job_options_count; i++) {
		const struct job_option *o = &job_options[i];
		if (!o->def)
			continue;
		if (job_option_set(job, o->name, o->def, err, sizeof(err)))
			abort(); /* a bad default in the table is a programming error */
	}
	/* Defaults are not the user's choices. */
	memset(job->options_set, 0, sizeof(job->options_set));
}

bool job_option_given(const struct job_spec *job, const char *name)
{
	const struct job_option *o = job_option_find(name);
	return o && job_option_is_set(job, job_option_index(o));
}

static int parse_rwmixwrite(const struct job_option *o, struct job_spec *job, const char *value,
			    char *err, size_t errlen)
{
	unsigned long long v;
	if (parse_uint(value, &v) || v > o->max) {
		snprintf(err, errlen, _("%s: '%s' is not a percentage from 0 to 100"), o->name,
			 value ? value : "");
		return -1;
	}
	job->rwmixread = 100 - v;
	return 0;
}

static void format_rwmixwrite(const struct job_option *o, const struct job_spec *job, char *buf,
			      size_t len)
{
	(void)o;
	snprintf(buf, len, "%llu", 100 - job->rwmixread);
}

void job_option_format(const struct job_spec *job, const struct job_option *o,
		       char *buf, size_t len)
{
	const char *field = (const char *)job + o->offset;
	if (o->format) {
		o->format(o, job, buf, len);
		return;
	}
	switch (o->type) {
	case OPT_STR:
		snprintf(buf, len, "%s", field);
		break;
	case OPT_BOOL:
		snprintf(buf, len, "%d", *(const bool *)field ? 1 : 0);
		break;
	case OPT_INT:
		snprintf(buf, len, "%llu", *(const unsigned long long *)field);
		break;
	case OPT_SIZE:
		format_size(*(const unsigned long long *)field, buf, len);
		break;
	case OPT_TIME: {
		unsigned long long ms = *(const unsigned long long *)field;
		if (ms % 1000 == 0)
			snprintf(buf, len, "%llu", ms / 1000);
		else
			snprintf(buf, len, "%llums", ms);
		break;
	}
	case OPT_ENUM: {
		int v = *(const int *)field;
		snprintf(buf, len, "?");
		for (size_t i = 0; o->choices[i]; i++)
			if (o->choice_values[i] == v) {
				snprintf(buf, len, "%s", o->choices[i]);
				break;
			}
		break;
	}
	}
}
