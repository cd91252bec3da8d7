#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_exit_what.sh - exit_what with exitall, as fio 3.33 has them, on
# fio's own exitwhat example shortened (slow jobs of a few hundred I/Os
# beside rate-limited fast jobs that would otherwise run for hours): the
# fast jobs stop when the slow job of their wave ends (stonewall), and
# with exit_what=all every later job stops too. fio and blktop run the
# same file on the same scratch device: the same jobs, groups, directions
# and the slow jobs' bytes; each run must end on its own.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk.img 16M)
dev=$(attach "$img") || die "cannot attach a loop device"

# job WHAT GR: the example, with exit_what=WHAT for the first slow job and
# group_reporting=GR.
job() {
	cat <<EOT
[global]
filename=$dev
direct=1
blocksize=4096
group_reporting=$2
exitall=1
[slow1]
rw=read
ioengine=sync
new_group=1
thinktime=2000
number_ios=200
exit_what=$1
[fast1]
new_group=1
rw=randrw
numjobs=2
ioengine=libaio
iodepth=32
rate=300,300,300
[slow2]
stonewall
rw=write
ioengine=sync
new_group=1
thinktime=2000
number_ios=200
exit_what=all
[fast2]
rw=randrw
numjobs=2
ioengine=libaio
iodepth=32
rate=300,300,300
[runsnever]
rw=randrw
ioengine=libaio
iodepth=32
rate=300,300,300
EOT
}

# The slow jobs' bytes exactly; the fast ones only whether they moved
# bytes in each direction (a rate-limited job's bytes are timing).
summary() {
	jq -c '[.jobs[] | {n: .jobname, g: .groupid,
		r: (if .jobname | test("^slow") then .read.io_bytes else (.read.io_bytes > 0) end),
		w: (if .jobname | test("^slow") then .write.io_bytes else (.write.io_bytes > 0) end)}]' "$1"
}

for gr in 1 0; do
	name=stonewall_gr$gr
	job stonewall $gr >"$WORK/$name.fio"
	timeout -k 5 120 fio --output-format=json "$WORK/$name.fio" >"$WORK/$name.fio.json" 2>"$WORK/err" ||
		{ fail "$name: fio failed or did not end: $(tail -2 "$WORK/err")"; continue; }
	timeout -k 5 120 "$BLKTOP" --batch --force --output-format=json --job "$WORK/$name.fio" \
		>"$WORK/$name.blk.json" 2>"$WORK/err" ||
		{ fail "$name: blktop exit $? or did not end: $(tail -2 "$WORK/err")"; continue; }
	f=$(summary "$WORK/$name.fio.json") b=$(summary "$WORK/$name.blk.json")
	if [ "$f" = "$b" ]; then
		pass "exit_what=stonewall then all, group_reporting=$gr: as fio ($f)"
	else
		fail "exit_what, group_reporting=$gr: fio $f, blktop $b"
	fi
done
finish
