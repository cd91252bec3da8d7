#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh [SECONDS] - builds the libFuzzer targets with clang's fuzzer,
# address and undefined-behaviour sanitizers and runs each for SECONDS
# (default 60). SECONDS=0 only replays the corpora: a quick regression
# check. Crashes stop the run with the reproducer's path.
#
# Environment: CC (default clang), FUZZ_OUT (build and working corpora,
# default a fresh directory under $TMPDIR), top_builddir (where config.h
# is; without one a minimal config.h is made), FUZZERS (default
# "jobfile options cli numbers sysfs").
set -eu

seconds=${1:-60}
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
CC=${CC:-clang}
FUZZERS=${FUZZERS:-"jobfile options cli numbers sysfs"}

if ! command -v "$CC" >/dev/null 2>&1; then
	echo "run.sh: $CC not found: libFuzzer needs clang (apt-get install clang)" >&2
	exit 77
fi
out=${FUZZ_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/blktop-fuzz.XXXXXX")}
mkdir -p "$out"

# The sources include "config.h"; use the build's when there is one.
confdir=
for d in "${top_builddir:-}" "$srcdir"; do
	if [ -n "$d" ] && [ -f "$d/config.h" ]; then
		confdir=$d
		break
	fi
done
if [ -z "$confdir" ]; then
	printf '#define _GNU_SOURCE 1\n' >"$out/config.h"
	confdir=$out
fi

CFLAGS="-std=gnu11 -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined"
CFLAGS="$CFLAGS -fno-sanitize-recover=undefined -Wall -Wextra -Wno-unused-parameter"
CPPFLAGS="-I$confdir -I$srcdir/src"
s=$srcdir/src
# The options table and its value parsers: every target that parses
# options links these (a parser moved to a new file is added here once).
OPT_SRCS="$s/options.c $s/option_table.c $s/option_values.c $s/option_offsets.c $s/option_numa.c $s/option_prio.c $s/option_errors.c $s/option_pacing.c $s/util/arith.c $s/util/pattern.c"
# option_numa.c parses node lists with libnuma where the build has it.
OPT_LIBS=
grep -q "define HAVE_LIBNUMA 1" "$confdir/config.h" && OPT_LIBS=-lnuma
# The sysfs target links every reader of /proc and /sys, and what they use.
SYSFS_SRCS="$s/collect/cpu.c $s/collect/diskstat.c $s/collect/irq.c $s/collect/devices.c
	$s/collect/probe.c $s/collect/gate.c $s/output/listing.c $s/collect/verdict.c
	$s/collect/tune.c $s/procedures/env.c $s/output/json.c $s/textwidth.c $s/sysroot.c
	$s/util/cpulist.c $s/util/str.c"

for f in $FUZZERS; do
	case $f in
	jobfile) srcs="$here/fuzz_jobfile.c $srcdir/src/jobfile.c $OPT_SRCS $s/util/str.c" ;;
	options) srcs="$here/fuzz_options.c $OPT_SRCS" ;;
	cli) srcs="$here/fuzz_cli.c $s/cli.c $s/switches.c $s/procedures/registry.c $OPT_SRCS" ;;
	numbers) srcs="$here/fuzz_numbers.c $OPT_SRCS $s/collect/irq.c $s/sysroot.c $s/util/cpulist.c" ;;
	sysfs) srcs="$here/fuzz_sysfs.c $SYSFS_SRCS"
		libs="$(pkg-config --cflags --libs blkid mount libproc2) -lpthread -lm" ;;
	*) echo "run.sh: unknown fuzzer '$f'" >&2; exit 2 ;;
	esac
	echo "== building fuzz_$f"
	# shellcheck disable=SC2086
	$CC $CFLAGS $CPPFLAGS -o "$out/fuzz_$f" $srcs ${libs:-} $OPT_LIBS
	libs=
done

status=0
for f in $FUZZERS; do
	corpus=$out/corpus_$f
	mkdir -p "$corpus" "$out/crashes_$f"
	cp "$here/corpus_$f"/* "$corpus"/
	dict=
	[ -f "$here/$f.dict" ] && dict="-dict=$here/$f.dict"
	if [ "$seconds" -eq 0 ]; then
		echo "== replaying corpus of fuzz_$f"
		args="-runs=0"
	else
		echo "== fuzz_$f for ${seconds}s"
		args="-max_total_time=$seconds -print_final_stats=1"
	fi
	# shellcheck disable=SC2086
	if ! ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1} \
	    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
	    "$out/fuzz_$f" $args $dict -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix="$out/crashes_$f/" "$corpus" >"$out/fuzz_$f.log" 2>&1; then
		echo "run.sh: fuzz_$f failed; see $out/fuzz_$f.log and $out/crashes_$f/" >&2
		tail -40 "$out/fuzz_$f.log" >&2
		status=1
		continue
	fi
	grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|Done [0-9]+ runs' \
		"$out/fuzz_$f.log" || true
done
echo "== output in $out"
exit $status
