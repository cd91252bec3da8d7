#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Side-by-side benchmark of blktop --batch against fio on one loop device,
always at equal settings.

Not run by make check: speed is measured here, never in timed tests.
Settings, each given to both tools alike:
  defaults   libaio, fio's defaults (one I/O per io_submit, one per wait)
  batch      libaio, iodepth_batch_submit=QD iodepth_batch_complete_min=1
             iodepth_batch_complete_max=QD
  uring      io_uring, defaults
  uring-reg  io_uring, fixedbufs and registerfiles
  uring-batch      io_uring with the batch options above
  uring-reg-batch  io_uring, fixedbufs, registerfiles and the batch options
  poll       libaio, iodepth_batch_complete_min=0
             iodepth_batch_complete_max=QD: a full queue is polled for a
             completion, never waited on (fio calls io_getevents for each
             look, blktop reads the kernel's ring; without the _max both
             tools keep one I/O in flight, fio's polling mode)
  uring-poll io_uring, the same two options
Cases: 4k randread qd1, 4k randread qd32, 4k randwrite 2 jobs x qd16, 128k
read qd8. Runs are alternated (blktop first on odd rounds, fio first on
even ones) and the figures quoted are medians of pair-by-pair ratios, so
slow drifts of a shared machine cancel out. CPU time per I/O is the
child's own rusage (user+sys), the same measure for both tools.

  tests/bench/vs_fio.py [--blktop ./blktop] [--rounds 7] [--runtime 5]
                        [--settings all|NAME,...] [--cases all|NAME,...]
                        [--callgrind] [--devcheck] [--fastest] [--pin 0:1]

--callgrind: user-space instructions per I/O for each case (the
difference of two runs of different size, so start-up cancels out).
--rounds 0 skips the timed rounds (callgrind and devcheck only).
--fastest: for each case, each tool's fastest setting on this machine
(the highest median IOPS over --select-rounds alternated rounds of every
setting given), then the two winners against each other in --rounds
alternated pairs: the fastest blktop against the fastest fio.
--pin JOB:DEV: both tools run under `taskset -c JOB` and the kernel's
unbound workqueues (the loop device's worker among them) are held to CPU
DEV for the benchmark (/sys/devices/virtual/workqueue/cpumask, put back
after): the same placement for both tools, so a round does not settle at
one of two speeds by where the scheduler puts the loop worker. Each
round then also says how busy CPU DEV was (/proc/stat): near 100 %, the
loop device is the limit for both tools.
--devcheck: the device's completed and merged requests for the same job
(128k sequential read and write at qd8, a fixed size, not timed) under
both tools, from /sys/block/X/stat.

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


def settings_args(name, depth):
    if name == "defaults":
        return ["--ioengine=libaio"]
    batch = ["--iodepth_batch_submit=%d" % depth, "--iodepth_batch_complete_min=1",
             "--iodepth_batch_complete_max=%d" % depth]
    if name == "batch":
        return ["--ioengine=libaio"] + batch
    if name == "uring":
        return ["--ioengine=io_uring"]
    if name == "uring-reg":
        return ["--ioengine=io_uring", "--fixedbufs", "--registerfiles"]
    if name == "uring-batch":
        return ["--ioengine=io_uring"] + batch
    if name == "uring-reg-batch":
        return ["--ioengine=io_uring", "--fixedbufs", "--registerfiles"] + batch
    poll = ["--iodepth_batch_complete_min=0", "--iodepth_batch_complete_max=%d" % depth]
    if name == "poll":
        return ["--ioengine=libaio"] + poll
    if name == "uring-poll":
        return ["--ioengine=io_uring"] + poll
    raise SystemExit("unknown setting %s" % name)


SETTINGS = ["defaults", "batch", "uring", "uring-reg"]
FASTEST_SETTINGS = ["defaults", "batch", "uring", "uring-reg", "uring-batch", "uring-reg-batch",
                    "poll", "uring-poll"]


def sh(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


class Scratch:
    """A loop device with direct I/O on a sparse file in /dev/shm, filled
    with random data first, detached on exit."""

    def __init__(self, size_mb):
        fd, self.path = tempfile.mkstemp(prefix="blktop-bench-", dir="/dev/shm")
        os.close(fd)
        os.truncate(self.path, size_mb << 20)
        self.dev = sh("losetup", "-f", "--show", "--direct-io=on", self.path).strip()
        self.name = os.path.basename(self.dev)
        subprocess.run(["dd", "if=/dev/urandom", "of=" + self.dev, "bs=1M",
                        "count=%d" % size_mb, "oflag=direct", "status=none"], check=True)

    def stat(self):
        """(reads completed, merged, sectors, writes completed, merged, sectors)"""
        with open("/sys/block/%s/stat" % self.name) as f:
            v = [int(x) for x in f.read().split()]
        return v[0], v[1], v[2], v[4], v[5], v[6]

    def close(self):
        subprocess.run(["losetup", "-d", self.dev])
        os.unlink(self.path)


def timed(cmd):
    """Runs cmd; returns (stdout, cpu seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        # Say what the tool said: a bare exit status hides a refusal.
        sys.exit("vs_fio.py: %s exited %d: %s" % (" ".join(cmd), r.returncode,
                                                  r.stderr.strip()[-2000:]))
    out = r.stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, cpu


def job_args(rw, bs, depth, jobs):
    return ["--rw=%s" % rw, "--bs=%s" % bs, "--iodepth=%d" % depth,
            "--numjobs=%d" % jobs, "--norandommap", "--randrepeat=0", "--direct=1",
            "--group_reporting"]


def ios_of(doc):
    return sum(j[d]["total_ios"] for j in doc["jobs"] for d in ("read", "write"))


def iops_of(doc):
    return sum(j[d]["iops"] for j in doc["jobs"] for d in ("read", "write"))


# ["taskset", "-c", CPU] before both tools' commands under --pin.
PREFIX = []
WQ_MASK = "/sys/devices/virtual/workqueue/cpumask"


def command(tool, blktop, dev, case, setting, extra):
    rw, bs, depth, jobs = case
    common = job_args(rw, bs, depth, jobs) + settings_args(setting, depth) + extra
    if tool == "blktop":
        return PREFIX + [blktop, "--batch", "--run", rw, dev, "--output-format=json",
                         "--name=bench"] + common
    return PREFIX + ["fio", "--name=bench", "--filename=" + dev,
                     "--output-format=json"] + common


# The CPU the loop device's worker is held to under --pin (None: not pinned).
DEV_CPU = None


def cpu_ticks(cpu):
    """(busy, idle) jiffies of one CPU from /proc/stat."""
    with open("/proc/stat") as f:
        for line in f:
            v = line.split()
            if v[0] == "cpu%d" % cpu:
                n = [int(x) for x in v[1:]]
                return sum(n[0:3]) + sum(n[5:8]), n[3] + n[4]
    return 0, 0


def run(tool, blktop, dev, case, setting, runtime):
    """(IOPS, CPU seconds per I/O, how busy the device's CPU was, 0..1 or
    None): where that CPU is near 1 the loop device is the limit, and
    the IOPS ratio is the device's noise, not the tool's speed."""
    before = cpu_ticks(DEV_CPU) if DEV_CPU is not None else None
    out, cpu = timed(command(tool, blktop, dev, case, setting,
                             ["--runtime=%d" % runtime, "--time_based"]))
    busy = None
    if before is not None:
        after = cpu_ticks(DEV_CPU)
        b, i = after[0] - before[0], after[1] - before[1]
        busy = b / max(b + i, 1)
    doc = json.loads(out[out.index("{"):])
    return iops_of(doc), cpu / max(ios_of(doc), 1), busy


def busy_of(res):
    return "" if res[2] is None else " (device CPU %.0f %% busy)" % (100 * res[2])


def fastest(blktop, dev, name, settings, select_rounds, rounds, runtime):
    """Each tool's fastest setting for one case, then the winners in
    alternated pairs; prints both steps."""
    case = CASES[name]
    best = {}
    for tool in ("blktop", "fio"):
        med = {}
        for setting in settings:
            med[setting] = statistics.median(
                run(tool, blktop, dev, case, setting, runtime)[0] for _ in range(select_rounds))
        best[tool] = max(med, key=med.get)
        print("fastest   %-18s %s: %s" % (name, tool, ", ".join(
            "%s %.0f" % (k, v) for k, v in sorted(med.items(), key=lambda kv: -kv[1]))))
    ratios, cpu_ratios = [], []
    for r in range(rounds):
        order = ("blktop", "fio") if r % 2 == 0 else ("fio", "blktop")
        res = {tool: run(tool, blktop, dev, case, best[tool], runtime) for tool in order}
        ratios.append(res["blktop"][0] / res["fio"][0])
        cpu_ratios.append(res["blktop"][1] / res["fio"][1])
    # Polling buys IOPS with CPU time: the winners' CPU per I/O is said too.
    print("fastest   %-18s blktop %s against fio %s: IOPS ratio median %.3f (min %.3f max %.3f); "
          "CPU/IO ratio median %.3f"
          % (name, best["blktop"], best["fio"], statistics.median(ratios), min(ratios),
             max(ratios), statistics.median(cpu_ratios)))
    sys.stdout.flush()


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


def instructions_per_io(blktop, dev, case, setting, small, large):
    """User-space instructions per I/O for one case: the difference between
    two runs of different io_size (per job), so start-up and tear-down
    cancel out. fio runs its jobs as threads so callgrind sees them all."""
    res = {}
    bs = int(case[1].rstrip("k")) * 1024
    ios = (large - small) // bs * case[3]
    for tool in ("blktop", "fio"):
        irs = []
        for size in (small, large):
            extra = ["--io_size=%d" % size] + (["--thread"] if tool == "fio" else [])
            irs.append(callgrind_ir(command(tool, blktop, dev, case, setting, extra)))
        res[tool] = (irs[1] - irs[0]) / ios
    return res


def devcheck(scratch, blktop, setting, rounds):
    """Completed+merged and merged requests for the same fixed-size job."""
    for rw in ("read", "write"):
        case = (rw, "128k", 8, 1)
        seen = {"blktop": [], "fio": []}
        for r in range(rounds):
            row = {}
            order = ("blktop", "fio") if r % 2 == 0 else ("fio", "blktop")
            for tool in order:
                before = scratch.stat()
                out = sh(*command(tool, blktop, scratch.dev, case, setting, ["--size=256m"]))
                after = scratch.stat()
                d = [a - b for a, b in zip(after, before)]
                done, merged, sectors = d[0:3] if rw == "read" else d[3:6]
                # Other processes probe every loop device now and then (a
                # few dozen small reads): fio's requests are counted from
                # the sectors it moved (256 per 128k request), where those
                # weigh little; merges as counted.
                done = sectors // 256 - merged
                if tool == "blktop":
                    # blktop's safety verdict reads the device before the
                    # job: its own disk_util covers the run alone.
                    u = json.loads(out)["disk_util"][0]
                    done = u["%s_ios" % rw]
                    merged = u["%s_merges" % rw]
                row[tool] = (done + merged, merged)
                seen[tool].append(row[tool])
            b, f = row["blktop"], row["fio"]
            print("  devcheck %-9s 128k %-5s qd8 round %d: completed+merged blktop %d fio %d "
                  "(%+.2f %%), merged blktop %d fio %d (%+.2f %%)"
                  % (setting, rw, r + 1, b[0], f[0], 100.0 * (b[0] - f[0]) / max(f[0], 1),
                     b[1], f[1], 100.0 * (b[1] - f[1]) / max(f[1], 1)))
            sys.stdout.flush()
        # With complete_min=1 how many I/Os each submit call carries depends
        # on when completions arrive, for fio as for blktop: single rounds
        # differ by a few percent between two fio runs too, so the medians
        # are what is compared.
        med = {t: [statistics.median(v[i] for v in seen[t]) for i in (0, 1)] for t in seen}
        b, f = med["blktop"], med["fio"]
        print("  devcheck %-9s 128k %-5s qd8 medians: completed+merged blktop %d fio %d "
              "(%+.2f %%), merged blktop %d fio %d (%+.2f %%); fio's own spread of merged %d..%d"
              % (setting, rw, b[0], f[0], 100.0 * (b[0] - f[0]) / max(f[0], 1), b[1], f[1],
                 100.0 * (b[1] - f[1]) / max(f[1], 1),
                 min(v[1] for v in seen["fio"]), max(v[1] for v in seen["fio"])))


def main():
    global DEV_CPU
    ap = argparse.ArgumentParser()
    ap.add_argument("--blktop", default=os.path.join(os.path.dirname(__file__), "../../blktop"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--runtime", type=int, default=5)
    ap.add_argument("--size-mb", type=int, default=1024)
    ap.add_argument("--settings", default="all")
    ap.add_argument("--cases", default="all")
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--devcheck", action="store_true")
    ap.add_argument("--fastest", action="store_true")
    ap.add_argument("--select-rounds", type=int, default=3)
    ap.add_argument("--pin", default="")
    a = ap.parse_args()
    names = list(CASES) if a.cases == "all" else [n for n in a.cases.split(",") if n]
    every = FASTEST_SETTINGS if a.fastest else SETTINGS
    settings = every if a.settings == "all" else [s for s in a.settings.split(",") if s]
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]

    old_mask = None
    if a.pin:
        job_cpu, dev_cpu = a.pin.split(":")
        PREFIX.extend(["taskset", "-c", job_cpu])
        DEV_CPU = int(dev_cpu)
        with open(WQ_MASK) as f:
            old_mask = f.read().strip()
        with open(WQ_MASK, "w") as f:
            f.write("%x" % (1 << int(dev_cpu)))
    scratch = None
    try:
        scratch = Scratch(a.size_mb)
        print("device %s (%d MiB, random data), %d rounds x %d s, alternated; load average %s%s"
              % (scratch.dev, a.size_mb, a.rounds, a.runtime, load,
                 "; jobs on CPU %s, unbound workqueues on CPU %s" % (job_cpu, dev_cpu)
                 if a.pin else ""))
        if a.fastest:
            for name in names:
                fastest(a.blktop, scratch.dev, name, settings, a.select_rounds, a.rounds,
                        a.runtime)
            return
        for setting in settings:
            for name in names if a.rounds > 0 else []:
                case = CASES[name]
                iops_r, cpu_r, rows = [], [], []
                for r in range(a.rounds):
                    order = ("blktop", "fio") if r % 2 == 0 else ("fio", "blktop")
                    res = {}
                    for tool in order:
                        res[tool] = run(tool, a.blktop, scratch.dev, case, setting, a.runtime)
                    b, f = res["blktop"], res["fio"]
                    iops_r.append(b[0] / f[0])
                    cpu_r.append(b[1] / f[1])
                    rows.append("    round %d: blktop %.0f IOPS %.2f us/IO%s, fio %.0f IOPS "
                                "%.2f us/IO%s" % (r + 1, b[0], b[1] * 1e6, busy_of(b), f[0],
                                                  f[1] * 1e6, busy_of(f)))
                print("%-9s %-18s IOPS ratio median %.3f (min %.3f max %.3f); "
                      "CPU/IO ratio median %.3f"
                      % (setting, name, statistics.median(iops_r), min(iops_r), max(iops_r),
                         statistics.median(cpu_r)))
                print("\n".join(rows))
                sys.stdout.flush()
            for name in names if a.callgrind else []:
                case = CASES[name]
                # 8192 I/Os apart per job: the monitor's per-second work
                # (a run's length varies on a busy machine) then weighs
                # a few instructions per I/O at most.
                bs = int(case[1].rstrip("k")) * 1024
                small, large = 1024 * bs, 9216 * bs
                ir = instructions_per_io(a.blktop, scratch.dev, case, setting, small, large)
                print("%-9s %-18s callgrind user-space instructions per I/O: "
                      "blktop %.0f, fio %.0f, ratio %.3f"
                      % (setting, name, ir["blktop"], ir["fio"], ir["blktop"] / ir["fio"]))
                sys.stdout.flush()
            if a.devcheck:
                devcheck(scratch, a.blktop, setting, max(1, a.rounds or 7))
    finally:
        if scratch:
            scratch.close()
        if old_mask is not None:
            with open(WQ_MASK, "w") as f:
                f.write(old_mask)


if __name__ == "__main__":
    main()
