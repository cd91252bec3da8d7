/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_json.c - the JSON tree builder: fio's layout byte for byte,
 * insertion order, number kinds, escaping (control characters, UTF-8,
 * invalid bytes), misuse and NULL parents. */
#include "config.h"

#include <limits.h>
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json_check.h"
#include "output/json.h"

/* Prints a tree into a malloc'd string; *rc gets json_print's result. */
static char *render(const struct json *root, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	*rc = json_print(f, root);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void test_layout_is_fios(void **state)
{
	(void)state;
	struct json *root = json_object_new();
	json_add_u64(root, "a", 1);
	struct json *b = json_add_object(root, "b");
	struct json *c = json_add_array(b, "c");
	json_add_u64(c, NULL, 1);
	json_add_i64(c, NULL, -2);
	json_add_object(b, "e");
	json_add_array(root, "f");
	json_add_double(root, "g", 1.5);
	int rc;
	char *s = render(root, &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(s,
		"{\n"
		"  \"a\" : 1,\n"
		"  \"b\" : {\n"
		"    \"c\" : [\n"
		"      1,\n"
		"      -2\n"
		"    ],\n"
		"    \"e\" : {}\n"
		"  },\n"
		"  \"f\" : [],\n"
		"  \"g\" : 1.500000\n"
		"}\n");
	assert_true(json_valid(s));
	assert_int_equal(json_count(root), 4);
	assert_int_equal(json_count(b), 2);
	assert_int_equal(json_count(c), 2);
	free(s);
	json_free(root);
}

static void test_insertion_order_kept(void **state)
{
	(void)state;
	static const char *const keys[] = { "zeta", "alpha", "mid", "1.000000", ">=64", "r/s" };
	struct json *root = json_object_new();
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		json_add_u64(root, keys[i], i);
	/* Enough members to make the array grow several times. */
	struct json *many = json_add_array(root, "many");
	for (unsigned i = 0; i < 1000; i++)
		json_add_u64(many, NULL, i);
	int rc;
	char *s = render(root, &rc);
	assert_int_equal(rc, 0);
	const char *prev = s;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		char quoted[32];
		snprintf(quoted, sizeof(quoted), "\"%s\" : %zu", keys[i], i);
		const char *at = strstr(s, quoted);
		assert_non_null(at);
		assert_true(at >= prev);
		prev = at;
	}
	assert_true(json_num(s, "many|999") == 999.0);
	assert_true(json_num(s, "r/s") == 5.0);
	free(s);
	json_free(root);
}

static void test_numbers(void **state)
{
	(void)state;
	struct json *root = json_object_new();
	json_add_u64(root, "umax", UINT64_MAX);
	json_add_i64(root, "imin", INT64_MIN);
	json_add_i64(root, "ipos", 42);
	json_add_double(root, "zero", 0.0);
	json_add_double(root, "neg", -2.25);
	json_add_double(root, "third", 1.0 / 3.0);
	json_add_double(root, "big", 1e20);
	json_add_double(root, "nan", NAN);
	json_add_double(root, "inf", -INFINITY);
	json_add_bool(root, "yes", true);
	json_add_bool(root, "no", false);
	json_add_null(root, "nothing");
	int rc;
	char *s = render(root, &rc);
	assert_int_equal(rc, 0);
	assert_true(json_valid(s));
	assert_non_null(strstr(s, "\"umax\" : 18446744073709551615,"));
	assert_non_null(strstr(s, "\"imin\" : -9223372036854775808,"));
	assert_non_null(strstr(s, "\"ipos\" : 42,"));
	assert_non_null(strstr(s, "\"zero\" : 0.000000,"));
	assert_non_null(strstr(s, "\"neg\" : -2.250000,"));
	assert_non_null(strstr(s, "\"third\" : 0.333333,"));
	assert_non_null(strstr(s, "\"big\" : 100000000000000000000.000000,"));
	assert_non_null(strstr(s, "\"nan\" : null,"));
	assert_non_null(strstr(s, "\"inf\" : null,"));
	assert_non_null(strstr(s, "\"yes\" : true,"));
	assert_non_null(strstr(s, "\"no\" : false,"));
	assert_non_null(strstr(s, "\"nothing\" : null\n"));
	free(s);
	json_free(root);
}

static void test_decimal_point_ignores_locale(void **state)
{
	(void)state;
	static const char *const commas[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "ru_RU.UTF-8" };
	const char *got = NULL;
	for (size_t i = 0; i < sizeof(commas) / sizeof(commas[0]) && !got; i++)
		got = setlocale(LC_NUMERIC, commas[i]);
	if (!got)
		skip();
	struct json *root = json_object_new();
	json_add_double(root, "x", -1234.5);
	int rc;
	char *s = render(root, &rc);
	setlocale(LC_NUMERIC, "C");
	assert_string_equal(s, "{\n  \"x\" : -1234.500000\n}\n");
	free(s);
	json_free(root);
}

static void test_string_escapes(void **state)
{
	(void)state;
	struct json *root = json_object_new();
	json_add_string(root, "q", "say \"hi\"\\now");
	json_add_string(root, "ctl", "a\nb\tc\rd\be\ff\x01g\x1fh\x7f");
	json_add_string(root, "utf8", "\xe7\xa3\x81\xe7\x9b\x98 \xf0\x9f\x92\xbe caf\xc3\xa9");
	json_add_string(root, "bad", "x\xff y\xc3 z\xe7\xa3 \xed\xa0\x80 \xc0\xaf");
	json_add_string(root, "empty", "");
	json_add_string(root, "nullstr", NULL);
	json_add_string(root, "k\"ey\n", "v");
	int rc;
	char *s = render(root, &rc);
	assert_int_equal(rc, 0);
	assert_true(json_valid(s));
	assert_non_null(strstr(s, "\"q\" : \"say \\\"hi\\\"\\\\now\""));
	assert_non_null(strstr(s,
		"\"ctl\" : \"a\\nb\\tc\\rd\\be\\ff\\u0001g\\u001fh\\u007f\""));
	/* Valid UTF-8 passes through untouched (Chinese names stay readable). */
	assert_non_null(strstr(s,
		"\"utf8\" : \"\xe7\xa3\x81\xe7\x9b\x98 \xf0\x9f\x92\xbe caf\xc3\xa9\""));
	/* Invalid bytes, truncated sequences, surrogates, overlongs: U+FFFD. */
	assert_non_null(strstr(s, "\"bad\" : \"x\\ufffd y\\ufffd z\\ufffd\\ufffd "
				 "\\ufffd\\ufffd\\ufffd \\ufffd\\ufffd\""));
	assert_non_null(strstr(s, "\"empty\" : \"\""));
	assert_non_null(strstr(s, "\"nullstr\" : \"\""));
	assert_non_null(strstr(s, "\"k\\\"ey\\n\" : \"v\""));
	assert_true(json_str_is(s, "empty", ""));
	free(s);
	json_free(root);
}

static void test_misuse_marks_incomplete(void **state)
{
	(void)state;
	struct json *root = json_object_new();
	struct json *arr = json_add_array(root, "arr");
	json_add_u64(arr, "key-in-array", 1);   /* arrays take no keys */
	int rc;
	char *s = render(root, &rc);
	assert_int_equal(rc, -1);
	assert_true(json_valid(s));             /* still well-formed */
	free(s);
	json_free(root);

	root = json_object_new();
	json_add_u64(root, NULL, 1);            /* objects need keys */
	s = render(root, &rc);
	assert_int_equal(rc, -1);
	assert_string_equal(s, "{}\n");
	free(s);
	json_free(root);

	/* NULL parents are no-ops, so a failed container needs no check. */
	assert_null(json_add_object(NULL, "x"));
	assert_null(json_add_array(NULL, NULL));
	json_add_string(NULL, "x", "y");
	json_add_u64(NULL, "x", 1);
	json_add_i64(NULL, "x", 1);
	json_add_double(NULL, "x", 1);
	json_add_bool(NULL, "x", true);
	json_add_null(NULL, "x");
	assert_int_equal(json_count(NULL), 0);
	json_free(NULL);
	assert_int_equal(json_print(stdout, NULL), -1);
}

static void test_array_root_and_nesting(void **state)
{
	(void)state;
	struct json *root = json_array_new();
	for (int i = 0; i < 3; i++) {
		struct json *o = json_add_object(root, NULL);
		char name[8];
		snprintf(name, sizeof(name), "cpu%d", i);
		json_add_string(o, "cpu", name);
		json_add_double(o, "idle", 100.0 - i);
		struct json *deep = o;
		for (int d = 0; d < 10; d++)
			deep = json_add_object(deep, "d");
		json_add_bool(deep, "end", true);
	}
	int rc;
	char *s = render(root, &rc);
	assert_int_equal(rc, 0);
	assert_true(json_valid(s));
	assert_true(json_str_is(s, "1|cpu", "cpu1"));
	assert_true(json_num(s, "2|idle") == 98.0);
	assert_non_null(json_find(s, "0|d|d|d|d|d|d|d|d|d|d|end"));
	assert_null(json_find(s, "3|cpu"));
	assert_int_equal(json_count(root), 3);
	free(s);
	json_free(root);
}

/* The checker itself must refuse what is not JSON, or the other tests
 * prove nothing. */
static void test_checker_rejects(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"", "{", "{\"a\" 1}", "{\"a\":1,}", "[1,]", "01", "1.", "-", "\"a\nb\"",
		"\"\\x\"", "nul", "{\"a\":1} x", "\"\xff\"", "[1 2]", "{1:2}", "1,5",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (json_valid(bad[i])) {
			print_error("accepted: %s\n", bad[i]);
			fail();
		}
	}
	assert_true(json_valid(" {\"a\" : [1, -2.5e3, true, null, \"\\u00e9\"]} "));
}

/* JSON lines: the same tree on one line, no spaces, one newline; a tree
 * attached under another, and found again by key and index. */
static void test_one_line_and_lookup(void **state)
{
	(void)state;
	struct json *root = json_object_new();
	json_add_string(root, "type", "x y");
	struct json *sub = json_object_new();
	struct json *arr = json_add_array(sub, "jobs");
	struct json *job = json_add_object(arr, NULL);
	json_add_u64(job, "n", 2);
	json_add_array(job, "empty");
	assert_ptr_equal(json_attach(root, "report", sub), sub);
	assert_ptr_equal(json_at(json_get(sub, "jobs"), 0), job);
	assert_null(json_at(json_get(sub, "jobs"), 1));
	assert_null(json_get(job, "missing"));
	assert_null(json_get(arr, "n"));
	json_add_double(json_get(root, "report"), "d", 0.5);

	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(json_print_line(f, root), 0);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, "{\"type\":\"x y\",\"report\":{\"jobs\":[{\"n\":2,\"empty\":[]}],"
				 "\"d\":0.500000}}\n");
	free(buf);
	json_free(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout_is_fios),
		cmocka_unit_test(test_insertion_order_kept),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_decimal_point_ignores_locale),
		cmocka_unit_test(test_string_escapes),
		cmocka_unit_test(test_misuse_marks_incomplete),
		cmocka_unit_test(test_array_root_and_nesting),
		cmocka_unit_test(test_checker_rejects),
		cmocka_unit_test(test_one_line_and_lookup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
