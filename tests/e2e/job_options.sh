#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_options.sh - the fio options real job files use for how a job starts,
# repeats, syncs and ends (sync, fsync, fdatasync, end_fsync,
# fsync_on_close, loops, startdelay, wait_for, exitall, and the ones
# accepted as they are), each run by blktop and by fio 3 on the same
# scratch loop device. The device's own counters judge: flushes (the 16th
# field of /sys/block/loopN/stat: an fsync of a loop device is one flush)
# and sectors written. Options blktop does not run are refused naming
# the option, never run another way.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"
name=$(basename "$dev")
[ "$(awk '{ print NF }' "/sys/block/$name/stat")" -ge 17 ] ||
	skip "this kernel's /sys/block/$name/stat has no flush counter"
flushes() { awk '{ print $16 }' "/sys/block/$name/stat"; }
sectors_written() { awk '{ print $7 }' "/sys/block/$name/stat"; }

# same COUNTER LABEL ARGS...: a 64 KiB sequential write with ARGS, by fio
# then blktop; the counter's change must be the same for both.
same() {
	counter=$1 label=$2
	shift 2
	a=$($counter)
	fio --name=x --filename="$dev" --rw=write --bs=4k --size=64k --direct=1 "$@" \
		>"$WORK/fio.out" 2>&1 || { fail "$label: fio failed: $(tail -2 "$WORK/fio.out")"; return; }
	b=$($counter)
	"$BLKTOP" --batch --run write "$dev" --bs=4k --size=64k "$@" >"$WORK/out" 2>"$WORK/err" ||
		{ fail "$label: blktop exit $?: $(tail -2 "$WORK/err")"; return; }
	c=$($counter)
	[ $((b - a)) = $((c - b)) ] && pass "$label: $((c - b)) as fio" ||
		fail "$label: blktop $((c - b)), fio $((b - a))"
}

# ---- sync points: the flushes the device saw ----
same flushes "fsync=4 (16 writes: none after the last)" --fsync=4
same flushes "fsync=5 at iodepth 8" --fsync=5 --ioengine=libaio --iodepth=8
same flushes "fdatasync=3 and end_fsync" --fdatasync=3 --end_fsync=1
same flushes "end_fsync" --end_fsync=1
same flushes "fsync_on_close" --fsync_on_close=1
same flushes "fsync=4 per thread, numjobs=2" --fsync=4 --numjobs=2
same flushes "sync=1 (O_SYNC)" --sync=1 --ioengine=psync
same flushes "sync=dsync (O_DSYNC)" --sync=dsync --ioengine=psync
same flushes "no sync option: no flush" --ioengine=psync

# ---- loops: the size that many times over ----
same sectors_written "loops=3" --loops=3
same sectors_written "loops=2 of io_size=32k" --loops=2 --io_size=32k

# ---- accepted as fio means them: the same bytes ----
same sectors_written "thread, gtod_reduce, disable_*lat, allrandrepeat, exitall_on_error" \
	--thread --gtod_reduce=1 --disable_lat=1 --disable_clat=1 --disable_slat=1 \
	--allrandrepeat=1 --exitall_on_error --description="a described job" \
	--kb_base=1024 --unit_base=0

# ---- startdelay: the job starts that much later (a lower bound only) ----
t0=$(date +%s%N)
"$BLKTOP" --batch --run read "$dev" --size=64k --startdelay=1 >/dev/null 2>"$WORK/err" ||
	fail "startdelay=1: exit $?: $(tail -2 "$WORK/err")"
t1=$(date +%s%N)
[ $(((t1 - t0) / 1000000)) -ge 1000 ] && pass "startdelay=1: the run took $(((t1 - t0) / 1000000)) ms" ||
	fail "startdelay=1: the run took only $(((t1 - t0) / 1000000)) ms"

# ---- wait_for and exitall, in a job file run by both ----
# d ends first (the others run for a minute) and exitall, which is the
# whole run's in fio whichever job sets it, ends its group with it: the
# time-based a and c, and b, still waiting for a, never starts.
cat >"$WORK/group.fio" <<EOF
[global]
filename=$dev
bs=4k
direct=1
[a]
rw=write
size=4m
time_based=1
runtime=60
[b]
rw=write
offset=8m
size=2m
wait_for=a
[c]
rw=read
time_based=1
runtime=60
offset=16m
size=1m
[d]
rw=read
size=64k
offset=32m
exitall=1
EOF
for tool in fio blktop; do
	if [ $tool = fio ]; then
		fio "$WORK/group.fio" --output-format=json >"$WORK/$tool.json" 2>"$WORK/err"
	else
		"$BLKTOP" --job "$WORK/group.fio" --batch --output-format=json >"$WORK/$tool.json" 2>"$WORK/err"
	fi || { fail "$tool: exit $? on the exitall job file: $(tail -2 "$WORK/err")"; continue; }
	got=$(jq -c '[.jobs[] | {(.jobname): (.read.io_bytes + .write.io_bytes)}] | add' "$WORK/$tool.json")
	c_ms=$(jq '.jobs[] | select(.jobname == "c") | .job_runtime' "$WORK/$tool.json")
	a_ms=$(jq '.jobs[] | select(.jobname == "a") | .job_runtime' "$WORK/$tool.json")
	b=$(printf '%s' "$got" | jq .b)
	d=$(printf '%s' "$got" | jq .d)
	if [ "$b" = 0 ] && [ "$d" = 65536 ] && [ "$c_ms" -lt 30000 ] && [ "$a_ms" -lt 30000 ]; then
		pass "$tool: exitall ended a after ${a_ms} ms, c after ${c_ms} ms, b never started: $got"
	else
		fail "$tool: exitall/wait_for: $got, a ran $a_ms ms, c $c_ms ms (want b 0, d 65536, a and c cut short)"
	fi
done

# ---- refused by name, never run another way ----
refused() {
	opt=$1
	shift
	"$BLKTOP" --batch --run read "$dev" --size=64k "$@" >"$WORK/out" 2>"$WORK/err"
	rc=$?
	if [ $rc = 2 ] && grep -q "$opt" "$WORK/err"; then
		pass "$*: refused naming $opt"
	else
		fail "$*: exit $rc, want 2 naming $opt: $(tail -2 "$WORK/err")"
	fi
}
# kb_base=1000 and unit_base=1 run as fio's (job_units.sh); bad values
# are still refused.
refused kb_base --kb_base=1001
refused unit_base --unit_base=2
# Built with libnuma a node this machine lacks is refused (job_numa.sh
# checks the rest); without it the option itself is.
if "$BLKTOP" --version | grep -q '^numa: libnuma'; then
	refused numa_cpu_nodes --numa_cpu_nodes=63
else
	refused numa_cpu_nodes --numa_cpu_nodes=0
fi
refused wait_for --wait_for=nosuchjob

# ---- options kept in another's place ----
"$BLKTOP" --batch --run read "$dev" --size=64k --cpumask=0x1 --buffered=1 \
	--output-format=json >"$WORK/j.json" 2>"$WORK/err" || fail "cpumask, buffered: exit $?"
opts=$(jq -c '.blktop.jobs[0].options | {cpus_allowed, direct, buffered}' "$WORK/j.json")
[ "$opts" = '{"cpus_allowed":"0","direct":"0","buffered":"1"}' ] &&
	pass "cpumask=0x1 is cpus_allowed=0, buffered=1 is direct=0" ||
	fail "cpumask=0x1 and buffered=1 became $opts"

finish
