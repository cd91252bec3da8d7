#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_procedures.sh - the procedure menu (p) in tmux: it lists the
# seven procedures, Esc leaves it, Enter starts the block-size sweep on a
# scratch loop device with 1 s steps; the table fills in row by row in the
# workload pane with its curve while the live pane runs; s stops it; the
# runs list (R) has the sweep as one run and shows its table; a
# has-data device needs its name typed; q leaves the terminal clean and
# prints both sweeps' tables. At 80x24 the pane shows seven rows and the curve (bars,
# clat avg points, both scales, the x labels); v and b change the view and
# the measure; with --output-format=csv the table printed is CSV.
# `blktop --profile ...` on a terminal runs the profile on the screen.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
command -v mkswap >/dev/null 2>&1 || skip "mkswap is missing (util-linux)"

safe=$(attach "$(sparse_file safe.img 1G)") || die "cannot attach a loop device"
data_img=$(sparse_file data.img 64M)
chmod 600 "$data_img"
mkswap "$data_img" >/dev/null || fail "mkswap"
data=$(attach "$data_img")
SAFE=$(basename "$safe")
DATA=$(basename "$data")

new_session main -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t main "stty -a > $WORK/stty.before; \"$BLKTOP\" > $WORK/out; echo EXIT=\$?; stty -a > $WORK/stty.after" Enter
expect main "the screen opens" "Devices.*Workload" 3000
wait_for main "^>?$SAFE +.* safe( |$)" 8000 || true
expect main "the key bar offers p" "p Profiles" 100

# ---- The menu: seven procedures, Esc leaves ----
select_dev main "$SAFE" || fail "cannot select $SAFE"
expect main "$SAFE is probed safe" "^>$SAFE +.* safe( |$)" 8000
tm send-keys -t main p
expect main "p opens the procedure menu" "Procedures" 2000
for name in latency iops throughput seven cdm bs numjobs; do
	expect main "the menu lists $name" "^ [> ]$name " 100
done
tm send-keys -t main Escape
expect main "Esc leaves the menu" "Devices.*Workload" 2000

# ---- A has-data device needs its name typed; a wrong name starts nothing ----
select_dev main "$DATA" || fail "cannot select $DATA"
expect main "$DATA is probed has-data" "^>$DATA +.* has-data" 8000
tm send-keys -t main p
wait_for main "Procedures" 2000 || fail "p did not open the menu on $DATA"
tm send-keys -t main Enter
expect main "has-data asks for the device's name" "Type $DATA and Enter" 2000
tm send-keys -t main n o p e Enter
expect main "a wrong name starts nothing" "Not started: the name typed does not match" 2000
tm send-keys -t main Escape
wait_for main "Devices.*Workload" 2000 || fail "Esc did not leave the menu"

# ---- The block-size sweep, 5 s steps: rows fill in under the live pane.
# ---- (With 2 s steps, s came after step 2 had ended under load, so no
# ---- row was running to be marked stopped.) ----
select_dev main "$SAFE" || fail "cannot select $SAFE"
tm send-keys -t main p
wait_for main "Procedures" 2000 || fail "p did not open the menu"
tm send-keys -t main G k
i=0
while [ $i -lt 20 ]; do tm send-keys -t main -; i=$((i + 1)); done
tm send-keys -t main + + + +
expect main "the runtime per step is 5 s" "runtime of each step: 5s" 1000
expect main "bs is selected" "^ >bs " 100
tm send-keys -t main Enter
expect main "the sweep's table is in the workload pane" "block-size sweep" 3000
expect main "a first row is done" " done +[0-9.]+[kM]? +[0-9.]+[KMG]?i?B/s" 8000
expect main "the live pane shows the running step's IOPS" "read +IOPS (0\.[0-9]*[1-9]|[1-9])" 5000
n=$(cap main | grep -c " done ")
[ "$n" -ge 1 ] && pass "$n rows done so far" || fail "no row done"
expect main "the sweep draws its curve beside the table" "done .*[│|] +[0-9.]+[KMG]?i?B[│|].*[█#]" 8000
expect main "the title bar shows the step running" "randread [0-9]+k? qd32 .* RUNNING" 1000

# ---- s stops it: no further step starts ----
tm send-keys -t main s
expect main "s stops the procedure" "-> $SAFE .*(DONE|FAILED) *\$" 8000
expect main "the running row is marked stopped" " stop( |\$)" 1000

# ---- The runs list keeps the whole sweep as one run, its table viewable ----
tm send-keys -t main R
expect main "R lists the sweep as one run, stopped" "^ >1 +[0-9:]+ +$SAFE +block-size sweep .* stopped" 5000
tm send-keys -t main Enter
expect main "Enter shows the sweep's table" "Run 1: summary" 5000
expect main "the table is the printed one, stopped part-way" "interrupted" 5000
tm send-keys -t main Escape
expect main "Esc goes back to the list" "Runs 1 runs" 5000
tm send-keys -t main Escape
expect main "Esc leaves the list for the sweep's pane" "block-size sweep [0-9]+/[0-9]+ " 5000

# ---- w on the main screen saves the newest run: the sweep's table, not
# ---- the result of its last step ----
tm send-keys -t main w
expect main "w asks where to save" "Save summary to" 5000
tm send-keys -t main C-u
tm send-keys -t main -l "$WORK/sweep.txt"
tm send-keys -t main Enter
expect main "w saves the summary" "Summary saved to" 5000
if grep -q "block-size sweep" "$WORK/sweep.txt" 2>/dev/null && grep -q "interrupted" "$WORK/sweep.txt"; then
	pass "w after the sweep saved its table"
else
	fail "w after the sweep saved something else:"
	sed 's/^/    | /' "$WORK/sweep.txt" >&2
fi

# ---- Again, then q while it runs asks y, stops and joins it ----
tm send-keys -t main p
wait_for main "Procedures" 2000 || fail "p did not open the menu again"
expect main "the menu keeps bs" "^ >bs " 100
expect main "the menu keeps 5 s" "runtime of each step: 5s" 100
tm send-keys -t main Enter
expect main "the sweep runs again" "RUNNING" 3000
expect main "its first step runs" "^ 512 +run" 5000
tm send-keys -t main q
expect main "q asks while the procedure runs" "Stop it and quit\\? \\(y/n\\)" 2000
tm send-keys -t main y
if wait_for main "^EXIT=[0-9]+$" 8000; then
	pass "q, y leaves the screen"
else
	fail "q, y did not leave the screen"
	cap main | sed 's/^/    | /' >&2
fi
# The shell writes stty.after just after EXIT=: wait for it, not for a time.
t0=$(now_ms)
while ! grep -q 'speed' "$WORK/stty.after" 2>/dev/null && [ $(($(now_ms) - t0)) -lt 10000 ]; do
	sleep 0.05
done
if cmp -s "$WORK/stty.before" "$WORK/stty.after"; then
	pass "terminal modes are as before (stty -a)"
else
	fail "terminal modes changed"
fi
if tm capture-pane -p -t main | grep -q "EXIT=\(0\|1\)$"; then
	pass "exit status 0 or 1"
else
	fail "unexpected exit status: $(cap main | grep EXIT=)"
fi

# ---- Leaving printed the sweep's table on stdout, as --batch does ----
if grep -q "block-size sweep" "$WORK/out" && grep -Eq "^ +512 " "$WORK/out"; then
	pass "after q the sweep's table is on stdout"
else
	fail "no sweep table on stdout after q:"
	sed 's/^/    | /' "$WORK/out" >&2
fi
grep -q "interrupted" "$WORK/out" && pass "the table says the sweep was stopped" ||
	fail "the table does not say the sweep was stopped"
grep -q "^=== run 1 of 2," "$WORK/out" && grep -q "^=== run 2 of 2," "$WORK/out" &&
	pass "both sweeps' tables are printed, each under its heading" ||
	fail "not both sweeps under their headings: $(grep "^===" "$WORK/out")"

# ---- 80x24: seven rows of the table, the curve with its latency series;
# ---- --output-format=csv makes the table printed on leaving CSV ----
new_session small -x 80 -y 24 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t small "\"$BLKTOP\" --output-format=csv > $WORK/out80 2> $WORK/err80; echo EXIT=\$?" Enter
wait_for small "Devices.*Workload" 3000 || fail "the screen does not open at 80x24"
select_dev small "$SAFE" || fail "cannot select $SAFE at 80x24"
tm send-keys -t small p
wait_for small "Procedures" 2000 || fail "p did not open the menu at 80x24"
tm send-keys -t small G k
i=0
while [ $i -lt 20 ]; do tm send-keys -t small -; i=$((i + 1)); done
expect small "the runtime per step is 1 s" "runtime of each step: 1s" 1000
tm send-keys -t small Enter
expect small "the sweep's pane takes the top row at 80x24" "^.block-size sweep" 3000
if wait_for small "^ [0-9]+[kmg]? +done" 4000; then
	t0=$(now_ms)
	while [ "$(cap small | grep -Ec '^ [0-9]+[kmg]? +(done|stop|run)')" -lt 7 ] &&
	      [ $(($(now_ms) - t0)) -lt 20000 ]; do
		sleep 0.2
	done
fi
cap small >"$WORK/small.txt"
n=$(grep -Ec '^ [0-9]+[kmg]? +(done|stop|run)' "$WORK/small.txt")
if [ "$n" -ge 7 ]; then
	pass "80x24 shows $n rows of the table"
else
	fail "80x24 shows $n rows of the table, want 7 or more:"
	sed 's/^/    | /' "$WORK/small.txt" >&2
fi
expect small "the curve's legend names both series" "bandwidth per s .*clat avg \\(right scale\\)" 100
expect small "the curve's left scale has its top and 0" "^ +[0-9.]+[KMG]?i?B[│|].*[│|][0-9.]+k?[um]s *\$" 100
expect small "the curve's x axis is labelled with block sizes" "^ +bs 512 .*[0-9]+[km]" 100
expect small "the latency series is drawn" "[│|].*[●o]" 100
tm send-keys -t small b
expect small "b plots IOPS instead" "[█#] IOPS +[●o] clat avg" 1000
tm send-keys -t small v
expect small "v: the table alone, more rows" "^ 512 +done" 1000
tm send-keys -t small v
sleep 0.5
if cap small | sed -n 3p | grep -q "IOPS .*clat avg"; then
	pass "v: the curve alone, its legend under the pane's title"
else
	fail "v did not show the curve alone:"
	cap small | sed 's/^/    | /' >&2
fi
tm send-keys -t small s
expect small "s stops the sweep" "(DONE|FAILED) *\$" 8000
tm send-keys -t small q
if wait_for small "^EXIT=[0-9]+$" 8000; then
	pass "q leaves the 80x24 screen"
else
	fail "q did not leave the 80x24 screen"
fi
if head -n 1 "$WORK/out80" | grep -q "^procedure,test,state,rw,bs," &&
   grep -Eq "^bs,512,done,randread,512," "$WORK/out80"; then
	pass "with --output-format=csv the table printed on leaving is CSV"
else
	fail "no CSV table on stdout:"
	sed 's/^/    | /' "$WORK/out80" >&2
fi
grep -q "stopped part-way" "$WORK/err80" && pass "stderr says the sweep was stopped part-way" ||
	fail "stderr does not say the sweep was stopped: $(cat "$WORK/err80")"

# ---- One command: --profile on a terminal runs on the screen, and its
# ---- table comes out on the terminal after q ----
new_session cli -x 80 -y 24 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t cli "\"$BLKTOP\" --profile throughput $safe --runtime=1; echo EXIT=\$?" Enter
expect cli "--profile on a terminal opens the screen with the procedure" "^.throughput profile" 5000
expect cli "the profile runs to its end on the screen" "DONE *\$" 15000
tm send-keys -t cli q
if wait_for cli "^EXIT=0" 8000; then
	pass "q after the profile: exit status 0"
else
	fail "q after the profile: $(cap cli | grep EXIT=)"
fi
expect cli "the profile's table is printed on leaving" "^ *seq-(read|write) +[0-9]" 100

finish
