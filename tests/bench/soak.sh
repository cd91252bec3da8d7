#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# soak.sh - benchmark (not run by make check; run from a build tree as root:
# top_srcdir=SRC top_builddir=BUILD sh tests/bench/soak.sh [SECONDS]):
# a long job under the screen, 4 jobs x iodepth 32 on a loop device, for
# SECONDS (1800 by default). Every minute it logs the process's resident
# size (VmRSS) and the live IOPS the screen shows, then judges the end's
# resident size against the size after the first minute (within 1 MiB) and
# the IOPS against their median (every minute within 50 %, so a stall or
# a slow decline shows; load from other work on the machine also shows).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

command -v tmux >/dev/null 2>&1 || skip "tmux is missing: the screen tests need it"
secs=${1:-1800}
# lib.sh's watchdog ends a test after 10 minutes; a soak runs longer.
E2E_TIMEOUT=$((secs + 300))
require_loop_root

SOCK="blktop-soak-$$"
tm() { tmux -L "$SOCK" "$@"; }
on_cleanup "tmux -L $SOCK kill-server 2>/dev/null; true"

target=$(attach "$(sparse_file soak.img 1G)")
log=${SOAK_LOG:-$WORK/soak.log}
tm new-session -d -x 120 -y 40 "env LANG=C TERM=xterm \"$BLKTOP\" --run randread $target --numjobs=4 --iodepth=32 --runtime=$((secs + 30)) --time_based=1; sleep 600"
sleep 2
pid=$(pgrep -n -f "blktop.*--run randread $target") || fail "blktop did not start"

# The live pane's interval line: "IOPS  123.4k ..." read off the screen.
screen_iops() {
	tm capture-pane -p | awk '/IOPS/ { for (i = 1; i < NF; i++) if ($i == "IOPS") { v = $(i + 1); break } }
		END { m = 1; if (v ~ /k$/) m = 1000; if (v ~ /M$/) m = 1000000; sub(/[kM]$/, "", v); printf "%d", v * m }'
}
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status"; }

: >"$log"
t=0
while [ $t -lt "$secs" ]; do
	sleep 60
	t=$((t + 60))
	kill -0 "$pid" 2>/dev/null || { fail "blktop ended after ${t} s"; break; }
	echo "$t $(rss_kib) $(screen_iops)" >>"$log"
	note "t=${t}s rss=$(rss_kib) KiB iops=$(screen_iops)"
done
tm send-keys q
sleep 1
tm send-keys y

first=$(awk 'NR == 1 { print $2 }' "$log")
last=$(awk 'END { print $2 }' "$log")
note "resident size: $first KiB after 1 min, $(awk '$1 == 600 { print $2 }' "$log") KiB at 10 min, $last KiB at the end"
[ $((last - first)) -le 1024 ] && pass "resident size flat: end - first minute = $((last - first)) KiB" ||
	fail "resident size grew by $((last - first)) KiB"
med=$(awk '{ print $3 }' "$log" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
bad=$(awk -v m="$med" '$3 < m / 2 || $3 > m * 1.5' "$log" | wc -l)
note "IOPS per minute: median $med, $(awk '{ printf "%s ", $3 }' "$log")"
[ "$bad" -eq 0 ] && pass "IOPS steady: every minute within 50 % of the median" ||
	fail "$bad minutes off the median IOPS by more than 50 %"
finish
