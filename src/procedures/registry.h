/* SPDX-License-Identifier: GPL-2.0-or-later */
/* registry.h - THE list of built-in procedures: each one's kind, the
 * switch and name that start it (--profile latency, --suite=cdm...), what
 * it is and what it runs. The command line, --help, the completion (through
 * --help), the man page and the screen's procedure menu all read it. */
#ifndef BLKTOP_PROCEDURES_REGISTRY_H
#define BLKTOP_PROCEDURES_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

/* In the registry's order: the menu and --help list them so. */
enum proc_kind {
	PROC_LATENCY,       /* --profile latency */
	PROC_IOPS,          /* --profile iops */
	PROC_THROUGHPUT,    /* --profile throughput */
	PROC_SEVEN,         /* --suite / --suite=seven */
	PROC_CDM,           /* --suite=cdm */
	PROC_SWEEP_BS,      /* --sweep bs */
	PROC_SWEEP_NUMJOBS, /* --sweep numjobs */
};
#define PROC_KIND_COUNT 7

/* The switch that starts a procedure of this family. */
enum proc_family { PROC_PROFILE, PROC_SUITE, PROC_SWEEP };

struct proc_entry {
	enum proc_kind kind;
	enum proc_family family;
	const char *name;       /* what the command line takes; never translated */
	const char *what;       /* N_(): what it is ("block-size sweep") */
	const char *title;      /* N_(): what it runs, the table's heading */
	bool family_default;    /* what the switch alone means (--suite) */
};

extern const struct proc_entry proc_registry[PROC_KIND_COUNT];

const struct proc_entry *proc_entry_of(enum proc_kind kind);
/* By family and name; NULL when there is none such. */
const struct proc_entry *proc_entry_find(enum proc_family family, const char *name);
/* The names of a family, in order: fills names (at most max), returns how many. */
size_t proc_family_names(enum proc_family family, const char **names, size_t max);
/* "profile", "suite", "sweep": the switch without its dashes. */
const char *proc_family_switch(enum proc_family family);

#endif
