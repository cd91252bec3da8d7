/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fmt.h - short human figures for narrow columns: 36.9k, 144MiB/s, 26.7
 * (us), 1:05. Pure functions, no curses, so the unit tests read them. */
#ifndef BLKTOP_SCREEN_FMT_H
#define BLKTOP_SCREEN_FMT_H

#include <stddef.h>
#include <stdint.h>

/* A count or rate with three significant figures and k, M, G. */
const char *fmt_count(double v, char *buf, size_t len);
/* Bytes per second in binary units: "144MiB/s". */
const char *fmt_bytes_rate(double bytes_per_s, char *buf, size_t len);
/* Bytes in binary units: "40GiB", "512MiB". */
const char *fmt_bytes(double bytes, char *buf, size_t len);
/* Nanoseconds as microseconds, three significant figures below 1000. */
const char *fmt_usec(uint64_t ns, char *buf, size_t len);
/* Milliseconds as m:ss or h:mm:ss. */
const char *fmt_duration(uint64_t ms, char *buf, size_t len);

#endif
