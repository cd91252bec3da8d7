#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_random.sh - fio's options on which random blocks a job picks, run
# by blktop and by fio 3 on the same scratch loop device, the offsets
# taken from each one's iops log (log_offset=1): the random map (fio's
# default norandommap=0: every block once per pass over the area, a new
# pass when the job wants more) against norandommap=1 (blocks repeat).
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: the comparisons with fio were not made (apt-get install fio)"

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"

# run WHO NAME ARGS...: a 1 MiB random job; leaves $WORK/NAME.WHO with one
# line per I/O, "r|w SECTOR SECTORS" (512-byte units) in completion order.
run() {
	who=$1 name=$2
	shift 2
	rm -f "$WORK"/log_*
	{
		printf '[x]\nfilename=%s\ndirect=1\nsize=1m\nbs=4k\n' "$dev"
		printf 'write_iops_log=%s\nlog_offset=1\n' "$WORK/log"
		for a; do printf '%s\n' "${a#--}"; done
	} >"$WORK/$name.job"
	if [ "$who" = fio ]; then
		fio --output-format=json "$WORK/$name.job" >"$WORK/$name.json" 2>"$WORK/err" ||
			{ fail "$name: fio failed: $(tail -2 "$WORK/err")"; return 1; }
	else
		"$BLKTOP" --batch --force --job "$WORK/$name.job" --output-format=json \
			>"$WORK/$name.json" 2>"$WORK/err" ||
			{ fail "$name: blktop exit $?: $(tail -2 "$WORK/err")"; return 1; }
	fi
	cat "$WORK"/log_iops*.log |
		awk -F', *' '{ print ($3 == 1 ? "w" : "r"), $5 / 512, $4 / 512 }' >"$WORK/$name.$who"
}

# cover FILE FROM TO: the I/Os on lines FROM..TO cover the 2048 sectors of
# the area exactly, none twice. Prints "I/Os sectors overlaps holes".
cover() {
	sed -n "$2,$3p" "$1" | sort -k2,2n | awk '
		{ if ($2 < end) over++; else if ($2 > end) holes++; s += $3; n++
		  if ($2 + $3 > end) end = $2 + $3 }
		END { if (end < 2048) holes++; print n + 0, s + 0, over + 0, holes + 0 }'
}

# once NAME WHAT ARGS...: both tools touch every block once in a 1 MiB job.
once() {
	name=$1 what=$2
	shift 2
	for who in fio blktop; do
		run $who "$name" "$@" || continue
		c=$(cover "$WORK/$name.$who" 1 '$')
		case $c in
		*" 2048 0 0") pass "$what under $who: ${c%% *} I/Os cover the 1 MiB area once" ;;
		*) fail "$what under $who: I/Os, sectors, overlaps, holes: $c" ;;
		esac
	done
}

once map "randread (fio's default norandommap=0)" --rw=randread
once depth "randwrite at iodepth 8" --rw=randwrite --ioengine=libaio --iodepth=8
once mixed "randrw: reads and writes share the map" --rw=randrw
once split "randread with bssplit (an I/O cut where a done block begins)" --rw=randread \
	--bssplit=4k/50:16k/30:64k/20

# io_size twice the area: two whole passes, each block once in each.
for who in fio blktop; do
	run $who twopass --rw=randread --io_size=2m || continue
	a=$(cover "$WORK/twopass.$who" 1 256) b=$(cover "$WORK/twopass.$who" 257 512)
	n=$(wc -l <"$WORK/twopass.$who")
	if [ "$n" = 512 ] && [ "$a" = "256 2048 0 0" ] && [ "$b" = "256 2048 0 0" ]; then
		pass "io_size=2m over 1 MiB under $who: two passes, every block once in each"
	else
		fail "io_size=2m under $who: $n I/Os; passes: $a / $b"
	fi
done

# norandommap=1: 256 uniform draws over 256 blocks repeat some (all
# distinct has a chance of 256!/256^256, below 1e-100).
for who in fio blktop; do
	run $who nomap --rw=randread --norandommap=1 || continue
	u=$(awk '{ print $2 }' "$WORK/nomap.$who" | sort -u | wc -l)
	n=$(wc -l <"$WORK/nomap.$who")
	if [ "$n" = 256 ] && [ "$u" -lt 256 ]; then
		pass "norandommap=1 under $who: $u distinct blocks in $n I/Os"
	else
		fail "norandommap=1 under $who: $u distinct blocks in $n I/Os"
	fi
done

finish
