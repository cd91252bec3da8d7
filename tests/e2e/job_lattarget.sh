#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_lattarget.sh - fio's latency_target, latency_window,
# latency_percentile and latency_run, run by blktop and by fio 3 on the
# same scratch loop device. The depth a search finds depends on the
# machine's load, so only what cannot flake is compared exactly: the
# reported target, window and percentile, a target no I/O meets (both end
# at depth 1; with a 100% percentile both fail with error 110) and one
# every I/O meets (both reach iodepth). Bad values are refused naming
# the option.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"

# both LABEL ARGS...: the same job by fio and by blktop, JSON in
# $WORK/fio.json and $WORK/blk.json, exit codes in frc and brc.
both() {
	label=$1
	shift
	fio --name=x --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=libaio \
		--iodepth=8 --output-format=json "$@" >"$WORK/fio.out" 2>"$WORK/fio.err"
	frc=$?
	# fio puts its job's error line on stdout ahead of the JSON.
	sed -n '/^{/,$p' "$WORK/fio.out" >"$WORK/fio.json"
	"$BLKTOP" --batch --run randread "$dev" --bs=4k --ioengine=libaio --iodepth=8 \
		--output-format=json "$@" >"$WORK/blk.out" 2>"$WORK/blk.err"
	brc=$?
	sed -n '/^{/,$p' "$WORK/blk.out" >"$WORK/blk.json"
	jq -e '.jobs[0]' "$WORK/fio.json" >/dev/null 2>&1 ||
		{ fail "$label: fio gave no report (exit $frc): $(tail -2 "$WORK/fio.err")"; return 1; }
	jq -e '.jobs[0]' "$WORK/blk.json" >/dev/null 2>&1 ||
		{ fail "$label: blktop gave no report (exit $brc): $(tail -2 "$WORK/blk.err")"; return 1; }
	return 0
}
key() { jq ".jobs[0].$2" "$WORK/$1.json"; }

# same LABEL KEY...: each key equal in both reports.
same() {
	label=$1
	shift
	for k in "$@"; do
		f=$(key fio "$k") b=$(key blk "$k")
		[ "$f" = "$b" ] && pass "$label: $k=$b as fio" || fail "$label: $k blktop $b, fio $f"
	done
}

# ---- the reported values: as given, the depth within 1..iodepth ----
if both "2ms window 200ms 95%" --latency_target=2ms --latency_window=200ms \
	--latency_percentile=95 --runtime=2 --time_based=1; then
	same "2ms/200ms/95%" latency_target latency_window latency_percentile error
	for w in fio blk; do
		d=$(key $w latency_depth)
		[ "$d" -ge 1 ] && [ "$d" -le 8 ] && pass "2ms/200ms/95%: $w's depth $d in 1..8" ||
			fail "2ms/200ms/95%: $w's depth $d not in 1..8"
	done
fi

# ---- no target: fio's defaults, the whole depth ----
if both "no target" --runtime=1 --size=1m; then
	same "no target" latency_target latency_window latency_percentile latency_depth
fi

# ---- unreachable: no I/O of a loop device completes within 1us ----
if both "1us, 50%" --latency_target=1us --latency_window=100ms --latency_percentile=50 \
	--runtime=2 --time_based=1; then
	same "1us/100ms/50%" latency_depth latency_target latency_window latency_percentile error
	[ "$(key blk latency_depth)" = 1 ] && pass "1us/50%: depth 1" ||
		fail "1us/50%: depth $(key blk latency_depth)"
fi
if both "1us, 100%" --latency_target=1us --latency_window=100ms --runtime=2 --time_based=1; then
	same "1us/100ms/100%" latency_depth error
	[ "$(key blk error)" = 110 ] && [ "$brc" = "$frc" ] &&
		pass "1us/100%: error 110, exit $brc as fio" ||
		fail "1us/100%: blktop error $(key blk error) exit $brc, fio exit $frc"
	f=$(grep -o 'func=[^,]*' "$WORK/fio.out") b=$(grep -o 'func=[^,]*' "$WORK/blk.out")
	[ -n "$f" ] && [ "$f" = "$b" ] && pass "1us/100%: $b as fio" || fail "1us/100%: blktop '$b', fio '$f'"
	# fio's stderr line for the I/O that ended the job, its fields in
	# fio's order; the latency and the offset are the machine's.
	lat_line() {
		grep 'exceeds specified max' "$1" |
			sed -E 's/latency of [0-9]+ nsec/latency of N nsec/; s/ [0-9]+ ([0-9]+)$/ OFFSET \1/'
	}
	f=$(lat_line "$WORK/fio.err") b=$(lat_line "$WORK/blk.err")
	[ -n "$f" ] && [ "$f" = "$b" ] && pass "1us/100%: stderr '$b' as fio" ||
		fail "1us/100%: stderr line blktop '$b', fio '$f'"
	grep -Eq '^fio: latency of [0-9]+ nsec exceeds specified max \(1000 nsec\): .* read [0-9]+ 4096$' \
		"$WORK/blk.err" && pass "1us/100%: the line's numbers in place" ||
		fail "1us/100%: no latency line of fio's form: $(head -c 300 "$WORK/blk.err")"
fi

# ---- every I/O within 10s: both double up to iodepth and end early ----
if both "10s" --latency_target=10s --latency_window=100ms --runtime=30 --time_based=1; then
	same "10s/100ms" latency_depth latency_target latency_window error
	[ "$(key blk latency_depth)" = 8 ] && pass "10s: depth 8 (iodepth)" ||
		fail "10s: depth $(key blk latency_depth)"
	# The search ends the job once the depth settled, long before 30 s.
	rt=$(key blk job_runtime)
	[ "$rt" -lt 25000 ] && pass "10s: the settled search ended the job (${rt} ms)" ||
		fail "10s: the job ran its whole runtime (${rt} ms)"
fi

# ---- the settled search's report: only its last window, as fio's ----
# fio resets the job's statistics as the depth settles, so its report
# covers the last window alone: 500 ms at 2000 IOPS (paced, so that the
# counts do not depend on the machine). Tolerances: fio counts an I/O in
# total_ios as it is issued and its last one or two are still in flight
# as the job ends (fio's total_ios is its clat N + 1 here); the window
# ends at a completion, a millisecond or so after 500 ms.
if both "10s, reset" --latency_target=10s --latency_window=500ms --rate_iops=2000 --runtime=30 \
	--time_based=1; then
	same "10s/500ms reset" latency_depth error
	for k in read.runtime job_runtime read.total_ios read.io_bytes read.clat_ns.N read.lat_ns.N; do
		f=$(key fio "$k") b=$(key blk "$k")
		slack=2
		[ "$k" = read.io_bytes ] && slack=8192
		awk -v a="$b" -v b="$f" -v s="$slack" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= b * 0.02 + s) }' &&
			pass "10s/500ms reset: $k $b, fio $f" || fail "10s/500ms reset: $k blktop $b, fio $f"
	done
	b=$(key blk read.runtime)
	[ "$b" -lt 900 ] && pass "10s/500ms reset: the report covers the last window (${b} ms)" ||
		fail "10s/500ms reset: the report covers ${b} ms, more than the last window"
	[ "$(key blk read.total_ios)" = "$(key blk read.clat_ns.N)" ] &&
		pass "10s/500ms reset: total_ios is clat's N" ||
		fail "10s/500ms reset: total_ios $(key blk read.total_ios), clat N $(key blk read.clat_ns.N)"
	f=$(key fio read.bw_samples) b=$(key blk read.bw_samples)
	[ "$b" -le 1 ] && [ "$f" -le 1 ] && pass "10s/500ms reset: bw_samples $b, fio $f (the window's)" ||
		fail "10s/500ms reset: bw_samples blktop $b, fio $f"
fi

# ---- the normal report's latency line, as fio's for the same job ----
line() { grep -o 'latency   : target=.*' "$1" | head -1; }
fio --name=x --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=libaio --iodepth=8 \
	--latency_target=10s --latency_window=100ms --latency_percentile=99.5 --runtime=30 \
	--time_based >"$WORK/fio.txt" 2>&1
"$BLKTOP" --batch --run randread "$dev" --bs=4k --ioengine=libaio --iodepth=8 \
	--latency_target=10s --latency_window=100ms --latency_percentile=99.5 --runtime=30 \
	--time_based=1 >"$WORK/blk.txt" 2>&1
f=$(line "$WORK/fio.txt") b=$(line "$WORK/blk.txt")
[ -n "$f" ] && [ "$f" = "$b" ] && pass "text: '$b' as fio" || fail "text: blktop '$b', fio '$f'"

# ---- bad values: exit 2 naming the option ----
for v in latency_percentile=101 latency_percentile=abc latency_percentile=-1 \
	latency_target=5x latency_window=-1 latency_run=2; do
	"$BLKTOP" --batch --run randread "$dev" --runtime=1 --"$v" >/dev/null 2>"$WORK/err"
	rc=$?
	opt=${v%%=*}
	[ "$rc" = 2 ] && grep -q "$opt" "$WORK/err" && pass "--$v refused: $(head -1 "$WORK/err")" ||
		fail "--$v: exit $rc: $(head -1 "$WORK/err")"
done
finish
