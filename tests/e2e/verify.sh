#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# verify.sh - data verification next to fio 3 on one scratch loop device:
# for every verify type blktop writes (and reads back) and fio's
# verify_only finds the area clean; fio writes and blktop's read job and
# verify_only find it clean; one flipped byte is then caught by both,
# naming the same offset, with exit status 1. verify_dump saves the block
# as read and as expected (one byte apart, also for a block fio wrote);
# continue_on_error=verify counts each bad block; verify_backlog reads back
# as it writes; a pattern, verify_interval and verify_offset go both ways.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
LC_ALL=C
export LC_ALL
unset LANGUAGE
command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: verification was not compared with fio (apt-get install fio)"

img=$(sparse_file verify.img 24M) || die "cannot make the backing file"
dev=$(attach "$img") || die "cannot attach $img"
bt=$(readlink -f "$BLKTOP")
SIZE=1m
BS=4k
MiB=1048576
TYPES="md5 crc64 crc32 crc32c crc32c-intel crc16 crc7 sha1 sha256 sha512 sha3-224 sha3-256
sha3-384 sha3-512 xxhash meta pattern null"

# fio OPTS...: fio on the device, output in $WORK/fio.out; its status.
fio_on() {
	fio --name=v --filename="$dev" --direct=1 --size=$SIZE --bs=$BS --verify_state_save=0 "$@" \
		>"$WORK/fio.out" 2>&1
}
# blktop_on MODE OPTS...: a batch run on the device, stderr in $WORK/bt.err
# (in $WORK: a write job leaves fio's verify state file where it runs).
blktop_on() {
	m=$1
	shift
	(cd "$WORK" && "$bt" --batch --run "$m" "$dev" --size=$SIZE --bs=$BS "$@") >"$WORK/bt.out" \
		2>"$WORK/bt.err"
}
# flip OFFSET: inverts one byte of the device, through its backing file.
flip() {
	b=$(od -An -tu1 -j "$1" -N1 "$img" | tr -d ' ')
	printf "$(printf '\\%03o' $((255 - b)))" |
		dd of="$img" bs=1 seek="$1" conv=notrunc 2>/dev/null || die "cannot change byte $1"
}
# read_kib FILE: the KiB of 4k reads blktop's report says it issued (the
# rwts line: a run quicker than a millisecond has no READ summary line).
read_kib() {
	sed -n 's/.*issued rwts: total=\([0-9]*\),.*/\1/p' "$1" | head -1 | awk '{ print $1 * 4 }'
}
# The options of type T, its region (one MiB each) and the byte to flip:
# block 37 of the region (a size-bound random write job writes each block
# once); a data byte, for meta (which checks the header only) a byte of
# the header's offset, for sha512 one of the 128 data bytes fio's sha512
# field holds (a copy of the data's first and last bytes, not a hash).
type_opts() {
	echo "--verify=$1"
	[ "$1" = pattern ] && echo "--verify_pattern=0x5a17c0de"
}
region() { i=0; for x in $TYPES; do [ "$x" = "$1" ] && break; i=$((i + 1)); done; echo $((i * MiB)); }
block_of() { echo $(($(region "$1") + 37 * 4096)); }
flip_at() {
	case $1 in
	meta) echo $(($(block_of "$1") + 17)) ;;
	sha512) echo $(($(block_of "$1") + 168 + 100)) ;;
	*) echo $(($(block_of "$1") + 1000)) ;;
	esac
}
# fio_jobs EXTRA...: one fio job file, a section per type on its region.
fio_jobs() {
	{
		printf '[global]\nfilename=%s\ndirect=1\nbs=%s\nsize=%s\nrw=randwrite\nverify_state_save=0\n' \
			"$dev" $BS $SIZE
		for o in "$@"; do printf '%s\n' "$o"; done
		for t in $TYPES; do
			printf '[%s]\noffset=%s\n' "$t" "$(region $t)"
			type_opts $t | sed 's/^--//'
		done
	} >"$WORK/jobs.fio"
	fio --output-format=json --output="$WORK/fio.json" "$WORK/jobs.fio" >"$WORK/fio.out" 2>&1
}

# ---- blktop writes, fio checks ----
for t in $TYPES; do
	# shellcheck disable=SC2046
	blktop_on randwrite $(type_opts $t) --offset="$(region $t)" --iodepth=4 &&
		r=$(read_kib "$WORK/bt.out") && [ "$r" = 1024 ] ||
		fail "$t: blktop's write and read-back (${r:-no} KiB): $(head -3 "$WORK/bt.err")"
done
if fio_jobs verify_only=1; then
	r=$(jq -r '[.jobs[] | "\(.jobname):\(.read.io_bytes):\(.error)"] | join(" ")' "$WORK/fio.json")
	want=$(for t in $TYPES; do printf '%s:%s:0 ' $t $MiB; done)
	[ "$r " = "$want" ] && pass "blktop wrote 1 MiB with each type; fio's verify_only read each back clean" ||
		fail "fio's verify_only of blktop's blocks: $r"
else
	fail "fio's verify_only rejects blktop's blocks: $(grep -m5 -i 'verify\|fio:' "$WORK/fio.out")"
fi
for t in $TYPES; do [ $t = null ] || flip "$(flip_at $t)"; done
fio_jobs verify_only=1
for t in $TYPES; do
	[ $t = null ] && continue
	want="offset $(block_of $t),"
	grep -q "$want" "$WORK/fio.out" && pass "$t: fio catches the byte flipped in blktop's block ($want)" ||
		fail "$t: fio does not name the flipped block ($want): $(grep -m3 -i 'verify\|fio:' "$WORK/fio.out")"
	# shellcheck disable=SC2046
	blktop_on read $(type_opts $t) --offset="$(region $t)"
	rc=$?
	[ "$rc" = 1 ] && grep -q "$want" "$WORK/bt.err" &&
		pass "$t: blktop's read job catches it too, exit 1 ($(grep -m1 "$want" "$WORK/bt.err" | cut -c1-50)...)" ||
		fail "$t: after a flip blktop exits $rc: $(head -3 "$WORK/bt.err")"
done

# ---- fio writes, blktop checks ----
fio_jobs do_verify=0 || fail "fio's writes failed: $(tail -3 "$WORK/fio.out")"
for t in $TYPES; do [ $t = null ] || flip "$(flip_at $t)"; done
for t in $TYPES; do
	reg=$(region $t)
	want="offset $(block_of $t),"
	# Clean before the flipped block (the area up to block 37 only).
	# shellcheck disable=SC2046
	blktop_on read $(type_opts $t) --offset="$reg" --size=148k &&
		r=$(read_kib "$WORK/bt.out") && [ "$r" = 148 ] ||
		fail "$t: blktop rejects fio's blocks (exit $?): $(head -3 "$WORK/bt.err")"
	# shellcheck disable=SC2046
	blktop_on randwrite $(type_opts $t) --offset="$reg" --verify_only=1
	rc=$?
	if [ $t = null ]; then
		[ "$rc" = 0 ] && pass "null: blktop's verify_only pretends, as fio's" || fail "null: exit $rc"
		continue
	fi
	[ "$rc" = 1 ] && grep -q "$want" "$WORK/bt.err" &&
		pass "$t: blktop checks fio's blocks clean up to the flipped byte, and verify_only names it" ||
		fail "$t: blktop's verify_only on fio's blocks exits $rc: $(head -3 "$WORK/bt.err")"
done

# ---- verify_dump: the block as read and as expected, as fio names them ----
name=$(basename "$dev")
BLOCK=$((37 * 4096))
for writer in blktop fio; do
	rm -f "$WORK/$name".*
	if [ $writer = blktop ]; then
		blktop_on write --verify=md5 || fail "verify_dump: blktop's write failed"
	else
		fio_on --rw=write --verify=md5 --do_verify=0 || fail "verify_dump: fio's write failed"
	fi
	flip $((BLOCK + 2000))
	(cd "$WORK" && "$bt" --batch --run read "$dev" --size=$SIZE --bs=$BS --verify=md5 \
		--verify_dump=1 >/dev/null 2>"$WORK/bt.err")
	got="$WORK/$name.$BLOCK.received" exp="$WORK/$name.$BLOCK.expected"
	if [ -f "$got" ] && [ -f "$exp" ]; then
		n=$(cmp -l "$got" "$exp" | wc -l)
		[ "$n" = 1 ] && [ "$(stat -c %s "$got")" = 4096 ] &&
			pass "verify_dump ($writer wrote): $name.$BLOCK.received and .expected differ in the flipped byte only" ||
			fail "verify_dump ($writer wrote): the dumps differ in $n bytes"
	else
		fail "verify_dump ($writer wrote): no $name.$BLOCK.received/.expected: $(cat "$WORK/bt.err")"
	fi
done

# ---- continue_on_error=verify counts every bad block; verify_fatal stops ----
blktop_on write --verify=crc32c || fail "two flips: blktop's write failed"
flip $((3 * 4096 + 50))
flip $((9 * 4096 + 50))
# Bad blocks named: the report's last line repeats the first.
bad() { grep -o 'verify failed at file [^ ]* offset [0-9]*' "$WORK/bt.err" | sort -u | wc -l; }
blktop_on read --verify=crc32c --continue_on_error=verify
n=$(bad)
[ "$n" = 2 ] && pass "continue_on_error=verify: both bad blocks reported, the job went on" ||
	fail "continue_on_error=verify: $n bad blocks reported, not 2: $(cat "$WORK/bt.err")"
blktop_on read --verify=crc32c
n=$(bad)
[ "$n" = 1 ] && pass "without it the job stops at the first bad block" ||
	fail "without continue_on_error=verify: $n bad blocks reported, not 1"

# ---- verify_backlog: reads back while it writes, and all of it ----
blktop_on randwrite --verify=crc32c --verify_backlog=16 --iodepth=8 &&
	r=$(read_kib "$WORK/bt.out") && [ "$r" = 1024 ] &&
	pass "verify_backlog=16: 1 MiB written and read back" ||
	fail "verify_backlog=16: exit $?, read back ${r:-no} KiB: $(head -3 "$WORK/bt.err")"

# ---- pattern with a header, verify_interval, verify_offset, both ways ----
for opts in '--verify_pattern="abc"0x1234-7' '--verify=crc32c --verify_interval=1k' \
	'--verify=md5 --verify_interval=2k --verify_offset=100' \
	'--verify=meta --verify_pattern=0x01020304 --verify_interval=512'; do
	# shellcheck disable=SC2086
	blktop_on write $opts && fio_on --rw=write $opts --verify_only=1 &&
		fio_on --rw=write $opts --do_verify=0 && blktop_on read $opts &&
		pass "$opts: blktop to fio and fio to blktop, clean" ||
		fail "$opts: $(head -2 "$WORK/bt.err") $(grep -m2 -i 'verify\|fio:' "$WORK/fio.out")"
done

# ---- refused by name ----
blktop_on read --verify=pattern
[ $? = 1 ] && grep -q 'verify=pattern needs verify_pattern' "$WORK/bt.err" &&
	pass "verify=pattern without verify_pattern is refused by name" ||
	fail "verify=pattern without a pattern: $(cat "$WORK/bt.err")"
blktop_on read --verify=crc8
[ $? != 0 ] && grep -q 'verify' "$WORK/bt.err" &&
	pass "verify=crc8 (not a type of fio's) is refused naming the option" ||
	fail "verify=crc8: $(cat "$WORK/bt.err")"
finish
