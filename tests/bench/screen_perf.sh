#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_perf.sh - benchmark (not run by make check; run from a build tree
# as root: top_srcdir=SRC top_builddir=BUILD sh tests/bench/screen_perf.sh):
# what the screen costs: the first frame within 100 ms
# of exec with 20 loop devices attached, under 0.5 % of a core while idle
# (over BLKTOP_IDLE_SECS, 60 by default), its drawing thread under 1 % of
# a core at 200x60 with every graph and the heat map filled by a run
# (over BLKTOP_GRAPH_SECS, 30 by default, after a minute of history), and
# IOPS under the screen within 2 % of --batch (median of alternated pairs).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

command -v tmux >/dev/null 2>&1 || skip "tmux is missing: the screen tests need it"
command -v script >/dev/null 2>&1 || skip "script (util-linux) is missing"
require_loop_root

SOCK="blktop-perf-$$"
tm() { tmux -L "$SOCK" "$@"; }
on_cleanup "tmux -L $SOCK kill-server 2>/dev/null; true"

# A timing missed on a machine busy with other work says nothing about
# blktop: there it is reported, not judged.

i=0
while [ $i -lt 20 ]; do
	attach "$(sparse_file "many$i.img" 16M)" >/dev/null || skip "cannot attach 20 loop devices"
	i=$((i + 1))
done
target=$(attach "$(sparse_file perf.img 1G)")

# ---- The first frame ----
# Timed from exec to the write(2) that puts out the key bar, drawn last:
# strace with a seccomp filter stops only on those two calls, so it
# costs the screen next to nothing. Without it, script -T's output log
# gives an upper bound (it also counts the kernel passing the pty's
# output on, which a busy machine delays).
first_frame_ms() {
	if strace -f --seccomp-bpf -e trace=execve true >/dev/null 2>&1; then
		(sleep 2; printf q) | script -q -c "stty rows 24 cols 80; env LANG=C TERM=xterm strace -f --seccomp-bpf -ttt -e trace=execve,write -s 4096 -o $WORK/strace.txt \"$BLKTOP\"" \
			"$WORK/typescript" >/dev/null 2>&1
		awk '/execve\(/ && !t0 { t0 = $2 } /write\(1, .*Quit/ && !tf { tf = $2 }
			END { if (tf) printf "%d", (tf - t0) * 1000 }' "$WORK/strace.txt"
	elif script --help 2>&1 | grep -q -- "--log-timing"; then
		(sleep 2; printf q) | script -q -T "$WORK/timing" -c "stty rows 24 cols 80; env LANG=C TERM=xterm \"$BLKTOP\"" \
			"$WORK/typescript" >/dev/null 2>&1
		off=$(grep -abo "Quit" "$WORK/typescript" | head -n 1 | cut -d: -f1)
		[ -n "$off" ] && awk -v off="$off" '{ t += $1; n += $2; if (n > off) { printf "%d", t * 1000; exit } }' "$WORK/timing"
	fi
}
best=
for try in 1 2 3; do
	ms=$(first_frame_ms)
	[ -n "$ms" ] && { [ -z "$best" ] || [ "$ms" -lt "$best" ]; } && best=$ms
done
nloop=$(ls /sys/block | grep -c '^loop')
if [ -z "$best" ]; then
	note "neither strace --seccomp-bpf nor script --log-timing here: first frame not timed"
elif [ "$best" -lt 100 ]; then
	pass "first frame ${best} ms after exec, with $nloop loop devices"
elif busy; then
	note "NOT JUDGED: the machine is busy (load $(cut -d' ' -f1 /proc/loadavg) on $ncpu CPUs); first frame ${best} ms with $nloop loop devices"
else
	fail "first frame took ${best} ms after exec (limit 100), with $nloop loop devices"
fi
if grep -q "loop" "$WORK/typescript" 2>/dev/null; then
	pass "the first frame already lists the devices"
else
	fail "the screen listed no device"
fi

# ---- Idle cost ----
secs=${BLKTOP_IDLE_SECS:-60}
tm new-session -d -s idle -x 120 -y 40 "sh -c 'echo \$\$ > $WORK/idle.pid; exec \"$BLKTOP\"'" ||
	skip "tmux cannot start a session here"
sleep 2
pid=$(cat "$WORK/idle.pid")
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
t1=$(ticks "$pid")
sleep "$secs"
t2=$(ticks "$pid")
hz=$(getconf CLK_TCK)
# CPU time in hundredths of a percent of one core over the interval.
cost=$(( (t2 - t1) * 10000 / (hz * secs) ))
if [ "$cost" -lt 50 ]; then
	pass "idle screen used $((cost / 100)).$(printf '%02d' $((cost % 100)))% of a core over ${secs} s"
else
	fail "idle screen used $((cost / 100)).$(printf '%02d' $((cost % 100)))% of a core over ${secs} s (limit 0.5%)"
fi
tm send-keys -t idle q
# Its session, the server's only one, ends and takes the server with it:
# a new session asked for meanwhile meets a dying server.
i=0
while tm has-session -t idle 2>/dev/null && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done

# ---- The graphs and heat map at 200x60, refreshed each second ----
# The screen's own thread (the process's first; the job's threads and
# the monitor are others) over BLKTOP_GRAPH_SECS, once the graphs hold a
# minute of seconds: what drawing every graph and the heat map costs.
gsecs=${BLKTOP_GRAPH_SECS:-30}
tm new-session -d -s graphs -x 200 -y 60 "sh -c 'echo \$\$ > $WORK/graphs.pid; exec \"$BLKTOP\" --run randrw $target --runtime=600 --time_based=1 --rate_iops=2000 -d 1'" ||
	skip "tmux cannot start a session here"
sleep 60
gpid=$(cat "$WORK/graphs.pid")
tticks() { awk '{ print $14 + $15 }' "/proc/$1/task/$1/stat"; }
g1=$(tticks "$gpid")
sleep "$gsecs"
g2=$(tticks "$gpid")
gcost=$(( (g2 - g1) * 10000 / (hz * gsecs) ))
if tm capture-pane -p -t graphs | grep -q "Latency heat map"; then
	gshow="$((gcost / 100)).$(printf '%02d' $((gcost % 100)))% of a core over ${gsecs} s"
	if [ "$gcost" -lt 100 ]; then
		pass "the screen's thread drawing every graph and the heat map at 200x60 used $gshow"
	else
		fail "the screen's thread drawing every graph and the heat map at 200x60 used $gshow (limit 1%)"
	fi
else
	fail "the graphs and the heat map are not on the 200x60 screen"
fi
tm send-keys -t graphs q y

# ---- IOPS with the screen against --batch ----
# Pairs alternate which goes first, and the median of the ratios is what
# counts. On a machine busy with other work the runs differ by far more
# than 2 %, so there the comparison is reported, not judged.
run_secs=${BLKTOP_PERF_RUN_SECS:-8}
pairs=${BLKTOP_PERF_PAIRS:-5}
iops_of() {
	awk '/IOPS=/ {
		v = $0; sub(/.*IOPS=/, "", v); sub(/,.*/, "", v)
		m = 1; if (v ~ /k$/) m = 1000; if (v ~ /M$/) m = 1000000
		sub(/[kM]$/, "", v); print int(v * m); exit }' "$1"
}
run_batch() {
	"$BLKTOP" --batch --run randread "$target" --runtime="$run_secs" --time_based=1 \
		>"$WORK/batch.out" 2>&1
}
run_screen() {
	rm -f "$WORK/screen.done"
	tm new-session -d -s "run$1" -x 120 -y 40 \
		"\"$BLKTOP\" --run randread $target --runtime=$run_secs --time_based=1 > $WORK/screen.out; echo done > $WORK/screen.done"
	# The screen stays after the run (its summary on screen); q leaves it.
	sleep $((run_secs + 2))
	tm send-keys -t "run$1" q 2>/dev/null
	t=0
	while [ ! -e "$WORK/screen.done" ] && [ $t -lt 50 ]; do
		sleep 0.1
		t=$((t + 1))
	done
}
was_busy=0
busy && was_busy=1
: >"$WORK/ratios"
p=1
while [ $p -le "$pairs" ]; do
	if [ $((p % 2)) = 1 ]; then
		run_batch
		run_screen $p
	else
		run_screen $p
		run_batch
	fi
	b=$(iops_of "$WORK/batch.out")
	s=$(iops_of "$WORK/screen.out")
	if [ -z "$b" ] || [ -z "$s" ] || [ "$b" = 0 ]; then
		fail "pair $p: no IOPS (batch '$b', screen '$s')"
	else
		note "pair $p: batch $b IOPS, screen $s IOPS"
		echo "$s $b" | awk '{ printf "%.4f\n", $1 / $2 }' >>"$WORK/ratios"
	fi
	p=$((p + 1))
done
median=$(sort -n "$WORK/ratios" | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }')
if [ "$pairs" = 0 ]; then
	note "NOT MEASURED: BLKTOP_PERF_PAIRS=0 asked for no IOPS pairs (tests/bench/screen_vs_batch.sh is the long form)"
elif [ -z "$median" ]; then
	fail "no IOPS to compare"
elif awk -v m="$median" 'BEGIN { exit !(m >= 0.98) }'; then
	pass "IOPS under the screen within 2 % of --batch (median ratio $median over $pairs pairs)"
elif [ "$was_busy" = 1 ]; then
	note "NOT JUDGED: the machine was busy with other work (load over $ncpu before the pairs); median screen/batch IOPS ratio $median"
else
	fail "IOPS under the screen are more than 2 % below --batch (median ratio $median over $pairs pairs)"
fi

finish
