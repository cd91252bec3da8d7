#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# i18n.sh - the screen in Chinese and in English, driven in tmux as a
# person would. With LANG=zh_CN.UTF-8 at 120x40 and 80x24: the panes, the
# key bar, a running job's live figures, the help screen, the quit prompt,
# a status message and the workload form show their Chinese labels; every
# line is valid UTF-8, no wider than the terminal, the pane rules fill the
# width exactly, the pane divider stays in one column, and columns under a
# Chinese header start where the header does (cells, not bytes). With
# LANG=C the same screen is English and pure ASCII. The summary printed at
# the end has Chinese headings around fio's untranslated keywords.
#
# It runs blktop as built, with its messages compiled from po/zh_CN.po
# into the build tree (tests/e2e/blktop-l10n; the installed blktop reads
# them from $(localedir)). Without tmux or the zh_CN.UTF-8 locale it is
# skipped, loudly.
. "${top_srcdir:-.}/tests/e2e/lib.sh"

L10N="$top_builddir/tests/e2e/blktop-l10n"
MO="$top_builddir/tests/e2e/locale/zh_CN/LC_MESSAGES/blktop.mo"

ZH=$(locale -a 2>/dev/null | grep -iE '^zh_CN\.utf-?8$' | head -n 1)
[ -n "$ZH" ] || skip "the zh_CN.UTF-8 locale is not installed: the Chinese screen is NOT tested (Debian: apt-get install locales; sed -i 's/^# *zh_CN.UTF-8/zh_CN.UTF-8/' /etc/locale.gen; locale-gen)"
require_built "$L10N"
require_built "$MO"
command -v iconv >/dev/null 2>&1 || skip "iconv is missing (libc-bin)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/blktop-i18n.XXXXXX") || skip "cannot make a temporary directory"
SOCK="blktop-i18n-$$"
tm() { tmux -u -L "$SOCK" -f /dev/null "$@"; }
cleanup() {
	tmux -L "$SOCK" kill-server >/dev/null 2>&1
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"
	rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

require_tmux

cap() { tm capture-pane -p -t "$1"; }

wait_for() {
	t0=$(now_ms)
	while :; do
		cap "$1" | grep -Eq -- "$2" && return 0
		# x4: a bound on a loaded machine, not a speed check.
		[ $(($(now_ms) - t0)) -ge $((${3:-5000} * 4)) ] && return 1
		sleep 0.1
	done
}

show() { sed 's/^/    | /' "$1" >&2; }

expect() {
	if wait_for "$1" "$3" "${4:-5000}"; then
		pass "$2"
	else
		fail "$2: /$3/ is not on the screen; it shows:"
		cap "$1" >"$WORK/fail.txt"
		show "$WORK/fail.txt"
	fi
}

# Display width (cells) of a string, in the Chinese locale.
cells() { printf '%s' "$1" | LC_ALL=$ZH wc -L; }

# layout SESSION COLS ROWS WHAT: the captured screen is valid UTF-8, has
# no replacement character, no line wider than COLS, pane rules exactly
# COLS wide, and the devices pane's divider in one column.
layout() {
	f="$WORK/screen.txt"
	cap "$1" >"$f"
	ok=1
	if ! iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then
		fail "$4: the screen is not valid UTF-8 (a character cut in the middle)"
		ok=0
	fi
	if grep -q "$(printf '\357\277\275')" "$f"; then
		fail "$4: a replacement character (U+FFFD) is on the screen"
		ok=0
	fi
	n=$(wc -l <"$f")
	if [ "$n" -gt "$3" ]; then
		fail "$4: $n lines on a $3-line terminal"
		ok=0
	fi
	div=""
	while IFS= read -r line; do
		w=$(cells "$line")
		if [ "$w" -gt "$2" ]; then
			fail "$4: a line is $w cells wide on a $2-column terminal: $line"
			ok=0
		fi
		case "$line" in
		─*)
			if [ "$w" != "$2" ]; then
				fail "$4: a pane rule is $w cells wide, not $2: $line"
				ok=0
			fi
			;;
		*│*)
			c=$(cells "${line%%│*}")
			if [ -z "$div" ]; then
				div=$c
			elif [ "$c" != "$div" ]; then
				fail "$4: the pane divider moved from column $div to $c: $line"
				ok=0
			fi
			;;
		esac
	done <"$f"
	if [ $ok = 1 ]; then
		pass "$4: valid UTF-8, every line within $2 cells, rules full width${div:+, divider at column $div}"
	else
		show "$f"
	fi
}

# aligned WHAT HEADER-REGEX HEADER-WORD ROW-REGEX WORD-REGEX: in the last
# capture, the first match of WORD-REGEX in the first line matching
# ROW-REGEX starts at the same cell as HEADER-WORD in the first line
# matching HEADER-REGEX: columns are laid out in cells, not bytes.
aligned() {
	f="$WORK/screen.txt"
	h=$(grep -E -- "$2" "$f" | head -n 1)
	r=$(grep -E -- "$4" "$f" | head -n 1)
	word=$(printf '%s\n' "$r" | grep -oE -- "$5" | head -n 1)
	if [ -z "$h" ] || [ -z "$r" ] || [ -z "$word" ]; then
		fail "$1: header /$2/ or row /$4/ with /$5/ not on the screen"
		show "$f"
		return
	fi
	hc=$(cells "${h%%"$3"*}")
	rc=$(cells "${r%%"$word"*}")
	if [ "$hc" = "$rc" ]; then
		pass "$1: '$word' starts under '$3' (column $hc)"
	else
		fail "$1: '$3' starts at column $hc but '$word' at $rc:"
		printf '    | %s\n    | %s\n' "$h" "$r" >&2
	fi
}

DEVROW='^[ >] ?[a-z][a-z0-9]* +[0-9.]+[KMGTP]?i?B '
VERDICT='安全|有数据|使用中|只读|尚未探测|探测中'

TARGET="$WORK/i18n.dat"
# shellcheck disable=SC2016
new_session zh -x 120 -y 40 \
	"env -u LANGUAGE LANG=$ZH LC_ALL=$ZH sh -c '\"\$0\" --run randrw \"\$1\" --size=16m --direct=0 --ioengine=psync --runtime=300 --time_based >\"\$2\" 2>&1; echo EXIT=\$?; sleep 60' '$L10N' '$TARGET' '$WORK/summary.txt'"

# ---- 120x40: a job running, in Chinese ----
expect zh "the title says the job runs (运行中)" "运行中" 5000
expect zh "the live pane shows read figures (读 IOPS)" "^ 读 +IOPS [0-9]" 5000
expect zh "the live pane shows write figures (写 IOPS)" "^ 写 +IOPS [0-9]" 3000
expect zh "the percentiles of the interval (clat(区间) us)" "clat\(区间\) us .*p50" 3000
expect zh "the run so far (全程:)" "全程: " 100
for w in 设备 负载 实时 CPU 中断 "F1 帮助" "Enter 配置" "s 停止" "q 退出" "剩余" "错误"; do
	expect zh "120x40 shows '$w'" "$w" 100
done
layout zh 120 40 "120x40 with a job"
expect zh "the verdict words are in Chinese (安全, 有数据...)" "$DEVROW.* (安全|有数据|使用中|只读)( |：|:|\$)" 100
if cap zh | grep -Eq "$DEVROW.* (safe|has-data|in-use|read-only)( |:|\$)"; then
	fail "a verdict word is in English on the Chinese screen"
else
	pass "no verdict word in English on the Chinese screen"
fi
aligned "120x40 devices pane" "^ 名称 " "安全判定" "$DEVROW" "$VERDICT"

# ---- 80x24 ----
tm resize-window -t zh -x 80 -y 24 2>/dev/null || tm resize-pane -t zh -x 80 -y 24
expect zh "80x24 redraws with the job running" "^ 读 +IOPS" 3000
sleep 1.2
for w in 设备 负载 实时 CPU 中断 "F1 帮助" "q 退出"; do
	expect zh "80x24 shows '$w'" "$w" 100
done
layout zh 80 24 "80x24 with a job"
aligned "80x24 devices pane" "^ 名称 " "安全判定" "$DEVROW" "$VERDICT"

# ---- Help, a status message, the quit prompt ----
tm send-keys -t zh F1
expect zh "F1 opens the help in Chinese (按键)" "blktop .* - 按键" 2000
expect zh "the help lists the keys in Chinese" "停止正在运行的作业" 100
expect zh "the key bar of the help (Esc 返回)" "Esc 返回" 100
layout zh 80 24 "80x24 help"
tm send-keys -t zh Escape
expect zh "Esc leaves the help" "^ 读 +IOPS" 2000
tm send-keys -t zh Enter
expect zh "Enter while a job runs opens the form on its values, in Chinese" "这是正在运行的作业的参数" 2000
layout zh 80 24 "80x24 with the form on the running job"
tm send-keys -t zh Escape
expect zh "Esc leaves the form, the job still runs" "^ 读 +IOPS" 2000
tm send-keys -t zh q
expect zh "q asks first, in Chinese" "停止作业并退出？\(y/n\)" 2000
tm send-keys -t zh n
sleep 0.3

# ---- Stopped; the workload form (on the command line's job: rw randrw) ----
tm send-keys -t zh s
expect zh "s stops the job (已完成)" "已完成" 8000
tm send-keys -t zh Enter
expect zh "Enter opens the workload form (负载配置)" "负载配置" 3000
expect zh "the form's header (选项 取值 说明)" "选项 +取值 +说明" 100
layout zh 80 24 "80x24 form"
aligned "80x24 form" "^ +选项 " "取值" "^ >rw " "randrw"
aligned "80x24 form" "^ +选项 " "说明" "^ >rw " "I/O 模式"
# The form has more rows than either size shows: at 120x40 it must show
# more of them than at 80x24 (the option rows: a name, then its value).
form_rows() { cap zh | grep -cE '^ {0,3}>? ?[a-z][a-z0-9_-]* {2,}[^ ]'; }
rows80=$(form_rows)
tm resize-window -t zh -x 120 -y 40 2>/dev/null || tm resize-pane -t zh -x 120 -y 40
t0=$(now_ms)
while [ "$(form_rows)" -le "$rows80" ] && [ $(($(now_ms) - t0)) -lt 3000 ]; do sleep 0.1; done
rows120=$(form_rows)
if [ "$rows120" -gt "$rows80" ]; then
	pass "120x40 redraws the form with more rows ($rows120 against $rows80 at 80x24)"
else
	fail "120x40 does not redraw the form with more rows ($rows120 against $rows80 at 80x24); it shows:"
	cap zh >"$WORK/fail.txt"
	show "$WORK/fail.txt"
fi
layout zh 120 40 "120x40 form"
aligned "120x40 form" "^ +选项 " "取值" "^ >rw " "randrw"
tm send-keys -t zh Escape
expect zh "Esc leaves the form" "^ 读 " 2000
tm send-keys -t zh q
if wait_for zh "^EXIT=" 10000; then
	status=$(cap zh | sed -n 's/^EXIT=//p' | head -n 1)
	[ "$status" = 0 ] && pass "q leaves blktop with status 0" ||
		fail "blktop ended with status $status"
else
	fail "blktop did not end after q"
	cap zh >"$WORK/fail.txt"
	show "$WORK/fail.txt"
fi
# The summary: Chinese prose, fio's keywords as they are.
if grep -q "IOPS=" "$WORK/summary.txt" && grep -q "Run status group" "$WORK/summary.txt" &&
	grep -q "^全程 CPU 负载" "$WORK/summary.txt"; then
	pass "the summary keeps fio's IOPS= and Run status group, its headings in Chinese"
else
	fail "the summary lacks IOPS=, Run status group or the Chinese headings:"
	show "$WORK/summary.txt"
fi
tm kill-session -t zh 2>/dev/null

# ---- LANG=C: English, ASCII ----
new_session en -x 80 -y 24 \
	"env -u LANGUAGE LANG=C LC_ALL=C '$L10N'; echo EXIT=\$?; sleep 60"
expect en "LANG=C: the panes are in English" "Devices.*Workload" 5000
for w in Live CPU IRQ "F1 Help" "q Quit" "NAME" "VERDICT"; do
	expect en "LANG=C shows '$w'" "$w" 100
done
cap en >"$WORK/en.txt"
if LC_ALL=C grep -q '[^ -~]' "$WORK/en.txt"; then
	fail "LANG=C: the screen has characters outside ASCII:"
	show "$WORK/en.txt"
else
	pass "LANG=C: the screen is pure ASCII"
fi
tm send-keys -t en q
wait_for en "^EXIT=0" 5000 && pass "LANG=C: q quits" || fail "LANG=C: q did not quit with status 0"

# ---- --help, both ways (the program as built) ----
LC_ALL=$ZH LANGUAGE='' "$L10N" --help >"$WORK/help.zh" 2>&1
grep -q "用法：" "$WORK/help.zh" && grep -q "作业选项" "$WORK/help.zh" &&
	grep -q -- "--iodepth=" "$WORK/help.zh" &&
	pass "LANG=zh_CN.UTF-8 blktop --help is Chinese, the options as they are" ||
	{ fail "blktop --help in zh_CN:"; show "$WORK/help.zh"; }
LC_ALL=C "$L10N" --help >"$WORK/help.c" 2>&1
grep -q "^Usage:" "$WORK/help.c" && ! LC_ALL=C grep -q '[^ -~]' "$WORK/help.c" &&
	pass "LANG=C blktop --help is English and ASCII" ||
	{ fail "blktop --help in C:"; show "$WORK/help.c"; }
# An error: Chinese, with the option's name kept.
LC_ALL=$ZH LANGUAGE='' "$L10N" --batch --run randread "$TARGET" --iodepth=x >"$WORK/err.zh" 2>&1
rc=$?
[ "$rc" = 2 ] && grep -q "iodepth: 'x' 不是合法的整数" "$WORK/err.zh" &&
	pass "a bad value is refused in Chinese, naming iodepth (exit 2)" ||
	{ fail "bad value in zh_CN: exit $rc"; show "$WORK/err.zh"; }
finish
