#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_fio_errors.sh - --driver=fio counts a host's I/O errors live:
# fio's server sends its status every interval, and its jobs' total_err
# there gives the interval's errors. One host (a real sshd of
# sshd_lib.sh, in its own network namespace where namespaces work) reads
# at random, with continue_on_error=read, a loop device over a FUSE file
# (tests/e2e/fuse_disk) whose every I/O fails from the moment the test
# sends it SIGUSR1 until it sends SIGUSR2, mid-run.
# Batch: the host's live lines (--status-interval) show errors=N, N > 0,
# each line the errors since the line before, so that they add up to
# exactly the total_err of fio's own final status (the report's
# "errors: N (total_err)" line), and the host still reports.
# Screen: while the I/O fails, the host's ERR column and the TOTAL row's
# show a count above 0 (not '-': fio's status carries the count).
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
. "${top_srcdir:-.}/tests/e2e/fleet_screen_lib.sh"
require_sshd
command -v fio >/dev/null 2>&1 || skip "fio is missing: fio's server as a far side is NOT tested (apt-get install fio)"
FUSE_DISK="$top_builddir/tests/e2e/fuse_disk"
require_built "$FUSE_DISK"
[ -c /dev/fuse ] || skip "no /dev/fuse: no device that fails its reads"

fmnt=$(mktemp -d "$WORK/fuse.XXXXXX")
mkfifo "$fmnt.fifo"
on_cleanup "! grep -q ' $fmnt ' /proc/mounts || umount -l $fmnt"
"$FUSE_DISK" fail "$fmnt" >"$fmnt.fifo" &
server=$!
on_cleanup "! kill -0 $server 2>/dev/null || kill -KILL $server"
[ "$(head -n 1 "$fmnt.fifo")" = ready ] || skip "cannot mount a FUSE filesystem here"
fdev=$(losetup -f --show --direct-io=on "$fmnt/disk") || die "cannot attach $fmnt/disk"
on_cleanup "losetup -j '$fmnt/disk' | cut -d: -f1 | xargs -r -n1 losetup -d"

start_hosts 2
h2=$(host_name 2)
FPORT=$((30000 + ($$ + 11) % 20000))
on_cleanup "pkill -KILL -f '^fio --server=127.0.0.1,$FPORT\$'; true"

# wait_line PATTERN WHAT: a line of the batch's output matching PATTERN.
wait_line() {
	i=0
	until grep -q "$1" "$WORK/out" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt $((300 * WAIT_SCALE)) ] || { kill "$pid"; die "$2 never came: $(cat "$WORK/err")"; }
		sleep 0.1
	done
}

(exec "$BLKTOP" --ssh="$SSH_CMD" --batch --driver=fio --fio-port="$FPORT" --hosts="$h2=$fdev" \
	--run randread --bs=4k --ioengine=psync --direct=1 --continue_on_error=read \
	--runtime=10 --time_based --status-interval=1 >"$WORK/out" 2>"$WORK/err") &
pid=$!
# Its first live line: the job runs; then every I/O fails, until a line
# has counted errors; then the disk works again for the rest of the run.
wait_line "^$h2: t=" "a first live line"
kill -USR1 "$server"
wait_line "^$h2: t=.* errors=[1-9]" "a live line with errors"
kill -USR2 "$server"
wait "$pid"
rc=$?
live=$(grep -c "^$h2: t=[0-9.]*s.* errors=[1-9][0-9]*\$" "$WORK/out")
[ "$live" -ge 1 ] && pass "live lines count the interval's errors ($live lines with errors=N)" ||
	fail "no live line with errors: exit $rc: $(head -c 1500 "$WORK/out") $(head -c 600 "$WORK/err")"
sum=$(grep "^$h2: t=" "$WORK/out" | grep -o 'errors=[0-9]*' | cut -d= -f2 | awk '{ s += $1 } END { print s + 0 }')
# fio's own count: the final status's total_err, under the host's line.
total=$(awk -v h="$h2" '$1 == h ":" { on = 1; next } on && /^  errors: [0-9]+ \(total_err\)$/ { print $2; exit }
	/^[^ ]/ { on = 0 }' "$WORK/out")
[ -n "$total" ] && [ "$total" -gt 0 ] && [ "$sum" = "$total" ] &&
	pass "the live lines' errors add up to fio's final total_err ($sum = $total)" ||
	fail "the live lines' errors add up to $sum, fio's final total_err is '${total:-none}': $(grep -v "^$h2: t=" "$WORK/out" | head -c 1500)"
grep -q "^$h2: done" "$WORK/out" && pass "the host reported after the errors" ||
	fail "no report from the host: exit $rc: $(tail -n 8 "$WORK/out")"

# The screen: the host's ERR and the TOTAL row's while the I/O fails.
new_session err -x 160 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t err "\"$BLKTOP\" --ssh=\"$SSH_CMD\" --driver=fio --fio-port=$FPORT --hosts=$h2=$fdev --run randread --bs=4k --ioengine=psync --direct=1 --continue_on_error=read --runtime=600 --time_based >$WORK/screen.out 2>$WORK/screen.err; echo EXIT=\$?" Enter
expect err "screen: the host runs" "$(rx "$h2").* running .*[0-9]" 20000
kill -USR1 "$server"
# err_frame FILE: "HOST TOTAL", the ERR column (the last) of both rows.
err_frame() {
	awk -v h="$h2" '$1 == h && / running / { a = $NF } $1 == "TOTAL" { t = $NF }
		END { print (a == "" ? "none" : a) " " (t == "" ? "none" : t) }' "$1"
}
i=0
while :; do
	cap err >"$WORK/frame"
	set -- $(err_frame "$WORK/frame")
	case "$1 $2" in
	[1-9]*" "[1-9]*) pass "screen: ERR shows the interval's errors on the host's row ($1) and the TOTAL row ($2)"; break ;;
	esac
	i=$((i + 1))
	[ $i -lt $((150 * WAIT_SCALE)) ] || { fail "screen: ERR never above 0 (host $1, total $2):"; sed 's/^/    | /' "$WORK/frame" >&2; break; }
	sleep 0.2
done
kill -USR2 "$server"
tm send-keys -t err q
expect err "screen: q leaves" "EXIT=[0-9]+" 30000
grep -q "^  errors: [1-9][0-9]* (total_err)\$" "$WORK/screen.out" &&
	pass "screen: the report on leaving has fio's total_err" ||
	fail "screen: no errors line in the report: $(head -c 1500 "$WORK/screen.out") $(head -c 600 "$WORK/screen.err")"
finish
