/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fioproto.c - fio's client/server protocol, byte by byte (fioproto.h
 * says what the header holds). Layouts come from reading fio's server.h
 * and stat.h of each release and from the sizes a real server sends:
 * a TS payload is fio's thread status and group status as they lie in
 * its memory (packed, little endian), so each protocol version has its
 * own offsets, and a payload of any other size is refused, never read
 * as zeros. */
#include "config.h"
#include "fleet/fioproto.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

uint16_t fiop_crc16(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	uint16_t crc = 0;
	while (len--) {
		crc ^= *p++;
		for (int b = 0; b < 8; b++)
			crc = (crc & 1) ? (uint16_t)((crc >> 1) ^ 0xA001) : (uint16_t)(crc >> 1);
	}
	return crc;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const uint8_t *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

/* fio sends a double as its IEEE 754 bits in a u64. */
static double getdbl(const uint8_t *p)
{
	uint64_t u = get64(p);
	double d;
	memcpy(&d, &u, sizeof(d));
	return d;
}

void fiop_hdr_encode(uint8_t out[FIOP_HDR_LEN], uint16_t version, uint16_t opcode,
		     uint32_t flags, uint64_t tag, const void *pdu, uint32_t pdu_len)
{
	put16(out, version);
	put16(out + 2, opcode);
	put32(out + 4, flags);
	put64(out + 8, tag);
	put32(out + 16, pdu_len);
	put16(out + 20, fiop_crc16(out, 20));
	put16(out + 22, pdu_len ? fiop_crc16(pdu, pdu_len) : 0);
}

bool fiop_hdr_decode(const uint8_t in[FIOP_HDR_LEN], struct fiop_hdr *h)
{
	h->version = get16(in);
	h->opcode = get16(in + 2);
	h->flags = get32(in + 4);
	h->tag = get64(in + 8);
	h->pdu_len = get32(in + 16);
	h->hdr_crc = get16(in + 20);
	h->pdu_crc = get16(in + 22);
	return fiop_crc16(in, 20) == h->hdr_crc;
}

void fiop_buf_free(struct fiop_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

static uint8_t *buf_room(struct fiop_buf *b, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n)
			cap *= 2;
		uint8_t *p = realloc(b->p, cap);
		if (!p)
			return NULL;
		b->p = p;
		b->cap = cap;
	}
	uint8_t *at = b->p + b->len;
	b->len += n;
	return at;
}

int fiop_cmd(struct fiop_buf *out, uint16_t version, uint16_t opcode, uint64_t tag,
	     const void *pdu, size_t len)
{
	const uint8_t *p = pdu;
	do {
		size_t piece = len > FIOP_FRAGMENT_MAX ? FIOP_FRAGMENT_MAX : len;
		uint8_t *at = buf_room(out, FIOP_HDR_LEN + piece);
		if (!at)
			return -1;
		fiop_hdr_encode(at, version, opcode, piece < len ? FIOP_FLAG_MORE : 0, tag, p,
				(uint32_t)piece);
		if (piece)
			memcpy(at + FIOP_HDR_LEN, p, piece);
		p += piece;
		len -= piece;
	} while (len);
	return 0;
}

int fiop_probe(struct fiop_buf *out, uint16_t version, const char *name)
{
	/* flags u64 (0: no zlib, so nothing comes compressed), then the
	 * name the client knows the server by, 128 bytes. */
	uint8_t pdu[8 + 128] = { 0 };
	snprintf((char *)pdu + 8, 128, "%s", name);
	return fiop_cmd(out, version, FIOP_PROBE, 0, pdu, sizeof(pdu));
}

int fiop_jobline(struct fiop_buf *out, uint16_t version, const char *const *argv, size_t argc)
{
	/* lines u16, client type u16 (1: the command-line client), then
	 * each word as its length u16 (with its NUL) and the word. */
	struct fiop_buf pdu = { 0 };
	uint8_t *at = buf_room(&pdu, 4);
	if (!at)
		return -1;
	put16(at, (uint16_t)argc);
	put16(at + 2, 1);
	for (size_t i = 0; i < argc; i++) {
		size_t n = strlen(argv[i]) + 1;
		if (n > 65535 || !(at = buf_room(&pdu, 2 + n))) {
			fiop_buf_free(&pdu);
			return -1;
		}
		put16(at, (uint16_t)n);
		memcpy(at + 2, argv[i], n);
	}
	int r = fiop_cmd(out, version, FIOP_JOBLINE, 0, pdu.p, pdu.len);
	fiop_buf_free(&pdu);
	return r;
}

int fiop_job(struct fiop_buf *out, uint16_t version, const char *text, size_t len)
{
	/* buf_len u32, client type u32, the job file's text. */
	struct fiop_buf pdu = { 0 };
	uint8_t *at = len < UINT32_MAX ? buf_room(&pdu, 8 + len) : NULL;
	if (!at)
		return -1;
	put32(at, (uint32_t)len);
	put32(at + 4, 1);
	memcpy(at + 8, text, len);
	int r = fiop_cmd(out, version, FIOP_JOB, 0, pdu.p, pdu.len);
	fiop_buf_free(&pdu);
	return r;
}

int fiop_sendfile_refuse(struct fiop_buf *out, uint16_t version, uint64_t tag, uint32_t error)
{
	/* size u32 (0: no data), error u32; the tag is the server's. */
	uint8_t pdu[8];
	put32(pdu, 0);
	put32(pdu + 4, error);
	return fiop_cmd(out, version, FIOP_SENDFILE, tag, pdu, sizeof(pdu));
}

long fiop_rx_feed(struct fiop_rx *rx, const uint8_t *data, size_t n, char *err, size_t errlen)
{
	size_t used = 0;
	while (used < n) {
		if (rx->hdr_have < FIOP_HDR_LEN) {
			size_t k = FIOP_HDR_LEN - rx->hdr_have;
			if (k > n - used)
				k = n - used;
			memcpy(rx->hdr + rx->hdr_have, data + used, k);
			rx->hdr_have += k;
			used += k;
			if (rx->hdr_have < FIOP_HDR_LEN)
				break;
			if (!fiop_hdr_decode(rx->hdr, &rx->cur)) {
				snprintf(err, errlen, "%s", _("fio's server sent a header with a bad CRC"));
				return -1;
			}
			if (!rx->in_cmd) {
				rx->in_cmd = true;
				rx->opcode = rx->cur.opcode;
				rx->version = rx->cur.version;
				rx->tag = rx->cur.tag;
				rx->pdu.len = 0;
			} else if (rx->cur.opcode != rx->opcode) {
				snprintf(err, errlen, _("fio's server mixed fragments of commands %u and %u"),
					 rx->opcode, rx->cur.opcode);
				return -1;
			}
			if (rx->pdu.len + rx->cur.pdu_len > FIOP_CMD_MAX) {
				snprintf(err, errlen, "%s", _("fio's server sent a command past fio's size limit"));
				return -1;
			}
			rx->pdu_have = 0;
		}
		size_t k = rx->cur.pdu_len - rx->pdu_have;
		if (k > n - used)
			k = n - used;
		if (k) {
			uint8_t *at = buf_room(&rx->pdu, k);
			if (!at) {
				snprintf(err, errlen, "%s", _("out of memory"));
				return -1;
			}
			memcpy(at, data + used, k);
			rx->pdu_have += k;
			used += k;
		}
		if (rx->pdu_have < rx->cur.pdu_len)
			break;
		/* A fragment is whole: check its payload. */
		const uint8_t *frag = rx->pdu.p + rx->pdu.len - rx->cur.pdu_len;
		if (rx->cur.pdu_len && fiop_crc16(frag, rx->cur.pdu_len) != rx->cur.pdu_crc) {
			snprintf(err, errlen, "%s", _("fio's server sent a payload with a bad CRC"));
			return -1;
		}
		rx->hdr_have = 0;
		if (!(rx->cur.flags & FIOP_FLAG_MORE)) {
			rx->in_cmd = false;
			rx->hdr_have = FIOP_HDR_LEN + 1; /* marks "complete, not taken" */
			break;
		}
	}
	return (long)used;
}

bool fiop_rx_take(struct fiop_rx *rx, struct fiop_cmd *cmd)
{
	if (rx->hdr_have != FIOP_HDR_LEN + 1)
		return false;
	rx->hdr_have = 0;
	cmd->version = rx->version;
	cmd->opcode = rx->opcode;
	cmd->tag = rx->tag;
	cmd->pdu = rx->pdu.p;
	cmd->len = rx->pdu.len;
	rx->pdu.len = 0; /* the bytes stay until the next feed */
	return true;
}

void fiop_rx_free(struct fiop_rx *rx)
{
	fiop_buf_free(&rx->pdu);
	memset(rx, 0, sizeof(*rx));
}

/* A fixed-size text field, possibly without its NUL. */
static void field_text(char *out, size_t outlen, const uint8_t *p, size_t n)
{
	size_t k = 0;
	while (k < n && p[k] && k + 1 < outlen)
		k++;
	memcpy(out, p, k);
	out[k] = '\0';
}

bool fiop_parse_probe(const struct fiop_cmd *c, struct fiop_probe_reply *r)
{
	/* hostname[64], bigendian u8, fio_version[32], os u8, arch u8,
	 * bpp u8, cpus u32 at 100, flags u64 at 104: 112 bytes. */
	if (c->opcode != FIOP_PROBE || c->len < 104)
		return false;
	field_text(r->hostname, sizeof(r->hostname), c->pdu, 64);
	r->bigendian = c->pdu[64] != 0;
	field_text(r->fio_version, sizeof(r->fio_version), c->pdu + 65, 32);
	r->bpp = c->pdu[99];
	r->cpus = get32(c->pdu + 100);
	return true;
}

bool fiop_parse_text(const struct fiop_cmd *c, char *out, size_t len)
{
	/* level u32, buf_len u32, seconds u64, microseconds u64, text. */
	if (c->opcode != FIOP_TEXT || c->len < 24)
		return false;
	size_t n = get32(c->pdu + 4);
	if (n > c->len - 24)
		n = c->len - 24;
	field_text(out, len, c->pdu + 24, n);
	size_t k = strlen(out);
	while (k && (out[k - 1] == '\n' || out[k - 1] == '\r'))
		out[--k] = '\0';
	return true;
}

bool fiop_parse_start(const struct fiop_cmd *c, uint32_t *jobs)
{
	if (c->opcode != FIOP_START || c->len < 8)
		return false;
	*jobs = get32(c->pdu);
	return true;
}

bool fiop_parse_stop(const struct fiop_cmd *c, uint32_t *error, uint32_t *signo)
{
	if (c->opcode != FIOP_STOP || c->len < 8)
		return false;
	*error = get32(c->pdu);
	*signo = get32(c->pdu + 4);
	return true;
}

bool fiop_parse_sendfile(const struct fiop_cmd *c, char *path, size_t len)
{
	if (c->opcode != FIOP_SENDFILE)
		return false;
	field_text(path, len, c->pdu, c->len < 256 ? c->len : 256);
	return true;
}

/* Where the fields blktop reads lie in a TS payload (thread status, then
 * group status, padded to 8 bytes). Read from fio's stat.h of each
 * release; 97 and 120 checked against real servers (test_fioproto runs
 * the installed one on a job whose figures are known). fio 3.36 (version
 * 101) added the job's start time after the group id, which moves every
 * later field by 8 bytes; later releases moved the zone-reset counter and
 * added steady-state data near the end. Versions between are not listed:
 * blktop refuses them rather than guess. */
struct ts_layout {
	uint16_t version;
	size_t size;
	size_t error, thread_number, groupid, members, unified, clat_stat, plat, total_io_u,
		short_io_u, drop_io_u, io_bytes, runtime, first_error, total_err;
};

static const struct ts_layout layouts[] = {
	/* fio 3.42 (120) and its successor (121, which changed no status
	 * layout). */
	{ 121, 184072, 256, 260, 264, 536, 540, 608, 2256, 150736, 150768, 150792, 150832,
	  150856, 150892, 150896 },
	{ 120, 184072, 256, 260, 264, 536, 540, 608, 2256, 150736, 150768, 150792, 150832,
	  150856, 150892, 150896 },
	/* fio 3.33, Debian 12's. */
	{ 97, 184056, 256, 260, 264, 528, 532, 600, 2248, 150728, 150760, 150784, 150824,
	  150848, 150884, 150888 },
};
#define NLAYOUTS (sizeof(layouts) / sizeof(layouts[0]))

const uint16_t fiop_versions[] = { 121, 120, 97 };
const size_t fiop_nversions = sizeof(fiop_versions) / sizeof(fiop_versions[0]);

static const struct ts_layout *layout_of(uint16_t version)
{
	for (size_t i = 0; i < NLAYOUTS; i++)
		if (layouts[i].version == version)
			return &layouts[i];
	return NULL;
}

bool fiop_version_known(uint16_t version)
{
	return layout_of(version) != NULL;
}

void fiop_versions_text(char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	/* Oldest first reads better in a message. */
	for (size_t i = fiop_nversions; i-- > 0 && used < len;)
		used += (size_t)snprintf(buf + used, len - used, "%s%u",
					 i + 1 == fiop_nversions ? "" : ", ", fiop_versions[i]);
}

/* An io_stat: max u64, min u64, samples u64, mean and S as doubles in
 * 16-byte slots: 56 bytes. */
#define IO_STAT_LEN 56
/* io_u_plat[slat, clat, lat][read, write, trim][buckets]: clat is 1. */
#define PLAT_CLAT 1

bool fiop_parse_ts(const struct fiop_cmd *c, struct fiop_ts *ts, char *err, size_t errlen)
{
	const struct ts_layout *l = layout_of(c->version);
	if (!l) {
		snprintf(err, errlen, _("fio's server speaks protocol version %u, whose layout blktop "
					"does not know"),
			 c->version);
		return false;
	}
	/* Extra data (per-priority histograms, steady-state samples) may
	 * follow; the status itself is exactly the layout's size. */
	if (c->len < l->size) {
		snprintf(err, errlen,
			 _("fio's server (protocol %u) sent a %zu-byte status, not the %zu bytes of "
			   "that version's layout"),
			 c->version, c->len, l->size);
		return false;
	}
	const uint8_t *p = c->pdu;
	memset(ts, 0, sizeof(*ts));
	field_text(ts->name, sizeof(ts->name), p, 128);
	ts->error = get32(p + l->error);
	ts->thread_number = get32(p + l->thread_number);
	ts->groupid = get32(p + l->groupid);
	ts->members = get32(p + l->members);
	ts->unified = get32(p + l->unified);
	ts->first_error = get32(p + l->first_error);
	ts->total_err = get64(p + l->total_err);
	for (int d = 0; d < FIOP_DIRS; d++) {
		struct fiop_dir *o = &ts->dir[d];
		const uint8_t *s = p + l->clat_stat + (size_t)d * IO_STAT_LEN;
		o->clat_max = get64(s);
		o->clat_min = get64(s + 8);
		o->clat_n = get64(s + 16);
		o->clat_mean = getdbl(s + 24);
		o->clat_S = getdbl(s + 40);
		o->total_ios = get64(p + l->total_io_u + 8 * (size_t)d);
		o->short_ios = get64(p + l->short_io_u + 8 * (size_t)d);
		o->drop_ios = get64(p + l->drop_io_u + 8 * (size_t)d);
		o->io_bytes = get64(p + l->io_bytes + 8 * (size_t)d);
		o->runtime_ms = get64(p + l->runtime + 8 * (size_t)d);
		o->plat = p + l->plat + ((size_t)(PLAT_CLAT * FIOP_DIRS + d) * FIOP_PLAT_NR) * 8;
	}
	return true;
}

uint64_t fiop_plat(const struct fiop_dir *d, unsigned idx)
{
	return idx < FIOP_PLAT_NR && d->plat ? get64(d->plat + (size_t)idx * 8) : 0;
}

/* jobs_eta as fio sends it: four u32 counts, then m_rate, t_rate and rate
 * (u64 per direction), m_iops, t_iops and iops (u32 per direction), a
 * pad, elapsed and eta seconds (u64), is_pow2, unit_base, sig_figs,
 * files_open, nr_threads, a pad (u32), then the job-state string. Read
 * from fio's stat.h: the same in 3.33 (97), 3.42 (120) and the tree after
 * it (121). A server with no job yet sends the fixed part alone, zeroed. */
struct eta_layout {
	uint16_t version;
	size_t fixed, rate, iops, elapsed, eta, files_open;
};

static const struct eta_layout eta_layouts[] = {
	{ 121, 168, 64, 112, 128, 136, 156 },
	{ 120, 168, 64, 112, 128, 136, 156 },
	{ 97, 168, 64, 112, 128, 136, 156 },
};

bool fiop_parse_eta(const struct fiop_cmd *c, struct fiop_eta *e, char *err, size_t errlen)
{
	const struct eta_layout *l = NULL;
	for (size_t i = 0; i < sizeof(eta_layouts) / sizeof(eta_layouts[0]); i++)
		if (eta_layouts[i].version == c->version)
			l = &eta_layouts[i];
	if (!l) {
		snprintf(err, errlen,
			 _("fio's server speaks protocol version %u, whose ETA layout blktop does "
			   "not know"),
			 c->version);
		return false;
	}
	const uint8_t *p = c->pdu;
	/* The fixed part alone, or with a NUL-ended string that fills the
	 * rest exactly: any other size is another layout. */
	bool ok = c->len == l->fixed ||
		  (c->len > l->fixed && !p[c->len - 1] &&
		   strnlen((const char *)p + l->fixed, c->len - l->fixed) == c->len - l->fixed - 1);
	if (!ok) {
		snprintf(err, errlen,
			 _("fio's server (protocol %u) sent a %zu-byte ETA, not of that version's "
			   "layout (%zu bytes and the job states)"),
			 c->version, c->len, l->fixed);
		return false;
	}
	memset(e, 0, sizeof(*e));
	e->nr_running = get32(p);
	e->nr_ramp = get32(p + 4);
	e->nr_pending = get32(p + 8);
	e->nr_setting_up = get32(p + 12);
	for (int d = 0; d < FIOP_DIRS; d++) {
		e->rate_kib[d] = get64(p + l->rate + 8 * (size_t)d);
		e->iops[d] = get32(p + l->iops + 4 * (size_t)d);
	}
	e->elapsed_sec = get64(p + l->elapsed);
	e->eta_sec = get64(p + l->eta);
	e->files_open = get32(p + l->files_open);
	if (c->len > l->fixed)
		field_text(e->run_str, sizeof(e->run_str), p + l->fixed, c->len - l->fixed);
	return true;
}
