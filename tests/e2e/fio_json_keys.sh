#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_json_keys.sh - fio 3 and blktop run the same job files on one
# scratch loop device, and every key fio's JSON holds must be in blktop's
# with the same type (fio_json_keys.py compares, and lists the known
# differences with their reasons). With --status-interval every periodic
# document is compared, and its IO depths and CPU must be the job's so
# far. Also what readers of fio's JSON take from it: "fio version" in the
# form fio's own builds print, the options as written, one jobs[] entry
# per clone unless group_reporting.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
command -v fio >/dev/null 2>&1 || skip "fio is missing (apt-get install fio): nothing to compare with"
command -v python3 >/dev/null 2>&1 || skip "python3 is missing (fio's package depends on it)"
CHECK="$top_srcdir/tests/e2e/fio_json_keys.py"

img=$(sparse_file disk 256M) || die "sparse file"
dev=$(attach "$img") || die "attach"
# blktop writes to a device fio wrote before: it is the test's own.
BT="--batch --force"

# job NAME BODY: a job file with the shared [global] and the body.
job() {
	{
		printf '[global]\nioengine=libaio\ndirect=1\nruntime=1s\ntime_based\n'
		printf 'filename=%s\nsize=64m\n' "$dev"
		printf '%b' "$2"
	} >"$WORK/$1.fio"
}

# compare NAME [extra args for both]: runs both, compares the last documents
# (and every one before it when STREAM=--stream).
STREAM=
compare() {
	n=$1
	shift
	fio --output-format=json "$@" "$WORK/$n.fio" >"$WORK/$n.fio.json" 2>"$WORK/$n.fio.err" ||
		note "$n: fio exit $?: $(head -c 300 "$WORK/$n.fio.err")"
	# shellcheck disable=SC2086
	"$BLKTOP" $BT --output-format=json "$@" --job "$WORK/$n.fio" >"$WORK/$n.bt.json" \
		2>"$WORK/$n.bt.err" || note "$n: blktop exit $?: $(head -c 300 "$WORK/$n.bt.err")"
	if out=$(python3 "$CHECK" "$WORK/$n.fio.json" "$WORK/$n.bt.json" "$n" $STREAM); then
		pass "$n: every key of fio's JSON is in blktop's, with its type${STREAM:+, in every document ($(printf '%s\n' "$out" | grep '^documents'))}"
	else
		fail "$n: $(printf '%s\n' "$out" | grep -v '^documents' | head -20)"
	fi
}

job randread_qd32 '[rr]\nrw=randread\nbs=4096\niodepth=32\n'
compare randread_qd32
job randwrite_2jobs '[rw2]\nrw=randwrite\nbs=4k\nnumjobs=2\n'
compare randwrite_2jobs
job read_128k '[seq]\nrw=read\nbs=128k\n'
compare read_128k
job randrw_70 '[mix]\nrw=randrw\nrwmixread=70\niodepth=4\n'
compare randrw_70
job stonewall '[first]\nrw=randread\n[second]\nstonewall\nrw=write\nbs=64k\n'
compare stonewall
# Two sections of 2 s each, a document a second: periodic documents in
# each section, one of them while the second has not started.
job stonewall_iv '[first]\nrw=randread\nruntime=2s\n[second]\nstonewall\nrw=randrw\nrwmixread=70\nbs=64k\nruntime=2s\n'
STREAM=--stream
compare stonewall_iv --status-interval=1
STREAM=
job group0 '[g0]\nrw=randread\nnumjobs=2\n[g0b]\nrw=read\n'
compare group0
job group1 '[global]\ngroup_reporting=1\n[g1]\nrw=randread\nnumjobs=2\n[g1b]\nrw=read\n'
compare group1
job coe '[coe]\nrw=randread\ncontinue_on_error=all\n'
compare coe

# What readers take from it.
v=$(jq -r '."fio version"' "$WORK/randread_qd32.bt.json")
case "$v" in
fio-3.33-blktop-*) pass "\"fio version\" is $v: fio's form, naming blktop" ;;
*) fail "\"fio version\" is '$v'" ;;
esac
[ "$(jq -c '.jobs[0]."job options"' "$WORK/randread_qd32.bt.json")" = \
	'{"rw":"randread","bs":"4096","iodepth":"32"}' ] &&
	pass "job options as written (bs 4096 stays 4096)" ||
	fail "job options: $(jq -c '.jobs[0]."job options"' "$WORK/randread_qd32.bt.json")"
[ "$(jq -r '.jobs | map(.jobname) | join(" ")' "$WORK/group0.bt.json")" = "g0 g0 g0b" ] &&
	pass "group_reporting=0: one entry per clone" ||
	fail "group_reporting=0 entries: $(jq -c '.jobs | map(.jobname)' "$WORK/group0.bt.json")"
[ "$(jq -r '.jobs | map("\(.jobname)/\(.groupid)") | join(" ")' "$WORK/group1.bt.json")" = "g1/0" ] &&
	pass "group_reporting=1: the group is one entry named after its first job" ||
	fail "group_reporting=1 entries: $(jq -c '.jobs | map(.jobname)' "$WORK/group1.bt.json")"
ms=$(jq '.timestamp_ms - .timestamp * 1000' "$WORK/read_128k.bt.json")
[ "$ms" -ge 0 ] && [ "$ms" -lt 1000 ] && pass "timestamp_ms is timestamp plus its milliseconds ($ms)" ||
	fail "timestamp_ms - timestamp*1000 = $ms"
finish
