/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_checksum.c - fio's verification checksums against the published
 * check values of the algorithms they are (crc32c, the cksum CRC and
 * CRC-64/REDIS without their final steps, CRC-16/ARC, CRC-7/MMC; md5,
 * sha1 and sha3-256 of "abc"), fio's byte patterns against the examples
 * fio documents, and the header's round trip: every type fills a block that checks clean, and one changed
 * byte is found at its interval's offset. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/verify_hdr.h"
#include "util/checksum.h"
#include "util/pattern.h"

static void test_crcs(void **state)
{
	(void)state;
	/* Catalogue check values over "123456789", less the final xor. */
	assert_int_equal(cksum_crc32c("123456789", 9), ~0xE3069283u);
	assert_int_equal(cksum_crc32(("123456789"), 9), ~0x765E7680u);
	assert_true(cksum_crc64("123456789", 9) == 0xe9c6d914c4b8d9caULL);
	/* CRC-16/ARC and CRC-7/MMC as catalogued, whole. */
	assert_int_equal(cksum_crc16("123456789", 9), 0xBB3D);
	assert_int_equal(cksum_crc7("123456789", 9), 0x75);
	/* The table and the SSE4.2 paths agree on odd lengths and offsets. */
	unsigned char buf[300];
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(i * 7 + 3);
	uint32_t c = 0xffffffffu;
	for (size_t i = 1; i < 300; i++) {
		c = 0xffffffffu;
		for (size_t k = 0; k < i; k++) {
			c ^= buf[k + 0 * i];
			for (int b = 0; b < 8; b++)
				c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
		}
		if (cksum_crc32c(buf, i) != c)
			fail_msg("crc32c differs at length %zu", i);
	}
}

static void test_digests(void **state)
{
	uint8_t md5[16], sha1[20], sha3[32];
	static const uint8_t sha3_256_abc[32] = {
		0x3a, 0x98, 0x5d, 0xa7, 0x4f, 0xe2, 0x25, 0xb2, 0x04, 0x5c, 0x17, 0x2d, 0x6b, 0xd3, 0x90, 0xbd,
		0x85, 0x5f, 0x08, 0x6e, 0x3e, 0x9d, 0x52, 0x5b, 0x46, 0xbf, 0xe2, 0x45, 0x11, 0x43, 0x15, 0x32 };
	static const uint8_t md5_abc[16] = { 0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2, 0x4f, 0xb0,
					     0xd6, 0x96, 0x3f, 0x7d, 0x28, 0xe1, 0x7f, 0x72 };
	/* a9993e36 4706816a ba3e2571 7850c26c 9cd0d89d, each word in host
	 * (little endian) order as fio stores it. */
	static const uint8_t sha1_abc[20] = { 0x36, 0x3e, 0x99, 0xa9, 0x6a, 0x81, 0x06, 0x47,
					      0x71, 0x25, 0x3e, 0xba, 0x6c, 0xc2, 0x50, 0x78,
					      0x9d, 0xd8, 0xd0, 0x9c };
	(void)state;
	if (!cksum_have(CKSUM_LIB_NETTLE))
		skip();
	assert_true(cksum_md5("abc", 3, md5));
	assert_memory_equal(md5, md5_abc, 16);
	assert_true(cksum_sha1("abc", 3, sha1));
	assert_memory_equal(sha1, sha1_abc, 20);
	assert_true(cksum_sha3("abc", 3, 256, sha3));
	assert_memory_equal(sha3, sha3_256_abc, 32);
}

static void test_sha512_is_a_copy(void **state)
{
	uint8_t data[300], out[128];
	(void)state;
	for (int i = 0; i < 300; i++)
		data[i] = (uint8_t)i;
	/* 300 bytes: the last 44 over the first 128. */
	cksum_sha512_fio(data, 300, out);
	assert_memory_equal(out, data + 256, 44);
	assert_memory_equal(out + 44, data + 44, 84);
}

static void test_patterns(void **state)
{
	unsigned char out[64];
	(void)state;
	assert_int_equal(pattern_parse("\"abcd\"", out, sizeof(out)), 4);
	assert_memory_equal(out, "abcd", 4);
	assert_int_equal(pattern_parse("-1024", out, sizeof(out)), 4);
	assert_memory_equal(out, "\x00\xfc\xff\xff", 4);
	assert_int_equal(pattern_parse("66", out, sizeof(out)), 1);
	assert_int_equal(out[0], 0x42);
	assert_int_equal(pattern_parse("0xFF0X1", out, sizeof(out)), 2);
	assert_memory_equal(out, "\xff\x01", 2);
	assert_int_equal(pattern_parse("\"123\"0xFFeeCC", out, sizeof(out)), 6);
	assert_memory_equal(out, "123\xff\xee\xcc", 6);
	assert_int_equal(pattern_parse("-100xab\"1\"", out, sizeof(out)), 6);
	assert_memory_equal(out, "\xf6\xff\xff\xff\xab" "1", 6);
	assert_int_equal(pattern_parse("0xabc", out, sizeof(out)), 2);
	assert_memory_equal(out, "\x0a\xbc", 2);
	assert_int_equal(pattern_parse("0", out, sizeof(out)), 1);
	assert_int_equal(out[0], 0);
	assert_int_equal(pattern_parse("%o", out, sizeof(out)), -2);
	/* verify_pattern's %o: 8 bytes for the offset, little endian. */
	struct pattern_stamps at;
	assert_int_equal(pattern_parse_stamps("\"ab\"%o0xff%o", out, sizeof(out), &at), 19);
	assert_int_equal(at.n, 2);
	assert_int_equal(at.at[0], 2);
	assert_int_equal(at.at[1], 11);
	pattern_stamp(out, &at, 0x0102030405060708ULL);
	assert_memory_equal(out, "ab\x08\x07\x06\x05\x04\x03\x02\x01\xff\x08", 12);
	assert_int_equal(pattern_parse_stamps("%o%o%o%o%o%o%o%o%o", out, sizeof(out), &at), -1);
	assert_int_equal(pattern_parse("xyz", out, sizeof(out)), -1);
	assert_int_equal(pattern_parse("\"open", out, sizeof(out)), -1);
	assert_int_equal(pattern_parse("", out, sizeof(out)), -1);
}

static void test_header_round_trip(void **state)
{
	static const int types[] = { VT_MD5, VT_CRC64, VT_CRC32, VT_CRC32C, VT_SHA256, VT_SHA512,
				     VT_XXHASH, VT_SHA1, VT_META, VT_PATTERN, VT_PATTERN_NO_HDR,
				     VT_CRC16, VT_CRC7, VT_SHA3_224, VT_SHA3_256, VT_SHA3_384,
				     VT_SHA3_512 };
	unsigned char pat[] = { 0x5a, 0x17, 0xc0 };
	uint8_t *buf = malloc(8192);
	(void)state;
	assert_non_null(buf);
	for (size_t k = 0; k < sizeof(types) / sizeof(types[0]); k++) {
		int t = types[k];
		if ((t == VT_MD5 || t == VT_SHA1 || t == VT_SHA256 || (t >= VT_SHA3_224 && t <= VT_SHA3_512)) &&
		    !cksum_have(CKSUM_LIB_NETTLE))
			continue;
		if (t == VT_XXHASH && !cksum_have(CKSUM_LIB_XXHASH))
			continue;
		bool pattern = t == VT_PATTERN || t == VT_PATTERN_NO_HDR;
		struct vhdr_cfg c = { .type = t, .interval = 2048, .hdr_offset = pattern ? 0 : 200,
				      .pat = pattern ? pat : NULL, .plen = pattern ? 3 : 0 };
		struct vhdr_stamp s = { .offset = 1 << 20, .seed = 12345 + k, .thread = 1 };
		struct vhdr_fail f;
		vhdr_fill(&c, buf, 8192, &s);
		if (vhdr_check(&c, buf, 8192, 1 << 20, false, &f))
			fail_msg("type %d: a block just filled does not check: %s %s", t, f.name, f.what);
		vhdr_fill(&c, buf, 8192, &s);
		/* A data byte of the third interval; for meta, its header; for
		 * sha512, one of the last data bytes its field copies. */
		size_t at = 2 * 2048 + (t == VT_META ? 200 + 18 : t == VT_SHA512 ? 2000 : 1500);
		buf[at] ^= 0x10;
		int bad = vhdr_check(&c, buf, 8192, 1 << 20, false, &f);
		if (bad != 1 || f.offset != (1 << 20) + 2 * 2048 || f.len != 2048)
			fail_msg("type %d: a changed byte gives %d bad, first at %llu", t, bad,
				 (unsigned long long)f.offset);
	}
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crcs),
		cmocka_unit_test(test_digests),
		cmocka_unit_test(test_sha512_is_a_copy),
		cmocka_unit_test(test_patterns),
		cmocka_unit_test(test_header_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
