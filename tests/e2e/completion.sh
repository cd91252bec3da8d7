#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# completion.sh - the bash completion (completion/blktop.bash) offers
# blktop's options (every job option of the table, from blktop --help),
# the modes after --run, the procedures after --profile, --suite= and
# --sweep, formats and engines after their options, 0|1 after a boolean,
# and block devices as targets. Run in bash with bash-completion loaded,
# the way a shell completes a word.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

command -v bash >/dev/null 2>&1 || skip "bash is missing"
BC=""
for f in /usr/share/bash-completion/bash_completion /etc/bash_completion; do
	[ -r "$f" ] && BC=$f && break
done
[ -n "$BC" ] || skip "bash-completion is not installed: the completion is NOT tested (apt-get install bash-completion)"
"$BLKTOP" --help >/dev/null 2>&1 || die "$BLKTOP --help does not run"
GEN="$top_builddir/doc/gen-options"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/blktop-comp.XXXXXX") || skip "cannot make a temporary directory"
trap 'rm -rf "$WORK"' EXIT
mkdir "$WORK/bin"
ln -s "$BLKTOP" "$WORK/bin/blktop"

# complete WORD...: what the completion offers for the last word, sorted,
# one a line.
cat >"$WORK/complete.bash" <<EOF
. "$BC"
. "$top_srcdir/completion/blktop.bash"
PATH="$WORK/bin:\$PATH"
compopt() { :; }
COMP_WORDS=("\$@")
COMP_CWORD=\$((\${#COMP_WORDS[@]} - 1))
COMP_LINE="\$*"
COMP_POINT=\${#COMP_LINE}
COMPREPLY=()
_blktop blktop "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "\${COMPREPLY[@]}" | sort -u
EOF
complete() { bash "$WORK/complete.bash" blktop "$@" 2>/dev/null; }

# expect_words WHAT "WORD..." -- ARGS: each WORD is offered.
expect_words() {
	what=$1
	want=$2
	shift 3
	got=$(complete "$@")
	miss=""
	for w in $want; do
		printf '%s\n' "$got" | grep -qxF -- "$w" || miss="$miss $w"
	done
	if [ -z "$miss" ]; then
		pass "$what"
	else
		fail "$what: not offered:$miss (offered: $(echo $got))"
	fi
}

expect_words "--run offers every mode" "read write randread randwrite rw randrw readwrite" -- --run ""
expect_words "--run rand offers the random modes" "randread randwrite randrw" -- --run rand
expect_words "--profile offers its procedures" "latency iops throughput" -- --profile ""
expect_words "--sweep offers what it sweeps" "bs numjobs" -- --sweep ""
expect_words "--suite= offers the suites" "seven cdm" -- --suite=""
expect_words "--output-format= offers the formats" "normal json csv" -- --output-format=""
expect_words "--ioengine= offers the engines" "libaio psync null" -- --run randread vdc --ioengine=""
expect_words "--direct= offers 0 and 1" "0 1" -- --run randread vdc --direct=""
expect_words "--output-format, then a word, offers the formats" "normal json csv" -- --output-format ""
expect_words "--ioengine, then a word, offers the engines" "libaio psync null" -- --run randread vdc --ioengine ""
expect_words "--sweep= offers what it sweeps" "bs numjobs" -- --sweep=""
# A 0|1 option and --suite take no word after them: it is a target.
: >"$WORK/after.dat"
expect_words "a word after --direct is a target" "$WORK/after.dat" -- --run randread --direct "$WORK/after"
expect_words "a word after --suite is a target" "$WORK/after.dat" -- --suite "$WORK/after"
expect_words "blktop's own switches" "--batch --force --list --demo --run --job --profile --suite --sweep --scratch --output-format= --output= --lat-limit= --help --version" -- --""

# Every job option of the table, as --name=.
if [ -x "$GEN" ]; then
	all=""
	for o in $("$GEN" --names); do
		"$BLKTOP" --help | grep -q -- "--$o=" && all="$all --$o="
	done
	expect_words "every job option of the table --help lists" "$all" -- --run randread vdc --""
else
	fail "$GEN is not built (make builds it): the table's options are not checked"
fi

# Devices: those the machine has (not the empty loop devices). Other tests
# attach and detach loop devices meanwhile, so only the devices present
# before and after the listing are expected.
present() {
	for d in /sys/class/block/*; do
		[ -e "$d" ] || continue
		[ "$(cat "$d/size" 2>/dev/null)" != 0 ] && echo "${d##*/}"
	done
}
first=$(present)
got=$(complete --run randread "")
second=$(present)
devs=""
for d in $second; do
	case " $(echo $first) " in *" $d "*) devs="$devs $d" ;; esac
done
if [ -n "$devs" ]; then
	miss=""
	for d in $devs; do
		printf '%s\n' "$got" | grep -qxF -- "$d" || miss="$miss $d"
	done
	[ -z "$miss" ] && pass "targets: the block devices" ||
		fail "targets: the block devices: not offered:$miss (offered: $(echo $got))"
	# A device no other test attaches or detaches, where there is one.
	first=$(echo $devs | tr ' ' '\n' | grep -v '^loop' | head -n 1)
	[ -n "$first" ] || first=$(echo $devs | cut -d' ' -f1)
	expect_words "a device name completes from its start" "$first" -- --profile latency "$(echo "$first" | cut -c1-2)"
else
	note "NOTE: no block device with a size here; device names not checked"
fi
# Files are targets too.
: >"$WORK/target.dat"
expect_words "targets: files" "$WORK/target.dat" -- --run randread "$WORK/targ"
finish
