#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# procedures.sh - --profile, --suite and --sweep end to end on scratch loop
# devices, with runtimes cut to a second or less: each profile (a loop
# device has no queue interrupt: the IRQ step says so and the run still
# completes; shown as a virtio disk through a fake /sys and /proc, the job
# is pinned to a queue interrupt's CPU), the user's options winning over a
# profile's, rq_affinity back to its old value after a normal end and after
# SIGTERM, SIGINT and SIGHUP, a run that goes on (and says so) when it may
# not set rq_affinity, no sysfs change before a refusal, both suites (on a
# device and on a directory), both sweeps, and the tables as text, CSV and
# JSON. The numjobs sweep must stop by itself and name a knee.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
# The checks read blktop's English messages.
LC_ALL=C
export LC_ALL
unset LANGUAGE
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

img=$(sparse_file disk.img 128M)
dev=$(attach "$img") || die "cannot attach a loop device"
name=$(basename "$dev")
rqa=/sys/block/$name/queue/rq_affinity
[ -w "$rqa" ] || skip "$rqa is not writable here"
# Start from 1 whatever the kernel chose, so "restored" has one meaning.
echo 1 >"$rqa"

# expect_rqa WANT WHEN
expect_rqa() {
	got=$(cat "$rqa")
	if [ "$got" = "$1" ]; then
		pass "rq_affinity is $1 $2"
	else
		fail "rq_affinity is $got $2, expected $1"
	fi
}

# expect_in FILE TEXT WHAT
expect_in() {
	if grep -qF -- "$2" "$1"; then
		pass "$3"
	else
		fail "$3: '$2' not in $1: $(head -c 3000 "$1")"
	fi
}

# --- latency profile: every step, normal end --------------------------------
"$BLKTOP" --batch --profile latency "$dev" --runtime=1 >"$WORK/lat.out" 2>"$WORK/lat.err"
rc=$?
[ "$rc" = 0 ] || fail "latency profile: exit $rc: $(cat "$WORK/lat.err")"
expect_in "$WORK/lat.out" "safety: $dev is safe" "latency: the safety verdict comes first"
expect_in "$WORK/lat.out" "idle=poll" "latency: idle=poll is checked"
expect_in "$WORK/lat.out" "scheduler    none" "latency: the scheduler is checked"
expect_in "$WORK/lat.out" "write cache" "latency: the write cache is checked"
expect_in "$WORK/lat.out" "rq_affinity: 1 -> 2 on $name" "latency: rq_affinity set to 2"
expect_in "$WORK/lat.out" "there is no device interrupt" "latency: no IRQ on a loop device, said so"
expect_in "$WORK/lat.out" "rw=randwrite bs=4k iodepth=1 numjobs=1" "latency: the ESSD PL-X latency test's job"
expect_in "$WORK/lat.out" "clat percentiles" "latency: fio's report with percentiles"
expect_in "$WORK/lat.out" "lat (us): min avg max stdev" "latency: the summary table"
expect_in "$WORK/lat.err" "set $rqa to 2 (was 1)" "latency: the change is logged on stderr"
expect_in "$WORK/lat.err" "restored $rqa to 1" "latency: the restore is logged on stderr"
expect_rqa 1 "after the latency profile ends"

# --- a device with queue interrupts: the job is pinned to one's CPU ---------
# No VM disk may be written here, so the loop device is shown to blktop as
# the virtio disk vdc of tests/fakeroot/tune1 (its /sys and /proc, through
# BLKTOP_SYSROOT): IRQs 41 (CPU 0), 42 (CPUs 2-3) and 43 (CPU 3). Reads
# only: the fake tree does not know the loop device's safety verdict.
cp -R "$top_srcdir/tests/fakeroot/tune1" "$WORK/fakeroot"
chmod -R u+w "$WORK/fakeroot"
while read -r p t; do ln -s "$t" "$WORK/fakeroot/$p"; done <"$WORK/fakeroot/LINKS"
mkdir -p "$WORK/fakeroot/sys/dev/block"
ln -s ../../block/vdc "$WORK/fakeroot/sys/dev/block/$(cat "/sys/block/$name/dev")"
BLKTOP_SYSROOT=$WORK/fakeroot "$BLKTOP" --batch --profile latency "$dev" --rw=randread \
	--runtime=1 >"$WORK/irq.out" 2>"$WORK/irq.err"
rc=$?
[ "$rc" = 0 ] || fail "latency with IRQs: exit $rc: $(cat "$WORK/irq.err")"
expect_in "$WORK/irq.out" "IRQ 43 virtio2-req.2: effective_affinity_list 3" "IRQs: the queue interrupts are listed"
pinned=$(grep -o 'job pinned to CPU [0-9]*: the effective_affinity_list of IRQ [0-9]*' "$WORK/irq.out")
[ -n "$pinned" ] && pass "IRQs: $pinned" || fail "IRQs: not pinned: $(cat "$WORK/irq.out")"
cpu=${pinned#job pinned to CPU }
cpu=${cpu%%:*}
expect_in "$WORK/irq.out" "cpus_allowed=$cpu" "IRQs: the run has cpus_allowed=$cpu"
expect_in "$WORK/irq.err" "restored /sys/block/vdc/queue/rq_affinity to 1" "IRQs: the fake rq_affinity restored"
[ "$(cat "$WORK/fakeroot/sys/block/vdc/queue/rq_affinity")" = 1 ] ||
	fail "IRQs: the fake rq_affinity was left at $(cat "$WORK/fakeroot/sys/block/vdc/queue/rq_affinity")"

# --- a signal in the middle: the run stops, rq_affinity comes back ----------
for sig in TERM INT HUP; do
	"$BLKTOP" --batch --profile latency "$dev" --runtime=30 >"$WORK/sig.out" 2>"$WORK/sig.err" &
	pid=$!
	i=0
	while [ "$(cat "$rqa")" != 2 ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	expect_rqa 2 "while the latency profile runs"
	sleep 0.5
	end_wait "$pid" "$sig"
	rc=$?
	case $sig in
	TERM) want=143 ;;
	INT) want=130 ;;
	HUP) want=129 ;;
	esac
	[ "$rc" = "$want" ] || fail "SIG$sig: exit $rc, expected $want"
	expect_rqa 1 "after SIG$sig"
	expect_in "$WORK/sig.out" "(stopped)" "SIG$sig: the table shows the stopped run"
done

# --- iops and throughput profiles, JSON in fio's layout --------------------
"$BLKTOP" --batch --profile iops "$dev" --runtime=1 --output-format=json \
	--output="$WORK/iops.json" 2>"$WORK/iops.err"
rc=$?
[ "$rc" = 0 ] || fail "iops profile: exit $rc: $(cat "$WORK/iops.err")"
expect_in "$WORK/iops.err" "set $rqa to 0 (was 1)" "iops: rq_affinity set to 0"
expect_rqa 1 "after the iops profile"
jobs=$(jq '.jobs | length' "$WORK/iops.json")
wiops=$(jq '.jobs[0].write.iops | floor' "$WORK/iops.json")
[ "$jobs" = 1 ] && [ "$wiops" -gt 0 ] && pass "iops: fio JSON with $wiops write IOPS" ||
	fail "iops: JSON has $jobs jobs, $wiops IOPS"
expect_in "$WORK/iops.err" "numjobs=64" "iops: the ESSD PL-X IOPS test's 64 jobs"

"$BLKTOP" --batch --profile throughput "$dev" --runtime=1 --output-format=json \
	>"$WORK/tp.json" 2>"$WORK/tp.err" || fail "throughput: exit $?: $(cat "$WORK/tp.err")"
r=$(jq -c '[.jobs[0].jobname, .jobs[0].read.io_bytes > 0, .jobs[1].jobname, .jobs[1].write.io_bytes > 0]' "$WORK/tp.json")
[ "$r" = '["seq-read",true,"seq-write",true]' ] && pass "throughput: 1M read, then 1M write" ||
	fail "throughput: $r"
expect_in "$WORK/tp.err" "rq_affinity: left as it is" "throughput: rq_affinity untouched, said so"

# --- the user's options win: --profile latency DEV --rw=randread ------------
"$BLKTOP" --batch --profile latency "$dev" --rw=randread --iodepth=2 --runtime=1 \
	--output-format=csv >"$WORK/ov.csv" 2>"$WORK/ov.err" || fail "override: exit $?"
row=$(grep '^latency,' "$WORK/ov.csv")
case $row in
latency,latency,done,randread,4096,2,1,*) pass "override: rw=randread iodepth=2 kept, bs=4k from the profile" ;;
*) fail "override: CSV row is '$row'" ;;
esac

# --- not root: rq_affinity cannot be set, the run goes on and says so -------
if command -v setpriv >/dev/null 2>&1; then
	mode=$(stat -c %a "$dev")
	on_cleanup "chmod $mode $dev"
	chmod 666 "$dev"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$BLKTOP" --batch --profile latency "$dev" --rw=randread --runtime=1 \
		>"$WORK/user.out" 2>"$WORK/user.err"
	rc=$?
	chmod "$mode" "$dev"
	[ "$rc" = 0 ] && pass "not root: the latency profile still runs" ||
		fail "not root: exit $rc: $(cat "$WORK/user.err")"
	expect_in "$WORK/user.out" "cannot set $rqa to 2: Permission denied" "not root: says rq_affinity cannot be set"
	expect_in "$WORK/user.out" "the run goes on with 1" "not root: says what the run gets"
	expect_in "$WORK/user.out" "read: IOPS=" "not root: the run happened"
	expect_rqa 1 "after the unprivileged run"
else
	note "setpriv is missing: the not-root case is not run"
fi

# --- refused before any sysfs change ----------------------------------------
if command -v mkfs.ext4 >/dev/null 2>&1; then
	fsimg=$(sparse_file fs.img 96M)
	fsdev=$(attach "$fsimg") || fail "cannot attach a second loop device"
	mkfs.ext4 -q "$fsdev" || fail "mkfs.ext4 $fsdev"
	fsrqa=/sys/block/$(basename "$fsdev")/queue/rq_affinity
	echo 1 >"$fsrqa"
	"$BLKTOP" --batch --profile latency "$fsdev" --runtime=1 >"$WORK/ref.out" 2>"$WORK/ref.err"
	rc=$?
	[ "$rc" = 3 ] && pass "latency on a device with ext4: refused (exit 3)" ||
		fail "latency on ext4: exit $rc, expected 3"
	expect_in "$WORK/ref.err" "refusing to write" "refusal says why"
	grep -q "^blktop: set " "$WORK/ref.err" && fail "a refused profile changed sysfs: $(cat "$WORK/ref.err")"
	[ "$(cat "$fsrqa")" = 1 ] && pass "refused: rq_affinity untouched" || fail "refused: rq_affinity changed"

	# --- the seven-test matrix's second half: the suite on a directory --------------
	mnt=$(mount_dev "$fsdev") || fail "cannot mount $fsdev"
	"$BLKTOP" --batch --suite "$mnt" --runtime=500ms --size=8m --output-format=json \
		>"$WORK/dir.json" 2>"$WORK/dir.err"
	rc=$?
	[ "$rc" = 0 ] || fail "suite on a directory: exit $rc: $(cat "$WORK/dir.err")"
	done_rows=$(jq '[.rows[] | select(.state == "done" and .iops > 0)] | length' "$WORK/dir.json")
	[ "$done_rows" = 7 ] && pass "suite on $mnt: 7 tests done" || fail "suite on a directory: $done_rows rows done"
	[ -e "$mnt/blktop-seven.dat" ] && fail "the suite's data file was left in $mnt"
	expect_in "$WORK/dir.err" "removed $mnt/blktop-seven.dat" "suite on a directory: its file removed"
else
	note "mkfs.ext4 is missing: the refusal and directory cases are not run"
fi

# --- the seven-test matrix's seven tests on the device -----------------------------------
"$BLKTOP" --batch --suite "$dev" --runtime=1 >"$WORK/seven.out" 2>"$WORK/seven.err"
rc=$?
[ "$rc" = 0 ] || fail "suite: exit $rc: $(cat "$WORK/seven.err")"
for t in Seq_Read_IOPS_Test Seq_Write_IOPS_Test Rand_Write_IOPS_Test Rand_Read_IOPS_Test \
	Read_Write_IOPS_Test Write_BandWidth_Test Read_BandWidth_Test; do
	line=$(grep "^$t " "$WORK/seven.out" | tail -n 1)
	# test, IOPS min, max, avg, MiB/s, clat avg, clat p99: all numbers > 0
	echo "$line" | awk 'NF == 7 && $2 > 0 && $3 >= $2 && $4 > 0 && $5 > 0 && $6 > 0 && $7 >= $6 { ok = 1 } END { exit !ok }' &&
		pass "seven: $line" || fail "seven: bad row for $t: '$line'"
done
expect_in "$WORK/seven.out" "IOPS min" "seven: the seven-test matrix's columns"

# --- CrystalDiskMark's matrix, CSV ------------------------------------------
"$BLKTOP" --batch --suite=cdm "$dev" --runtime=500ms --output-format=csv \
	>"$WORK/cdm.csv" 2>"$WORK/cdm.err" || fail "cdm: exit $?: $(cat "$WORK/cdm.err")"
n=$(grep -c '^cdm,.*,done,' "$WORK/cdm.csv")
[ "$n" = 8 ] && pass "cdm: 8 tests done" || fail "cdm: $n tests done: $(cat "$WORK/cdm.csv")"
for t in "SEQ1M Q8T1 read" "SEQ1M Q1T1 read" "RND4K Q32T1 read" "RND4K Q1T1 read" \
	"SEQ1M Q8T1 write" "SEQ1M Q1T1 write" "RND4K Q32T1 write" "RND4K Q1T1 write"; do
	grep -q "^cdm,$t,done," "$WORK/cdm.csv" || fail "cdm: no row for $t"
done

# --- block-size sweep: 512 B .. 16 MiB, JSON --------------------------------
"$BLKTOP" --batch --sweep bs "$dev" --runtime=1 --iodepth=4 --output-format=json \
	>"$WORK/bs.json" 2>"$WORK/bs.err"
rc=$?
[ "$rc" = 0 ] || fail "sweep bs: exit $rc: $(cat "$WORK/bs.err")"
r=$(jq -c '[(.rows | length), .rows[0].bs, .rows[-1].bs, ([.rows[] | select(.state == "done" and .bw_kB_s > 0 and .bw_Mbit_s > 0)] | length)]' "$WORK/bs.json")
[ "$r" = "[16,512,16777216,16]" ] && pass "sweep bs: 16 steps, 512 B to 16 MiB" ||
	fail "sweep bs: [rows, first, last, done] = $r"

# --- numjobs sweep: stops by itself and names the knee ----------------------
E2E_STEP_START=$(now_ms)
"$BLKTOP" --batch --sweep numjobs "$dev" --runtime=1 >"$WORK/nj.out" 2>"$WORK/nj.err"
rc=$?
[ "$rc" = 0 ] || fail "sweep numjobs: exit $rc: $(cat "$WORK/nj.err")"
if grep -q "ramp ended: the gain stayed under 3 percent" "$WORK/nj.out" ||
	grep -q "ramp ended: lat avg passed the limit" "$WORK/nj.out"; then
	pass "sweep numjobs: $(grep 'ramp ended' "$WORK/nj.out")"
else
	fail "sweep numjobs did not stop by itself: $(grep 'ramp ended' "$WORK/nj.out")"
fi
knee=$(grep '^knee: numjobs' "$WORK/nj.out")
# No knee is right only when the first step was already over the limit (a
# loaded machine can make a loop device that slow): then blktop must say so,
# and the step it printed must show it.
first_lat=$(awk '$1 == 8 && $2 ~ /^[0-9.]+$/ { print $5; exit }' "$WORK/nj.out")
if [ -n "$knee" ]; then
	pass "sweep numjobs: $knee ($(($(now_ms) - E2E_STEP_START)) ms)"
elif grep -q '^knee: none: no step had lat avg within 500 us' "$WORK/nj.out" &&
	awk -v l="$first_lat" 'BEGIN { exit !(l > 500) }'; then
	pass "sweep numjobs: no knee, and it says why: the first step's lat avg was $first_lat us (over 500 us)"
else
	fail "sweep numjobs: no knee: $(cat "$WORK/nj.out")"
fi
grep -q "<- knee" "$WORK/nj.out" && expect_in "$WORK/nj.out" "IOPS (#) and clat avg (*)" "sweep numjobs: the curve"
expect_in "$WORK/nj.out" "numjobs=8" "sweep numjobs: the multi-disk job file's ramp starts at 8"

# --- bad input --------------------------------------------------------------
"$BLKTOP" --batch --profile nosuch "$dev" 2>"$WORK/bad.err"
[ $? = 2 ] && pass "unknown profile: exit 2" || fail "unknown profile: not exit 2"
expect_in "$WORK/bad.err" "latency, iops, throughput" "unknown profile: names the allowed ones"
"$BLKTOP" --batch --sweep numjobs /dev/nosuch-blktop 2>"$WORK/bad.err"
[ $? = 2 ] && pass "missing device: exit 2" || fail "missing device: not exit 2: $(cat "$WORK/bad.err")"

expect_rqa 1 "at the end"
finish
