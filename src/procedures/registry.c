/* SPDX-License-Identifier: GPL-2.0-or-later */
/* registry.c - the built-in procedures, one row each. Adding one is a row
 * here plus its run function (profile.c, suite.c, sweep.c). No other
 * dependency: the man page generator links this file alone. */
#include "config.h"
#include "procedures/registry.h"

#include <string.h>

#include "i18n.h"

const struct proc_entry proc_registry[PROC_KIND_COUNT] = {
	{ .kind = PROC_LATENCY, .family = PROC_PROFILE, .name = "latency",
	  .what = N_("ESSD PL-X latency test"),
	  .title = N_("latency profile (the ESSD PL-X latency test): 4k random writes, iodepth 1, 1 job, pinned to the CPU of the device's queue interrupt when it has one") },
	{ .kind = PROC_IOPS, .family = PROC_PROFILE, .name = "iops",
	  .what = N_("ESSD PL-X IOPS test"),
	  .title = N_("IOPS profile (the ESSD PL-X IOPS test): 4k random writes, iodepth 64, 64 jobs") },
	{ .kind = PROC_THROUGHPUT, .family = PROC_PROFILE, .name = "throughput",
	  .what = N_("sequential throughput test"),
	  .title = N_("throughput profile: 1M sequential read, then write, iodepth 32") },
	{ .kind = PROC_SEVEN, .family = PROC_SUITE, .name = "seven", .family_default = true,
	  .what = N_("seven-test matrix"),
	  .title = N_("seven-test matrix") },
	{ .kind = PROC_CDM, .family = PROC_SUITE, .name = "cdm",
	  .what = N_("CrystalDiskMark matrix"),
	  .title = N_("CrystalDiskMark matrix") },
	{ .kind = PROC_SWEEP_BS, .family = PROC_SWEEP, .name = "bs",
	  .what = N_("block-size sweep"),
	  .title = N_("block-size sweep") },
	{ .kind = PROC_SWEEP_NUMJOBS, .family = PROC_SWEEP, .name = "numjobs",
	  .what = N_("numjobs ramp"),
	  .title = N_("numjobs ramp") },
};

const struct proc_entry *proc_entry_of(enum proc_kind kind)
{
	for (size_t i = 0; i < PROC_KIND_COUNT; i++)
		if (proc_registry[i].kind == kind)
			return &proc_registry[i];
	return &proc_registry[0];
}

const struct proc_entry *proc_entry_find(enum proc_family family, const char *name)
{
	for (size_t i = 0; name && i < PROC_KIND_COUNT; i++)
		if (proc_registry[i].family == family && !strcmp(proc_registry[i].name, name))
			return &proc_registry[i];
	return NULL;
}

size_t proc_family_names(enum proc_family family, const char **names, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < PROC_KIND_COUNT && n < max; i++)
		if (proc_registry[i].family == family)
			names[n++] = proc_registry[i].name;
	return n;
}

const char *proc_family_switch(enum proc_family family)
{
	switch (family) {
	case PROC_PROFILE: return "profile";
	case PROC_SUITE: return "suite";
	default: return "sweep";
	}
}
