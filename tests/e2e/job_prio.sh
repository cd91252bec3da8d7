#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_prio.sh - prio, prioclass and log_prio as fio 3.33 has them: the
# last column of each log line (write_lat_log, write_iops_log) is the one
# fio writes for the same job (1 for the realtime class and 0 otherwise,
# or with log_prio the priority value as 0x%04x: 0x0000 without prio or
# prioclass, 0x4000 for prio=0 alone, 0x4007 for prio=7 prioclass=2...),
# for libaio, io_uring and psync (the slat log left out: blktop writes
# one for psync, fio does not); and the job thread's own I/O priority,
# read with ionice while it runs, is the one asked for.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: the comparisons with fio were not made (apt-get install fio)"

img=$(sparse_file disk.img 16M)
dev=$(attach "$img") || die "cannot attach a loop device"

# cols WHO NAME ARGS...: the set of last columns of the job's logs, one
# "LOG VALUE" line per log kind and value, in $WORK/NAME.WHO.
cols() {
	who=$1 name=$2
	shift 2
	rm -f "$WORK"/log_*
	{
		printf '[x]\nfilename=%s\ndirect=1\nrw=randread\nbs=4k\nsize=1m\n' "$dev"
		printf 'write_lat_log=%s\nwrite_iops_log=%s\n' "$WORK/log" "$WORK/log"
		for a; do printf '%s\n' "${a#--}"; done
	} >"$WORK/$name.job"
	if [ "$who" = fio ]; then
		fio "$WORK/$name.job" >/dev/null 2>"$WORK/err" ||
			{ fail "$name: fio failed: $(tail -2 "$WORK/err")"; return 1; }
	else
		"$BLKTOP" --batch --force --job "$WORK/$name.job" >/dev/null 2>"$WORK/err" ||
			{ fail "$name: blktop exit $?: $(tail -2 "$WORK/err")"; return 1; }
	fi
	for log in "$WORK"/log_*.log; do
		[ -e "$log" ] || { fail "$name: $who wrote no log"; return 1; }
		k=${log##*/log_}
		awk -F', *' -v k="${k%%.*}" '{ print k, $NF }' "$log"
	done | grep -v '^slat ' | sort -u >"$WORK/$name.$who"
}

same() {
	name=$1 what=$2
	shift 2
	cols fio "$name" "$@" && cols blktop "$name" "$@" || return
	if [ ! -s "$WORK/$name.fio" ]; then
		fail "$what: fio's logs are empty"
	elif cmp -s "$WORK/$name.fio" "$WORK/$name.blktop"; then
		pass "$what: the last column as fio's ($(awk '{ print $2 }' "$WORK/$name.fio" | sort -u | tr '\n' ' '))"
	else
		fail "$what: fio $(tr '\n' ';' <"$WORK/$name.fio"), blktop $(tr '\n' ';' <"$WORK/$name.blktop")"
	fi
}

engines="libaio psync"
if "$BLKTOP" --version | grep -q '^engines:.* io_uring'; then
	engines="libaio io_uring psync"
else
	skip_part "this blktop has no io_uring engine: its sqe priority was not compared"
fi
for e in $engines; do
	same none_$e "$e, no prio" --ioengine=$e
	same rt_$e "$e, prioclass=1 prio=3 (realtime: 1)" --ioengine=$e --prioclass=1 --prio=3
	same lp_$e "$e, log_prio, no prio" --ioengine=$e --log_prio=1
	same lp0_$e "$e, log_prio, prio=0 alone" --ioengine=$e --log_prio=1 --prio=0
	same lp27_$e "$e, log_prio, prioclass=2 prio=7" --ioengine=$e --log_prio=1 --prioclass=2 \
		--prio=7
	same lp3_$e "$e, log_prio, prioclass=3" --ioengine=$e --log_prio=1 --prioclass=3
done

# The thread's own priority, as ionice reads it while the job runs.
if command -v ionice >/dev/null 2>&1; then
	printf '[x]\nfilename=%s\ndirect=1\nioengine=psync\nrw=read\nbs=4k\n' "$dev" >"$WORK/t.job"
	printf 'time_based=1\nruntime=30\nprioclass=2\nprio=6\n' >>"$WORK/t.job"
	reads=$(awk '{ print $1 + 100 }' "/sys/block/${dev#/dev/}/stat")
	"$BLKTOP" --batch --force --job "$WORK/t.job" >/dev/null 2>&1 &
	pid=$!
	on_cleanup "kill $pid 2>/dev/null || true"
	i=0
	while [ "$(awk '{ print $1 }' "/sys/block/${dev#/dev/}/stat")" -lt "$reads" ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	got=$(for t in /proc/$pid/task/*; do ionice -p "${t##*/}"; done 2>/dev/null | sort | uniq -c | tr '\n' ';')
	kill -INT $pid 2>/dev/null
	wait $pid 2>/dev/null
	case $got in
	*"best-effort: prio 6"*) pass "prioclass=2 prio=6: the job thread runs at best-effort 6 ($got)" ;;
	*) fail "prioclass=2 prio=6: no thread at best-effort 6: $got" ;;
	esac
else
	skip_part "ionice is missing: the thread's own priority was not read"
fi
finish
