# SPDX-License-Identifier: GPL-2.0-or-later
# fio_job_lib.sh - the part the tests that run one job file under fio and
# under blktop on the same scratch device share: where each I/O went comes
# from the tool's iops log, which with log_offset=1 has one line per I/O
# ("msec, value, ddir, bs, offset, ..."), so the two lists compare line by
# line. Sourced, not run: sourcing it loads lib.sh, skips loudly without
# root, loop devices or fio, and leaves a scratch loop device in $dev
# (64 MiB, or FIO_JOB_DEV_SIZE set before sourcing). A test that also
# reads fio's JSON calls require_fio (jq) itself.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: the comparisons with fio were not made (apt-get install fio)"

img=$(sparse_file disk.img "${FIO_JOB_DEV_SIZE:-64M}")
dev=$(attach "$img") || die "cannot attach a loop device"

# fio_job_run HEAD WHO NAME ARGS...: writes $WORK/NAME.job: the lines of
# HEAD, then the iops log's two lines (so they belong to HEAD's last
# section, or to [global]), then one line per ARG with its leading "--"
# dropped (--bs=4k is bs=4k; "[y]" opens a section). Runs it under fio
# (WHO=fio) or blktop (--batch --force), the JSON report in $WORK/NAME.json,
# and leaves the logs $WORK/log_iops.N.log, N counting the jobs from 1.
# On a failed run: fail naming the tool's last words, return 1; unless
# FIO_JOB_RC is set, when the exit status goes to $WORK/NAME.WHO.rc and
# the tool's stderr to $WORK/NAME.WHO.err for the test to compare.
fio_job_run() {
	fjr_head=$1 fjr_who=$2 fjr_name=$3
	shift 3
	rm -f "$WORK"/log_*
	{
		printf '%s\n' "$fjr_head"
		printf 'write_iops_log=%s\nlog_offset=1\n' "$WORK/log"
		for a; do printf '%s\n' "${a#--}"; done
	} >"$WORK/$fjr_name.job"
	if [ -n "${FIO_JOB_RC:-}" ]; then
		fjr_rc=0
		if [ "$fjr_who" = fio ]; then
			fio --output-format=json "$WORK/$fjr_name.job" >"$WORK/$fjr_name.json" \
				2>"$WORK/$fjr_name.$fjr_who.err" || fjr_rc=$?
		else
			"$BLKTOP" --batch --force --job "$WORK/$fjr_name.job" --output-format=json \
				>"$WORK/$fjr_name.json" 2>"$WORK/$fjr_name.$fjr_who.err" || fjr_rc=$?
		fi
		echo "$fjr_rc" >"$WORK/$fjr_name.$fjr_who.rc"
	elif [ "$fjr_who" = fio ]; then
		fio --output-format=json "$WORK/$fjr_name.job" >"$WORK/$fjr_name.json" 2>"$WORK/err" ||
			{ fail "$fjr_name: fio failed: $(tail -2 "$WORK/err")"; return 1; }
	else
		"$BLKTOP" --batch --force --job "$WORK/$fjr_name.job" --output-format=json \
			>"$WORK/$fjr_name.json" 2>"$WORK/err" ||
			{ fail "$fjr_name: blktop exit $?: $(tail -2 "$WORK/err")"; return 1; }
	fi
}

# fio_job_ios UNIT LOG...: one line per I/O of the logs, in their order
# (issue order at iodepth 1, completion order above it): "r|w OFFSET
# LENGTH", both in UNIT bytes (UNIT 1: the log's own figures, as written).
fio_job_ios() {
	fji_unit=$1
	shift
	awk -F', *' -v u="$fji_unit" '{ w = $3 == 1 ? "w" : "r"
		if (u == 1) print w, $5, $4; else print w, $5 / u, $4 / u }' "$@"
}

# fio_job_split NAME WHO: each clone's iops log as $WORK/NAME.WHO.N, one
# "r|w OFFSET LENGTH" line per I/O (after fio_job_run).
fio_job_split() {
	rm -f "$WORK/$1.$2".*
	for log in "$WORK"/log_iops*.log; do
		[ -e "$log" ] || { fail "$1: $2 wrote no iops log"; return 1; }
		n=${log%.log}
		n=${n##*.}
		fio_job_ios 1 "$log" >"$WORK/$1.$2.$n"
	done
}

# same NAME WHAT ARGS...: (with the test's own run WHO NAME ARGS...) both tools issue the same I/Os in the same order.
same() {
	name=$1 what=$2
	shift 2
	run fio "$name" "$@" && run blktop "$name" "$@" || return
	for f in "$WORK/$name.fio".*; do
		n=${f##*.}
		b="$WORK/$name.blktop.$n"
		nf=$(wc -l <"$f")
		if [ ! -e "$b" ]; then
			fail "$what: blktop has no log of job $n"
		elif [ "$nf" -lt 2 ]; then
			fail "$what: fio's log of job $n has $nf lines"
		elif cmp -s "$f" "$b"; then
			pass "$what (job $n): the same $nf I/Os as fio, in fio's order"
		else
			d=$(paste -d'|' "$f" "$b" | awk -F'|' '$1 != $2 { print "I/O " NR ": fio \"" $1 "\", blktop \"" $2 "\""; exit }')
			fail "$what (job $n): fio $nf I/Os, blktop $(wc -l <"$b"); first difference at $d"
		fi
	done
}
