/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary.c - the run's summary to a file or stdout, through the same
 * report functions as --batch so the two never differ. */
#include "config.h"
#include "screen/summary.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "i18n.h"
#include "output/report.h"
#include "output/writer.h"
#include "util/status.h"

void summary_print(FILE *out, const struct run_result *r, bool json)
{
	if (json)
		report_json(out, r);
	else
		report_normal(out, r);
}

char *summary_text(const struct run_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	summary_print(f, r, false);
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

int summary_save(const struct run_result *r, const char *path, bool json, char *err,
		 size_t errlen)
{
	struct writer w;

	if (writer_try_open(&w, path, err, errlen))
		return -1;
	summary_print(w.f, r, json);
	return writer_finish(&w, err, errlen);
}

int summary_write(const struct run_result *r, const char *path, bool json)
{
	struct writer w;

	if (writer_open(&w, path))
		return BLKTOP_FAILED;
	summary_print(w.f, r, json);
	return writer_close(&w, 0);
}

void summary_default_name(const struct run_result *r, bool json, char *buf, size_t len)
{
	time_t t = r->start_wall ? (time_t)r->start_wall : time(NULL);
	struct tm tm;
	char stamp[32];
	localtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(buf, len, "blktop-%s%s%s.%s", r->device_name[0] ? r->device_name : "",
		 r->device_name[0] ? "-" : "", stamp, json ? "json" : "txt");
}
