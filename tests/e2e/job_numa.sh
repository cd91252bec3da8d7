#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_numa.sh - numa_cpu_nodes and numa_mem_policy as fio 3.33 applies
# them, through libnuma when blktop is built with it: started by taskset
# on one CPU, a job with numa_cpu_nodes=0 runs on every CPU of node 0
# (its thread's Cpus_allowed_list, read while it runs, is node 0's
# cpulist) while the same job without it stays on that one CPU; its
# numa_mem_policy=bind:0 shows in the thread's numa_maps; a node that is
# not there fails as fio fails (fio exits non-zero, blktop exits 2 naming
# the line and key). Built without libnuma both keys are refused by name.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v taskset >/dev/null 2>&1 || skip "taskset is missing (util-linux)"

img=$(sparse_file disk.img 16M)
dev=$(attach "$img") || die "cannot attach a loop device"

# job NAME LINES...: a job file of a read job that runs until stopped.
job() {
	name=$1
	shift
	{
		printf '[x]\nfilename=%s\ndirect=1\nioengine=psync\nrw=read\nbs=4k\n' "$dev"
		printf 'time_based=1\nruntime=30\n'
		for a; do printf '%s\n' "$a"; done
	} >"$WORK/$name.job"
}

# refused NAME KEY: blktop exits 2 naming the job file's line and KEY.
refused() {
	"$BLKTOP" --batch --force --job "$WORK/$1.job" >/dev/null 2>"$WORK/err"
	rc=$?
	if [ "$rc" = 2 ] && grep -q "$1.job:[0-9]*: $2" "$WORK/err"; then
		pass "$1: refused, naming the line and $2: $(head -1 "$WORK/err")"
	else
		fail "$1: blktop exit $rc (wanted 2 naming $2): $(head -2 "$WORK/err")"
	fi
}

if ! "$BLKTOP" --version | grep -q '^numa: libnuma'; then
	job nonuma numa_cpu_nodes=0
	refused nonuma numa_cpu_nodes
	job nonuma_mem numa_mem_policy=bind:0
	refused nonuma_mem numa_mem_policy
	skip_part "blktop is built without libnuma: only its refusals were checked"
	finish
fi
node0=/sys/devices/system/node/node0/cpulist
[ -r "$node0" ] || skip "no NUMA node 0 in /sys"
cpus0=$(cat "$node0")
[ "$cpus0" != 0 ] || skip "node 0 has CPU 0 alone: pinning to it cannot be told from taskset's"

# placed NAME: runs the job under taskset -c 0 and prints, once the job
# thread has issued I/O, each thread's Cpus_allowed_list and whether its
# numa_maps show a bind to node 0 ("TID LIST bind|-"); then stops it.
placed() {
	reads=$(awk '{ print $1 + 100 }' "/sys/block/${dev#/dev/}/stat")
	taskset -c 0 "$BLKTOP" --batch --force --job "$WORK/$1.job" >"$WORK/$1.out" 2>&1 &
	pid=$!
	on_cleanup "kill $pid 2>/dev/null || true"
	# The job thread is there and set up once the device has seen reads.
	i=0
	while [ "$(awk '{ print $1 }' "/sys/block/${dev#/dev/}/stat")" -lt "$reads" ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	for t in /proc/$pid/task/*; do
		l=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "$t/status" 2>/dev/null)
		b=-
		grep -q 'bind:0' "$t/numa_maps" 2>/dev/null && b=bind
		echo "${t##*/} $l $b"
	done
	kill -INT $pid 2>/dev/null
	wait $pid 2>/dev/null
}

job plain
placed plain >"$WORK/plain.tasks"
if [ "$(wc -l <"$WORK/plain.tasks")" -lt 2 ]; then
	fail "without numa_cpu_nodes: no job thread seen: $(tr '\n' ';' <"$WORK/plain.tasks")"
elif grep -q " $cpus0 " "$WORK/plain.tasks"; then
	fail "without numa_cpu_nodes a thread ran on $cpus0 under taskset -c 0: $(tr '\n' ';' <"$WORK/plain.tasks")"
else
	pass "without numa_cpu_nodes every thread stays on CPU 0 (taskset)"
fi

job node0 numa_cpu_nodes=0 numa_mem_policy=bind:0
placed node0 >"$WORK/node0.tasks"
if grep -q " $cpus0 bind" "$WORK/node0.tasks" && grep -q " 0 -" "$WORK/node0.tasks"; then
	pass "numa_cpu_nodes=0: the job thread runs on node 0's CPUs ($cpus0), with numa_mem_policy=bind:0; the main thread stays on CPU 0"
else
	fail "numa_cpu_nodes=0 numa_mem_policy=bind:0: threads $(tr '\n' ';' <"$WORK/node0.tasks"), node 0 is $cpus0"
fi

# A node this machine does not have: fio fails on it, blktop refuses it.
missing=$(($(ls -d /sys/devices/system/node/node[0-9]* | wc -l) + 7))
for key in numa_cpu_nodes numa_mem_policy; do
	v=$missing
	[ $key = numa_mem_policy ] && v=bind:$missing
	job "no_$key" "$key=$v"
	refused "no_$key" $key
	if command -v fio >/dev/null 2>&1; then
		sed 's/runtime=30/runtime=1/' "$WORK/no_$key.job" >"$WORK/no_$key.fio"
		if fio "$WORK/no_$key.fio" >/dev/null 2>&1; then
			fail "no_$key: fio ran $key=$v, which blktop refuses"
		else
			pass "no_$key: fio fails on $key=$v too"
		fi
	fi
done
job badpol numa_mem_policy=local:0
refused badpol numa_mem_policy
finish
