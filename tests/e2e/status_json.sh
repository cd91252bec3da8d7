#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# status_json.sh - --status-interval with --output-format=json prints what
# fio 3 prints: a whole JSON document per interval (the run so far), then
# the final one, so a tool that splits fio's stream on its documents reads
# blktop's. The same job runs under fio and blktop on one scratch loop
# device: as many documents (fio may print one more when its start is
# slow), each parses, io_bytes never goes down, each
# interval document has the final one's keys, and the keys fio's interval
# documents hold are in blktop's (fio_json_keys.py). Nothing but JSON on
# standard output (blktop's text status lines would break the stream).
# In the normal text, fio's periodic report as often as fio prints it.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
command -v fio >/dev/null 2>&1 || skip "fio is missing (apt-get install fio): nothing to compare with"
command -v python3 >/dev/null 2>&1 || skip "python3 is missing (fio's package depends on it)"
KEYS="$top_srcdir/tests/e2e/fio_json_keys.py"

img=$(sparse_file disk 128M) || die "sparse file"
dev=$(attach "$img") || die "attach"
# 2.5 s at 1 s: two interval documents and the final one, with half a
# second between the last interval and the end either way.
cat >"$WORK/job.fio" <<JOB
[global]
ioengine=libaio
direct=1
runtime=2500ms
time_based
filename=$dev
size=64m
[rr]
rw=randread
iodepth=4
JOB

fio --output-format=json --status-interval=1 "$WORK/job.fio" >"$WORK/fio.json" 2>"$WORK/fio.err" ||
	note "fio exit $?: $(head -c 300 "$WORK/fio.err")"
"$BLKTOP" --batch --output-format=json --status-interval=1 --job "$WORK/job.fio" \
	>"$WORK/bt.json" 2>"$WORK/bt.err" || fail "blktop exit $?: $(head -c 300 "$WORK/bt.err")"

# check.py FIO BLKTOP: prints "fio N blktop M" and any fault, one a line.
cat >"$WORK/check.py" <<'PY'
import json, sys

def docs(path):
    s = open(path).read()
    dec = json.JSONDecoder()
    i, out = 0, []
    while True:
        while i < len(s) and s[i].isspace():
            i += 1
        if i >= len(s):
            return out
        d, i = dec.raw_decode(s, i)
        out.append(d)

def paths(o, p=""):
    r = set()
    if isinstance(o, dict):
        for k, v in o.items():
            if k == "bins" or k == "percentile":
                r.add(p + "." + k)
                continue
            r.add(p + "." + k)
            r |= paths(v, p + "." + k)
    elif isinstance(o, list):
        for x in o:
            r |= paths(x, p + "[]")
    return r

f, b = docs(sys.argv[1]), docs(sys.argv[2])
print("fio %d blktop %d" % (len(f), len(b)))
bad = []
# 2.5 s at 1 s: documents at 1 s and 2 s, then the final one. fio's
# timer starts before its job's setup, so on a loaded machine fio may
# print one more; blktop's intervals count from the job's start.
if len(b) != 3 or abs(len(f) - len(b)) > 1:
    bad.append("documents: fio %d, blktop %d (want 3)" % (len(f), len(b)))
if len(b) < 2:
    bad.append("blktop printed %d document(s): no interval documents" % len(b))
final = paths(b[-1])
prev = {}
for n, d in enumerate(b):
    miss = final - paths(d)
    # blktop's per-second samples follow the job's own clock, which
    # starts when its thread does (as fio's samples do): under load that
    # is a few ms after the status clock, so the first document may come
    # just before the first sample, with an empty list.
    if n == 0 and d.get("blktop", {}).get("samples") == []:
        miss = set(x for x in miss if not x.startswith(".blktop.samples[]"))
    if miss:
        bad.append("document %d lacks %s" % (n, sorted(miss)[:5]))
    for j in d.get("jobs", []):
        for dr in ("read", "write"):
            k = (j["jobname"], dr)
            v = j[dr]["io_bytes"]
            if v < prev.get(k, 0):
                bad.append("document %d: %s %s io_bytes %d < %d before" % (n, k[0], dr, v, prev[k]))
            prev[k] = v
    if n < len(b) - 1 and d["jobs"][0]["read"]["io_bytes"] == 0:
        bad.append("document %d: no bytes read yet" % n)
ts = [d["timestamp_ms"] for d in b]
if ts != sorted(ts):
    bad.append("timestamps go back: %s" % ts)
for x in bad:
    print("FAULT " + x)
# The first interval documents, for the key comparison.
json.dump(f[0], open(sys.argv[1] + ".first", "w"))
json.dump(b[0], open(sys.argv[2] + ".first", "w"))
PY
out=$(python3 "$WORK/check.py" "$WORK/fio.json" "$WORK/bt.json" 2>&1) || fail "check: $out"
note "$(printf '%s\n' "$out" | head -1)"
faults=$(printf '%s\n' "$out" | grep '^FAULT' || true)
if [ -z "$faults" ]; then
	pass "as many documents as fio's, each parses, io_bytes never goes down, every document has the final one's keys"
else
	fail "$faults"
fi
if k=$(python3 "$KEYS" "$WORK/fio.json.first" "$WORK/bt.json.first" interval 2>&1); then
	pass "every key of fio's first interval document is in blktop's, with its type"
else
	fail "interval document keys: $(printf '%s\n' "$k" | grep -v '^documents' | head -20)"
fi

# fio's eta in the interval documents: none guessed in its first 3 s
# (INT_MAX), then its guess of the time left: for a time_based job its
# runtime less the whole seconds run, rounded up. A 5 s job, at 1 s:
# documents are paired by the job's runtime so far (whole seconds,
# rounded: fio's timer fires a little after its job's second, blktop's
# on it), and their etas differ by one at most (fio's rounding of a
# runtime just past the second).
sed 's/^runtime=.*/runtime=5s/' "$WORK/job.fio" >"$WORK/eta.fio"
fio --output-format=json --status-interval=1 "$WORK/eta.fio" >"$WORK/fio.eta" 2>"$WORK/fio.eta.err" ||
	note "fio exit $?: $(head -c 300 "$WORK/fio.eta.err")"
"$BLKTOP" --batch --output-format=json --status-interval=1 --job "$WORK/eta.fio" \
	>"$WORK/bt.eta" 2>"$WORK/bt.eta.err" || fail "blktop exit $?: $(head -c 300 "$WORK/bt.eta.err")"
cat >"$WORK/eta.py" <<'PY'
import json, sys

def etas(path):
    s, dec, i, out = open(path).read(), json.JSONDecoder(), 0, []
    while True:
        while i < len(s) and s[i].isspace():
            i += 1
        if i >= len(s):
            break
        d, i = dec.raw_decode(s, i)
        out.append(d)
    # The interval documents (the final one aside): runtime s -> eta.
    return {int(d["jobs"][0]["read"]["runtime"] / 1000.0 + 0.5): d["jobs"][0]["eta"]
            for d in out[:-1]}

f, b = etas(sys.argv[1]), etas(sys.argv[2])
pairs = [(k, f[k], b[k]) for k in sorted(set(f) & set(b))
         if f[k] != 2147483647 and b[k] != 2147483647]
print("pairs (runtime s, fio eta, blktop eta): %s" % pairs)
bad = [p for p in pairs if abs(p[1] - p[2]) > 1]
if not pairs or bad or not any(p[1] >= 2 for p in pairs):
    sys.exit(1)
PY
out=$(python3 "$WORK/eta.py" "$WORK/fio.eta" "$WORK/bt.eta" 2>&1) &&
	pass "eta of the interval documents as fio's: $out" || fail "eta: $out"

# The normal text: fio's periodic report (the run so far) at each
# interval, as many as fio prints, blktop's own interval lines before each.
fio --status-interval=1 "$WORK/job.fio" >"$WORK/fio.txt" 2>&1 || note "fio (text) exit $?"
"$BLKTOP" --batch --status-interval=1 --job "$WORK/job.fio" >"$WORK/bt.txt" 2>"$WORK/bt.err" ||
	fail "blktop (text) exit $?: $(head -c 300 "$WORK/bt.err")"
nf=$(grep -c '^Run status group 0' "$WORK/fio.txt")
nb=$(grep -c '^Run status group 0' "$WORK/bt.txt")
nj=$(grep -c '^rr: (groupid=0, jobs=1): err= 0' "$WORK/bt.txt")
ni=$(grep -c '^rr: (groupid=0): t=' "$WORK/bt.txt")
[ "$nf" -ge 3 ] && [ "$nf" -le 4 ] && [ "$nb" = 3 ] && [ "$nj" = 3 ] && [ "$ni" -ge 2 ] &&
	pass "normal text: $nb reports, fio $nf (the run so far at each interval, then the final), $ni interval lines" ||
	fail "normal text: fio printed $nf reports, blktop $nb reports, $nj job blocks, $ni interval lines"
finish
