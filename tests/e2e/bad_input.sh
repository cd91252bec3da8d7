#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bad_input.sh - every bad input of the command line ends with exit 2 and
# one line that names the option (or target) at fault and what is allowed;
# a target fio would set up and then fail (no size for a missing file)
# fails the job as fio's does, exit 1.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root

img=$(sparse_file small.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"

# expect_usage_error WANT_TEXT ARGS...: exit 2, one line on stderr naming it.
expect_usage_error() {
	want=$1
	shift
	"$BLKTOP" "$@" >"$WORK/out" 2>"$WORK/err"
	rc=$?
	lines=$(wc -l <"$WORK/err")
	if [ "$rc" != 2 ]; then
		fail "blktop $*: expected exit 2, got $rc: $(cat "$WORK/err")"
	elif [ "$lines" != 1 ]; then
		fail "blktop $*: expected one line of error, got $lines: $(cat "$WORK/err")"
	elif ! grep -q -- "$want" "$WORK/err"; then
		fail "blktop $*: error does not name '$want': $(cat "$WORK/err")"
	else
		pass "blktop $* -> $(cat "$WORK/err")"
	fi
}

# expect_job_fails WANT_TEXT ARGS...: what fio fails as it sets the job
# up (not the command line): exit 1, stderr naming it, nothing made.
expect_job_fails() {
	want=$1
	shift
	"$BLKTOP" "$@" >"$WORK/out" 2>"$WORK/err"
	rc=$?
	if [ "$rc" != 1 ]; then
		fail "blktop $*: expected exit 1 (the job fails, as in fio), got $rc: $(cat "$WORK/err")"
	elif ! grep -q -- "$want" "$WORK/err"; then
		fail "blktop $*: error does not name '$want': $(cat "$WORK/err")"
	elif ! grep -q "^fio: pid=0, .*func=total_file_size" "$WORK/err"; then
		# fio's line for a job its serialized setup failed: pid=0, stderr.
		fail "blktop $*: no fio error line 'pid=0 ... func=total_file_size' on stderr: $(cat "$WORK/err")"
	else
		pass "blktop $* -> exit 1: $(head -n 1 "$WORK/err")"
	fi
}

run="--batch --run"
expect_usage_error "nosuch" $run randread "$dev" --nosuch=1
expect_usage_error "randomread" $run randomread "$dev"
expect_usage_error "rw: unknown value 'foo'" $run randread "$dev" --rw=foo
expect_usage_error "randwrite" $run randread "$dev" --rw=foo
expect_usage_error "bs: 1000 is not a multiple" $run randread "$dev" --bs=1000
expect_usage_error "bs" $run randread "$dev" --bs=4q
expect_usage_error "iodepth" $run randread "$dev" --iodepth=0
expect_usage_error "iodepth" $run randread "$dev" --iodepth=10000000
expect_usage_error "numjobs" $run randread "$dev" --numjobs=0
expect_usage_error "numjobs" $run randread "$dev" --numjobs=100000
expect_usage_error "rwmixread" $run randrw "$dev" --rwmixread=101
# Past the device's end, as fio: a size beyond it reads to the end (job
# tests compare that with fio); an offset beyond it without size fails the
# job (exit 1, naming offset), not the command line.
"$BLKTOP" $run randread "$dev" --offset=1g >"$WORK/out" 2>"$WORK/err"
rc=$?
if [ "$rc" = 1 ] && grep -q "offset\|starts at 1g" "$WORK/err"; then
	pass "blktop $run randread --offset=1g on 64m: the job fails, exit 1: $(head -1 "$WORK/err")"
else
	fail "blktop $run randread --offset=1g on 64m: expected exit 1 naming the offset, got $rc: $(cat "$WORK/err")"
fi
expect_usage_error "runtime" $run randread "$dev" --runtime=soon
# A target that names nothing, with no size: fio's "you need to specify
# size=", which fails the job (error 22), exit 1; no file is made.
# (Under $WORK: as fio's, the job's setup makes the missing directory.)
expect_job_fails "$WORK/nonexistent/disk is missing or empty and no size is given" $run randread "$WORK/nonexistent/disk"
here=$(pwd)
cd "$WORK" || die "cd $WORK"
expect_job_fails "nosuchdisk is missing or empty" $run randread nosuchdisk
cd "$here" || die "cd $here"
[ -e "$WORK/nosuchdisk" ] && fail "a file nosuchdisk was made"
expect_usage_error "/dev/nosuchdisk: no such device" $run randwrite /dev/nosuchdisk --size=1m
[ -e /dev/nosuchdisk ] && fail "a file was made under /dev" && rm -f /dev/nosuchdisk
expect_usage_error "/dev/null: not a block device, regular file or directory" $run read /dev/null
expect_job_fails "size=" $run read "$WORK/newfile"
[ -e "$WORK/newfile" ] && fail "a file newfile was made without a size"
expect_usage_error "output-format" $run read "$dev" --output-format=xml
expect_usage_error "no target" $run read
expect_usage_error "cpus_allowed" $run read "$dev" --cpus_allowed=abc
expect_usage_error "cpus_allowed" $run read "$dev" --cpus_allowed=4000
expect_usage_error "ioengine" $run read "$dev" --ioengine=nosuch
# Options that cannot go together are bad input too (engine_check's
# refusals, as fio refuses them before a job starts).
expect_usage_error "rate, rate_iops" $run randwrite "$dev" --rate=1m --rate_iops=100
expect_usage_error "rate_min > rate" $run randwrite "$dev" --rate=1m --rate_min=2m
expect_usage_error "rate_iops_min > rate_iops" $run randwrite "$dev" --rate_iops=10 --rate_iops_min=20
expect_usage_error "dedupe_mode=working_set needs size" $run randwrite "$dev" \
	--dedupe_percentage=50 --dedupe_mode=working_set

# Nothing was written by any of them.
[ "$(head -c 67108864 "$dev" | tr -d '\0' | wc -c)" = 0 ] && pass "device still all zeros" ||
	fail "a refused run wrote to the device"

finish
