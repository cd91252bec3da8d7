#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_logs_reset.sh - fio's log files across a latency_target reset. As
# the depth settles fio starts the job's statistics again and moves the
# job's epoch, which the logs' times count from: the lines written so far
# stay and the later ones count from the reset (0 again). Averaged logs
# keep their windows' last close, so what follows the reset gathers into
# one line at the end; the histogram log's window wraps and gives a line
# per I/O. The same paced job (2000 IOPS, a 10 s target every I/O meets,
# 500 ms windows: the search settles in about 2 s and the last window
# runs 500 ms) by fio 3.33 and blktop on one scratch loop device.
#
# A loaded machine stretches the search and slows the paced I/O, so
# fio's counts are only a rough guide (within 30%); each tool's own
# report is the exact one: the lines after the reset are its clat N (2
# I/Os of slack for what is in flight as the job ends) and end at its
# runtime (20 ms of slack).
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

case $BLKTOP in /*) ;; *) BLKTOP=$(pwd)/$BLKTOP ;; esac

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"

JOB="--rw=randread --bs=4k --ioengine=libaio --iodepth=8 --latency_target=10s
--latency_window=500ms --rate_iops=2000 --runtime=30 --time_based=1"

# run TOOL DIR ARGS...: the job in DIR.
run() {
	tool=$1 dir=$WORK/$1.$2
	shift 2
	mkdir -p "$dir"
	if [ "$tool" = fio ]; then
		# shellcheck disable=SC2086
		(cd "$dir" && fio --name=x --filename="$dev" --direct=1 $JOB "$@" \
			--output-format=json >out.json 2>err.txt) ||
			{ fail "fio $*: $(head -c 300 "$dir/err.txt")"; return 1; }
	else
		# shellcheck disable=SC2086
		(cd "$dir" && "$BLKTOP" --batch --name=x --filename="$dev" --direct=1 $JOB "$@" \
			--output-format=json >out.json 2>err.txt) ||
			{ fail "blktop $*: $(head -c 300 "$dir/err.txt")"; return 1; }
	fi
}

# within A B PCT SLACK: |A - B| <= PCT% of B + SLACK.
within() {
	awk -v a="$1" -v b="$2" -v p="$3" -v s="$4" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= b * p / 100 + s) }'
}
# key TOOL CASE KEY: a key of jobs[0] in that run's report.
key() { sed -n '/^{/,$p' "$WORK/$1.$2/out.json" | jq ".jobs[0].$3"; }

# facts FILE: "restarts lines_before lines_after first_after last big"
# where restarts counts the times that go back, and big the fields of
# the first line after a restart over 10^12 (a wrapped difference).
facts() {
	awk -F', ' '
		NR > 1 && $1 + 0 < prev { r++; if (r == 1) { first = $1 + 0; for (i = 4; i <= NF; i++) if (length($i) > 12) big++ } }
		{ if (r) after++; else before++; prev = $1 + 0; last = $1 + 0 }
		END { printf "%d %d %d %d %d %d\n", r, before, after, (r ? first : -1), last, big }' "$1"
}

# compare CASE FILE: the facts of FILE in fio's run and in blktop's.
compare() {
	c=$1 f=$2
	[ -s "$WORK/fio.$c/$f" ] || { fail "$c: fio wrote no $f"; return; }
	[ -s "$WORK/blk.$c/$f" ] || { fail "$c: blktop wrote no $f"; return; }
	# shellcheck disable=SC2046
	set -- $(facts "$WORK/fio.$c/$f") $(facts "$WORK/blk.$c/$f")
	fr=$1 fb=$2 fa=$3 ff=$4 fl=$5 fbig=$6 br=$7 bb=$8 ba=$9
	shift 9
	bf=$1 bl=$2 bbig=$3
	what="fio restarts $fr, lines $fb+$fa, first after $ff, last $fl; blktop $br, $bb+$ba, $bf, $bl"
	[ "$br" = "$fr" ] && [ "$fr" = 1 ] && pass "$c $f: the times restart once, as fio's" ||
		{ fail "$c $f: $what"; return; }
	within "$bb" "$fb" 30 5 && within "$ba" "$fa" 30 5 &&
		pass "$c $f: $bb lines before the reset and $ba after, fio $fb and $fa" ||
		fail "$c $f: lines $what"
	case $c$f in
	avgx_bw* | avgx_iops*) ;;
	*) within "$bf" "$ff" 0 20 && pass "$c $f: the first line after the reset at $bf ms, fio $ff" ||
		fail "$c $f: times $what" ;;
	esac
	for t in fio blk; do
		if [ $t = fio ]; then after=$fa last=$fl; else after=$ba last=$bl; fi
		rt=$(key $t "$c" read.runtime) n=$(key $t "$c" read.clat_ns.N)
		# Averaged logs: one line at the end; bw and iops come from
		# fio's sampler, which closes later than its job.
		case $c$f in avg*hist*) ;; avg*) n=1 ;; esac
		case $c$f in
		avgx_bw* | avgx_iops*) in_rt=$(awk -v l="$last" -v r="$rt" 'BEGIN { print (l >= r - 20) }') ;;
		*) in_rt=$(awk -v l="$last" -v r="$rt" 'BEGIN { d = l - r; if (d < 0) d = -d; print (d <= 20) }') ;;
		esac
		if within "$after" "$n" 0 2 && [ "$in_rt" = 1 ]; then
			pass "$c $f: $t's lines after the reset: $after, ending at $last ms (its report: N $n, runtime $rt ms)"
		else
			fail "$c $f: $t's lines after the reset: $after, ending at $last ms; its report: N $n, runtime $rt ms"
		fi
	done
	if [ "$fbig" -gt 0 ] || [ "$bbig" -gt 0 ]; then
		[ "$fbig" -gt 0 ] && [ "$bbig" -gt 0 ] &&
			pass "$c $f: the first line after the reset wraps as fio's ($bbig fields, fio $fbig)" ||
			fail "$c $f: wrapped fields after the reset: fio $fbig, blktop $bbig"
	fi
}

# ---- one line per I/O ----
LOGS="--write_lat_log=x --write_bw_log=x --write_iops_log=x"
# shellcheck disable=SC2086
run fio per $LOGS && run blk per $LOGS &&
	for f in x_clat.1.log x_lat.1.log x_slat.1.log x_bw.1.log x_iops.1.log; do
		compare per "$f"
	done

# ---- averaged over 100 ms, and the histogram log ----
# shellcheck disable=SC2086
run fio avg $LOGS --log_avg_msec=100 --write_hist_log=x --log_hist_msec=100 &&
	run blk avg $LOGS --log_avg_msec=100 --write_hist_log=x --log_hist_msec=100 &&
	for f in x_clat.1.log x_bw.1.log x_iops.1.log x_clat_hist.1.log; do
		compare avg "$f"
	done

# ---- averaged bw and iops close with the run ----
# fio's bw and iops samples are its helper thread's, which logs what
# their windows hold as it stops, once every job has ended: with a second
# job running on past this one's end, the line after the reset comes at
# the run's end on this job's clock (its runtime plus the time the other
# job ran on), not at this job's end. The gaps compare within 25% + 100 ms.
LATE="--name=y --filename=$dev --direct=1 --rw=read --bs=4k --rate_iops=500 --runtime=5 --time_based=1"
# shellcheck disable=SC2086
run fio end $LOGS --log_avg_msec=100 $LATE && run blk end $LOGS --log_avg_msec=100 $LATE &&
	for f in x_bw.1.log x_iops.1.log; do
		fg=$(( $(tail -1 "$WORK/fio.end/$f" | cut -d, -f1) - $(key fio end read.runtime) ))
		bg=$(( $(tail -1 "$WORK/blk.end/$f" | cut -d, -f1) - $(key blk end read.runtime) ))
		[ "$fg" -gt 500 ] && within "$bg" "$fg" 25 100 &&
			pass "end $f: the last line $bg ms after the job's runtime, at the run's end, fio $fg ms" ||
			fail "end $f: the last line $bg ms after the job's runtime, fio $fg ms"
	done

finish
