#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_overhead.sh - benchmark (not run by make check; run from a build
# tree as root: top_srcdir=SRC top_builddir=BUILD sh
# tests/bench/fleet_overhead.sh): what --hosts costs blktop per host, as
# issue 16 asks: blktop's CPU (utime+stime from /proc/PID/stat) over
# BLKTOP_FLEET_SECS (30 by default) at the screen's 1 s refresh, for 4 and
# 16 simulated hosts, on the screen (under tmux, 160x50) and in --batch.
# The far sides are simulated, no network: a fake --ssh
# (fleet_replay_ssh.py) replays a jsonl stream recorded here from a real
# blktop run, an interval line a second, histograms and per-CPU rows
# included. Only blktop's own CPU is counted, not the replayers'.
# Measured on the 2-core build VM (load ~16 from other work), 30 s each:
# screen 4 hosts 70 ms (0.23 % of a core), 16 hosts 210 ms (0.70 %);
# batch 4 hosts 50 ms, 16 hosts 190 ms: about 0.4-0.6 ms of CPU per
# host per second (clock ticks of 10 ms: +-10 ms per figure).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

command -v tmux >/dev/null 2>&1 || skip "tmux is missing: the screen's part needs it"
command -v python3 >/dev/null 2>&1 || skip "python3 is missing (the simulated far sides need it)"
require_loop_root

SECS=${BLKTOP_FLEET_SECS:-30}
SOCK="blktop-fleet-$$"
tm() { tmux -L "$SOCK" "$@"; }
on_cleanup "tmux -L $SOCK kill-server 2>/dev/null; true"
replay="${top_srcdir:-.}/tests/bench/fleet_replay_ssh.py"
case $replay in /*) ;; *) replay=$(pwd)/$replay ;; esac
blktop=$BLKTOP
case $blktop in /*) ;; *) blktop=$(pwd)/$blktop ;; esac
target=$(attach "$(sparse_file fleet.img 256M)") || die "cannot attach a loop device"

# The stream the far sides replay: a real run, an interval a second.
"$blktop" --batch --output-format=jsonl --run randread --runtime=6 --time_based --bs=4k \
	--status-interval=1 "$target" >"$WORK/stream.jsonl" 2>"$WORK/record.err" ||
	die "recording the stream failed: $(cat "$WORK/record.err")"
[ "$(grep -c '"type":"interval"' "$WORK/stream.jsonl")" -ge 4 ] ||
	die "the recorded stream has too few intervals"
note "replayed stream: $(grep -c '"type":"interval"' "$WORK/stream.jsonl") intervals, $(($(wc -c <"$WORK/stream.jsonl") / $(wc -l <"$WORK/stream.jsonl"))) bytes a line"

ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
host_list() {
	i=1 l=
	while [ $i -le "$1" ]; do
		l="$l${l:+,}sim$i"
		i=$((i + 1))
	done
	printf '%s\n' "$l"
}
# running N FILE...: N hosts show running (the screen's frame, or the
# batch's live lines).
wait_running() {
	i=0
	while [ "$("$@")" -lt "$N" ]; do
		i=$((i + 1))
		[ $i -lt 600 ] || return 1
		sleep 0.1
	done
}
screen_running() { tm capture-pane -p -t fleet | grep -c " running .*[0-9]"; }
batch_running() { grep -o '^sim[0-9]*: t=' "$WORK/batch.out" | sort -u | wc -l; }

# measure PID: blktop's CPU over SECS, in ms, after the hosts all run.
measure() {
	t0=$(cpu_ticks "$1")
	sleep "$SECS"
	t1=$(cpu_ticks "$1")
	echo $(((t1 - t0) * 1000 / ticks))
}

printf '%-7s %6s %12s %14s %14s\n' mode hosts "cpu ms/${SECS}s" "% of a core" "ms/s per host"
for N in 4 16; do
	# The screen, at -d 1 (1 s refresh).
	tm new-session -d -s fleet -x 160 -y 50 "exec env LANG=C TERM=xterm \"$blktop\" -d 1 --ssh=\"python3 $replay $WORK/stream.jsonl\" --remote-blktop=\"$blktop\" --hosts=$(host_list $N) --run randread --runtime=3600 --time_based --bs=4k $target 2>$WORK/screen.err"
	pid=$(tm display -p -t fleet '#{pane_pid}')
	wait_running screen_running || die "screen, $N hosts: never all running: $(tm capture-pane -p -t fleet)"
	ms=$(measure "$pid")
	tm send-keys -t fleet q
	i=0
	while kill -0 "$pid" 2>/dev/null && [ $i -lt 300 ]; do i=$((i + 1)); sleep 0.1; done
	tm kill-server 2>/dev/null
	printf '%-7s %6d %12d %14s %14s\n' screen "$N" "$ms" "$(echo "$ms $SECS" | awk '{ printf "%.2f", $1 / ($2 * 10) }')" \
		"$(echo "$ms $SECS $N" | awk '{ printf "%.3f", $1 / $2 / $3 }')"
	# --batch, its live lines on (--status-interval=1).
	"$blktop" --batch --status-interval=1 --ssh="python3 $replay $WORK/stream.jsonl" --remote-blktop="$blktop" \
		--hosts="$(host_list $N)" --run randread --runtime=3600 --time_based --bs=4k "$target" \
		>"$WORK/batch.out" 2>"$WORK/batch.err" &
	pid=$!
	wait_running batch_running || die "batch, $N hosts: never all running: $(cat "$WORK/batch.out" "$WORK/batch.err")"
	ms=$(measure "$pid")
	kill -INT "$pid"
	wait "$pid"
	printf '%-7s %6d %12d %14s %14s\n' batch "$N" "$ms" "$(echo "$ms $SECS" | awk '{ printf "%.2f", $1 / ($2 * 10) }')" \
		"$(echo "$ms $SECS $N" | awk '{ printf "%.3f", $1 / $2 / $3 }')"
done
finish
