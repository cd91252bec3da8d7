/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify_hdr.c - fio 3.33's verification headers, filled and checked as
 * fio does (see verify_hdr.h). The header's fields are little endian, as
 * fio writes them on the machines blktop runs on. */
#include "config.h"
#include "engine/verify_hdr.h"

#include <stdio.h>
#include <string.h>

#include "util/checksum.h"
#include "util/pattern.h"

/* Field offsets in fio's struct verify_header. */
enum { H_MAGIC = 0, H_TYPE = 2, H_LEN = 4, H_SEED = 8, H_OFFSET = 16, H_SEC = 24,
       H_NSEC = 28, H_THREAD = 32, H_NUMBERIO = 34, H_CRC = 36 };

static void put16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }
static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }
static uint16_t get16(const uint8_t *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static uint32_t get32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t get64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

unsigned vhdr_size(int type, bool *known)
{
	unsigned field;
	bool ok = true;

	switch (type) {
	case VT_NONE: case VT_META: case VT_NULL: case VT_PATTERN: field = 0; break;
	case VT_MD5: field = 16; break;
	case VT_CRC64: field = 8; break;
	case VT_CRC32: case VT_CRC32C: case VT_CRC32C_INTEL: case VT_XXHASH: field = 4; break;
	case VT_CRC16: field = 2; break;
	case VT_CRC7: field = 1; break;
	case VT_SHA3_224: field = 28; break;
	case VT_SHA3_256: field = 32; break;
	case VT_SHA3_384: field = 48; break;
	case VT_SHA3_512: case VT_SHA256: field = 64; break; /* fio's sha256 field is 64 */
	case VT_SHA512: field = 128; break;
	case VT_SHA1: field = 20; break;
	case VT_PATTERN_NO_HDR:
		if (known)
			*known = true;
		return 0;
	default: field = 0; ok = false; break;
	}
	if (known)
		*known = ok;
	return ok ? VHDR_BASE + field : 0;
}

uint32_t vhdr_interval(const struct vhdr_cfg *c, uint32_t len)
{
	return c->interval && c->interval <= len ? c->interval : len;
}

void vhdr_fill_random(void *buf, size_t len, uint64_t seed)
{
	/* fio's filler: four interleaved multiplicative sequences, started
	 * from the seed times a small prime, then one sequence for the tail. */
	static const uint64_t prime[4] = { 1, 2, 3, 5 };
	const uint64_t golden = 0x61C8864680B583EBULL;
	uint8_t *b = buf;
	uint64_t s[4];
	size_t words = len / 8 / 4 * 4;

	for (int k = 0; k < 4; k++)
		s[k] = seed * prime[k];
	for (size_t w = 0; w < words; w += 4)
		for (int k = 0; k < 4; k++) {
			memcpy(b + 8 * (w + k), &s[k], 8);
			s[k] *= golden;
		}
	size_t done = words * 8;
	uint64_t t = s[0];
	for (; done + 8 <= len; done += 8) {
		memcpy(b + done, &t, 8);
		t *= golden;
	}
	if (done < len)
		memcpy(b + done, &t, len - done);
}

static void swap_bytes(uint8_t *a, uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t t = a[i];
		a[i] = b[i];
		b[i] = t;
	}
}

/* The type's checksum of data into field (its size from vhdr_size). */
static void checksum(int type, const uint8_t *data, size_t len, uint8_t *field)
{
	uint32_t v32;
	uint64_t v64;
	uint16_t v16;

	switch (type) {
	case VT_MD5: cksum_md5(data, len, field); break;
	case VT_CRC64: v64 = cksum_crc64(data, len); memcpy(field, &v64, 8); break;
	case VT_CRC32: v32 = cksum_crc32(data, len); memcpy(field, &v32, 4); break;
	case VT_CRC32C: case VT_CRC32C_INTEL:
		v32 = cksum_crc32c(data, len); memcpy(field, &v32, 4); break;
	case VT_SHA256: cksum_sha256_fio(data, len, field); break;
	case VT_SHA512: cksum_sha512_fio(data, len, field); break;
	case VT_XXHASH: if (cksum_xxh32(data, len, 1, &v32)) memcpy(field, &v32, 4); break;
	case VT_SHA1: cksum_sha1(data, len, field); break;
	case VT_CRC16: v16 = cksum_crc16(data, len); memcpy(field, &v16, 2); break;
	case VT_CRC7: field[0] = cksum_crc7(data, len); break;
	case VT_SHA3_224: cksum_sha3(data, len, 224, field); break;
	case VT_SHA3_256: cksum_sha3(data, len, 256, field); break;
	case VT_SHA3_384: cksum_sha3(data, len, 384, field); break;
	case VT_SHA3_512: cksum_sha3(data, len, 512, field); break;
	default: break;
	}
}

static const char *type_name(int type)
{
	switch (type) {
	case VT_MD5: return "md5";
	case VT_CRC64: return "crc64";
	case VT_CRC32: return "crc32";
	case VT_CRC32C: case VT_CRC32C_INTEL: return "crc32c";
	case VT_SHA256: return "sha256";
	case VT_SHA512: return "sha512";
	case VT_XXHASH: return "xxhash";
	case VT_SHA1: return "sha1";
	case VT_CRC16: return "crc16";
	case VT_CRC7: return "crc7";
	case VT_SHA3_224: return "sha3-224";
	case VT_SHA3_256: return "sha3-256";
	case VT_SHA3_384: return "sha3-384";
	case VT_SHA3_512: return "sha3-512";
	default: return "pattern";
	}
}

static void fill_one(const struct vhdr_cfg *c, uint8_t *p, uint32_t hdr_inc, unsigned idx,
		     const struct vhdr_stamp *s)
{
	unsigned hs = vhdr_size(c->type, NULL);
	if (c->type != VT_PATTERN_NO_HDR) {
		put16(p + H_MAGIC, VHDR_MAGIC);
		put16(p + H_TYPE, (uint16_t)c->type);
		put32(p + H_LEN, hdr_inc);
		put64(p + H_SEED, s->seed);
		put64(p + H_OFFSET, s->offset + (uint64_t)idx * c->interval);
		put32(p + H_SEC, (uint32_t)(s->time_ns / 1000000000ULL));
		put32(p + H_NSEC, (uint32_t)(s->time_ns % 1000000000ULL));
		put16(p + H_THREAD, s->thread);
		put16(p + H_NUMBERIO, s->numberio);
		put32(p + H_CRC, cksum_crc32c(p, H_CRC));
	}
	if (hs && hdr_inc > hs)
		checksum(c->type, p + hs, hdr_inc - hs, p + VHDR_BASE);
	if (c->hdr_offset && hs)
		swap_bytes(p, p + c->hdr_offset, hs);
}

void vhdr_fill(const struct vhdr_cfg *c, void *buf, uint32_t len, const struct vhdr_stamp *s)
{
	uint8_t *b = buf;
	uint32_t hdr_inc = vhdr_interval(c, len);

	if (c->pat && c->plen && c->stamps && c->stamps->n) {
		/* fio pastes the block's offset into the pattern, then
		 * repeats it over the block. */
		unsigned char pat[PATTERN_MAX];
		memcpy(pat, c->pat, c->plen);
		pattern_stamp(pat, c->stamps, s->offset);
		pattern_fill(b, len, pat, c->plen, 0);
	} else if (c->pat && c->plen)
		pattern_fill(b, len, c->pat, c->plen, 0);
	else if (c->compress) {
		size_t rnd = (size_t)len * (100 - c->compress) / 100;
		vhdr_fill_random(b, rnd, s->seed);
		if (c->tail_len)
			pattern_fill(b + rnd, len - rnd, c->tail, c->tail_len, 0);
		else
			memset(b + rnd, 0, len - rnd);
	} else {
		vhdr_fill_random(b, len, s->seed);
	}
	if (c->type == VT_NULL)
		return;
	for (uint32_t i = 0; (uint64_t)i * hdr_inc < len; i++)
		fill_one(c, b + (size_t)i * hdr_inc, hdr_inc, i, s);
}

static void hex(char *out, size_t cap, const uint8_t *p, size_t n)
{
	size_t used = 0;
	out[0] = 0;
	for (size_t i = 0; i < n && used + 3 <= cap; i++)
		used += (size_t)snprintf(out + used, cap - used, "%02x", p[i]);
}

/* 0, or fills f with fio's complaint about the header at p. */
static int check_header(const uint8_t *p, uint32_t hdr_inc, uint64_t want_off, struct vhdr_fail *f)
{
	uint32_t crc;
	if (get16(p + H_MAGIC) != VHDR_MAGIC)
		snprintf(f->what, sizeof(f->what), "bad magic header %x, wanted %x",
			 get16(p + H_MAGIC), VHDR_MAGIC);
	else if (get32(p + H_LEN) != hdr_inc)
		snprintf(f->what, sizeof(f->what), "bad header length %u, wanted %u",
			 get32(p + H_LEN), hdr_inc);
	else if (get64(p + H_OFFSET) != want_off)
		snprintf(f->what, sizeof(f->what), "bad header offset %llu, wanted %llu",
			 (unsigned long long)get64(p + H_OFFSET), (unsigned long long)want_off);
	else if ((crc = cksum_crc32c(p, H_CRC)) != get32(p + H_CRC))
		snprintf(f->what, sizeof(f->what), "bad header crc %x, calculated %x",
			 get32(p + H_CRC), crc);
	else
		return 0;
	f->header = true;
	snprintf(f->name, sizeof(f->name), "verify");
	return 1;
}

static int check_pattern(const struct vhdr_cfg *c, const uint8_t *pat, const uint8_t *p,
			 uint32_t hdr_inc, unsigned idx, struct vhdr_fail *f)
{
	unsigned hs = vhdr_size(c->type, NULL);
	if (!pat || !c->plen)
		return 0; /* no pattern: nothing to compare */
	size_t mod = ((size_t)hdr_inc * idx + hs) % c->plen;
	for (size_t i = hs; i < hdr_inc; i++) {
		if (p[i] != pat[mod]) {
			snprintf(f->what, sizeof(f->what),
				 "got pattern '%02x', wanted '%02x'. Bad bits %d; bad pattern block offset %zu",
				 p[i], pat[mod], __builtin_popcount((unsigned)(p[i] ^ pat[mod])),
				 i - hs);
			snprintf(f->name, sizeof(f->name), "pattern");
			return 1;
		}
		if (++mod == c->plen)
			mod = 0;
	}
	return 0;
}

int vhdr_check(const struct vhdr_cfg *c, void *buf, uint32_t len, uint64_t offset,
	       bool stop_first, struct vhdr_fail *f)
{
	uint8_t *b = buf;
	uint32_t hdr_inc = vhdr_interval(c, len);
	unsigned hs = vhdr_size(c->type, NULL);
	int bad = 0;

	if (c->type == VT_NULL || c->type == VT_NONE)
		return 0;
	/* The pattern as fio checks it: the block's offset pasted at %o. */
	unsigned char stamped[PATTERN_MAX];
	const uint8_t *pat = c->pat;
	if (c->pat && c->plen && c->stamps && c->stamps->n) {
		memcpy(stamped, c->pat, c->plen);
		pattern_stamp(stamped, c->stamps, offset);
		pat = stamped;
	}
	for (uint32_t i = 0; (uint64_t)i * hdr_inc < len; i++) {
		uint8_t *p = b + (size_t)i * hdr_inc;
		struct vhdr_fail one;
		int r = 0;

		if (bad && stop_first)
			break;
		memset(&one, 0, sizeof(one));
		one.offset = offset + (uint64_t)i * hdr_inc;
		one.len = hdr_inc;
		one.interval_index = i;
		if (c->hdr_offset && hs)
			swap_bytes(p, p + c->hdr_offset, hs);
		if (c->type != VT_PATTERN_NO_HDR &&
		    check_header(p, hdr_inc, offset + (uint64_t)i * c->interval, &one)) {
			/* fio stops at a bad header whatever verify_fatal says. */
			if (!bad)
				*f = one;
			return bad + 1;
		}
		switch (c->type) {
		case VT_META:
			if (c->pat && c->plen)
				r = check_pattern(c, pat, p, hdr_inc, i, &one);
			break;
		case VT_PATTERN: case VT_PATTERN_NO_HDR:
			r = check_pattern(c, pat, p, hdr_inc, i, &one);
			break;
		default: {
			/* The data starts after the checksum field of the type the
			 * header says it has; the job's type says which sum. */
			bool known;
			unsigned mhs = vhdr_size(get16(p + H_TYPE), &known);
			uint32_t hlen = get32(p + H_LEN);
			uint8_t sum[128];
			unsigned field = hs - VHDR_BASE;
			if (!known || hlen <= mhs) {
				snprintf(one.what, sizeof(one.what), "Bad verify type %u", get16(p + H_TYPE));
				snprintf(one.name, sizeof(one.name), "verify");
				r = 1;
				break;
			}
			memset(sum, 0, sizeof(sum));
			checksum(c->type, p + mhs, hlen - mhs, sum);
			size_t cmp = field;
			if (c->type == VT_SHA512 && hlen - mhs < 128)
				cmp = hlen - mhs;
			if (memcmp(sum, p + VHDR_BASE, cmp)) {
				snprintf(one.name, sizeof(one.name), "%s", type_name(c->type));
				hex(one.expected, sizeof(one.expected), p + VHDR_BASE, field);
				hex(one.received, sizeof(one.received), sum, field);
				if (get16(p + H_TYPE) != c->type)
					snprintf(one.what, sizeof(one.what),
						 "verify type mismatch (%u media, %u given)",
						 get16(p + H_TYPE), (unsigned)c->type);
				r = 1;
			}
			break;
		}
		}
		if (r) {
			if (!bad)
				*f = one;
			bad++;
		}
	}
	return bad;
}

bool vhdr_expected(const struct vhdr_cfg *c, const void *got, uint32_t len, uint64_t offset,
		   uint32_t interval_index, void *out)
{
	const uint8_t *g = got;
	uint32_t hdr_inc = vhdr_interval(c, len);
	size_t at = (size_t)interval_index * hdr_inc;
	uint8_t tmp[VHDR_BASE];
	struct vhdr_stamp s = { .offset = offset };

	if (at + hdr_inc > len)
		return false;
	if (c->type != VT_PATTERN_NO_HDR) {
		/* The header as read (verify_offset already swapped back by the
		 * check) gives the start value, time, thread and write number. */
		memcpy(tmp, g + at, VHDR_BASE);
		if (get16(tmp + H_MAGIC) != VHDR_MAGIC)
			return false;
		s.seed = get64(tmp + H_SEED);
		s.time_ns = get32(tmp + H_SEC) * 1000000000ULL + get32(tmp + H_NSEC);
		s.thread = get16(tmp + H_THREAD);
		s.numberio = get16(tmp + H_NUMBERIO);
	}
	uint8_t *whole = out;
	/* out holds len bytes: the whole block, as fio rebuilds it. */
	vhdr_fill(c, whole, len, &s);
	if (c->hdr_offset) {
		/* Put the header back where the check saw it. */
		unsigned hs = vhdr_size(c->type, NULL);
		swap_bytes(whole + at, whole + at + c->hdr_offset, hs);
	}
	return true;
}
