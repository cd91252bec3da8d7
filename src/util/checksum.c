/* SPDX-License-Identifier: GPL-2.0-or-later */
/* checksum.c - fio 3.33's verification checksums (see checksum.h for how
 * each differs from the textbook one). The CRCs are table driven with
 * tables made at first use; crc32c takes the SSE4.2 instruction where
 * the CPU has it, since a verified run checksums every byte it moves. */
#include "config.h"
#include "util/checksum.h"

#include <pthread.h>
#include <string.h>

#include <stdio.h>

#ifdef HAVE_NETTLE
#include <nettle/version.h>
#include <nettle/md5.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <nettle/sha3.h>
#endif
#ifdef HAVE_XXHASH
#include <xxhash.h>
#endif

static uint32_t crc32c_tab[256], crc32_tab[256];
static uint16_t crc16_tab[256];
static uint8_t crc7_tab[256];
static uint64_t crc64_tab[256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
static bool have_sse42;

static void make_tables(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i, m = i << 24;
		uint64_t w = i;
		uint16_t h = (uint16_t)i;
		unsigned s7 = i;
		for (int k = 0; k < 8; k++) {
			h = (h & 1) ? (uint16_t)((h >> 1) ^ 0xA001u) : (uint16_t)(h >> 1);
			s7 = (s7 & 0x80) ? ((s7 << 1) ^ 0x12u) & 0xffu : (s7 << 1) & 0xffu;
			c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
			m = (m & 0x80000000u) ? (m << 1) ^ 0x04C11DB7u : m << 1;
			w = (w & 1) ? (w >> 1) ^ 0x95AC9329AC4BC9B5ULL : w >> 1;
		}
		crc32c_tab[i] = c;
		crc32_tab[i] = m;
		crc64_tab[i] = w;
		crc16_tab[i] = h;
		crc7_tab[i] = (uint8_t)(s7 >> 1);
	}
#if defined(__x86_64__)
	__builtin_cpu_init();
	have_sse42 = __builtin_cpu_supports("sse4.2");
#endif
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) static uint32_t crc32c_hw(const uint8_t *b, size_t len)
{
	uint64_t c = 0xffffffffu;
	while (len >= 8) {
		uint64_t v;
		memcpy(&v, b, 8);
		c = __builtin_ia32_crc32di(c, v);
		b += 8;
		len -= 8;
	}
	uint32_t c32 = (uint32_t)c;
	while (len--)
		c32 = __builtin_ia32_crc32qi(c32, *b++);
	return c32;
}
#endif

uint32_t cksum_crc32c(const void *p, size_t len)
{
	const uint8_t *b = p;
	pthread_once(&tables_once, make_tables);
#if defined(__x86_64__)
	if (have_sse42)
		return crc32c_hw(b, len);
#endif
	uint32_t c = 0xffffffffu;
	while (len--)
		c = crc32c_tab[(c ^ *b++) & 0xff] ^ (c >> 8);
	return c;
}

uint32_t cksum_crc32(const void *p, size_t len)
{
	const uint8_t *b = p;
	uint32_t c = 0;
	pthread_once(&tables_once, make_tables);
	while (len--)
		c = (c << 8) ^ crc32_tab[((c >> 24) ^ *b++) & 0xff];
	return c;
}

uint64_t cksum_crc64(const void *p, size_t len)
{
	const uint8_t *b = p;
	uint64_t c = 0;
	pthread_once(&tables_once, make_tables);
	while (len--)
		c = crc64_tab[(c ^ *b++) & 0xff] ^ (c >> 8);
	return c;
}

bool cksum_md5(const void *p, size_t len, uint8_t out[16])
{
#ifdef HAVE_NETTLE
	struct md5_ctx c;
	md5_init(&c);
	md5_update(&c, len, p);
	md5_digest(&c, 16, out);
	return true;
#else
	(void)p, (void)len, (void)out;
	return false;
#endif
}

static void words_to_host(uint8_t *b, size_t nwords)
{
	for (size_t i = 0; i < nwords; i++) {
		uint32_t w = (uint32_t)b[4 * i] << 24 | (uint32_t)b[4 * i + 1] << 16 |
			     (uint32_t)b[4 * i + 2] << 8 | b[4 * i + 3];
		memcpy(b + 4 * i, &w, 4);
	}
}

bool cksum_sha1(const void *p, size_t len, uint8_t out[20])
{
#ifdef HAVE_NETTLE
	struct sha1_ctx c;
	sha1_init(&c);
	sha1_update(&c, len, p);
	sha1_digest(&c, 20, out);
	words_to_host(out, 5);
	return true;
#else
	(void)p, (void)len, (void)out;
	return false;
#endif
}

/* fio's sha256 pads as SHA-256 does but appends the bit count in host
 * order; the field it stores is its last 64-byte block with the low byte
 * of each of the eight state words over the first eight bytes. */
bool cksum_sha256_fio(const void *p, size_t len, uint8_t out[64])
{
#ifdef HAVE_NETTLE
	struct sha256_ctx c;
	uint8_t tail[128];
	size_t full = len & ~(size_t)63, rest = len - full;
	size_t pad = rest < 56 ? 64 : 128;
	uint64_t bits = (uint64_t)(uint32_t)len << 3; /* fio counts in 32 bits */

	memset(tail, 0, sizeof(tail));
	memcpy(tail, (const uint8_t *)p + full, rest);
	tail[rest] = 0x80;
	memcpy(tail + pad - 8, &bits, 8);
	sha256_init(&c);
	/* Whole blocks only, so nettle compresses each as it comes and its
	 * state is the compression chain; its own final step is not used. */
	sha256_update(&c, full, p);
	sha256_update(&c, pad, tail);
	memcpy(out, tail + pad - 64, 64);
	for (int i = 0; i < 8; i++)
		out[i] = (uint8_t)c.state[i];
	return true;
#else
	(void)p, (void)len, (void)out;
	return false;
#endif
}

/* fio's sha512 copies its input through a 128-byte working buffer and
 * stores that buffer: the input's last partial block over the first. */
void cksum_sha512_fio(const void *p, size_t len, uint8_t out[128])
{
	const uint8_t *b = p;
	if (len < 128) {
		memcpy(out, b, len);
		return;
	}
	memcpy(out, b, 128);
	size_t i = 128 + (len - 128) / 128 * 128;
	memcpy(out, b + i, len - i);
}

uint16_t cksum_crc16(const void *p, size_t len)
{
	const uint8_t *b = p;
	uint16_t c = 0;
	pthread_once(&tables_once, make_tables);
	while (len--)
		c = (uint16_t)((c >> 8) ^ crc16_tab[(c ^ *b++) & 0xff]);
	return c;
}

uint8_t cksum_crc7(const void *p, size_t len)
{
	const uint8_t *b = p;
	uint8_t c = 0;
	pthread_once(&tables_once, make_tables);
	/* The register holds the 7 bits unshifted: one left shift lines them
	 * up with the byte (fio's table is the kernel's old crc7 one). */
	while (len--)
		c = crc7_tab[((unsigned)c << 1 ^ *b++) & 0xff];
	return c;
}

bool cksum_sha3(const void *p, size_t len, unsigned bits, uint8_t *out)
{
#ifdef HAVE_NETTLE
	switch (bits) {
	case 224: { struct sha3_224_ctx c; sha3_224_init(&c); sha3_224_update(&c, len, p);
		    sha3_224_digest(&c, SHA3_224_DIGEST_SIZE, out); return true; }
	case 256: { struct sha3_256_ctx c; sha3_256_init(&c); sha3_256_update(&c, len, p);
		    sha3_256_digest(&c, SHA3_256_DIGEST_SIZE, out); return true; }
	case 384: { struct sha3_384_ctx c; sha3_384_init(&c); sha3_384_update(&c, len, p);
		    sha3_384_digest(&c, SHA3_384_DIGEST_SIZE, out); return true; }
	case 512: { struct sha3_512_ctx c; sha3_512_init(&c); sha3_512_update(&c, len, p);
		    sha3_512_digest(&c, SHA3_512_DIGEST_SIZE, out); return true; }
	default: return false;
	}
#else
	(void)p, (void)len, (void)bits, (void)out;
	return false;
#endif
}

bool cksum_xxh32(const void *p, size_t len, uint32_t start, uint32_t *out)
{
#ifdef HAVE_XXHASH
	*out = XXH32(p, len, start);
	return true;
#else
	(void)p, (void)len, (void)start, (void)out;
	return false;
#endif
}

bool cksum_have(enum cksum_lib lib)
{
#ifdef HAVE_NETTLE
	if (lib == CKSUM_LIB_NETTLE)
		return true;
#endif
#ifdef HAVE_XXHASH
	if (lib == CKSUM_LIB_XXHASH)
		return true;
#endif
	(void)lib;
	return false;
}

void cksum_sources(char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "crc32c crc32 crc64 crc16 crc7 sha512 meta pattern null");
#ifdef HAVE_NETTLE
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used, ", md5 sha1 sha256 sha3-224 sha3-256 sha3-384 sha3-512 (nettle %d.%d)",
					 NETTLE_VERSION_MAJOR, NETTLE_VERSION_MINOR);
#endif
#ifdef HAVE_XXHASH
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used, ", xxhash (libxxhash %u.%u.%u)",
					 XXH_VERSION_MAJOR, XXH_VERSION_MINOR, XXH_VERSION_RELEASE);
#endif
	(void)used;
}
