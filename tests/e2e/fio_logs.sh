#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_logs.sh - fio's log files (write_bw_log, write_iops_log,
# write_lat_log, write_hist_log and the options that shape them): the same
# job run by fio 3 and by blktop on one scratch loop device must give the
# same file names, the same number of columns on every line, whole numbers
# only, times that never go back where fio's never do, as many lines as
# I/Os for the per-I/O logs and about as many as fio's for the averaged
# ones; fio's own plotting scripts (fio_generate_plots, fio2gnuplot, from
# Debian's fio package) read both sets alike.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v fio >/dev/null 2>&1 || skip "fio is missing (apt-get install fio): nothing to compare with"
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"

# The runs go in directories of their own: blktop by its full path.
case $BLKTOP in /*) ;; *) BLKTOP=$(pwd)/$BLKTOP ;; esac

img=$(sparse_file disk.img 256M)
dev=$(attach "$img") || die "cannot attach a loop device"

# run TOOL DIR RW ARGS...: one job in DIR, fio's options for both.
run() {
	tool=$1 dir=$2 rw=$3
	shift 3
	mkdir -p "$dir"
	if [ "$tool" = fio ]; then
		(cd "$dir" && fio --name=lg --filename="$dev" --rw="$rw" --ioengine=libaio \
			--direct=1 --output-format=json --output=out.json "$@" >/dev/null 2>err.txt) ||
			{ fail "fio $rw $*: $(cat "$dir/err.txt")"; return 1; }
	else
		(cd "$dir" && "$BLKTOP" --batch --force --run "$rw" "$dev" --name=lg \
			--ioengine=libaio --direct=1 --output-format=json "$@" >out.json 2>err.txt) ||
			{ fail "blktop $rw $*: $(cat "$dir/err.txt")"; return 1; }
	fi
}
# ok WHAT: passes WHAT if nothing failed since mark.
mark() { before=$FAILURES; }
ok() { [ "$FAILURES" = "$before" ] && pass "$*"; }

# The log files of a directory, one name a line.
logs() { (cd "$1" && ls -- *.log 2>/dev/null | sort); }

# shape FILE: "columns:N" for every column count, "nonint" for a field
# that is not a whole number, "back" when a time goes back.
shape() {
	awk -F', ' '
		{ c[NF]++
		  for (i = 1; i <= NF; i++) if ($i !~ /^-?[0-9]+$/) nonint++
		  if (NR > 1 && $1 + 0 < prev) back++
		  prev = $1 + 0 }
		END { for (k in c) print "columns:" k
		      if (nonint) print "nonint"
		      if (back) print "back" }' "$1" | sort
}

# compare CASE: fio's and blktop's files of one case, name by name.
compare() {
	c=$1
	mark
	f=$WORK/$c/fio b=$WORK/$c/blktop
	fl=$(logs "$f") bl=$(logs "$b")
	[ -n "$fl" ] || { fail "$c: fio wrote no log file"; return; }
	[ "$fl" = "$bl" ] || fail "$c: file names differ: fio [$(echo $fl)] blktop [$(echo $bl)]"
	for n in $fl; do
		[ -f "$b/$n" ] || continue
		fs=$(shape "$f/$n") bs=$(shape "$b/$n")
		case $bs in *nonint*) fail "$c: $n has a field that is not a whole number" ;; esac
		fcols=$(echo "$fs" | grep columns: | tr '\n' ' ')
		bcols=$(echo "$bs" | grep columns: | tr '\n' ' ')
		[ "$fcols" = "$bcols" ] || fail "$c: $n: columns fio [$fcols] blktop [$bcols]"
		case $fs in
		*back*) ;;
		*) case $bs in *back*) fail "$c: $n: a time goes back (never in fio's)" ;; esac ;;
		esac
		[ -s "$b/$n" ] || [ ! -s "$f/$n" ] || fail "$c: $n is empty (fio's is not)"
	done
	ok "$c: $(echo "$fl" | wc -w) files, the names and columns of fio's"
}

# ios DIR: the I/Os blktop's JSON report counts, both directions.
ios() { jq '[.jobs[] | .read.total_ios + .write.total_ios] | add' "$1/out.json"; }

# 1. One line per I/O, every log, two threads with their own files.
c=perio
set -- randrw --bs=4k --iodepth=4 --runtime=1 --time_based --numjobs=2 \
	--write_bw_log=lg --write_iops_log=lg --write_lat_log=lg --write_hist_log=lg \
	--log_hist_msec=250
run fio "$WORK/$c/fio" "$@" && run blktop "$WORK/$c/blktop" "$@" && {
	compare $c
	mark
	b=$WORK/$c/blktop
	want=$(ios "$b")
	for k in bw iops clat lat; do
		got=$(cat "$b"/lg_$k.1.log "$b"/lg_$k.2.log | wc -l)
		[ "$got" = "$want" ] || fail "$c: $k: $got lines for $want I/Os"
	done
	# slat is logged at submit: a thread stopped at the runtime may
	# have the last few in flight, never more than its depth.
	got=$(cat "$b"/lg_slat.1.log "$b"/lg_slat.2.log | wc -l)
	[ "$got" -ge "$want" ] && [ "$got" -le $((want + 8)) ] ||
		fail "$c: slat: $got lines for $want I/Os"
	# The histogram lines add up to at most the I/Os (the last window
	# is not logged, as in fio), and a line comes every 250 ms or so.
	hl=$(cat "$b"/lg_clat_hist.*.log | wc -l)
	[ "$hl" -ge 4 ] && [ "$hl" -le 20 ] || fail "$c: $hl histogram lines in 1 s at 250 ms"
	hsum=$(cat "$b"/lg_clat_hist.*.log |
		awk -F', ' '{ for (i = 4; i <= NF; i++) s += $i } END { print s + 0 }')
	[ "$hsum" -gt 0 ] && [ "$hsum" -le "$want" ] ||
		fail "$c: histogram lines count $hsum I/Os of $want"
	ok "$c: as many lines as I/Os ($want)"
}

# 2. Averaged, with offsets, maxima, coarse histograms, and the threads
# of a name sharing one file.
c=avg
set -- randrw --bs=4k --iodepth=4 --runtime=2 --time_based --numjobs=2 \
	--write_bw_log=lg --write_iops_log=lg --write_lat_log=lg --write_hist_log=lg \
	--log_avg_msec=250 --log_hist_msec=500 --log_hist_coarseness=2 --log_offset=1 \
	--log_max_value=1 --per_job_logs=0
run fio "$WORK/$c/fio" "$@" && run blktop "$WORK/$c/blktop" "$@" && {
	compare $c
	mark
	for k in bw iops clat; do
		fn=$(wc -l <"$WORK/$c/fio/lg_$k.log") bn=$(wc -l <"$WORK/$c/blktop/lg_$k.log")
		# 2 s in 250 ms windows, 2 directions, 2 threads: about 32.
		[ "$bn" -ge $((fn * 2 / 3)) ] && [ "$bn" -le $((fn * 3 / 2 + 4)) ] ||
			fail "$c: $k: $bn lines, fio $fn"
	done
	awk -F', ' '$4 != 0 || $5 != 0 { bad++ } END { exit bad > 0 }' \
		"$WORK/$c/blktop/lg_clat.log" ||
		fail "$c: an averaged line has a block size or offset (fio writes 0 for both)"
	ok "$c: averaged lines about as many as fio's"
}

# 3. Times since the Unix epoch.
c=epoch
t0=$(date +%s%3N)
set -- read --bs=4k --iodepth=2 --runtime=1 --time_based --write_bw_log=lg \
	--log_avg_msec=200 --log_unix_epoch=1
mark
run blktop "$WORK/$c/blktop" "$@" && {
	t1=$(date +%s%3N)
	awk -F', ' -v a="$t0" -v b="$t1" '$1 < a || $1 > b { bad++ } END { exit bad > 0 || NR == 0 }' \
		"$WORK/$c/blktop/lg_bw.1.log" ||
		fail "$c: a time outside the run ($t0..$t1): $(head -1 "$WORK/$c/blktop/lg_bw.1.log")"
	ok "$c: times in ms since the epoch, within the run"
}

# 4. fio's scripts read blktop's logs as they read fio's: the same files
# come out of both.
plots() {
	dir=$1
	(cd "$dir" && rm -f -- *.json *.txt &&
		fio_generate_plots t >/dev/null 2>&1 &&
		fio2gnuplot -p '*_bw.log' -g -t t >/dev/null 2>&1) || return 1
	(cd "$dir" && ls | grep -v '\.log$' | sort)
}
if ! command -v gnuplot >/dev/null 2>&1; then
	skip_part "gnuplot is missing: fio_generate_plots and fio2gnuplot NOT run (apt-get install gnuplot-nox)"
elif ! command -v fio_generate_plots >/dev/null 2>&1 || ! command -v fio2gnuplot >/dev/null 2>&1; then
	skip_part "fio_generate_plots or fio2gnuplot is missing (Debian's fio package has both)"
elif [ -d "$WORK/avg/blktop" ] && [ -d "$WORK/avg/fio" ]; then
	mark
	fo=$(plots "$WORK/avg/fio") || fail "fio's scripts failed on fio's own logs"
	bo=$(plots "$WORK/avg/blktop") || fail "fio's scripts failed on blktop's logs"
	[ -n "$bo" ] && [ "$fo" = "$bo" ] ||
		fail "fio's scripts made [$(echo $fo)] from fio's logs, [$(echo $bo)] from blktop's"
	for s in bw iops clat lat slat; do
		[ -s "$WORK/avg/blktop/t-$s.svg" ] || fail "fio_generate_plots drew no $s graph"
	done
	ok "fio_generate_plots and fio2gnuplot read blktop's logs ($(echo "$bo" | wc -l) files)"
fi

# 5. A log that cannot be made stops the run before any I/O, and
# log_compression (a memory setting of fio's) changes nothing.
mark
out=$("$BLKTOP" --batch --force --run read "$dev" --size=1m --write_bw_log=/nonexistent/dir/x 2>&1)
rc=$?
[ "$rc" = 1 ] && echo "$out" | grep -q "/nonexistent/dir/x_bw.1.log" ||
	fail "an uncreatable log: exit $rc, '$out'"
mkdir -p "$WORK/gz" && (cd "$WORK/gz" && "$BLKTOP" --batch --force --run read "$dev" \
	--size=1m --write_iops_log=z --log_compression=1m >/dev/null 2>&1) &&
	[ "$(wc -l <"$WORK/gz/z_iops.1.log")" = 256 ] ||
	fail "log_compression=1m: not 256 lines for 256 I/Os"
ok "an uncreatable log fails the run; log_compression is accepted"

# 6. Byte for byte where fio's lines are deterministic: a size-bound
# sequential job, one I/O at a time, per-I/O logs with log_offset=1. Each
# line's direction, block size, offset and priority (all but the time and
# the value) are fio's, line for line, in every log fio writes.
mark
run fio "$WORK/det/fio" read --ioengine=psync --bs=4k --size=1m --log_offset=1 \
	--write_lat_log=d --write_bw_log=d --write_iops_log=d &&
	run blktop "$WORK/det/blktop" read --ioengine=psync --bs=4k --size=1m --log_offset=1 \
		--write_lat_log=d --write_bw_log=d --write_iops_log=d || true
n=0
for f in "$WORK"/det/fio/d_*.log; do
	[ -e "$f" ] || { fail "fio wrote no d_*.log"; break; }
	b="$WORK/det/blktop/$(basename "$f")"
	[ -e "$b" ] || { fail "blktop wrote no $(basename "$f")"; continue; }
	cut -d, -f3- "$f" >"$WORK/det/f.cols"
	cut -d, -f3- "$b" >"$WORK/det/b.cols"
	cmp -s "$WORK/det/f.cols" "$WORK/det/b.cols" ||
		fail "$(basename "$f"): lines differ past time and value: $(diff "$WORK/det/f.cols" "$WORK/det/b.cols" | sed -n 2,3p | tr '\n' ' ')"
	n=$((n + 1))
done
ok "$n logs of a sequential job: every line's direction, size, offset and priority as fio's"
finish
