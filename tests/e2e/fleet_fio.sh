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
# its version named; no fio server is left running afterwards. Also: the
# fleet's percentiles are the combined histogram's; live lines from each
# server's ETA; a two-section job file with HOST=TARGET runs on each
# host's own device; jobs that run programs are refused before any host
# is reached; a server asking for a file (a fake) gets no file, and no
# VTRIGGER is ever sent.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
require_sshd
command -v fio >/dev/null 2>&1 || skip "fio is missing: fio's server as a far side is NOT tested (apt-get install fio)"
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
command -v python3 >/dev/null 2>&1 || die "python3 is missing (the fake server needs it)"

start_disk_hosts 2 3 4 5
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
	--runtime=2 --time_based --bs=4k --ioengine=libaio --iodepth=4 --direct=1 \
	--status-interval=1 2>"$WORK/err")
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
		([.clat_ns.bins[]] | add) == .total_ios) and
	all(.hosts[]; .report.jobs | length == 1)' \
	"$WORK/two.json" >/dev/null && pass "two hosts: fleet totals = the sum of the hosts' status, histograms whole" ||
	fail "two hosts: fleet $(jq -c '.fleet.read' "$WORK/two.json") vs hosts $(jq -c '[.hosts[].report.jobs[].read | {total_ios, iops, N: .clat_ns.N}]' "$WORK/two.json")"
# The fleet's percentiles are those of the hosts' histograms added up
# (fio's rule: the first bin whose running count reaches p% of all),
# never an average of the hosts' percentiles.
jq -e '
def pct($b; $tot; $p): reduce $b[] as $x ({run: 0, v: null};
	if .v == null then (.run += $x.n) | (if .run >= $p / 100 * $tot then .v = $x.ns else . end)
	else . end) | .v;
([.hosts[].report.jobs[].read.clat_ns.bins | to_entries[]] | group_by(.key | tonumber) |
	map({ns: (.[0].key | tonumber), n: (map(.value) | add)}) | sort_by(.ns)) as $b |
($b | map(.n) | add) as $tot | .fleet.read.clat_ns.percentile as $f |
[pct($b; $tot; 50), pct($b; $tot; 99), pct($b; $tot; 99.9)] ==
	[$f["50.000000"], $f["99.000000"], $f["99.900000"]]' "$WORK/two.json" >/dev/null &&
	pass "two hosts: merged p50/p99/p99.9 = those of the combined histogram ($(jq -c '[.fleet.read.clat_ns.percentile["50.000000","99.000000","99.900000"]]' "$WORK/two.json"))" ||
	fail "two hosts: merged percentiles $(jq -c '.fleet.read.clat_ns.percentile' "$WORK/two.json") are not the combined histogram's"
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
out=$(fleet --hosts="$h2=$dev2,$h3=$dev3,$h4=$dev4,$h5=$dev5" --run randread --runtime=3 \
	--time_based --bs=4k --status-interval=1 2>"$WORK/err")
rc=$?
[ $rc = 0 ] && [ "$(printf '%s\n' "$out" | grep -c ': done (fio ')" = 4 ] &&
	printf '%s\n' "$out" | grep -q '^Fleet: 4 hosts, 4 reported' &&
	pass "four hosts: four reports and the fleet's" ||
	fail "four hosts: exit $rc: $out $(cat "$WORK/err")"
for n in 2 3 4 5; do
	eval "d=\$dev$n r=\$r$n"
	[ $(($(sectors_read "$d") - r)) -gt 0 ] || fail "four hosts: nothing was read on host $n's $d"
done
# Live figures: fio's ETA (SEND_ETA) each interval, a line per host with
# its read rate, not zero.
for h in "$h2" "$h3" "$h4" "$h5"; do
	printf '%s\n' "$out" | grep -Eq "^$h: t=[0-9.]+s read: IOPS=[1-9]" ||
		fail "four hosts: no live line with read IOPS for $h: $out"
done
pass "four hosts: live lines from fio's ETA for each host ($(printf '%s\n' "$out" | grep -m1 "^$h2: t="))"
none_left "four hosts"

# A job file of two sections, each host its own target (HOST=TARGET):
# the file's own filenames give way to the host's; both sections run on
# each host, on that host's device.
cat >"$WORK/two.fio" <<EOF
[global]
ioengine=libaio
direct=1
bs=4k
runtime=1
time_based
filename=/nonexistent/blktop-fleet-test
[rand]
rw=randread
[seq]
rw=read
filename=/nonexistent/blktop-fleet-test2
EOF
r2=$(sectors_read "$dev2") r3=$(sectors_read "$dev3")
out=$(fleet --output-format=json --hosts="$h2=$dev2,$h3=$dev3" --job "$WORK/two.fio" 2>"$WORK/err")
rc=$?
printf '%s\n' "$out" >"$WORK/job.json"
[ $rc = 0 ] && jq -e 'all(.hosts[]; .state == "done" and (.report.jobs | length == 2) and
	all(.report.jobs[]; .read.total_ios > 0))' "$WORK/job.json" >/dev/null &&
	pass "job file, HOST=TARGET: two sections done on each host" ||
	fail "job file, HOST=TARGET: exit $rc: $(jq -c '[.hosts[] | {host, state, message, jobs: [.report.jobs[]?.jobname]}]' "$WORK/job.json" 2>&1) $(cat "$WORK/err")"
for pair in "$h2 $dev2 $r2" "$h3 $dev3 $r3"; do
	set -- $pair
	bytes=$(jq --arg h "$1" '[.hosts[] | select(.host == $h) | .report.jobs[].read.io_bytes] | add' "$WORK/job.json")
	now=$(sectors_read "$2")
	[ -n "$bytes" ] && [ "$bytes" != null ] && [ "$bytes" -gt 0 ] && [ $(((now - $3) * 512)) -ge "$bytes" ] ||
		fail "job file, HOST=TARGET: $1 reported $bytes bytes but $2 read $(((now - $3) * 512))"
done
none_left "job file, HOST=TARGET"

# A job that runs a program on the far side is never sent: refused here
# (exit 2) before any host is reached, from a job file's second section
# or from the command line.
printf '[a]\nrw=read\n[b]\nrw=read\nexec_prerun=touch %s/ran\n' "$WORK" >"$WORK/exec.fio"
out=$(fleet --hosts="$h2=$dev2" --job "$WORK/exec.fio" 2>&1)
rc=$?
[ $rc = 2 ] && printf '%s\n' "$out" | grep -q 'exec_prerun' && [ ! -e "$WORK/ran" ] &&
	pass "exec_prerun in a job file: refused (exit 2): $(printf '%s\n' "$out" | grep exec_prerun)" ||
	fail "exec_prerun in a job file: exit $rc: $out"
out=$(fleet --hosts="$h2=$dev2" --run read --exec_postrun="touch $WORK/ran" 2>&1)
rc=$?
[ $rc = 2 ] && printf '%s\n' "$out" | grep -q 'exec_postrun' && [ ! -e "$WORK/ran" ] &&
	pass "exec_postrun on the command line: refused (exit 2): $(printf '%s\n' "$out" | grep exec_postrun)" ||
	fail "exec_postrun on the command line: exit $rc: $out"
# fio dlopens an engine it does not know by name: a path is code to load.
printf '[a]\nrw=read\nioengine=%s/engine.so\n' "$WORK" >"$WORK/so.fio"
out=$(fleet --hosts="$h2=$dev2" --job "$WORK/so.fio" 2>&1)
rc=$?
[ $rc = 2 ] && printf '%s\n' "$out" | grep -q 'ioengine=PATH' &&
	pass "ioengine=PATH in a job file: refused (exit 2)" ||
	fail "ioengine=PATH in a job file: exit $rc: $out"
none_left "a job that runs a program"

# A server that asks for a file (SENDFILE) gets an answer without one;
# blktop sends no VTRIGGER and no file at any point (the fake logs every
# command it was sent: opcode and payload size).
cat >"$WORK/fake_sendfile" <<EOF
#!/bin/sh
FAKE_MODE=sendfile FAKE_LOG=$WORK/fake.log exec python3 $fake "\$@"
EOF
chmod +x "$WORK/fake_sendfile"
: >"$WORK/fake.log"
out=$(fleet --remote-fio="$WORK/fake_sendfile" --hosts="$h2=$dev2" --run randread --runtime=1 2>"$WORK/err")
rc=$?
[ $rc != 0 ] && printf '%s\n' "$out" | grep -q 'blktop-fake-secret: refused' &&
	grep -q '^21 8$' "$WORK/fake.log" && ! grep -q '^20 ' "$WORK/fake.log" &&
	! awk '$1 == 21 && $2 != 8 { bad = 1 } END { exit !bad }' "$WORK/fake.log" &&
	pass "SENDFILE: refused with an empty answer, no file and no VTRIGGER sent (sent: $(tr '\n' ' ' <"$WORK/fake.log"))" ||
	fail "SENDFILE: exit $rc: $out; sent: $(tr '\n' ' ' <"$WORK/fake.log")"

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

# The same write with --force: fio runs it without --readonly (stderr says
# so) and it writes the host's device.
w3=$(sectors_written "$dev3")
out=$(fleet --force --output-format=json --hosts="$h3=$dev3" --run randwrite --size=4m \
	--ioengine=libaio --direct=1 2>"$WORK/err")
rc=$?
[ $rc = 0 ] && printf '%s\n' "$out" | jq -e '.hosts[0].state == "done" and
	.hosts[0].report.jobs[0].write.io_bytes == 4194304' >/dev/null &&
	grep -q 'without --readonly' "$WORK/err" &&
	[ $((($(sectors_written "$dev3") - w3) * 512)) -ge 4194304 ] &&
	pass "write with --force: runs without --readonly, 4 MiB written: $(cat "$WORK/err")" ||
	fail "write with --force: exit $rc: $(printf '%s\n' "$out" | jq -c '[.hosts[] | {state, message}]' 2>&1) $(cat "$WORK/err")"
none_left "write with --force"

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
	pid_not_elsewhere "$spid" 3 ||
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
