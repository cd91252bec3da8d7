#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_profile_old.sh - a mixed-version fleet runs a profile: a far side
# whose blktop is from before --profile-env takes the steps without it,
# and says so, instead of being broken at the verdict. Two hosts (real
# sshd of sshd_lib.sh, each its own scratch loop device); host 3's blktop
# is a stand-in that answers --profile-env as an old blktop does (exit 2,
# "unknown option '--profile-env=...'") and otherwise runs the real one;
# host 2's is the real one. The latency profile in JSON: both hosts done
# (exit 0), host 2's notes its own environment steps (rq_affinity set and
# put back on its disk), host 3's notes say the environment was not
# taken there and why, and its disk's rq_affinity was never changed;
# host 3's blktop was asked --profile-env once (its check) and then ran
# the check and the step without it. The normal report says it on host
# 3's line and under it.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
. "${top_srcdir:-.}/tests/e2e/sshd_lib.sh"
require_sshd
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

remote=${BLKTOP_REAL:-$BLKTOP}
case $remote in /*) ;; *) remote=$(pwd)/$remote ;; esac
start_disk_hosts 2 3
ip3=$(host_ip 3)

# The far side's blktop: on host 3 (the address its sshd was reached
# at, SSH_CONNECTION's third word) one that refuses --profile-env as
# blktop did before it had it; each call's words logged.
cat >"$WORK/mixed_blktop" <<EOF
#!/bin/sh
me=\$(echo "\$SSH_CONNECTION" | cut -d' ' -f3)
if [ "\$me" = "$ip3" ]; then
	echo "\$*" >>"$WORK/old_calls"
	for a; do
		case \$a in
		--profile-env|--profile-env=*)
			echo "blktop: unknown option '\$a' (blktop --help lists them)" >&2
			exit 2 ;;
		esac
	done
fi
exec "$remote" "\$@"
EOF
chmod +x "$WORK/mixed_blktop"
rq() { cat "/sys/block/${1##*/}/queue/rq_affinity"; }
for d in "$dev2" "$dev3"; do
	echo 1 >"/sys/block/${d##*/}/queue/rq_affinity" || die "cannot set rq_affinity of $d to 1"
done
fleet() {
	"$BLKTOP" --ssh="$SSH_CMD" --batch --remote-blktop="$WORK/mixed_blktop" \
		--hosts="$h2=$dev2,$h3=$dev3" --profile=latency --size=4m --force "$@"
}
# rq_affinity of host 3's disk, watched while the profile runs.
( while :; do rq "$dev3"; sleep 0.05; done ) >"$WORK/rq3" 2>/dev/null &
watch=$!
on_cleanup "kill $watch 2>/dev/null; true"
fleet --output-format=json --runtime=2 >"$WORK/lat.json" 2>"$WORK/lat.err"
rc=$?
kill $watch
[ -s "$WORK/lat.json" ] || printf 'null\n' >"$WORK/lat.json"
jq -e '(.steps | length) == 1 and all(.steps[0].hosts[]; .state == "done")' "$WORK/lat.json" >/dev/null &&
	[ $rc = 0 ] && pass "latency: both hosts ran the step (exit 0), the old blktop too" ||
	fail "latency: exit $rc: $(jq -c '[.steps[]?.hosts[]? | {host, state, message}]' "$WORK/lat.json" 2>&1) $(head -c 800 "$WORK/lat.err")"
jq -e --arg h "$h3" '.steps[0].hosts[] | select(.host == $h) | .notes |
	any(startswith("the profile'"'"'s environment steps were not taken on this host: its blktop (") and
	    contains("does not take --profile-env")) and
	(any(startswith("rq_affinity")) | not)' "$WORK/lat.json" >/dev/null &&
	pass "latency: $h3's notes say its environment was not taken, and why" ||
	fail "latency: $h3's notes $(jq -c --arg h "$h3" '.steps[]?.hosts[]? | select(.host == $h) | .notes' "$WORK/lat.json")"
d2=${dev2##*/}
jq -e --arg h "$h2" --arg d "$d2" '.steps[0].hosts[] | select(.host == $h) | .notes |
	any(startswith("rq_affinity: 1 -> 2 on " + $d + ": ")) and any(. == "rq_affinity: put back to 1 on " + $d)' \
	"$WORK/lat.json" >/dev/null &&
	pass "latency: $h2 took its environment steps itself (rq_affinity 1 -> 2 and back on $d2)" ||
	fail "latency: $h2's notes $(jq -c --arg h "$h2" '.steps[]?.hosts[]? | select(.host == $h) | .notes' "$WORK/lat.json")"
[ -s "$WORK/rq3" ] && ! grep -qv '^1$' "$WORK/rq3" &&
	pass "latency: $h3's disk kept rq_affinity 1 throughout ($(wc -l <"$WORK/rq3") reads)" ||
	fail "latency: $h3's rq_affinity read $(sort -u "$WORK/rq3" | tr '\n' ' ')"
n_env=$(grep -c -- '--profile-env' "$WORK/old_calls")
n_run=$(grep -c -- '^--batch ' "$WORK/old_calls")
[ "$n_env" = 1 ] && [ "$n_run" = 1 ] && ! grep -- '^--batch ' "$WORK/old_calls" | grep -q -- '--profile-env' &&
	pass "latency: $h3's blktop was asked --profile-env once, then checked and ran without it" ||
	fail "latency: $h3's calls: $(cat "$WORK/old_calls")"

out=$(fleet --runtime=1 2>"$WORK/err")
rc=$?
printf '%s\n' "$out" >"$WORK/lat.txt"
grep -q "^$h3: done (blktop .*, without the profile's environment steps\$" "$WORK/lat.txt" &&
	awk -v h="$h3: done" 'index($0, h) == 1 { on = 1; next } /^[^ ]/ { on = 0 } on' "$WORK/lat.txt" |
	grep -q "^  the profile's environment steps were not taken on this host: " && [ $rc = 0 ] &&
	pass "normal report: $h3's line and its notes say the environment was not taken" ||
	fail "normal report: exit $rc: $(head -c 2000 "$WORK/lat.txt") $(head -c 600 "$WORK/err")"
[ "$(rq "$dev2")" = 1 ] && [ "$(rq "$dev3")" = 1 ] && pass "rq_affinity 1 on both disks after" ||
	fail "rq_affinity after: $(rq "$dev2") and $(rq "$dev3")"
finish
