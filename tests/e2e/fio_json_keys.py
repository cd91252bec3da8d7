# SPDX-License-Identifier: GPL-2.0-or-later
# fio_json_keys.py - compares the key trees of two fio-format JSON reports
# of the same job file: fio 3's (the reference) and blktop's. Every key
# fio writes must be in blktop's report with the same JSON type; the
# values that must agree because the job file decides them (job names,
# groups, the options as written, the percentile list) are compared too.
# Differences that are known are listed below with the reason; anything
# else fails. Used by fio_json_keys.sh.
#
# usage: fio_json_keys.py FIO.json BLKTOP.json [NAME]
# Either file may hold several documents one after another (fio's
# --status-interval stream): the last of each is compared, and the counts
# of documents are printed for the caller.
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
    r"^(jobs\[\d+\]\.(jobname|groupid|job options\..*|latency_(depth|target|window|percentile))"
    r"|global options\..*)$")


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


def known(path):
    return any(re.search(p, path) for p in KNOWN)


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
                if not known(p):
                    problems.append("%s: missing" % p)
                continue
            compare(p, v, got[k])
    elif isinstance(ref, list):
        if len(ref) != len(got):
            problems.append("%s: fio has %d entries, blktop %d" % (path, len(ref), len(got)))
        for i, (a, b) in enumerate(zip(ref, got)):
            compare("%s[%d]" % (path, i), a, b)


def main():
    ref_docs, got_docs = documents(sys.argv[1]), documents(sys.argv[2])
    name = sys.argv[3] if len(sys.argv) > 3 else sys.argv[2]
    if not ref_docs or not got_docs:
        print("%s: no JSON document (fio %d, blktop %d)" % (name, len(ref_docs), len(got_docs)))
        return 1
    compare("", ref_docs[-1], got_docs[-1])
    print("documents %d %d" % (len(ref_docs), len(got_docs)))
    for p in problems:
        print("%s: %s" % (name, p))
    return 1 if problems else 0


sys.exit(main())
