#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# verify_more.sh - the rest of fio 3.33's data verification next to fio on
# one scratch loop device: a time_based write job with verify writes the
# area and reads it back, pass after pass, until the runtime ends on an
# engine that queues (libaio, io_uring), and writes the whole runtime with
# no read-back on one that completes at submit (psync), as fio does;
# verify_pattern's %o puts each block's offset in the pattern, as fio's
# does, both ways, and a changed offset byte is caught by both; the verify
# state file (verify_state_save) is fio's byte for byte, and a write cut
# short by its runtime is checked later up to where it ended
# (verify_state_load) by either tool from the other's file.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio
LC_ALL=C
export LC_ALL
unset LANGUAGE

img=$(sparse_file verify_more.img 8M) || die "cannot make the backing file"
dev=$(attach "$img") || die "cannot attach $img"
bt=$(readlink -f "$BLKTOP")
MiB=1048576

# json FILE: the JSON document in FILE (fio puts its notes before it).
json() { sed -n '/^{/,$p' "$1"; }
# shape READ WRITTEN SIZE: what a time_based verify job did. "written" if
# it only wrote; "passes" if it read back whole passes of SIZE bytes: the
# reads trail the writes by at most one pass (the runtime ended inside a
# write or a read-back); anything else is "odd".
shape() {
	if [ "$1" = 0 ] && [ "$2" -gt 0 ]; then
		echo written
	elif [ "$1" -ge "$3" ] && [ "$2" -ge "$1" ] && [ $(($2 - $1)) -le "$3" ]; then
		echo passes
	else
		echo "odd ($1 read, $2 written)"
	fi
}

# ---- time_based with verify ----
for eng in libaio io_uring psync; do
	set -- --rw=randwrite --bs=4k --size=1m --verify=crc32c --time_based --runtime=2 \
		--ioengine=$eng --iodepth=4
	fio --name=v --filename="$dev" --direct=1 --verify_state_save=0 "$@" \
		--output-format=json >"$WORK/fio.out" 2>&1
	frc=$?
	"$bt" --batch --run randwrite "$dev" "$@" --verify_state_save=0 --output-format=json \
		>"$WORK/bt.out" 2>"$WORK/bt.err"
	brc=$?
	if [ $eng = io_uring ] && grep -q 'io_uring' "$WORK/fio.out" && ! json "$WORK/fio.out" | jq -e . >/dev/null 2>&1; then
		skip_part "io_uring: fio cannot use it here: $(head -1 "$WORK/fio.out")"
		continue
	fi
	if grep -q 'not built into this blktop' "$WORK/bt.err"; then
		skip_part "ioengine=$eng: not built into this blktop"
		continue
	fi
	f=$(json "$WORK/fio.out" | jq -r '.jobs[0] | "\(.read.io_bytes) \(.write.io_bytes) \(.error)"') ||
		{ fail "$eng: fio's JSON: $(head -3 "$WORK/fio.out")"; continue; }
	b=$(json "$WORK/bt.out" | jq -r '.jobs[0] | "\(.read.io_bytes) \(.write.io_bytes) \(.error)"') ||
		{ fail "$eng: blktop's JSON: $(head -3 "$WORK/bt.err")"; continue; }
	# shellcheck disable=SC2086
	fs=$(shape ${f% *} $MiB) bs=$(shape ${b% *} $MiB)
	if [ "$fs" = "$bs" ] && [ "$frc $brc" = "0 0" ] && [ "${f##* }" = 0 ] && [ "${b##* }" = 0 ]; then
		pass "time_based, ioengine=$eng: both $fs (fio read/wrote ${f% *}, blktop ${b% *}), exit 0"
	else
		fail "time_based, ioengine=$eng: fio $fs (${f}, exit $frc), blktop $bs (${b}, exit $brc): $(head -2 "$WORK/bt.err")"
	fi
done

# ---- %o in verify_pattern ----
# flip OFFSET: inverts one byte of the device, through its backing file.
flip() {
	b=$(od -An -tu1 -j "$1" -N1 "$img" | tr -d ' ')
	printf "$(printf '\\%03o' $((255 - b)))" |
		dd of="$img" bs=1 seek="$1" conv=notrunc 2>/dev/null || die "cannot change byte $1"
}
BLOCK=$((37 * 4096))
for opts in '--verify=pattern --verify_pattern=\"ab\"%o' \
	'--verify=crc32c --verify_pattern=%o\"x\"%o --verify_interval=1k' \
	'--verify=md5 --verify_pattern=0x01%o --verify_offset=100 --verify_interval=2k'; do
	eval "set -- $opts"
	"$bt" --batch --run randwrite "$dev" --size=1m --bs=4k --verify_state_save=0 "$@" \
		>"$WORK/bt.out" 2>"$WORK/bt.err" ||
		{ fail "$opts: blktop's write: $(head -2 "$WORK/bt.err")"; continue; }
	if [ "$1" = --verify=pattern ]; then
		# "ab", then the block's offset in 8 bytes, little endian.
		got=$(od -An -tu8 -j $((BLOCK + 2)) -N8 "$img" | tr -d ' ')
		[ "$got" = $BLOCK ] && pass "$opts: block $BLOCK carries its offset after \"ab\"" ||
			fail "$opts: block $BLOCK carries $got where its offset goes"
	fi
	fio --name=v --filename="$dev" --direct=1 --size=1m --bs=4k --rw=randwrite --verify_state_save=0 \
		"$@" --verify_only=1 >"$WORK/fio.out" 2>&1 &&
		fio --name=v --filename="$dev" --direct=1 --size=1m --bs=4k --rw=randwrite \
			--verify_state_save=0 "$@" --do_verify=0 >"$WORK/fio.out" 2>&1 &&
		"$bt" --batch --run read "$dev" --size=1m --bs=4k "$@" >"$WORK/bt.out" 2>"$WORK/bt.err" &&
		pass "$opts: blktop to fio and fio to blktop, clean" ||
		{ fail "$opts: $(head -2 "$WORK/bt.err") $(grep -m2 -i 'verify\|fio:' "$WORK/fio.out")"; continue; }
	# A data byte of fio's block 37 (in the pattern case one of the
	# offset's, 504 % 10 = 4): both name the block.
	flip $((BLOCK + 504))
	fio --name=v --filename="$dev" --direct=1 --size=1m --bs=4k --rw=randwrite --verify_state_save=0 \
		"$@" --verify_only=1 >"$WORK/fio.out" 2>&1
	"$bt" --batch --run read "$dev" --size=1m --bs=4k "$@" >"$WORK/bt.out" 2>"$WORK/bt.err"
	brc=$?
	want="offset $BLOCK,"
	# (fio's verify_only exits 0 even so: its report is what is compared.)
	[ "$brc" = 1 ] && grep -q "$want" "$WORK/fio.out" && grep -q "$want" "$WORK/bt.err" &&
		pass "$opts: a changed byte is caught by both ($want blktop exits 1)" ||
		fail "$opts: after a flip blktop exits $brc: $(grep -m1 "verify" "$WORK/fio.out") / $(head -1 "$WORK/bt.err")"
done
# ---- verify_state_save and verify_state_load ----
# zero: the device's first 8 MiB zeroed, so blocks never written fail.
zero() { dd if=/dev/zero of="$dev" bs=1M count=8 oflag=direct 2>/dev/null || die "cannot zero $dev"; }
mkdir -p "$WORK/f" "$WORK/b" "$WORK/s" || die "cannot make directories in $WORK"
state=local-w-0-verify.state
(cd "$WORK/f" && fio --name=w --filename="$dev" --direct=1 --size=1m --bs=4k --rw=write \
	--verify=crc32c --iodepth=1 >/dev/null 2>&1)
(cd "$WORK/b" && "$bt" --batch --run write "$dev" --name=w --size=1m --bs=4k --verify=crc32c \
	--iodepth=1 >/dev/null 2>"$WORK/bt.err")
if [ -f "$WORK/f/$state" ] && [ -f "$WORK/b/$state" ] && cmp -s "$WORK/f/$state" "$WORK/b/$state"; then
	pass "a write job with verify leaves $state, the same $(stat -c %s "$WORK/b/$state") bytes as fio's"
else
	fail "$state: fio's and blktop's differ or are missing: $(ls "$WORK/f" "$WORK/b" | tr '\n' ' ') $(cmp "$WORK/f/$state" "$WORK/b/$state" 2>&1)"
fi
# read_state TOOL: a read job named w with verify_state_load=1 in
# $WORK/s: "bytes-read error exit".
read_state() {
	if [ "$1" = fio ]; then
		(cd "$WORK/s" && fio --name=w --filename="$dev" --direct=1 --size=4m --bs=4k --rw=read \
			--verify=crc32c --verify_state_load=1 --output-format=json) >"$WORK/r.out" 2>&1
	else
		(cd "$WORK/s" && "$bt" --batch --run read "$dev" --name=w --size=4m --bs=4k --verify=crc32c \
			--verify_state_load=1 --output-format=json) >"$WORK/r.out" 2>"$WORK/bt.err"
	fi
	rc=$?
	echo "$(json "$WORK/r.out" | jq -r '.jobs[0] | "\(.read.io_bytes) \(.error)"' 2>/dev/null) $rc"
}
# verify_only TOOL: the write job's verify_only with verify_state_load=1
# in $WORK/s from $WORK/saved.state: "bytes-read error exit"; the state
# it leaves (fio's saves the writes it would have made) in $WORK/TOOL.after.
verify_only() {
	cp "$WORK/saved.state" "$WORK/s/$state" || die "cannot copy the state"
	set -- --size=4m --bs=4k --verify=crc32c --verify_only=1 --verify_state_load=1 --iodepth=4 \
		--ioengine=libaio --output-format=json
	if [ "$tool" = fio ]; then
		(cd "$WORK/s" && fio --name=w --filename="$dev" --direct=1 --rw=write "$@") >"$WORK/r.out" 2>&1
	else
		(cd "$WORK/s" && "$bt" --batch --run write "$dev" --name=w "$@") >"$WORK/r.out" 2>"$WORK/bt.err"
	fi
	rc=$?
	cp "$WORK/s/$state" "$WORK/$tool.after" 2>/dev/null
	echo "$(json "$WORK/r.out" | jq -r '.jobs[0] | "\(.read.io_bytes) \(.error)"' 2>/dev/null) $rc"
}
for writer in fio blktop; do
	zero
	rm -f "$WORK/s/$state"
	# A sequential write of 4 MiB at 1 MiB/s, cut short after a second.
	set -- --size=4m --bs=4k --verify=crc32c --do_verify=0 --rate=1m --runtime=1 --iodepth=4 \
		--ioengine=libaio
	if [ $writer = fio ]; then
		(cd "$WORK/s" && fio --name=w --filename="$dev" --direct=1 --rw=write "$@" >/dev/null 2>&1)
	else
		(cd "$WORK/s" && "$bt" --batch --run write "$dev" --name=w "$@" >/dev/null 2>"$WORK/bt.err")
	fi
	[ -f "$WORK/s/$state" ] || { fail "$writer's cut write left no $state"; continue; }
	f=$(read_state fio) b=$(read_state blktop)
	# Checked clean up to where the writes ended, not beyond (4 MiB).
	case $f in 0\ *|4194304\ *) ok=no ;; *) ok=yes ;; esac
	if [ "$f" = "$b" ] && [ $ok = yes ] && [ "${b#* }" = "0 0" ]; then
		pass "$writer wrote part: with its state fio and blktop both read ${b%% *} bytes clean, exit 0"
	else
		fail "$writer wrote part: with its state fio reads/error/exit $f, blktop $b: $(head -2 "$WORK/bt.err")"
	fi
	cp "$WORK/s/$state" "$WORK/saved.state" || die "cannot keep the state"
	tool=fio f=$(verify_only)
	tool=blktop b=$(verify_only)
	if [ "$f" = "$b" ] && [ "${b#* }" = "0 0" ] && cmp -s "$WORK/fio.after" "$WORK/blktop.after"; then
		pass "$writer wrote part: verify_only with its state: both read ${b%% *} bytes and leave the same state"
	else
		fail "$writer wrote part: verify_only with its state: fio $f, blktop $b, states $(cmp "$WORK/fio.after" "$WORK/blktop.after" 2>&1 | head -1)"
	fi
done
# Without the state the same read runs into the blocks never written.
(cd "$WORK/s" && "$bt" --batch --run read "$dev" --name=w --size=4m --bs=4k --verify=crc32c) \
	>/dev/null 2>"$WORK/bt.err"
rc=$?
[ $rc = 1 ] && grep -q 'bad magic header' "$WORK/bt.err" &&
	pass "without verify_state_load the read fails past the cut (exit 1)" ||
	fail "without verify_state_load: exit $rc: $(head -1 "$WORK/bt.err")"
rm -f "$WORK/s/$state"
(cd "$WORK/s" && "$bt" --batch --run read "$dev" --name=w --size=4m --bs=4k --verify=crc32c \
	--verify_state_load=1) >/dev/null 2>"$WORK/bt.err"
rc=$?
[ $rc = 1 ] && grep -q "$state" "$WORK/bt.err" &&
	pass "verify_state_load=1 without a state file: exit 1 naming it, as fio" ||
	fail "verify_state_load=1 without a state file: exit $rc: $(head -1 "$WORK/bt.err")"
finish
