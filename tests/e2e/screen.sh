#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen.sh - the full screen, driven in tmux as a person would: the device
# list with verdicts, Enter Enter starts a job with live figures and a row
# per CPU, s stops it, a write to a has-data device needs its typed name,
# read-only is refused, resizes redraw, q/SIGTERM/SIGHUP leave the terminal
# as it was and print the summary. Reads what capture-pane shows.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
command -v mkswap >/dev/null 2>&1 || skip "mkswap is missing (util-linux)"

writes_of() { awk '{ print $5 }' "/sys/block/$1/stat"; }

# ---- Devices: a safe one, one with a swap signature, a read-only one ----
safe=$(attach "$(sparse_file safe.img 1G)") || die "cannot attach a loop device"
data_img=$(sparse_file data.img 64M)
chmod 600 "$data_img"
mkswap "$data_img" >/dev/null || fail "mkswap"
data=$(attach "$data_img")
ro=$(attach "$(sparse_file ro.img 64M)" -r)
SAFE=$(basename "$safe")
DATA=$(basename "$data")
RO=$(basename "$ro")

# ---- The screen in a shell, so what is left after q can be checked ----
new_session main -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t main "stty -a > $WORK/stty.before; echo MARK-BEFORE; \"$BLKTOP\"; echo EXIT=\$?; stty -a > $WORK/stty.after" Enter

expect main "the screen opens with its panes" "Devices.*Workload" 3000
wait_for main "^[ >](loop|vd|sd|nvme)" 8000 || fail "no device listed within 8 s"
# Other loop devices may be there too: scroll to each of ours.
expect_row() {
	if select_dev main "$1"; then
		expect main "$1 is listed as $2" "^>$1 +.* $3" 100
	else
		fail "$1 is not in the device list"
		cap main | sed 's/^/    | /' >&2
	fi
}
expect_row "$SAFE" safe "safe( |$)"
expect_row "$DATA" has-data "has-data: swap"
expect_row "$RO" read-only "read-only"
for p in Live CPU IRQ; do
	expect main "the $p pane is there" "$p" 100
done

# ---- Enter, Enter: a job, live figures within 3 s, a row per CPU ----
select_dev main "$SAFE" || fail "cannot select $SAFE"
tm send-keys -t main Enter
expect main "Enter opens the workload form" "Workload form" 2000
expect main "the form offers every option of the table" "cpus_allowed_policy" 100
tm send-keys -t main Enter
expect main "the live pane shows non-zero IOPS within 3 s" "read +IOPS (0\.[0-9]*[1-9]|[1-9])" 3000
expect main "the live pane shows clat percentiles" "clat\(int\) us .*p50 (0\.[0-9]*[1-9]|[1-9])" 1000
expect main "the device's iostat figures" "$SAFE +r/s [1-9]" 1000
ncpu=$(getconf _NPROCESSORS_ONLN)
[ "$ncpu" -gt 8 ] && ncpu=8
c=0
while [ $c -lt "$ncpu" ]; do
	expect main "the CPU pane has a row for CPU $c" "^ $c\*? +[0-9]+\.[0-9]{2} " 1000
	c=$((c + 1))
done
expect main "the CPU pane has the all row" "^ all +[0-9]+\.[0-9]{2} " 100
expect main "the IRQ pane says a loop device has no interrupts" "$SAFE has no interrupts of its own" 100
tm send-keys -t main t
expect main "t shows the run's percentiles" "clat\(run\) us" 2000
tm send-keys -t main s
expect main "s stops the job" "DONE" 5000
expect main "the final summary stays" "final summary" 1000

# ---- A write to has-data needs the typed name ----
w0=$(writes_of "$DATA")
select_dev main "$DATA" || fail "cannot select $DATA"
tm send-keys -t main Enter
wait_for main "Workload form" 2000 || fail "no form for $DATA"
tm send-keys -t main C-u randwrite Enter
expect main "a write to has-data asks for the device's name" "Type $DATA" 2000
tm send-keys -t main Enter
expect main "without the typed name the write is refused" "Not started: the name typed does not match $DATA" 2000
sleep 1.5
w1=$(writes_of "$DATA")
if [ "$w0" = "$w1" ]; then
	pass "nothing was written to $DATA ($w0 writes before and after)"
else
	fail "$DATA was WRITTEN without the typed name ($w0 -> $w1 writes)"
fi
# Typing the name does start it (the data is this test's own).
tm send-keys -t main Enter
wait_for main "Type $DATA" 2000 || fail "no name prompt the second time"
tm send-keys -t main "$DATA" Enter
expect main "with the typed name the write starts" "write +IOPS" 4000
tm send-keys -t main s
expect main "s stops the write" "DONE" 5000

# ---- read-only is refused with its reasons ----
select_dev main "$RO" || fail "cannot select $RO"
tm send-keys -t main Enter
wait_for main "Workload form" 2000 || fail "no form for $RO"
tm send-keys -t main C-u write Enter
expect main "a write to read-only is refused with the reasons" "refused: $RO is read-only" 2000
tm send-keys -t main Escape
expect main "Esc with changes asks first" "Esc again drops your changes" 2000
tm send-keys -t main Escape
expect main "Esc again leaves the form" "Devices.*Workload" 2000

# ---- Help ----
tm send-keys -t main F1
expect main "F1 opens the help" "this help" 2000
tm send-keys -t main Escape
expect main "Esc leaves the help" "Devices.*Workload" 2000

# ---- Resizes ----
# Each part waited for (a resize is redrawn when the screen gets to it;
# a single look after a fixed second missed it under load).
check_full() {
	for p in Devices Workload Live CPU IRQ "q Quit"; do
		wait_for main "$p" 5000 || {
			fail "$1: '$p' missing"
			cap main | sed 's/^/    | /' >&2
			return
		}
	done
	if cap main | grep -q "needs at least"; then
		fail "$1: still says the terminal is too small"
		return
	fi
	pass "$1: every pane and the key bar are there"
}
tm resize-window -t main -x 80 -y 24
sleep 1
check_full "at 80x24"
tm resize-window -t main -x 40 -y 12
expect main "at 40x12 it says plainly that it is too small" "needs at least 80x24" 2000
tm resize-window -t main -x 120 -y 40
sleep 1
check_full "back at 120x40"

# ---- q leaves the terminal as it was, with the summary printed ----
tm send-keys -t main q
expect main "q quits" "EXIT=[0-9]" 5000
if tm capture-pane -p -t main -S -400 | grep -q "MARK-BEFORE"; then
	pass "the normal screen is back (the earlier output is still there)"
else
	fail "the shell's earlier output is gone"
fi
if tm capture-pane -p -t main -S -400 | grep -Eq "(IOPS=|Run status group)"; then
	pass "the run's summary is printed on the normal screen"
else
	fail "no summary after q"
fi
sleep 0.5
if cmp -s "$WORK/stty.before" "$WORK/stty.after"; then
	pass "terminal modes are as before (stty -a)"
else
	fail "terminal modes changed:"
	diff "$WORK/stty.before" "$WORK/stty.after" >&2
fi

# ---- SIGTERM and SIGHUP stop the job, and the summary still comes ----
for sig in TERM HUP; do
	new_session "s$sig" -x 100 -y 30 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
	tm send-keys -t "s$sig" "sh -c 'echo \$\$ > $WORK/pid.$sig; exec \"$BLKTOP\" --run randread $safe --runtime=60 --time_based=1' > $WORK/out.$sig; echo EXIT=\$? >> $WORK/out.$sig" Enter
	wait_for "s$sig" "RUNNING" 5000 || fail "SIG$sig: the job did not start"
	sleep 1
	pid=$(cat "$WORK/pid.$sig")
	kill -"$sig" "$pid"
	i=0
	while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$pid" 2>/dev/null; then
		fail "SIG$sig: blktop still runs 5 s later"
		kill -9 "$pid"
	else
		pass "SIG$sig ends blktop"
	fi
	sleep 0.5
	if grep -q "IOPS=" "$WORK/out.$sig"; then
		pass "SIG$sig: the summary is printed"
	else
		fail "SIG$sig: no summary: $(tail -n 3 "$WORK/out.$sig")"
	fi
	case $sig in TERM) want=143 ;; HUP) want=129 ;; esac
	if grep -q "^EXIT=$want\$" "$WORK/out.$sig"; then
		pass "SIG$sig: exit status $want, as --batch"
	else
		fail "SIG$sig: expected exit status $want: $(grep EXIT "$WORK/out.$sig")"
	fi
	tm kill-session -t "s$sig" 2>/dev/null
done

# ---- ASCII lines and no colour: LANG=C, NO_COLOR ----
new_session plain -x 100 -y 30 "env LANG=C LC_ALL=C NO_COLOR=1 \"$BLKTOP\"; sleep 5"
wait_for plain "Devices" 3000 || fail "plain: the screen did not open"
sleep 0.5
if tm capture-pane -e -p -t plain | grep -q "$(printf '\342\224\200')"; then
	fail "LANG=C: UTF-8 line characters on the screen"
else
	pass "LANG=C: ASCII lines only"
fi
if tm capture-pane -e -p -t plain | grep -Eq "$(printf '\033')\[([0-9;]*;)?(3[0-7]|4[0-7]|38;|48;)"; then
	fail "NO_COLOR: colours on the screen"
else
	pass "NO_COLOR: bold and reverse only"
fi
tm send-keys -t plain q

finish
