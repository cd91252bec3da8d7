#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# uring_enters.sh - the io_uring engine's system calls, from strace: each
# submit call of the job loop is one io_uring_enter carrying exactly its
# I/Os (one with fio's defaults, as fio's), which also has the kernel post
# the completions it holds, so at iodepth 32 the waits find them in the
# ring (about one call per I/O, no call that only waits while the job
# still submits); at iodepth 1 each I/O takes a submit and a wait, as
# fio's. Then, next to fio on the same loop device, 128k sequential reads
# at iodepth 8 through io_uring reach the device with as many requests
# and merges as under fio's io_uring.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
command -v strace >/dev/null 2>&1 || skip "strace is missing (apt-get install strace)"
"$BLKTOP" --version | grep -q '^engines:.* io_uring' ||
	skip "this blktop has no io_uring engine (configure found no liburing)"

img=$(sparse_file disk.img 128M)
dev=$(attach "$img") || die "cannot attach a loop device"
name=$(basename "$dev")

if ! "$BLKTOP" --batch --run randread "$dev" --size=1m --ioengine=io_uring \
	>/dev/null 2>"$WORK/err"; then
	grep -q 'ioengine=io_uring' "$WORK/err" ||
		{ fail "io_uring failed, but not with the engine's line: $(cat "$WORK/err")"; finish; }
	skip "this kernel refuses io_uring: $(cat "$WORK/err")"
fi

# LeakSanitizer cannot run under ptrace (strace): in the sanitizer build the
# traced runs go without the leak check, which every other test keeps.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS

# traced TOOL ARGS...: runs a tool under strace; leaves its io_uring_enter
# calls in $WORK/trace, the JSON report in $WORK/out.json.
traced() {
	strace -f -qq -e trace=io_uring_enter -o "$WORK/trace" "$@" \
		--output-format=json >"$WORK/out.json" 2>"$WORK/err" ||
		{ fail "$1 failed: $(tail -3 "$WORK/err")"; return 1; }
}

# "to_submit min_complete" of each io_uring_enter, one line per call (a
# call strace shows unfinished has its arguments on that line).
enters() { sed -n 's/.*io_uring_enter([^,]*, \([0-9]*\), \([0-9]*\),.*/\1 \2/p' "$WORK/trace"; }

# check LABEL IOS MAX_PER_CALL: every submitting call carries 1..MAX I/Os,
# they add up to IOS, and each wait follows a submit (at most one call
# that only waits per submitting call, and the final drain's): fio's
# pattern, never a call that only polls.
check() {
	label=$1 ios=$2 most=$3
	calls=$(enters | wc -l)
	subs=$(enters | awk '$1 > 0' | wc -l)
	sum=$(enters | awk '{ s += $1 } END { print s + 0 }')
	over=$(enters | awk -v m="$most" '$1 > m' | wc -l)
	polls=$(enters | awk '$1 == 0 && $2 == 0' | wc -l)
	if [ "$sum" = "$ios" ] && [ "$over" = 0 ]; then
		pass "$label: $ios I/Os handed over in calls of at most $most"
	else
		fail "$label: the calls handed over $sum I/Os of $ios, $over calls more than $most"
	fi
	if [ "$calls" -le $((2 * subs + most)) ] && [ "$polls" -le 2 ]; then
		pass "$label: $calls io_uring_enter calls for $subs submitting ones, $polls that only polled"
	else
		fail "$label: $calls io_uring_enter calls for $subs submitting ones, $polls that only polled"
	fi
}

blk="$BLKTOP --batch --run randread $dev --size=8m --bs=4k --ioengine=io_uring"

# ---- fio's defaults at iodepth 32: one I/O per call, the waits find the ring filled ----
if traced $blk --iodepth=32; then
	ios=$(jq '.jobs[0].read.total_ios' "$WORK/out.json")
	check "qd32 defaults" "$ios" 1
fi

# ---- iodepth 1: each I/O a submit and a wait, as fio's ----
if traced $blk --iodepth=1; then
	ios=$(jq '.jobs[0].read.total_ios' "$WORK/out.json")
	calls=$(enters | wc -l)
	subs=$(enters | grep -cx '1 0')
	waits=$(enters | grep -cx '0 1')
	[ "$subs" = "$ios" ] && [ "$waits" -le "$ios" ] && [ "$calls" -le $((2 * ios + 1)) ] &&
		pass "qd1: $calls io_uring_enter calls for $ios I/Os: $subs submit one, $waits wait for one" ||
		fail "qd1: $calls io_uring_enter calls for $ios I/Os: $subs submit one, $waits wait for one"
fi

# ---- Batches at iodepth 32: one call per batch ----
if traced $blk --iodepth=32 --iodepth_batch_submit=32 --iodepth_batch_complete_min=1 \
	--iodepth_batch_complete_max=32; then
	ios=$(jq '.jobs[0].read.total_ios' "$WORK/out.json")
	check "qd32 batch_submit=32" "$ios" 32
fi

# ---- fixedbufs and registerfiles change fields, not calls ----
if traced $blk --iodepth=32 --fixedbufs --registerfiles; then
	ios=$(jq '.jobs[0].read.total_ios' "$WORK/out.json")
	check "qd32 fixedbufs registerfiles" "$ios" 1
fi

command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: the comparisons with fio were not made (apt-get install fio)"

# ---- fio with the same job hands over the same I/Os per call ----
if traced fio --name=x --filename="$dev" --rw=randread --size=8m --bs=4k --iodepth=32 \
	--ioengine=io_uring --direct=1; then
	sub=$(enters | awk '$1 > 0' | wc -l)
	others=$(enters | awk '$1 > 1' | wc -l)
	calls=$(enters | wc -l)
	[ "$sub" = 2048 ] && [ "$others" = 0 ] &&
		pass "fio with the same job: $sub submitting calls of one I/O each as blktop's ($calls calls in all)" ||
		fail "fio with the same job: $sub submitting calls, $others of more than one I/O"
fi

# ---- The device sees the same requests: 128k sequential reads, qd8 ----
# As in one_per_submit.sh (which says why): blktop's counts from its
# disk_util, fio's from the device's counters around its run, requests
# from the sectors read; merges equal within 2 % of the I/Os or 4
# requests.
# Another process's reads of the device (a probe) fall into the counts
# now and then on a shared machine: a case that disagrees is measured
# again (retry_case), up to three times.
merge_check() { # LABEL ARGS...
	label=$1
	shift
	: >"$WORK/verdicts"
	"$BLKTOP" --batch --run read "$dev" --size=64m --bs=128k --iodepth=8 --ioengine=io_uring \
		"$@" --output-format=json >"$WORK/b.json" 2>"$WORK/err" || {
		echo "FAIL: $label: blktop failed: $(tail -3 "$WORK/err" | tr '\n' ' ')" >>"$WORK/verdicts"
		return
	}
	f0=$(awk '{ print $2, $3 }' "/sys/block/$name/stat")
	fio --name=x --filename="$dev" --rw=read --size=64m --bs=128k --iodepth=8 \
		--ioengine=io_uring --direct=1 "$@" --output-format=json >"$WORK/f.json" \
		2>"$WORK/err" || {
		echo "FAIL: $label: fio failed: $(tail -3 "$WORK/err" | tr '\n' ' ')" >>"$WORK/verdicts"
		return
	}
	set -- $f0 $(awk '{ print $2, $3 }' "/sys/block/$name/stat")
	fm=$(($3 - $1))
	ft=$((($4 - $2) / 256))
	bm=$(jq '.disk_util[0].read_merges' "$WORK/b.json")
	bt=$(jq '.disk_util[0].read_ios + .disk_util[0].read_merges' "$WORK/b.json")
	if awk -v a="$bt" -v b="$ft" -v m="$bm" -v n="$fm" 'BEGIN {
		d = a - b; if (d < 0) d = -d; e = m - n; if (e < 0) e = -e
		exit !(d <= b * 0.02 + 4 && e <= b * 0.02 + 4) }'; then
		echo "ok: $label: completed+merged $bt vs fio $ft, merged $bm vs fio $fm" >>"$WORK/verdicts"
	else
		echo "FAIL: $label: completed+merged $bt vs fio $ft, merged $bm vs fio $fm" >>"$WORK/verdicts"
	fi
}
retry_case merge_check "io_uring 128k read qd8, defaults"
retry_case merge_check "io_uring 128k read qd8, fixedbufs registerfiles" --fixedbufs --registerfiles

finish
