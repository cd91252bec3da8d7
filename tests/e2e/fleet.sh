#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet.sh - --hosts with a far-side blktop, against real OpenSSH servers
# on this machine only (sshd_lib.sh: one sshd per host, each in its own
# network namespace with its own address, or on its own 127.0.0.N where
# namespaces cannot be made; nothing leaves this machine). Each host has its own
# scratch loop device. Checks: two and four hosts run and report, the
# fleet's figures are the sum of the hosts', its percentiles those of the
# hosts' histograms combined, and with --status-interval each host's live
# figures come from its far side's jsonl stream; a host whose verdict
# refuses a write stops every host from starting (and --hosts-partial
# starts the others); an unreachable host is named; a host killed
# mid-run is marked dropped while the others go on and report after a
# stop; no blktop is left running on any host afterwards.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
require_sshd
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

# BLKTOP may be the valgrind wrapper: the hosts run the real binary.
remote=${BLKTOP_REAL:-$BLKTOP}
case $remote in /*) ;; *) remote=$(pwd)/$remote ;; esac

start_disk_hosts 2 3 4 5

fleet() {
	# --ssh first: this blktop's command line must not look like a far
	# side's (those start with --dry-run or --batch).
	"$BLKTOP" --ssh="$SSH_CMD" --batch --remote-blktop="$remote" "$@"
}

# The far sides of this test: the remote blktop's command line starts
# with its path and names one of this test's devices.
ours="^$remote (--dry-run|--batch) --output-format=jsonl? .*($dev2|$dev3|$dev4|$dev5)( |\$)"
# No blktop of ours left on any host.
none_left() {
	i=0
	while pgrep -f "$ours" >/dev/null; do
		i=$((i + 1))
		[ $i -lt 100 ] || { fail "$1: a far-side blktop is still running: $(pgrep -af "$ours")"; return; }
		sleep 0.1
	done
	pass "$1: no blktop left running on any host"
}

# Two hosts, each its own target, JSON: every host done, and the fleet's
# rates and I/O counts are the sums of the hosts'.
out=$(fleet --output-format=json --hosts="$h2=$dev2,$h3=$dev3" --run randread \
	--runtime=1 --time_based --bs=4k --iodepth=4 2>"$WORK/err")
rc=$?
[ $rc = 0 ] || fail "two hosts: exit $rc: $(cat "$WORK/err")"
printf '%s\n' "$out" >"$WORK/two.json"
jq -e '.hosts | length == 2 and all(.state == "done" and .verdict == "safe" and .driver == "blktop")' \
	"$WORK/two.json" >/dev/null && pass "two hosts: both done, verdict safe" ||
	fail "two hosts: $(jq -c '[.hosts[] | {host, state, verdict, message}]' "$WORK/two.json")"
jq -e '(.fleet.read.total_ios == ([.hosts[].report.jobs[].read.total_ios] | add)) and
	(.fleet.read.total_ios > 0) and
	((.fleet.read.iops - ([.hosts[].report.jobs[].read.iops] | add)) | fabs < 0.01) and
	(.fleet.read.io_bytes == ([.hosts[].report.jobs[].read.io_bytes] | add))' \
	"$WORK/two.json" >/dev/null && pass "two hosts: fleet totals = the sum of the host reports" ||
	fail "two hosts: fleet $(jq -c '.fleet.read' "$WORK/two.json") vs hosts $(jq -c '[.hosts[].report.jobs[].read | {total_ios, iops}]' "$WORK/two.json")"
# The fleet's percentiles are those of the hosts' histograms added up
# bucket by bucket (the far sides' jsonl final lines carry clat_ns.bins).
if python3 - "$WORK/two.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bins = {}
for h in d["hosts"]:
    for j in h["report"]["jobs"]:
        for k, c in j["read"]["clat_ns"]["bins"].items():
            bins[int(k)] = bins.get(int(k), 0) + c
total = sum(bins.values())
got = d["fleet"]["read"]["clat_ns"]["percentile"]
bad = []
for key, v in got.items():
    want, run = None, 0
    for ns in sorted(bins):
        run += bins[ns]
        if run >= float(key) / 100.0 * total:
            want = ns
            break
    if v != want:
        bad.append("%s: fleet %s, combined histogram %s" % (key, v, want))
n = d["fleet"]["read"]["clat_ns"]["N"]
if total != n or total != d["fleet"]["read"]["total_ios"] or len(got) != 17:
    bad.append("histogram total %d, clat N %d, %d percentiles" % (total, n, len(got)))
if bad:
    print("; ".join(bad))
sys.exit(1 if bad else 0)
PY
then
	pass "two hosts: merged percentiles = those of the combined histogram"
else
	fail "two hosts: merged percentiles differ from the combined histogram's"
fi
# Each host ran on its own device, not on another's.
for pair in "$h2 $dev2" "$h3 $dev3"; do
	set -- $pair
	jq -e --arg h "$1" --arg d "$2" '.hosts[] | select(.host == $h) | .target == $d' \
		"$WORK/two.json" >/dev/null || fail "two hosts: $1 did not run on $2"
done
none_left "two hosts"

# Four hosts, the same target name on each (TARGET for all): here every
# host is this machine, so the hosts share one device, read-only.
out=$(fleet --hosts="$h2,$h3,$h4,$h5" --run randread "$dev2" --runtime=1 --time_based \
	--status-interval=1 2>"$WORK/err")
rc=$?
[ $rc = 0 ] && [ "$(printf '%s\n' "$out" | grep -c ': done (blktop')" = 4 ] &&
	printf '%s\n' "$out" | grep -q '^Fleet: 4 hosts, 4 reported' &&
	pass "four hosts: four reports and the fleet's" ||
	fail "four hosts: exit $rc: $out $(cat "$WORK/err")"
# --status-interval: each host's live figures, read from its stream as
# the far side sent them, before the reports.
live=0
for h in "$h2" "$h3" "$h4" "$h5"; do
	printf '%s\n' "$out" | grep -q "^$h: t=[0-9.]*s read: IOPS=.*p99=" && live=$((live + 1))
done
[ $live = 4 ] && pass "four hosts: a live line per host from its interval stream" ||
	fail "four hosts: $live hosts with a live line: $out"
none_left "four hosts"

# A job file is read here and sent to each host: two sections on each of
# two hosts make four jobs in the fleet's report.
printf '[global]\nrw=randread\nruntime=1\ntime_based=1\nbs=4k\n[a]\nfilename=%s\n[b]\nfilename=%s\n' \
	"$dev2" "$dev3" >"$WORK/two.fio"
out=$(fleet --output-format=json --hosts="$h2,$h3" --job "$WORK/two.fio" 2>"$WORK/err")
rc=$?
printf '%s\n' "$out" >"$WORK/job.json"
[ $rc = 0 ] && jq -e '.fleet.jobs == 4 and ([.hosts[].report.jobs[].jobname] | sort) == ["a", "a", "b", "b"]' \
	"$WORK/job.json" >/dev/null && pass "--job: the file reached both hosts, four jobs reported" ||
	fail "--job: exit $rc: $(jq -c '.fleet' "$WORK/job.json" 2>&1) $(cat "$WORK/err")"
none_left "--job"

# A host whose verdict refuses the write: no host starts (exit 3), and the
# refusing host is named with its verdict.
mkfs.ext4 -q -F "$dev5" >/dev/null 2>&1 || die "mkfs.ext4 failed"
w2=$(cat "/sys/block/$(basename "$dev2")/stat" | awk '{ print $5 }')
out=$(fleet --output-format=json --hosts="$h2=$dev2,$h5=$dev5" --run randwrite --size=4m \
	2>"$WORK/err")
rc=$?
printf '%s\n' "$out" >"$WORK/refused.json"
[ $rc = 3 ] || fail "refusing host: exit $rc, not 3"
jq -e --arg h "$h5" '.hosts[] | select(.host == $h) | .state == "refused" and .verdict == "has-data"' \
	"$WORK/refused.json" >/dev/null && pass "refusing host: refused, has-data" ||
	fail "refusing host: $(jq -c '.hosts' "$WORK/refused.json")"
jq -e --arg h "$h2" '.hosts[] | select(.host == $h) | .state == "not-started"' \
	"$WORK/refused.json" >/dev/null && pass "refusing host: the other host did not start" ||
	fail "refusing host: $(jq -c '.hosts' "$WORK/refused.json")"
[ "$(awk '{ print $5 }' "/sys/block/$(basename "$dev2")/stat")" = "$w2" ] ||
	fail "refusing host: $dev2 was written although a host refused"
# --hosts-partial: the other host starts; the refusal still sets exit 3.
out=$(fleet --hosts-partial --hosts="$h2=$dev2,$h5=$dev5" --run randwrite --size=4m 2>"$WORK/err")
rc=$?
[ $rc = 3 ] && printf '%s\n' "$out" | grep -q "^$h2: done" &&
	printf '%s\n' "$out" | grep -q "^$h5: refused" &&
	pass "--hosts-partial: the allowed host ran, the refusing one did not" ||
	fail "--hosts-partial: exit $rc: $out"
none_left "refusing host"

# An unreachable host (no sshd on 127.0.0.9): named, exit 1, nobody starts.
out=$(fleet --hosts="$h2=$dev2,127.0.0.9:$SSHD_PORT=$dev3" --run randread --runtime=1 \
	--time_based 2>"$WORK/err")
rc=$?
[ $rc = 1 ] && printf '%s\n' "$out" | grep -q "^127.0.0.9:$SSHD_PORT: unreachable" &&
	pass "unreachable host: named, exit 1" || fail "unreachable host: exit $rc: $out"

# A host killed mid-run: it is dropped, the other goes on; a stop (SIGINT)
# then ends the other with its report, and nothing is left on any host.
# (exec: $! is then blktop itself, not a subshell running it.)
(exec "$BLKTOP" --ssh="$SSH_CMD" --batch --remote-blktop="$remote" --output-format=json \
	--hosts="$h2=$dev2,$h3=$dev3" --run randread --runtime=120 --time_based \
	>"$WORK/kill.json" 2>"$WORK/err") &
pid=$!
i=0
until pgrep -f "^$remote --batch --output-format=jsonl .*$dev3( |\$)" >/dev/null &&
	pgrep -f "^$remote --batch --output-format=jsonl .*$dev2( |\$)" >/dev/null; do
	i=$((i + 1))
	[ $i -lt 600 ] || { kill "$pid"; die "the far-side runs never started: $(cat "$WORK/err")"; }
	sleep 0.1
done
for far in $(pgrep -f "^$remote --batch --output-format=jsonl .*$dev3( |\$)"); do
	pid_not_elsewhere "$far" 3 || fail "killed host: its far side $far is not in $(host_ns 3)'s network"
done
pkill -KILL -f "^$remote --batch --output-format=jsonl .*$dev3( |\$)"
# The far side of host 3 is gone: its shell there ends, then its ssh.
i=0
ip3=$(host_ip 3 | sed 's/\./\\./g')
while pgrep -f "BatchMode=yes.*$ip3 " >/dev/null; do
	i=$((i + 1))
	[ $i -lt 300 ] || { fail "killed host: its ssh did not end"; break; }
	sleep 0.1
done
kill -INT "$pid"
wait "$pid"
rc=$?
[ $rc = 130 ] || fail "killed host: exit $rc, not 130 (stopped by SIGINT): $(cat "$WORK/err")"
jq -e --arg a "$h2" --arg b "$h3" '
	(.hosts[] | select(.host == $a) | .state == "stopped" and (.report.jobs[0].read.total_ios > 0)) and
	(.hosts[] | select(.host == $b) | .state == "dropped" and (.report == null))' \
	"$WORK/kill.json" >/dev/null &&
	pass "killed host: dropped; the other stopped on SIGINT with its report" ||
	fail "killed host: $(jq -c '[.hosts[] | {host, state, exit_status, message}]' "$WORK/kill.json")"
none_left "killed host"
# A far-side blktop from before jsonl (a stand-in that answers as blktop
# 0.0.9 did: --output-format takes normal, json and csv) is refused at
# its check, in one line naming its version; nothing runs there.
cat >"$WORK/old_blktop" <<EOF
#!/bin/sh
[ "\$1" = --version ] && { echo "blktop 0.0.9"; echo "engines: libaio"; exit 0; }
for a; do
	case \$a in
	--output-format=normal|--output-format=json|--output-format=csv) ;;
	--output-format=*)
		echo "blktop: --output-format: unknown format '\${a#--output-format=}' (allowed: normal, json, csv)" >&2
		exit 2 ;;
	esac
done
exec "$remote" "\$@"
EOF
chmod +x "$WORK/old_blktop"
r2=$(awk '{ print $3 }' "/sys/block/$(basename "$dev2")/stat")
out=$("$BLKTOP" --ssh="$SSH_CMD" --batch --remote-blktop="$WORK/old_blktop" --hosts="$h2=$dev2" \
	--run randread --runtime=1 2>&1)
rc=$?
[ $rc != 0 ] && [ "$(printf '%s\n' "$out" | grep -c 'too old')" = 1 ] &&
	printf '%s\n' "$out" | grep 'too old' | grep -q 'blktop 0.0.9' &&
	pass "blktop too old for jsonl: refused in one line: $(printf '%s\n' "$out" | grep 'too old')" ||
	fail "blktop too old for jsonl: exit $rc: $out"
# Probes read the device too (the far side's own verdict check, and other
# tests' screens probing every new loop device: more than 256 sectors once
# under load); the 1 s job that must not run would read far more.
[ $(($(awk '{ print $3 }' "/sys/block/$(basename "$dev2")/stat") - r2)) -lt 4096 ] ||
	fail "blktop too old for jsonl: $dev2 was read"
finish
