/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet_proc_report.c - the report of a procedure run on a fleet, the
 * same whether the batch ran it or the fleet's screen: each step's host
 * reports and the fleet's, the procedure's table of the fleet's totals,
 * and for a host that left the fleet the steps it missed (a table row of
 * the fleet is then not all the hosts', and the reader must know). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fleet/fleet_proc.h"
#include "fleet/fleet_report.h"
#include "i18n.h"
#include "options.h"
#include "output/json.h"

/* The steps host i did not run: those after the one it left at. */
static size_t missed_from(const struct fleet_proc *fp, size_t i)
{
	return fp->gone[i] ? fp->gone_at[i] : fp->nsteps;
}

static void missed_normal(const struct fleet_proc *fp, FILE *out)
{
	for (size_t i = 0; i < fp->n; i++) {
		size_t from = missed_from(fp, i);
		if (!fp->gone[i] || !fp->gone_at[i] || fp->gone_at[i] > fp->nsteps)
			continue;
		const struct fleet_step *at = &fp->steps[fp->gone_at[i] - 1];
		fprintf(out, _("%s: %s at step %zu (%s); "), fp->hosts[i].addr.label,
			host_state_name(fp->hosts[i].state), at->index + 1, at->label);
		if (from >= fp->nsteps) {
			fprintf(out, "%s\n", _("no step ran after it"));
			continue;
		}
		fputs(_("missed steps:"), out);
		for (size_t s = from; s < fp->nsteps; s++)
			fprintf(out, " %zu (%s)%s", fp->steps[s].index + 1, fp->steps[s].label,
				s + 1 < fp->nsteps ? "," : "");
		fputc('\n', out);
	}
}

/* The JSON report: the steps, each with hosts[] and the fleet's merged
 * figures, the hosts that left, then the procedure's table of the
 * fleet's totals. */
static void report_json(const struct fleet_proc *fp, const struct proc_table *t, FILE *out)
{
	struct json *root = json_object_new();
	json_add_string(root, "procedure", t->name);
	json_add_string(root, "title", t->title);
	json_add_u64(root, "hosts", fp->n);
	struct json *arr = json_add_array(root, "steps");
	for (size_t i = 0; i < fp->nsteps; i++) {
		struct json *o = json_add_object(arr, NULL);
		json_add_u64(o, "step", fp->steps[i].index + 1);
		json_add_string(o, "label", fp->steps[i].label);
		json_add_bool(o, "started", fp->steps[i].started);
		fleet_report_json_add(o, fp->steps[i].hosts, fp->n);
	}
	struct json *left = json_add_array(root, "hosts_left");
	for (size_t i = 0; i < fp->n; i++) {
		if (!fp->gone[i] || !fp->gone_at[i] || fp->gone_at[i] > fp->nsteps)
			continue;
		struct json *o = json_add_object(left, NULL);
		json_add_string(o, "host", fp->hosts[i].addr.label);
		json_add_string(o, "state", host_state_name(fp->hosts[i].state));
		json_add_u64(o, "at_step", fp->steps[fp->gone_at[i] - 1].index + 1);
		struct json *m = json_add_array(o, "missed_steps");
		for (size_t s = missed_from(fp, i); s < fp->nsteps; s++)
			json_add_u64(m, NULL, fp->steps[s].index + 1);
	}
	/* The table as the procedure prints it alone, parsed back in. */
	char *text = NULL, err[128];
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (m) {
		proc_table_json(m, t);
		fclose(m);
		struct jv *v = text ? jv_parse(text, len, err, sizeof(err)) : NULL;
		if (v)
			fleet_json_add_jv(root, "table", v);
		jv_free(v);
		free(text);
	}
	json_print(out, root);
	json_free(root);
}

void fleet_proc_report(struct fleet_proc *fp, const struct proc_table *table, FILE *out)
{
	const struct cli_args *args = fp->args;
	if (!table->nrows || !fp->nsteps)
		return;
	if (args->format != OUTPUT_NORMAL && !fp->print_steps)
		fleet_proc_print_steps(fp, table, out); /* the notes, on stderr */
	if (args->format == OUTPUT_JSON) {
		report_json(fp, table, out);
	} else if (args->format == OUTPUT_CSV) {
		proc_table_csv(out, table);
	} else {
		if (!fp->print_steps)
			fleet_proc_print_steps(fp, table, out);
		fprintf(out, _("\nThe fleet's totals, step by step (%zu hosts):\n"), fp->n);
		proc_table_normal(out, table);
		missed_normal(fp, out);
	}
}
