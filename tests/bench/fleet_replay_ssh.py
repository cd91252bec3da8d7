#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_replay_ssh.py - a stand-in for ssh in fleet_overhead.sh: a
# simulated far side, no network. Called as blktop calls its --ssh
# command (SSH -o BatchMode=yes [-p PORT] [-l USER] -- HOST REMOTE):
# the verdict (REMOTE runs blktop --dry-run) is run here for real, cheap;
# the run replays STREAM, a jsonl stream recorded from a real blktop:
# its start line, then an interval line a second (the recorded ones in a
# loop, their t_ms carried on), and its final line once our stdin ends
# (blktop's stop), as the far side's wrapper does.
import os
import re
import select
import sys


def main():
    stream = sys.argv[1]
    args = sys.argv[2:]
    remote = args[args.index("--") + 2] if "--" in args else ""
    if "--dry-run" in remote:
        os.execv("/bin/sh", ["sh", "-c", remote])
    lines = open(stream).read().splitlines()
    start = [l for l in lines if '"type":"start"' in l]
    final = [l for l in lines if '"type":"final"' in l]
    # The last interval of a recording is its short tail: left out.
    intervals = [l for l in lines if '"type":"interval"' in l][:-1]
    out = sys.stdout
    out.write(start[0] + "\n")
    out.flush()
    i, t_ms = 0, 0
    while True:
        r, _, _ = select.select([0], [], [], 1.0)
        if r and not os.read(0, 4096):
            break
        if r:
            continue
        t_ms += 1000
        line = re.sub(r'"t_ms":[0-9]+', '"t_ms":%d' % t_ms, intervals[i % len(intervals)], count=1)
        i += 1
        out.write(line + "\n")
        out.flush()
    out.write(final[0] + "\n")
    out.flush()


if __name__ == "__main__":
    main()
