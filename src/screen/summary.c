/* summary.c - the run's summary to a file or stdout, through the same
 * report functions as --batch so the two never differ. */
#include "config.h"
#include "screen/summary.h"

#include <errno.h>
#include <string.h>
#include <time.h>

#include "i18n.h"
#include "output/report.h"

void summary_print(FILE *out, const struct run_result *r, bool json)
{
	if (json)
		report_json(out, r);
	else
		report_normal(out, r);
	fflush(out);
}

int summary_save(const struct run_result *r, const char *path, bool json, char *err,
		 size_t errlen)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		snprintf(err, errlen, _("cannot write %s: %s"), path, strerror(errno));
		return -1;
	}
	summary_print(f, r, json);
	if (ferror(f) | fclose(f)) {
		snprintf(err, errlen, _("writing %s failed: %s"), path, strerror(errno));
		return -1;
	}
	return 0;
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
