#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_create_only.sh - create_only=1 (fio's job option, given on the
# command line as KDiskMark does before its runs, or in a job file) lays
# the job's files out and does no I/O: compared with fio 3.33 on new files
# (made, same size, same data kind) and on a scratch device (left as it
# was), with the report's counts (all zero) and the exit status.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk 64M) || die "sparse file"
dev=$(attach "$img") || die "attach"

# A read job's new file is filled (fio lays out reads' files with data);
# a write job's is made to size. Both exit 0 with empty reports.
for rw in read write; do
	fio --name=co --filename="$WORK/fio.$rw" --size=8m --rw="$rw" --create_only=1 \
		--output-format=json >"$WORK/fio.$rw.json" 2>"$WORK/fio.$rw.err"
	frc=$?
	"$BLKTOP" --batch --name=co --filename="$WORK/bt.$rw" --size=8m --rw="$rw" --create_only=1 \
		--output-format=json >"$WORK/bt.$rw.json" 2>"$WORK/bt.$rw.err"
	brc=$?
	[ "$brc" = "$frc" ] && pass "rw=$rw create_only=1: exit $brc as fio" ||
		fail "rw=$rw create_only=1: exit fio $frc, blktop $brc: $(head -c 300 "$WORK/bt.$rw.err")"
	fs=$(stat -c %s "$WORK/fio.$rw" 2>/dev/null || echo none)
	bs=$(stat -c %s "$WORK/bt.$rw" 2>/dev/null || echo none)
	[ "$bs" = "$fs" ] && pass "rw=$rw: the file laid out, $bs bytes as fio's" ||
		fail "rw=$rw: file size fio $fs, blktop $bs"
	# Filled with data or not: the allocated blocks say it on tmpfs.
	fa=$(stat -c %b "$WORK/fio.$rw" 2>/dev/null)
	ba=$(stat -c %b "$WORK/bt.$rw" 2>/dev/null)
	[ "$((fa > 0))" = "$((ba > 0))" ] && pass "rw=$rw: blocks allocated as fio's (fio $fa, blktop $ba)" ||
		fail "rw=$rw: blocks allocated fio $fa, blktop $ba"
	q='[.jobs[0] | .error, (.read, .write | .total_ios, .io_bytes, .runtime, .bw_samples, .clat_ns.N)] | @csv'
	f=$(jq -r "$q" "$WORK/fio.$rw.json")
	b=$(jq -r "$q" "$WORK/bt.$rw.json")
	[ -n "$f" ] && [ "$b" = "$f" ] && pass "rw=$rw: error, total_ios, io_bytes, runtime, samples, N: $b as fio" ||
		fail "rw=$rw: report fio '$f', blktop '$b'"
	# fio guesses no eta in its first 3 s and says INT_MAX then.
	f=$(jq '.jobs[0].eta' "$WORK/fio.$rw.json") b=$(jq '.jobs[0].eta' "$WORK/bt.$rw.json")
	[ -n "$f" ] && [ "$b" = "$f" ] && pass "rw=$rw: eta $b as fio" || fail "rw=$rw: eta fio $f, blktop $b"
	# The job's other keys and values: fio's thread never reaches its
	# I/O loop, so no latency_target keys (no depth) and no CPU use
	# (ctx, minf 0). Known and left: blktop's per-direction total_err
	# and first_error (its extension, in every job) and its own
	# "blktop" object; elapsed is the run's time and the file's name
	# differs. fio's ctx and minf count the few steps from just before
	# its loop to the end (0 or 1): each at most 2, checked apart.
	kv='.jobs[0] | del(.blktop, .elapsed, .ctx, .minf, .majf, .["job options"].filename)
		| del(.read, .write, .trim | .total_err, .first_error)
		| [paths(scalars) as $p | "\($p | map(tostring) | join("."))=\(getpath($p))"] | sort | .[]'
	jq -r "$kv" "$WORK/fio.$rw.json" >"$WORK/fio.$rw.kv"
	jq -r "$kv" "$WORK/bt.$rw.json" >"$WORK/bt.$rw.kv"
	d=$(diff "$WORK/fio.$rw.kv" "$WORK/bt.$rw.kv" | grep '^[<>]' | tr '\n' ' ')
	[ -s "$WORK/fio.$rw.kv" ] && [ -z "$d" ] &&
		pass "rw=$rw: the job's $(wc -l <"$WORK/bt.$rw.kv") keys and values as fio's" ||
		fail "rw=$rw: the job's keys differ from fio's: $(echo "$d" | head -c 400)"
	q='[.jobs[0] | .ctx, .minf, .majf] | @csv'
	f=$(jq -r "$q" "$WORK/fio.$rw.json") b=$(jq -r "$q" "$WORK/bt.$rw.json")
	echo "$b" | awk -F, '{ exit !($1 <= 2 && $2 <= 2 && $3 == 0) }' &&
		pass "rw=$rw: ctx, minf, majf $b, fio $f (none before the loop)" ||
		fail "rw=$rw: ctx, minf, majf $b, fio $f (the thread's whole life?)"
	# fio's layout line comes with its normal output only.
	for w in fio bt; do
		grep -q 'Laying out' "$WORK/$w.$rw.json" "$WORK/$w.$rw.err" &&
			fail "rw=$rw: $w printed a layout line with --output-format=json"
	done
	[ "$(jq -r '.jobs[0]["job options"].create_only' "$WORK/bt.$rw.json")" = 1 ] &&
		pass "rw=$rw: create_only listed in job options" || fail "rw=$rw: create_only not in job options"
done

# fio's "Laying out IO file" line, on stdout after "Starting", in the
# normal output: for a new file, for one shorter than offset + size, one
# line per clone that makes its own file, "files / total" for several;
# none for a file already the size.
# layout CASE ARGS...: the same job by both tools, new files in $WORK/CASE.*
layout() {
	c=$1
	shift
	for w in fio bt; do
		rm -rf "$WORK/$c.$w"
		mkdir -p "$WORK/$c.$w"
		[ -n "${PRE:-}" ] && truncate -s "$PRE" "$WORK/$c.$w/f"
		if [ $w = fio ]; then
			(cd "$WORK/$c.$w" && fio --name=lay "$@" >out.txt 2>err.txt)
		else
			(cd "$WORK/$c.$w" && "$BLKTOP" --batch --force --name=lay "$@" >out.txt 2>err.txt)
		fi
		grep -E 'Laying out|^Starting' "$WORK/$c.$w/out.txt" | sed 's/^Starting .*/Starting/' \
			>"$WORK/$c.$w/lines"
	done
	f=$(cat "$WORK/$c.fio/lines") b=$(cat "$WORK/$c.bt/lines")
	[ "$b" = "$f" ] && pass "$c: stdout's lines as fio's: $(echo $b)" ||
		fail "$c: fio '$(echo $f)', blktop '$(echo $b)' ($(head -c 200 "$WORK/$c.bt/err.txt"))"
}
case $BLKTOP in /*) ;; *) BLKTOP=$(pwd)/$BLKTOP ;; esac
layout "new file" --filename=f --size=4m --rw=read --create_only=1
layout "two files" --directory=. --nrfiles=2 --size=8m --rw=write --create_only=1
layout "two clones" --directory=. --size=4m --numjobs=2 --rw=write --create_only=1
layout "one file, two clones" --filename=f --size=4m --numjobs=2 --rw=write --create_only=1
PRE=3m layout "grown past offset" --filename=f --offset=1m --size=4m --rw=read --create_only=1
PRE=4m layout "already its size" --filename=f --size=4m --rw=read --create_only=1

# On a device: nothing written, neither by fio nor by blktop (a write job
# that did run would leave its data).
fio --name=co --filename="$dev" --rw=write --bs=64k --size=16m --create_only=1 \
	--output-format=json >"$WORK/fio.dev.json" 2>"$WORK/fio.dev.err" || fail "fio on the device: exit $?"
[ "$(head -c 16777216 "$dev" | tr -d '\0' | wc -c)" = 0 ] || skip "fio wrote with create_only=1: not the fio this compares with"
printf '[co]\nfilename=%s\nrw=write\nbs=64k\nsize=16m\ncreate_only=1\n' "$dev" >"$WORK/co.fio"
"$BLKTOP" --batch --force --job "$WORK/co.fio" --output-format=json >"$WORK/bt.dev.json" 2>"$WORK/bt.dev.err" ||
	fail "blktop --job with create_only=1: exit $?: $(head -c 300 "$WORK/bt.dev.err")"
[ "$(head -c 16777216 "$dev" | tr -d '\0' | wc -c)" = 0 ] && pass "job file: create_only=1 wrote nothing to the device, as fio" ||
	fail "job file: create_only=1 wrote to the device"
q='[.jobs[0] | .error, .write.total_ios, .write.io_bytes] | @csv'
f=$(jq -r "$q" "$WORK/fio.dev.json")
b=$(jq -r "$q" "$WORK/bt.dev.json")
[ -n "$f" ] && [ "$b" = "$f" ] && pass "device: error, total_ios, io_bytes: $b as fio" ||
	fail "device: fio '$f', blktop '$b'"

finish
