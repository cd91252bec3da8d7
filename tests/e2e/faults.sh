#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# faults.sh - I/O errors and vanishing devices mid-run (issue 7). A loop
# device on a full tmpfs fails writes (ENOSPC/EIO); a loop device on a FUSE
# file (fuse_disk) fails every I/O on SIGUSR1, or all of them for good when
# its server is killed (the device is gone). Each continue_on_error policy
# either stops the run (exit 1, one line naming target, direction, offset
# and errno) or counts the errors and goes on (exit 0, counts in the report
# and the JSON, "N I/O errors ignored" on stderr). Also: losetup -d of a
# busy device, a second writer on the same device, a sweep that meets an
# error. Every case checks the exit status, the message, and that nothing
# is left behind (no blktop process, mount or loop device of ours).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
FUSE_DISK="$top_builddir/tests/e2e/fuse_disk"

# bt NAME ARGS...: runs blktop in batch; sets rc, ms; output in $WORK/NAME.*
bt() {
	name=$1
	shift
	t0=$(now_ms)
	"$BLKTOP" --batch "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"
	rc=$?
	ms=$(($(now_ms) - t0))
}
# expect_rc WANT WHAT: the last bt's exit status.
expect_rc() {
	[ "$rc" = "$1" ] && pass "$2: exit $rc" ||
		fail "$2: exit $rc, expected $1: $(cat "$WORK/$name.err")"
}
# expect_err REGEX WHAT: the last bt's stderr matches (grep -E).
expect_err() {
	grep -Eq "$1" "$WORK/$name.err" && pass "$2: stderr says $(head -c 200 "$WORK/$name.err")" ||
		fail "$2: stderr lacks /$1/: $(cat "$WORK/$name.err")"
}
# json_errs DIR: "total_err first_error" of the last bt's JSON.
json_errs() {
	jq -r "[.jobs[0].$1.total_err, .jobs[0].$1.first_error] | @tsv" "$WORK/$name.out" 2>/dev/null
}
# No blktop of this test still runs on DEV.
expect_no_blktop() {
	left=$(pgrep -f "blktop.* $1( |\$)" 2>/dev/null)
	[ -z "$left" ] && pass "no blktop left running on $1" ||
		fail "blktop still running on $1: pids $left"
}
# A loop device attached to FILE that the test detaches itself; the
# cleanup detaches it by its backing file, never by a name that another
# test may have been given since.
# writing DEV: waits (10 s at most) until DEV has completed writes, so a
# blktop started on it has it open for its job, not just for its probe
# (a slow start, valgrind, a busy machine).
# A loop device keeps its counters from earlier attachments: the count is
# compared with the one at the call.
writes_done() { awk '{ print $5 }' "/sys/block/$(basename "$1")/stat" 2>/dev/null; }
writing() {
	w0=$(writes_done "$1")
	i=0
	while [ "$(writes_done "$1")" = "$w0" ] && [ $i -lt 1200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}

attach_own() {
	d=$(losetup -f --show --direct-io=on "$1") || return 1
	on_cleanup "losetup -j '$1' | cut -d: -f1 | xargs -r -n1 losetup -d"
	printf '%s\n' "$d"
}

# ---- 1. write errors: a loop device on a 16 MiB tmpfs, 64 MiB sparse ------
tmnt=$(mktemp -d "$WORK/tmpfs.XXXXXX")
mount -t tmpfs -o size=16M blktop-faults "$tmnt" || skip "cannot mount a tmpfs"
on_cleanup "umount -l $tmnt"
truncate -s 64M "$tmnt/disk"
full=$(attach "$tmnt/disk") || fail "attach on tmpfs"
RUN="--runtime=2 --time_based --bs=64k --iodepth=4"

bt none --run randwrite "$full" $RUN
expect_rc 1 "write errors, continue_on_error=none"
expect_err "^blktop: $full: write at offset [0-9]+ failed: (No space left on device|Input/output error) \(continue_on_error=none\)\$" \
	"write errors, none"
grep -Eq 'err=(28|5) ' "$WORK/none.out" && pass "none: the report of what ran is printed, err=" ||
	fail "none: no report with err=: $(head -3 "$WORK/none.out")"

bt rpol --run randwrite "$full" $RUN --continue_on_error=read
expect_rc 1 "write errors, continue_on_error=read"
expect_err "write at offset [0-9]+ failed: .*\(continue_on_error=read\)" "write errors, read"

# A full tmpfs fails the loop device's writes with ENOSPC (EIO on older
# kernels). fio's continue_on_error lets only EIO and EILSEQ pass: with
# ENOSPC the job ends, as fio's does; libaio's completions bring it, so
# it is not counted (fio_errors.sh compares each case with fio).
bt pnospc --run randwrite "$full" $RUN --continue_on_error=write --output-format=json
if grep -q 'No space left' "$WORK/pnospc.err"; then
	expect_rc 1 "ENOSPC, continue_on_error=write (not an errno it lets pass)"
	got=$(sed -n '/^{/,$p' "$WORK/pnospc.out" | jq -c '[.jobs[0].error, .jobs[0].total_err, .jobs[0].first_error]')
	[ "$got" = "[28,0,0]" ] &&
		pass "ENOSPC ends the job: error, total_err, first_error $got (as fio)" ||
		fail "ENOSPC: error, total_err, first_error: $got, fio gives [28,0,0]"
fi
IGN="--ignore_error=,ENOSPC:EIO"
for p in write io all 1; do
	bt "p$p" --run randwrite "$full" $RUN --continue_on_error=$p $IGN --output-format=json
	want=$p
	[ "$p" = 1 ] && want=all
	expect_rc 0 "write errors, continue_on_error=$p"
	expect_err "^blktop: [0-9]+ I/O errors? ignored \(continue_on_error=$want\); the first: write at offset [0-9]+: " \
		"write errors, $p"
	set -- $(json_errs write)
	if [ "${1:-0}" -gt 0 ] && { [ "${2:-}" = 28 ] || [ "${2:-}" = 5 ]; }; then
		pass "$p: JSON write total_err=$1 first_error=$2"
	else
		fail "$p: JSON write total_err/first_error: ${1:-?} ${2:-?}"
	fi
	# fio's error of a job that ignored its errors: the first one.
	[ "$(jq '.jobs[0].error' "$WORK/p$p.out")" = "${2:-}" ] &&
		pass "$p: JSON error $2, the first ignored (as fio)" ||
		fail "$p: JSON error is $(jq '.jobs[0].error' "$WORK/p$p.out"), first_error ${2:-?}"
done
# The text report shows the counts per direction.
bt ptext --run randwrite "$full" $RUN --continue_on_error=write $IGN
grep -Eq '^  write: IOPS=.*msec\); 0 zone resets$' "$WORK/ptext.out" &&
	grep -Eq 'errors +: total=[1-9][0-9]*, first_error=(28|5)/' "$WORK/ptext.out" &&
	grep -Eq '^randwrite: \(groupid=0, jobs=1\): err=(28| 5) \(\): pid=' "$WORK/ptext.out" &&
	pass "text report: fio's write line, errors total/first_error, err= the first ignored" ||
	fail "text report lacks the error counts: $(grep -i error "$WORK/ptext.out")"

# A procedure stops at the failing step: the bs sweep's first step fails.
bt sweep --sweep bs "$full" --rw=randwrite --runtime=1 --iodepth=4
expect_rc 1 "sweep bs on a failing device"
expect_err "write at offset [0-9]+ failed" "sweep bs: the step's error"
steps=$(grep -Ec '^\[[0-9]+/[0-9]+\] ' "$WORK/sweep.out")
[ "$steps" = 1 ] && pass "sweep bs stopped at the failing step" ||
	fail "sweep bs started $steps steps, expected 1: $(grep '^\[' "$WORK/sweep.out" | head -5)"
expect_no_blktop "$full"

# ---- 2. a FUSE disk: read errors, then a killed server --------------------
require_built "$FUSE_DISK"
if [ ! -c /dev/fuse ]; then
	skip_part "no /dev/fuse: the FUSE cases are NOT tested"
else
	# fuse_up: starts a server in fail mode; sets fmnt, server, fdev.
	fuse_up() {
		fmnt=$(mktemp -d "$WORK/fuse.XXXXXX")
		fifo="$fmnt.fifo"
		mkfifo "$fifo"
		on_cleanup "! grep -q ' $fmnt ' /proc/mounts || umount -l $fmnt"
		"$FUSE_DISK" fail "$fmnt" >"$fifo" &
		server=$!
		on_cleanup "! kill -0 $server 2>/dev/null || kill -KILL $server"
		[ "$(head -n 1 "$fifo")" = ready ] || return 1
		fdev=$(attach_own "$fmnt/disk")
	}
	if ! fuse_up; then
		skip_part "cannot mount a FUSE filesystem here: the FUSE cases are NOT tested"
	else
		# Read errors from 0.7 s on; the policy read goes on.
		(sleep 0.7; kill -USR1 $server) &
		bt fread --run randread "$fdev" --runtime=2 --time_based --iodepth=4 \
			--continue_on_error=read --output-format=json
		expect_rc 0 "read errors, continue_on_error=read"
		expect_err "I/O errors? ignored \(continue_on_error=read\); the first: read at offset [0-9]+: Input/output error" \
			"read errors, read"
		set -- $(json_errs read)
		[ "${1:-0}" -gt 0 ] && [ "${2:-}" = 5 ] && pass "read: JSON read total_err=$1 first_error=5" ||
			fail "read: JSON read total_err/first_error: ${1:-?} ${2:-?}"
		# Every I/O fails and the policy ignores it: the job keeps going
		# to its end without spinning a core (it backs off).
		bt fdead --run randread "$fdev" --runtime=2 --time_based --iodepth=4 \
			--continue_on_error=io
		expect_rc 0 "a device failing everything, continue_on_error=io"
		[ "$ms" -ge 1900 ] && [ "$ms" -lt 6000 ] && pass "failing device: ran its 2 s (${ms} ms)" ||
			fail "failing device: took ${ms} ms for a 2 s run"
		# The same with none: stops at the first error.
		bt fnone --run randread "$fdev" --runtime=2 --time_based
		expect_rc 1 "read errors, continue_on_error=none"
		expect_err "^blktop: $fdev: read at offset [0-9]+ failed: Input/output error \(continue_on_error=none\)\$" \
			"read errors, none"
		kill -KILL $server 2>/dev/null
		wait $server 2>/dev/null
		expect_no_blktop "$fdev"

		# Device gone: the server is killed half a second after the writes
		# begin, in a 10 s run.
		if fuse_up; then
			(writing "$fdev"; sleep 0.5; kill -KILL $server) &
			bt gone --run randwrite "$fdev" --runtime=10 --time_based --iodepth=8 --numjobs=2
			expect_rc 1 "device gone mid-run"
			expect_err "^blktop: $fdev: write at offset [0-9]+ failed: Input/output error" "device gone"
			# Ended by the error, not the runtime: sooner than the 10 s
			# planned (on a loaded machine, start-up alone takes seconds).
			[ "$ms" -lt 9500 ] && pass "device gone: the run ended ${ms} ms after it began (10 s planned)" ||
				fail "device gone: the run took ${ms} ms"
			grep -q 'err= 5' "$WORK/gone.out" && pass "device gone: the report of what ran is printed" ||
				fail "device gone: no report: $(head -3 "$WORK/gone.out")"
			wait $server 2>/dev/null
			expect_no_blktop "$fdev"
			# What the test made goes away: loop device and mount.
			losetup -d "$fdev" && umount -l "$fmnt" &&
				! grep -q " $fmnt " /proc/mounts &&
				[ -z "$(losetup -j "$fmnt/disk" 2>/dev/null)" ] &&
				pass "the dead device detaches and its mount goes" ||
				fail "cannot clean up after the dead device"
		fi
	fi
fi

# ---- 3. losetup -d on a busy device ---------------------------------------
# This kernel only sets autoclear on a device that is open: the job runs
# to its end, and the device goes when blktop closes it.
f=$(sparse_file detach.img 64M)
ddev=$(attach_own "$f") || fail "attach $f"
(writing "$ddev"; losetup -d "$ddev") &
bt detach --run randwrite "$ddev" --runtime=2 --time_based
expect_rc 0 "losetup -d mid-run"
[ "$ms" -ge 1900 ] && pass "losetup -d mid-run: the job ran to its end (${ms} ms)" ||
	fail "losetup -d mid-run: ended after ${ms} ms"
sleep 0.5
[ -z "$(losetup -j "$f")" ] && pass "losetup -d mid-run: the device went away after the run" ||
	fail "losetup -d mid-run: still attached: $(losetup -j "$f")"

# ---- 4. two writers -------------------------------------------------------
f=$(sparse_file two.img 64M)
wdev=$(attach_own "$f") || fail "attach $f"
# The first runs until it is stopped below: with a short runtime, under
# load it could end before the second looks for who holds the device.
"$BLKTOP" --batch --run randwrite "$wdev" --runtime=600 --time_based >"$WORK/first.out" 2>"$WORK/first.err" &
first=$!
on_cleanup "kill -KILL $first 2>/dev/null; true"
writing "$wdev"
bt second --run write "$wdev" --runtime=1 --time_based
expect_rc 3 "a second writer on the same device is refused"
# The holder's name is its command (blktop; memcheck under valgrind).
expect_err "refusing to write $wdev: in-use: .*EBUSY.*open for writing by .* \(pid $first\)" \
	"second writer"
kill -INT $first
wait $first
frc=$?
# 130: stopped by the signal, with its report.
[ "$frc" = 130 ] && grep -q 'err= 0' "$WORK/first.out" && grep -Eq 'IOPS=[1-9]' "$WORK/first.out" &&
	pass "the first writer is unaffected (no errors; stopped by SIGINT, exit 130)" ||
	fail "the first writer: exit $frc: $(cat "$WORK/first.err")"
expect_no_blktop "$wdev"

finish
