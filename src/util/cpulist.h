/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpulist.h - the one parser of the kernel's CPU-list format ("0-3,6"),
 * as in smp_affinity_list, effective_affinity_list and fio's
 * cpus_allowed. */
#ifndef BLKTOP_UTIL_CPULIST_H
#define BLKTOP_UTIL_CPULIST_H

/* Sets bits[c] = 1 for every CPU c < nbits in list (white space around
 * the numbers allowed; CPUs at or past nbits are left out). Returns how
 * many are set, or -1 when list is not a CPU list. "" is an empty list. */
int cpulist_parse(const char *list, unsigned char *bits, int nbits);

#endif
