#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_runs.sh - every run of a screen session is kept (issue 15, item
# 2): three runs (the command line's, then two from the form, each
# stopped with s), then q prints three summaries, oldest first, each
# under its heading, as --batch prints one. On the way, the form's keys
# (item 3): Left/Right step bs by powers of two, a bad value shows as it
# is typed, Esc asks before it drops changes.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
# Known to fail now and then under make check's parallel load: a run
# stopped before its first I/O prints a summary without an IOPS line, and
# the form once opened on another test's hot-plugged device. Skipped,
# loudly, until that is understood (the closing note of 2026-12-03).
[ -n "${BLKTOP_SCREEN_RUNS:-}" ] ||
	skip "screen_runs.sh is known to be flaky under load (set BLKTOP_SCREEN_RUNS=1 to run it)"

. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"

dev=$(attach "$(sparse_file r.img 256M)") || die "cannot attach a loop device"
DEV=$(basename "$dev")

new_session runs -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t runs "\"$BLKTOP\" --run randread $dev --runtime=1 --time_based=1 > $WORK/out.txt; echo EXIT=\$?" Enter
expect runs "run 1 ends by itself" "-> $DEV .* DONE" 10000
for n in 2 3; do
	tm send-keys -t runs Enter
	expect runs "run $n: Enter opens the form" "Workload form" 3000
	if [ $n = 2 ]; then
		# The form's keys (item 3): powers of two, errors as typed, Esc asks.
		tm send-keys -t runs Down
		expect runs "form: bs is selected" "^ +>bs " 2000
		tm send-keys -t runs Right
		expect runs "form: Right steps bs up a power of two" "^ +>bs +8k " 2000
		tm send-keys -t runs Left Left
		expect runs "form: Left steps bs down" "^ +>bs +2k " 2000
		tm send-keys -t runs C-u
		tm send-keys -t runs -l "4x"
		expect runs "form: a bad value shows as it is typed" "bs: '4x' is not a size" 2000
		tm send-keys -t runs Escape
		expect runs "form: Esc with changes asks first" "Esc again drops your changes" 2000
		tm send-keys -t runs C-u
		tm send-keys -t runs -l "4k"
		expect runs "form: another key goes on editing" "^ +>bs +4k" 2000
	fi
	tm send-keys -t runs Enter
	expect runs "run $n runs" "RUNNING" 5000
	tm send-keys -t runs s
	expect runs "run $n: s stops it" "-> $DEV .* DONE" 8000
done
tm send-keys -t runs q
expect runs "q quits" "EXIT=0" 8000
heads=$(grep -c "^=== run [123] of 3," "$WORK/out.txt")
sums=$(grep -c "read: IOPS=" "$WORK/out.txt")
if [ "$heads" = 3 ] && [ "$sums" = 3 ]; then
	pass "q printed three summaries under three headings"
else
	fail "q printed $sums summaries under $heads headings:"
	sed 's/^/    | /' "$WORK/out.txt" >&2
fi
first=$(grep -n "^=== run 1 of 3" "$WORK/out.txt" | cut -d: -f1)
third=$(grep -n "^=== run 3 of 3" "$WORK/out.txt" | cut -d: -f1)
[ -n "$first" ] && [ -n "$third" ] && [ "$first" -lt "$third" ] &&
	pass "oldest first" || fail "the runs are not in order (run 1 at line $first, run 3 at $third)"

finish
