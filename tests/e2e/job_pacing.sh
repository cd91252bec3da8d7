#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_pacing.sh - fio's pacing options (thinktime, thinktime_blocks, rate,
# rate_min, rate_iops_min) and ramp_time on a size-bound job, each run by
# fio 3 and by blktop on the same scratch loop device. What cannot flake
# on a loaded machine is compared: I/O counts, bytes, the device's sectors,
# fio's error line, and lower bounds on the elapsed time that the pacing
# itself imposes on both (a busy machine only makes a run longer).
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"
name=$(basename "$dev")
sectors_written() { awk '{ print $7 }' "/sys/block/$name/stat"; }

# both LABEL MIN_MS MODE ARGS...: the job by fio, then by blktop. Each
# must take at least MIN_MS, do as many I/Os, move as many bytes and
# write as many sectors as the other. Leaves the figures in fio_* and b_*.
both() {
	label=$1 min_ms=$2 mode=$3
	shift 3
	s0=$(sectors_written)
	t0=$(now_ms)
	fio --name=x --filename="$dev" --rw="$mode" --bs=4k --direct=1 "$@" \
		--output-format=json >"$WORK/fio.json" 2>"$WORK/fio.err" ||
		{ fail "$label: fio failed: $(tail -2 "$WORK/fio.err")"; return 1; }
	t1=$(now_ms)
	s1=$(sectors_written)
	"$BLKTOP" --batch --run "$mode" "$dev" --name=x --bs=4k "$@" \
		--output-format=json >"$WORK/b.json" 2>"$WORK/b.err" ||
		{ fail "$label: blktop exit $?: $(tail -2 "$WORK/b.err")"; return 1; }
	t2=$(now_ms)
	s2=$(sectors_written)
	q='[.jobs[0].read.total_ios, .jobs[0].write.total_ios, .jobs[0].read.io_bytes + .jobs[0].write.io_bytes] | map(tostring) | join(" ")'
	fio_ios=$(jq -r "$q" "$WORK/fio.json") b_ios=$(jq -r "$q" "$WORK/b.json")
	fio_ms=$((t1 - t0)) b_ms=$((t2 - t1))
	fio_sec=$((s1 - s0)) b_sec=$((s2 - s1))
	# SAME=bytes: the directions' counts (and so the sectors written)
	# are timing; the bytes are not.
	fio_cmp="$fio_ios $fio_sec" b_cmp="$b_ios $b_sec"
	[ "${SAME:-}" = bytes ] && fio_cmp=${fio_ios##* } b_cmp=${b_ios##* }
	[ "$fio_cmp" = "$b_cmp" ] ||
		{ fail "$label: reads writes bytes: blktop $b_ios ($b_sec sectors), fio $fio_ios ($fio_sec sectors)"; return 1; }
	[ "$fio_ms" -ge "$min_ms" ] && [ "$b_ms" -ge "$min_ms" ] ||
		{ fail "$label: runs of blktop $b_ms ms and fio $fio_ms ms, not both at least $min_ms ms"; return 1; }
	pass "$label: reads writes bytes $b_ios (fio $fio_ios), $b_sec sectors (fio $fio_sec); $b_ms ms (fio $fio_ms ms, both >= $min_ms)"
}

# ---- thinktime: a stall after every I/O (16 x 20 ms at least) ----
both "thinktime=20ms, 16 writes" 320 write --size=64k --thinktime=20ms --ioengine=psync
both "thinktime=20000 (microseconds, fio's unit)" 320 write --size=64k --thinktime=20000 \
	--ioengine=psync
# The stall after the last I/O counts too: 2 reads, 2 stalls of 500 ms.
both "thinktime=500ms, 2 reads at libaio iodepth 1" 1000 read --size=8k --thinktime=500ms \
	--ioengine=libaio
# thinktime_blocks: one stall per 4 I/Os at iodepth 4 (4 x 50 ms), and no
# more than that: 16 stalls would take at least 800 ms (an upper bound that
# only holds while the machine keeps up, so only checked when it is idle).
if both "thinktime=50ms thinktime_blocks=4, iodepth 4" 200 write --size=64k \
	--thinktime=50ms --thinktime_blocks=4 --ioengine=libaio --iodepth=4; then
	if busy; then
		skip_part "thinktime_blocks=4: the machine is busy, the upper bound is not checked"
	elif [ "$b_ms" -lt 800 ]; then
		pass "thinktime_blocks=4: $b_ms ms, under the 800 ms of a stall after every I/O"
	else
		fail "thinktime_blocks=4: $b_ms ms: a stall after every I/O?"
	fi
fi
both "thinktime_blocks_type=issue" 200 write --size=64k --thinktime=50ms --thinktime_blocks=4 \
	--thinktime_blocks_type=issue --ioengine=libaio --iodepth=4

# ---- rate: 200 I/Os of 4k at 400k/s take at least 199 x 10 ms ----
both "rate=400k, 200 writes" 1990 write --size=800k --rate=400k
both "rate=400k at iodepth 8 (libaio)" 1990 write --size=800k --rate=400k --ioengine=libaio \
	--iodepth=8
both "rate_iops=100, 100 writes" 990 write --size=400k --rate_iops=100
# rate=,400k caps writes alone; in a rw mix fio then turns to reads while
# writes are ahead of their schedule, so how many writes there are is
# timing. Both must do 200 I/Os in all and no more writes than the cap lets
# through in the time each took (one at once, then one per 10 ms).
capped() {
	who=$1 ms=$2 ios=$3
	set -- $ios
	[ $(($1 + $2)) = 200 ] && [ "$2" -le $((1 + ms / 10)) ] ||
		{ fail "rate=,400k: $who did $1 reads and $2 writes in $ms ms"; return 1; }
}
SAME=bytes
if both "rate=,400k in a rw mix: the bytes" 0 rw --size=800k --rate=,400k \
	--rwmixread=50 --ioengine=psync; then
	capped fio "$fio_ms" "$fio_ios" && capped blktop "$b_ms" "$b_ios" &&
		pass "rate=,400k: writes capped (blktop $b_ios in $b_ms ms, fio $fio_ios in $fio_ms ms), reads not"
fi
SAME=
both "rate_process=poisson: the same I/Os" 0 write --size=64k --rate_iops=200 \
	--rate_process=poisson

# ---- rate_min, rate_iops_min: a job held below its floor fails as fio's ----
floor() {
	label=$1
	shift
	fio --name=x --filename="$dev" --rw=read --bs=4k --direct=1 --thinktime=10ms \
		--runtime=8 --time_based "$@" >"$WORK/fio.out" 2>"$WORK/fio.err"
	frc=$?
	"$BLKTOP" --batch --run read "$dev" --name=x --bs=4k --thinktime=10ms --runtime=8 \
		--time_based "$@" >"$WORK/b.out" 2>"$WORK/b.err"
	brc=$?
	# fio's line with the measured figure taken out; blktop's after its
	# "blktop: " prefix.
	f=$(grep -m1 'not met' "$WORK/fio.err" | sed 's/got [0-9]*/got N/')
	b=$(grep -m1 'not met' "$WORK/b.err" | sed 's/^blktop: //; s/got [0-9]*/got N/')
	if [ "$frc" = 1 ] && [ "$brc" = 1 ] && [ -n "$f" ] && [ "$f" = "$b" ]; then
		pass "$label: both exit 1 with '$b'"
	else
		fail "$label: fio exit $frc '$f', blktop exit $brc '$b' ($(tail -1 "$WORK/b.err"))"
	fi
}
floor "rate_min=1m under thinktime=10ms" --rate_min=1m
floor "rate_iops_min=200 under thinktime=10ms" --rate_iops_min=200

# ---- ramp_time on a size-bound job ----
# Ended inside the ramp: fio never resets its counts and reports the job.
both "size=1m inside ramp_time=5" 0 write --size=1m --ramp_time=5
# Ended after it: only what follows the ramp is reported, and nothing more
# is written than the size (how many I/Os fall after it is timing).
s0=$(sectors_written)
"$BLKTOP" --batch --run write "$dev" --bs=4k --size=1m --ramp_time=300ms --rate_iops=500 \
	--output-format=json >"$WORK/b.json" 2>"$WORK/b.err" || fail "ramp_time=300ms: exit $?"
s1=$(sectors_written)
bytes=$(jq '.jobs[0].write.io_bytes' "$WORK/b.json")
[ $((s1 - s0)) = 2048 ] && [ "$bytes" -gt 0 ] && [ "$bytes" -lt 1048576 ] &&
	pass "ramp_time=300ms of a 512 ms job: 2048 sectors written, $bytes bytes after the ramp" ||
	fail "ramp_time=300ms: $((s1 - s0)) sectors written, $bytes bytes reported"

# ---- refused, naming the option ----
expect_exit() {
	want=$1 label=$2
	shift 2
	"$BLKTOP" --batch --run read "$dev" --size=4k "$@" >/dev/null 2>"$WORK/err"
	rc=$?
	[ "$rc" = "$want" ] && grep -q "$label" "$WORK/err" && pass "$*: exit $rc naming $label" ||
		fail "$*: exit $rc: $(cat "$WORK/err")"
}
expect_exit 2 thinktime --thinktime=soon
expect_exit 2 rate_iops --rate_iops=1,x
expect_exit 2 rate_process --rate_process=uniform
expect_exit 2 rate_iops --rate=1m --rate_iops=10
expect_exit 2 rate_min --rate=1m --rate_min=2m
finish
