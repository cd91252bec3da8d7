#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_compact.sh - small and odd terminals (issue 15, item 6): under
# 80x24 a compact status (job, IOPS, bandwidth, p99, state, keys) that
# still takes s and q; the title gives up whole fields as it narrows and
# never cuts a version number (blktop's or the kernel's).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"

dev=$(attach "$(sparse_file c.img 256M)") || die "cannot attach a loop device"
DEV=$(basename "$dev")
VER=$("$BLKTOP" --version | sed -n '1s/^blktop //p')
REL=$(uname -r)

# ---- 60x20: the compact status, s stops, q quits with the summary ----
new_session small -x 60 -y 20 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t small "\"$BLKTOP\" --run randread $dev --runtime=120 --time_based=1 > $WORK/out.txt; echo EXIT=\$?" Enter
expect small "60x20: the state" "^blktop $VER +RUNNING" 8000
expect small "60x20: the job" "randread 4k qd1 j1 -> $DEV" 100
expect small "60x20: IOPS, bandwidth and p99" "read IOPS [0-9.]+[kM]? +BW [0-9.]+[KMG]i?B/s +p99 [0-9.]+us" 3000
expect small "60x20: the keys" "s stop +q quit" 100
expect small "60x20: the size the full screen needs" "needs at least 80x24" 100
tm send-keys -t small s
expect small "60x20: s stops the job" "^blktop $VER +DONE" 8000
expect small "60x20: after the stop only q is offered" "^q quit" 2000
if cap small | grep -q "Stopping the job"; then
	fail "60x20: 'Stopping the job...' is still shown after DONE"
else
	pass "60x20: no 'Stopping the job...' once DONE"
fi
tm send-keys -t small q
expect small "60x20: q quits" "EXIT=0" 5000
grep -q "IOPS=" "$WORK/out.txt" && pass "60x20: the summary is printed" ||
	fail "60x20: no summary: $(tail -n 3 "$WORK/out.txt")"

# ---- the title at 80 columns with a long target: whole fields only ----
long="$WORK/a-long-directory-name-that-takes-the-room-of-the-title/x"
mkdir -p "$(dirname "$long")"
new_session title -x 80 -y 24 "env LANG=$UTF8 LC_ALL=$UTF8 \"$BLKTOP\" --run randread $long --size=8m --runtime=120 --time_based=1; sleep 30"
expect title "the job runs" "RUNNING" 8000
first=$(cap title | head -n 1)
v=$(printf '%s\n' "$first" | grep -oE "blktop [0-9][0-9.]*" | head -n 1)
if [ -z "$v" ] || [ "$v" = "blktop $VER" ]; then
	pass "the title's version is whole or absent: '$first'"
else
	fail "the title cuts blktop's version: '$first'"
fi
# The release's first two numbers (a dot: a temp name never has one)
# tell that the title began to show it.
relhead=$(printf '%s\n' "$REL" | grep -oE '^[0-9]+\.[0-9]+')
case $first in
*"${relhead:-$REL}"*) printf '%s\n' "$first" | grep -qF -- "$REL" &&
	pass "the kernel release is whole" || fail "the title cuts the kernel release: '$first'" ;;
*) pass "the kernel release was given up whole" ;;
esac
tm send-keys -t title s
expect title "s stops the job at 80x24" "DONE" 8000
if cap title | tail -n 1 | grep -q "Stopping the job"; then
	fail "the key bar still says 'Stopping the job...' after DONE"
else
	pass "the key bar no longer says 'Stopping the job...' after DONE"
fi
tm send-keys -t title q

finish
