#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_errors.sh - which failed I/Os continue_on_error lets pass, as fio
# 3.33 decides it: only EIO and EILSEQ by default, the errnos ignore_error
# lists instead, an EILSEQ counting as a verify error; an error of a kind
# the policy covers is counted even when its errno ends the job. fio and
# blktop run the same job on a FUSE file whose server fails every I/O with
# a chosen errno (fuse_disk fail MOUNTPOINT ERRNO), and the exit status,
# the JSON's error, total_err and first_error, fio's text errors line and
# err=, terse's error and closing total_err;first_error, total_ios (a
# failed I/O counts, as issued), submit latencies and issued rwts, and
# fio's stderr line per failed I/O (each one that ends the job, every one
# with error_dump; libaio's in flight too) must be fio's, line for line.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
command -v fio >/dev/null 2>&1 || skip "fio is missing (apt-get install fio): nothing to compare with"
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
FUSE_DISK="$top_builddir/tests/e2e/fuse_disk"
require_built "$FUSE_DISK"
[ -c /dev/fuse ] || skip "no /dev/fuse: a failing disk cannot be made here"

# fuse_up ERRNO: a FUSE disk that fails every I/O with ERRNO from now on;
# sets disk.
fuse_up() {
	fmnt=$(mktemp -d "$WORK/fuse.XXXXXX")
	mkfifo "$fmnt.fifo"
	on_cleanup "! grep -q ' $fmnt ' /proc/mounts || umount -l $fmnt"
	"$FUSE_DISK" fail "$fmnt" "$1" >"$fmnt.fifo" &
	server=$!
	on_cleanup "! kill -0 $server 2>/dev/null || kill -KILL $server"
	[ "$(head -n 1 "$fmnt.fifo")" = ready ] || return 1
	kill -USR1 $server
	disk=$fmnt/disk
}

# 64 I/Os, each of which fails.
JOB="--name=e --ioengine=psync --direct=1 --bs=4k --size=256k"
# facts FILE: what fio's consumers read: exit status, the JSON's error,
# total_err, first_error (0 when absent), the text's err= and errors line.
facts() {
	sed -n '/^{/,$p' "$1.json" | jq -r '.jobs[0] | "error=\(.error) total_err=\(.total_err // "-") first_error=\(.first_error // "-") total_ios=\(.read.total_ios),\(.write.total_ios) io_bytes=\(.read.io_bytes),\(.write.io_bytes) slat_N=\(.read.slat_ns.N),\(.write.slat_ns.N)"' |
		tr '\n' ' '
	printf 'rc=%s ' "$(cat "$1.rc")"
	grep -o 'err=[ 0-9]*' "$1.txt" | head -n 1 | tr -d ' \n'
	printf ' '
	grep -Eo 'errors +: total=[0-9]+, first_error=[0-9]+' "$1.txt" | tr -s ' ' | tr '\n' ' '
	grep -Eo 'issued rwts: total=[0-9,]+' "$1.txt" | tr -d '\n'
	printf ' '
	# terse (v3): total_err;first_error close the line with continue_on_error.
	printf 'terse=%s ' "$(grep '^3;' "$1.terse" | awk -F';' '{ print $5 "/" $(NF - 1) ";" $NF }')"
	printf 'dumped=%s\n' "$(grep -c '^fio: io_u error' "$1.err")"
}
# both NAME RW ARGS...: the job under fio and under blktop, JSON and text.
both() {
	n=$1 rw=$2
	shift 2
	# shellcheck disable=SC2086
	for fmt in json normal terse; do
		fio $JOB --filename="$disk" --rw="$rw" "$@" --output-format=$fmt \
			>"$WORK/$n.fio.$fmt" 2>"$WORK/$n.fio.err.$fmt"
		echo $? >"$WORK/$n.fio.rc"
		"$BLKTOP" --batch --force --run "$rw" $JOB --filename="$disk" "$@" --output-format=$fmt \
			>"$WORK/$n.bt.$fmt" 2>"$WORK/$n.bt.err.$fmt"
		echo $? >"$WORK/$n.bt.rc.$fmt"
	done
	for t in fio bt; do
		cp "$WORK/$n.$t.normal" "$WORK/$n.$t.txt"
		cp "$WORK/$n.$t.err.normal" "$WORK/$n.$t.err"
	done
	# blktop's exit status: 1 for a run that failed, as fio's.
	cp "$WORK/$n.bt.rc.json" "$WORK/$n.bt.rc"
	f=$(facts "$WORK/$n.fio")
	b=$(facts "$WORK/$n.bt")
	[ "$f" = "$b" ] && pass "$n ($rw $*): as fio: $f" ||
		fail "$n ($rw $*): fio: $f; blktop: $b"
	# The lines themselves (libaio's completions may come in any order).
	grep '^fio: io_u error' "$WORK/$n.fio.err" | sort >"$WORK/$n.fio.lines"
	grep '^fio: io_u error' "$WORK/$n.bt.err" | sort >"$WORK/$n.bt.lines"
	cmp -s "$WORK/$n.fio.lines" "$WORK/$n.bt.lines" ||
		fail "$n: stderr lines differ: fio $(head -n 2 "$WORK/$n.fio.lines"); blktop $(head -n 2 "$WORK/$n.bt.lines")"
}

fuse_up 5 || skip "cannot mount a FUSE filesystem here"
both eio_write write --continue_on_error=write
both eio_read read --continue_on_error=read
both eio_kind_not_covered write --continue_on_error=read
both eio_read_verify read --continue_on_error=verify
both eio_none write
both eio_not_listed write --ignore_error=,ENOSPC
both eio_write_libaio write --continue_on_error=write --ioengine=libaio --iodepth=4
both eio_dump write --continue_on_error=io --error_dump=1
# A fatal error with four in flight: fio's line for each of them.
both eio_libaio_fatal write --ioengine=libaio --iodepth=4
both eio_libaio_read_fatal read --ioengine=libaio --iodepth=8
both eio_libaio_dump write --continue_on_error=io --error_dump=1 --ioengine=libaio --iodepth=4
fuse_up 28 || fail "second FUSE disk"
both enospc_write write --continue_on_error=write
both enospc_all write --continue_on_error=all
# fio counts the one that ends the job only from its submit path (psync
# above), not from an asynchronous completion.
both enospc_write_libaio write --continue_on_error=write --ioengine=libaio
both enospc_listed write --ignore_error=,ENOSPC
both enospc_listed_num write --ignore_error=,28:EIO
both enospc_read_listed read --ignore_error=ENOSPC
both enospc_coe_after write --ignore_error=,ENOSPC --continue_on_error=read
fuse_up 61 || fail "third FUSE disk"
both enodata_number read --ignore_error=61
both enodata_write write --continue_on_error=write
fuse_up 84 || fail "fourth FUSE disk"
both eilseq_read read --continue_on_error=read
both eilseq_verify read --continue_on_error=verify

# fio refuses a name it does not know; so does blktop, naming the option.
"$BLKTOP" --batch --force --run read $JOB --filename="$disk" --ignore_error=EFOO \
	>/dev/null 2>"$WORK/bad.err"
rc=$?
[ $rc = 2 ] && grep -q "ignore_error: 'EFOO'" "$WORK/bad.err" &&
	pass "ignore_error=EFOO refused: $(cat "$WORK/bad.err")" ||
	fail "ignore_error=EFOO: exit $rc: $(cat "$WORK/bad.err")"
finish
