#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bad_env.sh - the screen where the environment is against it (issue 7):
# TERM dumb, unknown or unset get one line that suggests --batch and exit
# 2, with the terminal untouched; locales that are not UTF-8 (C, and
# GB18030 and Latin-1 when generated: ./quickstart does) draw in ASCII
# and --help and --list work; terminals of 1x1, 2x2, 10x3, 1x40 and 120x1
# neither crash nor draw garbage, say what size is needed and come back
# when grown; the workload form takes garbage (400 characters, control
# keys, multi-byte text, bad numbers) with a message. Run with an ASan
# build (./configure --enable-asan) to catch memory errors on the way.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"
# The checks read blktop's English messages.
LC_ALL=C
export LC_ALL
unset LANGUAGE

dev=$(attach "$(sparse_file env.img 256M)") || die "cannot attach a loop device"
DEV=$(basename "$dev")

have_locale() { locale -a 2>/dev/null | grep -qix "$1"; }

# in_shell NAME LOCALE PREFIX ARGS...: a shell in tmux (120x40) runs
# PREFIX blktop ARGS, saving stty -a before and after and the exit status.
in_shell() {
	s=$1
	loc=$2
	pre=$3
	shift 3
	new_session "$s" -x 120 -y 40 "env LANG=$loc LC_ALL=$loc sh"
	tm send-keys -t "$s" "stty -a > $WORK/$s.before; $pre \"$BLKTOP\" $* > $WORK/$s.out 2> $WORK/$s.err; echo \$? > $WORK/$s.rc; stty -a > $WORK/$s.after; echo DONE-\$((6*7))-$s" Enter
}

# ended NAME WANT_RC WHAT: exit status, terminal modes, alternate screen.
ended() {
	wait_for "$1" "DONE-42-$1" 8000 || fail "$3: the shell did not get back"
	rc=$(cat "$WORK/$1.rc" 2>/dev/null)
	[ "$rc" = "$2" ] && pass "$3: exit status $2" ||
		fail "$3: exit status '$rc', expected $2: $(cat "$WORK/$1.err")"
	# The size is not a mode: the tiny-terminal case resizes.
	for f in before after; do
		sed 's/rows [0-9]*; columns [0-9]*;//' "$WORK/$1.$f" >"$WORK/$1.$f.modes"
	done
	cmp -s "$WORK/$1.before.modes" "$WORK/$1.after.modes" &&
		pass "$3: terminal modes as before" ||
		fail "$3: terminal modes changed: $(diff "$WORK/$1.before.modes" "$WORK/$1.after.modes" | tr '\n' ' ')"
	[ "$(tm display-message -p -t "$1" '#{alternate_on}')" = 0 ] ||
		fail "$3: left on the alternate screen"
	if grep -Eiq 'sanitizer|segmentation|core dump|abort' "$WORK/$1.err"; then
		fail "$3: crashed: $(head -n 20 "$WORK/$1.err")"
	fi
}

# one_line NAME REGEX WHAT: stderr is one line and matches.
one_line() {
	nl=$(wc -l <"$WORK/$1.err")
	if [ "$nl" = 1 ] && grep -Eq -- "$2" "$WORK/$1.err"; then
		pass "$3: $(cat "$WORK/$1.err")"
	else
		fail "$3: expected one line /$2/, got: $(cat "$WORK/$1.err")"
	fi
}

# ---- TERM dumb, unknown, unset: one line, exit 2, nothing started ----
k=0
for t in dumb nonexistent-xyz unset; do
	k=$((k + 1))
	case $t in
	unset) pre="env -u TERM" ;;
	*) pre="env TERM=$t" ;;
	esac
	in_shell term$k "$UTF8" "$pre"
	ended term$k 2 "TERM $t"
	case $t in
	dumb) one_line term$k "'dumb'.*cannot move the cursor.*--batch" "TERM=dumb" ;;
	nonexistent-xyz) one_line term$k "'nonexistent-xyz'.*not known.*--batch" "TERM unknown" ;;
	unset) one_line term$k "TERM is not set.*--batch" "TERM unset" ;;
	esac
	tm kill-session -t term$k
done
# With a job asked for: refused the same way, before the job starts (the
# device's read count is no witness: parallel tests' --list probe it).
in_shell termjob "$UTF8" "env TERM=dumb" --run randread "$dev" --runtime=5 --time_based=1
ended termjob 2 "TERM=dumb with --run"
one_line termjob "'dumb'.*cannot move the cursor" "TERM=dumb with --run"
grep -q "IOPS=" "$WORK/termjob.out" && fail "TERM=dumb with --run: a job ran: $(head -n 3 "$WORK/termjob.out")"
tm kill-session -t termjob

# ---- Locales that are not UTF-8: ASCII lines; --help, --list work ----
for loc in C zh_CN.gb18030 en_US.iso88591; do
	if ! have_locale "$loc"; then
		skip_part "locale $loc is not generated here (./quickstart generates it): NOT tested"
		continue
	fi
	s=loc$(printf '%s' "$loc" | tr -cd 'a-z0-9')
	# The built blktop finds its catalogs beside it: LANGUAGE=en keeps
	# these checks on the English labels (Chinese in GB18030 is below).
	in_shell "$s" "$loc" "LANGUAGE=en" --run randread "$dev" --runtime=60 --time_based=1
	expect "$s" "$loc: the job runs" "RUNNING" 5000
	if cap "$s" | grep -q '[^ -~]'; then
		fail "$loc: the screen has characters that are not ASCII: $(cap "$s" | grep '[^ -~]' | head -n 2)"
	else
		pass "$loc: the screen is drawn in ASCII"
	fi
	expect "$s" "$loc: the panes have their ASCII frames" "^-Devices( probing\\.\\.\\. )?-+\\+-Workload" 100
	tm send-keys -t "$s" q
	wait_for "$s" "\\(y/n\\)" 2000 || fail "$loc: q does not ask"
	tm send-keys -t "$s" y
	ended "$s" 0 "$loc: q y"
	tm kill-session -t "$s"
	for a in --help --list; do
		out=$(LC_ALL=$loc LANG=$loc "$BLKTOP" $a 2>&1)
		rc=$?
		[ "$rc" = 0 ] && [ -n "$out" ] && pass "$loc: $a works" || fail "$loc: $a: exit $rc: $out"
	done
done
# Chinese in GB18030: the catalog is converted, the screen draws it and
# leaves (tmux shows only UTF-8, so what it draws is not read back here).
L10N="$top_builddir/tests/e2e/blktop-l10n"
if have_locale zh_CN.gb18030 && [ -x "$L10N" ] &&
	[ -f "$top_builddir/tests/e2e/locale/zh_CN/LC_MESSAGES/blktop.mo" ]; then
	out=$(LC_ALL=zh_CN.gb18030 LANG=zh_CN.gb18030 "$L10N" --help 2>&1 | iconv -f GB18030 -t UTF-8 2>&1)
	case "$out" in
	*用法*) pass "zh_CN.gb18030: --help in Chinese, valid GB18030" ;;
	*) fail "zh_CN.gb18030: --help: $(printf '%s\n' "$out" | head -n 3)" ;;
	esac
	BLKTOP_SAVED=$BLKTOP
	BLKTOP=$L10N
	in_shell gbzh zh_CN.gb18030 "" --run randread "$dev" --runtime=60 --time_based=1
	sleep 2
	tm send-keys -t gbzh q
	sleep 0.5
	tm send-keys -t gbzh y
	ended gbzh 0 "zh_CN.gb18030, Chinese screen: q y"
	tm kill-session -t gbzh
	BLKTOP=$BLKTOP_SAVED
fi

# ---- Tiny terminals while a job runs; growing back redraws ----
in_shell tiny "$UTF8" "sh -c 'echo \$\$ > $WORK/tiny.pid; exec \"\$0\" \"\$@\"'" \
	--run randread "$dev" --runtime=120 --time_based=1
expect tiny "the job runs at 120x40" "RUNNING" 5000
pid=$(cat "$WORK/tiny.pid")
for size in 1x1 2x2 10x3 1x40 120x1 79x24 3x100; do
	tm resize-window -t tiny -x "${size%x*}" -y "${size#*x}"
	sleep 0.7
	got=$(tm display-message -p -t tiny '#{window_width}x#{window_height}')
	[ "$got" = "$size" ] || note "tmux made it $got, not $size"
	if kill -0 "$pid" 2>/dev/null; then
		pass "$got: blktop still runs"
	else
		fail "$got: blktop is gone: $(cat "$WORK/tiny.err")"
	fi
	case $size in
	120x1 | 79x24) expect tiny "$got: says the size it needs" "needs at least 80x24" 2000 ;;
	10x3) expect tiny "$got: says something" "blktop" 2000 ;;
	esac
done
tm resize-window -t tiny -x 100 -y 30
expect tiny "grown back to 100x30: the panes are back" "Devices.*Workload" 3000
expect tiny "grown back: the job still runs" "RUNNING" 1000
tm send-keys -t tiny q
wait_for tiny "\\(y/n\\)" 2000 || fail "tiny: q does not ask"
tm send-keys -t tiny y
ended tiny 0 "tiny terminals, then q y"
tm kill-session -t tiny

# ---- The workload form given garbage ----
in_shell form "$UTF8" ""
expect form "the screen opens" "Devices.*Workload" 3000
wait_for form "^>?$DEV +.* safe( |\$)" 8000 || true
select_dev form "$DEV" || fail "cannot select $DEV"
tm send-keys -t form Enter
expect form "Enter opens the form" "Workload form" 2000
tm send-keys -t form Down
expect form "bs is selected" "^ +>bs " 1000
# form_value VALUE WHAT REGEX: types VALUE into bs, Enter, expects REGEX.
form_value() {
	tm send-keys -t form C-u
	tm send-keys -t form -l -- "$1"
	tm send-keys -t form Enter
	expect form "form: $2" "$3" 2000
}
long=$(printf '%0400d' 0 | tr 0 x)
form_value "$long" "400 characters get a message" "bs: 'x+"
form_value "-1" "a negative size" "bs: '-1' is not a size"
form_value "99999999999999999999999" "a size past 64 bits" "is not a size"
form_value "0" "a size out of range" "bs: 0 is out of range"
form_value "4k4" "a size with trailing digits" "bs: '4k4' is not a size"
form_value "%s%n%x" "printf directives are text" "bs: '%s%n%x' is not a size"
form_value "中文é€" "multi-byte text" "bs: '中文é€' is not a size"
tm send-keys -t form C-u
for k in C-a C-b C-e C-f C-g C-k C-l C-n C-o C-p C-r C-t C-v C-w C-x C-y C-] C-_; do
	tm send-keys -t form "$k"
done
tm send-keys -t form -l "4k"
tm send-keys -t form Enter
expect form "after control keys, 4k starts the job" "RUNNING" 4000
tm send-keys -t form s
expect form "s stops it" "DONE" 5000
tm send-keys -t form q
ended form 0 "the form given garbage, then q"
tm kill-session -t form

# Ctrl-\ in the screen leaves as Ctrl-C does (no core, terminal back).
in_shell quit "$UTF8" "" --run randread "$dev" --runtime=60 --time_based=1
expect quit "the job runs" "RUNNING" 5000
tm send-keys -t quit 'C-\'
ended quit 131 "Ctrl-\\ during a job"
grep -q "stopped by signal 3" "$WORK/quit.err" && pass "Ctrl-\\: says it stopped" ||
	fail "Ctrl-\\: $(cat "$WORK/quit.err")"
tm kill-session -t quit

finish
