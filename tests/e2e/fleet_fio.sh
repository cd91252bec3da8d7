#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_fio.sh - --hosts --driver=fio: fio's own server on each far side,
# started over the test's OpenSSH servers (sshd_lib.sh: four hosts, each
# in its own network namespace, or on 127.0.0.2-5 where namespaces cannot
# be made; nothing leaves this machine), bound to 127.0.0.1 there and
# reached through ssh -W. Checks: two and four hosts read and report, each
# on its own device, the fleet's figures the sum of the hosts'; a write without
# --force is refused by fio under the --readonly blktop adds; a server
# killed mid-run is marked dropped while the other host finishes; a
# server of a protocol version nobody knows (a fake one) is refused with
# its version named; no fio server is left running afterwards.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
require_sshd
command -v fio >/dev/null 2>&1 || skip "fio is missing: fio's server as a far side is NOT tested (apt-get install fio)"
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
command -v python3 >/dev/null 2>&1 || die "python3 is missing (the fake server needs it)"

devs=""
for n in 2 3 4 5; do
	img=$(sparse_file "disk$n.img" 64M)
	d=$(attach "$img") || die "cannot attach a loop device"
	devs="$devs $d"
done
start_hosts 2 3 4 5
set -- $devs
dev2=$1 dev3=$2 dev4=$3 dev5=$4
h2=$(host_name 2) h3=$(host_name 3) h4=$(host_name 4) h5=$(host_name 5)
# fio's servers: the first host's on FPORT, the next on FPORT+1... (PORT+N-1).
FPORT=$((30000 + $$ % 20000))
servers="fio --server=127.0.0.1,($FPORT|$((FPORT + 1))|$((FPORT + 2))|$((FPORT + 3)))\$"
on_cleanup "pkill -KILL -f '^$servers'; true"
fake="$top_srcdir/tests/e2e/fio_fake_server.py"
case $fake in /*) ;; *) fake=$(pwd)/$fake ;; esac
on_cleanup "pkill -KILL -f 'fio_fake_server.py --server=127.0.0.1,$FPORT\$'; true"

fleet() {
	"$BLKTOP" --ssh="$SSH_CMD" --batch --driver=fio --fio-port="$FPORT" "$@"
}
none_left() {
	i=0
	while pgrep -f "^$servers" >/dev/null; do
		i=$((i + 1))
		[ $i -lt 100 ] || { fail "$1: a fio server is still running: $(pgrep -af "^$servers")"; return; }
		sleep 0.1
	done
	pass "$1: no fio server left running"
}
sectors_read() { awk '{ print $3 }' "/sys/block/$(basename "$1")/stat"; }
sectors_written() { awk '{ print $7 }' "/sys/block/$(basename "$1")/stat"; }

# Two hosts, each its own device, a read job: both done, with fio's
# version and protocol named, and what fio read there.
r2=$(sectors_read "$dev2") r3=$(sectors_read "$dev3")
out=$(fleet --output-format=json --hosts="$h2=$dev2,$h3=$dev3" --run randread \
	--runtime=1 --time_based --bs=4k --ioengine=libaio --iodepth=4 --direct=1 2>"$WORK/err")
rc=$?
printf '%s\n' "$out" >"$WORK/two.json"
[ $rc = 0 ] || fail "two hosts: exit $rc: $(cat "$WORK/err")"
jq -e '.hosts | length == 2 and all(.state == "done" and .driver == "fio" and
	(.version | test("protocol [0-9]+")))' "$WORK/two.json" >/dev/null &&
	pass "two hosts: both done with fio ($(jq -r '.hosts[0].version' "$WORK/two.json"))" ||
	fail "two hosts: $(jq -c '[.hosts[] | {host, state, version, message}]' "$WORK/two.json" 2>&1) $(cat "$WORK/err")"
grep -q -- '--readonly' "$WORK/err" && pass "two hosts: stderr says fio runs with --readonly" ||
	fail "two hosts: stderr does not mention --readonly: $(cat "$WORK/err")"
jq -e '(.fleet.read.total_ios == ([.hosts[].report.jobs[].read.total_ios] | add)) and
	(.fleet.read.total_ios > 0) and
	((.fleet.read.iops - ([.hosts[].report.jobs[].read.iops] | add)) | fabs < 0.01) and
	(.fleet.read.io_bytes == ([.hosts[].report.jobs[].read.io_bytes] | add)) and
	(.fleet.read.clat_ns.percentile["99.000000"] > 0) and
	all(.hosts[].report.jobs[].read; .clat_ns.N == .total_ios and
		([.clat_ns.bins[]] | add) == .total_ios)' \
	"$WORK/two.json" >/dev/null && pass "two hosts: fleet totals = the sum of the hosts' status, histograms whole" ||
	fail "two hosts: fleet $(jq -c '.fleet.read' "$WORK/two.json") vs hosts $(jq -c '[.hosts[].report.jobs[].read | {total_ios, iops, N: .clat_ns.N}]' "$WORK/two.json")"
# Each server read its own host's device (other screens' probes add a
# few reads; fio's own are at least what it reported).
for pair in "$h2 $dev2 $r2" "$h3 $dev3 $r3"; do
	set -- $pair
	bytes=$(jq --arg h "$1" '.hosts[] | select(.host == $h) | .report.jobs[0].read.io_bytes' "$WORK/two.json")
	now=$(sectors_read "$2")
	[ -n "$bytes" ] && [ "$bytes" -gt 0 ] && [ $(((now - $3) * 512)) -ge "$bytes" ] ||
		fail "two hosts: $1 reported $bytes bytes but $2 read $(((now - $3) * 512))"
done
none_left "two hosts"

# Four hosts at once, each its own device: four reports and the fleet's,
# each host's read on its own device.
for n in 2 3 4 5; do eval "r$n=\$(sectors_read \"\$dev$n\")"; done
out=$(fleet --hosts="$h2=$dev2,$h3=$dev3,$h4=$dev4,$h5=$dev5" --run randread --runtime=1 \
	--time_based --bs=4k 2>"$WORK/err")
rc=$?
[ $rc = 0 ] && [ "$(printf '%s\n' "$out" | grep -c ': done (fio ')" = 4 ] &&
	printf '%s\n' "$out" | grep -q '^Fleet: 4 hosts, 4 reported' &&
	pass "four hosts: four reports and the fleet's" ||
	fail "four hosts: exit $rc: $out $(cat "$WORK/err")"
for n in 2 3 4 5; do
	eval "d=\$dev$n r=\$r$n"
	[ $(($(sectors_read "$d") - r)) -gt 0 ] || fail "four hosts: nothing was read on host $n's $d"
done
none_left "four hosts"

# A write without --force: fio, under --readonly, refuses it on each host;
# nothing is written.
w2=$(sectors_written "$dev2")
out=$(fleet --output-format=json --hosts="$h2=$dev2,$h3=$dev3" --run randwrite --size=4m \
	--ioengine=libaio --direct=1 2>"$WORK/err")
rc=$?
printf '%s\n' "$out" >"$WORK/write.json"
[ $rc = 3 ] && jq -e '.hosts | all(.state == "refused")' "$WORK/write.json" >/dev/null &&
	pass "write without --force: refused on both hosts (exit 3): $(jq -r '.hosts[0].message' "$WORK/write.json")" ||
	fail "write without --force: exit $rc: $(jq -c '[.hosts[] | {host, state, message}]' "$WORK/write.json" 2>&1)"
grep -q -- '--force' "$WORK/err" || fail "write without --force: stderr does not say --force allows it: $(cat "$WORK/err")"
[ "$(sectors_written "$dev2")" = "$w2" ] || fail "write without --force: $dev2 was written"
none_left "write without --force"

# A server killed mid-run: that host is dropped, the other finishes.
r3=$(sectors_read "$dev3")
(exec "$BLKTOP" --ssh="$SSH_CMD" --batch --driver=fio --fio-port="$FPORT" --output-format=json \
	--hosts="$h2=$dev2,$h3=$dev3" --run randread --runtime=6 --time_based --bs=4k \
	>"$WORK/kill.json" 2>"$WORK/err") &
pid=$!
i=0
# fio reads on host 3's device: its job is running.
until [ $(($(sectors_read "$dev3") - r3)) -gt 20000 ]; do
	i=$((i + 1))
	[ $i -lt 600 ] || { kill "$pid"; die "the job on host 3 never started: $(cat "$WORK/err")"; }
	sleep 0.1
done
# The server runs in host 3's network, not this one.
# (fio's server, its connection, its jobs: all fio processes.)
for spid in $(pgrep -f "^fio --server=127.0.0.1,$((FPORT + 1))\$"); do
	pid_in_host "$spid" 3 ||
		fail "killed server: fio process $spid is not in $(host_ns 3)'s network but '$(ip netns identify "$spid")'"
done
pkill -KILL -f "^fio --server=127.0.0.1,$((FPORT + 1))\$"
wait "$pid"
rc=$?
[ $rc = 1 ] || fail "killed server: exit $rc, not 1: $(cat "$WORK/err")"
jq -e --arg a "$h2" --arg b "$h3" '
	(.hosts[] | select(.host == $a) | .state == "done" and (.report.jobs[0].read.total_ios > 0)) and
	(.hosts[] | select(.host == $b) | .state == "dropped" and (.report == null))' \
	"$WORK/kill.json" >/dev/null &&
	pass "killed server: dropped; the other host finished with its report" ||
	fail "killed server: $(jq -c '[.hosts[] | {host, state, message}]' "$WORK/kill.json" 2>&1)"
none_left "killed server"

# A server of an unknown protocol version: refused, its version named.
out=$(fleet --remote-fio="$fake" --hosts="$h2=$dev2" --run randread --runtime=1 2>"$WORK/err")
rc=$?
[ $rc = 1 ] && printf '%s\n' "$out" | grep -q "^$h2: broken" &&
	printf '%s\n' "$out" | grep -q 'protocol version 150' &&
	pass "unknown protocol: refused, named: $(printf '%s\n' "$out" | grep 'version 150')" ||
	fail "unknown protocol: exit $rc: $out $(cat "$WORK/err")"
pgrep -f "fio_fake_server.py --server=127.0.0.1,$FPORT\$" >/dev/null &&
	fail "unknown protocol: the fake server is still running"
finish
