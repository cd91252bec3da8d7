/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sshproc.h - one child ssh per host: started with BatchMode (never a
 * password prompt on the screen), its stdin, stdout and stderr as pipes,
 * its output read a line at a time without blocking the others. */
#ifndef BLKTOP_FLEET_SSHPROC_H
#define BLKTOP_FLEET_SSHPROC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "fleet/hosts.h"

#define SSHPROC_LINE_MAX (1 << 20)

struct sshproc {
	pid_t pid;
	int in, out, err;        /* -1 once closed */
	char *obuf, *ebuf;       /* partial lines of stdout and stderr */
	size_t olen, elen;
	bool exited;
	int status;              /* waitpid's, once exited */
};

/* The remote command line as one string for the far side's shell: each
 * word in single quotes. Returns 0, or -1 if it does not fit. */
int ssh_quote_argv(const char *const *argv, char *buf, size_t len);

/* Starts `SSH -o BatchMode=yes [-p PORT] [-l USER] HOST -- REMOTE` where
 * SSH is ssh_command (the user's --ssh, read by /bin/sh) or "ssh".
 * Returns 0, or -1 with one line in err. */
int sshproc_start(struct sshproc *p, const char *ssh_command, const struct host_addr *h,
		  const char *remote, char *err, size_t errlen);

/* Starts `SSH -o BatchMode=yes -W FORWARD ... HOST`: the child's stdin
 * and stdout are then a TCP stream to FORWARD (HOST:PORT as the far side
 * resolves it). */
int sshproc_start_forward(struct sshproc *p, const char *ssh_command, const struct host_addr *h,
			  const char *forward, char *err, size_t errlen);

/* Reads what is there on stdout and stderr without blocking; calls
 * on_line for each whole line (is_err says which stream). Returns false
 * once both are at end of file. */
bool sshproc_pump(struct sshproc *p, void (*on_line)(void *arg, bool is_err, char *line),
		  void *arg);

/* Closes stdin: the far side's cue to stop and report. */
void sshproc_close_input(struct sshproc *p);

/* Reaps the child if it has exited (non-blocking); true once it has. */
bool sshproc_reap(struct sshproc *p);

/* Ends the child: SIGTERM, then SIGKILL after grace_ms; waits for it. */
void sshproc_kill(struct sshproc *p, unsigned grace_ms);

void sshproc_free(struct sshproc *p);

#endif
