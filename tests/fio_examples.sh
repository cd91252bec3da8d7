#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_examples.sh - fio's own example job files, run by fio and by blktop
# and counted: the same (job names, directions, bytes within 1 % for
# size-bound jobs, reporting groups), refused (exit 2 naming file, line and
# key or engine), or different. Run by hand, as root, with the path to a
# checkout of fio's examples/ (fio's files are not part of blktop):
#
#   tests/fio_examples.sh /path/to/fio/examples [BLKTOP]
#
# Each example is copied to a scratch directory at run time and adapted:
# device names become scratch loop devices, directories a scratch ext4,
# sizes at most 8m (files 4m), runtimes 2 s, ramps 1 s, numjobs at most 4.
# With exitall, whichever job ends first stops the others wherever they
# are, a race under either tool: such a file's job names and groups are
# compared, not its directions or bytes.
# Examples for engines that are neither block nor file engines (network,
# RDMA, object stores, special hardware) are left out of the count.
set -u
ex=${1:?usage: fio_examples.sh FIO_EXAMPLES_DIR [BLKTOP]}
here=$(cd "$(dirname "$0")" && pwd)
BLKTOP=${2:-$here/../blktop}
# Each tool runs from a directory of its own: the path must not be relative.
case $BLKTOP in /*) ;; *) BLKTOP=$(cd "$(dirname "$BLKTOP")" && pwd)/$(basename "$BLKTOP") ;; esac
[ -d "$ex" ] || { echo "fio_examples.sh: $ex is not a directory" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "fio_examples.sh: needs root (loop devices, mount)" >&2; exit 77; }
for t in fio jq mkfs.ext4 losetup; do
	command -v $t >/dev/null 2>&1 || { echo "fio_examples.sh: $t is missing" >&2; exit 77; }
done
LC_ALL=C
export LC_ALL

W=$(mktemp -d /dev/shm/blktop-fioex.XXXXXX)
L1= L2= LF= MNT=
cleanup() {
	# A fio or blktop still running keeps the mount busy: stop them first.
	pkill -P $$ 2>/dev/null
	# fio's job processes outlive a fio that hung and was killed: every
	# process still running one of this run's job files goes too.
	pkill -KILL -f "$W/" 2>/dev/null
	[ -n "$MNT" ] && { umount "$MNT" 2>/dev/null || umount -l "$MNT" 2>/dev/null; }
	for d in $L1 $L2 $LF; do losetup -d "$d" 2>/dev/null; done
	# Never delete through a mount that is still there.
	if [ -n "$MNT" ] && mountpoint -q "$MNT" 2>/dev/null; then
		echo "fio_examples.sh: $MNT still mounted; $W left in place" >&2
	else
		rm -rf --one-file-system "$W"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM
truncate -s 256M "$W/d1.img" "$W/d2.img"
truncate -s 2G "$W/fs.img"
L1=$(losetup -f --show --direct-io=on "$W/d1.img") &&
	L2=$(losetup -f --show --direct-io=on "$W/d2.img") &&
	LF=$(losetup -f --show --direct-io=on "$W/fs.img") || { echo "cannot attach loops" >&2; exit 1; }
mkfs.ext4 -q -F "$LF" >/dev/null 2>&1 && MNT="$W/mnt" && mkdir -p "$MNT" && mount "$LF" "$MNT" ||
	{ echo "cannot make the scratch filesystem" >&2; exit 1; }

# Engines that are neither block nor file engines: not counted.
not_ours='http|rdma|ime_|libcufile|rbd|rados|nfs|nbd|mtd|librpma|libhdfs|libiscsi|gfapi|dfs|dev-dax|libpmem|pmemblk|xnvme|io_uring_cmd|^net|cpuio|exec|libzbc|cpp_null|sg$'

# adapt FILE OUT DIR: the example with scratch targets and short runs.
adapt() {
	awk -v l1="$L1" -v l2="$L2" -v dir="$3" '
	function bytes(v,   n, u) {
		n = v + 0; u = tolower(substr(v, length(n "") + 1, 1))
		if (u == "k") n *= 1024; else if (u == "m") n *= 1048576
		else if (u == "g") n *= 1073741824; else if (u == "t") n *= 1099511627776
		return n
	}
	function cap(key, v, max, maxs) {
		if (v ~ /%$/ || v ~ /^\$/ || v ~ /^\(/) return key "=" v
		if (v ~ /-/ || v ~ /:/) {
			split(v, r, /[-:]/)
			if (bytes(r[1]) > max) r[1] = maxs
			if (bytes(r[2]) > max) r[2] = maxs
			return key "=" r[1] "-" r[2]
		}
		return bytes(v) > max ? key "=" maxs : key "=" v
	}
	{
		line = $0; sub(/^[ \t]+/, "", line); sub(/[ \t\r]+$/, "", line)
		eq = index(line, "="); key = eq ? substr(line, 1, eq - 1) : line
		val = eq ? substr(line, eq + 1) : ""
		gsub(/[ \t]+$/, "", key); gsub(/^[ \t]+/, "", val)
		if (key == "filename") {
			n = split(val, parts, ":"); out = ""
			for (i = 1; i <= n; i++) {
				p = parts[i]
				if (p ~ /^\/dev\//) { if (!(p in devs)) devs[p] = (nd++ % 2) ? l2 : l1; p = devs[p] }
				else if (p ~ /^\//) { sub(/.*\//, "", p) }
				out = out (i > 1 ? ":" : "") p
			}
			print "filename=" out; next
		}
		if (key == "directory") { print "directory=" dir; next }
		if (key == "size" || key == "io_size" || key == "io_limit") { print cap(key, val, 8388608, "8m"); next }
		if (key == "filesize") { print cap(key, val, 4194304, "4m"); next }
		if (key == "runtime") { print "runtime=2"; next }
		if (key == "ramp_time") { print "ramp_time=1"; next }
		if (key == "numjobs" && val + 0 > 4) { print "numjobs=4"; next }
		if (key == "nrfiles" && val + 0 > 16) { print "nrfiles=16"; next }
		print
	}' "$1" >"$2"
}

# Per job name: directions, bytes and groups (clones summed).
summary() {
	jq -c '[.jobs[] | {n: .jobname, g: .groupid, r: .read.io_bytes, w: .write.io_bytes,
		t: (.trim.io_bytes // 0)}] | group_by(.n) |
		map({n: .[0].n, r: (map(.r) | add), w: (map(.w) | add), t: (map(.t) | add),
		     g: (map(.g) | unique)})' "$1"
}

same=0 refused=0 different=0 fiofails=0 skipped=0
report="$W/report"
: >"$report"
for f in "$ex"/*.fio; do
	name=$(basename "$f")
	engines=$(sed -n 's/^[[:space:]]*ioengine[[:space:]]*=[[:space:]]*\([^[:space:]]*\).*/\1/p' "$f" | sort -u)
	if printf '%s\n' "$engines" | grep -Eq "$not_ours"; then
		skipped=$((skipped + 1))
		continue
	fi
	k=${name%.fio}
	mkdir -p "$MNT/fio-$k/dir" "$MNT/blk-$k/dir"
	adapt "$f" "$W/$k.fio" "$MNT/fio-$k/dir"
	adapt "$f" "$W/$k-b.fio" "$MNT/blk-$k/dir"
	(cd "$MNT/fio-$k" && timeout -k 10 300 fio --output-format=json "$W/$k.fio") >"$W/$k.fio.json" 2>"$W/$k.fio.err"
	frc=$?
	# fio's notices on stdout ("multiple writers may overwrite blocks")
	# come before its JSON document: the document alone is compared.
	sed -i -n '/^{/,$p' "$W/$k.fio.json"
	# What fio left (a filesystem filled by fill_device) must not
	# shorten blktop's run: the two share the scratch filesystem.
	rm -rf "$MNT/fio-$k"
	(cd "$MNT/blk-$k" && timeout -k 10 300 "$BLKTOP" --batch --output-format=json --job "$W/$k-b.fio") \
		>"$W/$k.blk.json" 2>"$W/$k.blk.err"
	brc=$?
	# So are blktop's (fio's "fio: pid=..." line of a failed job).
	sed -i -n '/^{/,$p' "$W/$k.blk.json"
	rm -rf "$MNT/blk-$k"
	if [ "$brc" = 2 ] || [ "$brc" = 3 ]; then
		refused=$((refused + 1))
		printf 'refused    %s: %s\n' "$name" "$(head -1 "$W/$k.blk.err")" >>"$report"
		continue
	fi
	# fio failing some jobs of a file (its exit status counts them, its
	# JSON is still there, as with offset_increment past the end without
	# size) is compared as any other run when blktop fails too (exit 1).
	failed_both=0
	[ "$frc" != 0 ] && [ "$brc" = 1 ] && failed_both=1
	if { [ "$frc" != 0 ] && [ "$failed_both" = 0 ]; } || ! jq -e .jobs "$W/$k.fio.json" >/dev/null 2>&1; then
		fiofails=$((fiofails + 1))
		printf 'fio fails  %s: %s (blktop exit %s)\n' "$name" "$(grep -v '^$' "$W/$k.fio.err" | head -1)" "$brc" >>"$report"
		continue
	fi
	if [ "$brc" != 0 ] && [ "$failed_both" = 0 ]; then
		different=$((different + 1))
		printf 'different  %s: blktop exit %s: %s\n' "$name" "$brc" "$(head -1 "$W/$k.blk.err")" >>"$report"
		continue
	fi
	fs=$(summary "$W/$k.fio.json") bs=$(summary "$W/$k.blk.json")
	timed=0 mixed=0
	grep -Eq '^[[:space:]]*(time_based|runtime)' "$W/$k.fio" && timed=1
	# exitall: the first job to end stops the others wherever they are,
	# a race under either tool (enospc-pressure.fio's verifier writes a
	# block or none): such a file's directions are not compared.
	raced=0
	grep -Eq '^[[:space:]]*exitall' "$W/$k.fio" && raced=1 timed=1
	# A mixed job's directions come from draws (rwmixread counts I/Os):
	# at these sizes the split of its bytes swings a few points with the
	# draw under either tool, so its total is compared, and its read share
	# within 3 points.
	grep -Eq '^[[:space:]]*(rw|readwrite)[[:space:]]*=[[:space:]]*(rw|randrw|readwrite)([[:space:]:]|$)' \
		"$W/$k.fio" && mixed=1
	verdict=$(jq -rn --argjson f "$fs" --argjson b "$bs" --argjson timed "$timed" \
		--argjson mixed "$mixed" --argjson raced "$raced" '
		def near(a; b): if a == b then true elif a == 0 or b == 0 then false
			else ((a - b) | fabs) / a <= 0.01 end;
		def share(x): if x.r + x.w == 0 then 0 else x.r / (x.r + x.w) end;
		if ($f | map(.n)) != ($b | map(.n)) then "names"
		elif $raced == 0 and ([range($f | length)] | map(. as $i |
			(($f[$i].r > 0) == ($b[$i].r > 0)) and (($f[$i].w > 0) == ($b[$i].w > 0)) and
			(($f[$i].t > 0) == ($b[$i].t > 0))) | all | not) then "directions"
		elif $timed == 0 and $mixed == 1 and ([range($f | length)] | map(. as $i |
			near($f[$i].r + $f[$i].w; $b[$i].r + $b[$i].w) and
			((share($f[$i]) - share($b[$i])) | fabs) <= 0.03) | all | not) then "bytes"
		elif $timed == 0 and $mixed == 0 and ([range($f | length)] | map(. as $i |
			near($f[$i].r; $b[$i].r) and near($f[$i].w; $b[$i].w)) | all | not) then "bytes"
		elif ($f | map(.g | length)) != ($b | map(.g | length)) then "groups"
		else "same" end')
	if [ "$verdict" = same ]; then
		same=$((same + 1))
		if [ "$raced" = 1 ]; then
			printf 'same       %s (exitall: names and groups compared)\n' "$name" >>"$report"
		elif [ "$frc" = 0 ]; then
			printf 'same       %s\n' "$name" >>"$report"
		else
			printf 'same       %s (fio exit %s, blktop exit 1: %s)\n' "$name" "$frc" "$(head -1 "$W/$k.blk.err")" >>"$report"
		fi
	else
		different=$((different + 1))
		printf 'different  %s: %s: fio %s, blktop %s\n' "$name" "$verdict" "$fs" "$bs" >>"$report"
	fi
done
sort "$report"
echo "fio_examples: $same the same, $refused refused by key or engine, $different different," \
	"$fiofails that fio itself cannot run here; $skipped not block or file examples"
[ "$different" = 0 ]
