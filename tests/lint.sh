#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lint.sh - the static analysis level the project holds its C to, run by
# make check: cppcheck (warning, performance and portability classes) and
# clang-tidy (the checks in .clang-tidy) over every source in src/, with
# the build's own flags. Any finding fails. Skips when either tool is
# missing (quickstart installs both), and in the sanitizer build, where
# the normal build has already run it on the same sources.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
[ "${LINT_SKIP:-}" = yes ] && { printf "\n*** lint: SKIPPED: %s ***\n\n" "the sanitizer build: the normal build lints these same sources" >&2; exit 77; }
for t in cppcheck clang-tidy; do
	command -v $t >/dev/null 2>&1 || { printf "\n*** lint: SKIPPED: %s ***\n\n" "$t is missing" >&2; exit 77; }
done
out=$(mktemp -d) || exit 99
trap 'rm -rf "$out"' EXIT
# LINT_FILES="src/a.c src/b.c" lints only those (for a quick look at a change;
# make check lints every file).
srcs=${LINT_FILES:-$(cd "$top_srcdir" && find src -name '*.c' | sort)}
fails=0

# cppcheck: inline suppressions only where a finding was read and judged
# wrong (each says why).
(cd "$top_srcdir" && cppcheck --quiet --error-exitcode=1 --inline-suppr --std=c11 \
	--enable=warning,performance,portability -I src -I "$top_builddir" \
	-D__linux__ -j "$(getconf _NPROCESSORS_ONLN)" $srcs) >"$out/cppcheck" 2>&1 || {
	echo "lint: cppcheck found:"; cat "$out/cppcheck"; fails=$((fails + 1))
}
[ $fails = 0 ] && echo "lint: ok: cppcheck clean on $(echo $srcs | wc -w) files"

# clang-tidy, one process per file, two at a time per CPU's worth.
flags="-I$top_srcdir/src -I$top_builddir -DHAVE_CONFIG_H -DLOCALEDIR=\"/usr/share/locale\" -pthread ${LINT_CFLAGS:-}"
n=0
for f in $srcs; do
	# shellcheck disable=SC2086
	clang-tidy --quiet "$top_srcdir/$f" -- $flags >"$out/tidy.$n" 2>&1 &
	n=$((n + 1))
	[ $((n % $(getconf _NPROCESSORS_ONLN))) = 0 ] && wait
done
wait
tidy=$(cat "$out"/tidy.* | grep -E '(warning|error):' | sort -u)
if [ -n "$tidy" ]; then
	echo "lint: clang-tidy found:"; echo "$tidy"; fails=$((fails + 1))
else
	echo "lint: ok: clang-tidy clean on $n files (checks in .clang-tidy)"
fi
[ $fails = 0 ]
