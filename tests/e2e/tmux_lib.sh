# SPDX-License-Identifier: GPL-2.0-or-later
# tmux_lib.sh - what the screen tests share: a private tmux server (killed
# at cleanup), a UTF-8 locale when there is one, and helpers that wait for
# the screen to show something. Sourced after lib.sh.

require_loop_root

SOCK="blktop-e2e-$$"
tm() { tmux -L "$SOCK" "$@"; }
on_cleanup "tmux -L $SOCK kill-server 2>/dev/null; true"
require_tmux

# A UTF-8 locale when there is one, so the lines are the real ones.
UTF8=C
for l in C.UTF-8 C.utf8 en_US.UTF-8 en_US.utf8; do
	if locale -a 2>/dev/null | grep -qx "$l"; then
		UTF8=$l
		break
	fi
done

cap() { tm capture-pane -p -t "$1"; }

# wait_for SESSION REGEX [MS]: until the screen matches or time runs out.
# The time is stretched by WAIT_SCALE (4 unless set): it bounds a wait on a
# shared, loaded machine, it is not a measure of speed (benchmarks are), and
# a condition met early returns at once.
WAIT_SCALE=${WAIT_SCALE:-4}
wait_for() {
	t0=$(now_ms)
	while :; do
		cap "$1" | grep -Eq -- "$2" && return 0
		[ $(($(now_ms) - t0)) -ge $((${3:-5000} * WAIT_SCALE)) ] && return 1
		sleep 0.1
	done
}

# expect SESSION WHAT REGEX [MS]
expect() {
	if wait_for "$1" "$3" "${4:-5000}"; then
		pass "$2"
	else
		fail "$2: /$3/ is not on the screen; it shows:"
		cap "$1" | sed 's/^/    | /' >&2
	fi
}

# select_dev SESSION NAME: moves the device selection to NAME. The next j
# goes only once the last one shows: under load the screen takes several
# keys in one frame and would skip NAME. A list that changes meanwhile
# (devices come and go) is walked again from the top.
select_dev() {
	# Already selected: no key at all (a g still on its way would move
	# the selection after a frame drawn before it showed NAME).
	cap "$1" | grep -Eq "^>$2 " && return 0
	tm send-keys -t "$1" g
	prev= same=0 i=0
	while [ $i -lt 400 ]; do
		cur=$(cap "$1" | grep -E "^>" | head -n 1)
		case $cur in ">$2 "*) return 0 ;; esac
		if [ "$cur" != "$prev" ]; then
			prev=$cur
			same=0
			tm send-keys -t "$1" j
		else
			same=$((same + 1))
			# The last row (or a lost key): from the top once more.
			[ $same -eq 40 ] && tm send-keys -t "$1" g
		fi
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# form_field SESSION NAME: moves the form's selection up to the field
# NAME, one key at a time, each once the last one shows.
form_field() {
	prev= same=0 i=0
	while [ $i -lt 600 ]; do
		cur=$(cap "$1" | grep -E "^ >" | head -n 1)
		case $cur in " >$2 "*) return 0 ;; esac
		if [ "$cur" != "$prev" ]; then
			prev=$cur
			same=0
			tm send-keys -t "$1" Up
		else
			same=$((same + 1))
			# The first field (or a lost key): from the end once more.
			[ $same -eq 40 ] && tm send-keys -t "$1" End
		fi
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}
