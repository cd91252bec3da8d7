#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_enospc_example.sh - fio's own examples/enospc-pressure.fio (a time
# based randwrite and a randtrim on one file, a verifying randrw on
# another, ENOSPC ignored for writes, exitall) under fio 3.33 and blktop
# on a small scratch ext4 (a loop device over a sparse file, mounted here;
# its files 256 MiB, more than the filesystem holds, the runtime 3 s).
# On a regular file fio 3.33's trim is a BLKDISCARD that fails (ENOTTY,
# no hole is punched); libaio does it inside its queue call, so the trim
# job fails at its first trim, with no "io_u error" line (error_dump=0 or
# not), and exitall ends the other two. Both tools must agree on the
# jobs, their errors, the trims issued and failed, the exit status and
# the stderr; the two other jobs' bytes race the trim's failure in either
# tool (fio's moved none here), so they are shown, not compared.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
LC_ALL=C
export LC_ALL
unset LANGUAGE
require_fio
command -v mkfs.ext4 >/dev/null 2>&1 || skip "mkfs.ext4 is missing (apt-get install e2fsprogs)"

dev=$(attach "$(sparse_file fs.img 96M)") || die "cannot attach a loop device"
mkfs.ext4 -q -F "$dev" >/dev/null 2>&1 || die "mkfs.ext4 $dev failed"
mnt=$(mount_dev "$dev") || die "cannot mount $dev"

# fio's example, its directory, filesize and runtime rewritten.
cat >"$WORK/enospc.fio" <<JOB
[global]
ioengine=libaio
directory=$mnt
filesize=256M
size=999G
iodepth=128
continue_on_error=write
ignore_error=,ENOSPC
error_dump=0
fallocate=none
exitall

[dio-raicer]
bs=128k
direct=1
buffered=0
rw=randwrite
runtime=3
filename=raicer
time_based

[punch_hole-raicer]
bs=4k
rw=randtrim
filename=raicer

[aio-dio-verifier]
create_on_open=1
verify=crc32c-intel
verify_fatal=1
verify_dump=1
verify_backlog=1024
verify_async=4
direct=1
bs=4k
rw=randrw
filename=aio-dio-verifier
JOB

# run TOOL: the job in a directory of its own (fio leaves verify state
# files there), on an empty filesystem; the JSON document in
# $WORK/TOOL.doc, stderr in $WORK/TOOL.err, the exit status in rc.
run() {
	rm -f "$mnt/raicer" "$mnt/aio-dio-verifier"
	mkdir -p "$WORK/$1"
	if [ "$1" = fio ]; then
		(cd "$WORK/$1" && fio --output-format=json "$WORK/enospc.fio") >"$WORK/$1.out" \
			2>"$WORK/$1.err"
	else
		(cd "$WORK/$1" && "$BLKTOP" --batch --output-format=json --job "$WORK/enospc.fio") \
			>"$WORK/$1.out" 2>"$WORK/$1.err"
	fi
	rc=$?
	# Both print fio's error summary line before the document.
	sed -n '/^{/,$p' "$WORK/$1.out" >"$WORK/$1.doc"
	rm -f "$mnt/raicer" "$mnt/aio-dio-verifier"
}

run fio
frc=$rc
run blktop
brc=$rc
for t in fio blktop; do
	jq -e . "$WORK/$t.doc" >/dev/null 2>&1 ||
		die "$t's report is not JSON: $(head -c 300 "$WORK/$t.err")"
done
[ "$frc" = "$brc" ] && pass "exit status $brc, as fio" ||
	fail "exit status: fio $frc, blktop $brc ($(head -c 300 "$WORK/blktop.err"))"

# [name, error] per job, in order.
q='[.jobs[] | [.jobname, .error]]'
fj=$(jq -c "$q" "$WORK/fio.doc") bj=$(jq -c "$q" "$WORK/blktop.doc")
[ "$fj" = "$bj" ] && pass "jobs and their errors $bj, as fio" ||
	fail "jobs and errors: fio $fj, blktop $bj"

# The trim job: trims issued, errors counted, bytes trimmed.
q='.jobs[] | select(.jobname == "punch_hole-raicer") |
	[.trim.total_ios, .total_err, .first_error, .trim.io_bytes]'
ft=$(jq -c "$q" "$WORK/fio.doc") bt=$(jq -c "$q" "$WORK/blktop.doc")
if [ -n "$ft" ] && [ "$ft" = "$bt" ]; then
	pass "punch_hole-raicer: [trims, errors, first error, bytes] $bt, as fio"
else
	fail "punch_hole-raicer: [trims, errors, first error, bytes]: fio $ft, blktop $bt"
fi

# No per-I/O error line: fio drops a trim its queue call failed.
fl=$(grep -c "io_u error on file" "$WORK/fio.err") bl=$(grep -c "io_u error on file" "$WORK/blktop.err")
[ "$fl" = "$bl" ] && pass "$bl \"io_u error\" lines on stderr, as fio" ||
	fail "\"io_u error\" lines: fio $fl, blktop $bl: $(head -c 300 "$WORK/blktop.err")"

# exitall ends the time based job long before its runtime.
q='.jobs[] | select(.jobname == "dio-raicer") | .job_runtime'
frt=$(jq -r "$q" "$WORK/fio.doc") brt=$(jq -r "$q" "$WORK/blktop.doc")
if [ -n "$brt" ] && [ "$brt" -lt 2000 ] && [ -n "$frt" ] && [ "$frt" -lt 2000 ]; then
	pass "exitall ends dio-raicer early: runtime $brt ms (fio $frt ms, of 3000)"
else
	fail "dio-raicer's runtime: fio $frt ms, blktop $brt ms (exitall should end it)"
fi
q='[.jobs[] | [.jobname, .read.io_bytes, .write.io_bytes]]'
note "bytes, not compared (they race the trim's failure): fio $(jq -c "$q" "$WORK/fio.doc"), blktop $(jq -c "$q" "$WORK/blktop.doc")"
finish
