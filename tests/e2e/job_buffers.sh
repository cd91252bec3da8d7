#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_buffers.sh - what writes carry (zero_buffers, buffer_pattern,
# scramble_buffers, refill_buffers, buffer_compress_percentage and _chunk,
# dedupe_percentage, dedupe_mode), written by fio 3 and by blktop on the
# same scratch loop device and read back. Where fio's bytes are fixed
# (zeros, patterns) blktop's must be the same bytes; where they hold the
# time or fio's random numbers, blktop's must have the same properties:
# the scramble's stamps, how many blocks repeat, how well gzip -1 packs
# the area. Before each run the area is filled from /dev/urandom, so a
# tool that writes nothing cannot pass.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: the comparisons with fio were not made (apt-get install fio)"
command -v python3 >/dev/null 2>&1 || skip "python3 is missing (it reads the blocks back)"
command -v gzip >/dev/null 2>&1 || skip "gzip is missing"

img=$(sparse_file disk.img 16M)
dev=$(attach "$img") || die "cannot attach a loop device"

# noise SIZE: random bytes over the area, so leftovers never match.
noise() {
	head -c "$1" /dev/urandom | dd of="$dev" bs=64k oflag=direct status=none ||
		die "cannot write noise to $dev"
}
# area SIZE FILE: the area as it is on the device.
area() {
	dd if="$dev" of="$2" bs="$1" count=1 iflag=direct status=none ||
		die "cannot read $dev back"
}
# write_both SIZE RW ARGS...: fio then blktop each write SIZE bytes from
# offset 0 with ARGS, into $WORK/fio.bin and $WORK/blktop.bin.
write_both() {
	size=$1 rw=$2
	shift 2
	noise "$size"
	# In $WORK: fio leaves a verify state file where it runs.
	(cd "$WORK" && fio --name=x --filename="$dev" --rw="$rw" --size="$size" --direct=1 "$@") \
		>"$WORK/fio.out" 2>&1 || { note "fio failed: $(tail -2 "$WORK/fio.out")"; return 1; }
	area "$size" "$WORK/fio.bin"
	noise "$size"
	"$BLKTOP" --batch --run "$rw" "$dev" --size="$size" "$@" >"$WORK/out" 2>"$WORK/err" ||
		{ note "blktop exit $?: $(tail -2 "$WORK/err")"; return 1; }
	area "$size" "$WORK/blktop.bin"
}

# same_bytes LABEL SIZE RW ARGS...: both wrote the same bytes.
same_bytes() {
	label=$1
	shift
	write_both "$@" || { fail "$label: a run failed"; return; }
	if cmp -s "$WORK/fio.bin" "$WORK/blktop.bin"; then
		pass "$label: the same $(wc -c <"$WORK/fio.bin") bytes as fio ($(sha256sum <"$WORK/fio.bin" | cut -c1-16))"
	else
		fail "$label: bytes differ from fio's: $(cmp "$WORK/fio.bin" "$WORK/blktop.bin" 2>&1 | head -1)"
	fi
}

# props BS FILE: what the checks below compare, one line:
#   blocks distinct repeated% gzip% stamped% other%
# stamped%: 512-byte blocks that carry their own device offset in one of
# the eight 64-byte lines and a time in bytes 48..63 (fio's scramble);
# other%: blocks with a nonzero byte outside those places when the rest
# of the data is zeros (a stamp that is not fio's).
props() {
	python3 - "$1" "$2" <<'PY'
import gzip, struct, sys
bs, data = int(sys.argv[1]), open(sys.argv[2], 'rb').read()
blocks = [data[i:i + bs] for i in range(0, len(data), bs)]
seen, rep = set(), 0
for b in blocks:
    rep += b in seen
    seen.add(b)
packed = len(gzip.compress(data, 1))
stamped = other = 0
n512 = len(data) // 512
for i in range(n512):
    blk = data[i * 512:(i + 1) * 512]
    lines = [struct.unpack_from('<Q', blk, k * 64)[0] for k in range(8)]
    stamped += i * 512 in lines and any(blk[48:64])
    rest = bytearray(blk)
    for k in range(8):
        if struct.unpack_from('<Q', blk, k * 64)[0] % bs == (i * 512) % bs:
            rest[k * 64:k * 64 + 8] = bytes(8)
    rest[48:64] = bytes(16)
    other += any(rest)
print(len(blocks), len(seen), 100.0 * rep / len(blocks), 100.0 * packed / len(data),
      100.0 * stamped / n512, 100.0 * other / n512)
PY
}
# field N WHO: field N of props of WHO's area ($WORK/WHO.props).
field() { awk -v n="$1" '{ print $n }' "$WORK/$2.props"; }
# near A B TOL: |A - B| <= TOL
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(d <= t && -d <= t) }'; }

# compare LABEL BS FIELD TOL SIZE RW ARGS...: field FIELD of props within TOL.
compare() {
	label=$1 pbs=$2 fld=$3 tol=$4
	shift 4
	write_both "$@" || { fail "$label: a run failed"; return; }
	props "$pbs" "$WORK/fio.bin" >"$WORK/fio.props"
	props "$pbs" "$WORK/blktop.bin" >"$WORK/blktop.props"
	f=$(field "$fld" fio) b=$(field "$fld" blktop)
	near "$f" "$b" "$tol" && pass "$label: $b (fio $f)" || fail "$label: blktop $b, fio $f (within $tol)"
}

# ---- fio's bytes exactly ----
same_bytes "zero_buffers" 1M write --bs=4k --zero_buffers=1
same_bytes "buffer_pattern text, hex, decimal" 1M write --bs=4k \
	--buffer_pattern='"blk"0xdeadbeef-12'
same_bytes "buffer_pattern of odd length, 3k blocks" 768K write --bs=3k --buffer_pattern='"abcdefg"'
same_bytes "buffer_pattern, randwrite at iodepth 4" 1M randwrite --bs=8k --ioengine=libaio \
	--iodepth=4 --buffer_pattern=0x0123456789
same_bytes "buffer_pattern over zero_buffers" 512K write --bs=4k --zero_buffers=1 --buffer_pattern=7
same_bytes "buffer_compress_percentage=100 (zeros, no scramble)" 512K write --bs=4k \
	--buffer_compress_percentage=100
same_bytes "buffer_compress_percentage=100 with buffer_pattern" 512K write --bs=4k \
	--buffer_compress_percentage=100 --buffer_pattern='"zz"0x01'
same_bytes "zero_buffers with scramble_buffers=0" 512K write --bs=4k --zero_buffers=1 \
	--scramble_buffers=0

# fio's random bytes: its generator, seeds and filler, buffers filled in
# its order (one buffer at iodepth 1).
same_bytes "random, scramble_buffers=0" 512K write --bs=4k --scramble_buffers=0
same_bytes "refill_buffers" 1M write --bs=4k --refill_buffers=1
same_bytes "refill_buffers, randseed=1234, bs 6k" 768K write --bs=6k --refill_buffers=1 --randseed=1234
same_bytes "buffer_compress_percentage=50" 1M write --bs=4k --buffer_compress_percentage=50
same_bytes "buffer_compress_percentage=30, chunk 1k, pattern" 1M write --bs=4k \
	--buffer_compress_percentage=30 --buffer_compress_chunk=1k --buffer_pattern='"ab"'
same_bytes "dedupe_percentage=30" 2M write --bs=4k --dedupe_percentage=30
same_bytes "dedupe_percentage=50 + compress 40" 2M write --bs=4k --dedupe_percentage=50 \
	--buffer_compress_percentage=40
same_bytes "dedupe_mode=working_set" 2M write --bs=4k --dedupe_percentage=40 \
	--dedupe_mode=working_set --dedupe_working_set_percentage=10
same_bytes "dedupe_percentage=100" 1M write --bs=4k --dedupe_percentage=100

# ---- fio's scramble: the same stamps in the same places ----
# On zeros the stamps are all there is: every block stamped, nothing else.
compare "zero_buffers + scramble_buffers=1: blocks stamped %" 4096 5 0 1M write --bs=4k \
	--zero_buffers=1 --scramble_buffers=1
compare "zero_buffers + scramble_buffers=1: other bytes %" 4096 6 0 1M write --bs=4k \
	--zero_buffers=1 --scramble_buffers=1
[ "$(field 5 blktop)" = 100.0 ] && pass "scrambled: every 512-byte block stamped" ||
	fail "scrambled: $(field 5 blktop) % of blocks stamped"
compare "default buffers: blocks stamped %" 4096 5 0 1M write --bs=4k
compare "default buffers, iodepth 8: blocks stamped %" 4096 5 0 1M randwrite --bs=16k \
	--ioengine=libaio --iodepth=8
compare "scramble_buffers=0: distinct 4k blocks (one buffer)" 4096 2 0 1M write --bs=4k \
	--scramble_buffers=0
compare "scramble_buffers=0: blocks stamped %" 4096 5 0 1M write --bs=4k --scramble_buffers=0
compare "refill_buffers: distinct 4k blocks" 4096 2 0 1M write --bs=4k --refill_buffers=1
compare "refill_buffers: blocks stamped % (no scramble)" 4096 5 0 1M write --bs=4k --refill_buffers=1

# ---- compression: what gzip -1 makes of the area ----
compare "buffer_compress_percentage=50: gzip -1 %" 4096 4 4 4M write --bs=4k \
	--buffer_compress_percentage=50
compare "buffer_compress_percentage=70, chunk 4k: gzip -1 %" 4096 4 4 4M write --bs=4k \
	--buffer_compress_percentage=70 --buffer_compress_chunk=4k
compare "buffer_compress_percentage=30, chunk 0 (the block): gzip -1 %" 4096 4 4 4M randwrite \
	--bs=8k --buffer_compress_percentage=30 --buffer_compress_chunk=0
compare "buffer_compress_percentage=40 with buffer_pattern: gzip -1 %" 4096 4 4 4M write \
	--bs=4k --buffer_compress_percentage=40 --buffer_pattern='"0123"'

# ---- deduplication: the share of 4k blocks that repeat an earlier one ----
compare "dedupe_percentage=30: repeated blocks %" 4096 3 4 8M write --bs=4k --dedupe_percentage=30
compare "dedupe_percentage=100: repeated blocks %" 4096 3 1 4M write --bs=4k --dedupe_percentage=100
compare "dedupe_percentage=0 (refills): repeated blocks %" 4096 3 1 4M write --bs=4k --dedupe_percentage=0
compare "dedupe_mode=working_set 40 %, set 10 %: repeated %" 4096 3 5 8M write --bs=4k \
	--dedupe_percentage=40 --dedupe_mode=working_set --dedupe_working_set_percentage=10
compare "dedupe_percentage=50 + compress 50: gzip -1 %" 4096 4 4 8M write --bs=4k \
	--dedupe_percentage=50 --buffer_compress_percentage=50

# ---- verify writes its own blocks, as fio's does ----
noise 1M
if "$BLKTOP" --batch --run write "$dev" --size=1M --bs=4k --zero_buffers=1 \
	--buffer_pattern=0xff --verify=crc32c --verify_state_save=0 >"$WORK/out" 2>"$WORK/err"; then
	area 1M "$WORK/blktop.bin"
	props 4096 "$WORK/blktop.bin" >"$WORK/blktop.props"
	[ "$(field 2 blktop)" = 256 ] && pass "verify=crc32c with buffer options: verified, 256 distinct blocks" ||
		fail "verify=crc32c with buffer options: $(field 2 blktop) distinct blocks of 256"
else
	fail "verify=crc32c with buffer options: exit $?: $(tail -1 "$WORK/err")"
fi

# buffer_compress_percentage shapes verified blocks too (fio's verify
# fills its data with it): both pass their own check, and gzip -1 packs
# them alike. numjobs: each of fio's threads has its own seeds.
compare "verify=crc32c + buffer_compress_percentage=60: gzip -1 %" 4096 4 4 2M write --bs=4k \
	--verify=crc32c --buffer_compress_percentage=60 --verify_state_save=0
same_bytes "numjobs=2, offset_increment: each thread's own bytes" 1M write --bs=4k \
	--refill_buffers=1 --numjobs=2 --offset_increment=512k --io_size=512k

# ---- refused as fio refuses them, naming the option: a bad value is a
# usage error (2); options that do not go together are found as the job
# starts (1, as verify=pattern without verify_pattern) ----
refused() {
	label=$1 want=$2 opt=$3
	shift 3
	(cd "$WORK" && fio --name=x --filename="$dev" --rw=write --size=64k --direct=1 "$@") \
		>"$WORK/fio.out" 2>&1 &&
		{ fail "$label: fio ran it (not a refusal to copy)"; return; }
	"$BLKTOP" --batch --run write "$dev" --size=64k "$@" >"$WORK/out" 2>"$WORK/err"
	rc=$?
	[ $rc = "$want" ] && grep -q "$opt" "$WORK/err" && pass "$label: refused (exit $rc), as fio: $(head -1 "$WORK/err")" ||
		fail "$label: exit $rc, $(head -1 "$WORK/err")"
}
refused "buffer_pattern that is no pattern" 2 buffer_pattern --buffer_pattern=zz
refused "buffer_pattern with fio's %o" 2 buffer_pattern --buffer_pattern=%o
refused "buffer_compress_percentage=101" 2 buffer_compress_percentage --buffer_compress_percentage=101
refused "dedupe_percentage=101" 2 dedupe_percentage --dedupe_percentage=101
refused "dedupe working set over 100 %" 2 dedupe_working_set_percentage --dedupe_percentage=60 \
	--dedupe_mode=working_set --dedupe_working_set_percentage=50
refused "dedupe_mode=other" 2 dedupe_mode --dedupe_mode=other
finish
