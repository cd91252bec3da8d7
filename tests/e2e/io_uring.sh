#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# io_uring.sh - the io_uring engine with each of fio's options on a
# scratch loop device (I/Os against the device's write counter, bytes =
# ios x bs); and a kernel that refuses io_uring (made to, with strace's
# fault injection) stops the run before it starts with one line naming
# the engine and the reason, exit 1. Skips loudly where blktop has no
# io_uring engine or this kernel refuses io_uring itself.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
"$BLKTOP" --version | grep -q '^engines:.* io_uring' ||
	skip "this blktop has no io_uring engine (configure found no liburing)"

img=$(sparse_file disk.img 128M)
dev=$(attach "$img") || die "cannot attach a loop device"
name=$(basename "$dev")

if ! "$BLKTOP" --batch --run randread "$dev" --size=1m --ioengine=io_uring \
	>/dev/null 2>"$WORK/err"; then
	grep -q 'ioengine=io_uring' "$WORK/err" ||
		{ fail "io_uring failed, but not with the engine's line: $(cat "$WORK/err")"; finish; }
	skip "this kernel refuses io_uring: $(cat "$WORK/err")"
fi

writes() { awk '{ print $5 + $6 }' "/sys/block/$name/stat"; }

# run LABEL ARGS...: 8 MiB of 4k random writes through io_uring.
run() {
	label=$1
	shift
	w0=$(writes)
	out=$("$BLKTOP" --batch --run randwrite "$dev" --size=8m --bs=4k --iodepth=16 \
		--ioengine=io_uring "$@" --output-format=json 2>"$WORK/err")
	rc=$?
	w1=$(writes)
	if [ "$rc" != 0 ]; then
		if grep -q 'refuses' "$WORK/err"; then
			note "$label: SKIPPED, the kernel refuses it here: $(cat "$WORK/err")"
			return
		fi
		fail "$label: exit $rc: $(tail -2 "$WORK/err")"
		return
	fi
	ios=$(printf '%s' "$out" | jq '.jobs[0].write.total_ios')
	bytes=$(printf '%s' "$out" | jq '.jobs[0].write.io_bytes')
	if [ "$ios" = 2048 ] && [ "$bytes" = $((ios * 4096)) ] && [ $((w1 - w0)) = "$ios" ]; then
		pass "$label: $ios writes of 4k, the device counted $((w1 - w0))"
	else
		fail "$label: $ios writes, $bytes bytes reported; the device counted $((w1 - w0))"
	fi
}

run "defaults"
run "fixedbufs" --fixedbufs
run "registerfiles" --registerfiles
run "fixedbufs+registerfiles" --fixedbufs --registerfiles
run "nowait" --nowait --continue_on_error=none
run "force_async=2" --force_async=2
run "sqthread_poll" --sqthread_poll
run "sqthread_poll_cpu=0" --sqthread_poll --sqthread_poll_cpu=0
run "batches of 8" --iodepth_batch_submit=8 --iodepth_batch_complete_min=4 \
	--iodepth_batch_complete_max=16
run "polling for completions" --iodepth_batch_complete_min=0 --iodepth_batch_complete_max=16

# Runs back to back: the ring's registered files must not keep the
# device claimed (O_EXCL) after blktop exits, or the next write run on it
# meets EBUSY (the kernel tears a ring down in a worker, after the exit).
busy=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	"$BLKTOP" --batch --run randwrite "$dev" --size=16m --bs=4k --iodepth=16 --numjobs=2 \
		--ioengine=io_uring --output-format=json >/dev/null 2>"$WORK/err" ||
		{ busy=$((busy + 1)); cp "$WORK/err" "$WORK/busy.err"; }
done
[ "$busy" = 0 ] && pass "12 write runs back to back: none found the device still claimed" ||
	fail "12 write runs back to back: $busy failed: $(head -c 300 "$WORK/busy.err")"

# hipri needs a device with poll queues; a loop device has none, and each
# I/O fails with EOPNOTSUPP, as under fio: one line, exit 1, not a hang.
"$BLKTOP" --batch --run randread "$dev" --size=1m --ioengine=io_uring --hipri \
	>/dev/null 2>"$WORK/err"
rc=$?
[ "$rc" = 1 ] && grep -q 'Operation not supported\|failed' "$WORK/err" &&
	pass "hipri on a device without poll queues: exit 1, $(head -1 "$WORK/err")" ||
	{ [ "$rc" = 0 ] && pass "hipri: this kernel polls the loop device" ||
		fail "hipri: exit $rc: $(cat "$WORK/err")"; }

# ---- A kernel that refuses io_uring ----
if command -v strace >/dev/null 2>&1; then
	for err in EPERM ENOSYS; do
		strace -f -qq -o /dev/null -e trace=io_uring_setup \
			-e inject=io_uring_setup:error=$err \
			"$BLKTOP" --batch --run randread "$dev" --size=1m --ioengine=io_uring \
			>"$WORK/out" 2>"$WORK/err"
		rc=$?
		lines=$(wc -l <"$WORK/err")
		if [ "$rc" = 1 ] && [ "$lines" = 1 ] && [ ! -s "$WORK/out" ] &&
			grep -q 'ioengine=io_uring: .*\(refuses\|no io_uring\)' "$WORK/err"; then
			pass "io_uring_setup fails with $err: exit 1, $(cat "$WORK/err")"
		else
			fail "io_uring_setup fails with $err: exit $rc, $lines lines: $(cat "$WORK/err") $(head -2 "$WORK/out")"
		fi
	done
else
	note "strace is missing: the refused-kernel case was not run"
fi

finish
