/* SPDX-License-Identifier: GPL-2.0-or-later */
/* status.h - blktop's exit statuses, one enum for every mode, so a 2 or a
 * 3 in the code always means what the man page says it means. */
#ifndef BLKTOP_UTIL_STATUS_H
#define BLKTOP_UTIL_STATUS_H

enum blktop_status {
	BLKTOP_OK = 0,          /* done */
	BLKTOP_FAILED = 1,      /* the run failed: I/O errors, device gone, report lost */
	BLKTOP_USAGE = 2,       /* bad usage or bad input */
	BLKTOP_REFUSED = 3,     /* refused for safety */
	/* Ended by signal N: BLKTOP_SIGNAL_BASE + N, as a shell expects. */
	BLKTOP_SIGNAL_BASE = 128,
};

#endif
