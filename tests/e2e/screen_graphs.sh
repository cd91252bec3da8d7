#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_graphs.sh - the live pane's graphs tell the truth: after a short
# run the IOPS, latency and heat-map graphs are there with their legends,
# scales and time axis (a mark where the run began), and the readout
# under them, stepped back second by second with Left, gives the same
# IOPS as the JSON report's per-second samples (rounded to whole IOPS);
# c shows one graph at a time. The device line has iostat's merges and
# request sizes, and the CPU pane its meters (m hides them). A mouse click
# selects a device; the wheel moves the selection.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

dev=$(attach "$(sparse_file graphs.img 256M)") || die "cannot attach a loop device"
name=$(basename "$dev")
json="$WORK/run.json"

new_session g -x 160 -y 50 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t g "\"$BLKTOP\" --run randread $dev --runtime=7 --time_based=1 --rate_iops=3000 --output-format=json --output=$json; echo EXIT=\$?" Enter
expect g "the run ends" "DONE" 20000

# ---- Legends, scales and the time axis ----
expect g "the IOPS graph has its legend" "IOPS per second .* read .* write" 100
expect g "the latency graph says what it plots" "Completion latency \(log scale\) .* p50 .* p99 .* p99\.9" 100
expect g "the heat map says what its shade is" "Latency heat map \(share of each second's I/Os\)" 100
expect g "the latency scale is labelled in time units" "^ +[0-9.]+(ns|us|ms|s) " 100
expect g "the IOPS scale is labelled" "^ +[0-9.]+k? +[^ ]*[▁▂▃▄▅▆▇█]" 100
expect g "the time axis marks where the run began" "run 1▲" 100
expect g "the time axis has times" "─ *[0-9]:[0-9][0-9]" 100
expect g "the device line has merges and request sizes" "$name .*rrqm/s [0-9].*rareq-sz [0-9]" 100
expect g "the CPU pane has meters" "^ all .*\[[█ ]*\]" 100

# ---- The readout against the JSON samples, newest first ----
readout() { cap g | sed -n 's/^ <*> [0-9:]* of run [0-9]*: read \([0-9]*\) IOPS.*/\1/p' | head -n 1; }
got=""
i=0
while [ $i -lt 4 ]; do
	r=$(readout)
	[ -n "$r" ] || { fail "no readout line under the graphs"; cap g | sed 's/^/    | /' >&2; break; }
	got="$got $r"
	prev=$(cap g | grep -E "^ <?> [0-9:]* of run" )
	tm send-keys -t g Left
	# The line changes unless this was the oldest second.
	t0=$(now_ms)
	while [ "$(cap g | grep -E "^ <?> [0-9:]* of run")" = "$prev" ] && [ $(($(now_ms) - t0)) -lt 2000 ]; do
		sleep 0.05
	done
	i=$((i + 1))
done

# ---- c: one graph at a time ----
tm send-keys -t g c
expect g "c shows the IOPS graph alone" "IOPS per second" 2000
if cap g | grep -q "Latency heat map"; then
	fail "c left the heat map on the screen beside the IOPS graph alone"
else
	pass "c shows the IOPS graph alone"
fi
tm send-keys -t g c
expect g "c again shows the latency graph" "Completion latency" 2000
tm send-keys -t g c
expect g "c again shows the heat map" "Latency heat map" 2000
tm send-keys -t g m
t0=$(now_ms)
while cap g | grep -Eq "^ all .*\[" && [ $(($(now_ms) - t0)) -lt 3000 ]; do sleep 0.05; done
cap g | grep -Eq "^ all .*\[" && fail "m did not hide the CPU meters" || pass "m hides the CPU meters"

# ---- The mouse: a click selects the device under it ----
# The terminal's own (X10) encoding, as tmux passes a click on: ESC [ M,
# then button, column and row, each plus 32 (columns and rows from 1).
click() { tm send-keys -t g -l "$(printf "\033[M%b%b%b" "\\0$(printf %o $(($1 + 32)))" \
	"\\0$(printf %o $(($2 + 33)))" "\\0$(printf %o $(($3 + 33)))")"; }
row=$(cap g | awk 'NR > 3 && /^ (loop|vd|sd|nvme)[0-9a-z]+ / { print NR - 1; exit }')
pick=$(cap g | awk -v r="$row" 'NR == r + 1 { print $1 }')
if [ -z "$row" ]; then
	fail "no unselected device row to click on"
else
	click 0 3 "$row"
	expect g "a click on $pick's row selects it" "^>$pick " 3000
	# The wheel (64 up, 65 down) moves the selection: up unless it is
	# on the first row.
	before=$(cap g | grep -n "^>" | cut -d: -f1)
	[ "$row" -gt 3 ] && wheel=64 || wheel=65
	click $wheel 3 "$row"
	t0=$(now_ms)
	while [ "$(cap g | grep -n "^>" | cut -d: -f1)" = "$before" ] && [ $(($(now_ms) - t0)) -lt 3000 ]; do
		sleep 0.05
	done
	after=$(cap g | grep -n "^>" | cut -d: -f1)
	[ -n "$after" ] && [ "$after" != "$before" ] && pass "the wheel moves the selection in the list" ||
		fail "the wheel left the selection where it was (line $before)"
fi

tm send-keys -t g q
expect g "q leaves the screen" "EXIT=0" 10000
[ -s "$json" ] || { fail "no JSON report in $json"; finish; }
want=$(jq -r '[.blktop.samples[] | .read.iops | round] | reverse | .[0:4] | map(tostring) | join(" ")' "$json")
n=$(jq '.blktop.samples | length' "$json")
[ "$n" -ge 5 ] || fail "the JSON report has only $n samples of a 7 s run"
set -- $want
ok=1
for g in $got; do
	w=${1:-none}
	[ "$w" = none ] && break
	shift
	d=$((g - w))
	[ $d -lt 0 ] && d=$((-d))
	[ $d -le 1 ] || ok=0
done
if [ $ok = 1 ] && [ -n "$got" ]; then
	pass "the readout's IOPS, second by second back from the newest, are the JSON samples' ($got)"
else
	fail "the readout's IOPS ($got) are not the JSON samples' newest first ($want)"
fi
finish
