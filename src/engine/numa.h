/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numa.h - a job thread's NUMA placement (numa_cpu_nodes, numa_mem_policy),
 * set by the thread itself before its first I/O, as fio sets it. */
#ifndef BLKTOP_ENGINE_NUMA_H
#define BLKTOP_ENGINE_NUMA_H

#include <stddef.h>

#include "job.h"

/* Runs the calling thread on the CPUs of spec's numa_cpu_nodes and gives
 * it spec's memory policy, where given. 0, or an errno with one line in
 * why. Without libnuma: 0 (the options are refused when read). */
int numa_place_thread(const struct job_spec *spec, char *why, size_t len);

#endif
