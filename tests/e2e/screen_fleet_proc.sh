#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_fleet_proc.sh - procedures on many hosts (issue 16): the same
# --sweep on two hosts with --batch and on the fleet's screen under tmux,
# against real OpenSSH servers on this machine only (sshd_lib.sh: each
# host in its own network namespace, or its own 127.0.0.N), each host
# with its own scratch loop device and a far-side blktop.
# Batch: a host lost between steps (its sshd stops taking logins while
# step 1 runs, so step 2 cannot reach it) leaves the fleet, the steps
# after run on the other host, and the report names the steps it missed.
# Screen: the step counter shows and advances ("step 1/4: 512", then 2/4),
# the hosts' rows of the current step, the clock, and the table filling
# with the finished steps' fleet totals, each line as the report printed
# on leaving (which is --batch's: "Step N of M" sections, the table); the
# same host lost between steps, shown unreachable, the steps going on; a
# far-side blktop killed mid-step shows dropped and the next step runs on
# the other host; s stops every host and ends the procedure (the table
# ends at the stopped step, as --batch's); q mid-step leaves no process on any host; a profile's
# environment is taken by each host on its own disk: the screen says so,
# shows the selected host's notes (rq_affinity set on its loop device, no
# queue interrupt to pin to), and the report has each host's notes under
# its line. With fio installed,
# the same short sweep through fio's servers (--driver=fio).
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
. "${top_srcdir:-.}/tests/e2e/fleet_screen_lib.sh"
require_sshd
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

remote=${BLKTOP_REAL:-$BLKTOP}
case $remote in /*) ;; *) remote=$(pwd)/$remote ;; esac
T=20000

start_disk_hosts 2 3
FPORT=$((30000 + ($$ + 11) % 20000))
servers="fio --server=127.0.0.1,($FPORT|$((FPORT + 1)))\$"
on_cleanup "pkill -KILL -f '^$servers'; true"

# The far sides of this test: a remote blktop naming one of our devices.
ours="^$remote (--dry-run|--batch) --output-format=jsonl .*($dev2|$dev3)( |\$)"
far_left() {
	if [ "$HOSTS_NETNS" = yes ]; then
		for p in $(pgrep -f "$ours"); do
			pid_in_host "$p" 2 || pid_in_host "$p" 3 && return 0
		done
		return 1
	fi
	pgrep -f "$ours" >/dev/null
}
none_left() {
	i=0
	while far_left || pgrep -f "^$servers" >/dev/null; do
		i=$((i + 1))
		[ $i -lt 200 ] || { fail "$1: a far side is still running: $(pgrep -af "$ours|^$servers")"; return; }
		sleep 0.1
	done
	pass "$1: no far side left on any host"
}
# running_on DEV: a far-side blktop runs the step on DEV (not its verdict).
running_on() {
	i=0
	until pgrep -f "^$remote --batch --output-format=jsonl .*$1( |\$)" >/dev/null; do
		i=$((i + 1))
		[ $i -lt $((100 * WAIT_SCALE)) ] || return 1
		sleep 0.1
	done
}
# lose_host N: host N's sshd stops taking logins; the sessions it has go
# on (the step running there ends as usual), the next login is refused.
lose_host() {
	kill "$(cat "$WORK/sshd_$1.pid")" || die "cannot stop host $1's sshd"
	i=0
	while ssh -F "$WORK/ssh_config" -o ConnectTimeout=2 -p "$SSHD_PORT" "$(host_ip "$1")" true 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 50 ] || die "host $1's sshd still takes logins"
		sleep 0.1
	done
}
# host_back N: host N's sshd again, from its config (the cleanup that
# sshd_up registered stops it by its pid file).
host_back() {
	host_exec "$1" /usr/sbin/sshd -f "$WORK/sshd_$1.conf" -E "$WORK/sshd_$1.log" ||
		die "host $1's sshd did not start again: $(cat "$WORK/sshd_$1.log")"
	sshd_wait "$1"
}

# A block-size sweep over 512, 1k, 2k and 4k, each step 3 s.
SWEEP="--sweep=bs --size=4k --runtime=3 --time_based"
HOSTS="--hosts=$h2=$dev2,$h3=$dev3"
blktop_args() {
	printf '"%s" --ssh="%s" --remote-blktop="%s"' "$BLKTOP" "$SSH_CMD" "$remote"
}
# screen_cmd NAME ARGS: the screen's command line for tmux, its report
# and stderr kept in NAME.out and NAME.err, its exit status shown.
screen_cmd() {
	n=$1
	shift
	printf '%s %s >%s 2>%s; echo EXIT=$?' "$(blktop_args)" "$*" "$WORK/$n.out" "$WORK/$n.err"
}

# --- Batch: a host lost between steps 1 and 2.
eval "$(blktop_args)" --batch --output-format=json "$HOSTS" $SWEEP >"$WORK/batch.json" 2>"$WORK/batch.err" &
bpid=$!
running_on "$dev3" || fail "batch: step 1 never ran on $h3: $(cat "$WORK/batch.err")"
lose_host 3
wait $bpid
rc=$?
[ -s "$WORK/batch.json" ] || printf 'null\n' >"$WORK/batch.json"
jq -e --arg h "$h3" '([.steps[].label] == ["512", "1k", "2k", "4k"]) and
	(.steps[0].hosts | all(.state == "done")) and
	([.steps[1:][] | .hosts[] | select(.host == $h) | .state] | all(. == "unreachable")) and
	([.steps[1:][] | .hosts[] | select(.host != $h) | .state] == ["done", "done", "done"])' \
	"$WORK/batch.json" >/dev/null &&
	pass "batch: step 1 on both hosts, steps 2 to 4 on the other after $h3 was lost (exit $rc)" ||
	fail "batch: exit $rc: $(jq -c '[.steps[]? | {label: .label, states: [.hosts[] | [.host, .state]]}]' "$WORK/batch.json" 2>&1) $(head -c 600 "$WORK/batch.err")"
jq -e --arg h "$h3" '.hosts_left == [{host: $h, state: "unreachable", at_step: 2, missed_steps: [3, 4]}]' \
	"$WORK/batch.json" >/dev/null &&
	pass "batch: the report says $h3 left at step 2 and missed steps 3 and 4" ||
	fail "batch: hosts_left $(jq -c '.hosts_left' "$WORK/batch.json")"
jq -e '(.table.rows | length) == 4 and all(.table.rows[]; .iops > 0)' "$WORK/batch.json" >/dev/null &&
	pass "batch: the table has the four steps' fleet totals" ||
	fail "batch: table $(jq -c '.table.rows' "$WORK/batch.json" | head -c 600)"
host_back 3

# --- Screen: the same sweep, the same host lost between steps.
new_session sweep -x 170 -y 45 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t sweep "$(screen_cmd sweep "$HOSTS" $SWEEP)" Enter
# Lost while step 1 runs there (at once: a step is 3 s).
running_on "$dev3" || fail "screen: step 1 never ran on $h3"
lose_host 3
expect sweep "screen: the step counter and the step's name" "step 1/4: 512" $T
expect sweep "screen: both hosts' rows in step 1" "$(rx "$h3").* running .*[0-9]" $T
expect sweep "screen: the other host runs too" "$(rx "$h2").* running .*[0-9]" $T
expect sweep "screen: the procedure's clock" "elapsed [0-9]+:[0-9]{2}, about [0-9]+:[0-9]{2} left of about" $T
expect sweep "screen: the counter advances" "step 2/4: 1k" $((T * 2))
expect sweep "screen: the lost host shows unreachable" "$(rx "$h3").* unreachable" $((T * 2))
expect sweep "screen: the step's table row from step 1" "^ +512 +[0-9]+\.[0-9]" $T
expect sweep "screen: the steps go on without it" "step 4/4: 4k" $((T * 2))
expect sweep "screen: the procedure ends" "the procedure has ended" $((T * 2))
cap sweep >"$WORK/sweep.frame"
tm send-keys -t sweep q
expect sweep "screen: q leaves" "EXIT=[0-9]+" $T
# The report printed on leaving is --batch's: a section a step, the table.
grep -q '^Step 1 of 4: 512' "$WORK/sweep.out" && grep -q '^Step 4 of 4: 4k' "$WORK/sweep.out" &&
	grep -q "^The fleet's totals, step by step (2 hosts)" "$WORK/sweep.out" &&
	pass "screen: the report on leaving has each step and the fleet's table" ||
	fail "screen: report $(cat "$WORK/sweep.out" "$WORK/sweep.err" | head -c 1500)"
grep -q "^$h3: unreachable at step 2 (1k); missed steps: 3 (2k), 4 (4k)" "$WORK/sweep.out" &&
	pass "screen: the report names the steps $h3 missed" ||
	fail "screen: no missed steps line: $(tail -n 12 "$WORK/sweep.out")"
# Each row of the table on the screen is the report's row, as printed.
n=0
for bs in 512 1k 2k 4k; do
	row=$(grep -E "^ +$bs +[0-9]" "$WORK/sweep.out" | head -n 1)
	[ -n "$row" ] && grep -qxF -- "$row" "$WORK/sweep.frame" && n=$((n + 1))
done
[ $n = 4 ] && pass "screen: the table's four rows are the report's, as printed" ||
	{ fail "screen: $n of 4 table rows on the screen are the report's:"; sed 's/^/    | /' "$WORK/sweep.frame" >&2; grep -E '^ +(512|1k|2k|4k) ' "$WORK/sweep.out" >&2; }
grep -q "Sanitizer\|runtime error" "$WORK/sweep.err" && fail "screen: the sanitizers said: $(cat "$WORK/sweep.err")"
none_left "screen, lost host"
host_back 3

# --- Screen: a far-side blktop killed mid-step: dropped, the next step
# runs on the other host.
new_session drop -x 170 -y 45 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t drop "$(screen_cmd drop "$HOSTS" $SWEEP)" Enter
expect drop "killed host: step 1 runs" "step 1/4: 512" $T
running_on "$dev3" || fail "killed host: step 1 never ran on $h3"
pkill -KILL -f "^$remote --batch --output-format=jsonl .*$dev3( |\$)"
expect drop "killed host: shown dropped" "$(rx "$h3").* dropped" $((T * 2))
expect drop "killed host: the next step goes on" "step 2/4: 1k" $((T * 2))
expect drop "killed host: the other host runs step 2" "$(rx "$h2").* running .*[0-9]" $T
cap drop | grep -q "$(rx "$h3").* running" && fail "killed host: it runs again" ||
	pass "killed host: it does not run step 2"
tm send-keys -t drop q
expect drop "killed host: q leaves" "EXIT=[0-9]+" $((T * 2))
grep -q "^$h3: dropped at step 1 (512); missed steps: 2 (1k)" "$WORK/drop.out" &&
	pass "killed host: the report names the steps it missed" ||
	fail "killed host: $(tail -n 12 "$WORK/drop.out") $(head -c 600 "$WORK/drop.err")"
none_left "killed host, q"

# --- Screen: s stops every host and ends the procedure; q mid-step.
LONG="--sweep=bs --size=4k --runtime=60 --time_based"
new_session stop -x 170 -y 45 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t stop "$(screen_cmd stop "$HOSTS" $LONG)" Enter
expect stop "s: step 1 runs on both" "$(rx "$h3").* running .*[0-9]" $T
expect stop "s: both" "$(rx "$h2").* running .*[0-9]" $T
tm send-keys -t stop s
expect stop "s: the procedure ends" "the procedure has ended" $((T * 2))
expect stop "s: the hosts show stopped" "$(rx "$h2").* stopped" $T
cap stop | grep -q "step 2/4" && fail "s: a step 2 started" || pass "s: no step after the stop"
none_left "s"
tm send-keys -t stop q
expect stop "s: q leaves" "EXIT=[0-9]+" $T
# As --batch: the sweep's table ends at the stopped step, and says so.
grep -qE '^ +512 .*\(stopped\)' "$WORK/stop.out" && ! grep -qE '^ +1k ' "$WORK/stop.out" &&
	grep -q '^(interrupted' "$WORK/stop.out" &&
	pass "s: the report's table: step 1 stopped, the sweep interrupted there" ||
	fail "s: $(cat "$WORK/stop.out" "$WORK/stop.err" | tail -n 20)"

new_session quit -x 170 -y 45 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t quit "$(screen_cmd quit "$HOSTS" $LONG)" Enter
expect quit "q: step 1 runs" "$(rx "$h3").* running .*[0-9]" $T
tm send-keys -t quit q
expect quit "q: leaves" "EXIT=[0-9]+" $((T * 2))
cap quit | grep -q "EXIT=0" && pass "q: exit 0 (stopped by us)" ||
	fail "q: $(cap quit | grep EXIT=) $(cat "$WORK/quit.err")"
grep -q '^Step 1 of 4: 512' "$WORK/quit.out" && pass "q: the report of the step done" ||
	fail "q: report $(cat "$WORK/quit.out" | head -c 800)"
none_left "q"

# --- A profile: each host takes its environment steps on its own disk
# (rq_affinity, the pinning a loop device cannot have); the screen says so
# and shows the selected host's notes, the report each host's.
for d in "$dev2" "$dev3"; do
	echo 1 >"/sys/block/${d##*/}/queue/rq_affinity" || die "cannot set rq_affinity of $d to 1"
done
new_session prof -x 170 -y 45 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t prof "$(screen_cmd prof "$HOSTS" --profile=latency --runtime=1 --size=4m --force)" Enter
expect prof "profile: the step counter" "step 1/1: " $T
expect prof "profile: the screen says each host takes the environment steps" \
	"environment: each host takes the profile's checks" $T
expect prof "profile: the procedure ends" "the procedure has ended" $((T * 2))
expect prof "profile: the selected host's notes: rq_affinity on its loop device" \
	"($(rx "$h2")|$(rx "$h3")): rq_affinity: 1 -> 2 on loop[0-9]+: " $T
expect prof "profile: the selected host's notes: no queue interrupt to pin to" \
	"($(rx "$h2")|$(rx "$h3")): queue interrupts: loop[0-9]+ has no device of its own" $T
expect prof "profile: the selected host's notes: rq_affinity put back" \
	"($(rx "$h2")|$(rx "$h3")): rq_affinity: put back to 1 on loop[0-9]+" $T
tm send-keys -t prof q
expect prof "profile: q leaves with exit 0" "EXIT=0" $T
grep -q "^environment: each host takes the profile's checks" "$WORK/prof.out" &&
	grep -q '^Step 1 of 1: ' "$WORK/prof.out" &&
	grep -q "^  rq_affinity: 1 -> 2 on ${dev2##*/}: " "$WORK/prof.out" &&
	grep -q "^  rq_affinity: put back to 1 on ${dev3##*/}\$" "$WORK/prof.out" &&
	pass "profile: the report says so too, and has each host's notes" ||
	fail "profile: $(cat "$WORK/prof.out" "$WORK/prof.err" | head -c 2500)"
[ "$(cat "/sys/block/${dev2##*/}/queue/rq_affinity")" = 1 ] &&
	[ "$(cat "/sys/block/${dev3##*/}/queue/rq_affinity")" = 1 ] &&
	pass "profile: rq_affinity back to 1 on both hosts" ||
	fail "profile: rq_affinity left changed on a host"
none_left "profile"

# --- fio's servers on the far side.
if command -v fio >/dev/null 2>&1; then
	new_session fio -x 170 -y 45 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
	tm send-keys -t fio "$(screen_cmd fio --driver=fio --fio-port=$FPORT "$HOSTS" --sweep=bs --size=1k --runtime=1)" Enter
	expect fio "fio: step 1" "step 1/2: 512" $T
	expect fio "fio: step 2" "step 2/2: 1k" $((T * 2))
	expect fio "fio: the procedure ends" "the procedure has ended" $((T * 2))
	tm send-keys -t fio q
	expect fio "fio: q leaves with exit 0" "EXIT=0" $T
	grep -q '^Step 2 of 2: 1k' "$WORK/fio.out" && grep -qE '^ +1k +[0-9]' "$WORK/fio.out" &&
		pass "fio: the report has both steps and the table" ||
		fail "fio: $(cat "$WORK/fio.out" "$WORK/fio.err" | head -c 1500)"
	none_left "fio"
else
	skip_part "fio is missing: procedures with fio's servers on the screen are NOT tested (apt-get install fio)"
fi
finish
