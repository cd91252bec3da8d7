/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fio_lines.c - fio's stderr lines for failed I/Os and latencies over the
 * target (see fio_lines.h). They are a format that scripts match, as the
 * report's err= line is (output/report_util.c), so they are not passed
 * through gettext and the errno text is the C locale's. Each is one
 * write(2): the job thread takes no stdio lock, and lines of threads that
 * fail together do not interleave. Only failed or late I/Os come here. */
#include "config.h"
#include "engine/fio_lines.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "job.h"
#include "util/str.h"

/* fio's io_ddir_name for the directions a job issues. */
static const char *dir_name(int dir)
{
	return dir == DIR_READ ? "read" : dir == DIR_WRITE ? "write" : "trim";
}

static void put_line(const char *line, int n, size_t cap)
{
	if (n <= 0)
		return;
	if ((size_t)n >= cap)
		n = (int)cap - 1;
	if (write(STDERR_FILENO, line, (size_t)n) < 0)
		return;
}

void fio_line_io_error(const char *path, int dir, uint64_t offset, uint64_t len, int err)
{
	char line[768];
	int n = snprintf(line, sizeof(line), "fio: io_u error on file %s: %s: %s offset=%llu, buflen=%llu\n",
			 path, str_c_strerror(err), dir_name(dir), (unsigned long long)offset,
			 (unsigned long long)len);
	put_line(line, n, sizeof(line));
}

void fio_line_latency(uint64_t lat_ns, uint64_t max_ns, const char *path, int dir,
		      uint64_t offset, uint64_t len)
{
	char line[768];
	int n = snprintf(line, sizeof(line),
			 "fio: latency of %llu nsec exceeds specified max (%llu nsec): %s %s %llu %llu\n",
			 (unsigned long long)lat_ns, (unsigned long long)max_ns, path, dir_name(dir),
			 (unsigned long long)offset, (unsigned long long)len);
	put_line(line, n, sizeof(line));
}
