#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tsan.sh - the stop paths under ThreadSanitizer (issue 11): a signal
# handler, the stop key, the output watcher, the runner's monitor and the
# job threads all touch the run control while I/O goes. A --batch job
# stopped by SIGINT, a --batch --suite stopped by SIGINT (one control
# across the procedure's runs), a --batch run whose reader leaves
# (`| head -n1`), and a screen job (in tmux) stopped by the s key: each
# must end as it always has, and ThreadSanitizer must report nothing.
# Runs only in a build made with ./configure --enable-tsan (make check
# passes TSAN_BUILD); anywhere else it skips, loudly.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

[ "${TSAN_BUILD:-no}" = yes ] ||
	skip "not a ThreadSanitizer build: configure with --enable-tsan to run it"
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
LC_ALL=C
export LC_ALL
unset LANGUAGE

# Every report goes to a file of its own (tsan.PID), whatever the
# program does with its stderr (the screen holds it while it is up).
TSAN_OPTIONS="log_path=$WORK/tsan exitcode=66 halt_on_error=0"
export TSAN_OPTIONS

# A kernel whose address layout TSan cannot use (vm.mmap_rnd_bits above
# 28 on older compilers) kills every program at start: nothing here can
# be tested then, and that is the machine, not blktop.
if ! "$BLKTOP" --version >/dev/null 2>"$WORK/version.err"; then
	grep -q 'FATAL: ThreadSanitizer' "$WORK/version.err" "$WORK"/tsan.* 2>/dev/null &&
		skip "ThreadSanitizer cannot run on this kernel: $(cat "$WORK"/tsan.* "$WORK/version.err" 2>/dev/null | head -n 2)"
	fail "blktop --version failed: $(cat "$WORK/version.err")"
fi

dev=$(attach "$(sparse_file tsan.img 256M)") || skip "cannot attach a loop device"
DEV=$(basename "$dev")

# ios_of: reads and writes completed on the device so far.
ios_of() { awk '{ print $1 + $5 }' "/sys/block/$DEV/stat"; }

# wait_io PID: until the device has done I/O since the call (the job's
# threads are issuing it), 30 s at most (a TSan build runs slowly).
wait_io() {
	r0=$(ios_of)
	i=0
	while [ "$(ios_of)" = "$r0" ] && [ $i -lt 300 ] && kill -0 "$1" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	[ "$(ios_of)" != "$r0" ]
}

# wait_gone PID WHAT: the process ends within 30 s, or is killed and fails.
wait_gone() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$1" 2>/dev/null; then
		fail "$2: still running 30 s after the stop"
		kill -KILL "$1" 2>/dev/null
	fi
}

# expect_file FILE REGEX WHAT
expect_file() {
	if grep -Eq -- "$2" "$1" 2>/dev/null; then
		pass "$3"
	else
		fail "$3: /$2/ not in $(basename "$1"): $(tail -n 3 "$1" 2>/dev/null)"
	fi
}

# ---- a --batch job, SIGINT ----
"$BLKTOP" --batch --run randread "$dev" --iodepth=8 --numjobs=2 --runtime=60 --time_based \
	>"$WORK/b.out" 2>"$WORK/b.err" &
pid=$!
wait_io "$pid" || fail "batch job: no I/O seen"
sleep 1
kill -INT "$pid"
wait_gone "$pid" "batch job"
wait "$pid"
rc=$?
[ "$rc" = 130 ] && pass "batch job, SIGINT: exit 130" ||
	fail "batch job, SIGINT: exit $rc, expected 130: $(tail -n 3 "$WORK/b.err")"
expect_file "$WORK/b.out" "IOPS=" "batch job, SIGINT: the report covers what ran"

# ---- a --batch --suite, SIGINT: no later step starts ----
"$BLKTOP" --batch --suite "$dev" --runtime=30 >"$WORK/s.out" 2>"$WORK/s.err" &
pid=$!
wait_io "$pid" || fail "batch suite: no I/O seen"
sleep 1
kill -INT "$pid"
wait_gone "$pid" "batch suite"
wait "$pid"
rc=$?
[ "$rc" = 130 ] && pass "batch suite, SIGINT: exit 130" ||
	fail "batch suite, SIGINT: exit $rc, expected 130: $(tail -n 3 "$WORK/s.err")"
expect_file "$WORK/s.out" "stopped" "batch suite, SIGINT: the table shows the stopped step"

# ---- the output's reader leaves: the watcher's thread stops the run ----
{
	"$BLKTOP" --batch --run randread "$dev" --runtime=60 --time_based --status-interval=1 \
		2>"$WORK/p.err"
	echo $? >"$WORK/p.rc"
} | head -n 1 >/dev/null
rc=$(cat "$WORK/p.rc")
[ "$rc" = 141 ] && pass "--batch | head -n1: exit 141" ||
	fail "--batch | head -n1: exit $rc, expected 141: $(tail -n 3 "$WORK/p.err")"

# ---- a screen job, stopped by s ----
tm new-session -d -s main -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh" ||
	skip "tmux cannot start a session here"
tm send-keys -t main "env TSAN_OPTIONS='$TSAN_OPTIONS' \"$BLKTOP\" --run randread $dev --iodepth=8 --runtime=60 --time_based=1 > $WORK/scr.out 2> $WORK/scr.err; echo RC-\$? > $WORK/scr.rc; echo DONE-\$((6*7))" Enter
expect main "the screen job runs" "read +IOPS [1-9]" 30000
tm send-keys -t main s
expect main "s stops the job" "DONE" 30000
tm send-keys -t main q
expect main "q leaves the screen" "DONE-42" 30000
rc=$(cat "$WORK/scr.rc" 2>/dev/null)
[ "$rc" = RC-0 ] && pass "screen job stopped by s: exit 0" ||
	fail "screen job stopped by s: '$rc', expected RC-0: $(tail -n 3 "$WORK/scr.err")"
tm kill-session -t main 2>/dev/null

# ---- what ThreadSanitizer saw ----
n=$(cat "$WORK"/tsan.* 2>/dev/null | grep -ac 'WARNING: ThreadSanitizer')
if [ "$n" -eq 0 ]; then
	pass "ThreadSanitizer reported nothing"
else
	fail "ThreadSanitizer reported $n warning(s); the first:"
	for f in "$WORK"/tsan.*; do
		sed -n '/WARNING: ThreadSanitizer/,/^==================$/p' "$f" | tr -cd '[:print:]\n\t'
	done | head -n 60 >&2
	cat "$WORK"/tsan.* | grep -a 'WARNING: ThreadSanitizer' | sed 's/ (pid=.*//' | sort | uniq -c >&2
fi
finish
