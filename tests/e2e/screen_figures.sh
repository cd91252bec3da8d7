#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_figures.sh - the screen's CPU pane against `mpstat -P ALL 2` and
# its device figures against `iostat -x 2`, over the same ten seconds of
# a steady (rate-limited) job beside a busy loop pinned to one CPU (so one
# row has a figure far from idle to get right): each CPU column within 5
# points, r/s and rkB/s within 5 %, the others within 5 % or their display
# precision. Both sides are averaged over five two-second samples, so the
# phase of their windows does not matter. First, --version
# names the counter source this build was configured with (libproc2 or
# the built-in /proc parsers): the figures are checked for that source.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

# ---- --version names the build's counter source (config.h says which) ----
conf="$top_builddir/config.h"
[ -f "$conf" ] || { fail "no $conf: cannot tell which counter source this build has"; finish; }
if grep -q '^#define HAVE_LIBPROC2 1' "$conf"; then
	want="counters: libproc2 $(sed -n 's/^#define LIBPROC2_VERSION "\(.*\)"$/\1/p' "$conf")"
else
	want="counters: built-in /proc parsers"
fi
if LC_ALL=C "$BLKTOP" --version | grep -qxF "$want"; then
	pass "--version says \"$want\""
else
	fail "--version does not say \"$want\":"
	LC_ALL=C "$BLKTOP" --version >&2
	finish
fi

command -v mpstat >/dev/null 2>&1 || skip "mpstat is missing (sysstat): nothing to compare with"
command -v iostat >/dev/null 2>&1 || skip "iostat is missing (sysstat): nothing to compare with"
command -v taskset >/dev/null 2>&1 || skip "taskset is missing (util-linux): cannot pin the busy loop"
require_loop_root

SOCK="blktop-fig-$$"
tm() { tmux -L "$SOCK" "$@"; }
on_cleanup "tmux -L $SOCK kill-server 2>/dev/null; true"
require_tmux
cap() { tm capture-pane -p -t fig; }
wait_for() {
	t0=$(now_ms)
	while :; do
		cap | grep -Eq -- "$1" && return 0
		[ $(($(now_ms) - t0)) -ge "${2:-5000}" ] && return 1
		sleep 0.05
	done
}

dev=$(attach "$(sparse_file fig.img 1G)") || die "cannot attach a loop device"
name=$(basename "$dev")
SAMPLES=5
# Seconds per sample, the screen's -d and mpstat's and iostat's interval:
# two, so that a capture the loaded machine delays by a second still
# finds each frame (at one second the ASan build under CI's load missed a
# frame in all five attempts).
INTERVAL=2

# The busy loop: CPU 0 (the pane's first row, shown however many CPUs
# there are) near 100 % busy whatever else runs. At nice 19 it yields to
# the job and the kernel's loop workers, whose latencies are compared too.
busy_cpu=0
taskset -c "$busy_cpu" nice -n 19 sh -c 'while :; do :; done' &
busy_pid=$!
on_cleanup "kill $busy_pid"

new_session fig -x 120 -y 50 "env LC_ALL=C \"$BLKTOP\" --run randread $dev --runtime=120 --time_based=1 --rate_iops=1000 -d $INTERVAL; sleep 60"
wait_for "read +IOPS [1-9]" 30000 || {
	fail "the job shows no IOPS"
	cap >&2
	finish
}
# The CPU pane's meters take the room of some of its columns: off (m), so
# every column mpstat has is on the screen.
all_row() { cap | awk '$1 == "all" && NF == 10 { f = 1 } END { exit !f }'; }
all_row || tm send-keys -t fig m
t0=$(now_ms)
until all_row; do
	[ $(($(now_ms) - t0)) -ge 5000 ] && { fail "the CPU pane shows no row of 9 figures (meters off)"; cap >&2; finish; }
	sleep 0.05
done
sleep 2

# The live pane's elapsed time, in seconds, in a capture: the CPU pane and
# the device line are sampled with each of the run's intervals, so a new
# value is a new sample of both.
elapsed_of() {
	sed -n 's/^.Live \([0-9][0-9]*\):\([0-9][0-9]\).*/\1 \2/p' "$1" |
		awk 'NR == 1 { print $1 * 60 + $2 }'
}
# Captures the screen into $1 once its elapsed time is past $2 (INTERVAL
# plus 2 s at most).
capture_after() {
	t0=$(now_ms)
	while :; do
		cap >"$1"
		e=$(elapsed_of "$1")
		[ -n "$e" ] && [ "$e" -gt "$2" ] && return 0
		[ $(($(now_ms) - t0)) -ge $(((INTERVAL + 2) * 1000)) ] && return 1
		sleep 0.02
	done
}
# One measurement: SAMPLES seconds of mpstat and iostat beside the screen,
# compared. mpstat and iostat start just after the screen refreshed, so
# their seconds and the screen's line up to within the time the shell
# takes to see the refresh, and the screen's captures must be SAMPLES
# consecutive samples (on a loaded machine a capture can come late and
# miss one: that measurement is not of the same seconds, and is taken
# again). A burst of another program can still land in one tool's edge and
# not the other's, so a disagreement is measured again, up to five times; a
# real miscount disagrees every time.
measure() {
	cpu_rc=4 dev_rc=4
	capture_after "$WORK/start" -1 && capture_after "$WORK/start" "$(elapsed_of "$WORK/start")" || {
		echo "no new frame within $((INTERVAL + 2)) s before the measurement" | tee "$WORK/dev.cmp" >"$WORK/cpu.cmp"
		missed=$((missed + 1))
		return 0
	}
	e0=$(elapsed_of "$WORK/start")
	LC_ALL=C mpstat -P ALL $INTERVAL $SAMPLES >"$WORK/mpstat.txt" 2>&1 &
	mp=$!
	LC_ALL=C iostat -x -d -y "$name" $INTERVAL $SAMPLES >"$WORK/iostat.txt" 2>&1 &
	io=$!
	k=0 prev=$e0
	while [ $k -lt $SAMPLES ]; do
		k=$((k + 1))
		capture_after "$WORK/screen.$k" "$prev" || break
		prev=$(elapsed_of "$WORK/screen.$k")
	done
	wait $mp $io
	# The elapsed time is shown in whole seconds, so SAMPLES frames span
	# SAMPLES * INTERVAL seconds give or take one; a missed frame adds
	# INTERVAL.
	span=$((prev - e0)) want=$((SAMPLES * INTERVAL))
	if [ $k -lt $SAMPLES ] || [ $span -lt $((want - 1)) ] || [ $span -gt $((want + 1)) ]; then
		echo "the screen's captures span $span s, not $want: a sample was missed" | tee "$WORK/dev.cmp" >"$WORK/cpu.cmp"
		missed=$((missed + 1))
		return 0
	fi

	# ---- CPU: the screen's rows against mpstat's Average lines ----
	awk '
		FNR == 1 { file++ }
		/^Average:/ && $2 != "CPU" {
			for (i = 0; i < 10; i++) mp[$2, i] = $(i + 3)
			next
		}
		FILENAME ~ /screen/ && NF == 10 && $1 ~ /^(all|[0-9]+\*?)$/ && $2 ~ /^[0-9]+\.[0-9][0-9]$/ {
			c = $1; sub(/\*$/, "", c)
			rows[c] = 1
			for (i = 2; i <= 10; i++) sum[c, i - 2] += $i
			n[c]++
		}
		END {
			# screen: usr nice sys iowait irq soft steal guest idle
			# mpstat: usr nice sys iowait irq soft steal guest gnice idle
			split("0 1 2 3 4 5 6 7 9", map, " ")
			split("%usr %nice %sys %iowait %irq %soft %steal %guest %idle", names, " ")
			bad = 0; checked = 0; max = 0; at = "none"
			for (c in rows) {
				if (!((c, 0) in mp)) { printf "no mpstat row for CPU %s\n", c; bad++; continue }
				for (i = 0; i < 9; i++) {
					s = sum[c, i] / n[c]; m = mp[c, map[i + 1]]
					d = s - m; if (d < 0) d = -d
					checked++
					if (d > max) { max = d; at = "CPU " c " " names[i + 1] }
					if (d > 5) { printf "CPU %s %s: screen %.2f, mpstat %.2f\n", c, names[i + 1], s, m; bad++ }
				}
			}
			# The busy CPU must be there and busy on both sides: a pane
			# stuck at idle, or a wrong row, cannot pass by agreeing on 0.
			if (!((busy, 0) in mp) || !(busy in rows)) { printf "no row for the busy CPU %s\n", busy; bad++ }
			else if (mp[busy, 9] > 50) { printf "mpstat shows the busy CPU %s %.2f %% idle\n", busy, mp[busy, 9]; bad++ }
			printf "compared %d CPU figures, max difference %.2f points (%s); busy CPU %s idle: screen %.2f, mpstat %.2f\n", checked, max, at, busy, n[busy] ? sum[busy, 8] / n[busy] : -1, mp[busy, 9]
			exit bad ? 1 : (checked ? 0 : 2)
		}' busy="$busy_cpu" "$WORK/mpstat.txt" "$WORK"/screen.* >"$WORK/cpu.cmp"
	cpu_rc=$?
	# ---- Device: the screen's iostat line against iostat -x ----
	awk -v dev="$name" '
		function num(v) {
			if (v ~ /k$/) return substr(v, 1, length(v) - 1) * 1000
			if (v ~ /M$/) return substr(v, 1, length(v) - 1) * 1000000
			if (v ~ /G$/) return substr(v, 1, length(v) - 1) * 1000000000
			return v + 0
		}
		FNR == 1 { file++ }
		FILENAME ~ /iostat/ && $1 == "Device" { for (i = 1; i <= NF; i++) col[$i] = i; next }
		FILENAME ~ /iostat/ && $1 == dev {
			for (k in col) io[k] += $(col[k])
			nio++
			next
		}
		FILENAME ~ /screen/ {
			# "loopN   r/s 3.00k  w/s 0 ..." and maybe a second line.
			for (i = 1; i < NF; i++)
				if ($i ~ /^(r\/s|w\/s|rkB\/s|wkB\/s|r_await|w_await|aqu-sz|%util)$/ && !seen[FILENAME, $i]++) {
					scr[$i] += num($(i + 1)); nscr[$i]++
				}
		}
		END {
			split("r/s w/s rkB/s wkB/s r_await w_await aqu-sz %util", keys, " ")
			# What the screen shows to three figures or two decimals may differ
			# by its rounding: the absolute slack per figure.
			split("1 1 1 1 0.02 0.02 0.05 2", slack, " ")
			bad = 0
			for (i = 1; i <= 8; i++) {
				k = keys[i]
				if (!nscr[k] || !nio) { printf "%s missing (screen %d, iostat %d)\n", k, nscr[k], nio; bad++; continue }
				s = scr[k] / nscr[k]; m = io[k] / nio
				d = s - m; if (d < 0) d = -d
				lim = m * 0.05; if (lim < slack[i]) lim = slack[i]
				printf "%s: screen %.2f iostat %.2f\n", k, s, m
				if (d > lim) { printf "  differs by more than %.2f\n", lim; bad++ }
			}
			exit bad ? 1 : 0
		}' "$WORK/iostat.txt" "$WORK"/screen.* >"$WORK/dev.cmp"
	dev_rc=$?
}
# The CPU and the device side are judged apart: each passes on the first
# measurement it agrees in.
attempt=0 cpu_at=0 dev_at=0 missed=0
while [ $attempt -lt 5 ]; do
	attempt=$((attempt + 1))
	rm -f "$WORK"/screen.*
	measure
	note "attempt $attempt: cpu $cpu_rc, device $dev_rc; $(tail -n 1 "$WORK/cpu.cmp")"
	if [ $cpu_at = 0 ] && [ $cpu_rc = 0 ]; then
		cpu_at=$attempt
		cp "$WORK/cpu.cmp" "$WORK/cpu.ok"
	fi
	if [ $dev_at = 0 ] && [ $dev_rc = 0 ]; then
		dev_at=$attempt
		cp "$WORK/dev.cmp" "$WORK/dev.ok"
	fi
	[ $cpu_at != 0 ] && [ $dev_at != 0 ] && break
done
if [ $missed = $attempt ]; then
	# Not one attempt had every frame: nothing was compared, which says
	# the machine is too loaded to capture the screen in time, not that a
	# figure is wrong. Said, and counted by ./quickstart's summary.
	skip_part "the screen's frames were missed in all $attempt attempts (load $(cut -d' ' -f1-3 /proc/loadavg)): the CPU pane and the device figures were NOT compared with mpstat and iostat"
else
	if [ $cpu_at != 0 ]; then
		pass "CPU pane within 5 points of mpstat -P ALL ($(tail -n 1 "$WORK/cpu.ok"), attempt $cpu_at)"
	else
		fail "CPU pane differs from mpstat:"
		cat "$WORK/cpu.cmp" "$WORK/mpstat.txt" "$WORK/screen.$SAMPLES" >&2
	fi
	if [ $dev_at != 0 ]; then
		pass "device figures within 5 % of iostat -x ($(tr '\n' ' ' <"$WORK/dev.ok"), attempt $dev_at)"
	else
		fail "device figures differ from iostat -x:"
		cat "$WORK/dev.cmp" "$WORK/iostat.txt" >&2
	fi
fi

tm send-keys -t fig q
finish
