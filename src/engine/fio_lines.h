/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fio_lines.h - the lines fio writes on stderr while a job runs, for each
 * I/O that fails and for a latency over latency_target: in fio's layout
 * and words, whatever the locale, so what reads fio's stderr reads ours. */
#ifndef BLKTOP_ENGINE_FIO_LINES_H
#define BLKTOP_ENGINE_FIO_LINES_H

#include <stdint.h>

/* An I/O of direction dir (enum dir) on path failed with err. */
void fio_line_io_error(const char *path, int dir, uint64_t offset, uint64_t len, int err);
/* An I/O's latency lat_ns went over max_ns and the job ends. */
void fio_line_latency(uint64_t lat_ns, uint64_t max_ns, const char *path, int dir,
		      uint64_t offset, uint64_t len);

#endif
