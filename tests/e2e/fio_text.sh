#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_text.sh - blktop's normal report is fio 3.33's text, line for line:
# the same job run by fio and by blktop on one scratch loop device gives
# the same kinds of lines in the same order (numbers, units and the job's
# pid and date aside), from the preamble ("NAME: (g=0): rw=...", the
# version line, "Starting N threads") to "Disk stats"; blktop's own blocks
# come after the line "--- blktop ---", where a scraper of fio's text
# stops. In Chinese too: fio's text is never translated.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v fio >/dev/null 2>&1 || skip "fio is missing (apt-get install fio): nothing to compare with"

img=$(sparse_file disk.img 256M)
dev=$(attach "$img") || die "cannot attach a loop device"

# kinds FILE: one word per line of fio's report: a line's text up to its
# first number, "(", ":" or "=", with the indentation kept; runs of the
# same kind (percentile rows, "lat (usec)" rows) count once. The blank
# line before blktop's mark is blktop's.
kinds() {
	awk '
		/^--- blktop ---$/ { exit }
		$0 == "" { blank++; next }
		{ while (blank > 0) { print "(blank)"; blank--; prev = "(blank)" }
		  k = $0 }
		k ~ /^[^ ].*: \(g=[0-9]+\): rw=/ { k = "(preamble)" }
		k ~ /^[^ ].*: \(groupid=[0-9]+, jobs=/ { k = "(job)" }
		k ~ /^fio-3/ { k = "(version)" }
		k ~ /^ +\|/ { k = "(percentiles)" }
		k !~ /^\(/ { sub(/[0-9].*$/, "", k); sub(/[(:=].*$/, "", k); sub(/ +$/, "", k) }
		k != prev { print k }
		{ prev = k }' "$1"
}

# compare CASE JOBFILE: the job file run by both; their kinds of lines.
compare() {
	c=$1 job=$2
	fio --thread "$job" >"$WORK/$c.fio.out" 2>"$WORK/$c.fio.out.err" ||
		{ fail "$c: fio failed: $(cat "$WORK/$c.fio.out.err")"; return; }
	"$BLKTOP" --batch --force --job "$job" >"$WORK/$c.blktop.out" 2>"$WORK/$c.blktop.err" ||
		{ fail "$c: blktop failed: $(cat "$WORK/$c.blktop.err")"; return; }
	kinds "$WORK/$c.fio.out" >"$WORK/$c.fio.k"
	kinds "$WORK/$c.blktop.out" >"$WORK/$c.blktop.k"
	if diff -u "$WORK/$c.fio.k" "$WORK/$c.blktop.k" >"$WORK/$c.diff"; then
		pass "$c: $(wc -l <"$WORK/$c.fio.k") kinds of lines, in fio's order"
	else
		fail "$c: the lines differ from fio's (- fio, + blktop):"
		sed 's/^/    | /' "$WORK/$c.diff" >&2
	fi
	# The lines scrapers read, literally.
	for re in '^fio-3\.33' '^Starting [0-9]+ threads?$' '^Run status group 0 \(all jobs\):$' \
		'^Disk stats \(read/write\):$' \
		'^  [a-z0-9]+: ios=[0-9]+/[0-9]+, merge=[0-9]+/[0-9]+, ticks=[0-9]+/[0-9]+, in_queue=[0-9]+, util=[0-9.]+%$'; do
		grep -Eq "$re" "$WORK/$c.blktop.out" || fail "$c: no line matches $re"
	done
	if grep -q '^  write: ' "$WORK/$c.fio.out"; then
		grep -Eq '^  write: IOPS=.*msec\); 0 zone resets$' "$WORK/$c.blktop.out" ||
			fail "$c: the write line does not end as fio's ('; 0 zone resets')"
	fi
}

cat >"$WORK/randread.fio" <<EOF
[randread]
filename=$dev
ioengine=libaio
direct=1
rw=randread
bs=4k
iodepth=32
runtime=2
time_based=1
EOF
compare randread "$WORK/randread.fio"

# Two threads reported as one, errors counted (continue_on_error prints
# fio's errors line), a write share.
cat >"$WORK/randrw.fio" <<EOF
[randrw]
filename=$dev
ioengine=libaio
direct=1
rw=randrw
rwmixread=70
bs=4k
iodepth=8
numjobs=2
group_reporting=1
continue_on_error=all
runtime=2
time_based=1
EOF
compare randrw "$WORK/randrw.fio"

# Two sections, the second after the first: two groups, two preamble lines.
cat >"$WORK/twogroups.fio" <<EOF
[global]
filename=$dev
ioengine=libaio
direct=1
runtime=1
time_based=1

[seqwrite]
rw=write
bs=128k
iodepth=4

[seqread]
stonewall
rw=read
bs=128k
iodepth=4
EOF
compare twogroups "$WORK/twogroups.fio"

# blktop's blocks come after the mark, and only there.
b=$WORK/randread.blktop.out
if [ -f "$b" ]; then
	mark=$(grep -n '^--- blktop ---$' "$b" | cut -d: -f1)
	disk=$(grep -n '^Disk stats' "$b" | cut -d: -f1)
	cpu=$(grep -n 'CPU load over the run' "$b" | cut -d: -f1)
	[ -n "$mark" ] && [ -n "$disk" ] && [ -n "$cpu" ] && [ "$disk" -lt "$mark" ] &&
		[ "$mark" -lt "$cpu" ] && pass "blktop's blocks follow the mark, after Disk stats" ||
		fail "the mark (line ${mark:-none}) is not between Disk stats (${disk:-none}) and the CPU block (${cpu:-none})"
fi

# fio's text stays fio's in Chinese: the same kinds of lines.
if locale -a 2>/dev/null | grep -qi '^zh_CN\.utf-\?8$'; then
	LANGUAGE=zh_CN LC_ALL=zh_CN.UTF-8 "$BLKTOP" --batch --force --job "$WORK/randread.fio" \
		>"$WORK/zh.blktop" 2>&1 || fail "blktop in zh_CN failed: $(tail -3 "$WORK/zh.blktop")"
	kinds "$WORK/zh.blktop" >"$WORK/zh.k"
	diff -q "$WORK/randread.blktop.k" "$WORK/zh.k" >/dev/null &&
		pass "in zh_CN the report's fio lines are the same kinds" ||
		fail "in zh_CN fio's lines change: $(diff "$WORK/randread.blktop.k" "$WORK/zh.k" | head -5)"
else
	skip_part "no zh_CN.UTF-8 locale: the Chinese run is NOT checked (locale-gen zh_CN.UTF-8)"
fi
finish
