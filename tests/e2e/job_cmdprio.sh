#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_cmdprio.sh - fio 3.33's per-I/O priorities of libaio and io_uring
# (cmdprio_percentage, cmdprio_class, cmdprio, cmdprio_bssplit): fio and
# blktop run the same job, same randseed, on one scratch loop device, and
# must give each priority the same I/Os: the JSON "prios" (prioclass,
# prio and N per direction) are fio's, their keys are fio's in fio's
# place (after lat_ns; also for a reporting group of jobs with different
# prio), the latency log's priority column (log_prio=1)
# counts the same I/Os per direction and priority, and the normal
# report's "clat prio C/L (P% of IOs)" lines are fio's. fio's refusals
# (cmdprio_percentage with cmdprio_bssplit; the options on another
# engine) are blktop's too. With --status-interval and JSON, fio's
# periodic documents carry the prios as well.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio
command -v python3 >/dev/null 2>&1 || skip "python3 is missing (fio's package depends on it)"

img=$(sparse_file disk.img 32M)
dev=$(attach "$img") || die "cannot attach a loop device"

engines=libaio
if "$BLKTOP" --version | grep -q '^engines:.* io_uring'; then
	engines="libaio io_uring"
else
	skip_part "this blktop has no io_uring engine: its per-I/O priorities were not compared"
fi

# job NAME ENGINE OPTION...: the job file $WORK/NAME.job.
job() {
	name=$1 eng=$2
	shift 2
	{
		printf '[global]\nfilename=%s\ndirect=1\nioengine=%s\niodepth=4\n' "$dev" "$eng"
		printf 'rw=randrw\nsize=4m\nrandseed=1234\nlog_prio=1\n'
		printf 'write_lat_log=%s\n[j]\n' "$WORK/$name.LOG"
		for a; do printf '%s\n' "$a"; done
	} >"$WORK/$name.job"
}

# run WHO NAME: the job's JSON in NAME.WHO.json, its clat log's
# "direction priority" counts in NAME.WHO.log, its normal report in
# NAME.WHO.txt.
run() {
	who=$1 name=$2
	rm -f "$WORK/$name".LOG_*
	if [ "$who" = fio ]; then
		fio --output-format=json "$WORK/$name.job" >"$WORK/$name.$who.json" 2>"$WORK/err" &&
			fio "$WORK/$name.job" >"$WORK/$name.$who.txt" 2>>"$WORK/err" ||
			{ fail "$name: fio failed: $(tail -2 "$WORK/err")"; return 1; }
	else
		"$BLKTOP" --batch --force --output-format=json --job "$WORK/$name.job" \
			>"$WORK/$name.$who.json" 2>"$WORK/err" &&
			"$BLKTOP" --batch --force --job "$WORK/$name.job" \
				>"$WORK/$name.$who.txt" 2>>"$WORK/err" ||
			{ fail "$name: blktop exit $?: $(tail -2 "$WORK/err")"; return 1; }
	fi
	# The second run wrote the logs again: the same I/Os as the first.
	log=$(ls "$WORK/$name".LOG_clat*.log 2>/dev/null | head -1)
	[ -n "$log" ] || { fail "$name: $who wrote no clat log"; return 1; }
	awk -F', *' '{ print $3, $NF }' "$log" | sort | uniq -c | tr -s ' ' >"$WORK/$name.$who.log"
}

# What each direction's prios say, and the keys around them.
prios() {
	jq -c '.jobs[0] | [("read", "write") as $d | .[$d] |
		{d: $d, p: [(.prios // [])[] | {c: .prioclass, l: .prio,
			n: (.clat_ns // .lat_ns).N}]}]' "$1"
}
layout() {
	jq -c '.jobs[0] | [("read", "write") as $d | .[$d] | (keys_unsorted |
		(index("lat_ns")) as $i | .[$i:$i + 3]),
		[(.prios // [])[] | keys_unsorted, ((.clat_ns // .lat_ns) | keys_unsorted)]]' "$1"
}
# The normal report's per-priority lines: the summaries' names (their
# units follow the latencies, which are timing) and the percentile
# headers with each priority's share of the I/Os.
pct_lines() {
	grep -o '[a-z]*lat prio [0-9]/[0-9] ([a-z]*sec): min=' "$1" | sed 's/ (.*//' | sort
	grep -o '[a-z]*lat prio [0-9]/[0-9] ([0-9.]*% of IOs)' "$1" | sort
}

compare() {
	name=$1 what=$2
	run fio "$name" && run blktop "$name" || return
	f=$(prios "$WORK/$name.fio.json") b=$(prios "$WORK/$name.blktop.json")
	case $f in
	*'"c":'*'"c":'*) ;;
	*) fail "$what: fio shows no two priorities ($f): the job does not test them"; return ;;
	esac
	if [ "$f" = "$b" ]; then
		pass "$what: I/Os per priority as fio's ($f)"
	else
		fail "$what: prios: fio $f, blktop $b"
	fi
	f=$(layout "$WORK/$name.fio.json") b=$(layout "$WORK/$name.blktop.json")
	[ "$f" = "$b" ] && pass "$what: prios keyed and placed as fio's" ||
		fail "$what: prios' keys: fio $f, blktop $b"
	if cmp -s "$WORK/$name.fio.log" "$WORK/$name.blktop.log"; then
		pass "$what: the log's priority column as fio's ($(tr '\n' ';' <"$WORK/$name.fio.log"))"
	else
		fail "$what: log priorities: fio $(tr '\n' ';' <"$WORK/$name.fio.log"), blktop $(tr '\n' ';' <"$WORK/$name.blktop.log")"
	fi
	f=$(pct_lines "$WORK/$name.fio.txt") b=$(pct_lines "$WORK/$name.blktop.txt")
	if [ -z "$f" ]; then
		fail "$what: fio's normal report has no prio lines"
	elif [ "$f" = "$b" ]; then
		pass "$what: the normal report's prio lines as fio's ($(printf '%s' "$f" | tr '\n' ';'))"
	else
		fail "$what: normal report: fio $(printf '%s' "$f" | tr '\n' ';'), blktop $(printf '%s' "$b" | tr '\n' ';')"
	fi
}

for e in $engines; do
	job pct_$e $e bs=4k cmdprio_percentage=30
	compare pct_$e "$e, cmdprio_percentage=30 (realtime 0 by default)"
	job pctrw_$e $e bs=4k cmdprio_percentage=20,60 cmdprio_class=2,3 cmdprio=1,5
	compare pctrw_$e "$e, cmdprio_percentage=20,60 cmdprio_class=2,3 cmdprio=1,5"
	job split_$e $e bssplit=4k/50:16k/30:64k/20 prioclass=2 prio=4 \
		'cmdprio_bssplit=4k/30:16k/20/2/3:16k/30/3/0,4k/10/3/7:64k/50'
	compare split_$e "$e, cmdprio_bssplit both forms, R,W, over prio=4"
done
job lat libaio bs=4k cmdprio_percentage=40 lat_percentiles=1
compare lat "libaio, lat_percentiles=1 (prios with lat_ns)"
job grp libaio bs=4k cmdprio_percentage=50,25 numjobs=2 group_reporting=1
compare grp "libaio, numjobs=2 group_reporting=1"
# fio keeps latencies per priority for a reporting group whose jobs
# differ in prio/prioclass too, without any cmdprio option.
{
	printf '[global]\nfilename=%s\ndirect=1\nioengine=psync\nrw=randread\nbs=4k\n' "$dev"
	printf 'size=1m\nlog_prio=1\nwrite_lat_log=%s\ngroup_reporting=1\n' "$WORK/gprio.LOG"
	printf '[x]\nprio=1\n[y]\nprio=5\n[z]\n'
} >"$WORK/gprio.job"
compare gprio "psync, group_reporting over jobs of prio=1, prio=5 and none"

# --status-interval with JSON: fio's periodic documents (the run so far)
# carry the prios as its final one does. For each document of both
# tools: each direction's priorities (class/level) and their keys as
# fio's, their N adding up to the direction's clat_ns N (fio's in its
# final document: its periodic ones read the two apart, and differ under
# load), never going down from one document to the next.
{
	printf '[global]\nfilename=%s\ndirect=1\nioengine=libaio\niodepth=4\n' "$dev"
	printf 'rw=randrw\nbs=4k\nsize=16m\ntime_based\nruntime=2500ms\n[j]\ncmdprio_percentage=50\n'
} >"$WORK/periodic.job"
cat >"$WORK/periodic.py" <<'PY'
import json, sys
s, dec, i, out = open(sys.argv[1]).read(), json.JSONDecoder(), 0, []
while i < len(s):
    if s[i].isspace():
        i += 1
        continue
    if s[i] != "{":  # a line of fio's before the documents
        i = s.find("\n", i) + 1 or len(s)
        continue
    d, i = dec.raw_decode(s, i)
    out.append(d)
bad, prev, shape = [], {}, set()
for n, d in enumerate(out):
    for dr in ("read", "write"):
        x = d["jobs"][0][dr]
        ps = x.get("prios", [])
        shape.add((n == len(out) - 1, dr, tuple((p["prioclass"], p["prio"], tuple(p["clat_ns"].keys()))
                                                for p in ps)))
        if len(ps) < 2:
            bad.append("document %d %s: %d priorities" % (n, dr, len(ps)))
            continue
        tot = sum(p["clat_ns"]["N"] for p in ps)
        # fio 3.33 reads a running job's prios and clat apart, so under
        # load its periodic documents' N differ by the I/Os between.
        if tot != x["clat_ns"]["N"] and (n == len(out) - 1 or sys.argv[2:] != ["fio"]):
            bad.append("document %d %s: prios' N %d, clat_ns N %d" % (n, dr, tot, x["clat_ns"]["N"]))
        for p in ps:
            k = (dr, p["prioclass"], p["prio"])
            if p["clat_ns"]["N"] < prev.get(k, 0):
                bad.append("document %d %s: N went down" % (n, k))
            prev[k] = p["clat_ns"]["N"]
print("documents=%d" % len(out))
for x in sorted(shape):
    print("%s %s %s" % ("final" if x[0] else "interval", x[1], x[2]))
for b in bad:
    print("FAULT " + b)
PY
fio --output-format=json --status-interval=1 "$WORK/periodic.job" >"$WORK/periodic.fio" 2>"$WORK/err" ||
	fail "periodic: fio failed: $(tail -2 "$WORK/err")"
"$BLKTOP" --batch --force --output-format=json --status-interval=1 --job "$WORK/periodic.job" \
	>"$WORK/periodic.bt" 2>"$WORK/err" || fail "periodic: blktop failed: $(tail -2 "$WORK/err")"
f=$(python3 "$WORK/periodic.py" "$WORK/periodic.fio" fio 2>&1)
b=$(python3 "$WORK/periodic.py" "$WORK/periodic.bt" 2>&1)
case $f in
*FAULT* | *Error* | documents=[01]) fail "periodic: fio's documents are not what the test expects: $f" ;;
*)
	if [ "$(printf '%s\n' "$f" | sed 1d)" = "$(printf '%s\n' "$b" | sed 1d)" ]; then
		pass "periodic JSON documents: prios in each, as fio's ($(printf '%s' "$f" | head -1) fio, $(printf '%s' "$b" | head -1) blktop), N adding up"
	else
		fail "periodic JSON documents: fio $(printf '%s' "$f" | tr '\n' ';'); blktop $(printf '%s' "$b" | tr '\n' ';')"
	fi
	;;
esac

# Averaged log lines (log_avg_msec) carry no I/O's priority: fio writes
# 0 there whatever the job's or the options' priorities.
avg_prios() {
	rm -f "$WORK"/avg.LOG_*
	job avg libaio bs=4k prioclass=1 prio=2 cmdprio_percentage=50 log_avg_msec=20
	if [ "$1" = fio ]; then
		fio "$WORK/avg.job" >/dev/null 2>"$WORK/err"
	else
		"$BLKTOP" --batch --force --job "$WORK/avg.job" >/dev/null 2>"$WORK/err"
	fi || { echo "failed: $(tail -1 "$WORK/err")"; return; }
	cat "$WORK"/avg.LOG_clat*.log 2>/dev/null | awk -F', *' '{ print $NF }' | sort -u | tr '\n' ' '
}
f=$(avg_prios fio) b=$(avg_prios blktop)
case $f in
'' | failed*) fail "log_avg_msec: fio wrote no averaged lines ($f)" ;;
"$b") pass "log_avg_msec: averaged lines' priority column as fio's ($f)" ;;
*) fail "log_avg_msec: averaged lines' priority column: fio $f, blktop $b" ;;
esac

# refused NAME WHAT OPTION...: fio and blktop both refuse the job.
refused() {
	name=$1 what=$2
	shift 2
	job "$name" libaio "$@"
	fio --output-format=json "$WORK/$name.job" >/dev/null 2>&1 && {
		fail "$what: fio runs it (the test's premise is wrong)"
		return
	}
	"$BLKTOP" --batch --force --job "$WORK/$name.job" >/dev/null 2>"$WORK/err"
	st=$?
	if [ $st -ne 0 ] && grep -q cmdprio "$WORK/err"; then
		pass "$what: refused as fio refuses it (exit $st: $(head -1 "$WORK/err"))"
	else
		fail "$what: blktop exit $st: $(head -2 "$WORK/err")"
	fi
}
refused both "cmdprio_percentage with cmdprio_bssplit" bs=4k cmdprio_percentage=10 \
	cmdprio_bssplit=4k/10
refused over "cmdprio_bssplit over 100% for one size" bs=4k cmdprio_bssplit=4k/60:4k/50/2/0
refused psync "cmdprio_percentage with ioengine=psync" bs=4k ioengine=psync cmdprio_percentage=10
refused empty "an empty cmdprio_bssplit" bs=4k cmdprio_percentage=10 cmdprio_bssplit=
finish
