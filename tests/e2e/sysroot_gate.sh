#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# sysroot_gate.sh - BLKTOP_SYSROOT cannot be used to write a real device.
# The root prefix makes blktop read /proc, /sys and /dev from a test tree,
# so the safety verdict can be made up; the device it opens is still the
# machine's own. Here a loop device holding ext4 is shown, through a fake
# tree, as an empty disk: every write (block device, file to lay out) must
# be refused with exit 3 and the device must keep every byte, while reads
# still run with the prefix set.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
command -v mkfs.ext4 >/dev/null 2>&1 || skip "mkfs.ext4 is missing (e2fsprogs)"

img=$(sparse_file disk.img 64M) || fail "cannot make the image"
dev=$(attach "$img") || die "cannot attach a loop device"
mkfs.ext4 -q -F "$dev" >/dev/null 2>&1 || skip "mkfs.ext4 $dev failed"
name=$(basename "$dev")
majmin=$(cat "/sys/block/$name/dev")

# Without the prefix the gate sees the ext4 and refuses: the fake tree is
# what makes the difference below.
out=$("$BLKTOP" --batch --run randwrite "$dev" --bs=4k --size=1m --runtime=1 2>&1)
rc=$?
[ "$rc" = 3 ] && pass "without BLKTOP_SYSROOT the ext4 device is refused" ||
	fail "without BLKTOP_SYSROOT: expected exit 3, got $rc: $out"

# The fake tree: the same device as the kernel lists it, with no mounts,
# no swaps, no holders, and a /dev node that is an empty file.
fake=$WORK/fake
sysd=$fake/sys/devices/virtual/block/$name
mkdir -p "$sysd/queue" "$sysd/holders" "$fake/sys/block" "$fake/sys/dev/block" \
	"$fake/proc/self" "$fake/dev" || fail "cannot make the fake tree"
for a in dev size ro removable uevent; do
	cat "/sys/block/$name/$a" >"$sysd/$a"
done
for a in logical_block_size physical_block_size hw_sector_size rotational; do
	cat "/sys/block/$name/queue/$a" >"$sysd/queue/$a"
done
ln -s "../devices/virtual/block/$name" "$fake/sys/block/$name"
ln -s "../../devices/virtual/block/$name" "$fake/sys/dev/block/$majmin"
: >"$fake/proc/self/mountinfo"
printf 'Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n' >"$fake/proc/swaps"
truncate -s 64M "$fake/dev/$name"

# The fake tree convinces the listing: the device is called safe there.
listed=$(BLKTOP_SYSROOT=$fake "$BLKTOP" --list 2>&1 | awk -v n="$name" '$1 == n')
case "$listed" in
*" safe"*) pass "the fake tree calls $name safe: $listed" ;;
*) fail "the fake tree does not call $name safe (the test proves nothing): $listed" ;;
esac

before=$(sum_dev "$dev")
for force in "" --force; do
	out=$(BLKTOP_SYSROOT=$fake "$BLKTOP" --batch --run randwrite "$dev" --bs=4k \
		--size=1m --runtime=1 $force 2>&1)
	rc=$?
	if [ "$rc" != 3 ]; then
		fail "write $force with BLKTOP_SYSROOT: expected exit 3, got $rc: $out"
	else
		case "$out" in
		*BLKTOP_SYSROOT*) pass "write $force with BLKTOP_SYSROOT refused: $out" ;;
		*) fail "the refusal does not name BLKTOP_SYSROOT: $out" ;;
		esac
		[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] ||
			fail "the refusal is not one line: $out"
	fi
done
after=$(sum_dev "$dev")
[ "$before" = "$after" ] && pass "$dev unchanged (sha256 $before)" ||
	fail "$dev CHANGED under BLKTOP_SYSROOT ($before -> $after)"

# A file target goes through the same check: no file is made.
out=$(BLKTOP_SYSROOT=$fake "$BLKTOP" --batch --run write "$WORK/new.dat" --bs=4k \
	--size=1m --runtime=1 2>&1)
rc=$?
[ "$rc" = 3 ] && pass "a new file with BLKTOP_SYSROOT refused" ||
	fail "a new file with BLKTOP_SYSROOT: expected exit 3, got $rc: $out"
[ ! -e "$WORK/new.dat" ] && pass "no file was made" || fail "$WORK/new.dat was made"

# Reads are not writes: they still run with the prefix set.
out=$(BLKTOP_SYSROOT=$fake "$BLKTOP" --batch --run randread "$dev" --bs=4k --size=1m \
	--runtime=1 2>&1)
rc=$?
[ "$rc" = 0 ] && pass "a read run with BLKTOP_SYSROOT works" ||
	fail "a read run with BLKTOP_SYSROOT: exit $rc: $out"
after=$(sum_dev "$dev")
[ "$before" = "$after" ] || fail "$dev changed after a read run"

finish
