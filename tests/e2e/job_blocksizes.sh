#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_blocksizes.sh - fio's block size options (bs=R,W, bsrange, bssplit,
# blockalign) run by blktop and by fio 3 on the same scratch loop device:
# the same bytes, I/O counts within the spread of the draw, and the
# sectors the device counted. Random jobs with sizes that vary draw them
# from their own generator: compared under norandommap=1, within the
# spread. Random jobs whose directions' smallest sizes differ keep fio's
# map as fio 3.33 keeps it (a bit per smallest size of any direction,
# each direction indexing it by its own block number, the pass ending
# where a direction's next free block is past the area): the same I/Os
# and bytes exactly, about half of size with bs=4k,64k.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"
name=$(basename "$dev")
sectors_written() { awk '{ print $7 }' "/sys/block/$name/stat"; }

# figures FILE: read ios, read bytes, write ios, write bytes of job 0.
figures() {
	jq -r '.jobs[0] | "\(.read.total_ios) \(.read.io_bytes) \(.write.total_ios) \(.write.io_bytes)"' "$1"
}

# compare LABEL TOLERANCE_PCT MODE ARGS...: 8 MiB with ARGS by both; the
# bytes of each direction within 1 %, the I/Os within TOLERANCE_PCT, the
# sectors written the same when the job writes sequentially.
compare() {
	label=$1 tol=$2 mode=$3
	shift 3
	w0=$(sectors_written)
	fio --name=x --filename="$dev" --direct=1 --size=8m --rw="$mode" "$@" \
		--output-format=json >"$WORK/fio.json" 2>"$WORK/fio.err" ||
		{ fail "$label: fio failed: $(tail -2 "$WORK/fio.err")"; return; }
	w1=$(sectors_written)
	"$BLKTOP" --batch --run "$mode" "$dev" --size=8m "$@" --output-format=json \
		>"$WORK/b.json" 2>"$WORK/err" || { fail "$label: blktop exit $?: $(tail -2 "$WORK/err")"; return; }
	w2=$(sectors_written)
	f=$(figures "$WORK/fio.json")
	b=$(figures "$WORK/b.json")
	if ! awk -v f="$f" -v b="$b" -v tol="$tol" 'BEGIN {
		split(f, x, " "); split(b, y, " ")
		for (i = 1; i <= 4; i++) {
			t = (i % 2) ? tol : 1
			d = x[i] - y[i]; if (d < 0) d = -d
			if (d > x[i] * t / 100 + 1) exit 1
		}
	}'; then
		fail "$label: blktop read ios, bytes, write ios, bytes: $b; fio: $f"
		return
	fi
	case $mode in
	write | read)
		[ $((w1 - w0)) = $((w2 - w1)) ] ||
			{ fail "$label: the device counted $((w2 - w1)) sectors written, under fio $((w1 - w0))"; return; }
		;;
	esac
	pass "$label: $b (fio: $f)"
}

compare "bs=4k,64k sequential writes are 64k" 0 write --bs=4k,64k
compare "bs=4k,64k sequential reads are 4k" 0 read --bs=4k,64k
compare "bs=,16k: reads at fio's default 4k" 0 read --bs=,16k
compare "bsrange=4k-64k sequential" 10 write --bsrange=4k-64k
compare "bsrange=8k:32k sequential" 10 write --bsrange=8k:32k
compare "bssplit=4k/10:16k/:64k/ sequential" 10 write --bssplit=4k/10:16k/:64k/
compare "bssplit=4k/50:64k/50 random" 15 randwrite --bssplit=4k/50:64k/50 --norandommap=1
compare "bsrange=4k-64k random" 15 randwrite --bsrange=4k-64k --norandommap=1
compare "bs=8k with blockalign=4k random" 0 randread --bs=8k --blockalign=4k --norandommap=1
compare "bs=4k,64k random, fio's map" 0 randrw --bs=4k,64k
compare "bs=64k,4k random, fio's map" 0 randrw --bs=64k,4k
compare "bs=4k,64k random, fio's map, loops=2" 0 randrw --bs=4k,64k --loops=2
compare "bs=4k,16k randwrite: the map in the reads' 4k" 0 randwrite --bs=4k,16k
compare "bssplit=64k/40:1024k/60,1024k/100 random, fio's map" 0 randrw \
	--bssplit=64k/40:1024k/60,1024k/100 --iodepth=16 --ioengine=libaio

# Each direction its own size: every read 4k, every write 64k.
"$BLKTOP" --batch --run rw "$dev" --size=8m --bs=4k,64k --output-format=json \
	>"$WORK/rw.json" 2>"$WORK/err" || fail "rw bs=4k,64k: exit $?: $(tail -2 "$WORK/err")"
set -- $(figures "$WORK/rw.json")
[ "$2" = $(($1 * 4096)) ] && [ "$4" = $(($3 * 65536)) ] && [ "$3" -gt 0 ] && [ "$1" -gt 0 ] &&
	pass "rw bs=4k,64k: $1 reads of 4k, $3 writes of 64k" ||
	fail "rw bs=4k,64k: $1 reads ($2 bytes), $3 writes ($4 bytes)"

# With direct=1 every size must be a multiple of the logical block size.
"$BLKTOP" --batch --run write "$dev" --size=8m --bssplit=4k/50:1000/50 >"$WORK/out" 2>"$WORK/err"
rc=$?
[ $rc = 2 ] && grep -q "1000" "$WORK/err" && pass "bssplit with a 1000-byte size under direct=1: refused" ||
	fail "bssplit=4k/50:1000/50: exit $rc: $(tail -2 "$WORK/err")"

# verify keeps its map of blocks in bs: sizes that vary are refused by
# name, never run with a wrong check.
"$BLKTOP" --batch --run write "$dev" --size=8m --bsrange=4k-16k --verify=crc32c >"$WORK/out" 2>"$WORK/err"
rc=$?
[ $rc != 0 ] && grep -q "bsrange" "$WORK/err" && pass "verify with bsrange: refused" ||
	fail "verify=crc32c with bsrange=4k-16k: exit $rc: $(tail -2 "$WORK/err")"

finish
