/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fmt.c - number formats for the panes: three significant figures is as
 * much as a glance can use, and it keeps columns narrow at 80x24. */
#include "config.h"
#include "screen/fmt.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "output/report.h"

/* v is already scaled: 1..999.x gets 3 significant figures. */
static const char *three_figures(double v, const char *unit, char *buf, size_t len)
{
	if (v < 9.995)
		snprintf(buf, len, "%.2f%s", v, unit);
	else if (v < 99.95)
		snprintf(buf, len, "%.1f%s", v, unit);
	else
		snprintf(buf, len, "%.0f%s", v, unit);
	return buf;
}

const char *fmt_count(double v, char *buf, size_t len)
{
	static const char *const unit[] = { "k", "M", "G", "T" };
	if (!isfinite(v) || v < 0)
		v = 0;
	if (v < 999.5) {
		if (v > 0 && v < 9.95 && v != floor(v))
			snprintf(buf, len, "%.1f", v);
		else
			snprintf(buf, len, "%.0f", v);
		return buf;
	}
	unsigned i = 0;
	v /= 1000;
	while (v >= 999.5 && i < 3) {
		v /= 1000;
		i++;
	}
	return three_figures(v, unit[i], buf, len);
}

static const char *binary(double v, const char *suffix, char *buf, size_t len)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	char u[16];
	unsigned i = 0;
	if (!isfinite(v) || v < 0)
		v = 0;
	while (v >= 1023.5 && i < 5) {
		v /= 1024;
		i++;
	}
	snprintf(u, sizeof(u), "%s%s", unit[i], suffix);
	/* Disk sizes are usually round: "40GiB", not "40.0GiB". */
	if (i == 0 || (!*suffix && v == (double)(uint64_t)v)) {
		snprintf(buf, len, "%.0f%s", v, u);
		return buf;
	}
	return three_figures(v, u, buf, len);
}

const char *fmt_bytes_rate(double bytes_per_s, char *buf, size_t len)
{
	return binary(bytes_per_s, "/s", buf, len);
}

const char *fmt_bytes(double bytes, char *buf, size_t len)
{
	return binary(bytes, "", buf, len);
}

/* Three figures below 100 us, whole above; rounded up as every report
 * rounds latency (report_lat_up), so the screen, the runs list and the
 * printed summary show the same microsecond. */
const char *fmt_usec(uint64_t ns, char *buf, size_t len)
{
	double us = report_lat_up((double)ns, 1000, 2);
	if (us < 10) {
		snprintf(buf, len, "%.2f", us);
		return buf;
	}
	us = report_lat_up((double)ns, 1000, 1);
	if (us < 100) {
		snprintf(buf, len, "%.1f", us);
		return buf;
	}
	snprintf(buf, len, "%.0f", report_lat_up((double)ns, 1000, 0));
	return buf;
}

const char *fmt_duration(uint64_t ms, char *buf, size_t len)
{
	uint64_t s = ms / 1000;
	if (s >= 3600)
		snprintf(buf, len, "%llu:%02llu:%02llu", (unsigned long long)(s / 3600),
			 (unsigned long long)(s / 60 % 60), (unsigned long long)(s % 60));
	else
		snprintf(buf, len, "%llu:%02llu", (unsigned long long)(s / 60),
			 (unsigned long long)(s % 60));
	return buf;
}
