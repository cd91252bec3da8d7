#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# static.sh - the static blktop (./configure --enable-static-binary) runs
# where nothing else is: file and ldd call it static; inside a chroot that
# holds only the binary (a fresh proc and sysfs mounted for it, and the
# node of the one loop device it tests) --version, --list and a 1 s job
# on that scratch device run;
# the screen draws there with a terminfo file for TERM, with the built-in
# description when there is none (no file left behind), and refuses an
# unknown TERM in one line. With every system call newer than Linux 3.10
# refused (tests/e2e/kernel310.c) it still lists, runs libaio and psync
# jobs and refuses io_uring in one line. Copied with locale/ beside it, it speaks
# Chinese. ./quickstart test builds the static binary and runs this on
# it (it is no part of make check: the normal build is not static).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

B=${BLKTOP_REAL:-$BLKTOP}
require_built "$B"
LC_ALL=C "$B" --version | grep -q '^linked: static' ||
	skip "$B is not the static build (./configure --enable-static-binary; ./quickstart test builds one)"
[ "$(id -u)" = 0 ] || skip "needs root for chroot, mounts and loop devices"
command -v losetup >/dev/null 2>&1 || skip "losetup is missing (util-linux)"
[ -e /dev/loop-control ] || skip "no /dev/loop-control (loop module not loaded?)"

WORK=$(mktemp -d /dev/shm/blktop-static.XXXXXX) || skip "cannot make a directory in /dev/shm"
R="$WORK/root"
SOCK="blktop-static-$$"
dev=
# The chroot gets a fresh proc and sysfs (nothing in them can be
# deleted) and a /dev of its own with only the nodes it needs, never a
# bind of the host's /dev. The folder is removed only when nothing is
# mounted in it any more, and never across into another file system.
cleanup() {
	tmux -L "$SOCK" kill-server >/dev/null 2>&1
	for m in "$R/proc" "$R/sys"; do
		grep -q " $m " /proc/self/mounts && umount "$m"
	done
	[ -n "$dev" ] && losetup -d "$dev" 2>/dev/null
	if grep -q " $WORK/" /proc/self/mounts; then
		note "FAIL: still mounted under $WORK: it is left in place"
		exit 1
	fi
	rm -rf --one-file-system "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 141' PIPE

# ---- file and ldd ----
if command -v file >/dev/null 2>&1; then
	f=$(file -L "$B")
	case $f in
	*"statically linked"* | *"static-pie linked"*) pass "file: ${f#*: }" ;;
	*) fail "file does not call it static: $f" ;;
	esac
else
	skip_part "file is missing (apt-get install file): the ELF type is checked by ldd only"
fi
if command -v ldd >/dev/null 2>&1; then
	l=$(ldd "$B" 2>&1)
	case $l in
	*"not a dynamic executable"* | *"statically linked"*) pass "ldd: $l" ;;
	*) fail "ldd lists libraries: $l" ;;
	esac
fi
size=$(wc -c <"$B")
note "size: $size bytes ($(LC_ALL=C "$B" --version | sed -n 's/^libraries: //p'))"

# ---- The chroot: the binary alone ----
truncate -s 64M "$WORK/scratch.img" || die "cannot make a sparse file"
dev=$(losetup -f --show --direct-io=on "$WORK/scratch.img") || die "cannot attach a loop device"
name=${dev#/dev/}
mkdir -p "$R/proc" "$R/sys" "$R/dev" "$R/tmp"
cp "$B" "$R/blktop"
files=$(cd "$R" && find . ! -type d)
[ "$files" = ./blktop ] && pass "the chroot holds one file, the binary (no loader, no libraries)" ||
	fail "the chroot holds more than the binary: $files"
mm=$(cat "/sys/class/block/$name/dev")
mknod "$R/dev/$name" b "${mm%%:*}" "${mm##*:}" && mknod -m 666 "$R/dev/null" c 1 3 ||
	die "cannot make device nodes in the chroot"
mount -t proc proc "$R/proc" || skip "cannot mount /proc in the chroot"
mount -t sysfs sysfs "$R/sys" || die "cannot mount /sys in the chroot"
in_root() { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C chroot "$R" /blktop "$@"; }

out=$(in_root --version 2>&1) && echo "$out" | grep -q '^linked: static' &&
	echo "$out" | grep -q '^mount table: built-in mountinfo parser' &&
	pass "--version in the chroot: $(echo "$out" | sed -n 's/^engines: /engines /p')" ||
	fail "--version in the chroot: $out"

out=$(in_root --list 2>&1)
echo "$out" | grep -Eq "^$name .* safe *\$" && pass "--list in the chroot shows $name as safe" ||
	{ fail "--list in the chroot does not show $name as safe:"; echo "$out" | sed 's/^/    | /' >&2; }
out=$(in_root --batch --run randread "$dev" --size=16m --runtime=1 --time_based 2>&1)
rc=$?
[ $rc = 0 ] && echo "$out" | grep -q 'IOPS=' &&
	pass "a 1 s randread job on $dev in the chroot: $(echo "$out" | grep -o 'IOPS=[^,]*' | head -n 1)" ||
	{ fail "the 1 s job in the chroot ended with $rc:"; echo "$out" | sed 's/^/    | /' >&2; }

# ---- As on Linux 3.10 (CentOS 7) ----
# The ELF note names the oldest kernel glibc accepts; kernel310.c runs
# blktop with every system call newer than 3.10 failing with ENOSYS,
# as there (the kernel's other differences are not imitated).
abi=$(file -L "$B" 2>/dev/null | sed -n 's/.*for GNU\/Linux \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p')
if [ -z "$abi" ]; then
	skip_part "file names no minimum kernel (file missing?)"
elif [ "${abi%%.*}" -lt 3 ] || { [ "${abi%%.*}" = 3 ] && [ "${abi#*.}" -le 10 ]; }; then
	pass "its ELF note asks for Linux $abi or later (3.10 is enough)"
else
	fail "its ELF note asks for Linux $abi, newer than 3.10"
fi
if ! command -v "${CC:-cc}" >/dev/null 2>&1; then
	skip_part "no C compiler for kernel310.c: Linux 3.10's system calls are NOT imitated"
elif ! "${CC:-cc}" -O2 -o "$WORK/kernel310" "$top_srcdir/tests/e2e/kernel310.c" 2>"$WORK/cc.err"; then
	fail "kernel310.c does not build: $(cat "$WORK/cc.err")"
else
	old() { LC_ALL=C "$WORK/kernel310" "$B" "$@"; }
	out=$(old --version 2>&1) && echo "$out" | grep -q '^linked: static' &&
		pass "with 3.10's system calls: --version" || fail "with 3.10's system calls, --version: $out"
	out=$(old --list 2>&1)
	echo "$out" | grep -Eq "^$name .* safe *\$" && pass "with 3.10's system calls: --list shows $name as safe" ||
		{ fail "with 3.10's system calls, --list does not show $name as safe:"; echo "$out" | sed 's/^/    | /' >&2; }
	for e in libaio psync; do
		out=$(old --batch --run randread "$dev" --size=16m --runtime=1 --time_based --ioengine=$e 2>&1)
		rc=$?
		[ $rc = 0 ] && echo "$out" | grep -q 'IOPS=' &&
			pass "with 3.10's system calls: a 1 s ioengine=$e job: $(echo "$out" | grep -o 'IOPS=[^,]*' | head -n 1)" ||
			{ fail "with 3.10's system calls, the ioengine=$e job ended with $rc:"; echo "$out" | sed 's/^/    | /' >&2; }
	done
	if LC_ALL=C "$B" --version | grep -q '^engines:.* io_uring'; then
		out=$(old --batch --run randread "$dev" --size=16m --runtime=1 --ioengine=io_uring 2>&1)
		rc=$?
		[ $rc != 0 ] && echo "$out" | grep -q 'no io_uring (ENOSYS)' &&
			pass "with 3.10's system calls: ioengine=io_uring is refused in one line (status $rc)" ||
			{ fail "with 3.10's system calls, ioengine=io_uring ended with $rc:"; echo "$out" | sed 's/^/    | /' >&2; }
	fi
fi

# ---- The screen in the chroot ----
if ! command -v tmux >/dev/null 2>&1; then
	skip_part "tmux is missing: the screen in the chroot is NOT tested"
else
	tm() { tmux -L "$SOCK" -f /dev/null "$@"; }
	cap() { tm capture-pane -p -t "$1"; }
	wait_for() {
		t0=$(now_ms)
		while :; do
			cap "$1" | grep -Eq -- "$2" && return 0
			[ $(($(now_ms) - t0)) -ge "${3:-10000}" ] && return 1
			sleep 0.05
		done
	}
	# screen NAME TERM WHAT: blktop in the chroot with TERM draws its
	# panes, and q ends it with status 0.
	screen() {
		t0=$(now_ms)
		tm new-session -d -s "$1" -x 100 -y 30 \
			"env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C TERM=$2 chroot '$R' /blktop; echo EXIT=\$?; sleep 60" ||
			{ fail "tmux did not start ($3)"; return; }
		if wait_for "$1" "Devices" 10000; then
			pass "$3: the screen draws (first frame after $(($(now_ms) - t0)) ms)"
			tm send-keys -t "$1" q
			wait_for "$1" "^EXIT=0" 5000 && pass "$3: q quits with status 0" ||
				{ fail "$3: q did not end blktop with status 0"; cap "$1" | sed 's/^/    | /' >&2; }
		else
			fail "$3: no screen:"
			cap "$1" | sed 's/^/    | /' >&2
		fi
		tm kill-session -t "$1" 2>/dev/null
	}
	ti=$(find /etc/terminfo /lib/terminfo /usr/share/terminfo -name xterm-256color -type f 2>/dev/null | head -n 1)
	if [ -n "$ti" ]; then
		mkdir -p "$R/lib/terminfo/x"
		cp "$ti" "$R/lib/terminfo/x/xterm-256color"
		screen withfile xterm-256color "TERM=xterm-256color with its terminfo file"
		rm -r "$R/lib"
	else
		skip_part "no xterm-256color terminfo file on this machine to copy into the chroot"
	fi
	screen fallback tmux-256color "TERM=tmux-256color with no terminfo database (the built-in one)"
	left=$(cd "$R" && find . -path ./proc -prune -o -path ./sys -prune -o -path ./dev -prune -o ! -type d -print)
	[ "$left" = ./blktop ] && pass "the built-in description leaves no file behind" ||
		fail "files left in the chroot: $left"
	tm new-session -d -s unknown -x 100 -y 30 \
		"env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C TERM=nosuchterm chroot '$R' /blktop; echo EXIT=\$?; sleep 60"
	wait_for unknown "^EXIT=2" 10000 && cap unknown | grep -q "'nosuchterm' (TERM) is not known" &&
		pass "an unknown TERM is refused in one line, with status 2" ||
		{ fail "TERM=nosuchterm in the chroot:"; cap unknown | sed 's/^/    | /' >&2; }
fi

# ---- Copied with its catalogs ----
ZH=$(locale -a 2>/dev/null | grep -iE '^zh_CN\.utf-?8$' | head -n 1)
if [ -z "$ZH" ] || [ ! -d "$top_builddir/locale" ]; then
	skip_part "no zh_CN.UTF-8 locale or no locale/ beside the binary: the translation is not checked"
else
	mkdir -p "$WORK/copy"
	cp "$B" "$WORK/copy/blktop"
	cp -R "$top_builddir/locale" "$WORK/copy/locale"
	env -u LANGUAGE LC_ALL="$ZH" "$WORK/copy/blktop" --help 2>&1 | grep -q "用法：" &&
		pass "copied with locale/ beside it, it speaks Chinese" ||
		fail "copied with locale/ beside it, --help is not Chinese"
fi
finish
