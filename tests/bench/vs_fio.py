#!/usr/bin/env python3
"""Side-by-side benchmark of blktop --batch against fio on one loop device.

Not run by make check: speed is measured here, never in timed tests. Runs
are alternated (blktop first on odd rounds, fio first on even ones) and the
figures quoted are medians of pair-by-pair ratios, so slow drifts of a
shared machine cancel out. CPU time is the child's own rusage (user+sys),
the same measure for both tools.

  tests/bench/vs_fio.py [--blktop ./blktop] [--rounds 5] [--runtime 5]
                        [--cases all|NAME,...] [--callgrind]

Needs root (loop devices), fio, and valgrind for --callgrind.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

CASES = {
    # name: (rw, bs, iodepth, numjobs)
    "randread-4k-qd1": ("randread", "4k", 1, 1),
    "randread-4k-qd32": ("randread", "4k", 32, 1),
    "randwrite-4k-2x16": ("randwrite", "4k", 16, 2),
    "read-128k-qd8": ("read", "128k", 8, 1),
}


def sh(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


class Scratch:
    """A loop device with direct I/O on a sparse file in /dev/shm, filled
    with random data first (as the issue asks), detached on exit."""

    def __init__(self, size_mb):
        fd, self.path = tempfile.mkstemp(prefix="blktop-bench-", dir="/dev/shm")
        os.close(fd)
        os.truncate(self.path, size_mb << 20)
        self.dev = sh("losetup", "-f", "--show", "--direct-io=on", self.path).strip()
        subprocess.run(["dd", "if=/dev/urandom", "of=" + self.dev, "bs=1M",
                        "count=%d" % size_mb, "oflag=direct", "status=none"], check=True)

    def close(self):
        subprocess.run(["losetup", "-d", self.dev])
        os.unlink(self.path)


def timed(cmd):
    """Runs cmd; returns (stdout, cpu seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, cpu


def job_args(rw, bs, depth, jobs, runtime):
    return ["--rw=%s" % rw, "--bs=%s" % bs, "--iodepth=%d" % depth,
            "--numjobs=%d" % jobs, "--runtime=%d" % runtime, "--time_based",
            "--norandommap", "--randrepeat=0", "--direct=1", "--group_reporting"]


def ios_of(doc):
    return sum(j[d]["total_ios"] for j in doc["jobs"] for d in ("read", "write"))


def iops_of(doc):
    return sum(j[d]["iops"] for j in doc["jobs"] for d in ("read", "write"))


def run_blktop(blktop, dev, case, runtime):
    rw, bs, depth, jobs = case
    cmd = [blktop, "--batch", "--run", rw, dev, "--output-format=json",
           "--name=bench"] + job_args(rw, bs, depth, jobs, runtime)
    out, cpu = timed(cmd)
    doc = json.loads(out)
    return iops_of(doc), cpu / max(ios_of(doc), 1)


def run_fio(dev, case, runtime):
    rw, bs, depth, jobs = case
    cmd = ["fio", "--name=bench", "--filename=" + dev, "--ioengine=libaio",
           "--output-format=json"] + job_args(rw, bs, depth, jobs, runtime)
    out, cpu = timed(cmd)
    doc = json.loads(out[out.index("{"):])
    return iops_of(doc), cpu / max(ios_of(doc), 1)


def callgrind_ir(cmd):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + cmd,
                       check=True, capture_output=True)
        total = 0
        for name in os.listdir(d):
            with open(os.path.join(d, name)) as f:
                for line in f:
                    if line.startswith("summary:") or line.startswith("totals:"):
                        total = max(total, int(line.split()[1]))
        return total


def instructions_per_io(blktop, dev, small, large):
    """User-space instructions per I/O: the difference between two runs of
    different io_size, so start-up and tear-down cancel out."""
    bs = 4096
    res = {}
    for tool in ("blktop", "fio"):
        irs = []
        for size in (small, large):
            common = ["--rw=randread", "--bs=4k", "--iodepth=1", "--io_size=%d" % size,
                      "--norandommap", "--randrepeat=0", "--direct=1"]
            if tool == "blktop":
                cmd = [blktop, "--batch", "--run", "randread", dev, "--name=cg"] + common
            else:
                cmd = ["fio", "--name=cg", "--filename=" + dev, "--ioengine=libaio",
                       "--thread"] + common
            irs.append(callgrind_ir(cmd))
        res[tool] = (irs[1] - irs[0]) / ((large - small) / bs)
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--blktop", default=os.path.join(os.path.dirname(__file__), "../../blktop"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runtime", type=int, default=5)
    ap.add_argument("--size-mb", type=int, default=1024)
    ap.add_argument("--cases", default="all")
    ap.add_argument("--callgrind", action="store_true")
    a = ap.parse_args()
    names = list(CASES) if a.cases == "all" else a.cases.split(",")

    scratch = Scratch(a.size_mb)
    try:
        print("device %s (%d MiB, random data), %d rounds x %d s, alternated"
              % (scratch.dev, a.size_mb, a.rounds, a.runtime))
        for name in names:
            case = CASES[name]
            iops_r, cpu_r, rows = [], [], []
            for r in range(a.rounds):
                if r % 2 == 0:
                    b = run_blktop(a.blktop, scratch.dev, case, a.runtime)
                    f = run_fio(scratch.dev, case, a.runtime)
                else:
                    f = run_fio(scratch.dev, case, a.runtime)
                    b = run_blktop(a.blktop, scratch.dev, case, a.runtime)
                iops_r.append(b[0] / f[0])
                cpu_r.append(b[1] / f[1])
                rows.append("    round %d: blktop %.0f IOPS %.2f us/IO, fio %.0f IOPS %.2f us/IO"
                            % (r + 1, b[0], b[1] * 1e6, f[0], f[1] * 1e6))
            print("%-20s IOPS ratio median %.3f (min %.3f max %.3f); CPU/IO ratio median %.3f"
                  % (name, statistics.median(iops_r), min(iops_r), max(iops_r),
                     statistics.median(cpu_r)))
            print("\n".join(rows))
            sys.stdout.flush()
        if a.callgrind:
            ir = instructions_per_io(a.blktop, scratch.dev, 4 << 20, 36 << 20)
            print("callgrind user-space instructions per I/O (4k randread qd1): "
                  "blktop %.0f, fio %.0f, ratio %.3f"
                  % (ir["blktop"], ir["fio"], ir["blktop"] / ir["fio"]))
    finally:
        scratch.close()


if __name__ == "__main__":
    main()
