#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# one_per_submit.sh - with fio's defaults blktop hands the kernel one I/O
# per io_submit and asks for one completion per io_getevents, as fio does
# (strace shows every call; completions already in the kernel's ring are
# taken without one); the batch options group them; the reports'
# iodepth_submit and iodepth_complete say so; with
# iodepth_batch_complete_min=0 completions are polled for without a call;
# a batch that wraps fio's ring of iocbs goes in the same two calls as
# under fio. Then, next to fio on the
# same loop device, 128k sequential reads at iodepth 8 reach the device
# with as many merges as under fio, with and without batch options.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
command -v strace >/dev/null 2>&1 || skip "strace is missing (apt-get install strace)"

img=$(sparse_file disk.img 128M)
dev=$(attach "$img") || die "cannot attach a loop device"
name=$(basename "$dev")

# LeakSanitizer cannot run under ptrace (strace): in the sanitizer build the
# traced runs go without the leak check, which every other test keeps.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS

# traced TOOL ARGS...: runs a tool under strace; leaves the io_submit and
# io_getevents calls in $WORK/trace, the JSON report in $WORK/out.json.
traced() {
	strace -f -qq -e trace=io_submit,io_getevents -o "$WORK/trace" "$@" \
		--output-format=json >"$WORK/out.json" 2>"$WORK/err" ||
		{ fail "$1 failed: $(tail -3 "$WORK/err")"; return 1; }
}

# The number of I/Os in each io_submit call, one line per call; the
# (min, max) of each io_getevents call.
submit_sizes() { sed -n 's/.*io_submit([^,]*, \([0-9]*\),.*/\1/p' "$WORK/trace"; }
wait_args() { sed -n 's/.*io_getevents([^,]*, \([0-9]*\), \([0-9]*\),.*/\1,\2/p' "$WORK/trace"; }

# The blktop job of the strace checks; options added after it.
blk="$BLKTOP --batch --run randread $dev --size=8m --bs=4k --iodepth=8"

# ---- fio's defaults: one I/O per submit call ----
if traced $blk; then
	ios=$(jq '.jobs[0].read.total_ios' "$WORK/out.json")
	calls=$(submit_sizes | wc -l)
	others=$(submit_sizes | grep -vcx 1)
	if [ "$ios" = 2048 ] && [ "$calls" = "$ios" ] && [ "$others" = 0 ]; then
		pass "defaults: $ios I/Os in $calls io_submit calls of one I/O each"
	else
		fail "defaults: $ios I/Os, $calls io_submit calls, $others of them not of one I/O"
	fi
	# Every wait but the final drain asks for one completion and takes
	# one. A completion already in the kernel's ring is taken from it
	# without a call (libaio.c), so there may be fewer calls than I/Os,
	# never more.
	waits=$(wait_args | wc -l)
	odd=$(wait_args | grep -vcx '1,1')
	[ "$odd" -le 8 ] && [ "$waits" -le "$ios" ] &&
		pass "defaults: $waits io_getevents calls for $ios I/Os, all but $odd of (1, 1)" ||
		fail "defaults: $odd of $waits io_getevents calls were not (1, 1) ($ios I/Os)"
	sub=$(jq '.jobs[0].iodepth_submit["4"]' "$WORK/out.json")
	comp=$(jq '.jobs[0].iodepth_complete["4"]' "$WORK/out.json")
	awk -v s="$sub" -v c="$comp" 'BEGIN { exit !(s == 100 && c >= 99) }' &&
		pass "defaults: iodepth_submit 1-4 = $sub %, iodepth_complete 1-4 = $comp %" ||
		fail "defaults: iodepth_submit 1-4 = $sub %, iodepth_complete 1-4 = $comp % (want 100)"
fi

# ---- Batches: iodepth_batch_submit=8 fills the queue in one call ----
if traced $blk --iodepth_batch_submit=8 --iodepth_batch_complete_min=4 \
	--iodepth_batch_complete_max=8; then
	big=$(submit_sizes | awk '$1 > 1' | wc -l)
	over=$(submit_sizes | awk '$1 > 8' | wc -l)
	[ "$big" -gt 0 ] && [ "$over" = 0 ] &&
		pass "batch_submit=8: $big io_submit calls of 2-8 I/Os, none of more" ||
		fail "batch_submit=8: $big calls of more than one I/O, $over of more than 8"
	# Waits ask for 4 to 8 while the job still submits; after its last
	# submit it drains what is left one completion at a time, as fio's
	# quiesce does, and how many calls that takes is the device's timing.
	small=$(awk '/io_submit\(/ { last = NR } { line[NR] = $0 }
		END { for (i = 1; i < last; i++) if (line[i] ~ /io_getevents\(/) print line[i] }' "$WORK/trace" |
		sed -n 's/.*io_getevents([^,]*, \([0-9]*\), \([0-9]*\),.*/\1,\2/p' |
		awk -F, '$1 < 4 || $2 > 8' | wc -l)
	[ "$small" -le 1 ] && pass "complete_min=4, max=8: the waits ask for 4 to 8" ||
		fail "complete_min=4, max=8: $small waits outside 4..8"
	sub=$(jq '.jobs[0].iodepth_submit["4"]' "$WORK/out.json")
	awk -v s="$sub" 'BEGIN { exit !(s < 100) }' &&
		pass "batch: iodepth_submit 1-4 = $sub %" ||
		fail "batch: iodepth_submit shows every call at 1-4 I/Os"
fi

# ---- iodepth_low: the queue drains to it before refilling ----
if traced $blk --iodepth=16 --iodepth_low=4 --iodepth_batch_submit=16; then
	# Refills after draining to 4 come as 12 I/Os, in one call or in
	# two where the batch wraps the ring of 16 iocbs (below): a call
	# that ends at the ring's end short of 12 goes on in the next one.
	twelve=$(submit_sizes | awk '{ t += $1 }
		t % 16 == 0 && c + $1 < 12 { c += $1; next } { print c + $1; c = 0 }' | grep -cx 12)
	[ "$twelve" -gt 10 ] && pass "iodepth_low=4: $twelve refills of 12 I/Os" ||
		fail "iodepth_low=4: $twelve refills of 12 I/Os (want many)"
fi

# ---- iodepth_batch_complete_min=0: polled, never waited for ----
# Without iodepth_batch_complete_max this is fio's polling mode: after
# each I/O the job looks for completions until one is there, so one I/O
# is in flight at iodepth 8. With the _max the queue is kept full and
# polled when full. Either way the job looks at the kernel's completion
# ring in its own memory and never calls io_getevents, nor as it drains.
if traced $blk --iodepth_batch_complete_min=0; then
	ios=$(jq '.jobs[0].read.total_ios' "$WORK/out.json")
	calls=$(submit_sizes | wc -l)
	waits=$(wait_args | wc -l)
	one=$(jq '.jobs[0].iodepth_level["1"]' "$WORK/out.json")
	[ "$ios" = 2048 ] && [ "$calls" = 2048 ] && [ "$waits" = 0 ] && [ "$one" = 100 ] &&
		pass "complete_min=0: $ios I/Os in $calls io_submit calls, depth 1 = $one %, no io_getevents call" ||
		fail "complete_min=0: $ios I/Os, $calls io_submit calls, depth 1 = $one %, $waits io_getevents calls (want 2048, 2048, 100, 0)"
fi
# The depth is read from a run without strace, whose stops slow every
# submit call against the device.
if traced $blk --iodepth_batch_complete_min=0 --iodepth_batch_complete_max=8 &&
	$blk --iodepth_batch_complete_min=0 --iodepth_batch_complete_max=8 \
		--output-format=json >"$WORK/out.json" 2>"$WORK/err"; then
	waits=$(wait_args | wc -l)
	one=$(jq '.jobs[0].iodepth_level["1"]' "$WORK/out.json")
	[ "$waits" = 0 ] && awk -v d="$one" 'BEGIN { exit !(d < 50) }' &&
		pass "complete_min=0, max=8: depth 1 = $one % (the queue is kept full), no io_getevents call" ||
		fail "complete_min=0, max=8: depth 1 = $one %, $waits io_getevents calls (want under 50 %, none)"
fi

command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: the comparisons with fio were not made (apt-get install fio)"

# ---- fio on the same device does the same calls ----
if traced fio --name=x --filename="$dev" --rw=randread --size=8m --bs=4k --iodepth=8 \
	--ioengine=libaio --direct=1; then
	calls=$(submit_sizes | wc -l)
	others=$(submit_sizes | grep -vcx 1)
	[ "$calls" = 2048 ] && [ "$others" = 0 ] &&
		pass "fio with the same job: $calls io_submit calls of one I/O each, as blktop" ||
		fail "fio with the same job: $calls io_submit calls, $others not of one I/O"
fi

# ---- fio's polling mode: fio too keeps one I/O in flight ----
for extra in "" "--iodepth_batch_submit=4"; do
	# shellcheck disable=SC2086
	fio --name=x --filename="$dev" --rw=randread --size=8m --bs=4k --iodepth=8 \
		--ioengine=libaio --direct=1 --iodepth_batch_complete_min=0 $extra \
		--output-format=json >"$WORK/fio.json" 2>"$WORK/err" ||
		{ fail "fio polling${extra:+ ($extra)}: $(tail -2 "$WORK/err")"; continue; }
	# shellcheck disable=SC2086
	$blk --iodepth_batch_complete_min=0 $extra --output-format=json \
		>"$WORK/blk.json" 2>"$WORK/err" ||
		{ fail "blktop polling${extra:+ ($extra)}: $(tail -2 "$WORK/err")"; continue; }
	f=$(jq -c '.jobs[0] | [.iodepth_level["1"], .iodepth_submit["4"]]' "$WORK/fio.json")
	b=$(jq -c '.jobs[0] | [.iodepth_level["1"], .iodepth_submit["4"]]' "$WORK/blk.json")
	[ "$f" = "$b" ] && [ "$b" = "[100,100]" ] &&
		pass "complete_min=0${extra:+ $extra}: depth 1 and submits of 1-4 at 100 %, as fio's $f" ||
		fail "complete_min=0${extra:+ $extra}: [depth 1 %, submits 1-4 %] blktop $b, fio $f"
done

# ---- Batches that wrap fio's ring of iocbs go as two calls ----
# fio keeps iodepth iocb slots in a ring and hands the kernel one run of
# it per io_submit: a batch that wraps past the ring's end goes in two
# calls. Each wait here takes exactly 12 of 16 (complete_min = max = 12,
# iodepth_low=4), so the refills of 12 start at slots 0, 12, 8, 4, 0...
# and split as 12 | 4 8 | 8 4 | 12, whatever the machine's timing. The
# whole sequence of call sizes must be fio's.
wrap="--iodepth=16 --iodepth_low=4 --iodepth_batch_submit=16 \
--iodepth_batch_complete_min=12 --iodepth_batch_complete_max=12"
if traced fio --name=x --filename="$dev" --rw=randread --size=8m --bs=4k \
	--ioengine=libaio --direct=1 $wrap; then
	submit_sizes >"$WORK/fio_sizes"
	if traced $blk $wrap; then
		submit_sizes >"$WORK/blk_sizes"
		n=$(wc -l <"$WORK/blk_sizes")
		splits=$(grep -cx 4 "$WORK/blk_sizes")
		if cmp -s "$WORK/fio_sizes" "$WORK/blk_sizes" && [ "$splits" -gt 10 ]; then
			pass "ring wrap: the same $n io_submit calls as fio, sizes in order ($splits of 4 I/Os)"
		else
			fail "ring wrap: io_submit sizes differ from fio's ($n calls, $splits of 4 I/Os):
$(diff "$WORK/fio_sizes" "$WORK/blk_sizes" | head -8)"
		fi
	fi
fi

# ---- The device sees the same requests: 128k sequential reads, qd8 ----
# Completed and merged reads: blktop's from its disk_util (the kernel's
# counters over its run alone, without the safety probe's reads before
# it), fio's from the device's counters around it (fio samples its
# disk_util and misses the last requests). Other processes on this
# machine probe every loop device now and then (blktop --list in
# parallel tests, libblkid): a few dozen small reads of a few sectors
# each. So fio's request count is taken from the sectors it read (128k =
# 256 sectors per request), where such probes weigh little, and the
# merges are compared as counted. Merges depend on timing: equal within 2
# % of the I/Os or 4 requests without batching (where neither tool merges
# much), within 15 % of the I/Os with batches of 8. The batch case waits
# for all 8 too (complete_min=8): with complete_min=1 how many complete per
# wait, and so how many go down together, is the machine's timing for both
# tools (tests/bench/vs_fio.py --devcheck compares that case over rounds).
# Another process's probe that falls inside blktop's run is in its
# disk_util (48 reads once in CI): a case that disagrees is measured
# again, up to three times; a real difference disagrees every time.
merge_check() { # LABEL TOLERANCE_PCT ARGS...
	n=0
	while [ $n -lt 3 ]; do
		n=$((n + 1))
		merge_attempt "$@"
		case $verdict in ok:*) break ;; esac
		[ $n -lt 3 ] && note "$1: attempt $n disagreed, measured again: ${verdict#FAIL: }"
	done
	case $verdict in
	ok:*) pass "${verdict#ok: } (attempt $n)" ;;
	*) fail "${verdict#FAIL: }" ;;
	esac
}
merge_attempt() { # LABEL TOLERANCE_PCT ARGS...: sets verdict
	label=$1 tol=$2
	shift 2
	"$BLKTOP" --batch --run read "$dev" --size=64m --bs=128k --iodepth=8 "$@" \
		--output-format=json >"$WORK/b.json" 2>"$WORK/err" || {
		verdict="FAIL: $label: blktop failed: $(tail -3 "$WORK/err")"
		return
	}
	f0=$(awk '{ print $2, $3 }' "/sys/block/$name/stat")
	fio --name=x --filename="$dev" --rw=read --size=64m --bs=128k --iodepth=8 \
		--ioengine=libaio --direct=1 "$@" --output-format=json >"$WORK/f.json" \
		2>"$WORK/err" || {
		verdict="FAIL: $label: fio failed: $(tail -3 "$WORK/err")"
		return
	}
	set -- $f0 $(awk '{ print $2, $3 }' "/sys/block/$name/stat")
	fm=$(($3 - $1))
	ft=$((($4 - $2) / 256))
	bm=$(jq '.disk_util[0].read_merges' "$WORK/b.json")
	bt=$(jq '.disk_util[0].read_ios + .disk_util[0].read_merges' "$WORK/b.json")
	if awk -v a="$bt" -v b="$ft" -v m="$bm" -v n="$fm" -v t="$tol" 'BEGIN {
		d = a - b; if (d < 0) d = -d; e = m - n; if (e < 0) e = -e
		exit !(d <= b * 0.02 + 4 && e <= b * t / 100 + 4) }'; then
		verdict="ok: $label: completed+merged $bt vs fio $ft, merged $bm vs fio $fm"
	else
		verdict="FAIL: $label: completed+merged $bt vs fio $ft, merged $bm vs fio $fm"
	fi
}
merge_check "128k read qd8, defaults" 2
merge_check "128k read qd8, batch 8" 15 --iodepth_batch_submit=8 --iodepth_batch_complete_min=8 \
	--iodepth_batch_complete_max=8

finish
