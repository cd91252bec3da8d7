/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hosts.c - reading --hosts: a list or a file of [user@]host[:port], an
 * IPv6 address in brackets ([::1]:22), and per-host targets. */
#include "config.h"
#include "fleet/hosts.h"

#include <ctype.h>
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util/str.h"

#define ERR(...) (snprintf(err, errlen, __VA_ARGS__), -1)

static bool host_chars_ok(const char *s)
{
	if (!*s || *s == '-')
		return false;   /* "-oProxyCommand=..." must never reach ssh */
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr(".-_:%", *s))
			return false;
	return true;
}

/* One entry: "[user@]host[:port]" with target already split off. */
static int parse_addr(const char *word, const char *target, struct host_addr *h, char *err,
		      size_t errlen)
{
	char buf[512];
	memset(h, 0, sizeof(*h));
	if (strlen(word) >= sizeof(h->label) || strlen(target) >= sizeof(h->target))
		return ERR(_("--hosts: entry too long: %s"), word);
	str_copy(h->label, sizeof(h->label), word);
	snprintf(h->target, sizeof(h->target), "%s", target);
	snprintf(buf, sizeof(buf), "%s", word);
	char *host = buf, *at = strrchr(buf, '@');
	if (at) {
		*at = '\0';
		if (!buf[0] || strlen(buf) >= sizeof(h->user) || buf[0] == '-' ||
		    strpbrk(buf, " \t'\"\\$`;|&<>()"))
			return ERR(_("--hosts: bad user name in '%s'"), word);
		snprintf(h->user, sizeof(h->user), "%s", buf);
		host = at + 1;
	}
	char *port = NULL;
	if (host[0] == '[') {
		char *close = strchr(host, ']');
		if (!close || (close[1] && close[1] != ':'))
			return ERR(_("--hosts: bad address in '%s' (an IPv6 address goes as [addr]:port)"),
				   word);
		*close = '\0';
		if (close[1] == ':')
			port = close + 2;
		host++;
	} else if ((port = strchr(host, ':'))) {
		if (strchr(port + 1, ':'))
			return ERR(_("--hosts: '%s': put an IPv6 address in brackets: [addr]:port"),
				   word);
		*port++ = '\0';
	}
	if (!host_chars_ok(host) || strlen(host) >= sizeof(h->host))
		return ERR(_("--hosts: '%s' is not a host name or address"), word);
	snprintf(h->host, sizeof(h->host), "%s", host);
	if (port) {
		char *e;
		errno = 0;
		unsigned long p = strtoul(port, &e, 10);
		if (!*port || *e || errno || p == 0 || p > 65535)
			return ERR(_("--hosts: bad port in '%s' (1 to 65535)"), word);
		h->port = (unsigned)p;
	}
	return 0;
}

static int add(struct host_addr **v, size_t *n, const char *word, const char *target, char *err,
	       size_t errlen)
{
	if (*n >= FLEET_MAX_HOSTS)
		return ERR(_("--hosts: more than %d hosts"), FLEET_MAX_HOSTS);
	struct host_addr *nv = realloc(*v, (*n + 1) * sizeof(**v));
	if (!nv)
		return ERR("%s", _("out of memory"));
	*v = nv;
	if (parse_addr(word, target, &nv[*n], err, errlen))
		return -1;
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(nv[i].label, nv[*n].label))
			return ERR(_("--hosts: '%s' is named twice"), word);
	(*n)++;
	return 0;
}

/* "host=target" or "host target" (the file's form). */
static int add_entry(struct host_addr **v, size_t *n, char *entry, bool file_form, char *err,
		     size_t errlen)
{
	char *target = "";
	char *eq = strchr(entry, '=');
	if (eq) {
		*eq = '\0';
		target = eq + 1;
	} else if (file_form) {
		char *sp = entry + strcspn(entry, " \t");
		if (*sp) {
			*sp++ = '\0';
			target = sp + strspn(sp, " \t");
		}
	}
	if (eq && !*target)
		return ERR(_("--hosts: '%s=' names no target"), entry);
	return add(v, n, entry, target, err, errlen);
}

static int read_file(const char *path, struct host_addr **v, size_t *n, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return ERR(_("--hosts: cannot read %s: %s"), path, strerror(errno));
	char line[4608];
	unsigned lineno = 0;
	int r = 0;
	while (!r && fgets(line, sizeof(line), f)) {
		lineno++;
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char *s = str_trim(line);
		if (!*s)
			continue;
		if ((r = add_entry(v, n, s, true, err, errlen))) {
			char msg[512];
			snprintf(msg, sizeof(msg), "%s", err);
			snprintf(err, errlen, _("%s, line %u: %s"), path, lineno, msg);
		}
	}
	fclose(f);
	return r;
}

int hosts_parse(const char *spec, struct host_addr **out, size_t *n, char *err, size_t errlen)
{
	*out = NULL;
	*n = 0;
	int r;
	if (spec[0] == '@') {
		r = read_file(spec + 1, out, n, err, errlen);
	} else {
		char *copy = strdup(spec), *save = NULL;
		if (!copy)
			return ERR("%s", _("out of memory"));
		r = 0;
		for (char *e = strtok_r(copy, ",", &save); e && !r; e = strtok_r(NULL, ",", &save))
			r = add_entry(out, n, str_trim(e), false, err, errlen);
		free(copy);
	}
	if (!r && *n == 0)
		r = ERR("%s", _("--hosts: no hosts named"));
	if (r) {
		free(*out);
		*out = NULL;
		*n = 0;
	}
	return r;
}
