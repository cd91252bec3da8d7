#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_zones.sh - fio's strided zones (zonemode=strided, zonesize,
# zonerange, zoneskip): blktop issues the I/Os fio issues, I/O for I/O,
# as each tool's iops log shows them (log_offset=1, iodepth 1: one line
# per I/O in issue order): the same directions, offsets and lengths, also
# for random offsets within each zone (fio's generators and seeds), for
# zones wider than zonesize, zonesize past the zone's range, and zones
# that wrap back to the first past the device's end. zonemode=zbd and
# fio's own refusals end the job with exit 2 naming the key.
FIO_JOB_DEV_SIZE=16M
. "${top_srcdir:-.}/tests/e2e/fio_job_lib.sh"

# run WHO NAME ARGS...: a job at iodepth 1; leaves $WORK/NAME.WHO.N with
# one line per I/O of clone N, "r|w OFFSET LENGTH", in issue order.
run() {
	who=$1 name=$2
	shift 2
	fio_job_run "$(printf '[x]\nfilename=%s\ndirect=1\nioengine=psync\niodepth=1' "$dev")" \
		"$who" "$name" "$@" || return 1
	fio_job_split "$name" "$who"
}


# The zones do not merely repeat a job without them: the first one of
# these moves 1 MiB from each 4 MiB, not the first 4 MiB.
same seq "read, zonesize=256k zoneskip=1m" --rw=read --bs=64k --size=4m \
	--zonemode=strided --zonesize=256k --zoneskip=1m
grep -q '^r 1310720 ' "$WORK/seq.fio.1" ||
	fail "seq: fio read nothing at 1.25 MiB: the zones were not used"
same write "write, zonesize=128k zoneskip=512k" --rw=write --bs=16k --size=2m \
	--zonemode=strided --zonesize=128k --zoneskip=512k
same range "read, zonesize=128k in zones of 512k" --rw=read --bs=32k --size=2m \
	--zonemode=strided --zonesize=128k --zonerange=512k --zoneskip=256k
same over "read, zonesize=256k over zones of 64k (the zone read again)" --rw=read --bs=16k \
	--size=1m --zonemode=strided --zonesize=256k --zonerange=64k --zoneskip=64k
same wrap "read past the device's end wraps to the first zone" --rw=read --bs=64k --size=12m \
	--offset=1m --zonemode=strided --zonesize=1m --zoneskip=3m
same rand "randread in zones (fio's draws and map per zone)" --rw=randread --bs=4k --size=2m \
	--zonemode=strided --zonesize=256k --zonerange=512k --zoneskip=1m
same randnomap "randread in zones, norandommap" --rw=randread --bs=4k --size=1m \
	--norandommap=1 --zonemode=strided --zonesize=128k --zoneskip=256k
same randrw "randrw in zones wider than zonesize" --rw=randrw --bs=8k --size=2m \
	--zonemode=strided --zonesize=512k --zonerange=256k --zoneskip=768k
same splitnomap "randrw bssplit in zones, norandommap" --rw=randrw --bssplit=4k/50:16k/50 \
	--size=2m --norandommap=1 --zonemode=strided --zonesize=512k --zonerange=256k \
	--zoneskip=768k
same iosize "read in zones, io_size twice the size" --rw=read --bs=64k --size=2m --io_size=4m \
	--zonemode=strided --zonesize=256k --zoneskip=512k
same loops "read in zones, loops=2" --rw=read --bs=64k --size=2m --loops=2 \
	--zonemode=strided --zonesize=256k --zoneskip=512k
same clones "read in zones, numjobs=2 offset_increment=4m" --rw=read --bs=64k --size=2m \
	--numjobs=2 --offset_increment=4m --zonemode=strided --zonesize=256k --zoneskip=512k
same rw "rw in zones" --rw=rw --bs=8k --size=1m --zonemode=strided --zonesize=64k \
	--zoneskip=64k

# fio's examples/disk-zone-profile.fio: a bare write_bw_log (the job's
# name as the prefix) with strided zones; both tools write the same file.
blktop_abs=$(cd "$(dirname "$BLKTOP")" && pwd)/$(basename "$BLKTOP")
for who in fio blktop; do
	mkdir -p "$WORK/dz.$who"
	printf '[global]\nbs=64k\ndirect=1\nrw=read\nioengine=libaio\niodepth=2\n' >"$WORK/dz.job"
	printf 'zonemode=strided\nzonesize=1m\nzoneskip=3m\n\n[disk-zone-profile]\n' >>"$WORK/dz.job"
	printf 'filename=%s\nwrite_bw_log\nlog_offset=1\n' "$dev" >>"$WORK/dz.job"
	if [ $who = fio ]; then
		(cd "$WORK/dz.$who" && fio "$WORK/dz.job" >out.json 2>err)
	else
		(cd "$WORK/dz.$who" && "$blktop_abs" --batch --force --job "$WORK/dz.job" >out.json 2>err)
	fi || fail "disk-zone-profile: $who exit $?: $(head -2 "$WORK/dz.$who/err")"
done
if [ -s "$WORK/dz.fio/disk-zone-profile_bw.1.log" ] &&
	[ -s "$WORK/dz.blktop/disk-zone-profile_bw.1.log" ]; then
	pass "disk-zone-profile: a bare write_bw_log writes disk-zone-profile_bw.1.log, as fio's"
else
	fail "disk-zone-profile: fio wrote $(ls "$WORK/dz.fio" | tr '\n' ' '), blktop $(ls "$WORK/dz.blktop" | tr '\n' ' ')"
fi

# refused NAME RC KEY ARGS...: blktop exits RC (2: a key refused in the
# job file, naming its line; 1: options fio itself fails on) with KEY in
# its message, and no I/O is done.
refused() {
	name=$1 want=$2 key=$3
	shift 3
	{
		printf '[x]\nfilename=%s\ndirect=1\nioengine=psync\n' "$dev"
		for a; do printf '%s\n' "${a#--}"; done
	} >"$WORK/$name.job"
	"$BLKTOP" --batch --force --job "$WORK/$name.job" >/dev/null 2>"$WORK/err"
	rc=$?
	if [ "$rc" = "$want" ] && grep -q "$key" "$WORK/err"; then
		pass "$name: refused (exit $rc), naming $key: $(head -1 "$WORK/err")"
	else
		fail "$name: blktop exit $rc (wanted $want naming $key): $(head -2 "$WORK/err")"
	fi
	[ "$want" = 1 ] && [ "$name" != randsplit ] || return 0
	if fio "$WORK/$name.job" >/dev/null 2>&1; then
		fail "$name: fio ran the job blktop refuses"
	else
		pass "$name: fio fails on it too"
	fi
}
refused zbd 2 "zonemode" --rw=read --size=1m --zonemode=zbd --zonesize=256k
refused none_size 1 "zonesize" --rw=read --size=1m --zonemode=none --zonesize=256k
refused alone 1 "zonesize" --rw=read --size=1m --zonesize=256k
refused strided_nosize 1 "zonesize" --rw=read --size=1m --zonemode=strided
refused randsplit 1 "zonemode" --rw=randread --bssplit=4k/50:16k/50 --size=1m \
	--zonemode=strided --zonesize=256k
finish
