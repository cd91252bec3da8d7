#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_steadystate.sh - fio's steady-state detection (steadystate or ss,
# steadystate_duration or ss_dur, steadystate_ramp_time or ss_ramp), the
# same job files run by fio 3 and by blktop on one scratch loop device.
# Rate-capped jobs give steady samples however loaded the machine is, so
# what is compared cannot flake: a criterion a capped job meets ends both
# early (attained=1, alone, per clone and for a reporting group), one no
# job can meet (a deviation under 0%, a slope under 0) runs both to their
# runtime (attained=0), ss_ramp holds the end back, and a job that ends
# before its window fills leaves it unfilled. The JSON steadystate
# objects have one shape (keys, order, number kinds, ss_dur samples) and
# the normal reports one steadystate line. fio's examples/steadystate.fio,
# on the scratch device with shorter times and sizes, runs with fio's jobs
# and groups. Bad values, and different options within a reporting group,
# are refused by both.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"

# job NAME BODY: a job file on the scratch device, its path printed.
job() {
	printf '[global]\nfilename=%s\nioengine=psync\ndirect=1\nbs=4k\n%s\n' "$dev" "$2" \
		>"$WORK/$1.fio"
	printf '%s\n' "$WORK/$1.fio"
}

# run_both LABEL FILE: the job file by fio, then by blktop, each with the
# JSON and the normal report; the JSON in $WORK/fio.json and
# $WORK/blk.json, the whole output in *.out.
run_both() {
	label=$1
	fio "$2" --output-format=json,normal >"$WORK/fio.out" 2>"$WORK/fio.err" ||
		{ fail "$label: fio failed: $(tail -2 "$WORK/fio.err")"; return 1; }
	"$BLKTOP" --batch --job "$2" --output-format=json,normal >"$WORK/blk.out" \
		2>"$WORK/blk.err" ||
		{ fail "$label: blktop exit $?: $(tail -2 "$WORK/blk.err")"; return 1; }
	for w in fio blk; do
		sed -n '/^{/,/^}/p' "$WORK/$w.out" >"$WORK/$w.json"
		jq -e '.jobs[0]' "$WORK/$w.json" >/dev/null 2>&1 ||
			{ fail "$label: $w gave no JSON report"; return 1; }
	done
}
q() { jq -r "$2" "$WORK/$1.json"; }

# The steadystate objects of a report with every number made N: their
# keys, order, layout and kinds of number (1 or 1.000000, in a string or
# not), and how many samples the arrays hold.
ss_shape() {
	awk '/"steadystate" : \{/ { on = 1; ind = match($0, /[^ ]/) }
	     on { print }
	     on && /^ *\},?$/ && match($0, /[^ ]/) == ind { on = 0 }' "$WORK/$1.out" |
		sed -E 's/-?[0-9]+/N/g'
}
# The normal reports' steadystate lines, numbers (with their sign and
# unit prefix: the example's rates are the machine's) made N and yes or
# no made X: whether a job was steady is compared apart.
line_shape() {
	grep '^  steadystate  :' "$WORK/$1.out" |
		sed -E 's/-?[0-9]+(\.[0-9]+)?([KMGT]i|[kMGT])?/N/g; s/attained=(yes|no)/attained=X/'
}

same_shape() {
	label=$1
	if [ "$(ss_shape fio)" = "$(ss_shape blk)" ] && [ -n "$(ss_shape fio)" ]; then
		pass "$label: the JSON steadystate objects have fio's keys, order and kinds ($(ss_shape blk | wc -l) lines)"
	else
		fail "$label: steadystate objects differ: blktop: $(ss_shape blk | tr -d ' ' | tr '\n' ' ') fio: $(ss_shape fio | tr -d ' ' | tr '\n' ' ')"
	fi
	if [ "$(line_shape fio)" = "$(line_shape blk)" ] && [ -n "$(line_shape fio)" ]; then
		pass "$label: the normal steadystate lines read as fio's: $(grep '^  steadystate  :' "$WORK/blk.out" | head -1)"
	else
		fail "$label: steadystate lines: blktop '$(line_shape blk)', fio '$(line_shape fio)'"
	fi
}

# expect LABEL JQ_TEST: the test holds on both reports (it prints true).
expect() {
	for w in fio blk; do
		got=$(q $w "$2" 2>&1)
		[ "$got" = true ] || { fail "$1: $w: $2 is $got ($(q $w '[.jobs[] | {jobname, attained: .steadystate.attained, criterion: .steadystate.criterion, runtime: (.read.runtime + .write.runtime), iops: .steadystate.data.iops}]' | tr -d ' \n'))"; return 1; }
	done
	pass "$1: both: $2 ($(q blk '[.jobs[] | {attained: .steadystate.attained, runtime: (.read.runtime + .write.runtime), iops: .steadystate.data.iops}]' | tr -d ' \n'); fio $(q fio '[.jobs[] | {attained: .steadystate.attained, runtime: (.read.runtime + .write.runtime), iops: .steadystate.data.iops}]' | tr -d ' \n'))"
}

# ---- a criterion a capped job meets: both end early ----
f=$(job steady "rw=randread
time_based
runtime=30
[capped]
rate_iops=200
ss=iops:20%
ss_dur=2")
if run_both "iops:20% over 2 s, 200 IO/s capped, runtime 30 s" "$f"; then
	expect "capped, iops:20%" '.jobs | length == 1 and .[0].steadystate.attained == 1 and .[0].read.runtime < 15000 and (.[0].steadystate.data.iops | length) == 2 and .[0].steadystate.duration == 2 and .[0].steadystate.ss == "iops:20.000000%"'
	same_shape "capped, iops:20%"
	grep -Eq '^  steadystate  : attained=yes, bw=[0-9]+KiB/s \([0-9]+kB/s\), iops=(1[89][0-9]|2[01][0-9]), iops mean dev=[0-9]+\.[0-9]{3}%$' \
		"$WORK/blk.out" && pass "capped, iops:20%: blktop's line says attained=yes, iops near 200" ||
		fail "capped, iops:20%: blktop's line: $(grep '^  steadystate' "$WORK/blk.out")"
fi

# group_reporting: one check over the group's summed rates, ending both
# threads; bw in bytes per second.
f=$(job group "rw=randread
time_based
runtime=30
group_reporting
[pair]
numjobs=2
rate_iops=100
ss=bw:20%
ss_dur=2")
if run_both "group_reporting, bw:20%, 2 x 100 IO/s" "$f"; then
	expect "group, bw:20%" '.jobs | length == 1 and .[0].steadystate.attained == 1 and .[0].read.runtime < 15000 and .[0].steadystate.data.iops_mean >= 160 and .[0].steadystate.data.iops_mean <= 240 and .[0].steadystate.data.bw_mean >= 160 * 4096 and .[0].steadystate.data.bw_mean <= 240 * 4096'
	same_shape "group, bw:20%"
fi

# Without group_reporting each clone is checked and ended alone; a slope
# criterion.
f=$(job clones "rw=randread
time_based
runtime=30
[clone]
numjobs=2
rate_iops=100
ss=iops_slope:10%
ss_dur=3")
if run_both "2 clones, iops_slope:10% over 3 s" "$f"; then
	expect "clones, iops_slope:10%" '.jobs | length == 2 and all(.[]; .steadystate.attained == 1 and .read.runtime < 15000 and (.steadystate.data.iops | length) == 3 and .steadystate.data.iops_mean >= 80 and .steadystate.data.iops_mean <= 120)'
	same_shape "clones, iops_slope:10%"
fi

# ---- criteria no job meets: both run to their runtime ----
f=$(job never "rw=randread
time_based
runtime=3
[never]
rate_iops=200
ss=iops:0%
ss_dur=2")
if run_both "iops:0% (no deviation is under 0)" "$f"; then
	expect "iops:0%" '.jobs[0].steadystate.attained == 0 and .jobs[0].read.runtime >= 2900 and (.jobs[0].steadystate.data.iops | length) == 2 and all(.jobs[0].steadystate.data.iops[]; . > 0)'
	same_shape "iops:0%"
	grep -q '^  steadystate  : attained=no,' "$WORK/blk.out" &&
		pass "iops:0%: blktop's line says attained=no" ||
		fail "iops:0%: blktop's line: $(grep '^  steadystate' "$WORK/blk.out")"
fi
f=$(job never_slope "rw=randwrite
time_based
runtime=3
[never]
rate_iops=200
ss=bw_slope:0
ss_dur=2")
if run_both "bw_slope:0 (no slope is under 0 in size)" "$f"; then
	expect "bw_slope:0" '.jobs[0].steadystate.attained == 0 and .jobs[0].write.runtime >= 2900 and .jobs[0].steadystate.ss == "bw_slope:0.000000" and (.jobs[0].steadystate.criterion | test("^-?[0-9]+\\.[0-9]{6}$"))'
	same_shape "bw_slope:0"
fi

# ---- ss_ramp: no sample until ss_ramp + 1 s after the start ----
f=$(job ramp "rw=randread
time_based
runtime=30
[ramp]
rate_iops=200
ss=iops:20%
ss_dur=2
ss_ramp=2")
if run_both "ss_ramp=2 with ss_dur=2" "$f"; then
	expect "ss_ramp=2" '.jobs[0].steadystate.attained == 1 and .jobs[0].read.runtime >= 3500 and .jobs[0].read.runtime < 15000'
fi

# ---- a job that ends before its window fills: unfilled seconds are 0 ----
f=$(job unfilled "rw=randread
size=256k
[short]
rate_iops=500
ss=iops:50%
ss_dur=5")
if run_both "size-bound, ends before a 5 s window fills" "$f"; then
	expect "unfilled window" '.jobs[0].steadystate.attained == 0 and (.jobs[0].steadystate.data.iops | length) == 5 and .jobs[0].steadystate.data.iops[4] == 0 and .jobs[0].steadystate.data.bw[4] == 0 and .jobs[0].read.io_bytes == 262144'
	same_shape "unfilled window"
fi

# ---- fio's examples/steadystate.fio: its two jobs (four threads each,
# group_reporting, a new group behind a stonewall) and their criteria,
# on the scratch device, with 6 s runtimes, 3 s windows, shorter ramps
# (2 s and 1 s for 10 s and 5 s) and a 32m area ----
cat >"$WORK/example.fio" <<EOF
[global]
threads=1
group_reporting
time_based
size=32m

[ss-write]
filename=$dev
rw=write
bs=128k
numjobs=4
runtime=6s
ss=iops:10%
ss_dur=3s
ss_ramp=2s

[ss-read]
new_group
stonewall
filename=$dev
rw=randread
bs=4k
numjobs=4
runtime=6s
ss=bw_slope:1%
ss_dur=3s
ss_ramp=1s
EOF
if run_both "examples/steadystate.fio" "$WORK/example.fio"; then
	expect "example" '[.jobs[] | [.jobname, .groupid, .steadystate.ss, .steadystate.duration, (.steadystate.data.iops | length), (.steadystate.data.bw | length)]] == [["ss-write", 0, "iops:10.000000%", 3, 3, 3], ["ss-read", 1, "bw_slope:1.000000%", 3, 3, 3]]'
	# Steady or not is the machine's; either way the runtime agrees.
	expect "example's ends" 'all(.jobs[]; (.read.runtime + .write.runtime) as $r | if .steadystate.attained == 1 then $r < 6100 else $r >= 5500 end)'
	same_shape "example"
fi

# ---- refusals ----
for v in foo:1 iops iops:abc IOPS:10% iopsx:1; do
	fio --name=x --filename="$dev" --rw=read --size=64k --ss="$v" --ss_dur=2 \
		--output-format=json >/dev/null 2>"$WORK/fio.err"
	frc=$?
	"$BLKTOP" --batch --run read "$dev" --size=64k --ss="$v" --ss_dur=2 \
		>/dev/null 2>"$WORK/blk.err"
	brc=$?
	if [ "$brc" = 2 ] && grep -q steadystate "$WORK/blk.err"; then
		[ "$frc" != 0 ] && pass "ss=$v refused by both (blktop: $(head -1 "$WORK/blk.err"))" ||
			fail "ss=$v: blktop refuses it (exit 2), fio 3 takes it"
	else
		fail "ss=$v: blktop exit $brc ($(head -1 "$WORK/blk.err")), fio exit $frc"
	fi
done
f=$(job mixed "rw=randread
time_based
runtime=1
[a]
ss=iops:10%
ss_dur=2
[b]")
fio "$f" --output-format=json >/dev/null 2>&1
frc=$?
"$BLKTOP" --batch --job "$f" >/dev/null 2>"$WORK/blk.err"
brc=$?
[ "$frc" != 0 ] && [ "$brc" = 2 ] && grep -q "reporting group" "$WORK/blk.err" &&
	pass "steady-state options that differ within a reporting group: fio exit $frc, blktop exit 2: $(head -1 "$WORK/blk.err")" ||
	fail "differing steady-state options in a group: fio exit $frc, blktop exit $brc: $(head -1 "$WORK/blk.err")"
finish
