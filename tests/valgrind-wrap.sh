#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# valgrind-wrap.sh - runs the real blktop under valgrind for
# `make check-valgrind`: any memory error or definite leak makes the
# command exit 99, which the end-to-end test then reports as a failure.
# valgrind's own notes go to a log beside the build, not into the output
# the tests read.
log_dir=${top_builddir:-.}/tests/valgrind-logs
mkdir -p "$log_dir"
exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
	--show-leak-kinds=definite --log-file="$log_dir/blktop.%p.log" \
	"$BLKTOP_REAL" "$@"
