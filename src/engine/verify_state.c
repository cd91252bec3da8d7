/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify_state.c - fio 3.33's verify state file, read and written in its
 * layout (see verify_state.h): a 24-byte header (version 3, the size of
 * what follows, its crc32c), then the thread's list: completions, depth,
 * files, writes issued, thread index, fio's random state (56 bytes, which
 * fio does not read back; blktop writes zeros), the job name in 64 bytes,
 * and depth x files slots of (file, offset), little endian. */
#include "config.h"
#include "engine/verify_state.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "i18n.h"
#include "util/checksum.h"

#define VSTATE_VERSION 3
#define VSTATE_HDR 24
/* The list's fixed part, before its slots. */
enum { L_NCOMPS = 0, L_DEPTH = 8, L_NOFILES = 12, L_NUMBERIO = 16, L_INDEX = 24, L_RAND = 32,
       L_NAME = 88, L_COMPS = 152 };

static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }
static uint32_t get32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t get64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

void vstate_name(char *out, size_t len, const char *job, unsigned index)
{
	char name[256];
	snprintf(name, sizeof(name), "%s", job);
	for (char *c = name; *c; c++)
		if (*c == '/')
			*c = '.';
	snprintf(out, len, "local-%s-%u-verify.state", name, index);
}

int vstate_save(const char *job, unsigned index, const struct vstate *s, char *err, size_t errlen)
{
	char path[512];
	size_t slots = (size_t)s->depth * s->nofiles;
	size_t size = L_COMPS + slots * 16;
	uint8_t *b = calloc(1, VSTATE_HDR + size);
	if (!b)
		return -ENOMEM;
	uint8_t *l = b + VSTATE_HDR;
	put64(l + L_NCOMPS, s->ncomps);
	put32(l + L_DEPTH, s->depth);
	put32(l + L_NOFILES, s->nofiles);
	put64(l + L_NUMBERIO, s->numberio);
	put64(l + L_INDEX, index);
	snprintf((char *)l + L_NAME, 64, "%s", job);
	for (size_t i = 0; i < s->ncomps && i < slots; i++) {
		put64(l + L_COMPS + 16 * i, s->comps[i].fileno);
		put64(l + L_COMPS + 16 * i + 8, s->comps[i].offset);
	}
	put64(b, VSTATE_VERSION);
	put64(b + 8, size);
	put64(b + 16, cksum_crc32c(l, size));

	vstate_name(path, sizeof(path), job, index);
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY | O_SYNC | O_CLOEXEC, 0644);
	int r = 0;
	if (fd < 0 || write(fd, b, VSTATE_HDR + size) != (ssize_t)(VSTATE_HDR + size))
		r = -(errno ? errno : EIO);
	if (fd >= 0 && close(fd) && !r)
		r = -errno;
	if (r)
		snprintf(err, errlen, _("cannot write the verify state file %s: %s"), path, strerror(-r));
	free(b);
	return r;
}

int vstate_load(const char *job, unsigned index, struct vstate *s, char *err, size_t errlen)
{
	char path[512];
	uint8_t hdr[VSTATE_HDR];
	uint8_t *l = NULL;

	memset(s, 0, sizeof(*s));
	vstate_name(path, sizeof(path), job, index);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, _("verify_state_load: cannot open %s: %s"), path, strerror(errno));
		return -1;
	}
	uint64_t size = 0;
	if (read(fd, hdr, sizeof(hdr)) != (ssize_t)sizeof(hdr))
		goto bad;
	if (get64(hdr) != VSTATE_VERSION) {
		snprintf(err, errlen, _("verify_state_load: %s: version %llu, not fio's 3"), path,
			 (unsigned long long)get64(hdr));
		close(fd);
		return -1;
	}
	size = get64(hdr + 8);
	if (size < L_COMPS || size > (64u << 20) || !(l = malloc(size)) ||
	    read(fd, l, size) != (ssize_t)size || cksum_crc32c(l, size) != get64(hdr + 16))
		goto bad;
	s->ncomps = get64(l + L_NCOMPS);
	s->depth = get32(l + L_DEPTH);
	s->nofiles = get32(l + L_NOFILES);
	s->numberio = get64(l + L_NUMBERIO);
	if (s->ncomps > (size - L_COMPS) / 16)
		goto bad;
	s->comps = calloc(s->ncomps ? s->ncomps : 1, sizeof(*s->comps));
	if (!s->comps)
		goto bad;
	for (uint64_t i = 0; i < s->ncomps; i++) {
		s->comps[i].fileno = get64(l + L_COMPS + 16 * i);
		s->comps[i].offset = get64(l + L_COMPS + 16 * i + 8);
	}
	free(l);
	close(fd);
	return 0;
bad:
	snprintf(err, errlen, _("verify_state_load: %s is short or corrupt"), path);
	free(l);
	close(fd);
	vstate_free(s);
	return -1;
}

void vstate_free(struct vstate *s)
{
	free(s->comps);
	s->comps = NULL;
}

bool vstate_should_stop(const struct vstate *s, uint64_t reads_done, unsigned file, uint64_t offset)
{
	/* Before the window of the last depth writes, or past it (fio's
	 * unsigned difference wraps), the read goes on. */
	if ((reads_done < s->depth || s->numberio - reads_done > s->depth) && s->numberio > s->depth)
		return false;
	for (uint64_t i = 0; i < s->ncomps; i++)
		if (s->comps[i].fileno == file && s->comps[i].offset == offset)
			return false;
	return true;
}
