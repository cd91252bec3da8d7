#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_verdicts.sh - the verdicts are always on the screen (issue 15,
# item 1): with --run and --demo every device shows its verdict within a
# second of the first frame; during the job, r probes the other devices (a
# device given ext4 meanwhile shows has-data) while the target keeps its
# verdict; a device attached while the screen runs appears, one detached
# disappears; Chinese shows the verdict words in Chinese.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
command -v mkfs.ext4 >/dev/null 2>&1 || skip "mkfs.ext4 is missing (e2fsprogs)"

tgt=$(attach "$(sparse_file tgt.img 256M)") || die "cannot attach a loop device"
other=$(attach "$(sparse_file other.img 64M)") || die "cannot attach a loop device"
TGT=$(basename "$tgt")
OTHER=$(basename "$other")

# first_verdict SESSION WHAT: the time from the first frame to every
# listed device having its verdict, judged against a second (reported
# only on a loaded machine).
first_verdict() {
	t0=
	i=0
	while [ $i -lt 300 ]; do
		s=$(cap "$1")
		now=$(now_ms)
		if [ -z "$t0" ] && printf '%s\n' "$s" | grep -q "Devices"; then
			t0=$now
		fi
		# Every row on the screen has its verdict, the selected one too.
		if [ -n "$t0" ] && printf '%s\n' "$s" | grep -Eq "^>[a-z0-9]+ .* (safe|has-data|in-use|read-only)( |:|\$)" &&
			! printf '%s\n' "$s" | grep -Eq "^[ >][a-z0-9]+ .*(probing|not probed)"; then
			took=$((now - t0))
			if [ "$took" -le 1000 ]; then
				pass "$2: every verdict $took ms after the first frame"
			elif busy; then
				note "$2: the verdicts took $took ms on a loaded machine (not judged)"
			else
				fail "$2: the verdicts came $took ms after the first frame (over 1 s)"
			fi
			return 0
		fi
		sleep 0.05
		i=$((i + 1))
	done
	fail "$2: no verdicts within 15 s; the screen shows:"
	cap "$1" | sed 's/^/    | /' >&2
}

# ---- --run: verdicts before and during the job ----
new_session run -x 130 -y 45 "env LANG=$UTF8 LC_ALL=$UTF8 \"$BLKTOP\" --run randread $tgt --runtime=120 --time_based=1; sleep 30"
first_verdict run "--run"
expect run "the job runs" "RUNNING" 8000
select_dev run "$OTHER" || fail "cannot select $OTHER"
expect run "during the job $OTHER shows its verdict" "^>$OTHER .* safe( |$)" 100
expect run "during the job the target $TGT shows its verdict" "^ $TGT .* safe( |$)" 100

# ---- mkfs while the job runs, then r ----
mkfs.ext4 -q -F "$other" >/dev/null 2>&1 || fail "mkfs.ext4 $other"
tm send-keys -t run r
expect run "after mkfs.ext4 and r, $OTHER shows has-data" "^>$OTHER .* has-data" 8000
expect run "the job still runs" "RUNNING" 100
expect run "the target keeps its verdict" "^ $TGT .* safe( |$)" 100

# ---- hot-plug: attached and detached devices come and go ----
new=$(losetup -f --show --direct-io=on "$(sparse_file new.img 32M)") || die "cannot attach a loop device"
# Only while it is still ours: the test detaches it, and the number may
# be someone else's by the cleanup.
on_cleanup "! losetup -nO BACK-FILE $new | grep -q '$WORK/new.img' || losetup -d $new"
NEW=$(basename "$new")
t0=$(now_ms)
while [ $(($(now_ms) - t0)) -lt 30000 ] && ! select_dev run "$NEW"; do
	sleep 0.2
done
expect run "an attached $NEW appears with its verdict" "^>$NEW .* safe( |$)" 3000
losetup -d "$new"
t0=$(now_ms)
gone=
while [ $(($(now_ms) - t0)) -lt 30000 ]; do
	cap run | grep -Eq "^[ >]$NEW " || { gone=1; break; }
	sleep 0.1
done
[ -n "$gone" ] && pass "a detached $NEW disappears" ||
	fail "$NEW is still listed 30 s after losetup -d"
tm send-keys -t run q
expect run "q asks first while the job runs" "Stop it and quit" 3000
tm send-keys -t run y
tm kill-session -t run 2>/dev/null

# ---- --demo ----
new_session demo -x 130 -y 45 "env LANG=$UTF8 LC_ALL=$UTF8 \"$BLKTOP\" --demo; sleep 30"
wait_for demo "blktop scratch|scratch|RUNNING|Devices" 8000 || true
dev=
i=0
while [ -z "$dev" ] && [ $i -lt 100 ]; do
	dev=$(cap demo | sed -n 's/.* -> \(loop[0-9]*\) .*/\1/p' | head -n 1)
	[ -n "$dev" ] || sleep 0.1
	i=$((i + 1))
done
if [ -n "$dev" ]; then
	expect demo "--demo: the scratch device $dev shows safe while the job runs" "^[ >]$dev .* safe( |$)" 3000
else
	fail "--demo: no job target in the title"
	cap demo | sed 's/^/    | /' >&2
fi
select_dev demo "$TGT" || fail "--demo: cannot select $TGT"
expect demo "--demo: the other devices have verdicts" "^>$TGT .* (safe|has-data|in-use)" 3000
tm send-keys -t demo q
tm send-keys -t demo y
tm kill-session -t demo 2>/dev/null

new_session demo2 -x 130 -y 45 "env LANG=$UTF8 LC_ALL=$UTF8 \"$BLKTOP\" --demo; sleep 30"
first_verdict demo2 "--demo"
tm send-keys -t demo2 q
tm send-keys -t demo2 y
tm kill-session -t demo2 2>/dev/null

finish
