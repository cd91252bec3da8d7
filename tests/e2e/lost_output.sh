#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lost_output.sh - a run whose report could not be written did not
# succeed: standard output on /dev/full, --output on a full filesystem and
# a closed standard output each end with exit 1 and one line saying where
# the report was lost and why. Batch runs, status lines, --list and the
# procedures all write through the same writer (src/output/writer.c).
# (The reader of a pipe leaving is signals.sh's: exit 141, one line.)
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
# The screen's summary on exit too: the screen draws on the terminal while
# the summary goes to stdout or --output. (Skips loudly without tmux.)
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
# The checks read blktop's English messages.
LC_ALL=C
export LC_ALL
unset LANGUAGE

dev=$(attach "$(sparse_file lost.img 64M)") || die "cannot attach a loop device"
# Size-bound: the runtime is only a bound that a loaded machine (the
# sanitizer build under CI) does not reach before the 8 MiB are read. Not
# less: a loop device that completes reads as they are submitted read 1
# MiB in under a millisecond once in CI, and a run of 0 ms has no group
# line (as fio's), which the control looks for.
RUN="--batch --run read $dev --bs=4k --size=8m --runtime=30"

# lost NAME WANT_LINE CMD...: CMD (a shell command line) exits 1 and says
# WANT_LINE, alone, on stderr.
lost() {
	n=$1
	want=$2
	shift 2
	sh -c "$*" 2>"$WORK/$n.err"
	rc=$?
	[ "$rc" = 1 ] && pass "$n: exit 1" || fail "$n: exit $rc, expected 1: $(cat "$WORK/$n.err")"
	c=$(grep -c "^$want\$" "$WORK/$n.err")
	[ "$c" = 1 ] && pass "$n: says '$want'" ||
		fail "$n: expected one line '$want', got: $(cat "$WORK/$n.err")"
	c=$(grep -c 'cannot write' "$WORK/$n.err")
	[ "$c" -le 1 ] || fail "$n: said it $c times: $(cat "$WORK/$n.err")"
}

FULL="blktop: cannot write the report to standard output: No space left on device"
CLOSED="blktop: cannot write the report to standard output: Bad file descriptor"

# The control: the same run to a file that takes it succeeds.
"$BLKTOP" $RUN >"$WORK/ok.out" 2>"$WORK/ok.err"
rc=$?
[ "$rc" = 0 ] && grep -q 'READ: bw=' "$WORK/ok.out" && pass "control: a written report, exit 0" ||
	fail "control: exit $rc: $(cat "$WORK/ok.err") $(sed 's/^/    | /' "$WORK/ok.out")"

# --- standard output is /dev/full -------------------------------------------
lost full "$FULL" "'$BLKTOP' $RUN >/dev/full"
lost full-json "$FULL" "'$BLKTOP' $RUN --output-format=json >/dev/full"
lost full-status "$FULL" "'$BLKTOP' $RUN --status-interval=1 --runtime=2 --time_based >/dev/full"
lost full-list "$FULL" "'$BLKTOP' --list >/dev/full"
lost full-profile "$FULL" "'$BLKTOP' --batch --profile iops $dev --runtime=1 >/dev/full"

# --- standard output closed -------------------------------------------------
lost closed "$CLOSED" "'$BLKTOP' $RUN >&-"
lost closed-list "$CLOSED" "'$BLKTOP' --list --output-format=json >&-"

# --- --output on a full filesystem ------------------------------------------
mnt=$(mount_dev tmpfs -t tmpfs -o size=64k) || skip "cannot mount a tmpfs"
# Filled up to the last block, so the report's first block cannot land.
dd if=/dev/zero of="$mnt/filler" bs=4k status=none 2>/dev/null
[ "$(df -P "$mnt" | awk 'NR == 2 { print $4 }')" = 0 ] ||
	fail "the tmpfs is not full: $(df -P "$mnt" | tail -1)"
lost output-full "blktop: cannot write the report to $mnt/report.txt: No space left on device" \
	"'$BLKTOP' $RUN --output='$mnt/report.txt'"
lost output-full-proc "blktop: cannot write the report to $mnt/table.csv: No space left on device" \
	"'$BLKTOP' --batch --profile iops $dev --runtime=1 --output-format=csv --output='$mnt/table.csv'"

# --- the screen's summary on exit ------------------------------------------
# on_screen NAME WANT_LINE ARGS...: blktop ARGS on the screen in tmux (its
# stdout as ARGS' redirection says); when the run is DONE, q; exit 1 and
# WANT_LINE alone on stderr.
on_screen() {
	n=$1
	want=$2
	shift 2
	tm new-session -d -s "$n" -x 100 -y 30 "env LANG=$UTF8 LC_ALL=C sh" ||
		{ fail "$n: cannot start a tmux session"; return; }
	tm send-keys -t "$n" "\"$BLKTOP\" $* 2>$WORK/$n.err; echo \$? >$WORK/$n.rc" Enter
	if wait_for "$n" "DONE *\$" 30000; then
		tm send-keys -t "$n" q
	else
		fail "$n: the run did not end on the screen: $(cap "$n" | tail -n 5)"
		tm send-keys -t "$n" s q y
	fi
	i=0
	while [ ! -s "$WORK/$n.rc" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	rc=$(cat "$WORK/$n.rc" 2>/dev/null)
	[ "$rc" = 1 ] && pass "$n: exit 1" || fail "$n: exit '$rc', expected 1: $(cat "$WORK/$n.err")"
	c=$(grep -c "^$want\$" "$WORK/$n.err")
	[ "$c" = 1 ] && pass "$n: says '$want'" ||
		fail "$n: expected one line '$want', got: $(cat "$WORK/$n.err")"
	tm kill-session -t "$n" 2>/dev/null
}
SCR="--run read $dev --bs=4k --size=1m --runtime=1"
on_screen screen-full "$FULL" "$SCR >/dev/full"
on_screen screen-output "blktop: cannot write the report to $mnt/screen.txt: No space left on device" \
	"$SCR --output=$mnt/screen.txt"
on_screen screen-profile "blktop: cannot write the report to $mnt/profile.txt: No space left on device" \
	"--profile throughput $dev --runtime=1 --output=$mnt/profile.txt"

finish
