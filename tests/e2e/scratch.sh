#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# scratch.sh - the scratch device leaves nothing behind, however blktop
# ends: no loop device attached, no file in /dev/shm. Each exit path is
# tried through the scratch code alone (the driver) and through blktop.
# Only the scratch device of the process under test is looked at (its
# backing file's name carries the pid), so another blktop running at the
# same time changes nothing here.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root

# The backing file's name as the kernel shows it, " (deleted)" cut off.
backing_of() {
	sed 's/ (deleted)$//' "/sys/block/$(basename "$1")/loop/backing_file" 2>/dev/null
}

# while_attached PID WHAT DEV: what must hold while PID's device DEV runs.
while_attached() {
	file=$(backing_of "$3")
	case "$file" in
	"/dev/shm/blktop-scratch-$1-"*) pass "$2: $3 on $file, named after pid $1" ;;
	*) fail "$2: $3's backing file '$file' does not carry pid $1" ;;
	esac
	[ "$(cat "/sys/block/$(basename "$3")/loop/dio" 2>/dev/null)" = 1 ] ||
		fail "$2: $3 without direct I/O"
	[ -e "$file" ] && fail "$2: $file still has a name while attached"
}

# driver_case HOW SIGNAL: run the scratch code, end it that way.
driver_case() {
	how=$1
	sig=$2
	what="driver $how${sig:+ SIG$sig}"
	fifo="$WORK/scratch.$how.$sig"
	mkfifo "$fifo"
	"$DRIVER" scratch 64m "$how" >"$fifo" 2>"$WORK/err" &
	pid=$!
	dev=$(head -n 1 "$fifo")
	case "$dev" in
	/dev/loop*) ;;
	*)
		fail "$what: no device ($(cat "$WORK/err"))"
		wait "$pid" 2>/dev/null
		return
		;;
	esac
	if [ -n "$sig" ]; then
		while_attached "$pid" "$what" "$dev"
		end_wait "$pid" "$sig"
	else
		wait "$pid" 2>/dev/null
	fi
	scratch_gone "$pid" "$what"
}

# Listed as safe while it exists.
fifo="$WORK/scratch.list"
mkfifo "$fifo"
"$DRIVER" scratch 64m wait >"$fifo" &
pid=$!
dev=$(head -n 1 "$fifo")
expect_verdict "$dev" safe
size=$(blockdev --getsize64 "$dev" 2>/dev/null)
[ "$size" = 67108864 ] && pass "scratch size 64m" || fail "scratch size: $size"
[ "$(scratch_of "$pid")" = "$dev" ] && pass "scratch_of finds $dev by pid $pid" ||
	fail "scratch_of $pid: '$(scratch_of "$pid")', expected $dev"
end_wait "$pid" TERM
scratch_gone "$pid" "listed scratch"

driver_case exit ""
driver_case fail ""
driver_case wait TERM
driver_case wait INT
driver_case wait HUP
driver_case wait KILL
driver_case wait-handled TERM
driver_case wait-handled INT
driver_case wait-handled HUP

# Through blktop: a batch job on --scratch, ended normally and by signals.
"$BLKTOP" --batch --scratch=64m --run randwrite --bs=4k --runtime=1 --time_based \
	>"$WORK/out" 2>&1 &
pid=$!
wait "$pid"
rc=$?
[ "$rc" = 0 ] && pass "blktop --batch --scratch runs" ||
	fail "blktop --batch --scratch: exit $rc: $(cat "$WORK/out")"
scratch_gone "$pid" "blktop --scratch, normal end"
for sig in TERM INT HUP KILL; do
	"$BLKTOP" --batch --scratch=64m --run randread --bs=4k --runtime=60 --time_based \
		>/dev/null 2>&1 &
	pid=$!
	# A condition, not a time: the device shows up once blktop made it.
	i=0
	dev=
	while [ -z "$dev" ] && kill -0 "$pid" 2>/dev/null && [ $i -lt 300 ]; do
		sleep 0.1
		dev=$(scratch_of "$pid")
		i=$((i + 1))
	done
	if [ -z "$dev" ]; then
		fail "blktop --scratch (SIG$sig case) made no scratch device named after pid $pid"
		end_wait "$pid" KILL
		continue
	fi
	while_attached "$pid" "blktop --scratch SIG$sig" "$dev"
	end_wait "$pid" "$sig"
	scratch_gone "$pid" "blktop --scratch SIG$sig"
done

finish
