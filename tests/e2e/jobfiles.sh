#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# jobfiles.sh - the published tests' own job files, run as `blktop --job FILE --batch`
# after the smallest adaptation that lets them run here (sed and awk below,
# nothing else changed): the Azure block-size test's four stonewall sections in a directory,
# with psync and then libaio as the article runs them; the multi-disk job file's 24
# sections over loop devices, each pinned with cpus_allowed, all at once.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
# The checks read blktop's English messages.
LC_ALL=C
export LC_ALL
unset LANGUAGE
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

jobs_dir="$top_srcdir/tests/jobs"
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

# --- the Azure block-size test: directory=, stonewall, psync then libaio ---------------------
# Adapted: the article's /path/to/test is a directory in $WORK; 1g files
# and 60 s (after a 6 s ramp) become 16m and 1 s (after 0.5 s); 8 jobs per
# section become 2. time_based keeps the article's runtime-bound runs
# (its 1g files were not done in 60 s; ours would be in the ramp).
mkdir -p "$WORK/azure-blocksize"
sed -e "s|^directory=.*|directory=$WORK/azure-blocksize|" \
	-e 's|^size=1g$|size=16m|' \
	-e 's|^runtime=60$|runtime=1\ntime_based=1|' \
	-e 's|^ramp_time=6$|ramp_time=500ms|' \
	-e 's|^numjobs=8$|numjobs=2|' \
	"$jobs_dir/azure-blocksize.fio" >"$WORK/azure-blocksize-psync.fio"
sed -e 's|^ioengine=psync$|ioengine=libaio|' "$WORK/azure-blocksize-psync.fio" >"$WORK/azure-blocksize-libaio.fio"
grep -q "^directory=$WORK/azure-blocksize" "$WORK/azure-blocksize-psync.fio" &&
	grep -q '^ioengine=libaio' "$WORK/azure-blocksize-libaio.fio" ||
	fail "the Azure block-size test: the adaptation did not apply (has tests/jobs/azure-blocksize.fio changed?)"

for engine in psync libaio; do
	t0=$(now_ms)
	"$BLKTOP" --job "$WORK/azure-blocksize-$engine.fio" --batch --output-format=json \
		>"$WORK/s2-$engine.json" 2>"$WORK/s2-$engine.err"
	rc=$?
	ms=$(($(now_ms) - t0))
	if [ "$rc" != 0 ]; then
		fail "the Azure block-size test ($engine): exit $rc: $(cat "$WORK/s2-$engine.err")"
		continue
	fi
	# Four groups in the file's order, one after another (stonewall),
	# each 2 jobs that moved data in its own direction for 1 s (fio's
	# job_runtime sums the group's threads: about 2 s).
	r=$(jq -c '[.jobs[] | [.jobname, .groupid, (.read.total_ios > 0), (.write.total_ios > 0), (.job_runtime >= 1800 and .job_runtime < 4000)]]' \
		"$WORK/s2-$engine.json")
	want='[["read4k-rand",0,true,false,true],["read64k-seq",1,true,false,true],["write4k-rand",2,false,true,true],["write64k-seq",3,false,true,true]]'
	[ "$r" = "$want" ] && pass "the Azure block-size test ($engine): 4 stonewall groups, each 1 s" ||
		fail "the Azure block-size test ($engine): $r"
	# One after another: 4 x (0.5 s ramp + 1 s); together would be 1.5 s.
	[ "$ms" -ge 5500 ] && pass "the Azure block-size test ($engine): groups ran in turn ($ms ms)" ||
		fail "the Azure block-size test ($engine): $ms ms is too short for 4 stonewall groups"
	n=$(ls "$WORK/azure-blocksize" | wc -l)
	[ "$n" = 8 ] && pass "the Azure block-size test ($engine): fio's file names, one per job" ||
		fail "the Azure block-size test ($engine): $n files in the directory: $(ls "$WORK/azure-blocksize")"
done

# --- the multi-disk job file: 24 sections, 24 LUNs, cpus_allowed --------------------------
# Adapted: the 24 multipath LUNs /dev/loop-scratch01..24 are 3 loop
# devices (sections share them: reads); CPUs 0-191 become this machine's
# CPUs, one per section, in turn; numjobs=32 becomes 2 (48 threads);
# runtime=100 becomes 1 s, time based as the 100 s were.
set -- $(for i in 1 2 3; do attach "$(sparse_file "lun$i.img" 64M)"; done)
[ $# = 3 ] || die "cannot attach 3 loop devices"
awk -v d1="$1" -v d2="$2" -v d3="$3" -v ncpu="$ncpu" '
	BEGIN { dev[0] = d1; dev[1] = d2; dev[2] = d3 }
	/^numjobs=/ { print "numjobs=2"; next }
	/^runtime=/ { print "runtime=1"; print "time_based=1"; next }
	/^filename=\/dev\/loop-scratch/ {
		n = substr($0, length("filename=/dev/loop-scratch") + 1) + 0
		print "filename=" dev[(n - 1) % 3]; next
	}
	/^cpus_allowed=/ { print "cpus_allowed=" (k++ % ncpu); next }
	{ print }' "$jobs_dir/multidisk-cpubind.fio" >"$WORK/multidisk-cpubind.fio"
[ "$(grep -c '^filename=/dev/loop' "$WORK/multidisk-cpubind.fio")" = 24 ] ||
	fail "the multi-disk job file: the adaptation did not apply: $(grep -c '^filename=' "$WORK/multidisk-cpubind.fio") filenames"

t0=$(now_ms)
"$BLKTOP" --job "$WORK/multidisk-cpubind.fio" --batch --output-format=json >"$WORK/s4.json" 2>"$WORK/s4.err"
rc=$?
ms=$(($(now_ms) - t0))
if [ "$rc" != 0 ]; then
	fail "the multi-disk job file: exit $rc: $(cat "$WORK/s4.err")"
else
	# group_reporting in [global] and no stonewall: fio reports the 24
	# sections as one entry, named after the first.
	r=$(jq -c '[(.jobs | length), ([.jobs[] | select(.read.total_ios > 0 and .write.total_ios == 0)] | length), ([.jobs[].groupid] | max), (.disk_util | length)]' "$WORK/s4.json")
	[ "$r" = "[1,1,0,3]" ] && pass "the multi-disk job file: 24 sections read at once from 3 devices, one entry" ||
		fail "the multi-disk job file: [entries, reading, last group, disks] = $r"
	names=$(jq -r '[.jobs[].jobname] | join(" ")' "$WORK/s4.json")
	[ "$names" = file1 ] && pass "the multi-disk job file: the group named after its first section" ||
		fail "the multi-disk job file: entry names: $names"
	[ "$ms" -lt 15000 ] && pass "the multi-disk job file: sections ran together ($ms ms)" ||
		fail "the multi-disk job file: $ms ms: the sections did not run together"
fi
"$BLKTOP" --job "$WORK/multidisk-cpubind.fio" --batch >"$WORK/s4.out" 2>&1 ||
	fail "the multi-disk job file (normal report): exit $?"
n=$(grep -c '^file1: (groupid=0, jobs=48)' "$WORK/s4.out")
[ "$n" = 1 ] && pass "the multi-disk job file: fio's report, one block of 48 jobs" ||
	fail "the multi-disk job file: $n report blocks: $(head -c 2000 "$WORK/s4.out")"

finish
