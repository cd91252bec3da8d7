#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# jsonl_stream.sh - --output-format=jsonl is a stream another program
# reads while the job runs: a reader on the other end of a pipe reads it a
# line at a time and sees a "start" line, one "interval" line per status
# interval within 100 ms of that interval's end (its own timestamp_ms
# against the reader's clock), and a "final" line with the whole report.
# Each interval carries its own figures: their I/Os add up to the final
# report's, and each has its clat percentiles and histogram, the target
# disk's iostat figures and the CPUs. Lines held back until the end fail.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
command -v python3 >/dev/null 2>&1 || skip "python3 is missing"

img=$(sparse_file disk 128M) || die "sparse file"
dev=$(attach "$img") || die "attach"
name=$(basename "$dev")

cat >"$WORK/reader.py" <<'PY'
import json, sys, time
# Ready before blktop starts: a reader slow to start would hold lines back.
open(sys.argv[3], "w").close()
src = open(sys.argv[2], "rb")
rows = []
while True:
    line = src.readline()
    if not line:
        break
    rows.append((time.time() * 1000.0, line))
end = time.time() * 1000.0
json.dump({"end": end, "rows": [[t, l.decode()] for t, l in rows]}, open(sys.argv[1], "w"))
PY
cat >"$WORK/check.py" <<'PY'
import json, sys
got = json.load(open(sys.argv[1]))
disk, limit = sys.argv[2], float(sys.argv[3])
bad, lags = [], []
objs = []
for t, l in got["rows"]:
    try:
        objs.append((t, json.loads(l)))
    except ValueError as e:
        bad.append("a line is not JSON (%s): %.80s" % (e, l))
types = [o.get("type") for _, o in objs]
if not types or types[0] != "start" or types[-1] != "final":
    bad.append("lines are %s: want start, intervals, final" % types)
iv = [(t, o) for t, o in objs if o.get("type") == "interval"]
if len(iv) < 3:
    bad.append("%d interval lines in 3.5 s at 1 s" % len(iv))
ios = 0
for n, (t, o) in enumerate(iv):
    lag = t - o["timestamp_ms"]
    lags.append(round(lag))
    if lag > limit:
        bad.append("interval %d arrived %.0f ms after its end" % (n, lag))
    j = o["jobs"][0]
    r = j["read"]
    ios += r["ios"]
    if n < len(iv) - 1:
        if r["iops"] <= 0 or r["bw_bytes"] <= 0:
            bad.append("interval %d: iops %s bw %s" % (n, r["iops"], r["bw_bytes"]))
        c = r["clat_ns"]
        if "99.000000" not in c.get("percentile", {}) or sum(c["bins"].values()) != c["N"]:
            bad.append("interval %d: clat percentiles or bins missing" % n)
        if c["N"] != r["ios"]:
            bad.append("interval %d: clat N %d for %d I/Os" % (n, c["N"], r["ios"]))
    if disk not in [d["name"] for d in o["disks"]]:
        bad.append("interval %d: no iostat figures for %s" % (n, disk))
    if "usr" not in o["cpu"] or "idle" not in o["cpu"]:
        bad.append("interval %d: no CPU figures" % n)
final = objs[-1][1] if objs else {}
total = final.get("report", {}).get("jobs", [{}])[0].get("read", {}).get("total_ios")
if total != ios:
    bad.append("the intervals' I/Os add up to %s, the final report has %s" % (ios, total))
if "bins" not in final.get("report", {}).get("jobs", [{}])[0].get("read", {}).get("clat_ns", {}):
    bad.append("the final report has no clat_ns.bins")
# Held back until the end, the first interval would arrive with the rest.
if iv and got["end"] - iv[0][0] < 1500:
    bad.append("the first interval arrived %.0f ms before the end of a 3.5 s run" %
               (got["end"] - iv[0][0]))
print("lags_ms %s" % lags)
for b in bad:
    print("FAULT " + b)
PY

limit=100
mkfifo "$WORK/pipe" || die "mkfifo"
python3 "$WORK/reader.py" "$WORK/rows.json" "$WORK/pipe" "$WORK/ready" &
reader=$!
on_cleanup "kill $reader 2>/dev/null || true"
i=0
while [ ! -e "$WORK/ready" ] && [ $i -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ -e "$WORK/ready" ] || die "the reader did not start"
"$BLKTOP" --batch --output-format=jsonl --run randread --runtime=3500ms --time_based=1 \
	--ioengine=libaio --direct=1 --iodepth=4 --size=64m "$dev" >"$WORK/pipe" 2>"$WORK/err" ||
	fail "blktop exit $?"
wait $reader || fail "the reader failed"
[ -s "$WORK/err" ] && note "stderr: $(head -c 300 "$WORK/err")"
# A loaded machine can delay the reader's wake: judged again with a
# scheduling allowance, the lag said; held-back lines still fail.
if busy; then
	limit=500
	note "the machine is busy ($(cut -d' ' -f1 /proc/loadavg)): intervals may arrive up to $limit ms late"
fi
out=$(python3 "$WORK/check.py" "$WORK/rows.json" "$name" "$limit" 2>&1) || fail "check: $out"
note "$(printf '%s\n' "$out" | head -1)"
faults=$(printf '%s\n' "$out" | grep '^FAULT' || true)
if [ -z "$faults" ]; then
	pass "a line per interval, each within $limit ms of its end, its own figures adding up to the final report's"
else
	fail "$faults"
fi
finish
