/* SPDX-License-Identifier: GPL-2.0-or-later */
/* engine_table.c - which engines this blktop has (enum engine_kind to
 * operations table) and the check before a run that a job's engine and
 * options can run here at all. Apart from engine.c, the job loop, which
 * stays the per-I/O path alone. */
#include "config.h"
#include "engine/engine.h"

#include <stdio.h>
#include <string.h>

#include "engine/buffers.h"
#include "engine/cmdprio.h"
#include "engine/loop.h"
#include "engine/ops.h"
#include "engine/pacing.h"
#include "engine/verify.h"
#include "i18n.h"
#include "options.h"

/* Indexed by enum engine_kind; NULL where the engine is not built in. */
static const struct engine_ops *const engine_table[ENGINE_COUNT] = {
	[ENGINE_LIBAIO] = &engine_libaio,
#ifdef HAVE_LIBURING
	[ENGINE_IO_URING] = &engine_io_uring,
#endif
	[ENGINE_SYNC] = &engine_sync,
	[ENGINE_PSYNC] = &engine_psync,
	[ENGINE_PVSYNC] = &engine_pvsync,
	[ENGINE_PVSYNC2] = &engine_pvsync2,
	[ENGINE_NULL] = &engine_null,
};

const struct engine_ops *engine_ops_for(int kind)
{
	return kind >= 0 && kind < ENGINE_COUNT ? engine_table[kind] : NULL;
}

const char *engine_names_built(void)
{
	static char names[128];
	if (!names[0]) {
		size_t used = 0;
		for (int k = 0; k < ENGINE_COUNT; k++)
			if (engine_table[k] && used < sizeof(names))
				used += (size_t)snprintf(names + used, sizeof(names) - used,
							 "%s%s", used ? " " : "",
							 engine_table[k]->name);
	}
	return names;
}

int engine_check(const struct job_spec *spec, char *err, size_t errlen)
{
	const struct engine_ops *ops = engine_ops_for(spec->ioengine);
	char name[32], why[256] = "";
	int r = 0;

	if (!ops)
		snprintf(why, sizeof(why), _("not built into this blktop (see --version)"));
	else if (ops->probe)
		r = ops->probe(spec, why, sizeof(why));
	/* Each check's own status is kept: a refusal of bad input is 2. */
	if (ops && !r) {
		int st = next_io_check(spec, err, errlen);
		if (!st)
			st = verify_check(spec, err, errlen);
		if (!st)
			st = pacing_check(spec, err, errlen);
		if (!st)
			st = buf_fill_check(spec, err, errlen);
		if (!st)
			st = cmdprio_check(spec, err, errlen);
		return st;
	}
	job_option_format(spec, job_option_find("ioengine"), name, sizeof(name));
	snprintf(err, errlen, _("%s: ioengine=%s: %s"), spec->name, name,
		 why[0] ? why : strerror(-r));
	return 1;
}
