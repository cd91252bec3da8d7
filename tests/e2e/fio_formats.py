# SPDX-License-Identifier: GPL-2.0-or-later
# fio_formats.py - checks for fio_formats.sh that are easier in Python:
#
#   fio_formats.py bins FILE...       every json+ bin key in each FILE is a
#       bucket value of fio's log-linear histogram (each value below 128 ns
#       its own bucket; above, each power of two split into 64 equal
#       buckets, keyed by the bucket's middle; nothing past the last
#       bucket, 17112760320 ns); prints how many bins were read. Run on
#       fio's json+ too, so the description is checked against fio. Each
#       percentile listed beside bins is the value of the bin that holds
#       the ceil(pct/100 * N)-th sample: the bucket's value even where it
#       lies beyond the measured min or max, as fio's.
#   fio_formats.py terse FIO BLKTOP... terse lines (versions 2 to 5, the
#       version read from the line) field by field: the same number of
#       fields, each field of the same shape (digits replaced), equal where
#       the job decides the value, sane elsewhere.
#   fio_formats.py blocks FILE...      the order of a report's parts: P
#       (fio's preamble), E (fio's error line), T (terse), J (JSON), N (the
#       normal report), R (Run status), D (Disk stats).
import json
import math
import re
import sys

LAST_BUCKET = 17112760320


def is_bucket_value(k):
    if k < 128:
        return True
    msb = k.bit_length() - 1
    width = 1 << (msb - 6)
    off = k - (1 << msb)
    return k <= LAST_BUCKET and off % width == width // 2


def documents(path):
    """The JSON documents in a file: each starts with "{" at a line's
    start (other formats' lines around them are skipped)."""
    text = open(path, encoding="utf-8").read()
    dec, docs, i = json.JSONDecoder(), [], 0
    while i < len(text):
        if text.startswith("{", i):
            doc, i = dec.raw_decode(text, i)
            docs.append(doc)
        j = text.find("\n", i)
        i = len(text) if j < 0 else j + 1
    return docs


def percentile_rule(lat, where, next_bin_too=False):
    """Each listed percentile against the bins it comes from. fio's own
    document may name the bin after the rank's (CI saw 99.9 one bin up in
    fio 3.33's json+ once: its count of samples and its bins' total can be
    a few apart), so for fio the next bin passes too; blktop's is exact."""
    pct, b = lat.get("percentile"), lat.get("bins")
    if not pct or not b:
        return []
    keys = sorted(int(k) for k in b)
    total, bad = sum(b.values()), []
    for p, got in pct.items():
        x = float(p) * total / 100.0
        # A product a rounding step above an integer is that integer.
        rank = max(1, min(total, math.ceil(x - x * 1e-12)))
        cum, nxt = 0, None
        for i, k in enumerate(keys):
            cum += b[str(k)]
            if cum >= rank:
                nxt = keys[i + 1] if i + 1 < len(keys) else None
                break
        if got != k and not (next_bin_too and got == nxt):
            bad.append("%s: %s=%d, its bin is %d" % (where, p, got, k))
    return bad


def bins(paths):
    """One line per file: its path's last part, how many bins, and what is
    wrong with them if anything."""
    status = 0
    for path in paths:
        bad, n = [], 0
        for doc in documents(path):
            for job in doc["jobs"]:
                for d in ("read", "write", "trim"):
                    for lat in ("slat_ns", "clat_ns", "lat_ns"):
                        b = job.get(d, {}).get(lat, {}).get("bins")
                        if b is None:
                            continue
                        keys = [int(k) for k in b]
                        if keys != sorted(keys):
                            bad.append("%s.%s: keys not ascending" % (d, lat))
                        for k in keys:
                            n += 1
                            if not is_bucket_value(k) or b[str(k)] <= 0:
                                bad.append("%s.%s: bin %d=%r" % (d, lat, k, b[str(k)]))
                        if sum(b.values()) != job[d][lat]["N"]:
                            bad.append("%s.%s: bins hold %d, N is %d"
                                       % (d, lat, sum(b.values()), job[d][lat]["N"]))
                        bad += percentile_rule(job[d][lat], "%s.%s" % (d, lat),
                                               "blktop" not in str(doc.get("fio version", "blktop")))
        print("%s %d %s" % (path.split("/")[-1], n, "; ".join(bad[:5]) or "ok"))
        status |= 1 if bad or not n else 0
    return status


def names(ver=3):
    """fio's terse fields of a version, by name: 2 has no fio version; 2,
    4 and 5 have a trim block; 5 has bandwidth and IOPS samples."""
    f = ["terse_version"] + ([] if ver == 2 else ["fio_version"]) + ["jobname", "groupid", "error"]
    for d in ("read", "write") + (() if ver == 3 else ("trim",)):
        f += [d + "_" + x for x in ("kb", "bw", "iops", "runtime")]
        for lat in ("slat", "clat"):
            f += ["%s_%s_%s" % (d, lat, x) for x in ("min", "max", "mean", "dev")]
        f += ["%s_pct%d" % (d, i) for i in range(1, 21)]
        f += ["%s_lat_%s" % (d, x) for x in ("min", "max", "mean", "dev")]
        f += ["%s_bw_%s" % (d, x) for x in ("min", "max", "agg", "mean", "dev")]
        if ver == 5:
            f += ["%s_bw_samples" % d]
            f += ["%s_iops_%s" % (d, x) for x in ("min", "max", "mean", "dev", "samples")]
    f += ["usr_cpu", "sys_cpu", "ctx", "majf", "minf"]
    f += ["depth_%s" % x for x in ("1", "2", "4", "8", "16", "32", "64")]
    f += ["lat_us_%d" % i for i in range(10)] + ["lat_ms_%d" % i for i in range(12)]
    return f


def terse_pairs(paths):
    """FIO BLKTOP pairs; one result line each."""
    status = 0
    for i in range(0, len(paths), 2):
        status |= terse(paths[i], paths[i + 1])
    return status


def terse(fio_path, bt_path):
    line = re.compile(r"^[2-5];")
    ref = [l for l in open(fio_path) if line.match(l)]
    got = [l for l in open(bt_path) if line.match(l)]
    if len(ref) != 1 or len(got) != 1:
        print("terse lines: fio %d, blktop %d" % (len(ref), len(got)))
        return 1
    a, b = ref[0].rstrip("\n").split(";"), got[0].rstrip("\n").split(";")
    ver = int(a[0])
    bad = []
    if len(a) != len(b):
        bad.append("fio has %d fields, blktop %d" % (len(a), len(b)))
    nm = names(ver)
    if ver >= 3:
        nm += ["disk_%s" % x for x in ("name", "read_ios", "write_ios", "read_merges",
                                       "write_merges", "read_ticks", "write_ticks", "in_queue",
                                       "util")]
    nm += ["extra%d" % i for i in range(max(len(a), len(b)))]
    shape = lambda s: re.sub(r"\d+", "9", s)
    # Values the job decides (a read job at iodepth 1, by size): equal.
    same = re.compile(r"^(terse_version|jobname|groupid|error|read_kb|write_.*|trim_.*|"
                      r"read_pct\d+$|depth_.*|disk_name|extra.*)$")
    # fio_version: "fio-3.33" and blktop's "fio-3.33-blktop-V", the form of
    # fio's git builds (known, the same as the JSON's "fio version").
    for i, (x, y) in enumerate(zip(a, b)):
        n = nm[i]
        if n == "fio_version":
            if not (x == "fio-3.33" and y.startswith("fio-3.33-blktop-")):
                bad.append("%s: %r / %r" % (n, x, y))
            continue
        if n.startswith("read_pct"):
            x, y = x.split("=")[0], y.split("=")[0]
        if same.match(n) and x != y:
            bad.append("field %d %s: fio %r, blktop %r" % (i + 1, n, x, y))
        elif shape(x) != shape(y):
            bad.append("field %d %s: fio %r, blktop %r (shape)" % (i + 1, n, x, y))
    if not bad and len(b) >= len(names(ver)):
        v = dict(zip(nm, b))
        num = lambda k: float(v[k].rstrip("%"))
        if not (num("read_iops") > 0 and num("read_runtime") > 0 and num("read_bw") > 0):
            bad.append("read iops/runtime/bw not above 0: %s" % b[6:9])
        for lat in ("slat", "clat", "lat"):
            lo, mean, hi = (num("read_%s_%s" % (lat, x)) for x in ("min", "mean", "max"))
            if not lo <= mean <= hi + 1:
                bad.append("read %s: min %s mean %s max %s" % (lat, lo, mean, hi))
        buckets = sum(num(k) for k in nm if k.startswith("lat_us") or k.startswith("lat_ms"))
        if abs(buckets - 100) > 1:
            bad.append("latency buckets sum to %.2f%%" % buckets)
        ios = num("read_kb") * 1024 // 16384
        if num("read_iops") != 1000 * ios // num("read_runtime"):
            bad.append("read iops %s is not %d I/Os over %s ms" % (v["read_iops"], ios,
                                                                    v["read_runtime"]))
    print("%s: v%d fields %d %d: %s" % (bt_path.split("/")[-1], ver, len(a), len(b),
                                        "; ".join(bad[:8]) or "ok"))
    return 1 if bad else 0


def blocks(paths):
    for path in paths:
        print("%s %s" % (path.split("/")[-1], " ".join(parts(path))))
    return 0


def parts(path):
    seq = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("--- blktop ---"):
            break
        if re.match(r"^\S+: \(g=\d+\): rw=|^fio-3|^Starting \d+ (process|thread)", line):
            k = "P"
        elif re.match(r"^fio: pid=\d+, err=", line):
            k = "E"
        elif line.startswith("3;"):
            k = "T"
        elif line.startswith("{"):
            k = "J"
        elif re.match(r"^\S+: \(groupid=\d+, jobs=\d+\): err=", line):
            k = "N"
        elif line.startswith("Run status group"):
            k = "R"
        elif line.startswith("Disk stats"):
            k = "D"
        else:
            continue
        if not seq or seq[-1] != k:
            seq.append(k)
    return seq


def kdiskmark(fio_path, bt_path):
    """Reads both outputs as KDiskMark's parser does (Qt's JSON): the
    whole of standard output is one document; per job, error as an int,
    read.bw as an int (Qt's toInt gives 0 for a number with a fraction),
    read.iops and lat_ns.mean as doubles; and, as other such readers,
    clat_ns.mean and clat_ns.percentile. What blktop gives must be of the
    kinds fio gives, usable (above 0) where fio's are."""
    bad = []
    got = {}
    for who, path in (("fio", fio_path), ("blktop", bt_path)):
        try:
            doc = json.loads(open(path).read())
        except ValueError as e:
            bad.append("%s: standard output is not one JSON document: %s" % (who, e))
            continue
        rows = []
        for j in doc.get("jobs", []):
            r = j.get("read", {})
            clat = r.get("clat_ns", {})
            row = (type(j.get("error")).__name__, j.get("error"), type(r.get("bw")).__name__,
                   type(r.get("iops")).__name__, type(r.get("lat_ns", {}).get("mean")).__name__,
                   type(clat.get("mean")).__name__, sorted(clat.get("percentile", {})))
            rows.append(row)
            vals = (r.get("bw"), r.get("iops"), r.get("lat_ns", {}).get("mean"), clat.get("mean"))
            if not all(isinstance(v, (int, float)) and v > 0 for v in vals):
                bad.append("%s: job %s: bw, iops, lat_ns.mean, clat_ns.mean %r" %
                           (who, j.get("jobname"), vals))
        got[who] = rows
    if "fio" in got and "blktop" in got and got["fio"] != got["blktop"]:
        bad.append("fields differ: fio %r, blktop %r" % (got["fio"], got["blktop"]))
    for b in bad:
        print(b)
    if not bad:
        print("%d jobs, each error int 0, bw int, iops, lat_ns.mean, clat_ns.mean numbers, "
              "clat_ns.percentile %d keys, as fio's" % (len(got["blktop"]), len(got["blktop"][0][6])))
    return 1 if bad else 0


if sys.argv[1] == "kdiskmark":
    sys.exit(kdiskmark(sys.argv[2], sys.argv[3]))
if sys.argv[1] == "bins":
    sys.exit(bins(sys.argv[2:]))
if sys.argv[1] == "terse":
    sys.exit(terse_pairs(sys.argv[2:]))
sys.exit(blocks(sys.argv[2:]))
