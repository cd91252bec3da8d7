#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_proc.sh - --hosts with --sweep, --profile and --suite: the
# procedure's steps run one after another, each on every host at once,
# against real OpenSSH servers on this machine only (sshd_lib.sh: each
# host in its own network namespace, or on 127.0.0.N where namespaces
# cannot be made). Two hosts, each its own scratch loop device, both
# drivers (a far-side blktop, and fio's server when fio is installed).
# Checks: the steps' count and names; each step's fleet totals equal the
# sum of the host reports, and the procedure's table (one row a step) is
# made of those totals; a step of two groups (the throughput profile:
# read, then write) gets a row per group; a profile's environment steps
# taken by each host on its own disk (rq_affinity set during the step
# and put back, the loop device's missing queue interrupt said, the
# hosts' notes in the report), and said not taken with fio's server; a
# host whose verdict refuses
# the write at the suite's first write step stops the suite there (exit
# 3), after the read step ran on both hosts, and its device is not
# written.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
require_sshd
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

remote=${BLKTOP_REAL:-$BLKTOP}
case $remote in /*) ;; *) remote=$(pwd)/$remote ;; esac

start_disk_hosts 2 3
FPORT=$((30000 + ($$ + 7) % 20000))
servers="fio --server=127.0.0.1,($FPORT|$((FPORT + 1)))\$"
on_cleanup "pkill -KILL -f '^$servers'; true"

fleet() {
	"$BLKTOP" --ssh="$SSH_CMD" --batch --remote-blktop="$remote" "$@"
}
drivers="blktop"
if command -v fio >/dev/null 2>&1; then
	drivers="blktop fio"
else
	skip_part "fio is missing: fio's server as a far side is NOT tested (apt-get install fio)"
fi
driver_args() {
	[ "$1" = fio ] && printf '%s\n' "--driver=fio --fio-port=$FPORT"
}

# sums FILE WHAT: each step's fleet totals against the sum of its hosts'
# reports, and the table's rows against the steps' totals.
sums() {
	jq -e '
	  all(.steps[]; (.fleet.read.total_ios == ([.hosts[].report.jobs[].read.total_ios] | add)) and
	    (.fleet.write.total_ios == ([.hosts[].report.jobs[].write.total_ios] | add)) and
	    (((.fleet.read.iops + .fleet.write.iops) -
	      ([.hosts[].report.jobs[] | .read.iops + .write.iops] | add)) | fabs < 0.01) and
	    (.fleet.read.total_ios + .fleet.write.total_ios > 0))' "$1" >/dev/null
}

# (An empty output is kept as null: jq -e passes on no input at all.)
for drv in $drivers; do
	# A block-size sweep over two values: 512 and 1k (--size=1k ends it).
	out=$(fleet $(driver_args "$drv") --output-format=json --hosts="$h2=$dev2,$h3=$dev3" \
		--sweep=bs --size=1k --runtime=1 2>"$WORK/err")
	rc=$?
	printf '%s\n' "${out:-null}" >"$WORK/sweep_$drv.json"
	[ $rc = 0 ] || fail "$drv sweep: exit $rc: $(cat "$WORK/err")"
	jq -e '.procedure == "bs" and ([.steps[].label] == ["512", "1k"]) and
		([.steps[].step] == [1, 2]) and
		all(.steps[]; .started and (.hosts | length == 2) and all(.hosts[]; .state == "done"))' \
		"$WORK/sweep_$drv.json" >/dev/null &&
		pass "$drv sweep: two steps, 512 and 1k, both hosts done in each" ||
		fail "$drv sweep: $(jq -c '[.steps[]? | {step: .step, label: .label, states: [.hosts[].state], messages: [.hosts[].message]}]' "$WORK/sweep_$drv.json" 2>&1) $(head -c 600 "$WORK/err")"
	sums "$WORK/sweep_$drv.json" && pass "$drv sweep: each step's fleet totals = the sum of the host reports" ||
		fail "$drv sweep: $(jq -c '[.steps[]? | {fleet: .fleet.read.total_ios, hosts: [.hosts[].report.jobs[].read.total_ios]}]' "$WORK/sweep_$drv.json" 2>&1)"
	# The hosts really ran each step's block size.
	jq -e --arg d "$drv" '[.steps[] | [.hosts[].report.jobs[0].read | .io_bytes / .total_ios]] ==
		[[512, 512], [1024, 1024]]' "$WORK/sweep_$drv.json" >/dev/null &&
		pass "$drv sweep: each host did 512-byte, then 1 KiB reads" ||
		fail "$drv sweep: sizes $(jq -c '[.steps[] | [.hosts[].report.jobs[0].read | {io_bytes, total_ios}]]' "$WORK/sweep_$drv.json")"
	jq -e '(.table.rows | length) == 2 and
		([.table.rows[].iops] | map(. * 10 | round)) ==
		([.steps[] | .fleet.read.iops + .fleet.write.iops] | map(. * 10 | round))' \
		"$WORK/sweep_$drv.json" >/dev/null &&
		pass "$drv sweep: the procedure's table has a row a step, from the fleet's totals" ||
		fail "$drv sweep: table $(jq -c '.table.rows' "$WORK/sweep_$drv.json" | head -c 800)"

	# The throughput profile: one step of two groups (1M reads, then
	# writes), with the write allowed: two rows, each its group's totals.
	out=$(fleet $(driver_args "$drv") --output-format=json --hosts="$h2=$dev2,$h3=$dev3" \
		--profile=throughput --size=4m --runtime=1 --bs=64k --force 2>"$WORK/err")
	rc=$?
	printf '%s\n' "${out:-null}" >"$WORK/tp_$drv.json"
	[ $rc = 0 ] || fail "$drv throughput: exit $rc: $(cat "$WORK/err")"
	jq -e '(.steps | length) == 1 and (.table.rows | length) == 2 and
		([.table.rows[].test] == ["seq-read", "seq-write"]) and
		all(.steps[0].hosts[]; .state == "done" and (.report.jobs | length) == 2)' \
		"$WORK/tp_$drv.json" >/dev/null &&
		jq -e '.steps[0].label == "seq-read, seq-write"' "$WORK/tp_$drv.json" >/dev/null &&
		pass "$drv throughput: one step (seq-read, seq-write), two rows" ||
		fail "$drv throughput: $(jq -c '{steps: [.steps[]? | {label: .label, states: [.hosts[].state], jobs: [.hosts[].report.jobs | length]}], rows: [.table.rows[]?.test]}' "$WORK/tp_$drv.json" 2>&1) $(head -c 600 "$WORK/err")"
	sums "$WORK/tp_$drv.json" && jq -e '
		(.table.rows[0].iops * 10 | round) ==
		  ([.steps[0].hosts[].report.jobs[0] | .read.iops + .write.iops] | add * 10 | round) and
		(.table.rows[1].iops * 10 | round) ==
		  ([.steps[0].hosts[].report.jobs[1] | .read.iops + .write.iops] | add * 10 | round) and
		(.table.rows[1].iops > 0)' "$WORK/tp_$drv.json" >/dev/null &&
		pass "$drv throughput: fleet totals = the sum of the host reports, row by group" ||
		fail "$drv throughput: rows $(jq -c '[.table.rows[]? | {test: .test, iops: .iops}]' "$WORK/tp_$drv.json") hosts $(jq -c '[.steps[0].hosts[].report.jobs[] | .read.iops + .write.iops]' "$WORK/tp_$drv.json")"
done

# A profile's environment on each host: the far-side blktop takes it on
# its own loop device (--profile-env). rq_affinity there reads 2 while the
# latency step runs and is put back after; a loop device has no queue
# interrupt, so each host says its job is not pinned, and why; the hosts'
# notes reach the report (JSON: each host's notes and its report's
# blktop.notes; normal: under the host's line). fio's server cannot take
# them: the run says so.
rq() { cat "/sys/block/${1##*/}/queue/rq_affinity"; }
for d in "$dev2" "$dev3"; do
	echo 1 >"/sys/block/${d##*/}/queue/rq_affinity" || die "cannot set rq_affinity of $d to 1"
done
# set_during DEV VALUE: rq_affinity of DEV reads VALUE while the host's
# blktop runs the step on DEV.
set_during() {
	i=0
	while [ $i -lt 400 ]; do
		if pgrep -f "^$remote --batch --output-format=jsonl .*$1( |\$)" >/dev/null &&
			[ "$(rq "$1")" = "$2" ]; then
			return 0
		fi
		i=$((i + 1))
		sleep 0.05
	done
	return 1
}
fleet --output-format=json --hosts="$h2=$dev2,$h3=$dev3" --profile=latency --size=4m \
	--runtime=4 >"$WORK/lat.json" 2>"$WORK/lat.err" &
lpid=$!
for d in "$dev2" "$dev3"; do
	set_during "$d" 2 && pass "latency: rq_affinity of $d reads 2 while its host runs the step" ||
		fail "latency: rq_affinity of $d never read 2 during the step (reads $(rq "$d")): $(head -c 600 "$WORK/lat.err")"
done
wait $lpid
rc=$?
[ -s "$WORK/lat.json" ] || printf 'null\n' >"$WORK/lat.json"
[ $rc = 0 ] || fail "latency: exit $rc: $(cat "$WORK/lat.err")"
[ "$(rq "$dev2")" = 1 ] && [ "$(rq "$dev3")" = 1 ] &&
	pass "latency: both hosts put rq_affinity back to 1 after the step" ||
	fail "latency: rq_affinity after the step: $(rq "$dev2") and $(rq "$dev3"), not 1"
jq -e '(.steps | length) == 1 and (.steps[0].hosts | length) == 2 and
	all(.steps[0].hosts[]; .state == "done" and (.target | split("/") | last) as $d |
	  (.notes | any(startswith("rq_affinity: 1 -> 2 on " + $d + ": "))) and
	  (.notes | any(startswith("queue interrupts: " + $d + " has no device of its own") and
	    contains("there is no device interrupt to pin to; the job is not pinned"))) and
	  (.notes | any(. == "rq_affinity: put back to 1 on " + $d)) and
	  (.notes | any(startswith("  scheduler "))))' "$WORK/lat.json" >/dev/null &&
	pass "latency: each host's notes: rq_affinity 1 -> 2 and back on its disk, its job not pinned (no queue interrupt on a loop device)" ||
	fail "latency: notes $(jq -c '[.steps[]?.hosts[]? | {target, state, notes}]' "$WORK/lat.json" 2>&1 | head -c 1500)"
jq -e 'all(.steps[0].hosts[]; (.notes | length) > 0 and .report.blktop.notes == .notes)' "$WORK/lat.json" >/dev/null &&
	pass "latency: each far side's own report carries its notes (blktop.notes)" ||
	fail "latency: blktop.notes $(jq -c '[.steps[]?.hosts[]? | .report.blktop.notes]' "$WORK/lat.json" 2>&1 | head -c 800)"
grep -q "^environment: each host takes the profile's checks, rq_affinity and IRQ pinning itself" "$WORK/lat.err" &&
	pass "latency: the procedure says each host takes its environment" ||
	fail "latency: stderr $(head -c 800 "$WORK/lat.err")"

# The IOPS profile (rq_affinity 0, no pinning) in the normal report: each
# host's notes under its line in the step's section.
out=$(fleet --hosts="$h2=$dev2,$h3=$dev3" --profile=iops --size=4m --runtime=1 --numjobs=2 \
	--iodepth=4 2>"$WORK/err")
rc=$?
printf '%s\n' "$out" >"$WORK/iops.txt"
[ $rc = 0 ] || fail "iops: exit $rc: $(cat "$WORK/err")"
for n in 2 3; do
	eval "h=\$h$n d=\$dev$n"
	awk -v h="$h: done" 'index($0, h) == 1 { on = 1; next } /^[^ ]/ { on = 0 } on' \
		"$WORK/iops.txt" >"$WORK/iops_$n"
	grep -q "^  rq_affinity: 1 -> 0 on ${d##*/}: " "$WORK/iops_$n" &&
		grep -q "^  rq_affinity: put back to 1 on ${d##*/}\$" "$WORK/iops_$n" &&
		! grep -q "queue interrupts" "$WORK/iops_$n" &&
		pass "iops: $h's section says rq_affinity 1 -> 0 on ${d##*/} and back, no pinning" ||
		fail "iops: $h's section: $(cat "$WORK/iops_$n") / $(head -c 1500 "$WORK/iops.txt")"
done
[ "$(rq "$dev2")" = 1 ] && [ "$(rq "$dev3")" = 1 ] &&
	pass "iops: rq_affinity back to 1 on both hosts" ||
	fail "iops: rq_affinity after: $(rq "$dev2") and $(rq "$dev3")"

if command -v fio >/dev/null 2>&1; then
	fleet --driver=fio --fio-port=$FPORT --output-format=json --hosts="$h2=$dev2,$h3=$dev3" \
		--profile=latency --size=4m --runtime=1 --force >"$WORK/latfio.json" 2>"$WORK/latfio.err"
	rc=$?
	[ -s "$WORK/latfio.json" ] || printf 'null\n' >"$WORK/latfio.json"
	grep -q "^environment: with --driver=fio the profile's checks, rq_affinity and IRQ pinning are not taken" "$WORK/latfio.err" &&
		jq -e 'all(.steps[0].hosts[]; .state == "done" and .notes == [])' "$WORK/latfio.json" >/dev/null &&
		[ "$(rq "$dev2")" = 1 ] &&
		pass "fio latency: not taken with fio's server, and the run says so (exit $rc)" ||
		fail "fio latency: exit $rc: $(head -c 800 "$WORK/latfio.err") $(jq -c '[.steps[]?.hosts[]? | {state, notes}]' "$WORK/latfio.json" 2>&1)"
fi

# The normal report: per step, each host's line and the fleet's, then the
# table, for the seven-test matrix's first steps; here host 3's device
# has a filesystem, so the first write step is refused there and the
# suite ends at step 2 with exit 3, after step 1 (reads) ran on both.
mkfs.ext4 -q -F "$dev3" >/dev/null 2>&1 || die "mkfs.ext4 failed"
w3=$(awk '{ print $7 }' "/sys/block/$(basename "$dev3")/stat")
out=$(fleet --hosts="$h2=$dev2,$h3=$dev3" --suite=seven --size=4m --runtime=1 2>"$WORK/err")
rc=$?
printf '%s\n' "$out" >"$WORK/seven.txt"
[ $rc = 3 ] || fail "refused write step: exit $rc, not 3: $(cat "$WORK/err")"
grep -q '^Step 1 of 7: Seq_Read_IOPS_Test' "$WORK/seven.txt" &&
	grep -q '^Step 2 of 7: Seq_Write_IOPS_Test' "$WORK/seven.txt" &&
	! grep -q '^Step 3 of 7' "$WORK/seven.txt" &&
	pass "refused write step: steps 1 and 2 of 7, no step 3" ||
	fail "refused write step: $(grep '^Step' "$WORK/seven.txt")"
# Step 1: both hosts done and the fleet's line; step 2: host 3 refused
# (has-data), host 2 not started.
awk '/^Step 1 of 7/ { on = 1; next } /^Step 2/ { on = 0 } on' "$WORK/seven.txt" >"$WORK/s1"
awk '/^Step 2 of 7/ { on = 1; next } /^The fleet/ { on = 0 } on' "$WORK/seven.txt" >"$WORK/s2"
grep -q "^$h2: done" "$WORK/s1" && grep -q "^$h3: done" "$WORK/s1" &&
	grep -q '^Fleet: 2 hosts, 2 reported' "$WORK/s1" &&
	pass "refused write step: step 1 ran on both hosts" ||
	fail "refused write step: step 1: $(cat "$WORK/s1")"
grep -q "^$h3: refused.*verdict has-data" "$WORK/s2" && grep -q "^$h2: not-started" "$WORK/s2" &&
	grep -q '^Fleet: not started' "$WORK/s2" &&
	pass "refused write step: step 2 refused by $h3 (has-data), $h2 not started" ||
	fail "refused write step: step 2: $(cat "$WORK/s2")"
grep -q "host $h3 refused the step" "$WORK/err" &&
	pass "refused write step: the refusing host named on stderr" ||
	fail "refused write step: stderr $(cat "$WORK/err")"
grep -q 'Seq_Read_IOPS_Test' "$WORK/seven.txt" && grep -q '^The fleet.s totals, step by step (2 hosts)' "$WORK/seven.txt" &&
	pass "refused write step: the table of the fleet's totals follows" ||
	fail "refused write step: no table: $(tail -n 20 "$WORK/seven.txt")"
[ "$(awk '{ print $7 }' "/sys/block/$(basename "$dev3")/stat")" = "$w3" ] ||
	fail "refused write step: $dev3 was written although it refused"

# No blktop or fio server of ours left on any host.
i=0
while pgrep -f "^$remote (--dry-run|--batch) --output-format=jsonl" >/dev/null ||
	pgrep -f "^$servers" >/dev/null; do
	i=$((i + 1))
	[ $i -lt 100 ] || { fail "a far side is still running: $(pgrep -af "^$remote|^$servers")"; break; }
	sleep 0.1
done
finish
