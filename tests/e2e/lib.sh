# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh - shared helpers for the end-to-end tests: scratch loop devices on
# sparse files in /dev/shm, and a cleanup stack that detaches, unmounts and
# deletes everything a test made, whatever way the test ends. Sourced by
# the test scripts; the automake harness sets BLKTOP, top_srcdir and
# top_builddir. A test that cannot run here exits 77 (skip) and says why.

set -u

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${BLKTOP:=$top_builddir/blktop}"
DRIVER="$top_builddir/tests/unit/verdict_driver"

E2E_NAME=$(basename "$0" .sh)
FAILURES=0
CLEANUP_FILE=
WORK=

note() { printf '%s: %s\n' "$E2E_NAME" "$*" >&2; }

# retry_case FN LABEL ARGS...: a comparison that a loaded machine can
# upset once (a paced job late in one short period): FN LABEL ARGS...
# writes its verdicts to $WORK/verdicts ("ok: ..." or "FAIL: ..." a
# line) and runs until one attempt agrees in every figure, three at
# most; that attempt's checks pass, or the last attempt's fail. A real
# difference disagrees every time.
retry_case() {
	rc_fn=$1
	shift
	rc_n=0
	while [ $rc_n -lt 3 ]; do
		rc_n=$((rc_n + 1))
		"$rc_fn" "$@"
		grep -q '^FAIL: ' "$WORK/verdicts" || break
		[ $rc_n -lt 3 ] && note "$1: attempt $rc_n disagreed, measured again: $(grep '^FAIL: ' "$WORK/verdicts" | tr '\n' ' ')"
	done
	while IFS= read -r rc_v; do
		case $rc_v in
		"ok: "*) pass "${rc_v#ok: } (attempt $rc_n)" ;;
		*) fail "${rc_v#FAIL: }" ;;
		esac
	done <"$WORK/verdicts"
}

# A skip after a failed check would hide the failure: it fails instead.
skip() {
	if [ "$FAILURES" -gt 0 ]; then
		note "FAIL: cannot go on ($*) after $FAILURES failed check(s)"
		exit 1
	fi
	printf '\n*** %s: SKIPPED: %s ***\n\n' "$E2E_NAME" "$*" >&2
	exit 77
}

fail() {
	printf '%s: FAIL: %s\n' "$E2E_NAME" "$*" >&2
	FAILURES=$((FAILURES + 1))
}

# skip_part WHY: one part of the test cannot run here (a tool, a kernel
# feature the machine lacks). Said loudly, on a line ./quickstart lists
# beside its summary, as it lists the skipped tests.
skip_part() {
	printf '%s: PART SKIPPED: %s\n' "$E2E_NAME" "$*" >&2
}

# die WHY: a failure the rest of the test cannot go on after.
die() {
	fail "$*"
	finish
}

pass() { printf '%s: ok: %s\n' "$E2E_NAME" "$*"; }

# busy: the machine runs more than it has CPUs (make check's own parallel
# tests, other users). A time missed then says nothing about blktop: the
# tests that time something report it instead of judging it, and still
# judge a hang.
ncpu=$(getconf _NPROCESSORS_ONLN)
busy() { awk -v n="$ncpu" '{ exit !($1 > n) }' /proc/loadavg; }

# Runs every registered cleanup command, newest first. Each is tried even
# if an earlier one fails: a busy mount must not leave a loop attached.
run_cleanup() {
	set +e
	if [ -n "$CLEANUP_FILE" ] && [ -f "$CLEANUP_FILE" ]; then
		tac "$CLEANUP_FILE" | while IFS= read -r cmd; do
			eval "$cmd" >/dev/null 2>&1 ||
				eval "$cmd" >/dev/null 2>&1 ||
				note "cleanup failed: $cmd"
		done
		rm -f "$CLEANUP_FILE"
	fi
	[ -n "$WORK" ] && rm -rf "$WORK"
}

on_cleanup() { printf '%s\n' "$*" >>"$CLEANUP_FILE"; }

finish() {
	if [ "$FAILURES" -gt 0 ]; then
		note "$FAILURES check(s) failed"
		exit 1
	fi
	exit 0
}

# require_built FILE: a build product the test needs. Its absence is a
# broken build, not a machine without something: a failure, never a skip.
require_built() {
	[ -e "$1" ] || die "$1 is not built (make check builds it)"
}

# require_tmux: tmux is there and starts a session through the caller's
# tm(), else a loud skip, the one thing the screen tests may skip for. Asked
# once, before any check: after that a session that does not start (tmux
# dying halfway) is a failure, see new_session.
require_tmux() {
	command -v tmux >/dev/null 2>&1 ||
		skip "tmux is missing: the screen is NOT tested (apt-get install tmux)"
	err=$(tm new-session -d -s blktop-probe "sleep 600" 2>&1) ||
		skip "tmux cannot start a session here: the screen is NOT tested ($err)"
	# The server stays up until the test's cleanup kills it: by default it
	# exits with its last session, and a session asked for while it goes
	# away fails ("server exited unexpectedly", seen in i18n.sh and
	# bad_env.sh under load, after a kill-session).
	tm set-option -g exit-empty off
	tm kill-session -t blktop-probe 2>/dev/null
}

# new_session NAME ARGS...: a detached tmux session (tm new-session -d -s
# NAME ARGS); one that does not start fails the test and ends it.
new_session() {
	ns=$1
	shift
	err=$(tm new-session -d -s "$ns" "$@" 2>&1) ||
		die "tmux did not start session $ns after it started one before: $err"
}

# Refuses to run where loop devices cannot be made, loudly.
# The tests that compare blktop with fio need fio and jq; without them the
# comparison was not made, and the test says so.
require_fio() {
	command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
	command -v fio >/dev/null 2>&1 ||
		skip "fio is missing: the comparisons with fio were not made (apt-get install fio)"
}

require_loop_root() {
	[ "$(id -u)" = 0 ] || skip "needs root to attach loop devices"
	command -v losetup >/dev/null 2>&1 || skip "losetup is missing (util-linux)"
	[ -e /dev/loop-control ] || skip "no /dev/loop-control (loop module not loaded?)"
	[ -d /dev/shm ] && [ -w /dev/shm ] || skip "/dev/shm is not writable"
	require_built "$DRIVER"
	# Once per test: a second call (a test that also sources tmux_lib.sh)
	# would orphan the first directory and its cleanup list.
	[ -n "$WORK" ] && return 0
	WORK=$(mktemp -d /dev/shm/blktop-e2e.XXXXXX) || skip "cannot make a directory in /dev/shm"
	CLEANUP_FILE="$WORK.cleanup"
	: >"$CLEANUP_FILE"
	trap run_cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'exit 129' HUP
	# A watchdog: a test that hangs fails (and cleans up) instead of
	# holding make check forever.
	# It ends on its own within a second of the test.
	(
		i=0
		while [ $i -lt "${E2E_TIMEOUT:-600}" ]; do
			sleep 1
			kill -0 $$ 2>/dev/null || exit 0
			i=$((i + 1))
		done
		printf '%s: FAIL: timed out after %s s\n' "$E2E_NAME" "$i" >&2
		kill -TERM $$
	) &
}

# end_wait PID SIG: sends SIG and waits up to 10 s for PID to end; a
# process that ignores it is killed, and the test fails.
end_wait() {
	kill "-$2" "$1" 2>/dev/null
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$1" 2>/dev/null; then
		fail "process $1 ignored SIG$2"
		kill -KILL "$1" 2>/dev/null
	fi
	wait "$1" 2>/dev/null
}

# A sparse file in the work directory: sparse_file NAME SIZE -> path.
sparse_file() {
	truncate -s "$2" "$WORK/$1" && printf '%s\n' "$WORK/$1"
}

# Attaches a file with direct I/O and registers the detach:
# attach FILE [losetup options] -> /dev/loopN
attach() {
	f=$1
	shift
	case "$*" in
	*--direct-io*) dio= ;;
	*) dio=--direct-io=on ;;
	esac
	dev=$(losetup -f --show $dio "$@" "$f") || return 1
	on_cleanup "losetup -d $dev"
	printf '%s\n' "$dev"
}

# Attaches a file that holds a partition table, with its partitions.
# Kernels built without partition parsers (CONFIG_MSDOS_PARTITION=n, as
# some cloud VM kernels are) get them from partx, which reads the table
# in user space and adds them with BLKPG.
attach_parts() {
	dev=$(attach "$1" -P) || return 1
	name=$(basename "$dev")
	if ! ls "/sys/block/$name" | grep -q "^${name}p1\$"; then
		command -v partx >/dev/null 2>&1 && partx -a "$dev" 2>/dev/null
	fi
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		[ -b "${dev}p1" ] && break
		sleep 0.1
	done
	printf '%s\n' "$dev"
}

# mount_dev DEV [mount options] -> mount point; registered for umount.
mount_dev() {
	d=$1
	shift
	mnt=$(mktemp -d "$WORK/mnt.XXXXXX")
	mount "$@" "$d" "$mnt" || return 1
	on_cleanup "umount -l $mnt"
	printf '%s\n' "$mnt"
}

# The lines of the table on stdin for one device: its row and the
# continuation lines of its reasons. NAME is the kernel name (loop3, loop3p1).
list_block() {
	awk -v n="$1" '
		inside && /^ / { print; next }
		{ inside = 0 }
		$1 == n || $1 == "`-" n { inside = 1; print }'
}

# expect_verdict DEV VERDICT [REASON...]: the table's verdict for DEV, and
# each REASON as a substring of its reasons.
expect_verdict() {
	name=$(basename "$1")
	want=$2
	shift 2
	# What users run: a --list that fails is a failure, never a reason
	# to ask some other program.
	if ! table=$("$BLKTOP" --list 2>"$WORK/list.err"); then
		fail "$BLKTOP --list failed: $(cat "$WORK/list.err")"
		return
	fi
	block=$(printf '%s\n' "$table" | list_block "$name")
	if [ -z "$block" ]; then
		fail "$name is not listed"
		return
	fi
	first=$(printf '%s\n' "$block" | head -n 1)
	case "$first" in
	*" $want" | *" $want: "*) ;;
	*)
		fail "$name: expected verdict $want, got: $block"
		return
		;;
	esac
	for r in "$@"; do
		case "$block" in
		*"$r"*) ;;
		*)
			fail "$name: verdict $want lacks reason '$r': $block"
			return
			;;
		esac
	done
	pass "$name is $want${1:+ ($*)}"
}

# sha256 of a whole device, or of all but its first SUM_SKIP_MB MiB when
# the kernel itself writes there (an active swap area).
SUM_SKIP_MB=0
sum_dev() {
	dd if="$1" bs=1M skip="$SUM_SKIP_MB" status=none | sha256sum | cut -d' ' -f1
}

# expect_refused DEV [--force] REASON: a write through blktop ends with
# exit 3 and names the reason, and the device keeps every byte. Both the
# real binary (batch run) and the gate alone (driver) are asked. With
# SUM_SKIP_MB set, blktop is aimed past that many MiB and only the rest
# is summed.
expect_refused() {
	d=$1
	shift
	force=
	if [ "${1:-}" = --force ]; then
		force=--force
		shift
	fi
	reason=$1
	if [ ! -b "$d" ]; then
		fail "$d is not a block device; nothing to test"
		return
	fi
	before=$(sum_dev "$d")
	out=$("$DRIVER" gate-block "$d" $force 2>&1)
	rc=$?
	if [ "$rc" != 3 ]; then
		fail "gate on $d $force: expected 3, got $rc: $out"
	else
		case "$out" in
		*"$reason"*) pass "gate refuses $d $force: $out" ;;
		*) fail "gate on $d: refusal lacks '$reason': $out" ;;
		esac
	fi
	out=$("$BLKTOP" --batch --run randwrite "$d" --bs=4k --offset="${SUM_SKIP_MB}m" \
		--size=1m --runtime=1 $force 2>&1)
	rc=$?
	if [ "$rc" != 3 ]; then
		fail "blktop --run randwrite $d $force: expected exit 3, got $rc: $out"
	else
		case "$out" in
		*"$reason"*) pass "blktop refuses randwrite on $d $force" ;;
		*) fail "blktop's refusal for $d lacks '$reason': $out" ;;
		esac
	fi
	after=$(sum_dev "$d")
	if [ "$before" != "$after" ]; then
		fail "$d CHANGED after a refused write ($before -> $after)"
	else
		pass "$d unchanged (sha256 $before)"
	fi
}

# scratch_of PID: the loop devices (/dev/loopN) that hold PID's scratch
# device. src/scratch.c names the backing file blktop-scratch-PID-XXXXXX,
# so another blktop's scratch device (another test's, a user's) never
# counts.
scratch_of() {
	for b in /sys/block/loop*/loop/backing_file; do
		case "$(cat "$b" 2>/dev/null)" in
		"/dev/shm/blktop-scratch-$1-"*)
			b=${b%/loop/backing_file}
			printf '/dev/%s\n' "${b##*/}"
			;;
		esac
	done
}

# scratch_gone PID WHAT: PID's scratch device is detached and its file is
# gone. The kernel detaches on the last close, which may trail the exit:
# waited for, up to 30 s.
scratch_gone() {
	i=0
	while [ -n "$(scratch_of "$1")" ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	left=$(scratch_of "$1")
	files=$(ls "/dev/shm/blktop-scratch-$1-"* 2>/dev/null)
	if [ -n "$left" ]; then
		fail "$2: scratch device $left still attached 30 s after the end"
		for d in $left; do losetup -d "$d" 2>/dev/null; done
	elif [ -n "$files" ]; then
		fail "$2: scratch file left: $files"
		rm -f $files
	else
		pass "$2: the scratch device and its file are gone"
	fi
}

# Milliseconds since the epoch.
now_ms() { echo $(($(date +%s%N) / 1000000)); }
