# SPDX-License-Identifier: GPL-2.0-or-later
# fio_json_keys.py - compares the key trees of two fio-format JSON reports
# of the same job file: fio 3's (the reference) and blktop's. Every key
# fio writes must be in blktop's report with the same JSON type; the
# values that must agree because the job file decides them (job names,
# groups, the options as written, the percentile list) are compared too.
# Differences that are known are listed below with the reason; anything
# else fails. Used by fio_json_keys.sh.
#
# usage: fio_json_keys.py FIO.json BLKTOP.json [NAME] [--stream]
# Either file may hold several documents one after another (fio's
# --status-interval stream): the last of each is compared, and the counts
# of documents are printed for the caller. With --stream every periodic
# document of blktop's is compared too, with fio's of the same rank (or
# its last periodic one), and every document of both must show what fio's
# periodic ones show for a job that has run a while: its IO depths and
# its CPU so far, not zeros until the end.
import json
import re
import sys

# Paths (regular expressions over "a.b[0].c") blktop may lack or type
# differently, and why. Keep this list short and every entry justified.
KNOWN = {
    # fio sets eta to INT_MAX for a job that ended on an error; blktop
    # reports 0 (the job is over either way). Same type, other value.
}

# Objects whose keys depend on the data, not on the job: only their
# type and the type of their values is compared.
DATA_KEYED = re.compile(r"(\.bins$)")

# Values the job file decides: they must be equal, not only typed alike.
SAME_VALUE = re.compile(
    r"^(jobs\[\d+\]\.(jobname|groupid|error|job options\..*"
    r"|latency_(depth|target|window|percentile))"
    r"|global options\..*|disk_util\[\d+\]\.name)$")


def kind(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    if isinstance(v, dict):
        return "object"
    return "null"


def documents(path):
    """All JSON documents in a file, in order (non-JSON lines between
    them, as fio's error lines, are skipped)."""
    text = open(path, encoding="utf-8").read()
    dec = json.JSONDecoder()
    docs, i = [], 0
    while i < len(text):
        j = text.find("{", i)
        if j < 0:
            break
        try:
            doc, end = dec.raw_decode(text, j)
        except ValueError:
            i = text.find("\n", j)
            if i < 0:
                break
            continue
        docs.append(doc)
        i = end
    return docs


problems = []
stream_doc = False    # comparing a periodic document


def known(path):
    return any(re.search(p, path) for p in KNOWN)


# A job in a periodic document that has done this many I/Os over this
# long has figures to show: blktop's running thread posts its depths and
# CPU every 10 ms, so a job caught in its first milliseconds (a section
# just started) may show its I/Os but no post yet.
BUSY_IOS = 100
BUSY_MS = 500


def no_samples_yet(path, got_parent):
    """fio leaves out a percentile object while its direction has no
    sample; in a periodic document blktop may be at a moment where it has
    none yet while fio's document of the same rank has some."""
    return path.endswith(".percentile") and got_parent.get("N", 1) == 0


def running_figures(doc, who, name, rank):
    """The figures of a periodic document that must not stay zero."""
    for i, job in enumerate(doc.get("jobs", [])):
        ios = sum(job.get(d, {}).get("total_ios", 0) for d in ("read", "write", "trim"))
        if ios < BUSY_IOS or job.get("job_runtime", 0) < BUSY_MS:
            continue
        where = "%s document %d, jobs[%d] (%s, %d I/Os)" % (who, rank, i,
                                                              job.get("jobname"), ios)
        for key in ("iodepth_level", "iodepth_submit", "iodepth_complete"):
            total = sum(job.get(key, {}).values())
            if abs(total - 100.0) > 0.5:
                problems.append("%s: %s adds up to %g%%, not 100%%" % (where, key, total))
        if job.get("ctx", 0) <= 0:
            problems.append("%s: ctx is %r" % (where, job.get("ctx")))
        if job.get("usr_cpu", 0) + job.get("sys_cpu", 0) <= 0:
            problems.append("%s: usr_cpu + sys_cpu is 0" % where)


def stream_times(ref_docs, got_docs, name):
    """elapsed and job_runtime of the periodic documents, by fio's rules.
    fio's elapsed is the seconds since its threads began, rounded up, when
    its status timer fires: the timer runs from just before that start,
    so a document lands at or, when the tick is late, just past the whole
    second. blktop takes the tick's own time: its elapsed is fio's of the
    same rank or one less, never more. A job not started yet (a later
    stonewall section) has fio's job_runtime counted from fio's start-up
    (its epoch is never set), so it is at least that of any job already
    running in the same document, in both."""
    for k in range(min(len(ref_docs), len(got_docs)) - 1):
        fe = ref_docs[k]["jobs"][0].get("elapsed")
        be = got_docs[k]["jobs"][0].get("elapsed")
        if not (isinstance(fe, int) and isinstance(be, int) and fe - 1 <= be <= fe):
            problems.append("%s: document %d: elapsed fio %r, blktop %r" % (name, k, fe, be))
    for who, docs in (("fio", ref_docs), ("blktop", got_docs)):
        for k, doc in enumerate(docs[:-1]):
            jobs = doc.get("jobs", [])
            idle = [j for j in jobs if not any(j.get(d, {}).get("runtime", 0)
                                               for d in ("read", "write", "trim"))]
            busy = [j.get("job_runtime", 0) for j in jobs if j not in idle]
            for j in idle:
                if busy and j.get("job_runtime", 0) < max(busy):
                    problems.append("%s document %d: job %s not started has job_runtime %r, "
                                    "below a running job's %r" % (who, k, j.get("jobname"),
                                                                  j.get("job_runtime"), max(busy)))


def compare(path, ref, got):
    if known(path):
        return
    if kind(ref) != kind(got):
        problems.append("%s: fio has %s, blktop %s" % (path, kind(ref), kind(got)))
        return
    if SAME_VALUE.match(path) and not isinstance(ref, (dict, list)) and ref != got:
        problems.append("%s: fio has %r, blktop %r" % (path, ref, got))
        return
    if isinstance(ref, dict):
        if SAME_VALUE.match(path + ".x"):
            extra = sorted(set(got) - set(ref))
            if extra:
                problems.append("%s: blktop lists %s, fio does not" % (path, extra))
        if DATA_KEYED.search(path):
            for k, v in got.items():
                if not re.match(r"^\d+$", k) or kind(v) != "int":
                    problems.append("%s: bin %r: %r" % (path, k, v))
            return
        for k, v in ref.items():
            p = (path + "." if path else "") + k
            if k not in got:
                if not known(p) and not (stream_doc and no_samples_yet(p, got)):
                    problems.append("%s: missing" % p)
                continue
            compare(p, v, got[k])
    elif isinstance(ref, list):
        if len(ref) != len(got):
            problems.append("%s: fio has %d entries, blktop %d" % (path, len(ref), len(got)))
        for i, (a, b) in enumerate(zip(ref, got)):
            compare("%s[%d]" % (path, i), a, b)


def main():
    global stream_doc
    args = [a for a in sys.argv[1:] if a != "--stream"]
    stream = len(args) < len(sys.argv) - 1
    ref_docs, got_docs = documents(args[0]), documents(args[1])
    name = args[2] if len(args) > 2 else args[1]
    if not ref_docs or not got_docs:
        print("%s: no JSON document (fio %d, blktop %d)" % (name, len(ref_docs), len(got_docs)))
        return 1
    compare("", ref_docs[-1], got_docs[-1])
    if stream:
        if len(ref_docs) < 2 or len(got_docs) < 2:
            problems.append("%s: a stream of one document (fio %d, blktop %d)" %
                            (name, len(ref_docs), len(got_docs)))
        stream_doc = True
        for k in range(len(got_docs) - 1):
            compare("", ref_docs[min(k, len(ref_docs) - 2)], got_docs[k])
        stream_doc = False
        stream_times(ref_docs, got_docs, name)
        for who, docs in (("fio", ref_docs), ("blktop", got_docs)):
            for k, doc in enumerate(docs):
                running_figures(doc, who, name, k)
    print("documents %d %d" % (len(ref_docs), len(got_docs)))
    for p in problems:
        print("%s: %s" % (name, p))
    return 1 if problems else 0


sys.exit(main())
