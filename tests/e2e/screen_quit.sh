#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_quit.sh - nothing is lost on quit (issue 15, item 2), in JSON too:
# with --output-format=json two runs then q write both runs' documents to
# stdout, one after the other, oldest first (a stream jq reads); with six
# runs (more than five) the runs list names the file quit writes them to,
# and q writes all six documents there, the newest on stdout, and says the
# file's name.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
command -v jq >/dev/null 2>&1 || skip "jq is not installed (quickstart installs it)"

dev=$(attach "$(sparse_file q.img 256M)") || die "cannot attach a loop device"
DEV=$(basename "$dev")
# Generous: they only matter when the screen never shows what is waited for.
T=30000

# runs SESSION N: makes runs 2..N from the form, each of one second (the
# command line's job), each waited for until the runs list shows it done.
runs() {
	n=2
	while [ $n -le "$2" ]; do
		select_dev "$1" "$DEV" || fail "run $n: $DEV cannot be selected"
		tm send-keys -t "$1" Enter
		expect "$1" "run $n: the form opens" "Workload form target $dev " $T
		# The form starts from the command line's job (item 3).
		expect "$1" "run $n: the form has the command line's rw" "^ +>rw +randread " $T
		tm send-keys -t "$1" Enter
		# The runs list, until run n shows as done.
		wait_for "$1" "-> $DEV .* RUNNING|^ +>?$n +[0-9:]+ .* done" $T || true
		tm send-keys -t "$1" R
		expect "$1" "run $n is done" "^ +>?$n +[0-9:]+ +$DEV .* done" $T
		tm send-keys -t "$1" Escape
		expect "$1" "Esc leaves the list" "Devices" $T
		n=$((n + 1))
	done
}

# ---- two runs, JSON: both documents on stdout, oldest first ----
mkdir -p "$WORK/two" "$WORK/six"
new_session two -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t two "cd $WORK/two && \"$BLKTOP\" --output-format=json --run randread $dev --runtime=1 --time_based=1 > out.json 2> err.txt; echo EXIT=\$?" Enter
expect two "run 1 ends by itself" "-> $DEV .* DONE" $T
runs two 2
tm send-keys -t two q
expect two "q quits" "EXIT=0" $T
docs=$(jq -s length "$WORK/two/out.json" 2>/dev/null)
[ "$docs" = 2 ] && pass "two runs: two JSON documents on stdout" ||
	fail "two runs: stdout holds '$docs' JSON documents: $(head -c 300 "$WORK/two/out.json")"
jq -s -e '.[0].jobs[0]["job options"].rw == "randread" and .[1].jobs[0]["job options"].rw == "randread"
	and .[0].timestamp <= .[1].timestamp' "$WORK/two/out.json" >/dev/null 2>&1 &&
	pass "oldest first, both randread (the form starts from the command line's job)" ||
	fail "the documents are not run 1 then run 2: $(jq -c -s '[.[] | [.timestamp, .jobs[0]["job options"].rw]]' "$WORK/two/out.json" 2>&1)"

# ---- six runs: the file named on the screen holds them all ----
new_session six -x 120 -y 40 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t six "cd $WORK/six && \"$BLKTOP\" --output-format=json --run randread $dev --runtime=1 --time_based=1 > out.json 2> err.txt; echo EXIT=\$?" Enter
expect six "run 1 ends by itself" "-> $DEV .* DONE" $T
runs six 6
tm send-keys -t six R
expect six "the runs list names the file" "On quit the 6 summaries go to blktop-runs-[0-9]{8}-[0-9]{6}\.json" $T
shown=$(cap six | grep -o "blktop-runs-[0-9]*-[0-9]*\.json" | head -n 1)
tm send-keys -t six Escape
expect six "Esc leaves the list" "Devices" $T
tm send-keys -t six q
expect six "q quits" "EXIT=0" $T
grep -q "the summaries of all 6 runs are in $shown" "$WORK/six/err.txt" &&
	pass "quit says where the six summaries are ($shown)" ||
	fail "quit did not name $shown: $(cat "$WORK/six/err.txt")"
docs=$(jq -s length "$WORK/six/$shown" 2>/dev/null)
[ "$docs" = 6 ] && pass "the file holds six JSON documents" ||
	fail "the file '$shown' holds '$docs' documents"
docs=$(jq -s length "$WORK/six/out.json" 2>/dev/null)
last=$(jq -s -c '.[5]' "$WORK/six/$shown" 2>/dev/null)
[ "$docs" = 1 ] && [ "$(jq -c . "$WORK/six/out.json")" = "$last" ] &&
	pass "stdout has the newest run's document, the file's last" ||
	fail "stdout holds '$docs' documents, not the file's last"
finish
