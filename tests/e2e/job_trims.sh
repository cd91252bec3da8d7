#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_trims.sh - rw=trim, randtrim and trimwrite (each block trimmed, then
# written), by fio 3.33 and blktop on the same scratch loop device, with
# every engine: the device's own discard counters (fields 12 and 14 of
# /sys/block/loopN/stat: discards completed, sectors discarded) and its
# written sectors must move the same for both, and the reports' trim
# figures (JSON, json+ bins, normal text, terse 4) must be fio's. A trim
# on a regular file fails as fio's does (error 25, ENOTTY). Trims go
# behind the write gate: has-data needs --force, in-use never runs.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: the comparisons with fio were not made (apt-get install fio)"

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"
name=$(basename "$dev")
[ "$(awk '{ print NF }' "/sys/block/$name/stat")" -ge 15 ] ||
	skip "this kernel's /sys/block/$name/stat has no discard counters"
[ "$(cat "/sys/block/$name/queue/discard_max_bytes")" != 0 ] ||
	skip "$dev takes no discards here"
# discards completed, sectors discarded, sectors written
counters() { awk '{ print $12, $14, $7 }' "/sys/block/$name/stat"; }
delta() { # BEFORE AFTER -> the three differences
	echo "$1 $2" | awk '{ print $4 - $1, $5 - $2, $6 - $3 }'
}
# fio prints notes (and error lines) before its JSON on stdout.
json_of() { sed -n '/^{/,$p' "$1"; }
figures='[.jobs[0].trim.io_bytes, .jobs[0].trim.total_ios, .jobs[0].write.io_bytes,
	  .jobs[0].write.total_ios, .jobs[0].error] | map(tostring) | join(" ")'

engines="libaio sync psync pvsync pvsync2 null"
"$BLKTOP" --version 2>/dev/null | grep -qw io_uring && engines="$engines io_uring" ||
	note "io_uring is not built in: its trims are not compared"

# same LABEL MODE ARGS...: fio then blktop with rw=MODE and ARGS on $dev;
# the device's counters and the JSON report's trim and write figures must
# match.
same() {
	label=$1 mode=$2
	shift 2
	a=$(counters)
	fio --name=t --filename="$dev" --rw="$mode" --direct=1 --output-format=json "$@" \
		>"$WORK/fio.out" 2>&1 || { fail "$label: fio failed: $(tail -2 "$WORK/fio.out")"; return; }
	b=$(counters)
	"$BLKTOP" --batch --run "$mode" "$dev" --name=t --output-format=json "$@" >"$WORK/bt.out" 2>"$WORK/err" ||
		{ fail "$label: blktop exit $?: $(tail -2 "$WORK/err")"; return; }
	c=$(counters)
	fdev=$(delta "$a" "$b") bdev=$(delta "$b" "$c")
	ffig=$(json_of "$WORK/fio.out" | jq -r "$figures") bfig=$(json_of "$WORK/bt.out" | jq -r "$figures")
	[ "$fdev" = "$bdev" ] && [ "$ffig" = "$bfig" ] &&
		pass "$label: device (discards, sectors, written) $bdev, report (trim bytes, ios, write bytes, ios, err) $bfig, as fio" ||
		fail "$label: blktop device $bdev report $bfig; fio device $fdev report $ffig"
}

for e in $engines; do
	same "$e randtrim 16 MiB of 64k" randtrim --bs=64k --size=16m --ioengine=$e --iodepth=4
	same "$e trimwrite 4k on 8 MiB" trimwrite --bs=4k --size=8m --ioengine=$e --iodepth=4
	# fio's null engine wants a size (it knows none of the device's).
	same "$e trim bs=1m" trim --bs=1m --size=64m --ioengine=$e
done
same "randtrim at iodepth 8, iodepth_batch 4" randtrim --bs=16k --size=4m --ioengine=libaio \
	--iodepth=8 --iodepth_batch=4
same "numjobs=2 of randtrim, offset_increment" randtrim --bs=64k --size=8m --numjobs=2 \
	--offset_increment=16m --group_reporting

# ---- the reports: every format has fio's trim figures ----
job="--name=t --bs=64k --size=4m"
fio $job --filename="$dev" --rw=trimwrite --output-format=normal >"$WORK/fio.txt" 2>&1 ||
	fail "fio normal failed"
"$BLKTOP" --batch --run trimwrite "$dev" $job --output-format=normal >"$WORK/bt.txt" 2>"$WORK/err" || fail "blktop normal failed"
for pat in '^     issued rwts: total=[0-9,]*' '^   TRIM: .*io=[^ ,]*' '^  trim: IOPS=[^,]*, BW=[^(]*([^)]*)([^/]*'; do
	f=$(grep -o "$pat" "$WORK/fio.txt") b=$(grep -o "$pat" "$WORK/bt.txt")
	# IOPS and BW are rates: only the parts that are counts are compared.
	case "$pat" in *IOPS*) f=$(echo "$f" | sed 's/IOPS=.*(/(/') b=$(echo "$b" | sed 's/IOPS=.*(/(/') ;; esac
	case "$pat" in *TRIM*) f=$(echo "$f" | sed 's/bw=.*io=/io=/') b=$(echo "$b" | sed 's/bw=.*io=/io=/') ;; esac
	[ -n "$b" ] && [ "$f" = "$b" ] && pass "normal text: '$b' as fio" ||
		fail "normal text: blktop '$b', fio '$f'"
done
grep -q '^    clat (usec\|^    clat (nsec\|^    clat (msec' "$WORK/bt.txt" &&
	[ "$(grep -c '^     lat (' "$WORK/bt.txt")" = "$(grep -c '^     lat (' "$WORK/fio.txt")" ] &&
	pass "normal text: a lat line per direction, as fio" || fail "normal text: the trim block lacks its latency lines"

# terse 4: the trim block's KiB (field 88) and the write block's (47).
fio $job --filename="$dev" --rw=trimwrite --output-format=terse --terse-version=4 >"$WORK/fio.t" 2>&1 ||
	fail "fio terse failed"
"$BLKTOP" --batch --run trimwrite "$dev" $job --output-format=terse --terse-version=4 >"$WORK/bt.t" 2>"$WORK/err" ||
	fail "blktop terse failed"
f=$(grep '^4;' "$WORK/fio.t" | cut -d';' -f47,88) b=$(grep '^4;' "$WORK/bt.t" | cut -d';' -f47,88)
[ -n "$b" ] && [ "$f" = "$b" ] && [ "$b" != "0;0" ] && pass "terse 4: write and trim KiB $b, as fio" ||
	fail "terse 4: blktop $b, fio $f"

# json+: the trim clat bins count every trim, and clat/lat are there.
"$BLKTOP" --batch --run trimwrite "$dev" $job --output-format=json+ >"$WORK/bt.j" 2>"$WORK/err" ||
	fail "blktop json+ failed"
fio $job --filename="$dev" --rw=trimwrite --output-format=json+ >"$WORK/fio.j" 2>&1 || fail "fio json+ failed"
bins='.jobs[0].trim | [([.clat_ns.bins[]] | add), .total_ios, (.lat_ns.N > 0), (.clat_ns.mean > 0),
	(.bw > 0), (.iops > 0)] | map(tostring) | join(" ")'
f=$(json_of "$WORK/fio.j" | jq -r "$bins") b=$(json_of "$WORK/bt.j" | jq -r "$bins")
[ "$f" = "$b" ] && pass "json+: trim (bins' sum, total_ios, lat N>0, clat mean>0, bw>0, iops>0) $b, as fio" ||
	fail "json+: blktop $b, fio $f"

# Per-second samples: a trim job's trims have them as its writes do (fio
# takes both every bw/iops period; the count itself follows the write's).
samples='.jobs[0] | [.trim.bw_samples == .write.bw_samples, .trim.iops_samples == .write.iops_samples,
	.trim.bw_samples > 0, .trim.bw_min > 0, .trim.iops_mean > 0] | map(tostring) | join(" ")'
fio --name=t --filename="$dev" --rw=trimwrite --bs=4k --runtime=2 --time_based \
	--output-format=json >"$WORK/fio.s" 2>&1 || fail "fio time_based trimwrite failed"
"$BLKTOP" --batch --run trimwrite "$dev" --name=t --bs=4k --runtime=2 --time_based \
	--output-format=json >"$WORK/bt.s" 2>"$WORK/err" || fail "blktop time_based trimwrite failed"
f=$(json_of "$WORK/fio.s" | jq -r "$samples") b=$(json_of "$WORK/bt.s" | jq -r "$samples")
[ "$f" = "$b" ] && pass "trim bw/iops samples (as many as the writes', >0, min>0, mean>0): $b, as fio" ||
	fail "trim samples: blktop $b, fio $f"

# ---- a regular file: the ioctl fails, as fio's, and no hole is punched ----
file=$WORK/data.img
dd if=/dev/urandom of="$file" bs=1M count=1 status=none
fio --name=t --filename="$file" --rw=trim --bs=64k --size=1m --output-format=json >"$WORK/fio.f" 2>&1
"$BLKTOP" --batch --run trim "$file" --name=t --bs=64k --size=1m --force \
	--output-format=json >"$WORK/bt.f" 2>"$WORK/err"
rc=$?
f=$(json_of "$WORK/fio.f" | jq -r '.jobs[0].error') b=$(json_of "$WORK/bt.f" | jq -r '.jobs[0].error')
[ "$rc" != 0 ] && [ "$b" = 25 ] && [ "$f" = "$b" ] &&
	[ "$(du -k "$file" | cut -f1)" -ge 1024 ] &&
	pass "trim on a regular file: err=$b as fio, exit $rc, the file keeps its blocks" ||
	fail "trim on a regular file: blktop err=$b exit $rc, fio err=$f, $(du -k "$file" | cut -f1) KiB kept"

# ---- the write gate: a trim destroys data as a write does ----
gate_img=$(sparse_file gate.img 32M)
gdev=$(attach "$gate_img") || die "cannot attach a loop device"
gname=$(basename "$gdev")
gdisc() { awk '{ print $12 }' "/sys/block/$gname/stat"; }
if command -v mkswap >/dev/null 2>&1; then
	mkswap "$gdev" >/dev/null 2>&1 || fail "mkswap $gdev"
	for m in trim randtrim trimwrite; do
		a=$(gdisc)
		"$BLKTOP" --batch --run $m "$gdev" --bs=64k --offset=1m --size=1m >"$WORK/g.out" 2>&1
		rc=$?
		[ "$rc" = 3 ] && [ "$(gdisc)" = "$a" ] && grep -q -- "--force" "$WORK/g.out" &&
			pass "has-data: $m refused without --force (exit 3, no discard, --force named)" ||
			fail "has-data: $m exit $rc, discards $a -> $(gdisc): $(tail -2 "$WORK/g.out")"
	done
	a=$(gdisc)
	"$BLKTOP" --batch --run trim "$gdev" --bs=64k --offset=1m --size=1m --force >"$WORK/g.out" 2>&1 &&
		[ "$(gdisc)" -gt "$a" ] && pass "has-data: trim runs with --force ($a -> $(gdisc) discards)" ||
		fail "has-data: trim with --force did not run: $(tail -2 "$WORK/g.out")"
else
	skip_part "mkswap is missing: the has-data gate for trims is not tested"
fi
if command -v mkfs.ext4 >/dev/null 2>&1; then
	mkfs.ext4 -q -F -E nodiscard "$gdev" >/dev/null 2>&1 || fail "mkfs.ext4 $gdev"
	mnt=$(mount_dev "$gdev") || die "cannot mount $gdev"
	a=$(gdisc)
	"$BLKTOP" --batch --run trim "$gdev" --bs=64k --offset=1m --size=1m --force >"$WORK/g.out" 2>&1
	rc=$?
	[ "$rc" = 3 ] && [ "$(gdisc)" = "$a" ] && grep -q "in-use" "$WORK/g.out" &&
		pass "in-use (mounted): trim refused even with --force (exit 3, no discard)" ||
		fail "in-use: trim exit $rc, discards $a -> $(gdisc): $(tail -2 "$WORK/g.out")"
else
	skip_part "mkfs.ext4 is missing: the in-use gate for trims is not tested"
fi
# The safe device above ran every trim without --force (same() passes none).
a=$(counters)
"$BLKTOP" --batch --readonly --run randtrim "$dev" --size=1m >"$WORK/g.out" 2>&1
rc=$?
[ "$rc" = 3 ] && [ "$(counters)" = "$a" ] && grep -q -- "--readonly" "$WORK/g.out" &&
	pass "--readonly refuses a trim job (exit 3, no discard)" ||
	fail "--readonly and randtrim: exit $rc: $(tail -2 "$WORK/g.out")"

# ---- refused, naming the option: what blktop does not run with trims
# (a bad value exits 2; an option it does not run with trims, 1 as the
# engine's other refusals), before any discard ----
for bad in "bs=4k,4k,64k:trim size:2" "verify=crc32c:verify:1" "write_lat_log=x:write_\*_log:1" \
	"rate_iops=100:rate or thinktime:1" "thinktime=10:rate or thinktime:1"; do
	a=$(counters)
	opt=${bad%%:*} rest=${bad#*:}
	"$BLKTOP" --batch --run trim "$dev" --size=1m "--$opt" >"$WORK/r.out" 2>&1
	rc=$?
	[ "$rc" = "${rest#*:}" ] && grep -q "${rest%%:*}" "$WORK/r.out" && [ "$(counters)" = "$a" ] && pass "rw=trim $bad refused (exit 2): $(head -1 "$WORK/r.out")" ||
		fail "rw=trim $bad: exit $rc: $(tail -2 "$WORK/r.out")"
done
finish
