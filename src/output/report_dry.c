/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_dry.c - what --dry-run prints: the target, its verdict with every
 * reason, and that the job would run. A refusal never gets here: the gate
 * said it on stderr and the status is 3. --hosts reads the JSON form
 * from each host before any host starts. */
#include "config.h"

#include <stdio.h>

#include "collect/verdict.h"
#include "i18n.h"
#include "output/json.h"
#include "output/report.h"

void report_dry_run(FILE *out, const struct run_result *r, bool json)
{
	const char *verdict = r->verdict_taken ? verdict_name(r->verdict.verdict) : "unknown";
	char one[VERDICT_REASON_LEN + 16];

	if (!json) {
		/* A file target has no device verdict of its own here. */
		fprintf(out, _("%s: verdict %s; the job would run\n"),
			r->device_name[0] ? r->device_name : _("(file)"), verdict);
		for (size_t i = 0; r->verdict_taken && i < r->verdict.nreasons; i++) {
			verdict_reason_format(&r->verdict.reasons[i], one, sizeof(one));
			fprintf(out, "  %s\n", one);
		}
		return;
	}
	struct json *root = json_object_new();
	struct json *bt = json_add_object(root, "blktop");
	json_add_string(bt, "version", PACKAGE_VERSION);
	json_add_bool(bt, "dry_run", true);
	struct json *o = json_add_object(bt, "device");
	json_add_string(o, "name", r->device_name);
	json_add_string(o, "verdict", verdict);
	struct json *reasons = json_add_array(o, "reasons");
	for (size_t i = 0; r->verdict_taken && i < r->verdict.nreasons; i++) {
		verdict_reason_format(&r->verdict.reasons[i], one, sizeof(one));
		json_add_string(reasons, NULL, one);
	}
	json_add_bool(bt, "would_run", true);
	json_print(out, root);
	json_free(root);
}
