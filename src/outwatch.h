/* SPDX-License-Identifier: GPL-2.0-or-later */
/* outwatch.h - notices when the reader of blktop's output goes away
 * (`blktop --batch ... | head -n1`), so a run stops at once instead of
 * measuring for its whole runtime into a pipe nobody reads. */
#ifndef BLKTOP_OUTWATCH_H
#define BLKTOP_OUTWATCH_H

#include "util/runctl.h"

/* Watches fd when it is a pipe or a socket; when its reader has gone,
 * stops ctl as SIGPIPE would (cause RUNCTL_OUTPUT_GONE, signal SIGPIPE:
 * exit status 141), from the watcher's own thread. Returns 0 when
 * watching, -1 when fd is not worth watching (a file, a terminal) or on
 * error. */
int outwatch_start(int fd, struct runctl *ctl);
/* Ends the watcher and waits for its thread; safe without a start. */
void outwatch_stop(void);

#endif
