#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_samples.sh - bw_samples and iops_samples, and bw_min/max/mean and
# iops_min/max/mean, against fio 3.33 on one scratch loop device. fio's
# helper thread takes a sample each bwavgtime (iopsavgtime) while the
# job runs and none at its end: a 2 s job at 500 ms has 3, not 4. The jobs
# are paced (rate_iops) so that the samples' values do not depend on the
# machine.
#
# Tolerances, where timing makes them unavoidable:
# - a sample covers the whole milliseconds since the last one, which a
#   loaded machine stretches by a millisecond or two: 200 IOPS shows as
#   199 or 201; bw and iops min, max and mean are compared within 5%.
# - fio's count at a period ending just at the runtime is a race between
#   its job ending and its helper waking: on a loaded machine fio's job
#   can end late enough for one more sample. fio's count may then be
#   blktop's plus one, only when fio's runtime went past the runtime by a
#   millisecond or more (said in the pass line). That extra sample covers
#   the period in which fio's job was ending and is lower: then only the
#   maxima, which both take from whole periods, are compared.
# - a loaded machine can delay either tool's job for part of a short
#   period (at 250 ms, fio's minimum was once 184 IOPS beside blktop's
#   200, fio's own samples 184 to 204). A case that disagrees is run
#   again, up to three times, and passes on the first attempt whose
#   figures all agree; a real miscount disagrees every time.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk 64M) || die "sparse file"
dev=$(attach "$img") || die "attach"

# within A B PCT: |A - B| <= PCT% of B.
within() {
	awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= b * p / 100 + 1e-9) }'
}

# attempt LABEL ARGS...: the same paced randread by fio and blktop, its
# verdicts in $WORK/verdicts ("ok: ..." or "FAIL: ..." a line).
attempt() {
	: >"$WORK/verdicts"
	label=$1
	shift
	fio --name=s --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=libaio --iodepth=4 \
		--rate_iops=200 --output-format=json "$@" >"$WORK/fio.json" 2>"$WORK/fio.err" ||
		{ echo "FAIL: $label: fio exit $?: $(head -c 300 "$WORK/fio.err")" >>"$WORK/verdicts"; return; }
	"$BLKTOP" --batch --name=s --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=libaio \
		--iodepth=4 --rate_iops=200 --output-format=json "$@" >"$WORK/bt.json" 2>"$WORK/bt.err" ||
		{ echo "FAIL: $label: blktop exit $?: $(head -c 300 "$WORK/bt.err")" >>"$WORK/verdicts"; return; }
	q='.jobs[0].read | "\(.bw_samples) \(.iops_samples) \(.runtime)"'
	# shellcheck disable=SC2046
	set -- $(jq -r "$q" "$WORK/fio.json") $(jq -r "$q" "$WORK/bt.json")
	fb=$1 fi=$2 frt=$3 bb=$4 bi=$5 brt=$6
	keys="bw_min bw_max bw_mean iops_min iops_max iops_mean"
	if [ "$bb" = "$fb" ] && [ "$bi" = "$fi" ]; then
		echo "ok: $label: bw_samples $bb, iops_samples $bi as fio (runtime fio $frt ms, blktop $brt ms)" >>"$WORK/verdicts"
	elif [ "$fb" = $((bb + 1)) ] && [ "$fi" = $((bi + 1)) ] && [ "$frt" -gt "$want_rt" ]; then
		echo "ok: $label: fio's job ran to $frt ms, past its $want_rt ms, and took one more sample ($fb) than blktop ($bb): the race at the runtime's end" >>"$WORK/verdicts"
		keys="bw_max iops_max"
	else
		echo "FAIL: $label: samples bw/iops fio $fb/$fi, blktop $bb/$bi (runtime fio $frt, blktop $brt)" >>"$WORK/verdicts"
	fi
	for k in $keys; do
		f=$(jq ".jobs[0].read.$k" "$WORK/fio.json") b=$(jq ".jobs[0].read.$k" "$WORK/bt.json")
		if within "$b" "$f" 5; then
			echo "ok: $label: $k $b, fio $f" >>"$WORK/verdicts"
		else
			echo "FAIL: $label: $k blktop $b, fio $f" >>"$WORK/verdicts"
		fi
	done
}

# case_ LABEL ARGS...: attempt, retried as retry_case (lib.sh) says.
case_() { retry_case attempt "$@"; }

want_rt=1000
case_ "1 s" --runtime=1 --time_based
want_rt=2000
case_ "2 s" --runtime=2 --time_based
want_rt=2300
case_ "2.3 s" --runtime=2300ms --time_based
want_rt=1000
case_ "1 s at 250 ms" --runtime=1 --time_based --bwavgtime=250 --iopsavgtime=250
# Ended by its size (240 I/Os at 200 IOPS: 1.2 s): 500 and 1000 only.
want_rt=1200
case_ "1.2 s by size" --size=960k

finish
