/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hosts.h - the fleet as the user names it: --hosts=h1,h2 or @FILE, each
 * host [user@]host[:port], optionally with its own target (HOST=TARGET,
 * or "host target" on a line of the file). */
#ifndef BLKTOP_FLEET_HOSTS_H
#define BLKTOP_FLEET_HOSTS_H

#include <stddef.h>

#define FLEET_MAX_HOSTS 256

struct host_addr {
	char label[320];     /* as written, without the target: the row's name */
	char user[64];       /* "" for ssh's default */
	char host[256];      /* name or address, without brackets */
	unsigned port;       /* 0 for ssh's default */
	char target[4096];   /* "" when the job's target is used */
};

/* Parses spec ("h1,u@h2:2222=vdc" or "@FILE") into a new array. Returns 0,
 * or -1 with one translated line in err naming the entry. */
int hosts_parse(const char *spec, struct host_addr **out, size_t *n, char *err, size_t errlen);

#endif
