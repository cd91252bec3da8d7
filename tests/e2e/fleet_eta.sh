#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_eta.sh - the clock of a procedure on many hosts counts what a step
# takes beyond its jobs (ssh sessions, every host's verdict, the far
# sides' start and reports). Two hosts (real sshd of sshd_lib.sh, each
# its own scratch loop device and far-side blktop), the block-size sweep
# over 512, 1k, 2k and 4k, each step 3 s of jobs, --batch: each step's
# "Clock:" line says about how much is left: after each of steps 1 to 3,
# the steps left at their jobs' time plus the overhead measured, and that
# overhead is what the steps so far took beyond their jobs. The first
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
# The estimate after steps 1 to 3 is blktop's rule, with the overhead
# it measured: the steps left, each 3 s of jobs plus that overhead
# (within 0.3 s: the rest of a step just ended). And the overhead is the
# steps' real time beyond their jobs: on the line's own clock, elapsed
# after k steps less their 3 s each, per step (within 15 % or 0.5 s: the
# start before step 1 is in elapsed). Neither compares with the time that
# later steps take on a loaded machine: a timed test would.
k=0
sed -n 's/.*elapsed \([0-9.]*\) s, about \([0-9.]*\) s left.*its jobs: \([0-9.]*\) s.*/\1 \2 \3/p' \
	"$WORK/clock" >"$WORK/figures"
while read -r el left ovh; do
	k=$((k + 1))
	[ $k -le 3 ] || break
	if awk -v l="$left" -v o="$ovh" -v k=$k 'BEGIN { d = l - (4 - k) * (3 + o); if (d < 0) d = -d; exit !(d <= 0.3) }'; then
		pass "after step $k: about $left s left = $((4 - k)) steps of 3 s + $ovh s overhead"
	else
		fail "after step $k: about $left s left, not $((4 - k)) steps of 3 s + $ovh s overhead"
	fi
	if awk -v e="$el" -v o="$ovh" -v k=$k 'BEGIN { m = e / k - 3; d = o - m; if (d < 0) d = -d; exit !(d <= 0.5 || d <= m * 0.15) }'; then
		pass "after step $k: the overhead $ovh s is what the steps took beyond their jobs ($el s for $k steps of 3 s)"
	else
		fail "after step $k: the overhead $ovh s, but $k steps of 3 s took $el s"
	fi
done <"$WORK/figures"
finish
