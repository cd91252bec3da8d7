#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_offset_increment.sh - offset_increment and offset_align as fio 3 has
# them: each clone of a numjobs job starts offset + N x offset_increment
# in, N being fio's sub-job number (the job 0, its clones numbered down
# from numjobs - 1, in the order fio lists them). Run by blktop and by fio
# on the same scratch loop device; each job's first and last offset and
# its bytes come from the iops logs (log_offset=1) and the JSON. Past the
# device's end, fio's rules: with size a clone that starts past it moves
# nothing, one that reaches past it is cut there (random draws past it end
# the pass); without size such a clone fails (exit 1) and the others run.
. "${top_srcdir:-.}/tests/e2e/fio_job_lib.sh"
require_fio

# run WHO NAME ARGS...: leaves $WORK/NAME.WHO with one line per job, in
# the JSON's order: "FIRST LAST BYTES" (offsets in bytes, in I/O order).
job_head=$(printf '[global]\nfilename=%s\ndirect=1\nrw=read' "$dev")
run() {
	who=$1 name=$2
	shift 2
	fio_job_run "$job_head" "$who" "$name" "[x]" "$@" || return 1
	n=$(jq '.jobs | length' "$WORK/$name.json")
	: >"$WORK/$name.$who"
	k=0
	while [ "$k" -lt "$n" ]; do
		k=$((k + 1))
		# A log with one line per I/O: the completion order is the
		# issue order at iodepth 1.
		# A clone that failed has no log; one that moved nothing an
		# empty one.
		if [ -e "$WORK/log_iops.$k.log" ]; then
			awk -F', *' 'NR == 1 { f = $5 } { l = $5 }
				END { printf "%s %s ", NR ? f : "-", NR ? l : "-" }' \
				"$WORK/log_iops.$k.log" >>"$WORK/$name.$who"
		else
			printf 'nolog ' >>"$WORK/$name.$who"
		fi
		jq -r ".jobs[$((k - 1))].read.io_bytes" "$WORK/$name.json" >>"$WORK/$name.$who"
	done
}

# same NAME ARGS...: each job's first and last offset and bytes equal.
same() {
	name=$1
	shift
	run fio "$name" "$@" && run blktop "$name" "$@" || return
	if [ -s "$WORK/$name.fio" ] && cmp -s "$WORK/$name.fio" "$WORK/$name.blktop"; then
		pass "$name: each job's first and last offset and bytes as fio's: $(tr '\n' ';' <"$WORK/$name.fio")"
	else
		fail "$name: fio: $(tr '\n' ';' <"$WORK/$name.fio") blktop: $(tr '\n' ';' <"$WORK/$name.blktop")"
	fi
}

same "four clones 16m apart" --bs=64k --numjobs=4 --offset_increment=16m --size=8m
same "a share: offset=10%, offset_increment=20%" --bs=4k --numjobs=3 --offset=10% \
	--offset_increment=20% --size=1m
same "a share aligned up to offset_align=1m" --bs=4k --numjobs=3 --offset_increment=7% \
	--offset_align=1m --size=512k
same "an increment without numjobs moves nothing" --bs=4k --offset_increment=32m --size=256k
same "two clones of two sections" --bs=16k --numjobs=2 --offset_increment=8m --size=1m \
	"[y]" --offset=2m --size=1m

# Past the end of the 64 MiB device. With size: clone 2 (fio's sub-job 2,
# listed second) starts at 80m and moves nothing; it is in the JSON with
# no I/O and, as in fio, not in the normal output.
same "a clone past the end, with size: nothing moved" --bs=64k --numjobs=3 --offset_increment=40m \
	--size=1m
same "a clone reaching past the end is cut there" --bs=64k --numjobs=3 --offset_increment=30m \
	--size=8m
same "the same, random: a draw past the end ends the pass" --rw=randread --bs=64k --numjobs=3 \
	--offset_increment=30m --size=8m
same "random, loops=3: a pass each, from the same seeds" --rw=randread --bs=64k --numjobs=3 \
	--offset_increment=30m --size=8m --loops=3
same "sequential, io_size=20m: passes to the end until io_size" --bs=64k --numjobs=3 \
	--offset_increment=30m --size=8m --io_size=20m
same "a size larger than the device: read to its end" --bs=1m --size=100m

# entries WHO: the job entries of the normal output.
entries() {
	if [ "$1" = fio ]; then
		fio "$WORK/text.job" >"$WORK/text.$1" 2>&1
	else
		"$BLKTOP" --batch --force --job "$WORK/text.job" >"$WORK/text.$1" 2>&1
	fi
	grep -c '(groupid=' "$WORK/text.$1"
}
printf '%s\n[x]\nbs=64k\nnumjobs=3\noffset_increment=40m\nsize=1m\n' "$job_head" >"$WORK/text.job"
ef=$(entries fio) eb=$(entries blktop)
[ "$ef" = 2 ] && [ "$eb" = "$ef" ] &&
	pass "the clone with no I/O is left out of the normal output, as fio leaves it: $eb entries" ||
	fail "normal output: fio lists $ef entries, blktop $eb: $(grep -c . "$WORK/text.blktop") lines"

# Without size a clone at or past the end fails alone: exit 1, the others
# run. fio_job_run keeps each tool's exit status and stderr.
FIO_JOB_RC=1
same "no size: the clone past the end fails, the others run" --bs=1m --numjobs=3 \
	--offset_increment=40m
for who in fio blktop; do
	rc=$(cat "$WORK/no size: the clone past the end fails, the others run.$who.rc" 2>/dev/null)
	[ "$rc" = 1 ] || fail "no size: $who exit ${rc:-none} (1 expected)"
done
grep -q "clone 2 starts at 80m, past the end" \
	"$WORK/no size: the clone past the end fails, the others run.blktop.err" &&
	pass "no size: both exit 1; blktop names the clone: $(cat "$WORK/no size: the clone past the end fails, the others run.blktop.err")" ||
	fail "no size: blktop's words: $(cat "$WORK/no size: the clone past the end fails, the others run.blktop.err")"
# Two such clones: fio's exit status counts them (2), blktop's stays 1
# (its 2 means bad input) and its message counts them.
same "no size: two clones past the end" --bs=1m --numjobs=4 --offset_increment=40m
rf=$(cat "$WORK/no size: two clones past the end.fio.rc") rb=$(cat "$WORK/no size: two clones past the end.blktop.rc")
[ "$rf" = 2 ] && [ "$rb" = 1 ] && grep -q "(2 clones fail so)" "$WORK/no size: two clones past the end.blktop.err" &&
	pass "two clones fail: fio exit 2, blktop exit 1 counting them: $(cat "$WORK/no size: two clones past the end.blktop.err")" ||
	fail "two clones fail: fio exit $rf, blktop exit $rb: $(cat "$WORK/no size: two clones past the end.blktop.err")"
# A clone at the end exactly: fio has nothing for it to do and fails it
# (its JSON comes after a notice on stdout, so only the status is compared).
for who in fio blktop; do
	fio_job_run "$job_head" "$who" edge "[x]" --bs=64k --numjobs=3 --offset_increment=32m
done
rf=$(cat "$WORK/edge.fio.rc") rb=$(cat "$WORK/edge.blktop.rc")
[ "$rf" = 1 ] && [ "$rb" = 1 ] && grep -q "clone 2 starts at the end" "$WORK/edge.blktop.err" &&
	pass "a clone at the end without size fails, exit 1 as fio's: $(cat "$WORK/edge.blktop.err")" ||
	fail "a clone at the end: fio exit $rf, blktop exit $rb: $(cat "$WORK/edge.blktop.err")"
finish
