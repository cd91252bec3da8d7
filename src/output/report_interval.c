/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_interval.c - the --status-interval block. fio repeats totals so
 * far at each interval, which hides a stall behind a long good start;
 * blktop prints what happened in that interval alone. */
#include "config.h"
#include "output/report.h"

#include <inttypes.h>
#include <math.h>

#include "i18n.h"
#include "output/report_priv.h"
#include "stats/hist.h"

static const char *const dir_name[DIR_COUNT] = { "read", "write" };

/* The percentiles shown, looked up in hist_default_pcts by value. */
static const struct {
	double pct;
	const char *label;
} shown[] = {
	{ 50, "p50" }, { 90, "p90" }, { 99, "p99" }, { 99.9, "p99.9" }, { 99.99, "p99.99" },
};

static int pct_index(double pct)
{
	for (size_t i = 0; i < hist_default_npcts && i < 17; i++)
		if (fabs(hist_default_pcts[i] - pct) < 1e-9)
			return (int)i;
	return -1;
}

static uint64_t per_second(uint64_t count, uint64_t span_ms)
{
	if (!span_ms)
		return 0;
	return count / span_ms * 1000 + count % span_ms * 1000 / span_ms;
}

static void print_clat(FILE *out, const struct run_interval *iv, int d)
{
	double mean = (double)iv->clat_mean_ns[d];
	uint64_t div = 1;
	const char *unit = "nsec";
	if (mean >= 2000000.0) {
		div = 1000000;
		unit = "msec";
	} else if (mean >= 2000.0) {
		div = 1000;
		unit = "usec";
	}
	fprintf(out, ", clat (%s): avg=%.2f", unit, mean / (double)div);
	for (size_t i = 0; i < sizeof(shown) / sizeof(shown[0]); i++) {
		int k = pct_index(shown[i].pct);
		if (k < 0)
			continue;
		/* Rounded up, as fio rounds its percentiles. */
		fprintf(out, ", %s=%" PRIu64, shown[i].label, (iv->clat_pct_ns[d][k] + div - 1) / div);
	}
	fprintf(out, ", max=%" PRIu64, (iv->clat_max_ns[d] + div - 1) / div);
}

void report_interval(FILE *out, const struct run_interval *iv)
{
	struct report_numeric num;
	report_numeric_begin(&num);

	fprintf(out, "%s: (groupid=%u): t=%" PRIu64 ".%" PRIu64 "s", iv->name ? iv->name : "",
		iv->groupid, iv->t_ms / 1000, iv->t_ms % 1000 / 100);
	if (iv->runtime_ms)
		fprintf(out, "/%" PRIu64 ".%" PRIu64 "s", iv->runtime_ms / 1000,
			iv->runtime_ms % 1000 / 100);
	fprintf(out, ", interval=%" PRIu64 "msec", iv->span_ms);
	if (iv->ramping)
		fprintf(out, " %s", _("(ramp time: not counted)"));
	fputc('\n', out);

	bool any = false;
	for (int d = 0; d < DIR_COUNT; d++) {
		/* A direction that ran before but not now is shown: a stall. */
		if (!iv->ios[d] && !iv->errors[d] && !iv->run_ios[d])
			continue;
		char iops[32], bw[32], bwalt[32];
		fprintf(out, "  %s: IOPS=%s, BW=%s (%s)", dir_name[d],
			report_num(iops, sizeof(iops), per_second(iv->ios[d], iv->span_ms),
				   REPORT_SIG_FIGS, false, ""),
			report_num(bw, sizeof(bw), per_second(iv->bytes[d], iv->span_ms),
				   REPORT_SIG_FIGS, true, "B/s"),
			report_num(bwalt, sizeof(bwalt), per_second(iv->bytes[d], iv->span_ms),
				   REPORT_SIG_FIGS, false, "B/s"));
		if (iv->ios[d])
			print_clat(out, iv, d);
		if (iv->errors[d])
			fprintf(out, ", errors=%" PRIu64, iv->errors[d]);
		fputc('\n', out);
		any = true;
	}
	if (!any)
		fprintf(out, "  %s\n", _("no I/O completed yet"));

	report_numeric_end(&num);
}
