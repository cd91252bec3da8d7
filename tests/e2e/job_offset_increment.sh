#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_offset_increment.sh - offset_increment and offset_align as fio 3 has
# them: each clone of a numjobs job starts offset + N x offset_increment
# in, N being fio's sub-job number (the job 0, its clones numbered down
# from numjobs - 1, in the order fio lists them). Run by blktop and by fio
# on the same scratch loop device; each job's first and last offset and
# its bytes come from the iops logs (log_offset=1) and the JSON.
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
		awk -F', *' 'NR == 1 { f = $5 } { l = $5 } END { printf "%s %s ", f, l }' \
			"$WORK/log_iops.$k.log" >>"$WORK/$name.$who"
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

# A clone that would start past the end is refused naming the option,
# before any I/O (fio fails that clone: "you need to specify valid offset=").
if "$BLKTOP" --batch --run read "$dev" --numjobs=3 --offset_increment=40m --size=1m \
	>"$WORK/out" 2>"$WORK/err"; then
	fail "a clone past the end: blktop ran it"
else
	st=$?
	[ "$st" = 2 ] && grep -Eq "offset_increment: clone [0-9]+ .* beyond the end" "$WORK/err" &&
		pass "a clone past the end is refused naming offset_increment: $(cat "$WORK/err")" ||
		fail "a clone past the end: exit $st: $(cat "$WORK/err")"
fi
finish
