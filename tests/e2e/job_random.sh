#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_random.sh - fio's options on which random blocks a job picks, run
# by blktop and by fio 3 on the same scratch loop device, the offsets
# taken from each one's iops log (log_offset=1): the random map (fio's
# default norandommap=0: every block once per pass over the area, a new
# pass when the job wants more) against norandommap=1 (blocks repeat);
# random_generator=lfsr (every block once without a map); the shape of
# random_distribution's spread (blktop draws those from its own
# generator, so the blocks differ but the share of the hottest blocks and
# of each zone must not; uniform offsets are fio's own, compared in
# job_fio_offsets.sh). Both tools draw from fixed seeds: each figure is
# the same run after run, whatever the load.
. "${top_srcdir:-.}/tests/e2e/fio_job_lib.sh"

# run WHO NAME ARGS...: a 1 MiB random job; leaves $WORK/NAME.WHO with one
# line per I/O, "r|w SECTOR SECTORS" (512-byte units) in completion order.
job_head=$(printf '[x]\nfilename=%s\ndirect=1\nsize=1m\nbs=4k' "$dev")
run() {
	fio_job_run "$job_head" "$@" || return 1
	fio_job_ios 512 "$WORK"/log_iops*.log >"$WORK/$2.$1"
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

# lfsr: no map, yet every block once per pass.
once lfsr "random_generator=lfsr" --rw=randread --random_generator=lfsr
for who in fio blktop; do
	run $who lfsr2 --rw=randwrite --random_generator=lfsr --io_size=2m || continue
	a=$(cover "$WORK/lfsr2.$who" 1 256) b=$(cover "$WORK/lfsr2.$who" 257 512)
	if [ "$a" = "256 2048 0 0" ] && [ "$b" = "256 2048 0 0" ]; then
		pass "random_generator=lfsr io_size=2m under $who: two passes, every block once in each"
	else
		fail "random_generator=lfsr io_size=2m under $who: passes: $a / $b"
	fi
done

# shape WHO NAME DIST: a 64 MiB area of 4k blocks read 16384 times by the
# null engine; prints the share of the I/Os on the hottest 10 % of the
# blocks and the shares of [0,10%) [10%,30%) [30%,100%) of the area.
shape() {
	rm -f "$WORK"/log_*
	printf '[x]\nfilename=%s\nsize=64m\nbs=4k\nrw=randread\nioengine=null\nrandom_distribution=%s\nwrite_iops_log=%s\nlog_offset=1\n' \
		"$dev" "$3" "$WORK/log" >"$WORK/$2.job"
	if [ "$1" = fio ]; then
		fio --output-format=json "$WORK/$2.job" >/dev/null 2>"$WORK/err"
	else
		"$BLKTOP" --batch --job "$WORK/$2.job" --output-format=json >/dev/null 2>"$WORK/err"
	fi || { echo "failed: $(tail -1 "$WORK/err")"; return; }
	cat "$WORK"/log_iops*.log | awk -F', *' '{ print int($5 / 4096) }' | sort -n | uniq -c |
		sort -rn | awk '{ c[NR] = $1; t += $1; b = $2 / 16384
			z[b < 0.1 ? 0 : b < 0.3 ? 1 : 2] += $1 }
			END { for (i = 1; i <= 1638; i++) h += c[i]
			      printf "%.3f %.3f %.3f %.3f\n", h / t, z[0] / t, z[1] / t, z[2] / t }'
}

# near NAME DIST TOL: the hottest tenth's share under blktop within TOL of fio's.
near() {
	f=$(shape fio "$1" "$2") b=$(shape blktop "$1" "$2")
	if awk -v f="${f%% *}" -v b="${b%% *}" -v t="$3" 'BEGIN { d = f - b; exit !(d < t && -d < t) }'; then
		pass "random_distribution=$2: the hottest 10% of the blocks take ${b%% *} of the I/Os (fio ${f%% *})"
	else
		fail "random_distribution=$2: hottest 10% take ${b%% *} of the I/Os under blktop, ${f%% *} under fio"
	fi
}
near zipf12 zipf:1.2 0.02
near zipf08 zipf:0.8 0.03
near pareto pareto:0.2 0.03
near normal normal 0.03
near normal10 normal:10:0.3 0.03
near uniform random 0.02

# zoned: each zone's share as asked (16384 draws: the sampling error is
# under 0.004, the tolerance 0.02), under both tools.
for who in fio blktop; do
	for z in zoned:60/10:30/20:10/70 zoned_abs:60/6553k:30/13107k:10/45875k; do
		got=$(shape $who zones "$z")
		if awk -v g="$got" 'BEGIN { split(g, v, " ")
			e[2] = 0.6; e[3] = 0.3; e[4] = 0.1
			for (i = 2; i <= 4; i++) if (v[i] - e[i] > 0.02 || e[i] - v[i] > 0.02) exit 1 }'; then
			pass "random_distribution=$z under $who: zone shares ${got#* }"
		else
			fail "random_distribution=$z under $who: zone shares ${got#* } (0.6 0.3 0.1 asked)"
		fi
	done
done

# fio's iometer-file-access-server example (randrw, rwmixread=80, its
# bssplit, iodepth 64) on 64 MiB: the share of the I/Os and of the bytes
# that read, under each tool. fio's rwmixread counts I/Os, not bytes; at
# fio's 8 MiB a few 64k I/Os carry most bytes, so the bytes' share swings
# some 3 points with the draw, here under 1.
mix() {
	printf '[iometer]\nfilename=%s\nbssplit=512/10:1k/5:2k/5:4k/60:8k/2:16k/4:32k/4:64k/10\nrw=randrw\nrwmixread=80\ndirect=1\nsize=64m\nioengine=libaio\niodepth=64\n' \
		"$dev" >"$WORK/iometer.fio"
	if [ "$1" = fio ]; then
		fio --output-format=json "$WORK/iometer.fio" 2>"$WORK/err"
	else
		"$BLKTOP" --batch --force --job "$WORK/iometer.fio" --output-format=json 2>"$WORK/err"
	fi | jq -r '.jobs[0] | "\(.read.total_ios) \(.write.total_ios) \(.read.io_bytes) \(.write.io_bytes)"' |
		awk '{ printf "%.1f %.1f\n", 100 * $1 / ($1 + $2), 100 * $3 / ($3 + $4) }'
}
if command -v jq >/dev/null 2>&1; then
	f=$(mix fio) b=$(mix blktop)
	if [ -n "$f" ] && [ -n "$b" ] && awk -v f="$f" -v b="$b" 'BEGIN { split(f, x, " "); split(b, y, " ")
		d = x[1] - y[1]; e = x[2] - y[2]; a = y[1] - 80
		exit !(d < 1.5 && -d < 1.5 && e < 2 && -e < 2 && a < 2 && -a < 2) }'; then
		pass "iometer-file-access-server: blktop reads ${b%% *}% of the I/Os and ${b#* }% of the bytes, fio ${f%% *}% and ${f#* }%"
	else
		fail "iometer-file-access-server: read share of I/Os and bytes: blktop '$b', fio '$f' $(tail -1 "$WORK/err")"
	fi
else
	skip_part "jq is missing: the iometer example's read share was not compared (apt-get install jq)"
fi

# Values fio refuses are refused by blktop too, naming the option and the
# value (exit 2); lfsr with zones, which fio runs oddly, blktop refuses.
for bad in zipf:1 zipf:x pareto:1 normal:100 zoned:50/10:40/90 zoned:50/60:50/60 zoned \
	zipf:1.2:2 foo zoned:60/10:40/90,30/50:70/50; do
	printf '[x]\nfilename=%s\nsize=4m\nrw=randread\nrandom_distribution=%s\n' "$dev" "$bad" >"$WORK/bad.fio"
	fio --output-format=terse "$WORK/bad.fio" >/dev/null 2>&1 && fail "fio ran random_distribution=$bad"
	"$BLKTOP" --batch --job "$WORK/bad.fio" >"$WORK/out" 2>"$WORK/err"
	rc=$?
	if [ $rc = 2 ] && grep -q "random_distribution" "$WORK/err" && grep -qF "'$bad'" "$WORK/err"; then
		pass "random_distribution=$bad refused: $(head -1 "$WORK/err")"
	else
		fail "random_distribution=$bad: exit $rc: $(head -2 "$WORK/err")"
	fi
done
printf '[x]\nfilename=%s\nsize=4m\nrw=randread\nrandom_generator=lfsr\nrandom_distribution=zoned:50/50:50/50\n' "$dev" >"$WORK/bad.fio"
"$BLKTOP" --batch --job "$WORK/bad.fio" >"$WORK/out" 2>"$WORK/err"
rc=$?
[ $rc != 0 ] && grep -q "random_generator=lfsr" "$WORK/err" &&
	pass "lfsr with zones refused: $(head -1 "$WORK/err")" ||
	fail "lfsr with zones: exit $rc: $(head -2 "$WORK/err")"
printf '[x]\nfilename=%s\nsize=4m\nrw=randread\nrandom_generator=xorshift\n' "$dev" >"$WORK/bad.fio"
"$BLKTOP" --batch --job "$WORK/bad.fio" >"$WORK/out" 2>"$WORK/err"
rc=$?
[ $rc = 2 ] && grep -q "random_generator" "$WORK/err" && grep -q "xorshift" "$WORK/err" &&
	pass "random_generator=xorshift refused" ||
	fail "random_generator=xorshift: exit $rc: $(head -2 "$WORK/err")"

finish
