#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# layers.sh - every #include "..." in src/ points down the layers or
# sideways, never up: the architecture holds because a test holds it.
# Layers, bottom to top: util, sysroot, options and job set,
# stats, engine, collect, output (results and reports), run (runner,
# monitor, targets), procedures and jobfile (and the command line), fleet,
# screen, main. A back edge fails the test with the file and the include.
set -u
src=${top_srcdir:-.}/src
[ -d "$src" ] || { echo "layers.sh: no $src" >&2; exit 99; }

# The layer of a path relative to src/ (headers and sources alike).
layer() {
	case $1 in
	util/*|i18n.h|textwidth.*|outwatch.*) echo 0 ;;
	sysroot.*) echo 1 ;;
	job.h|jobset.*|options.*|option_*) echo 2 ;;
	stats/*) echo 3 ;;
	engine/*) echo 4 ;;
	collect/*) echo 5 ;;
	result.*|output/*) echo 6 ;;
	run.*|run_*|runctl.*|monitor.*|target.*|target_*|scratch.*) echo 7 ;;
	procedures/*|jobfile.*|cli.*|switches.*) echo 8 ;;
	fleet/*) echo 9 ;;
	screen/*) echo 10 ;;
	main.c) echo 11 ;;
	*) echo unknown ;;
	esac
}

bad=0 checked=0
for f in $(cd "$src" && find . -name '*.[ch]' | sed 's|^\./||' | sort); do
	from=$(layer "$f")
	if [ "$from" = unknown ]; then
		echo "FAIL: src/$f is in no layer (add it to tests/layers.sh)"
		bad=$((bad + 1))
		continue
	fi
	for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$src/$f"); do
		[ "$inc" = config.h ] && continue
		to=$(layer "$inc")
		checked=$((checked + 1))
		if [ "$to" = unknown ]; then
			echo "FAIL: src/$f includes \"$inc\", which is in no layer"
			bad=$((bad + 1))
		elif [ "$to" -gt "$from" ]; then
			echo "FAIL: src/$f (layer $from) includes \"$inc\" (layer $to): an include that points up"
			bad=$((bad + 1))
		fi
	done
done
# Each folder's make fragment builds that folder's files into libblktop.a.
for mk in "$src"/*.mk "$src"/*/*.mk; do
	dir=$(dirname "${mk#"$src"/}")
	[ "$dir" = . ] && dir=""
	for f in $(awk '/libblktop_a_SOURCES/ { on = 1 } on { print; if ($0 !~ /\\$/) on = 0 }' "$mk" |
		grep -o 'src/[A-Za-z0-9_/]*\.[ch]'); do
		fdir=$(dirname "${f#src/}")
		[ "$fdir" = . ] && fdir=""
		if [ "$fdir" != "$dir" ]; then
			echo "FAIL: ${mk#"$src"/} builds $f, which belongs to another folder's fragment"
			bad=$((bad + 1))
		fi
	done
done
echo "layers.sh: $checked includes checked, $bad back edges, unplaced files or fragments building another folder"
[ "$bad" -eq 0 ]
