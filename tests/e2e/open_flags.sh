#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# open_flags.sh - blktop opens a job's target with the flags fio opens it
# with (strace, both tools on the same loop device and file): O_NOATIME for
# what is not a regular file, so reads do not stamp the device node's
# atime; none on a regular file; O_DIRECT with direct=1, O_SYNC with
# sync=1. blktop adds O_EXCL for a write to a device (the man page's
# deliberate difference: no write while something else holds it) and
# O_CLOEXEC; fio adds O_CREAT when it writes a file, which blktop has laid
# out before it opens it: those three are left out of the comparison.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio
command -v strace >/dev/null 2>&1 || skip "strace is missing (apt-get install strace)"

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"
file="$WORK/data.file"
dd if=/dev/zero of="$file" bs=1M count=16 status=none || die "cannot make $file"

ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS

# flags_of TARGET CMD...: the open flags (sorted, O_EXCL, O_CLOEXEC,
# O_CREAT and O_LARGEFILE left out) of the last open of TARGET that CMD makes.
flags_of() {
	target=$1
	shift
	strace -f -qq -e trace=open,openat -o "$WORK/trace" "$@" >"$WORK/out" 2>"$WORK/err" ||
		{ echo "failed: $(tail -2 "$WORK/err")"; return; }
	grep -F "\"$target\"" "$WORK/trace" | grep -v ENOENT | tail -1 |
		sed 's/.*"[^"]*", \([A-Z_|]*\).*/\1/' | tr '|' '\n' |
		grep -vx 'O_EXCL\|O_CLOEXEC\|O_CREAT\|O_LARGEFILE' | sort | tr '\n' ' '
}

# compare WHAT TARGET MODE OPTIONS...: one job under both tools.
compare() {
	what=$1 target=$2 mode=$3
	shift 3
	want=$(flags_of "$target" fio --name=j --filename="$target" --rw="$mode" --size=4m \
		--bs=64k "$@")
	got=$(flags_of "$target" $BLKTOP --batch --force --run "$mode" "$target" --size=4m \
		--bs=64k "$@")
	case $want in
	'' | failed*) fail "$what: fio: no open of $target seen ($want)"; return ;;
	esac
	[ "$got" = "$want" ] && pass "$what: open flags $got as fio's" ||
		fail "$what: blktop opened $target with '$got', fio with '$want'"
}

compare "device read, direct=1" "$dev" read --direct=1
compare "device read, direct=0" "$dev" read --direct=0
compare "device write, direct=1" "$dev" write --direct=1
compare "device write, sync=1" "$dev" write --direct=1 --sync=1
compare "file read, direct=1" "$file" read --direct=1
compare "file write, direct=0" "$file" write --direct=0
# The point of it: a read job (the safety verdict's look at the device
# included) leaves the device node's atime alone, as fio's does.
touch -a -d '2001-01-01' "$dev"
before=$(stat -c %X "$dev")
$BLKTOP --batch --run read "$dev" --size=1m --direct=1 >/dev/null 2>"$WORK/err" ||
	fail "read job failed: $(tail -2 "$WORK/err")"
after=$(stat -c %X "$dev")
[ "$before" = "$after" ] && pass "a read job left $dev's atime at $(date -u -d "@$after" +%F)" ||
	fail "a read job moved $dev's atime from $before to $after"
finish
