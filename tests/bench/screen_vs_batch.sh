#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_vs_batch.sh - benchmark (not run by make check; run from a build
# tree as root: top_srcdir=SRC top_builddir=BUILD sh tests/bench/screen_vs_batch.sh):
# IOPS of a job under the screen against the same job with --batch, on a
# scratch loop device (a sparse file in /dev/shm, direct I/O), the goal
# being at least 0.98x. Pairs alternate which of the two goes first, so a
# drift of the machine's load hits both sides alike; each pair gives the
# ratio screen/batch and the median of the ratios is the figure. The
# screen run is left once its state shows DONE, looked for only after the
# runtime has passed, so no poller competes with the job meanwhile.
# Tunables: BLKTOP_BENCH_PAIRS (7), BLKTOP_BENCH_SECS (10 s a run),
# BLKTOP_BENCH_JOB (randread), BLKTOP_BENCH_OPTS (--iodepth=1 --bs=4k).
# The load average before and after is printed with the figure: other
# work on the machine widens the spread of the ratios.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"

pairs=${BLKTOP_BENCH_PAIRS:-7}
secs=${BLKTOP_BENCH_SECS:-10}
job=${BLKTOP_BENCH_JOB:-randread}
opts=${BLKTOP_BENCH_OPTS:---iodepth=1 --bs=4k}
dev=$(attach "$(sparse_file bench.img 1G)") || die "cannot attach a loop device"
DEV=$(basename "$dev")

iops_of() {
	awk '/IOPS=/ {
		v = $0; sub(/.*IOPS=/, "", v); sub(/,.*/, "", v)
		m = 1; if (v ~ /k$/) m = 1000; if (v ~ /M$/) m = 1000000
		sub(/[kM]$/, "", v); printf "%d\n", v * m; exit }' "$1"
}

run_batch() {
	# shellcheck disable=SC2086
	"$BLKTOP" --batch --run "$job" "$dev" $opts --runtime="$secs" --time_based=1 \
		>"$WORK/batch.out" 2>&1
}

run_screen() {
	rm -f "$WORK/screen.out"
	new_session "s$1" -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
	tm send-keys -t "s$1" "\"$BLKTOP\" --run $job $dev $opts --runtime=$secs --time_based=1 > $WORK/screen.out; echo EXIT=\$?" Enter
	# Nothing watches the screen while the job runs: wait_for's polling
	# (a tmux client, grep and a clock read ten times a second) takes a
	# few percent of a core, which the batch side does not pay. One
	# sleep through the runtime, then the condition.
	sleep "$secs"
	wait_for "s$1" "-> $DEV .* DONE" $((secs * 1000 + 60000)) || {
		note "pair $1: the screen run never showed DONE"
		return 1
	}
	tm send-keys -t "s$1" q
	wait_for "s$1" "EXIT=" 30000 || note "pair $1: the screen did not quit"
	tm kill-session -t "s$1" 2>/dev/null
}

load0=$(cut -d' ' -f1-3 /proc/loadavg)
: >"$WORK/ratios"
p=1
while [ "$p" -le "$pairs" ]; do
	if [ $((p % 2)) = 1 ]; then
		run_batch; run_screen "$p"
	else
		run_screen "$p"; run_batch
	fi
	b=$(iops_of "$WORK/batch.out")
	s=$(iops_of "$WORK/screen.out")
	if [ -z "$b" ] || [ -z "$s" ] || [ "$b" = 0 ]; then
		fail "pair $p: no IOPS (batch '$b', screen '$s')"
	else
		r=$(echo "$s $b" | awk '{ printf "%.4f", $1 / $2 }')
		note "pair $p ($( [ $((p % 2)) = 1 ] && echo batch first || echo screen first)): batch $b IOPS, screen $s IOPS, ratio $r"
		echo "$r" >>"$WORK/ratios"
	fi
	p=$((p + 1))
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)
median=$(sort -n "$WORK/ratios" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else if (NR) printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
spread=$(sort -n "$WORK/ratios" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { if (NR) print lo "-" hi }')
what="median screen/batch IOPS ratio $median over $(wc -l <"$WORK/ratios") pairs (range $spread; $job $opts, ${secs} s runs on $DEV; load average $load0 before, $load1 after, $ncpu CPUs)"
if [ -z "$median" ]; then
	fail "no IOPS to compare"
elif awk -v m="$median" 'BEGIN { exit !(m >= 0.98) }'; then
	pass "$what: at least 0.98"
elif busy; then
	note "NOT JUDGED: the machine is busy with other work; $what"
else
	fail "$what: under 0.98"
fi
finish
