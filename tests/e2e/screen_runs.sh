#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_runs.sh - every run of a screen session is kept (issue 15, item
# 2): three runs (the command line's, then two from the form, which
# starts from the command line's job; each stopped with s) and a start
# that fails; the runs list (R) shows each
# with its figures and how it ended, the first run's summary is viewed
# and saved with w, two runs are compared with their ratio, and q prints
# the three summaries, oldest first, each under its heading, and says the
# fourth did not start. On the way, the form's keys (item 3): Left/Right
# step bs by powers of two, Backspace keeps the rest of the value, a bad
# value shows as it is typed, Esc asks before it drops changes.
#
# Under load it used to fail now and then: s came before the run's first
# I/O (a summary with no IOPS line, as fio prints a run that did none),
# and the form opened on whatever device was selected. Each step now
# waits for what it needs: a run is stopped once its figures show, and
# the device is selected (and seen in the form's title) before Enter.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"

dev=$(attach "$(sparse_file r.img 256M)") || die "cannot attach a loop device"
DEV=$(basename "$dev")
# Generous: they only matter when the screen never shows what is waited for.
T=20000

new_session runs -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t runs "\"$BLKTOP\" --run randread $dev --runtime=120 --time_based=1 > $WORK/out.txt 2> $WORK/err.txt; echo EXIT=\$?" Enter
expect runs "run 1 runs" "-> $DEV .* RUNNING" $T
expect runs "run 1 shows its figures" "run: [1-9][0-9.]*[kMG]? IOPS" $T
tm send-keys -t runs s
expect runs "run 1: s stops it" "-> $DEV .* DONE" $T
for n in 2 3; do
	select_dev runs "$DEV" || fail "run $n: $DEV cannot be selected"
	tm send-keys -t runs Enter
	expect runs "run $n: Enter opens the form on $DEV" "Workload form target $dev " $T
	expect runs "run $n: the form starts from the command line's job" "^ +>rw +randread " $T
	if [ $n = 2 ]; then
		# The form's keys (item 3): powers of two, errors as typed, Esc asks.
		tm send-keys -t runs Down
		expect runs "form: bs is selected" "^ +>bs " $T
		tm send-keys -t runs Right
		expect runs "form: Right steps bs up a power of two" "^ +>bs +8k " $T
		tm send-keys -t runs Left Left
		expect runs "form: Left steps bs down" "^ +>bs +2k " $T
		tm send-keys -t runs BSpace
		expect runs "form: Backspace keeps the rest; 2 bytes shows as out of range at once" \
			"^ +>bs +2_ +bs: 2 is out of range" $T
		tm send-keys -t runs -l "k"
		expect runs "form: the error goes as it is corrected" "^ +>bs +2k_ +block size" $T
		tm send-keys -t runs BSpace
		tm send-keys -t runs -l "x"
		expect runs "form: a bad value shows as it is typed" "bs: '2x' is not a size" $T
		tm send-keys -t runs Escape
		expect runs "form: Esc with changes asks first" "Esc again drops your changes" $T
		tm send-keys -t runs C-u
		tm send-keys -t runs -l "4k"
		expect runs "form: another key goes on editing" "^ +>bs +4k" $T
		# Typing edits the value at a cursor (item 3: "editing keeps the
		# rest of the value"): 6 typed on iodepth 1 makes 16; Left moves
		# the cursor, 2 there makes 126; End, two Backspaces: 1 again.
		tm send-keys -t runs Down Down Down Down
		expect runs "form: iodepth is selected" "^ +>iodepth +1 " $T
		tm send-keys -t runs -l "6"
		expect runs "form: typing keeps the rest of the value" "^ +>iodepth +16_ " $T
		tm send-keys -t runs Left
		expect runs "form: Left moves the cursor while typing" "Left/Right cursor" $T
		tm send-keys -t runs -l "2"
		expect runs "form: typed at the cursor, the rest kept" "^ +>iodepth +126 " $T
		tm send-keys -t runs End BSpace BSpace
		expect runs "form: End, then Backspace twice" "^ +>iodepth +1_ " $T
		tm send-keys -t runs Up Up Up Up
		expect runs "form: back on bs" "^ +>bs +4k " $T
	fi
	tm send-keys -t runs Enter
	expect runs "run $n runs" "-> $DEV .* RUNNING" $T
	# Stopped once it has done I/O, so its summary has figures.
	expect runs "run $n shows its figures" "run: [1-9][0-9.]*[kMG]? IOPS" $T
	tm send-keys -t runs s
	expect runs "run $n: s stops it" "-> $DEV .* DONE" $T
done

# A start that is refused is recorded as such; nothing before it is lost.
# (A device name under /dev that names nothing is refused before the run;
# a missing file elsewhere would be set up and fail as fio's job does.)
nodev=/dev/blktop-e2e-nosuch$$
tm send-keys -t runs Enter
expect runs "run 4: the form opens" "Workload form" $T
form_field runs filename || fail "the form's filename field cannot be selected"
tm send-keys -t runs C-u
tm send-keys -t runs -l "$nodev"
tm send-keys -t runs Enter
expect runs "run 4 does not start" "NOT STARTED" $T

tm send-keys -t runs R
expect runs "R opens the runs list" "Runs 4 runs" $T
expect runs "run 1: stopped, with its figures" "^  1 +[0-9:]+ +$DEV +randread 4k qd1 j1 +[0-9.]+[kM]? +[0-9.]+[KMG]iB/s +[0-9.]+ +stopped" $T
expect runs "run 2: stopped" "^  2 +[0-9:]+ +$DEV +randread 4k qd1 j1 +[0-9.]+[kM]? .* stopped" $T
expect runs "run 3: stopped" "^  3 .* stopped" $T
expect runs "run 4: failed, its reason under the list" "^ >4 .* failed" $T
expect runs "run 4's reason" "blktop-e2e-nosuch" $T
cap runs > "$WORK/list.txt"

# Run 1's summary, viewed and saved.
for i in 1 2 3; do
	tm send-keys -t runs Up
	wait_for runs "^ >$((4 - i)) " $T || fail "Up does not reach run $((4 - i))"
done
tm send-keys -t runs Enter
expect runs "Enter shows run 1's summary" "Run 1: summary" $T
expect runs "the summary is --batch's" "read: IOPS=" $T
tm send-keys -t runs w
expect runs "w asks where to save" "Save summary to" $T
tm send-keys -t runs C-u
tm send-keys -t runs -l "$WORK/run1.txt"
tm send-keys -t runs Enter
expect runs "w saves the summary" "Summary saved to" $T

# Runs 1 and 2 side by side: the ratio of their IOPS.
tm send-keys -t runs Escape
expect runs "Esc goes back to the list" "Runs 4 runs" $T
tm send-keys -t runs c
expect runs "c marks run 1" "^ >\\*1 " $T
tm send-keys -t runs Down
wait_for runs "^ >2 " $T || fail "Down does not reach run 2"
tm send-keys -t runs c
expect runs "c on run 2 compares the two" "Compare run 1 and run 2" $T
cap runs > "$WORK/compare.txt"
tm send-keys -t runs Escape
expect runs "Esc leaves the comparison" "Runs 4 runs" $T
tm send-keys -t runs Escape
expect runs "Esc leaves the list" "Devices" $T

tm send-keys -t runs q
expect runs "q quits" "EXIT=" $T
heads=$(grep -c "^=== run [123] of 4," "$WORK/out.txt")
sums=$(grep -c "read: IOPS=" "$WORK/out.txt")
if [ "$heads" = 3 ] && [ "$sums" = 3 ]; then
	pass "q printed three summaries under three headings"
else
	fail "q printed $sums summaries under $heads headings:"
	sed 's/^/    | /' "$WORK/out.txt" >&2
fi
first=$(grep -n "^=== run 1 of 4" "$WORK/out.txt" | cut -d: -f1)
third=$(grep -n "^=== run 3 of 4" "$WORK/out.txt" | cut -d: -f1)
[ -n "$first" ] && [ -n "$third" ] && [ "$first" -lt "$third" ] &&
	pass "oldest first" || fail "the runs are not in order (run 1 at line $first, run 3 at $third)"
grep -q "run 4 of 4 was not started: .*blktop-e2e-nosuch" "$WORK/err.txt" &&
	pass "the failed start is said on quit" || fail "nothing said of run 4: $(cat "$WORK/err.txt")"

# The list's p99 is the summary's (item 3: both round up, the list
# said 1377 where the summary said 1378): run 1's, in the summary's unit.
lp99=$(awk '$1 == "1" && $NF == "stopped" { print $(NF - 1) }' "$WORK/list.txt")
sp99=$(sed -n '/^=== run 1 of/,/^=== run 2 of/p' "$WORK/out.txt" |
	sed -n 's/.*clat percentiles (\([a-z]*\)).*/\1/p; s/.* 99\.00th=\[ *\([0-9]*\)\].*/\1/p' | head -n 2 | tr '\n' ' ')
if [ -n "$lp99" ] && printf '%s %s\n' "$lp99" "$sp99" | awk '
	function up(v, d,   s, c) { s = 10 ^ d; c = int(v * s); if (c < v * s - 1e-6) c++; return c / s }
	function f(v,   a) { a = up(v, 2); if (a < 10) return sprintf("%.2f", a)
		a = up(v, 1); if (a < 100) return sprintf("%.1f", a); return sprintf("%.0f", up(v, 0)) }
	{ l = $1; unit = $2; s = $3
	  if (unit == "usec") exit !(up(l, 0) == s)
	  if (unit == "nsec") exit !(l == f(s / 1000))
	  exit !(up(l / 1000, 0) == s) }'; then
	pass "the runs list's p99 ($lp99 us) is the summary's ($sp99)"
else
	fail "the runs list's p99 is '$lp99' us, the summary's '$sp99'"
fi

# The saved summary is run 1's, as printed on quit.
iops1=$(grep -m1 "read: IOPS=" "$WORK/out.txt")
saved=$(grep "read: IOPS=" "$WORK/run1.txt" 2>/dev/null)
[ -n "$iops1" ] && [ "$saved" = "$iops1" ] && pass "w saved run 1's summary" ||
	fail "the saved summary has '$saved', run 1's is '$iops1'"

# The comparison's IOPS ratio is run 2's over run 1's, as their summaries
# give them (rounded to three figures there: within 2 %).
ratio=$(sed -n 's/^ *read IOPS .* \([0-9.]*\)x *$/\1/p' "$WORK/compare.txt")
want=$(grep "read: IOPS=" "$WORK/out.txt" | sed -n '1,2s/.*IOPS=\([0-9.]*\)\([kM]\{0,1\}\),.*/\1 \2/p' |
	awk '{ v = $1 * ($2 == "k" ? 1000 : $2 == "M" ? 1000000 : 1); if (NR == 1) a = v; else b = v }
	     END { if (a > 0) printf "%.4f", b / a }')
if [ -n "$ratio" ] && [ -n "$want" ] &&
	awk -v r="$ratio" -v w="$want" 'BEGIN { d = r - w; if (d < 0) d = -d; exit !(d <= 0.02 * w + 0.006) }'; then
	pass "the comparison gives run 2's IOPS over run 1's ($ratio, the summaries give $want)"
else
	fail "the comparison's ratio is '$ratio', the summaries give '$want':"
	sed 's/^/    | /' "$WORK/compare.txt" >&2
fi

finish
