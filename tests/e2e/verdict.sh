#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# verdict.sh - the safety verdict and the write gate on real loop devices:
# each state a published test checks by hand (fdisk -l, blkid) is built, listed, and
# written to through blktop. A refused write must exit 3, name the reason,
# and leave the whole device's sha256 unchanged.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
have() { command -v "$1" >/dev/null 2>&1; }

# ---- Images, made as files before they are attached ----
empty=$(sparse_file empty.img 64M)
ext4=$(sparse_file ext4.img 64M)
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$ext4" || fail "mkfs.ext4"
swapsig=$(sparse_file swapsig.img 64M)
chmod 600 "$swapsig"
mkswap "$swapsig" >/dev/null || fail "mkswap"
dos=$(sparse_file dos.img 64M)
gpt=$(sparse_file gpt.img 64M)
bgpt=$(sparse_file bgpt.img 64M)
if have parted; then
	parted -s "$dos" 2>/dev/null mklabel msdos mkpart primary 1MiB 100% || fail "parted"
else
	skip_part "parted is missing: the dos table cases are NOT tested"
	dos=
fi
if have sgdisk; then
	sgdisk -o -n1:0:0 "$gpt" >/dev/null || fail "sgdisk"
	sgdisk -o -n1:0:0 "$bgpt" >/dev/null || fail "sgdisk"
	# Protective MBR, primary header and entries gone; the backup stays.
	dd if=/dev/zero of="$bgpt" bs=512 count=34 conv=notrunc status=none
else
	skip_part "sgdisk is missing: the gpt cases are NOT tested"
	gpt=
	bgpt=
fi
xfs=
if have mkfs.xfs; then
	xfs=$(sparse_file xfs.img 320M)
	mkfs.xfs -q -f "$xfs" || fail "mkfs.xfs"
else
	skip_part "mkfs.xfs is missing: the xfs case is NOT tested"
fi

# ---- has-data and safe ----
d_empty=$(attach "$empty") || fail "attach"
d_ext4=$(attach "$ext4")
d_swapsig=$(attach "$swapsig")
expect_verdict "$d_empty" safe
expect_verdict "$d_ext4" has-data "ext4 on $(basename "$d_ext4")"
expect_verdict "$d_swapsig" has-data "swap on $(basename "$d_swapsig")"
expect_refused "$d_ext4" "ext4 on"
expect_refused "$d_swapsig" "swap on"
if [ -n "$xfs" ]; then
	d_xfs=$(attach "$xfs")
	expect_verdict "$d_xfs" has-data "xfs on"
	expect_refused "$d_xfs" "xfs on"
fi
if [ -n "$dos" ]; then
	d_dos=$(attach_parts "$dos")
	expect_verdict "$d_dos" has-data "dos partition table on $(basename "$d_dos")"
	expect_verdict "${d_dos}p1" safe
	expect_refused "$d_dos" "dos partition table"
fi
if [ -n "$gpt" ]; then
	d_gpt=$(attach "$gpt")
	d_bgpt=$(attach "$bgpt")
	expect_verdict "$d_gpt" has-data "gpt partition table on"
	expect_verdict "$d_bgpt" has-data "backup GPT header on $(basename "$d_bgpt")"
	expect_refused "$d_gpt" "gpt partition table"
	expect_refused "$d_bgpt" "backup GPT header"
fi

# ---- in-use: mounts, swap, an exclusive holder, a dm holder ----
mnt_img=$(sparse_file mnt.img 64M)
mkfs.ext4 -q -F "$mnt_img"
d_mnt=$(attach "$mnt_img")
# Read-only mounts: a mounted filesystem writes its own metadata, and the
# checksum must change only if blktop wrote.
if m=$(mount_dev "$d_mnt" -o ro,noload); then
	expect_verdict "$d_mnt" in-use "$(basename "$d_mnt") mounted on $m"
	expect_refused "$d_mnt" "mounted on $m"
	expect_refused "$d_mnt" --force "mounted on $m"
else
	fail "mount $d_mnt"
fi

# The same device through a node of another name.
other_img=$(sparse_file other.img 64M)
mkfs.ext4 -q -F "$other_img"
d_other=$(attach "$other_img")
node="$WORK/other-name"
if mknod "$node" b $(stat -c '0x%t 0x%T' "$d_other" | xargs printf '%d %d') &&
	m=$(mount_dev "$node" -o ro,noload); then
	expect_verdict "$d_other" in-use "mounted on $m"
	expect_refused "$d_other" --force "mounted on $m"
else
	skip_part "cannot mount through a second node here: the other-name case is NOT tested"
fi

# A mounted partition makes the whole disk in-use.
if [ -n "$dos" ]; then
	part_img=$(sparse_file part.img 64M)
	parted -s "$part_img" 2>/dev/null mklabel msdos mkpart primary 1MiB 32MiB mkpart primary 32MiB 100%
	d_part=$(attach_parts "$part_img")
	p1="${d_part}p1"
	mkfs.ext4 -q -F "$p1" && m=$(mount_dev "$p1" -o ro,noload) || fail "mount $p1"
	expect_verdict "$d_part" in-use "$(basename "$p1") mounted on $m" "dos partition table"
	expect_verdict "$p1" in-use "mounted on $m"
	expect_verdict "${d_part}p2" safe
	expect_refused "$d_part" --force "$(basename "$p1") mounted on"
	expect_refused "$p1" --force "mounted on"
fi

# Active swap. The kernel writes its swap area whenever it likes, so the
# area is made to cover the first 64 KiB only, and the proof is about the
# rest of the device, where blktop is aimed.
aswap_img=$(sparse_file aswap.img 64M)
chmod 600 "$aswap_img"
mkswap "$aswap_img" 64 >/dev/null
d_aswap=$(attach "$aswap_img")
if swapon "$d_aswap" 2>/dev/null; then
	on_cleanup "swapoff $d_aswap"
	expect_verdict "$d_aswap" in-use "is active swap"
	SUM_SKIP_MB=1
	expect_refused "$d_aswap" --force "is active swap"
	SUM_SKIP_MB=0
else
	skip_part "swapon refused here: the active swap case is NOT tested"
fi

# Held open with O_EXCL by another program.
held_img=$(sparse_file held.img 64M)
d_held=$(attach "$held_img")
fifo="$WORK/held.fifo"
mkfifo "$fifo"
"$DRIVER" hold "$d_held" >"$fifo" &
holder=$!
on_cleanup "kill $holder"
if [ "$(head -n 1 "$fifo")" = held ]; then
	expect_verdict "$d_held" in-use "open exclusively by another program"
	expect_refused "$d_held" --force "open exclusively"
else
	fail "could not hold $d_held exclusively"
fi

# A device-mapper holder.
if have dmsetup; then
	dm_img=$(sparse_file dm.img 64M)
	d_dm=$(attach "$dm_img")
	dmname="blktop-e2e-$$"
	sectors=$(blockdev --getsz "$d_dm")
	if dmsetup create --noudevsync "$dmname" --table "0 $sectors linear $d_dm 0" 2>/dev/null; then
		on_cleanup "dmsetup remove --noudevsync $dmname"
		holder=$(ls "/sys/block/$(basename "$d_dm")/holders")
		expect_verdict "$d_dm" in-use "is held by $holder"
		expect_refused "$d_dm" --force "held by $holder"
	else
		skip_part "dmsetup create failed: the holder case is NOT tested"
	fi
fi

# ---- read-only ----
ro_img=$(sparse_file ro.img 64M)
d_ro=$(attach "$ro_img" -r)
expect_verdict "$d_ro" read-only "is read-only"
expect_refused "$d_ro" --force "is read-only"

# ---- --force writes a has-data device (and only that) ----
before=$(sum_dev "$d_swapsig")
out=$("$DRIVER" gate-block "$d_swapsig" --force 2>&1)
[ $? = 0 ] || fail "gate with --force on has-data $d_swapsig: $out"
out=$("$BLKTOP" --batch --run randwrite "$d_swapsig" --bs=4k --size=1m --runtime=1 --force 2>&1)
rc=$?
after=$(sum_dev "$d_swapsig")
if [ "$rc" = 0 ] && [ "$before" != "$after" ]; then
	pass "--force wrote has-data $d_swapsig"
else
	fail "--force on has-data $d_swapsig: exit $rc, changed: $([ "$before" != "$after" ] && echo yes || echo no): $out"
fi

# A safe device is written without --force.
out=$("$BLKTOP" --batch --run randwrite "$d_empty" --bs=4k --size=1m --runtime=1 2>&1)
rc=$?
[ "$rc" = 0 ] && pass "randwrite on safe $d_empty" || fail "randwrite on safe $d_empty: exit $rc: $out"

# Reads run on any device that opens, in-use ones included.
out=$("$BLKTOP" --batch --run randread "$d_mnt" --bs=4k --size=1m --runtime=1 2>&1)
rc=$?
[ "$rc" = 0 ] && pass "randread on in-use $d_mnt" || fail "randread on in-use $d_mnt: exit $rc: $out"

# ---- file targets ----
f_foreign="$WORK/foreign.dat"
head -c 1048576 /dev/urandom >"$f_foreign"
fsum=$(sha256sum <"$f_foreign")
out=$("$DRIVER" gate-file "$f_foreign")
[ $? = 3 ] && pass "gate refuses a foreign file: $out" || fail "gate on a foreign file: $out"
out=$("$BLKTOP" --batch --run randwrite "$f_foreign" --bs=4k --size=1m --runtime=1 2>&1)
rc=$?
[ "$rc" = 3 ] || fail "blktop randwrite on a foreign file: expected 3, got $rc: $out"
[ "$(sha256sum <"$f_foreign")" = "$fsum" ] && pass "foreign file unchanged" ||
	fail "foreign file CHANGED after a refused write"
"$DRIVER" gate-file "$WORK/not-there.dat" >/dev/null || fail "gate refuses a file that does not exist"
f_ours="$WORK/ours.dat"
: >"$f_ours"
if "$DRIVER" mark "$f_ours" && "$DRIVER" gate-file "$f_ours" >/dev/null; then
	pass "a file marked by blktop is writable"
else
	fail "a file marked by blktop is refused"
fi
out=$("$DRIVER" gate-file "$mnt_img")
[ $? = 3 ] && case "$out" in *"backing file of"*) true ;; *) false ;; esac &&
	pass "a loop's backing file is in-use" || fail "loop backing file: $out"

# ---- the system disk ----
rootdev=$(awk '$5 == "/" { print $3 }' /proc/self/mountinfo | head -n 1)
rootname=$(basename "$(readlink -f "/sys/dev/block/$rootdev" 2>/dev/null)" 2>/dev/null)
if [ -n "$rootname" ] && [ -b "/dev/$rootname" ]; then
	expect_verdict "/dev/$rootname" in-use "$rootname mounted on /"
	if dd if="/dev/$rootname" of=/dev/null bs=4096 count=1 status=none 2>/dev/null; then
		out=$("$BLKTOP" --batch --run randread "/dev/$rootname" --bs=4k --size=16m --runtime=1 2>&1)
		rc=$?
		[ "$rc" = 0 ] && pass "randread on the system disk /dev/$rootname" ||
			fail "randread on /dev/$rootname: exit $rc: $out"
	else
		note "/dev/$rootname cannot be opened here (sandbox?); read job on it not tried"
	fi
else
	skip_part "/ is not on a listed block device: the system disk case is NOT tested"
fi

# ---- JSON ----
json="$BLKTOP --list --output-format=json"
if have jq; then
	v=$($json | jq -r --arg n "$(basename "$d_ext4")" \
		'.devices[] | select(.name == $n) | [.verdict, .reasons[0], .transport, (.size_bytes|tostring), (.rotational|tostring), .scheduler, (.logical_block_size|tostring)] | join(",")')
	case "$v" in
	"has-data,has-data: ext4 on $(basename "$d_ext4"),loop,67108864,false,"*",512") pass "JSON for $d_ext4: $v" ;;
	*) fail "JSON for $d_ext4: $v" ;;
	esac
	[ -n "$dos" ] && {
		p=$($json | jq -r --arg n "$(basename "$d_part")" \
			'.devices[] | select(.name == $n) | .partitions[0] | .name + "," + .verdict')
		[ "$p" = "$(basename "$p1"),in-use" ] && pass "JSON partitions: $p" || fail "JSON partitions: $p"
	}
else
	skip_part "jq is missing: the JSON fields are NOT checked"
fi

finish
