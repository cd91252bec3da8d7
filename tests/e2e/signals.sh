#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# signals.sh - however blktop is ended, it cleans up fast: leaving
# blktop, however it ends, stops the I/O, restores the terminal and every
# sysfs value it changed. SIGINT, SIGTERM and SIGHUP
# during a --batch job, a --batch --suite, a screen job, a screen profile
# (rq_affinity), a screen job on --scratch, and the idle screen: exit
# 128+N, gone within SIG_LIMIT_MS (1000) of the signal, no I/O in flight,
# the terminal as before and off the alternate screen. The SSH session
# dropping (the tmux session killed: the tty vanishes and SIGHUP comes),
# the reader of a pipe leaving (`| head -n1`, `| true`: blktop stops the
# run and exits 141, as a program ended by SIGPIPE), nohup (SIGHUP stays
# ignored), and a second Ctrl-C 50 ms after the first. Every signal-to-exit time is printed at the end.
# What other tests check already is not checked again here: the summary
# after SIGTERM/SIGHUP (screen.sh), rq_affinity and the table after a
# signal to --batch --profile (procedures.sh), --batch --scratch ended
# by each signal (scratch.sh).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
# The checks read blktop's English messages.
LC_ALL=C
export LC_ALL
unset LANGUAGE

dev=$(attach "$(sparse_file sig.img 512M)") || die "cannot attach a loop device"
DEV=$(basename "$dev")
rqa=/sys/block/$DEV/queue/rq_affinity
[ -w "$rqa" ] || skip "$rqa is not writable here"
# Start from 1 whatever the kernel chose: the latency profile sets 2.
echo 1 >"$rqa"

LIMIT_MS=${SIG_LIMIT_MS:-1000}

TIMES=

signum() {
	case $1 in INT) echo 2 ;; TERM) echo 15 ;; HUP) echo 1 ;; PIPE) echo 13 ;; esac
}

# alive PID: running, and not a zombie waiting to be reaped (init reaps
# orphans when it gets to it; a zombie holds no descriptor, no thread).
alive() {
	s=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
	[ -n "$s" ] && [ "$s" != Z ] && [ "$s" != X ]
}

# gone_within PID T0 WHAT: waits (10 s at most) for PID to end, records
# the time since T0 (ms) and fails past LIMIT_MS.
gone_within() {
	while alive "$1" && [ $(($(now_ms) - $2)) -lt 10000 ]; do
		sleep 0.01
	done
	ms=$(($(now_ms) - $2))
	if alive "$1"; then
		fail "$3: still running 10 s after the signal"
		kill -KILL "$1" 2>/dev/null
		return 1
	fi
	TIMES="$TIMES
  $3: ${ms} ms"
	if [ "$ms" -le "$LIMIT_MS" ]; then
		pass "$3: gone ${ms} ms after the signal"
	elif busy; then
		# Other work on a shared machine delays the exit, not blktop: the
		# 10 s bound above still catches a hang.
		note "NOT JUDGED: $3: gone ${ms} ms after the signal, at load $(cut -d' ' -f1 /proc/loadavg)"
	else
		fail "$3: gone only ${ms} ms after the signal (limit $LIMIT_MS)"
	fi
}

# wait_threads PID N: until PID runs N threads (a job thread has started).
wait_threads() {
	i=0
	while [ "$(ls "/proc/$1/task" 2>/dev/null | wc -l)" -lt "$2" ] && [ $i -lt 100 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	[ $i -lt 100 ]
}

# no_inflight WHAT: the device has no I/O in flight (read, write).
no_inflight() {
	i=0
	while :; do
		f=$(tr -s ' \t' '  ' <"/sys/block/$DEV/inflight" | sed 's/^ //; s/ $//')
		[ "$f" = "0 0" ] && break
		[ $i -ge 10 ] && break
		sleep 0.05
		i=$((i + 1))
	done
	[ "$f" = "0 0" ] && pass "$1: no I/O in flight on $DEV" ||
		fail "$1: $DEV has I/O in flight: $f"
}

expect_rqa() {
	got=$(cat "$rqa")
	[ "$got" = "$1" ] && pass "$2: rq_affinity is $1" || fail "$2: rq_affinity is $got, expected $1"
}

# expect_file FILE REGEX WHAT
expect_file() {
	if grep -Eq -- "$2" "$1" 2>/dev/null; then
		pass "$3"
	else
		fail "$3: /$2/ not in $(basename "$1"): $(tail -n 3 "$1" 2>/dev/null)"
	fi
}

# ---- screen helpers ---------------------------------------------------
# screen_start NAME ARGS...: a shell in tmux runs blktop with ARGS, saves
# stty -a before and after, the pid and the exit status.
screen_start() {
	s=$1
	shift
	rm -f "$WORK/$s".*
	new_session "$s" -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
	tm send-keys -t "$s" "stty -a > $WORK/$s.before; sh -c 'echo \$\$ > $WORK/$s.pid; exec \"$BLKTOP\" $*' > $WORK/$s.out 2> $WORK/$s.err; echo \$? > $WORK/$s.rc; stty -a > $WORK/$s.after; echo DONE-\$((6*7))-$s" Enter
	i=0
	while [ ! -s "$WORK/$s.pid" ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	cat "$WORK/$s.pid" 2>/dev/null
}

# screen_ended NAME WANT_RC WHAT: the exit status, the terminal modes as
# before, the alternate screen left; the session is closed afterwards.
screen_ended() {
	wait_for "$1" "DONE-42-$1" 8000 || fail "$3: the shell did not get back"
	rc=$(cat "$WORK/$1.rc" 2>/dev/null)
	[ "$rc" = "$2" ] && pass "$3: exit status $2" || fail "$3: exit status '$rc', expected $2"
	if cmp -s "$WORK/$1.before" "$WORK/$1.after"; then
		pass "$3: terminal modes as before (stty -a)"
	else
		fail "$3: terminal modes changed: $(diff "$WORK/$1.before" "$WORK/$1.after" | tr '\n' ' ')"
	fi
	alt=$(tm display-message -p -t "$1" '#{alternate_on}')
	[ "$alt" = 0 ] && pass "$3: the alternate screen is left" ||
		fail "$3: still on the alternate screen ($alt)"
	tm kill-session -t "$1" 2>/dev/null
}

# profile_start NAME: the screen, idle, then p, latency, a long step.
profile_start() {
	pid=$(screen_start "$1")
	wait_for "$1" "Devices.*Workload" 3000 || fail "$1: the screen did not open"
	select_dev "$1" "$DEV" || fail "$1: cannot select $DEV"
	# A device still being probed has no verdict yet: the procedure menu
	# would say "try again in a moment" and not start.
	wait_for "$1" "^>$DEV +.* (safe|has-data)( |\$)" 8000 ||
		fail "$1: $DEV has no verdict on the screen: $(cap "$1" | grep -E "^>")"
	tm send-keys -t "$1" p
	wait_for "$1" "Procedures" 2000 || fail "$1: p did not open the menu"
	tm send-keys -t "$1" g
	n=0
	while [ $n -lt 30 ]; do tm send-keys -t "$1" +; n=$((n + 1)); done
	wait_for "$1" "^ >latency " 1000 || fail "$1: latency is not selected"
	tm send-keys -t "$1" Enter
	if ! wait_for "$1" "RUNNING" 5000; then
		fail "$1: the latency profile did not start; the screen shows:"
		cap "$1" | sed 's/^/    | /' >&2
	fi
	i=0
	while [ "$(cat "$rqa")" != 2 ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	expect_rqa 2 "$1: while the profile runs"
	sleep 0.3
}

for sig in INT TERM HUP; do
	n=$(signum $sig)
	want=$((128 + n))

	# ---- a --batch job ----
	"$BLKTOP" --batch --run randread "$dev" --iodepth=16 --runtime=30 --time_based \
		>"$WORK/b.out" 2>"$WORK/b.err" &
	pid=$!
	wait_threads "$pid" 2 || fail "batch SIG$sig: no job thread started"
	sleep 0.3
	t0=$(now_ms)
	kill -"$sig" "$pid"
	gone_within "$pid" "$t0" "batch job SIG$sig"
	wait "$pid"
	rc=$?
	[ "$rc" = "$want" ] && pass "batch job SIG$sig: exit $want" ||
		fail "batch job SIG$sig: exit $rc, expected $want"
	expect_file "$WORK/b.err" "stopped by signal $n " "batch job SIG$sig: says it was stopped"
	expect_file "$WORK/b.out" "IOPS=" "batch job SIG$sig: the report covers what ran"
	no_inflight "batch job SIG$sig"

	# ---- a --batch --suite ----
	"$BLKTOP" --batch --suite "$dev" --runtime=20 >"$WORK/s.out" 2>"$WORK/s.err" &
	pid=$!
	wait_threads "$pid" 2 || fail "suite SIG$sig: no job thread started"
	sleep 0.5
	t0=$(now_ms)
	kill -"$sig" "$pid"
	gone_within "$pid" "$t0" "batch suite SIG$sig"
	wait "$pid"
	rc=$?
	[ "$rc" = "$want" ] && pass "batch suite SIG$sig: exit $want" ||
		fail "batch suite SIG$sig: exit $rc, expected $want"
	expect_file "$WORK/s.err" "stopped by signal $n .*the table covers" "batch suite SIG$sig: says it was stopped"
	expect_file "$WORK/s.out" "stopped" "batch suite SIG$sig: the table shows the stopped row"
	no_inflight "batch suite SIG$sig"

	# ---- a screen job ----
	pid=$(screen_start job$sig --run randread "$dev" --iodepth=16 --runtime=60 --time_based=1)
	wait_for job$sig "RUNNING" 5000 || fail "screen job SIG$sig: the job did not start"
	sleep 0.5
	t0=$(now_ms)
	kill -"$sig" "$pid"
	gone_within "$pid" "$t0" "screen job SIG$sig"
	screen_ended job$sig "$want" "screen job SIG$sig"
	expect_file "$WORK/job$sig.err" "stopped by signal $n " "screen job SIG$sig: says it was stopped"
	no_inflight "screen job SIG$sig"

	# ---- a profile in the screen: rq_affinity comes back ----
	profile_start prof$sig
	pid=$(cat "$WORK/prof$sig.pid")
	t0=$(now_ms)
	kill -"$sig" "$pid"
	gone_within "$pid" "$t0" "screen profile SIG$sig"
	screen_ended prof$sig "$want" "screen profile SIG$sig"
	expect_rqa 1 "screen profile SIG$sig"
	expect_file "$WORK/prof$sig.err" "restored /sys/block/$DEV/queue/rq_affinity to 1" \
		"screen profile SIG$sig: says it restored rq_affinity"
	no_inflight "screen profile SIG$sig"

	# ---- a screen job on --scratch ----
	pid=$(screen_start scr$sig --scratch=64m --run randwrite --runtime=60 --time_based=1)
	wait_for scr$sig "RUNNING" 5000 || fail "screen --scratch SIG$sig: the job did not start"
	[ -n "$(scratch_of "$pid")" ] || fail "screen --scratch SIG$sig: no scratch device seen"
	sleep 0.3
	t0=$(now_ms)
	kill -"$sig" "$pid"
	gone_within "$pid" "$t0" "screen --scratch SIG$sig"
	screen_ended scr$sig "$want" "screen --scratch SIG$sig"
	scratch_gone "$pid" "screen --scratch SIG$sig"

	# ---- the idle screen ----
	pid=$(screen_start idle$sig)
	wait_for idle$sig "Devices.*Workload" 3000 || fail "idle SIG$sig: the screen did not open"
	sleep 0.3
	t0=$(now_ms)
	kill -"$sig" "$pid"
	gone_within "$pid" "$t0" "idle screen SIG$sig"
	screen_ended idle$sig "$want" "idle screen SIG$sig"
done

# ---- The SSH session drops: the terminal vanishes under a running job ----
profile_start dropprof
pid=$(cat "$WORK/dropprof.pid")
t0=$(now_ms)
tm kill-session -t dropprof
gone_within "$pid" "$t0" "SSH drop during a screen profile"
expect_rqa 1 "SSH drop during a screen profile"
no_inflight "SSH drop during a screen profile"

pid=$(screen_start dropscr --scratch=64m --run randwrite --runtime=60 --time_based=1)
wait_for dropscr "RUNNING" 5000 || fail "SSH drop, --scratch: the job did not start"
sleep 0.3
t0=$(now_ms)
tm kill-session -t dropscr
gone_within "$pid" "$t0" "SSH drop during a screen job on --scratch"
scratch_gone "$pid" "SSH drop during a screen job on --scratch"

# ---- The reader of the output leaves: the run stops, exit 141 ----
# piped NAME CMD...: CMD | head -n1; sets rc (blktop's), ms (all of it)
# and pid (blktop's).
piped() {
	p=$1
	shift
	t0=$(now_ms)
	{
		# shellcheck disable=SC2016
		sh -c 'echo $$ >"$0"; exec "$@"' "$WORK/$p.pid" "$BLKTOP" "$@" 2>"$WORK/$p.err"
		echo $? >"$WORK/$p.rc"
	} | head -n 1 >"$WORK/$p.head"
	ms=$(($(now_ms) - t0))
	rc=$(cat "$WORK/$p.rc")
	pid=$(cat "$WORK/$p.pid")
}
# pipe_checks NAME WHAT MAX_MS: ended early, 141, one line about it.
pipe_checks() {
	TIMES="$TIMES
  $2: ${ms} ms from start"
	if [ "$ms" -le "$3" ]; then
		pass "$2: over in $ms ms"
	elif busy; then
		# As for signals above: a loaded machine delays the end, not blktop;
		# a run that went on for its whole 30 s still fails below.
		note "NOT JUDGED: $2: over in $ms ms (limit $3), at load $(cut -d' ' -f1 /proc/loadavg)"
		[ "$ms" -lt 20000 ] || fail "$2: took $ms ms: it ran on after the reader left"
	else
		fail "$2: took $ms ms (runtime 30 s, limit $3)"
	fi
	[ "$rc" = 141 ] && pass "$2: exit 141" || fail "$2: exit $rc, expected 141"
	c=$(grep -ci 'broken pipe' "$WORK/$1.err")
	[ "$c" = 1 ] && pass "$2: one line says why" ||
		fail "$2: $c lines about the broken pipe: $(cat "$WORK/$1.err")"
	if grep -Eiq 'segmentation|abort|core dump|sanitizer|error' "$WORK/$1.err"; then
		fail "$2: noise on stderr: $(cat "$WORK/$1.err")"
	fi
}
piped p1 --batch --run randread "$dev" --runtime=30 --time_based --status-interval=1
pipe_checks p1 "--batch --status-interval | head -n1" 4000
no_inflight "--batch | head -n1"

# A reader that leaves before the first line: nothing is ever written.
t0=$(now_ms)
{
	"$BLKTOP" --batch --run randread "$dev" --runtime=30 --time_based 2>"$WORK/p2.err"
	echo $? >"$WORK/p2.rc"
} | true
ms=$(($(now_ms) - t0))
rc=$(cat "$WORK/p2.rc")
pipe_checks p2 "--batch | true" 3000

piped p3 --batch --suite "$dev" --runtime=30
pipe_checks p3 "--batch --suite | head -n1" 3000
no_inflight "--batch --suite | head -n1"

piped p4 --batch --profile latency "$dev" --runtime=30
pipe_checks p4 "--batch --profile latency | head -n1" 3000
expect_rqa 1 "--batch --profile latency | head -n1"

piped p5 --batch --scratch=64m --run randwrite --runtime=30 --time_based --status-interval=1
pipe_checks p5 "--batch --scratch | head -n1" 4000
scratch_gone "$pid" "--batch --scratch | head -n1"

# --list ends by itself; SIGPIPE may end it, nothing else may.
t0=$(now_ms)
{
	"$BLKTOP" --list 2>"$WORK/l.err"
	echo $? >"$WORK/l.rc"
} | head -n 1 >"$WORK/l.head"
rc=$(cat "$WORK/l.rc")
case $rc in
0 | 141) pass "--list | head -n1: exit $rc" ;;
*) fail "--list | head -n1: exit $rc: $(cat "$WORK/l.err")" ;;
esac
[ -s "$WORK/l.err" ] && fail "--list | head -n1: stderr: $(cat "$WORK/l.err")"
grep -q NAME "$WORK/l.head" && pass "--list | head -n1: the heading" ||
	fail "--list | head -n1: got $(cat "$WORK/l.head")"

# ---- nohup: an ignored SIGHUP stays ignored, the run goes on ----
nohup "$BLKTOP" --batch --run randread "$dev" --runtime=2 --time_based \
	>"$WORK/nh.out" 2>"$WORK/nh.err" &
pid=$!
wait_threads "$pid" 2 || fail "nohup: no job thread started"
kill -HUP "$pid"
sleep 0.5
if alive "$pid"; then
	pass "nohup: SIGHUP does not stop a --batch run"
else
	fail "nohup: SIGHUP stopped the run: $(cat "$WORK/nh.err")"
fi
wait "$pid"
rc=$?
[ "$rc" = 0 ] && pass "nohup: the run ends normally" || fail "nohup: exit $rc: $(cat "$WORK/nh.err")"

# ---- A second Ctrl-C 50 ms after the first ----
"$BLKTOP" --batch --run randwrite "$dev" --iodepth=16 --runtime=30 --time_based \
	>"$WORK/d.out" 2>"$WORK/d.err" &
pid=$!
wait_threads "$pid" 2 || fail "double Ctrl-C, batch: no job thread started"
sleep 0.3
t0=$(now_ms)
kill -INT "$pid"
sleep 0.05
kill -INT "$pid" 2>/dev/null
gone_within "$pid" "$t0" "batch job, Ctrl-C twice"
wait "$pid"
rc=$?
[ "$rc" = 130 ] && pass "batch job, Ctrl-C twice: exit 130" ||
	fail "batch job, Ctrl-C twice: exit $rc: $(cat "$WORK/d.err")"
expect_file "$WORK/d.out" "IOPS=" "batch job, Ctrl-C twice: the report is printed"
no_inflight "batch job, Ctrl-C twice"

# The profile's stop restores rq_affinity; the second one lands in it.
for gap in 0.05 0.1; do
	"$BLKTOP" --batch --profile latency "$dev" --runtime=30 >"$WORK/dp.out" 2>"$WORK/dp.err" &
	pid=$!
	i=0
	while [ "$(cat "$rqa")" != 2 ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep 0.3
	t0=$(now_ms)
	kill -INT "$pid"
	sleep "$gap"
	kill -INT "$pid" 2>/dev/null
	gone_within "$pid" "$t0" "batch profile, Ctrl-C twice ${gap}s apart"
	wait "$pid"
	rc=$?
	[ "$rc" = 130 ] && pass "batch profile, Ctrl-C twice: exit 130" ||
		fail "batch profile, Ctrl-C twice: exit $rc: $(cat "$WORK/dp.err")"
	expect_rqa 1 "batch profile, Ctrl-C twice ${gap}s apart"
	n=$(grep -c "restored /sys/block/$DEV/queue/rq_affinity to 1" "$WORK/dp.err")
	[ "$n" = 1 ] && pass "batch profile, Ctrl-C twice: restored once" ||
		fail "batch profile, Ctrl-C twice: restored $n times: $(cat "$WORK/dp.err")"
done

profile_start dprof
pid=$(cat "$WORK/dprof.pid")
t0=$(now_ms)
kill -INT "$pid"
sleep 0.05
kill -INT "$pid" 2>/dev/null
gone_within "$pid" "$t0" "screen profile, Ctrl-C twice"
screen_ended dprof 130 "screen profile, Ctrl-C twice"
expect_rqa 1 "screen profile, Ctrl-C twice"
no_inflight "screen profile, Ctrl-C twice"

note "signal to exit:$TIMES"
finish
