#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# verify_state_random.sh - verify_state_load for a random write, as fio 3.33
# checks one: a randwrite with verify cut short by its runtime leaves its
# state (the writes issued, the last iodepth completed); a randread job of
# the same name, seed and size with verify_state_load=1 draws the same
# offsets in the same order and stops at the first one past the saved
# writes. Run both ways on one scratch loop device: each tool writes, and
# both tools read with the writer's state file; the bytes read, the error
# and the exit status must be fio's. Without the state the same read runs
# into blocks never written; a random write job that reads back with the
# state is refused by name (fio reads those back in its draws' order).
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio
LC_ALL=C
export LC_ALL
unset LANGUAGE

img=$(sparse_file verify_state_random.img 8M) || die "cannot make the backing file"
dev=$(attach "$img") || die "cannot attach $img"
bt=$(readlink -f "$BLKTOP")
state=local-w-0-verify.state
mkdir -p "$WORK/s" || die "cannot make $WORK/s"

json() { sed -n '/^{/,$p' "$1"; }
zero() { dd if=/dev/zero of="$dev" bs=1M count=8 oflag=direct 2>/dev/null || die "cannot zero $dev"; }

# read_state TOOL ARGS...: the random read job w in $WORK/s with the
# state there: "bytes-read error exit".
read_state() {
	tool=$1
	shift
	set -- --size=4m --bs=4k --rw=randread --verify=crc32c --verify_state_load=1 \
		--output-format=json "$@"
	if [ "$tool" = fio ]; then
		(cd "$WORK/s" && fio --name=w --filename="$dev" --direct=1 "$@") >"$WORK/r.out" 2>"$WORK/r.err"
	else
		(cd "$WORK/s" && "$bt" --batch --run randread "$dev" --name=w "$@") \
			>"$WORK/r.out" 2>"$WORK/r.err"
	fi
	rc=$?
	echo "$(json "$WORK/r.out" | jq -r '.jobs[0] | "\(.read.io_bytes) \(.error)"' 2>/dev/null) $rc"
}

for writer in fio blktop; do
	zero
	rm -f "$WORK/s/$state"
	# A random write of 4 MiB at 1 MiB/s, cut short after a second.
	set -- --size=4m --bs=4k --rw=randwrite --verify=crc32c --do_verify=0 --rate=1m --runtime=1 \
		--iodepth=4 --ioengine=libaio
	if [ $writer = fio ]; then
		(cd "$WORK/s" && fio --name=w --filename="$dev" --direct=1 "$@" >/dev/null 2>&1)
	else
		(cd "$WORK/s" && "$bt" --batch --run randwrite "$dev" --name=w "$@" >/dev/null 2>"$WORK/w.err")
	fi
	[ -f "$WORK/s/$state" ] || { fail "$writer's cut random write left no $state"; continue; }
	for reader in "--ioengine=psync" "--ioengine=libaio --iodepth=4"; do
		# shellcheck disable=SC2086
		f=$(read_state fio $reader)
		# shellcheck disable=SC2086
		b=$(read_state blktop $reader)
		# Checked clean up to where the writes ended: some, not all 4 MiB.
		case $f in 0\ * | 4194304\ * | \ *) ok=no ;; *) ok=yes ;; esac
		if [ "$f" = "$b" ] && [ $ok = yes ] && [ "${b#* }" = "0 0" ]; then
			pass "$writer's cut random write, read back ($reader) with its state: fio and blktop both read ${b%% *} bytes clean, exit 0"
		else
			fail "$writer's cut random write ($reader): fio reads/error/exit $f, blktop $b: $(head -2 "$WORK/r.err")"
		fi
	done
	# Without the state both run into blocks never written.
	mv "$WORK/s/$state" "$WORK/saved.state" || die "cannot move the state"
	(cd "$WORK/s" && "$bt" --batch --run randread "$dev" --name=w --size=4m --bs=4k --verify=crc32c) \
		>/dev/null 2>"$WORK/r.err"
	rc=$?
	(cd "$WORK/s" && fio --name=w --filename="$dev" --direct=1 --size=4m --bs=4k --rw=randread \
		--verify=crc32c) >/dev/null 2>&1
	frc=$?
	[ $rc = 1 ] && [ $frc != 0 ] && grep -q 'bad magic header' "$WORK/r.err" &&
		pass "$writer's cut random write without the state: both fail past the cut (blktop exit 1, fio $frc)" ||
		fail "$writer's cut random write without the state: blktop exit $rc, fio $frc: $(head -1 "$WORK/r.err")"
	mv "$WORK/saved.state" "$WORK/s/$state" || die "cannot put the state back"
done

# A random write job that reads its blocks back with the state: refused.
(cd "$WORK/s" && "$bt" --batch --run randwrite "$dev" --name=w --size=4m --bs=4k --verify=crc32c \
	--verify_only=1 --verify_state_load=1) >/dev/null 2>"$WORK/r.err"
rc=$?
[ $rc = 1 ] && grep -q "verify_state_load=1 with random writes read back: not supported" "$WORK/r.err" &&
	pass "verify_only on a random write with its state is refused by name before any I/O (exit 1, as blktop's other refused combinations)" ||
	fail "verify_only on a random write with its state: exit $rc: $(head -1 "$WORK/r.err")"
finish
