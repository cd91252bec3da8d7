/* SPDX-License-Identifier: GPL-2.0-or-later */
/* listing.h - blktop --list: every block device with its safety verdict,
 * as a table (the screen's device pane, on stdout) or as JSON. */
#ifndef BLKTOP_OUTPUT_LISTING_H
#define BLKTOP_OUTPUT_LISTING_H

#include <stdbool.h>
#include <stdio.h>

#include "collect/devices.h"

/* Gathers devices, facts and verdicts, and prints them. Returns the exit
 * status: 0, or 1 (after a one-line message on stderr) when /sys/block
 * cannot be read or the output cannot be written. */
int listing_print(FILE *out, bool json);

/* Prints an already gathered list. Returns 0, or -1 on a write error. */
int listing_print_table(FILE *out, const struct dev_list *list);
int listing_print_json(FILE *out, const struct dev_list *list);

/* Formats a byte count the way lsblk does: "512", "4K", "1.5G", "256G". */
const char *listing_size(unsigned long long bytes, char *buf, size_t len);

#endif
