#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_units.sh - fio's kb_base and unit_base, run by blktop and by fio 3 on
# the same scratch loop device. Sizes: with kb_base=1024 (the default) k,
# kb are 1024 and KiB is 1000; with kb_base=1000 it is the other way
# round; in a job file kb_base counts wherever it stands in the section.
# The bytes and I/Os each moved must be fio's. The normal text: the units
# of the IOPS, bw-samples and group lines (kB/s or KiB/s first, bits with
# unit_base=1) must be fio's, numbers aside, for a paced job whose rates
# sit far from a unit's edge.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"

# moved JSON: "io_bytes total_ios" of the first job's reads.
moved() { sed -n '/^{/,$p' "$1" | jq -r '.jobs[0].read | "\(.io_bytes) \(.total_ios)"'; }

# sizes LABEL LINES...: a sequential read job (buffered: sizes of 1000s
# are not whole sectors) with LINES, as a job file, by fio and blktop.
sizes() {
	label=$1
	shift
	{
		printf '[x]\nfilename=%s\nrw=read\nioengine=psync\ndirect=0\n' "$dev"
		for a; do printf '%s\n' "$a"; done
	} >"$WORK/sz.job"
	fio --output-format=json "$WORK/sz.job" >"$WORK/sz.fio" 2>"$WORK/err" ||
		{ fail "$label: fio failed: $(tail -2 "$WORK/err")"; return; }
	"$BLKTOP" --batch --job "$WORK/sz.job" --output-format=json >"$WORK/sz.bt" 2>"$WORK/err" ||
		{ fail "$label: blktop exit $?: $(tail -2 "$WORK/err")"; return; }
	f=$(moved "$WORK/sz.fio") b=$(moved "$WORK/sz.bt")
	[ -n "$f" ] && [ "$f" = "$b" ] && pass "$label: bytes and I/Os $b as fio" ||
		fail "$label: blktop '$b', fio '$f'"
}
sizes "k under kb_base=1024" size=64k bs=4k
sizes "KiB under kb_base=1024 is 1000" size=64KiB bs=4KiB
sizes "k, kb under kb_base=1000 are 1000" kb_base=1000 size=1mb bs=2k
sizes "KiB, MiB under kb_base=1000 are 1024" kb_base=1000 size=1MiB bs=8KiB
sizes "kb_base=1000 after the sizes in the section" size=64k bs=4k kb_base=1000
sizes "kb_base=1000 in read:-16k" kb_base=1000 size=1m bs=8k rw=read:-16k
sizes "kb_base=1000 in bssplit" kb_base=1000 size=1m bssplit=8k/50:4KiB/50

# On the command line, as fio, kb_base counts for the options after it.
fio --name=x --filename="$dev" --rw=read --ioengine=psync --direct=0 --kb_base=1000 \
	--size=64k --bs=4k --output-format=json >"$WORK/cl.fio" 2>"$WORK/err"
"$BLKTOP" --batch --run read "$dev" --name=x --ioengine=psync --direct=0 --kb_base=1000 \
	--size=64k --bs=4k --output-format=json >"$WORK/cl.bt" 2>"$WORK/err"
f=$(moved "$WORK/cl.fio") b=$(moved "$WORK/cl.bt")
[ -n "$f" ] && [ "$f" = "$b" ] && pass "--kb_base=1000 --size=64k: $b as fio" ||
	fail "--kb_base=1000 on the command line: blktop '$b', fio '$f' ($(tail -1 "$WORK/err"))"

# ---- the normal text's units ----
# units FILE: the IOPS, bw-samples and group lines with numbers as '#'.
units() {
	grep -E '^  read: IOPS=|^   bw \(|^   READ: bw=' "$1" | sed -E 's/[0-9]+(\.[0-9]+)?/#/g; s/= +/=/g'
}
for opts in "" "kb_base=1000" "unit_base=1" "kb_base=1000 unit_base=1" "unit_base=8"; do
	{
		printf '[x]\nfilename=%s\nrw=randread\nbs=4096\ndirect=1\n' "$dev"
		printf 'time_based=1\nruntime=2\nrate_iops=100\n'
		for o in $opts; do printf '%s\n' "$o"; done
	} >"$WORK/u.job"
	fio --thread "$WORK/u.job" >"$WORK/u.fio" 2>"$WORK/err" ||
		{ fail "${opts:-defaults}: fio failed: $(tail -2 "$WORK/err")"; continue; }
	"$BLKTOP" --batch --job "$WORK/u.job" >"$WORK/u.bt" 2>"$WORK/err" ||
		{ fail "${opts:-defaults}: blktop exit $?: $(tail -2 "$WORK/err")"; continue; }
	units "$WORK/u.fio" >"$WORK/u.fio.k"
	units "$WORK/u.bt" >"$WORK/u.bt.k"
	if [ "$(wc -l <"$WORK/u.fio.k")" -ge 2 ] && cmp -s "$WORK/u.fio.k" "$WORK/u.bt.k"; then
		pass "${opts:-defaults}: units as fio: $(head -1 "$WORK/u.bt.k" | sed 's/^ *//')"
	else
		fail "${opts:-defaults}: units differ (- fio, + blktop):"
		diff "$WORK/u.fio.k" "$WORK/u.bt.k" | sed 's/^/    | /' >&2
	fi
done

for bad in "kb_base=1001" "unit_base=2"; do
	"$BLKTOP" --batch --run read "$dev" "--$bad" >/dev/null 2>"$WORK/err"
	rc=$?
	[ $rc = 2 ] && grep -q "${bad%%=*}" "$WORK/err" &&
		pass "$bad refused, exit 2: $(head -1 "$WORK/err")" ||
		fail "$bad: exit $rc: $(head -1 "$WORK/err")"
done
finish
