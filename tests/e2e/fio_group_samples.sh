#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_group_samples.sh - bw and iops samples with group_reporting and
# numjobs=2, against fio 3.33 on one scratch loop device. fio samples each
# thread on its own clock and sums the threads' samples (counts, minima,
# maxima, means), so two clones give twice one clone's samples and the
# group's rate as the mean; a latency_target reset restarts each thread's
# samples alone. The jobs are paced so that the figures do not depend on
# the machine, and the periods end clear of the runtime's end (no race
# between fio's job ending and its sampler). Means, minima and maxima
# within 5% (a loaded machine stretches a period by a millisecond or two),
# and each clone alone without group_reporting.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk 64M) || die "sparse file"
dev=$(attach "$img") || die "attach"

within() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= b * 0.05 + 1e-9) }'
}

# attempt LABEL ARGS...: the same job by both tools, their samples
# compared; verdicts in $WORK/verdicts ("ok: ..." or "FAIL: ..." a line).
attempt() {
	: >"$WORK/verdicts"
	label=$1
	shift
	fio --name=g --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=libaio \
		--numjobs=2 --group_reporting="${GR:-1}" --output-format=json "$@" >"$WORK/fio.json" \
		2>"$WORK/fio.err" ||
		{ echo "FAIL: $label: fio exit $?: $(head -c 300 "$WORK/fio.err")" >>"$WORK/verdicts"; return; }
	"$BLKTOP" --batch --name=g --filename="$dev" --rw=randread --bs=4k --direct=1 \
		--ioengine=libaio --numjobs=2 --group_reporting="${GR:-1}" --output-format=json "$@" \
		>"$WORK/bt.json" 2>"$WORK/bt.err" ||
		{ echo "FAIL: $label: blktop exit $?: $(head -c 300 "$WORK/bt.err")" >>"$WORK/verdicts"; return; }
	nj=$(jq '.jobs | length' "$WORK/fio.json")
	[ "$(jq '.jobs | length' "$WORK/bt.json")" = "$nj" ] ||
		echo "FAIL: $label: jobs[] not $nj long as fio's" >>"$WORK/verdicts"
	j=0
	while [ "$j" -lt "$nj" ]; do
		for k in bw_samples iops_samples; do
			f=$(jq ".jobs[$j].read.$k" "$WORK/fio.json") b=$(jq ".jobs[$j].read.$k" "$WORK/bt.json")
			if [ -n "$f" ] && [ "$b" = "$f" ]; then
				echo "ok: $label: jobs[$j] $k $b as fio"
			else
				echo "FAIL: $label: jobs[$j] $k blktop $b, fio $f"
			fi >>"$WORK/verdicts"
		done
		for k in bw_mean bw_min bw_max iops_mean iops_min iops_max runtime; do
			f=$(jq ".jobs[$j].read.$k" "$WORK/fio.json") b=$(jq ".jobs[$j].read.$k" "$WORK/bt.json")
			if within "$b" "$f"; then
				echo "ok: $label: jobs[$j] $k $b, fio $f"
			else
				echo "FAIL: $label: jobs[$j] $k blktop $b, fio $f"
			fi >>"$WORK/verdicts"
		done
		j=$((j + 1))
	done
}

# case_ LABEL ARGS...: attempt, retried as retry_case (lib.sh) says.
case_() { retry_case attempt "$@"; }

# 2.3 s at 500 ms: 4 samples a thread, 8 for the group, its mean 2x200.
case_ "2.3 s, 2 clones" --iodepth=4 --rate_iops=200 --runtime=2300ms --time_based=1
# latency_target settles in about 2 s, then each thread's last 500 ms
# window alone counts: 2 samples at 200 ms a thread, 4 for the group.
case_ "latency_target reset, 2 clones" --iodepth=8 --rate_iops=2000 --latency_target=10s \
	--latency_window=500ms --runtime=30 --time_based=1 --bwavgtime=200 --iopsavgtime=200
# Without group_reporting each clone is its own entry: its reset, as the
# depth it searches settles, restarts its own counts, runtime and samples
# (its last 500 ms window: 2 samples at 200 ms, runtime about 500 ms).
GR=0 case_ "latency_target reset, 2 clones, no group_reporting" --iodepth=8 --rate_iops=2000 \
	--latency_target=10s --latency_window=500ms --runtime=30 --time_based=1 --bwavgtime=200 \
	--iopsavgtime=200

finish
