/* SPDX-License-Identifier: GPL-2.0-or-later */
/* checksum.h - the checksums fio 3.33 stores in its verification headers,
 * byte for byte as fio stores them, so a block one tool wrote the other
 * can check. Several are not the textbook algorithm: fio's crc32 is the
 * POSIX cksum CRC, its crc32c and crc64 skip the final inversion, its
 * sha1 words are in host order, its "sha256" appends the length in host
 * order and keeps its working block, and its "sha512" never finishes the
 * hash (what it stores is its input buffer). Where a Debian library has
 * the algorithm it is used (nettle: md5, sha1, sha3 and sha256's
 * compression; libxxhash: xxhash); the CRC tables and fio's framings are
 * our own. */
#ifndef BLKTOP_UTIL_CHECKSUM_H
#define BLKTOP_UTIL_CHECKSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* CRC-32C (Castagnoli), reflected, starts at ~0, no final inversion. */
uint32_t cksum_crc32c(const void *p, size_t len);
/* CRC-32 MSB first (0x04C11DB7), starts at 0, no length appended. */
uint32_t cksum_crc32(const void *p, size_t len);
/* CRC-64 reflected (0x95AC9329AC4BC9B5), starts at 0. */
uint64_t cksum_crc64(const void *p, size_t len);
/* CRC-16 reflected (0x8005, as 0xA001), starts at 0 (CRC-16/ARC). */
uint16_t cksum_crc16(const void *p, size_t len);
/* CRC-7 MSB first (0x09), starts at 0, the 7 bits in the low bits. */
uint8_t cksum_crc7(const void *p, size_t len);

/* The digests below return false when this blktop was built without the
 * library that computes them (see cksum_have). */
bool cksum_md5(const void *p, size_t len, uint8_t out[16]);
/* SHA-1 with each 32-bit word in host order. */
bool cksum_sha1(const void *p, size_t len, uint8_t out[20]);
/* fio's 64-byte sha256 field. */
bool cksum_sha256_fio(const void *p, size_t len, uint8_t out[64]);
/* fio's 128-byte sha512 field; only the first len bytes are set when len
 * is under 128 (fio leaves the rest as it was). */
void cksum_sha512_fio(const void *p, size_t len, uint8_t out[128]);
/* SHA3-224, -256, -384 or -512 (bits), the standard digest. */
bool cksum_sha3(const void *p, size_t len, unsigned bits, uint8_t *out);
/* XXH32 with the given start value (fio's is 1). */
bool cksum_xxh32(const void *p, size_t len, uint32_t start, uint32_t *out);

enum cksum_lib { CKSUM_LIB_NETTLE, CKSUM_LIB_XXHASH };
/* Whether the library was built in. */
bool cksum_have(enum cksum_lib lib);
/* Which verify types this build computes and with what (for --version). */
void cksum_sources(char *buf, size_t len);

#endif
