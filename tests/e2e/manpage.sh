#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# manpage.sh - doc/blktop.1 renders without a warning (as
# `MANWIDTH=80 man --warnings -l` shows it) and names every job option of
# the table (doc/gen-options --names), every option `blktop --help` lists,
# every mode, procedure and verdict, and every section the page promises.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

PAGE="$top_builddir/doc/blktop.1"
GEN="$top_builddir/doc/gen-options"
require_built "$PAGE"
require_built "$GEN"
command -v man >/dev/null 2>&1 || skip "man is missing (apt-get install man-db)"
command -v groff >/dev/null 2>&1 || command -v nroff >/dev/null 2>&1 ||
	skip "groff is missing (apt-get install groff-base)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/blktop-man.XXXXXX") || skip "cannot make a temporary directory"
trap 'rm -rf "$WORK"' EXIT

# ---- Renders, without warnings ----
LC_ALL=C.UTF-8 MANWIDTH=80 MAN_KEEP_FORMATTING= man --warnings -l "$PAGE" \
	>"$WORK/page.txt" 2>"$WORK/warnings.txt"
rc=$?
if [ "$rc" != 0 ]; then
	fail "man -l $PAGE exited with $rc"
elif [ -s "$WORK/warnings.txt" ]; then
	fail "man --warnings -l $PAGE warns:"
	sed 's/^/    | /' "$WORK/warnings.txt" >&2
else
	pass "MANWIDTH=80 man --warnings -l renders it without a warning ($(wc -l <"$WORK/page.txt") lines)"
fi
# ---- Renders with a long install prefix too ----
# The FILES entries hold the install paths, one word each to troff: a
# prefix wider than the page must still break (doc/man-paths.sh), as make
# builds the page with ./configure --prefix=LONG.
long=/opt/a/very/long/install/prefix/that/is/wider/than/any/terminal/line/blktop
"$GEN" "$top_srcdir/doc/blktop.1.in" |
	sh "$top_srcdir/doc/man-paths.sh" "$long/share/locale" "$long/share/bash-completion/completions" \
		>"$WORK/long.1"
LC_ALL=C.UTF-8 MANWIDTH=80 MAN_KEEP_FORMATTING= man --warnings -l "$WORK/long.1" \
	>"$WORK/long.txt" 2>"$WORK/long-warnings.txt"
rc=$?
lwidth=$(col -b <"$WORK/long.txt" 2>/dev/null | LC_ALL=C.UTF-8 wc -L)
if [ "$rc" != 0 ] || [ -s "$WORK/long-warnings.txt" ]; then
	fail "with the prefix $long, man -l exits $rc and warns:"
	sed 's/^/    | /' "$WORK/long-warnings.txt" >&2
elif [ "$lwidth" -gt 80 ]; then
	fail "with the prefix $long, rendered lines are up to $lwidth columns wide"
elif ! col -b <"$WORK/long.txt" | tr -d ' \n' | grep -qF "$long/share/locale/zh_CN/LC_MESSAGES/blktop.mo"; then
	fail "with the prefix $long, the page does not name $long/share/locale/zh_CN/LC_MESSAGES/blktop.mo"
else
	pass "with a ${#long}-character prefix it renders without a warning, within 80 columns"
fi

# What a reader sees: overstrikes gone, hyphens and minus signs as typed.
col -b <"$WORK/page.txt" 2>/dev/null | sed 's/\xe2\x80\x90/-/g; s/\xe2\x88\x92/-/g' >"$WORK/plain.txt"
[ -s "$WORK/plain.txt" ] || cp "$WORK/page.txt" "$WORK/plain.txt"
width=$(LC_ALL=C.UTF-8 wc -L <"$WORK/plain.txt")
[ "$width" -le 80 ] && pass "no rendered line is wider than 80 columns (widest: $width)" ||
	fail "rendered lines are up to $width columns wide (MANWIDTH=80)"

has() { grep -qF -- "$1" "$WORK/plain.txt"; }

# ---- Every option of the table, as the generator lists them ----
n=0
bad=""
for o in $("$GEN" --names); do
	n=$((n + 1))
	has "--$o" || has "$o" || bad="$bad $o"
done
[ "$n" -gt 20 ] || fail "gen-options --names lists only $n options"
[ -z "$bad" ] && pass "all $n job options and aliases of the table are in the page" ||
	fail "job options missing from the page:$bad"
# Each job option has its own entry (.TP, then --name=...), or is named
# as the alias of one: not just a mention in passing.
bad=""
for o in $("$GEN" --names); do
	r=$(printf '%s' "$o" | sed 's/-/\\-/g')
	grep -qF -- "\\fB\\-\\-$r\\fR=" "$PAGE" || grep -qF -- "(also \\fB\\-\\-$r\\fR)" "$PAGE" ||
		bad="$bad $o"
done
[ -z "$bad" ] && pass "each job option has an entry of its own" ||
	fail "job options without an entry (--NAME=...):$bad"

# ---- Every switch of the switch table: an option has its entry in
# OPTIONS (made from the row), a mode is described in MODES ----
bad=""
n=0
"$GEN" --switches >"$WORK/switches" || fail "gen-options --switches failed"
while read -r section name; do
	n=$((n + 1))
	r=$(printf '%s' "$name" | sed 's/-/\\-/g')
	case $section in
	option) grep -qF -- "\\fB\\-\\-$r" "$PAGE" || bad="$bad --$name" ;;
	*) grep -qF -- "\\-\\-$r" "$PAGE" || bad="$bad --$name" ;;
	esac
done <"$WORK/switches"
[ "$n" -ge 10 ] || fail "gen-options --switches lists only $n switches"
[ -z "$bad" ] && pass "all $n switches of the switch table are in the page" ||
	fail "switches without an entry in the page:$bad"

# ---- Every option blktop --help shows ----
if "$BLKTOP" --help >/dev/null 2>&1; then
	bad=""
	for o in $(LC_ALL=C "$BLKTOP" --help | grep -oE -- '(^|[^A-Za-z0-9_-])--?[A-Za-z][A-Za-z0-9_-]*' |
		sed 's/^[^-]*//' | sort -u); do
		has "$o" || bad="$bad $o"
	done
	[ -z "$bad" ] && pass "every option of blktop --help is in the page" ||
		fail "options of blktop --help missing from the page:$bad"
else
	fail "$BLKTOP --help failed"
fi

# ---- Modes, procedures, verdicts, keys, sections ----
bad=""
for w in "--run" "--batch" "--list" "--job" "--profile" "--suite" "--sweep" "--demo" \
	latency iops throughput seven cdm numjobs \
	randread randwrite randrw readwrite \
	safe has-data in-use read-only O_EXCL \
	"blktop version" "fio version" disk_util clat_ns iops_stddev "Run status group" \
	"F1, ?" "Shift-Tab" "q, F10" \
	NAME SYNOPSIS DESCRIPTION MODES OPTIONS "JOB OPTIONS" "JOB FILES" "SAFETY VERDICT" \
	"THE SCREEN" KEYS OUTPUT "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "SEE ALSO" \
	"ESSD PL-X latency test" "seven-test matrix" "block-size sweep" \
	"test-file random-write test" "multi-disk job file" \
	NO_COLOR LANG BLKTOP_SYSROOT /proc/interrupts rq_affinity "zh_CN"; do
	has "$w" || bad="$bad '$w'"
done
[ -z "$bad" ] && pass "modes, procedures, verdicts, keys, JSON keys, the published tests and sections are all there" ||
	fail "missing from the page:$bad"
# The procedures are named for what they are, never by a reference number
# ("seed 000") from outside the page.
seeds=$(grep -inE 'seeds?( |\\ )?[0-9]{3}|the seeds?\b' "$WORK/plain.txt")
[ -z "$seeds" ] && pass "no procedure is called a seed" ||
	fail "the page calls procedures seeds: $seeds"
# The exit statuses, each on its own line.
for s in 0 1 2 3; do
	grep -qE "^ {7}$s +[A-Z]" "$WORK/plain.txt" || fail "exit status $s is not listed"
done

# ---- The installed page is the same page (make install puts it in man1) ----
case "$(sed -n 's/^\.TH BLKTOP 1 .*"blktop \([^"]*\)".*/\1/p' "$PAGE")" in
"") fail "the .TH line has no version" ;;
*@*) fail "the .TH line was not filled in: $(grep '^\.TH' "$PAGE")" ;;
*) pass "the .TH line names the version: $(grep '^\.TH' "$PAGE")" ;;
esac
grep -q '@[A-Za-z_]*@' "$PAGE" && fail "unreplaced @...@ left in the page: $(grep -o '@[A-Za-z_]*@' "$PAGE" | sort -u | tr '\n' ' ')"
finish
