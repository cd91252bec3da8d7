#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_fleet.sh - the fleet's screen (issue 16, item 3): `blktop
# --hosts=...` without --batch under tmux, against real OpenSSH servers on
# this machine only (sshd_lib.sh: each host in its own network namespace,
# or on its own 127.0.0.N), each with its own scratch loop device and a
# far-side blktop. Two hosts: a row each with live figures, the totals
# row's IOPS the sum of the rows' (both read from one frame), and q while
# they run leaves no far-side blktop. Four hosts: the same sum, sorting
# changes the order, Enter shows a host's CPU pane (from its jsonl's
# per-CPU rows), a host killed mid-run shows dropped while the others keep
# running, s stops all, q leaves no far-side blktop in any namespace; a
# host whose verdict refuses the write shows refused and keeps the other
# from starting.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
. "${top_srcdir:-.}/tests/e2e/fleet_screen_lib.sh"
require_sshd

# BLKTOP may be the valgrind wrapper: the hosts run the real binary.
remote=${BLKTOP_REAL:-$BLKTOP}
case $remote in /*) ;; *) remote=$(pwd)/$remote ;; esac
T=20000

devs=""
for n in 2 3 4 5; do
	d=$(attach "$(sparse_file "disk$n.img" 64M)") || die "cannot attach a loop device"
	devs="$devs $d"
done
start_hosts 2 3 4 5
set -- $devs
dev2=$1 dev3=$2 dev4=$3 dev5=$4
h2=$(host_name 2) h3=$(host_name 3) h4=$(host_name 4) h5=$(host_name 5)

# The far sides of this test: the remote blktop naming one of our devices.
ours="^$remote --batch --output-format=jsonl .*($dev2|$dev3|$dev4|$dev5)( |\$)"
# far_left: a far-side blktop of ours in some host's namespace (or, on
# loopback hosts, anywhere), by pgrep.
far_left() {
	if [ "$HOSTS_NETNS" = yes ]; then
		for n in 2 3 4 5; do
			for p in $(pgrep -f "$ours"); do
				pid_in_host "$p" "$n" && return 0
			done
		done
		return 1
	fi
	pgrep -f "$ours" >/dev/null
}
none_left() {
	i=0
	while far_left; do
		i=$((i + 1))
		[ $i -lt 200 ] || { fail "$1: a far-side blktop is still running: $(pgrep -af "$ours")"; return; }
		sleep 0.1
	done
	pass "$1: no far-side blktop left on any host"
}

fleet_cmd() {
	printf '"%s" --ssh="%s" --remote-blktop="%s" --hosts=%s --run randread --runtime=600 --time_based --bs=4k --iodepth=4 >%s 2>%s; echo EXIT=$?' \
		"$BLKTOP" "$SSH_CMD" "$remote" "$1" "$WORK/$2.out" "$WORK/$2.err"
}

# Two hosts; q while they run.
new_session two -x 160 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t two "$(fleet_cmd "$h2=$dev2,$h3=$dev3" two)" Enter
expect two "two hosts: a row each, running" "$(rx "$h2").* running .*[0-9]" $T
expect two "two hosts: the second runs too" "$(rx "$h3").* running .*[0-9]" $T
expect two "two hosts: the far side's version is shown" "$(rx "$h2") +blktop [0-9]" $T
sum_check two 2 "two hosts"
tm send-keys -t two q
expect two "two hosts: q leaves the screen" "EXIT=[0-9]+" $((T * 2))
# Both stopped by us, each with its report: no fault of theirs.
cap two | grep -q "EXIT=0" && pass "two hosts: exit 0 after q" ||
	fail "two hosts: $(cap two | grep EXIT=): $(cat "$WORK/two.err")"
none_left "two hosts, q"
grep -q "stopped" "$WORK/two.out" && pass "two hosts: the report says they were stopped" ||
	fail "two hosts: no stopped host in the report: $(cat "$WORK/two.out" "$WORK/two.err")"

# Four hosts.
new_session four -x 160 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t four "$(fleet_cmd "$h2=$dev2,$h3=$dev3,$h4=$dev4,$h5=$dev5" four)" Enter
for h in $h2 $h3 $h4 $h5; do
	expect four "four hosts: $h runs with figures" "$(rx "$h").* running .*[0-9]" $T
done
sum_check four 4 "four hosts"

# Sorting: by host name at first (h2 first); I inverts (h5 first).
first_row() { cap four | awk '/R-IOPS/ { getline; print $1; exit }'; }
[ "$(first_row)" = "$h2" ] && pass "sorting: by host at first" ||
	fail "sorting: first row $(first_row), not $h2"
tm send-keys -t four I
i=0
until [ "$(first_row)" = "$h5" ]; do
	i=$((i + 1))
	[ $i -lt $((50 * WAIT_SCALE)) ] || break
	sleep 0.1
done
[ "$(first_row)" = "$h5" ] && pass "sorting: I inverts the order ($h5 first)" ||
	fail "sorting: after I the first row is $(first_row), not $h5"
tm send-keys -t four F6
expect four "sorting: F6 sorts by the next column, marked" "DRIVERv" $T
tm send-keys -t four I

# Enter: the selected host's CPU pane, its rows from the far side's jsonl.
tm send-keys -t four Enter
expect four "Enter: the host's CPU pane" "CPU .*from the host's jsonl" $T
expect four "Enter: the far side's per-CPU rows" "^ *0 +[0-9]+\.[0-9] +[0-9]+\.[0-9]" $T
expect four "Enter: the all row" "^ *all +[0-9]+\.[0-9]" $T
# A loop device has no queue interrupts of its own: the IRQ pane says so.
expect four "Enter: the IRQ pane" "IRQ .*queue interrupts" $T
expect four "Enter: the IRQ pane says a loop device has none" "no queue interrupts" $T
tm send-keys -t four Escape
expect four "Esc: back to the hosts" "TOTAL" $T

# A host killed mid-run: dropped, the others keep running.
for far in $(pgrep -f "^$remote --batch --output-format=jsonl .*$dev3( |\$)"); do
	pid_not_elsewhere "$far" 3 || fail "killed host: its far side $far is not in $(host_ns 3)'s network"
done
pkill -KILL -f "^$remote --batch --output-format=jsonl .*$dev3( |\$)"
expect four "killed host: shown dropped" "$(rx "$h3").* dropped" $((T * 2))
cap four >"$WORK/after_drop"
n=$(grep -Ec " running .*[0-9]" "$WORK/after_drop")
[ "$n" = 3 ] && pass "killed host: the three others still run" ||
	{ fail "killed host: $n hosts running:"; sed 's/^/    | /' "$WORK/after_drop" >&2; }
sum_check four 3 "after the drop"

# s stops all; the screen stays until q.
tm send-keys -t four s
expect four "s: every host has ended" "every host has ended" $((T * 2))
expect four "s: the hosts show stopped" "$(rx "$h2").* stopped" $T
cap four | grep -q " running " && fail "s: a host still shows running" || pass "s: no host runs"
none_left "four hosts, s"
tm send-keys -t four q
expect four "four hosts: q leaves" "EXIT=[0-9]+" $T
# A host dropped: 1, as --batch says it.
cap four | grep -q "EXIT=1" && pass "four hosts: exit 1 (a host dropped)" ||
	fail "four hosts: $(cap four | grep EXIT=): $(cat "$WORK/four.err")"
for e in two four; do
	grep -q "Sanitizer\|runtime error" "$WORK/$e.err" &&
		fail "$e hosts: the sanitizers said: $(cat "$WORK/$e.err")"
done
grep -q "dropped" "$WORK/four.out" && pass "four hosts: the report names the dropped host" ||
	fail "four hosts: report $(cat "$WORK/four.out" "$WORK/four.err")"
none_left "four hosts, q"

# A host whose verdict refuses the write: it shows refused with its
# verdict, the other is kept back, and nothing starts.
mkfs.ext4 -q -F "$dev5" >/dev/null 2>&1 || die "mkfs.ext4 failed"
new_session refuse -x 160 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t refuse "$(fleet_cmd "$h2=$dev2,$h5=$dev5" refuse | sed 's/--run randread --runtime=600 --time_based/--run randwrite --size=4m/')" Enter
expect refuse "refusing host: shown refused, has-data" "$(rx "$h5").* refused +has-data" $T
expect refuse "refusing host: the other is not started" "$(rx "$h2").* not-started" $T
expect refuse "refusing host: every host has ended" "every host has ended" $T
tm send-keys -t refuse q
expect refuse "refusing host: q leaves with exit 3" "EXIT=3" $T
finish
