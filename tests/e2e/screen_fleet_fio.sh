#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_fleet_fio.sh - the fleet's screen with --driver=fio (issue 16):
# `blktop --hosts=... --driver=fio` without --batch under tmux, against
# real OpenSSH servers on this machine only (sshd_lib.sh: each host in
# its own network namespace) and a fio server the test starts in each
# (--fio-running: bound to 127.0.0.1 there, reached through ssh -W). Two
# hosts: a row each running with fio's version and live rates from its
# ETA, the totals row's IOPS the sum of the rows' (one frame), each row's
# p50/p99/p99.9 of the last interval from the servers' status (in order,
# the totals row's from the merged histograms within the rows' range), the
# live error count from the same status (0: no errors); q stops both (exit 0, reports "stopped") and leaves no
# fio job on either server. Then a server killed mid-run shows dropped
# while the other runs; s stops the other, whose row then shows its
# whole run's percentiles marked *, and no fio job is left.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
. "${top_srcdir:-.}/tests/e2e/fleet_screen_lib.sh"
require_sshd
command -v fio >/dev/null 2>&1 || skip "fio is missing: the screen with fio's servers is NOT tested (apt-get install fio)"
T=20000

devs=""
for n in 2 3; do
	d=$(attach "$(sparse_file "disk$n.img" 64M)") || die "cannot attach a loop device"
	devs="$devs $d"
done
start_hosts 2 3
set -- $devs
dev2=$1 dev3=$2
h2=$(host_name 2) h3=$(host_name 3)
FPORT=$((30000 + $$ % 20000))
on_cleanup "pkill -KILL -f '^fio --server=127.0.0.1,($FPORT|$((FPORT + 1)))\$'; true"

# The test's own fio servers: one in each host's namespace, all on FPORT
# (each namespace has its own loopback). Without namespaces every host's
# 127.0.0.1 is the same one: blktop then starts a server per host on
# FPORT, FPORT+1 itself, and the servers are found by those ports.
if [ "$HOSTS_NETNS" = yes ]; then
	running=--fio-running
	server_up() {
		host_exec "$1" fio --server=127.0.0.1,$FPORT >"$WORK/server_$1.log" 2>&1 &
		i=0
		until host_exec "$1" ss -ltnH "sport = :$FPORT" | grep -q LISTEN; do
			i=$((i + 1))
			[ $i -lt $((100 * WAIT_SCALE)) ] || die "host $1: fio's server does not listen: $(cat "$WORK/server_$1.log")"
			sleep 0.1
		done
	}
	# server_pid N: the test's server in host N's namespace.
	server_pid() {
		for p in $(pgrep -f "^fio --server=127.0.0.1,$FPORT\$"); do
			pid_in_host "$p" "$1" && { echo "$p"; return; }
		done
	}
	server_up 2
	server_up 3
	port3=$FPORT
else
	skip_part "the test's own servers (--fio-running): without namespaces the hosts share 127.0.0.1, so blktop starts a server per host"
	running=
	server_pid() { pgrep -f "^fio --server=127.0.0.1,$((FPORT + $1 - 2))\$" | head -n 1; }
	port3=$((FPORT + 1))
fi

# jobs_left N: the processes under host N's server: its connection and
# the job processes fio forked for it (none once the job ended).
jobs_left() {
	p=$(server_pid "$1")
	[ -n "$p" ] && pgrep -P "$p" >/dev/null
}
no_job_left() {
	for n in $2; do
		i=0
		while jobs_left "$n"; do
			i=$((i + 1))
			[ $i -lt $((200 * WAIT_SCALE)) ] || { fail "$1: a fio job is still running on host $n: $(pgrep -a -P "$(server_pid "$n")")"; return; }
			sleep 0.1
		done
	done
	pass "$1: no fio job left on host(s) $2"
}

fleet_cmd() {
	printf '"%s" --ssh="%s" --driver=fio --fio-port=%s %s --hosts=%s --run randread --runtime=600 --time_based --bs=4k --ioengine=libaio --direct=1 --iodepth=4 >%s 2>%s; echo EXIT=$?' \
		"$BLKTOP" "$SSH_CMD" "$FPORT" "$running" "$1" "$WORK/$2.out" "$WORK/$2.err"
}

# Two hosts; q while they run.
new_session two -x 160 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t two "$(fleet_cmd "$h2=$dev2,$h3=$dev3" two)" Enter
expect two "two hosts: a row each, running" "$(rx "$h2").* running .*[0-9]" $T
expect two "two hosts: the second runs too" "$(rx "$h3").* running .*[0-9]" $T
expect two "two hosts: fio's version and protocol shown" "$(rx "$h2") +fio [0-9]+\.[0-9]+, pro" $T
expect two "two hosts: the screen says what fio sends live" "ERR are the last interval's" $T
sum_check two 2 "two hosts"
# The last interval's percentiles while fio runs, from the servers'
# status every interval, and its error count (0 here). pct_frame
# FILE: "OK" and the figures when both rows and the totals row have
# numbers, each row's p50 <= p99 <= p99.9 and the totals' within the
# rows' range; else what is wrong.
pct_frame() {
	awk -v a="$h2" -v b="$h3" '
	function num(v) { return v ~ /^[0-9]+(\.[0-9]+)?$/ }
	($1 == a || $1 == b) && / running / || $1 == "TOTAL" {
		k = $1 == "TOTAL" ? "t" : $1 == a ? "a" : "b"
		p[k, 1] = $(NF - 3); p[k, 2] = $(NF - 2); p[k, 3] = $(NF - 1); e[k] = $NF
		seen[k] = 1
	}
	END {
		for (k in seen) for (i = 1; i <= 3; i++) if (!num(p[k, i])) { print "WAIT"; exit }
		if (!seen["a"] || !seen["b"] || !seen["t"]) { print "WAIT"; exit }
		# "-": no status round in the last two intervals (a loaded
		# machine delays one); the next frame has it.
		for (k in seen) if (e[k] == "-") { print "WAIT"; exit }
		bad = ""
		for (k in seen) {
			if (!(p[k, 1] + 0 <= p[k, 2] + 0 && p[k, 2] + 0 <= p[k, 3] + 0)) bad = bad " " k ":order"
			if (e[k] != "0") bad = bad " " k ":err=" e[k]
		}
		for (i = 1; i <= 3; i++) {
			lo = p["a", i] + 0 < p["b", i] + 0 ? p["a", i] : p["b", i]
			hi = p["a", i] + 0 < p["b", i] + 0 ? p["b", i] : p["a", i]
			if (p["t", i] + 0 < lo + 0 || p["t", i] + 0 > hi + 0) bad = bad " total" i ":out-of-range"
		}
		printf "%s %s,%s,%s %s,%s,%s %s,%s,%s%s\n", bad == "" ? "OK" : "BAD", p["a", 1], p["a", 2], p["a", 3],
			p["b", 1], p["b", 2], p["b", 3], p["t", 1], p["t", 2], p["t", 3], bad
	}' "$1"
}
i=0 nbad=0
while :; do
	cap two >"$WORK/frame"
	r=$(pct_frame "$WORK/frame")
	case $r in
	OK*) pass "two hosts: live p50<=p99<=p99.9 on each row, the totals' within the rows' (rows, total: ${r#OK })"; break ;;
	BAD*)
		# A capture mid-redraw may mix two frames: three in a row.
		nbad=$((nbad + 1))
		[ $nbad -lt 3 ] || { fail "two hosts: live percentiles wrong: $r"; sed 's/^/    | /' "$WORK/frame" >&2; break; } ;;
	esac
	i=$((i + 1))
	[ $i -lt $((100 * WAIT_SCALE)) ] || { fail "two hosts: no live percentiles on both rows and the totals row"; sed 's/^/    | /' "$WORK/frame" >&2; break; }
	sleep 0.2
done
for n in 2 3; do
	jobs_left "$n" || fail "two hosts: no fio job runs on host $n's server"
done
# Enter: a fio host's panes say fio's server sends no CPU or interrupt
# figures (not "yet": none ever come).
tm send-keys -t two Enter
expect two "Enter: a fio host's CPU pane says fio sends no CPU figures" "fio's server sends no CPU figures" $T
expect two "Enter: a fio host's IRQ pane says fio sends no interrupt figures" "fio's server sends no interrupt" $T
tm send-keys -t two Escape
expect two "Esc: back to the hosts" "TOTAL" $T
tm send-keys -t two q
expect two "two hosts: q leaves the screen" "EXIT=[0-9]+" $((T * 2))
cap two | grep -q "EXIT=0" && pass "two hosts: exit 0 after q" ||
	fail "two hosts: $(cap two | grep EXIT=): $(cat "$WORK/two.err")"
no_job_left "two hosts, q" "2 3"
[ "$(grep -c 'stopped' "$WORK/two.out")" -ge 2 ] && pass "two hosts: the report says both were stopped" ||
	fail "two hosts: report $(cat "$WORK/two.out" "$WORK/two.err")"

# A server killed mid-run: dropped, the other keeps running; s stops it.
new_session drop -x 160 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t drop "$(fleet_cmd "$h2=$dev2,$h3=$dev3" drop)" Enter
expect drop "drop: both run" "$(rx "$h3").* running .*[0-9]" $T
expect drop "drop: both run" "$(rx "$h2").* running .*[0-9]" $T
# The whole server: its connection's process and the job processes it
# forked hold the connection too (they share the server's command line).
s3=$(server_pid 3)
[ -n "$s3" ] || die "no fio server found for host 3"
for p in $(pgrep -f "^fio --server=127.0.0.1,$port3\$"); do
	pid_in_host "$p" 3 && kill -KILL "$p"
done
expect drop "drop: the killed host shows dropped" "$(rx "$h3").* dropped" $((T * 2))
expect drop "drop: the other still runs" "$(rx "$h2").* running .*[0-9]" $T
sum_check drop 1 "after the drop"
tm send-keys -t drop s
expect drop "s: every host has ended" "every host has ended" $((T * 2))
expect drop "s: the host shows stopped" "$(rx "$h2").* stopped" $T
expect drop "s: its whole run's percentiles, marked *" "$(rx "$h2").* stopped .* [0-9.]+\* +[0-9.]+\* +[0-9.]+\*" $T
expect drop "s: the screen says what * means" "the whole run's percentiles" $T
no_job_left "s" 2
tm send-keys -t drop q
expect drop "drop: q leaves" "EXIT=[0-9]+" $T
cap drop | grep -q "EXIT=1" && pass "drop: exit 1 (a host dropped)" ||
	fail "drop: $(cap drop | grep EXIT=): $(cat "$WORK/drop.err")"
grep -q "dropped" "$WORK/drop.out" && pass "drop: the report names the dropped host" ||
	fail "drop: report $(cat "$WORK/drop.out" "$WORK/drop.err")"
for e in two drop; do
	grep -q "Sanitizer\|runtime error" "$WORK/$e.err" &&
		fail "$e: the sanitizers said: $(cat "$WORK/$e.err")"
done
finish
