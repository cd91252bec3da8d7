#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# engines.sh - every engine built in, and the async ones under each batch
# setting, on a scratch loop device: the I/Os blktop reports are the I/Os
# the device counted (/sys/block/loopN/stat), and bytes = ios x bs. null
# must leave the device alone.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

img=$(sparse_file disk.img 256M)
dev=$(attach "$img") || die "cannot attach a loop device"
name=$(basename "$dev")
engines=$("$BLKTOP" --version | sed -n 's/^engines: //p')
[ -n "$engines" ] || { fail "blktop --version lists no engines"; finish; }
note "engines built in: $engines"

# Reads are counted in sectors (64k each, 128 sectors): other processes
# on this machine probe every loop device now and then with a few dozen
# small reads, which weigh little in sectors; blktop's own safety verdict
# reads the device before the job (libblkid), as much each time: the null
# engine's runs, which do no I/O, measure that (the smallest of three).
# Writes nobody else makes: completed plus merged requests must match
# exactly.
stat_reads() { awk '{ print $3 }' "/sys/block/$name/stat"; }
stat_writes() { awk '{ print $5 + $6 }' "/sys/block/$name/stat"; }

# check ENGINE RW BS ARGS...: one run (64 MiB of reads, 16 MiB of
# writes); its figures against the device's counters.
check() {
	eng=$1 rw=$2 bs=$3
	shift 3
	label="$eng $rw bs=$bs $*"
	r0=$(stat_reads)
	w0=$(stat_writes)
	case $rw in
	*read) size=64 ;;
	*) size=16 ;;
	esac
	out=$("$BLKTOP" --batch --run "$rw" "$dev" --size=${size}m --bs="$bs" --iodepth=8 \
		--ioengine="$eng" "$@" --output-format=json 2>"$WORK/err")
	rc=$?
	r1=$(stat_reads)
	w1=$(stat_writes)
	if [ "$rc" != 0 ]; then
		fail "$label: exit $rc: $(tail -2 "$WORK/err")"
		return
	fi
	case $rw in
	*read) key=read ;;
	*) key=write ;;
	esac
	ios=$(printf '%s' "$out" | jq ".jobs[0].$key.total_ios")
	bytes=$(printf '%s' "$out" | jq ".jobs[0].$key.io_bytes")
	bsn=$(printf '%s' "$out" | jq -r '.jobs[0]["job options"].bs')
	want=$((size * 1024 * 1024 / $(numfmt --from=iec "$(echo "$bs" | tr a-z A-Z)")))
	if [ "$ios" != "$want" ] || [ "$bytes" != $((ios * $(numfmt --from=iec \
		"$(echo "$bsn" | tr a-z A-Z)"))) ]; then
		fail "$label: $ios I/Os and $bytes bytes reported, want $want I/Os of $bs"
		return
	fi
	if [ "$eng" = null ]; then
		# The job would read 131072 sectors; a few verdict probes (ours,
		# and other blktops' screens probing every new loop device) are
		# some thousands at most.
		[ $((w1 - w0)) = 0 ] && [ $((r1 - r0)) -lt 16384 ] &&
			pass "$label: $ios I/Os, none reached the device (the verdict read $((r1 - r0)) sectors)" ||
			fail "$label: the device saw $((r1 - r0)) sectors read, $((w1 - w0)) writes"
		# Foreign probes only add: the smallest of the null runs is
		# blktop's own.
		[ "$probe" = 0 ] || [ $((r1 - r0)) -lt "$probe" ] && probe=$((r1 - r0))
		return
	fi
	if [ $key = write ]; then
		got=$((w1 - w0))
		[ "$got" = "$ios" ] && pass "$label: $ios writes, the device counted $got" ||
			fail "$label: $ios writes reported, the device counted $got"
	else
		got=$(((r1 - r0 - probe) / 128))
		# Up to two foreign verdict probes (as big as ours) may land
		# in the run; fewer reads than reported never pass.
		awk -v a="$ios" -v b="$got" -v p="$probe" \
			'BEGIN { exit !(b >= a && b <= a + a / 100 + 2 * p / 128 + 1) }' &&
			pass "$label: $ios reads, the device read $got x 64k" ||
			fail "$label: $ios reads reported, the device read $got x 64k"
	fi
}

probe=0
check null randread 64k
check null randread 64k
check null randread 64k
for eng in $engines; do
	[ "$eng" = null ] && continue
	check "$eng" randread 64k
	check "$eng" randwrite 4k
done

# The async engines under fio's batch options: bigger submits, waits for
# several completions, a low water mark, and polling for completions.
for eng in libaio io_uring; do
	case " $engines " in *" $eng "*) ;; *) continue ;; esac
	for batch in "--iodepth_batch_submit=4 --iodepth_batch_complete_min=2 --iodepth_batch_complete_max=8" \
		"--iodepth_low=2 --iodepth_batch_submit=0" \
		"--iodepth_batch_complete_min=0 --iodepth_batch_complete_max=8"; do
		# shellcheck disable=SC2086
		check "$eng" randread 64k $batch
		# shellcheck disable=SC2086
		check "$eng" write 4k $batch
	done
done

# A synchronous engine keeps one I/O in flight whatever iodepth says.
out=$("$BLKTOP" --batch --run randread "$dev" --size=4m --iodepth=8 --ioengine=pvsync \
	--output-format=json 2>"$WORK/err")
lvl=$(printf '%s' "$out" | jq '.jobs[0].iodepth_level["1"]')
[ "$lvl" = 100 ] && pass "pvsync: iodepth=8 runs at depth 1 (as fio's sync engines)" ||
	fail "pvsync: IO depths 1=$lvl % (want 100)"

finish
