# SPDX-License-Identifier: GPL-2.0-or-later
# fleet_screen_lib.sh - what the fleet screen's tests (screen_fleet.sh,
# screen_fleet_fio.sh) read from a captured frame: the totals row against
# the sum of the host rows, both from one frame. Sourced after tmux_lib.sh.

# rx TEXT: TEXT as a regular expression (its dots literal).
rx() { printf '%s' "$1" | sed 's/\./\\./g'; }

# col_sum FILE: from one captured frame, "SUM TOTAL ROWS": the rows' R-IOPS
# added up, the totals row's, and how many rows had figures. The column is
# found from the header (its text ends where R-IOPS[^v] ends).
col_sum() {
	awk '
	!e && match($0, /R-IOPS[v^]?/) { e = RSTART + RLENGTH - 1; next }
	e {
		v = substr($0, e - 7, 8); gsub(/ /, "", v)
		if ($1 == "TOTAL") { tot = v; done = 1 }
		else if (!done && v ~ /^[0-9]+$/) { s += v; n++ }
	}
	END { printf "%d %s %d\n", s, tot == "" ? "none" : tot, n }' "$1"
}

# sum_check SESSION NROWS WHAT: a frame where NROWS rows run with figures;
# the totals row's IOPS is their sum (rounding: one per row at most).
# A capture that tmux took while a frame was being written could mix two
# frames: a mismatch counts once three frames in a row disagree.
sum_check() {
	i=0 bad=0
	while :; do
		cap "$1" >"$WORK/frame"
		set -- "$1" "$2" "$3" $(col_sum "$WORK/frame")
		if [ "$6" = "$2" ] && [ "$5" != none ] && [ "$4" -gt 0 ]; then
			d=$(($4 - $5))
			[ $d -lt 0 ] && d=$((-d))
			if [ $d -le "$2" ]; then
				pass "$3: totals row's IOPS $5 = the sum of the $2 rows' ($4)"
				return
			fi
			bad=$((bad + 1))
			if [ $bad -ge 3 ]; then
				fail "$3: totals row's IOPS $5, the rows' sum $4:"
				sed 's/^/    | /' "$WORK/frame" >&2
				return
			fi
			# The next frame (one a second at -d 1).
			cp "$WORK/frame" "$WORK/frame.bad"
			j=0
			while cap "$1" | cmp -s - "$WORK/frame.bad" && [ $j -lt $((50 * WAIT_SCALE)) ]; do
				sleep 0.1
				j=$((j + 1))
			done
			continue
		fi
		i=$((i + 1))
		if [ $i -ge $((100 * WAIT_SCALE)) ]; then
			fail "$3: never $2 rows with figures and a totals row:"
			sed 's/^/    | /' "$WORK/frame" >&2
			return
		fi
		sleep 0.2
	done
}

