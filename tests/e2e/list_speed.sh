#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# list_speed.sh - --list stays quick with many devices and never hangs on
# one that stops answering: 20 loop devices must list well under a second,
# and a device whose reads never return must cost at most the probe
# timeout (3 s), showing up as "did not answer in time".
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
FUSE_DISK="$top_builddir/tests/e2e/fuse_disk"

i=0
while [ $i -lt 20 ]; do
	f=$(sparse_file "many$i.img" 16M)
	attach "$f" >/dev/null || fail "attach $f"
	i=$((i + 1))
done

best=999999
worst=0
for _ in 1 2 3 4 5; do
	t0=$(now_ms)
	"$BLKTOP" --list >/dev/null || fail "$BLKTOP --list failed"
	t=$(($(now_ms) - t0))
	[ $t -lt $best ] && best=$t
	[ $t -gt $worst ] && worst=$t
done
n=$("$BLKTOP" --list | grep -c '^loop')
note "--list with $n loop devices: best ${best} ms, worst ${worst} ms"
[ "$n" -ge 20 ] || fail "expected 20 or more loop devices listed, got $n"
# The best of five: a shared machine's other load shows in the worst.
# A machine busy with other work (load above its CPU count, as when make
# check runs everything in parallel) says nothing about blktop's speed:
# there the figure is reported and only a hang is judged. tests/bench has
# the benchmarks.
if [ $best -lt 1000 ]; then
	pass "--list under a second (best ${best} ms, worst ${worst} ms)"
elif busy && [ $best -lt 10000 ]; then
	note "NOT JUDGED: load $(cut -d' ' -f1 /proc/loadavg) on $ncpu CPUs; --list took ${best} ms at best"
else
	fail "--list took ${best} ms at best"
fi

# A device that never answers.
require_built "$FUSE_DISK"
if [ ! -c /dev/fuse ]; then
	skip_part "no /dev/fuse: the hung device is NOT tested"
	finish
fi
fmnt=$(mktemp -d "$WORK/fuse.XXXXXX")
fifo="$WORK/fuse.fifo"
mkfifo "$fifo"
on_cleanup "umount -l $fmnt"
"$FUSE_DISK" hang "$fmnt" >"$fifo" &
server=$!
if [ "$(head -n 1 "$fifo")" != ready ]; then
	skip_part "cannot mount a FUSE filesystem here: the hung device is NOT tested"
	kill $server 2>/dev/null
	finish
fi
hung=$(attach "$fmnt/disk" --direct-io=off) || fail "attach on FUSE"
# Killing the server fails the pending reads, so it must go first.
on_cleanup "kill $server"
kill -USR1 $server
t0=$(now_ms)
out=$("$BLKTOP" --list)
t=$(($(now_ms) - t0))
note "--list with a hung device: ${t} ms"
# The probe gives up on a device after 3 s; 10 s leaves room for a loaded
# machine and still catches a hang.
[ $t -lt 10000 ] && pass "--list with a hung device returned in ${t} ms" ||
	fail "--list with a hung device took ${t} ms"
case "$out" in
*"contents of $(basename "$hung") unknown: it did not answer in time"*)
	pass "the hung device is has-data: did not answer in time" ;;
*) fail "the hung device's verdict: $(printf '%s\n' "$out" | grep "$(basename "$hung")")" ;;
esac
# The gate gives up the same way, and refuses.
t0=$(now_ms)
out=$("$DRIVER" gate-block "$hung")
rc=$?
t=$(($(now_ms) - t0))
[ $rc = 3 ] && [ $t -lt 10000 ] && pass "gate on the hung device refuses in ${t} ms" ||
	fail "gate on the hung device: exit $rc after ${t} ms: $out"

finish
