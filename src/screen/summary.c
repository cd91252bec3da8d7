/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary.c - the run's summary to a file or stdout, through the same
 * report functions as --batch so the two never differ; a procedure's
 * run is its table, printed as --batch prints it. */
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

void summary_print(FILE *out, const struct run_result *r, const struct proc_table *t,
		   enum output_format fmt)
{
	if (r && fmt == OUTPUT_JSON)
		report_json(out, r);
	else if (r)
		report_normal(out, r);
	else if (t && fmt == OUTPUT_CSV)
		proc_table_csv(out, t);
	else if (t && fmt == OUTPUT_JSON)
		proc_table_json(out, t);
	else if (t)
		proc_table_normal(out, t);
}

char *summary_text(const struct run_result *r, const struct proc_table *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	summary_print(f, r, t, OUTPUT_NORMAL);
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

int summary_save(const struct run_result *r, const struct proc_table *t, const char *path,
		 bool json, char *err, size_t errlen)
{
	struct writer w;

	if (writer_try_open(&w, path, err, errlen))
		return -1;
	summary_print(w.f, r, t, json ? OUTPUT_JSON : OUTPUT_NORMAL);
	return writer_finish(&w, err, errlen);
}

void summary_default_name(const struct run_result *r, const struct proc_table *t, time_t when,
			  bool json, char *buf, size_t len)
{
	time_t s = r && r->start_wall ? (time_t)r->start_wall : when ? when : time(NULL);
	struct tm tm;
	char stamp[32];
	const char *name = r ? r->device_name : "";
	if (!r && t) {
		const char *slash = strrchr(t->target, '/');
		name = slash ? slash + 1 : t->target;
	}
	localtime_r(&s, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(buf, len, "blktop-%s%s%s%s%s.%s", name, name[0] ? "-" : "",
		 !r && t ? t->name : "", !r && t ? "-" : "", stamp, json ? "json" : "txt");
}
