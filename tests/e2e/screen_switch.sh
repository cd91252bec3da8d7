#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_switch.sh - switching workloads live (issue 15, item 3): Enter
# during a job opens the form on the running job's values (not the form's
# defaults); starting from it asks once, then stops the running job and
# starts the new one: the new job's figures show, and the runs list keeps
# the old run as stopped. q then prints both summaries.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"

dev=$(attach "$(sparse_file s.img 256M)") || die "cannot attach a loop device"
DEV=$(basename "$dev")
T=20000

new_session sw -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t sw "\"$BLKTOP\" --run randread $dev --bs=8k --iodepth=2 --runtime=120 --time_based=1 > $WORK/out.txt; echo EXIT=\$?" Enter
expect sw "the first job runs" "randread 8k qd2 j1 -> $DEV .* RUNNING" $T
expect sw "the first job's figures show" "run: [1-9][0-9.]*[kMG]? IOPS" $T

tm send-keys -t sw Enter
expect sw "Enter during a job opens the form on its target" "Workload form target $dev " $T
expect sw "the form has the running job's rw" "^ +>rw +randread " $T
expect sw "the form has the running job's bs" "^ +bs +8k " $T
expect sw "the form has the running job's iodepth" "^ +iodepth +2 " $T
expect sw "the form has the running job's runtime" "^ +runtime +120 " $T
expect sw "the form says Enter replaces the running job" "Enter stops it and starts this one" $T
expect sw "the job goes on meanwhile" "-> $DEV .* RUNNING" $T

tm send-keys -t sw Down
expect sw "bs is selected" "^ +>bs +8k " $T
tm send-keys -t sw Right
expect sw "Right steps bs to 16k" "^ +>bs +16k " $T
tm send-keys -t sw Enter
expect sw "starting asks once" "Stop it and start this one\\? \\(y/n\\)" $T
tm send-keys -t sw y
expect sw "the new job runs" "randread 16k qd2 j1 -> $DEV .* RUNNING" $T
expect sw "the new job's figures show" "run: [1-9][0-9.]*[kMG]? IOPS" $T
cap sw | grep -q "Stop it and start this one" &&
	fail "the question was asked again" || pass "one question only"

tm send-keys -t sw R
expect sw "the runs list has both" "Runs 2 runs" $T
expect sw "the old run is kept as stopped" "^  1 +[0-9:]+ +$DEV +randread 8k qd2 j1 +[0-9.]+[kM]? +[0-9.]+[KMG]iB/s +[0-9.]+ +stopped" $T
expect sw "the new run is the running one" "^ >2 +[0-9:]+ +$DEV +randread 16k qd2 j1 .* RUNNING" $T
tm send-keys -t sw Escape
expect sw "Esc leaves the list" "Devices" $T
tm send-keys -t sw q
expect sw "q asks while a job runs" "Stop it and quit\\? \\(y/n\\)" $T
tm send-keys -t sw y
expect sw "q y quits" "EXIT=0" $T
heads=$(grep -c "^=== run [12] of 2," "$WORK/out.txt")
sums=$(grep -c "read: IOPS=" "$WORK/out.txt")
[ "$heads" = 2 ] && [ "$sums" = 2 ] && pass "both runs' summaries are printed" || {
	fail "q printed $sums summaries under $heads headings:"
	sed 's/^/    | /' "$WORK/out.txt" >&2
}

finish
