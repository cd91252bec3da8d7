#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# screen_tables.sh - the seven-test matrix at 80x24: every row of its
# table on the screen is whole (its names fit their column, so p99 keeps
# its last digit) and the figures are the printed table's, rounded to the
# screen's precision, both rounded up (one rule, as fio rounds its percentiles):
# clat avg and p99 in microseconds (whole from 100 up), the same
# measure (clat) and unit (us) on both. The title counts the steps ended.
# Beside the device list (v) the names are cut, never the figures, and
# the table scrolls (Home, End).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

. "${top_srcdir:-.}/tests/e2e/tmux_lib.sh"

dev=$(attach "$(sparse_file tables.img 256M)") || die "cannot attach a loop device"
out="$WORK/out"

new_session t -x 80 -y 24 "env LANG=$UTF8 LC_ALL=$UTF8 sh"
tm send-keys -t t "\"$BLKTOP\" --suite=seven $dev --runtime=1 --size=32M --output=$out; echo EXIT=\$?" Enter
expect t "the suite's table is on the screen" "seven-test matrix" 10000
expect t "the suite ends" "DONE *\$" 60000
expect t "the title counts the steps ended" "seven-test matrix 7/7 " 100
cap t >"$WORK/screen"
# v three times: the table beside the device list, in half the width.
tm send-keys -t t v v v
expect t "v puts the table beside the device list" "Devices.*seven-test matrix" 3000
# Tab to the table, Home: its first rows; End: its last.
tm send-keys -t t Tab Home
expect t "Home scrolls the table to its first row" "[│|] Seq_Read" 3000
cap t >"$WORK/beside_top"
tm send-keys -t t End
expect t "End scrolls the table to its last row" "[│|] Read_Band" 3000
cap t >"$WORK/beside_end"
tm send-keys -t t q
expect t "q leaves the screen" "EXIT=0" 10000

# name state IOPS BW clat p99 on the screen; name ... clat avg, p99 printed.
n=0
bad=""
for name in Seq_Read_IOPS_Test Seq_Write_IOPS_Test Rand_Write_IOPS_Test Rand_Read_IOPS_Test \
	Read_Write_IOPS_Test Write_BandWidth_Test Read_BandWidth_Test; do
	scr=$(grep -E "^ $name +done " "$WORK/screen" | awk '{ print $5, $6 }')
	prt=$(grep -E "^$name " "$out" | awk '{ print $(NF - 1), $NF }')
	# The screen's precision: two decimals below 10 us, one below 100,
	# whole from there; the print has two decimals. Both round up (one
	# rule everywhere, report_lat_up), so the screen's figure is the
	# printed one rounded up to the screen's precision, exactly.
	if [ -z "$scr" ]; then
		bad="$bad $name(not on the screen whole)"
	elif ! printf '%s %s\n' "$scr" "$prt" | awk '
		function up(v, d,   s, c) { s = 10 ^ d; c = int(v * s); if (c < v * s - 1e-6) c++; return c / s }
		function f(v,   a) { a = up(v, 2); if (a < 10) return sprintf("%.2f", a)
			a = up(v, 1); if (a < 100) return sprintf("%.1f", a); return sprintf("%.0f", up(v, 0)) }
		function ok(s, p) { return s == f(p) }
		{ exit !(ok($1, $3) && ok($2, $4)) }'; then
		bad="$bad $name(screen $scr, printed $prt)"
	fi
	n=$((n + 1))
done
if [ -z "$bad" ]; then
	pass "all $n rows: clat avg and p99 on the screen are the printed ones, in us"
else
	fail "rows that differ:$bad"
	sed 's/^/    | /' "$WORK/screen" >&2
	sed 's/^/    > /' "$out" >&2
fi

# Beside the devices the names are cut, never the figures: the first and
# last rows' p99 are the printed ones whole.
first=$(sed -n 's/.*[│|] Seq_Read[^ ]* .* \([0-9.]*\) *$/\1/p' "$WORK/beside_top" | head -n 1)
last=$(sed -n 's/.*[│|] Read_Band[^ ]* .* \([0-9.]*\) *$/\1/p' "$WORK/beside_end" | head -n 1)
# The screen's figure of a printed one, both rounded up (as above).
screen_us() {
	awk 'function up(v, d,   s, c) { s = 10 ^ d; c = int(v * s); if (c < v * s - 1e-6) c++; return c / s }
	     { a = up($NF, 2); if (a < 10) { printf "%.2f\n", a; next }
	       a = up($NF, 1); if (a < 100) { printf "%.1f\n", a; next }
	       printf "%.0f\n", up($NF, 0) }'
}
pf=$(grep -E "^Seq_Read_IOPS_Test " "$out" | screen_us)
pl=$(grep -E "^Read_BandWidth_Test " "$out" | screen_us)
if [ -n "$first" ] && [ "$first" = "$pf" ] && [ "$last" = "$pl" ]; then
	pass "beside the devices the p99 figures stay whole ($first, $last)"
else
	fail "beside the devices p99 shows '$first' and '$last', printed $pf and $pl"
	sed 's/^/    | /' "$WORK/beside_top" "$WORK/beside_end" >&2
fi
finish
