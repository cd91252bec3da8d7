/* SPDX-License-Identifier: GPL-2.0-or-later */
/* arith.h - the arithmetic fio allows in option values: a value that
 * starts with '(' is an expression ("(4k*2)", "(1+1)m"), and a value in
 * which $ncpus, $pagesize or $mb_memory was replaced is one too
 * ("$ncpus*2", computed by bc in fio: whole numbers only). Here so that
 * the options' parsers (command line and job files alike) and the
 * job-file reader share one evaluator. */
#ifndef BLKTOP_UTIL_ARITH_H
#define BLKTOP_UTIL_ARITH_H

#include <stdbool.h>

enum arith_units {
	ARITH_PLAIN,   /* bare numbers only, as bc takes them */
	ARITH_BYTES,   /* k m g t p (1024-based), kib mib gib (1000-based), as fio */
	ARITH_TIME,    /* us ms s m h d; the result is in microseconds */
	ARITH_BYTES_SI, /* kb_base=1000: k m g t p 1000-based, kib mib gib 1024-based */
};

/* Evaluates s: numbers (decimal, 0x hex, decimals such as 1.5), + - * /
 * % ^, parentheses, unary minus, and units after a number or a closing
 * parenthesis where units allows them. Division of whole numbers is whole
 * (as bc and fio). For ARITH_TIME a result without any unit is taken as
 * seconds. Returns 0 with *out set, or -1 (malformed, division by zero,
 * overflow, or a negative result). */
int arith_eval(const char *s, enum arith_units units, unsigned long long *out);

/* Whether s contains an operator bc would compute (+ - * /). */
bool arith_has_operator(const char *s);

#endif
