#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_policies.sh - fio's run-wide policies, run by blktop and by fio 3 on
# the same scratch loop devices: cpus_allowed_policy=split (the CPU each
# thread is bound to, read from the kernel while the job runs: fio counts
# the threads of the whole run, so a second job's thread takes the set's
# next CPU) and exitall_on_error (0, fio's default: a job's error ends
# that job only, the others run on; 1: it ends every job).
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio

img=$(sparse_file disk.img 64M)
dev=$(attach "$img") || die "cannot attach a loop device"

# ---- cpus_allowed_policy=split ----
# The first two CPUs this test may run on.
cpus=$(awk '/^Cpus_allowed_list/ { print $2 }' /proc/self/status |
	tr ',' '\n' | awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c }' |
	head -2 | tr '\n' ' ')
set -- $cpus
if [ $# -lt 2 ]; then
	skip_part "cpus_allowed_policy: this test may run on one CPU only"
else
	c0=$1 c1=$2
	# pinned PID WANT: waits (20 s at most) until WANT tasks of PID are
	# bound to one CPU each, then prints those CPUs, sorted.
	pinned() {
		i=0
		while [ $i -lt 400 ] && kill -0 "$1" 2>/dev/null; do
			got=$(cat /proc/"$1"/task/*/status 2>/dev/null |
				awk '/^Cpus_allowed_list/ && $2 ~ /^[0-9]+$/ { print $2 }' | sort -n)
			[ "$(printf '%s\n' "$got" | grep -c .)" -ge "$2" ] && break
			sleep 0.05
			i=$((i + 1))
		done
		printf '%s\n' "$got" | tr '\n' ' '
	}
	# split_case LABEL WANT JOBFILE: the CPUs of fio's threads and of
	# blktop's, for the same job file.
	split_case() {
		label=$1 want=$2
		fio --thread --output-format=json "$3" >"$WORK/fio.json" 2>"$WORK/fio.err" &
		p=$!
		f=$(pinned $p "$want")
		wait $p || { fail "$label: fio failed: $(tail -2 "$WORK/fio.err")"; return; }
		"$BLKTOP" --batch --job "$3" >"$WORK/bt.out" 2>"$WORK/bt.err" &
		p=$!
		b=$(pinned $p "$want")
		wait $p || { fail "$label: blktop exit $?: $(tail -2 "$WORK/bt.err")"; return; }
		[ -n "$f" ] || { fail "$label: fio's pinned threads not seen"; return; }
		[ "$f" = "$b" ] && pass "$label: CPUs $b as fio" ||
			fail "$label: blktop's threads on CPUs '$b', fio's on '$f'"
	}
	common="filename=$dev
rw=randread
bs=4k
direct=1
time_based=1
runtime=3"
	printf '[global]\n%s\n[a]\ncpus_allowed=%s\n[b]\ncpus_allowed=%s,%s\ncpus_allowed_policy=split\n' \
		"$common" "$c0" "$c0" "$c1" >"$WORK/split1.fio"
	split_case "split: a second job's thread takes the set's second CPU" 2 "$WORK/split1.fio"
	printf '[global]\n%s\ncpus_allowed=%s,%s\ncpus_allowed_policy=split\n[a]\nnumjobs=3\n' \
		"$common" "$c0" "$c1" >"$WORK/split2.fio"
	split_case "split: numjobs=3 on two CPUs wraps round" 3 "$WORK/split2.fio"
fi

# ---- exitall_on_error ----
# A job whose writes fail (a loop device on a full 16 MiB tmpfs) beside
# one that reads for 4 s on the other device. The writer writes where
# the tmpfs holds no page yet.
tmnt=$(mktemp -d "$WORK/tmpfs.XXXXXX")
mount -t tmpfs -o size=16M blktop-policies "$tmnt" || skip "cannot mount a tmpfs"
on_cleanup "umount -l $tmnt"
truncate -s 64M "$tmnt/disk"
full=$(attach "$tmnt/disk") || die "cannot attach a loop device on the tmpfs"
# Fill the tmpfs once, so every later write fails at once.
dd if=/dev/zero of="$full" bs=1M count=20 oflag=direct 2>/dev/null
# eoe_case VALUE: fio's and blktop's reader's runtime in ms and error, and
# the writer's error, as "status reader_runtime>=4000 reader_error writer_error>0".
eoe_summary() {
	jq -r '[(.jobs[] | select(.jobname == "reader") | (.job_runtime >= 4000), .error),
		(.jobs[] | select(.jobname == "writer") | .error > 0)] | map(tostring) | join(" ")' "$1"
}
for v in 0 1; do
	printf '[global]\ndirect=1\nbs=64k\nexitall_on_error=%s\n[writer]\nfilename=%s\nrw=write\noffset=32m\nsize=8m\n[reader]\nfilename=%s\nrw=randread\ntime_based=1\nruntime=4\n' \
		"$v" "$full" "$dev" >"$WORK/eoe$v.fio"
	fio --output-format=json "$WORK/eoe$v.fio" >"$WORK/fio$v.json" 2>"$WORK/fio$v.err"
	frc=$?
	"$BLKTOP" --batch --force --output-format=json --job "$WORK/eoe$v.fio" \
		>"$WORK/bt$v.json" 2>"$WORK/bt$v.err"
	brc=$?
	# Both write fio's error line before the JSON document.
	sed -n '/^{/,$p' "$WORK/fio$v.json" >"$WORK/fio$v.doc"
	sed -n '/^{/,$p' "$WORK/bt$v.json" >"$WORK/bt$v.doc"
	f=$(eoe_summary "$WORK/fio$v.doc")
	b=$(eoe_summary "$WORK/bt$v.doc")
	case "$f" in
	*" true") ;;
	*) fail "exitall_on_error=$v: fio's writer had no error ('$f'): the case proves nothing"; continue ;;
	esac
	[ -n "$b" ] && [ "$f" = "$b" ] &&
		pass "exitall_on_error=$v: reader ran its 4 s, reader error, writer failed: $b as fio" ||
		fail "exitall_on_error=$v: blktop '$b', fio '$f' ($(tail -1 "$WORK/bt$v.err"))"
	[ $frc -ne 0 ] && [ $brc = 1 ] && pass "exitall_on_error=$v: exit $brc (fio $frc)" ||
		fail "exitall_on_error=$v: blktop exit $brc, fio $frc"
done
finish
