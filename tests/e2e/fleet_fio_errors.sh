#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_fio_errors.sh - --driver=fio counts a host's I/O errors live:
# fio's server sends its status every interval, and its jobs' total_err
# there gives the interval's errors. One host (a real sshd of
# sshd_lib.sh, in its own network namespace where namespaces work) reads
# at random, with continue_on_error=read, a loop device over a FUSE file
# (tests/e2e/fuse_disk) whose every I/O fails from the moment the test
# sends it SIGUSR1, mid-run: the host's live lines (--status-interval)
# then show errors=N, N > 0, each line the interval's count (not the
# run's so far), and the host still reports at the end.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
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

(exec "$BLKTOP" --ssh="$SSH_CMD" --batch --driver=fio --fio-port="$FPORT" --hosts="$h2=$fdev" \
	--run randread --bs=4k --ioengine=psync --direct=1 --continue_on_error=read \
	--runtime=6 --time_based --status-interval=1 >"$WORK/out" 2>"$WORK/err") &
pid=$!
# Its first live line: the job runs; then every I/O fails.
i=0
until grep -q "^$h2: t=" "$WORK/out" 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 300 ] || { kill "$pid"; die "no live line came: $(cat "$WORK/err")"; }
	sleep 0.1
done
kill -USR1 "$server"
wait "$pid"
rc=$?
live=$(grep -c "^$h2: t=[0-9.]*s.* errors=[1-9][0-9]*\$" "$WORK/out")
[ "$live" -ge 1 ] && pass "live lines count the interval's errors ($live lines with errors=N)" ||
	fail "no live line with errors: exit $rc: $(head -c 1500 "$WORK/out") $(head -c 600 "$WORK/err")"
max=$(grep -o 'errors=[0-9]*' "$WORK/out" | cut -d= -f2 | sort -n | tail -n 1)
sum=$(grep -o 'errors=[0-9]*' "$WORK/out" | cut -d= -f2 | awk '{ s += $1 } END { print s + 0 }')
{ [ "$live" -lt 2 ] || [ "$max" -lt "$sum" ]; } && pass "each line counts its interval (max $max, sum $sum)" ||
	fail "the live counts look cumulative: max $max, sum $sum"
grep -q "^$h2: done" "$WORK/out" && pass "the host reported after the errors" ||
	fail "no report from the host: exit $rc: $(tail -n 8 "$WORK/out")"
finish
