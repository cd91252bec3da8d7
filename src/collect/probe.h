/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe.h - gathers the facts behind the safety verdict: signatures
 * (libblkid, backup GPT included), mounts (libmount), active swap, holders,
 * loop backing files and an O_EXCL open test; then decides each verdict.
 * Device reads run in short-lived child processes with a deadline, so a
 * device that never answers cannot hang blktop. */
#ifndef BLKTOP_PROBE_H
#define BLKTOP_PROBE_H

#include "collect/devices.h"
#include "collect/facts.h"

/* How long one device may take to answer before its contents count as
 * unknown (has-data). */
#define PROBE_TIMEOUT_MS 3000

/* Fills the facts and the verdict of every disk and partition of list.
 * Returns 0, or -1 when the mount table could not be read (every other
 * fact is still gathered, and mounts still show as O_EXCL refusals). */
int probe_all(struct dev_list *list, unsigned timeout_ms);

/* The same for one disk of a list (and its partitions). */
int probe_disk(struct blk_dev *disk, unsigned timeout_ms);

/* dev_list_scan() then probe_all(): what --list and the screen show.
 * Returns 0, or -1 with errno set when /sys/block cannot be read. */
int devices_collect(struct dev_list *list, unsigned timeout_ms);

/* Facts about a regular file target at path: whether it exists, was laid
 * out by blktop (the user.blktop xattr), may be written, is active swap or
 * backs a loop device. */
void probe_file(const char *path, struct dev_facts *out);

/* The extended attribute that marks a file as laid out by blktop. */
#define PROBE_FILE_XATTR "user.blktop"

#endif
