#!/bin/sh
# scratch.sh - the scratch device leaves nothing behind, however blktop
# ends: no loop device attached, no file in /dev/shm. Each exit path is
# tried through the scratch code alone (the driver) and through blktop.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root

# Checks that a scratch device (dev, backing file) is gone.
expect_gone() {
	dev=$1
	file=$2
	how=$3
	name=$(basename "$dev")
	i=0
	# The kernel detaches on the last close, which may trail the exit.
	# Tests run in parallel, so the same loopN may be attached again at
	# once to another test's file: only our backing file counts.
	still() { [ "$(backing_of "$dev")" = "$file" ]; }
	while still && [ $i -lt 20 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if still; then
		fail "$how: $dev still attached to $(cat "/sys/block/$name/loop/backing_file")"
		losetup -d "$dev" 2>/dev/null
	elif [ -e "$file" ]; then
		fail "$how: $file left behind"
		rm -f "$file"
	else
		pass "$how: $dev detached, $file gone"
	fi
}

# The backing file's name as the kernel shows it, " (deleted)" cut off.
backing_of() {
	sed 's/ (deleted)$//' "/sys/block/$(basename "$1")/loop/backing_file" 2>/dev/null
}

# driver_case HOW SIGNAL: run the scratch code, end it that way.
driver_case() {
	how=$1
	sig=$2
	fifo="$WORK/scratch.$how.$sig"
	mkfifo "$fifo"
	"$DRIVER" scratch 64m "$how" >"$fifo" 2>"$WORK/err" &
	pid=$!
	dev=$(head -n 1 "$fifo")
	case "$dev" in
	/dev/loop*) ;;
	*)
		fail "scratch $how: no device ($(cat "$WORK/err"))"
		return
		;;
	esac
	file=$(backing_of "$dev")
	if [ -n "$sig" ]; then
		[ -n "$file" ] || fail "scratch $how: $dev not attached while running"
		[ "$(cat "/sys/block/$(basename "$dev")/loop/dio" 2>/dev/null)" = 1 ] ||
			fail "scratch: $dev without direct I/O"
		[ -e "$file" ] && fail "scratch: $file still has a name while attached"
		end_wait "$pid" "$sig"
	else
		wait "$pid" 2>/dev/null
	fi
	expect_gone "$dev" "${file:-/dev/shm/blktop-scratch-none}" "driver $how${sig:+ SIG$sig}"
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
file=$(backing_of "$dev")
end_wait "$pid" TERM
expect_gone "$dev" "$file" "listed scratch"

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
new_scratch() {
	# The loop devices that are scratch devices right now.
	for b in /sys/block/loop*/loop/backing_file; do
		grep -l '^/dev/shm/blktop-scratch-' "$b" 2>/dev/null
	done | sed 's|/sys/block/\(loop[0-9]*\)/.*|/dev/\1|' | sort
}
before=$(new_scratch)
out=$("$BLKTOP" --batch --scratch=64m --run randwrite --bs=4k --runtime=1 --time_based 2>&1)
rc=$?
[ "$rc" = 0 ] && pass "blktop --batch --scratch runs" || fail "blktop --batch --scratch: exit $rc: $out"
[ "$(new_scratch)" = "$before" ] && pass "blktop --scratch, normal end: nothing left" ||
	fail "blktop --scratch left $(new_scratch)"
for sig in TERM INT HUP KILL; do
	"$BLKTOP" --batch --scratch=64m --run randread --bs=4k --runtime=30 --time_based \
		>/dev/null 2>&1 &
	pid=$!
	i=0
	dev=
	while [ -z "$dev" ] && [ $i -lt 50 ]; do
		sleep 0.1
		dev=$(new_scratch | grep -vxF "$before" | head -n 1)
		i=$((i + 1))
	done
	if [ -z "$dev" ]; then
		fail "blktop --scratch (SIG$sig case) made no scratch device"
		end_wait "$pid" KILL
		continue
	fi
	file=$(backing_of "$dev")
	end_wait "$pid" "$sig"
	expect_gone "$dev" "$file" "blktop --scratch SIG$sig"
done

finish
