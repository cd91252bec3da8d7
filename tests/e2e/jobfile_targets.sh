#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# jobfile_targets.sh - targets as fio names them, run by fio 3 and by
# blktop side by side on a scratch ext4 filesystem (mkfs.ext4 on a loop
# device, mounted here): each job file runs in two empty directories, one
# per tool, and both must leave the same files with the same sizes and
# move the same bytes per job. Then what is blktop's own: --run MODE NAME
# takes a file NAME here before /dev/NAME, a file blktop did not lay out
# is has-data for writes, and unlink= deletes only what blktop made.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
LC_ALL=C
export LC_ALL
unset LANGUAGE
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
command -v mkfs.ext4 >/dev/null 2>&1 || skip "mkfs.ext4 is missing (apt-get install e2fsprogs)"
command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: nothing to compare with (apt-get install fio)"

dev=$(attach "$(sparse_file fs.img 256M)") || die "cannot attach a loop device"
mkfs.ext4 -q -F "$dev" >/dev/null 2>&1 || die "mkfs.ext4 $dev failed"
mnt=$(mount_dev "$dev") || die "cannot mount $dev"

# Bytes per job name (clones summed) from a JSON report.
bytes() {
	jq -c '[.jobs[] | {n: .jobname, r: .read.io_bytes, w: .write.io_bytes}] |
		group_by(.n) | map([.[0].n, (map(.r) | add), (map(.w) | add)])' "$1"
}
# Every file under a directory with its size, sorted.
files() {
	(cd "$1" && find . -type f -printf '%P %s\n' | sort | tr '\n' ' ')
}

# same WHAT JOBTEXT [DIRS]: the job file run by each tool in a fresh
# directory of its own (its relative names land there), with DIRS made
# in it first.
n=0
same() {
	what=$1
	n=$((n + 1))
	f="$mnt/fio$n" b="$mnt/blk$n"
	mkdir -p "$f" "$b"
	for d in ${3:-}; do
		mkdir -p "$f/$d" "$b/$d"
	done
	printf '%s\n' "$2" >"$WORK/job$n.fio"
	(cd "$f" && fio --output-format=json "$WORK/job$n.fio") >"$WORK/f$n.json" 2>"$WORK/f$n.err" ||
		{ fail "$what: fio failed: $(head -c 300 "$WORK/f$n.err")"; return; }
	(cd "$b" && "$BLKTOP" --batch --output-format=json --job "$WORK/job$n.fio") \
		>"$WORK/b$n.json" 2>"$WORK/b$n.err" ||
		{ fail "$what: blktop exit $?: $(head -c 300 "$WORK/b$n.err")"; return; }
	fb=$(bytes "$WORK/f$n.json") bb=$(bytes "$WORK/b$n.json")
	ff=$(files "$f") bf=$(files "$b")
	if [ "$fb" = "$bb" ] && [ "$ff" = "$bf" ]; then
		pass "$what: as fio: files [${bf% }], bytes $bb"
	else
		fail "$what: fio files [$ff] bytes $fb; blktop files [$bf] bytes $bb"
	fi
}

same "a bare filename is a file here, made with size" \
	"[j]
filename=testfile
size=4m
direct=1"
same "nrfiles: size shared among fio's files jobname.jobnum.filenum" \
	"[j]
nrfiles=3
size=3m
bs=64k
direct=1"
same "filename_format with \$jobname, \$jobnum, \$filenum; numjobs=2" \
	"[fmt]
filename_format=\$jobname-c\$jobnum-f\$filenum.dat
nrfiles=2
size=2m
numjobs=2
direct=1"
same "filesize with nrfiles, a write job (fallocate=none)" \
	"[w]
rw=write
nrfiles=2
filesize=1m
fallocate=none
direct=1"
same "size caps the bytes when filesize gives more" \
	"[cap]
nrfiles=4
filesize=1m
size=2m
direct=1"
same "directory=a:b: clone 0 in a, clone 1 in b" \
	"[d]
directory=a:b
numjobs=2
size=1m
direct=1
[mk]
directory=a
filename=x
size=4k" "a b"
same "filename=f1:f2: size shared between them" \
	"[two]
filename=f1:f2
size=2m
direct=1"
same "unlink=1: nothing left behind" \
	"[u]
rw=write
size=1m
unlink=1
direct=1"
same "overwrite=1 and fallocate=truncate, a random write job" \
	"[o]
rw=randwrite
size=1m
overwrite=1
fallocate=truncate
direct=1"
same "fadvise_hint, invalidate, openfiles, file_service_type" \
	"[h]
nrfiles=4
openfiles=2
file_service_type=sequential
fadvise_hint=random
invalidate=1
size=4m
direct=1"
same "create_on_open=1, a write job" \
	"[c]
rw=write
nrfiles=2
create_on_open=1
size=2m
direct=1"

# filesize=low-high: one size in the range per file, whole blocks; the
# bytes are the files' sum (fio draws other sizes, so only the kind is
# compared).
mkdir -p "$mnt/range"
printf '[r]\nnrfiles=4\nfilesize=256k-1m\nbs=4k\ndirect=1\n' >"$WORK/range.fio"
(cd "$mnt/range" && "$BLKTOP" --batch --output-format=json --job "$WORK/range.fio") \
	>"$WORK/range.json" 2>"$WORK/range.err"
sizes=$(cd "$mnt/range" && stat -c %s r.0.0 r.0.1 r.0.2 r.0.3 2>/dev/null | tr '\n' ' ')
total=0 ok=1
for s in $sizes; do
	total=$((total + s))
	[ "$s" -ge 262144 ] && [ "$s" -le 1048576 ] && [ $((s % 4096)) = 0 ] || ok=0
done
moved=$(jq '.jobs[0].read.io_bytes' "$WORK/range.json" 2>/dev/null)
[ "$ok" = 1 ] && [ "$(echo $sizes | wc -w)" = 4 ] && [ "$moved" = "$total" ] &&
	pass "filesize=256k-1m: 4 files in the range, whole blocks ($sizes), $moved bytes read" ||
	fail "filesize=256k-1m: sizes [$sizes], $moved bytes read: $(cat "$WORK/range.err")"

# allow_file_create=0: both refuse a missing file.
mkdir -p "$mnt/nocreate"
printf '[n]\nfilename=missing\nsize=1m\nallow_file_create=0\n' >"$WORK/nocreate.fio"
(cd "$mnt/nocreate" && fio "$WORK/nocreate.fio") >/dev/null 2>&1 && fail "fio made a file with allow_file_create=0"
(cd "$mnt/nocreate" && "$BLKTOP" --batch --job "$WORK/nocreate.fio") >"$WORK/nc.out" 2>&1
rc=$?
[ "$rc" != 0 ] && [ ! -e "$mnt/nocreate/missing" ] && grep -q "allow_file_create=0" "$WORK/nc.out" &&
	pass "allow_file_create=0: a missing file is an error (exit $rc), none made" ||
	fail "allow_file_create=0: exit $rc: $(cat "$WORK/nc.out")"

# The safety promise: fio's file (not laid out by blktop) is has-data:
# writing it, or unlink= deleting it, is refused without --force.
before=$(sha256sum "$mnt/fio1/testfile" | cut -d' ' -f1)
(cd "$mnt/fio1" && "$BLKTOP" --batch --run write testfile --size=1m) >"$WORK/gate.out" 2>&1
rc=$?
[ "$rc" = 3 ] && grep -q -- "--force" "$WORK/gate.out" &&
	[ "$(sha256sum "$mnt/fio1/testfile" | cut -d' ' -f1)" = "$before" ] &&
	pass "a file blktop did not lay out is has-data: a write is refused (exit 3), with --force named" ||
	fail "writing fio's file: exit $rc: $(cat "$WORK/gate.out")"
printf '[u]\nfilename=testfile\nsize=1m\nunlink=1\n' >"$WORK/unlink.fio"
(cd "$mnt/fio1" && "$BLKTOP" --batch --job "$WORK/unlink.fio") >"$WORK/unl.out" 2>&1
rc=$?
[ "$rc" = 3 ] && [ -e "$mnt/fio1/testfile" ] &&
	pass "unlink=1 on a file blktop did not lay out: refused (exit 3), the file kept" ||
	fail "unlink=1 on fio's file: exit $rc, $(ls "$mnt/fio1"): $(cat "$WORK/unl.out")"

# --run MODE NAME: a file NAME here first, else /dev/NAME (the whole
# 256 MiB device, against a 1 MiB file).
name=$(basename "$dev")
mkdir -p "$mnt/short"
(cd "$mnt/short" && "$BLKTOP" --batch --output-format=json --run read "$name") \
	>"$WORK/short1.json" 2>"$WORK/short1.err"
t1=$(jq '.jobs[0].read.io_bytes' "$WORK/short1.json" 2>/dev/null)
(cd "$mnt/short" && "$BLKTOP" --batch --run write "./$name" --size=1m >/dev/null 2>&1)
(cd "$mnt/short" && "$BLKTOP" --batch --output-format=json --run read "$name") \
	>"$WORK/short2.json" 2>"$WORK/short2.err"
t2=$(jq '.jobs[0].read.io_bytes' "$WORK/short2.json" 2>/dev/null)
[ "$t1" = 268435456 ] && [ "$t2" = 1048576 ] &&
	pass "--run read $name: /dev/$name while no file $name is here, the file once there is" ||
	fail "--run read $name: first $t1 bytes ($(cat "$WORK/short1.err")), then $t2 ($(cat "$WORK/short2.err"))"

# create_on_open=1 with a read job of a new file: fio makes it empty and
# its first read reads nothing, which fails a synchronous engine's job
# ("full resid", exit 1); blktop runs it the same (fio_short_io.sh has
# the files shorter than the job).
for w in fio bt; do
	mkdir -p "$mnt/coo.$w"
	printf '[c]\nnrfiles=1\ncreate_on_open=1\nsize=1m\nioengine=psync\n' >"$WORK/coo.fio"
	if [ $w = fio ]; then
		(cd "$mnt/coo.$w" && fio --output-format=json "$WORK/coo.fio") >"$WORK/coo.$w.out" \
			2>"$WORK/coo.$w.err"
	else
		(cd "$mnt/coo.$w" && "$BLKTOP" --batch --output-format=json --job "$WORK/coo.fio") \
			>"$WORK/coo.$w.out" 2>"$WORK/coo.$w.err"
	fi
	echo $? >"$WORK/coo.$w.rc"
done
q='[.jobs[0] | .error, .read.total_ios, .read.io_bytes] | @csv'
f="$(cat "$WORK/coo.fio.rc") $(sed -n '/^{/,$p' "$WORK/coo.fio.out" | jq -r "$q" 2>/dev/null) $(stat -c %s "$mnt/coo.fio/c.0.0" 2>&1)"
b="$(cat "$WORK/coo.bt.rc") $(sed -n '/^{/,$p' "$WORK/coo.bt.out" | jq -r "$q" 2>/dev/null) $(stat -c %s "$mnt/coo.bt/c.0.0" 2>&1)"
[ "$b" = "$f" ] && grep -q "full resid" "$WORK/coo.bt.out" &&
	pass "create_on_open=1 with reads of a new file: exit, error, ios, bytes, file size '$b' as fio, full resid" ||
	fail "create_on_open=1 with reads: fio '$f', blktop '$b': $(head -c 300 "$WORK/coo.bt.err")"

# fio's command line with no filename= or directory=: the files are named
# as fio names them (jobname.jobnum.filenum, or filename_format) here.
for args in "--size=1m" "--nrfiles=2 --size=1m --numjobs=2" '--filename_format=$jobname-$jobnum.dat --size=1m'; do
	for w in fio bt; do
		d="$mnt/cli.$w"
		rm -rf "$d"
		mkdir -p "$d"
		# shellcheck disable=SC2086
		if [ $w = fio ]; then
			(cd "$d" && fio --name=j $args --output-format=json) >"$WORK/cli.$w.json" 2>"$WORK/cli.err"
		else
			(cd "$d" && "$BLKTOP" --batch --name=j $args --output-format=json) \
				>"$WORK/cli.$w.json" 2>"$WORK/cli.err"
		fi
		echo "rc=$? bytes $(bytes "$WORK/cli.$w.json" 2>&1) files [$(files "$d")]" >"$WORK/cli.$w"
	done
	f=$(cat "$WORK/cli.fio") b=$(cat "$WORK/cli.bt")
	[ "$f" = "$b" ] && pass "--name=j $args, no filename: as fio ($b)" ||
		fail "--name=j $args, no filename: fio $f; blktop $b"
done

# directory= names that are not directories (missing, or a link to one):
# fio refuses the run as it parses them, before any job makes a file.
mkdir -p "$mnt/dirs/ok"
ln -s ok "$mnt/dirs/link"
for dl in d/x ok:nope link; do
	(cd "$mnt/dirs" && fio --name=a --directory=ok --size=1m --name=j --directory=$dl --size=1m) \
		>/dev/null 2>&1 && fail "fio ran directory=$dl: the case tests nothing"
	(cd "$mnt/dirs" && "$BLKTOP" --batch --name=a --directory=ok --size=1m --name=j --directory=$dl \
		--size=1m) >"$WORK/dirs.out" 2>&1
	rc=$?
	[ "$rc" = 2 ] && grep -q "is not a directory" "$WORK/dirs.out" && [ ! -e "$mnt/dirs/ok/a.0.0" ] &&
		[ ! -e "$mnt/dirs/d" ] && pass "directory=$dl: refused as fio refuses it (exit 2), no file made" ||
		fail "directory=$dl: exit $rc, $(ls "$mnt/dirs/ok"): $(head -c 300 "$WORK/dirs.out")"
	rm -f "$mnt/dirs/ok/a.0.0"
done

# fallocate=keep where the filesystem has less room than the file: fio
# makes the failed fallocate the job's error, issues one I/O and ends
# (exit 1, err=28, func=fallocate), under psync and libaio alike.
sdev=$(attach "$(sparse_file small.img 16M)") || die "cannot attach a loop device"
mkfs.ext4 -q -F "$sdev" >/dev/null 2>&1 || die "mkfs.ext4 $sdev failed"
smnt=$(mount_dev "$sdev") || die "cannot mount $sdev"
for eng in "--ioengine=psync" "--ioengine=libaio --iodepth=8"; do
	for w in fio bt; do
		rm -f "$smnt/f"
		if [ $w = fio ]; then
			(cd "$smnt" && fio --name=j --filename=f --size=32m --rw=write --fallocate=keep $eng \
				--output-format=json) >"$WORK/keep.$w" 2>"$WORK/keep.$w.err"
		else
			(cd "$smnt" && "$BLKTOP" --batch --force --name=j --filename=f --size=32m --rw=write \
				--fallocate=keep $eng --output-format=json) >"$WORK/keep.$w" 2>"$WORK/keep.$w.err"
		fi
		echo "rc=$? $(sed -n '/^{/,$p' "$WORK/keep.$w" | jq -c '[.jobs[] | [.error, .write.io_bytes]]' 2>&1) $(cat "$WORK/keep.$w" "$WORK/keep.$w.err" | grep -o '^fio: pid=[0-9]*, err=[0-9]*/file:[^,]*, func=[a-z_]*' | sed 's/pid=[0-9]*/pid=N/; s|file:[^,]*|file:F|')" \
			>"$WORK/keep.$w.facts"
	done
	f=$(cat "$WORK/keep.fio.facts") b=$(cat "$WORK/keep.bt.facts")
	case $f in
	"rc=1 [[28,4096]]"*) [ "$f" = "$b" ] && pass "fallocate=keep on a filesystem too small ($eng): as fio: $b" ||
		fail "fallocate=keep on a filesystem too small ($eng): fio $f; blktop $b" ;;
	*) skip_part "fallocate=keep on a filesystem too small ($eng): fio did not fail as expected ($f): nothing compared" ;;
	esac
done

# fallocate=posix on the same filesystem: fio says on stderr that
# posix_fallocate fails and goes on; a write job then fills the
# filesystem with its writes, a read job's layout meets it ("ENOSPC on
# laying out file, stopping" on stdout, the clone fails in its setup:
# err=28, func=write, pid=0 on stderr), normal and JSON output alike.
for fmt in json normal; do
	for rw in write read; do
		for w in fio bt; do
			rm -f "$smnt/f"
			if [ $w = fio ]; then
				(cd "$smnt" && fio --name=j --filename=f --size=32m --rw=$rw --fallocate=posix \
					--output-format=$fmt) >"$WORK/posix.$w" 2>"$WORK/posix.$w.err"
			else
				(cd "$smnt" && "$BLKTOP" --batch --force --name=j --filename=f --size=32m \
					--rw=$rw --fallocate=posix --output-format=$fmt) >"$WORK/posix.$w" \
					2>"$WORK/posix.$w.err"
			fi
			rc=$?
			json=""
			[ $fmt = json ] && json=$(sed -n '/^{/,$p' "$WORK/posix.$w" |
				jq -c '[.jobs[] | [.error, .write.io_bytes, .read.io_bytes]]' 2>&1)
			{
				echo "rc=$rc $json"
				grep -c '^fio: posix_fallocate fails: No space left on device$' "$WORK/posix.$w.err"
				grep -c '^fio: ENOSPC on laying out file, stopping$' "$WORK/posix.$w"
				grep -c '^j: Laying out IO file (1 file / 32MiB)$' "$WORK/posix.$w"
				grep -o '^fio: pid=[0-9]*, err=[0-9]*/file:[^,]*, func=[a-z_ ]*' "$WORK/posix.$w.err" |
					sed 's/pid=[1-9][0-9]*/pid=N/; s|file:[^,]*|file:F|'
				grep -o '^fio: pid=[0-9]*, err=[0-9]*/file:[^,]*, func=[a-z_ ]*' "$WORK/posix.$w" |
					sed 's/pid=[1-9][0-9]*/pid=N/; s|file:[^,]*|file:F|; s/^/stdout: /'
			} | tr '\n' ' ' >"$WORK/posix.$w.facts"
		done
		f=$(cat "$WORK/posix.fio.facts") b=$(cat "$WORK/posix.bt.facts")
		case $f in
		rc=1*" 1 "*) [ "$f" = "$b" ] &&
			pass "fallocate=posix on a filesystem too small ($rw, $fmt): as fio: $b" ||
			fail "fallocate=posix on a filesystem too small ($rw, $fmt): fio $f; blktop $b" ;;
		*) skip_part "fallocate=posix on a filesystem too small ($rw, $fmt): fio did not fail as expected ($f): nothing compared" ;;
		esac
	done
done

# A file too short for the job is laid out anew under a new inode, as
# fio's extend_file does (read jobs, and writes): its other link keeps the
# old data, and the new file has the default mode. blktop needs --force
# for it (the old file is has-data); the new one is then blktop's layout.
for rw in read write; do
	for w in fio bt; do
		d="$mnt/relay.$rw.$w"
		mkdir -p "$d"
		head -c 100000 /dev/urandom >"$d/f"
		chmod 600 "$d/f"
		ln "$d/f" "$d/f.link"
		if [ $w = fio ]; then
			(cd "$d" && fio --name=j --filename=f --size=1m --rw=$rw --io_size=4k) \
				>"$WORK/relay.$w.out" 2>&1
		else
			(cd "$d" && "$BLKTOP" --batch --force --name=j --filename=f --size=1m --rw=$rw \
				--io_size=4k) >"$WORK/relay.$w.out" 2>&1
		fi
		echo "rc=$? $(stat -c '%h:%a:%s' "$d/f" "$d/f.link" | tr '\n' ' ')" >"$WORK/relay.$w"
	done
	f=$(cat "$WORK/relay.fio") b=$(cat "$WORK/relay.bt")
	[ "$f" = "$b" ] && pass "rw=$rw of a short file: laid out anew as fio ($b: links, mode, size)" ||
		fail "rw=$rw of a short file: fio $f; blktop $b: $(head -c 300 "$WORK/relay.bt.out")"
done
(cd "$mnt/relay.write.bt" && "$BLKTOP" --batch --run write f --size=1m) >"$WORK/relay2.out" 2>&1 &&
	pass "the file blktop laid out anew is its own: a write needs no --force" ||
	fail "writing the file blktop laid out anew: exit $?: $(head -c 300 "$WORK/relay2.out")"

finish
