#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_eta.sh - the clock of a procedure on many hosts counts what a step
# takes beyond its jobs (ssh sessions, every host's verdict, the far
# sides' start and reports). Two hosts (real sshd of sshd_lib.sh, each
# its own scratch loop device and far-side blktop), the block-size sweep
# over 512, 1k, 2k and 4k, each step 3 s of jobs, --batch: each step's
# "Clock:" line says about how much is left; the test stamps each line as
# it comes and, once blktop has ended, compares: after each of steps 1 to
# 3, "left" is within 10 % of the time that really remained. The first
# line's overhead is already measured (step 1's); the screen takes the
# same estimate (fleet_proc_left).
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
require_sshd

remote=${BLKTOP_REAL:-$BLKTOP}
case $remote in /*) ;; *) remote=$(pwd)/$remote ;; esac
start_disk_hosts 2 3

# Each line of standard output stamped with the time it came (ms).
"$BLKTOP" --ssh="$SSH_CMD" --batch --remote-blktop="$remote" --hosts="$h2=$dev2,$h3=$dev3" \
	--sweep=bs --size=4k --runtime=3 --time_based 2>"$WORK/err" |
	while IFS= read -r line; do printf '%s %s\n' "$(now_ms)" "$line"; done >"$WORK/out"
end=$(now_ms)
n=$(grep -c '^[0-9]* Step [0-9] of 4: ' "$WORK/out")
[ "$n" = 4 ] || fail "the sweep did not run its 4 steps ($n): $(cut -d' ' -f2- "$WORK/out" | head -c 1500) $(head -c 600 "$WORK/err")"
grep '^[0-9]* Clock: ' "$WORK/out" >"$WORK/clock"
[ "$(wc -l <"$WORK/clock")" = 4 ] && pass "a Clock line after each of the 4 steps" ||
	fail "Clock lines: $(cat "$WORK/clock")"
grep -q 'overhead beyond its jobs: [0-9.]* s, measured' "$WORK/clock" &&
	pass "the overhead is measured: $(head -n 1 "$WORK/clock" | sed 's/.*jobs: //')" ||
	fail "no measured overhead: $(cat "$WORK/clock")"
# After steps 1 to 3: "left" against what really remained, within 10 %.
k=0
while read -r at _ _ _ _ _ left _; do
	k=$((k + 1))
	[ $k -le 3 ] || break
	real=$(((end - at)))
	if awk -v l="$left" -v r="$real" 'BEGIN { d = l * 1000 - r; if (d < 0) d = -d; exit !(d <= r * 0.10) }'; then
		pass "after step $k: about $left s left, $(awk -v r="$real" 'BEGIN { printf "%.1f", r / 1000 }') s really remained"
	else
		fail "after step $k: about $left s left, but $(awk -v r="$real" 'BEGIN { printf "%.1f", r / 1000 }') s really remained"
	fi
done <"$WORK/clock"
finish
