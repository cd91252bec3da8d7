#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_offsets.sh - fio's options on where each I/O goes after the last
# (rw's modifier: randread:4, write:4k, read:-8k; rw_sequencer;
# percentage_random; rw=rw's own position per direction), run by blktop
# and by fio 3 on the same scratch loop device. The offsets come from
# each one's iops log (log_offset=1). Where fio's sequence is fixed the
# two lists must be equal; where it hangs on the random draw the shape
# must be: runs of N, identical repeats, the share that follows on (the
# draws themselves are compared with fio's in job_fio_offsets.sh).
. "${top_srcdir:-.}/tests/e2e/fio_job_lib.sh"

# run WHO NAME ARGS...: a 1 MiB job of 4k I/Os; leaves $WORK/NAME.WHO
# with one line per I/O: "r|w BLOCK BLOCKS" in the order they completed.
job_head=$(printf '[x]\nfilename=%s\ndirect=1\nsize=1m\nbs=4k' "$dev")
run() {
	fio_job_run "$job_head" "$@" || return 1
	fio_job_ios 4096 "$WORK"/log_iops*.log >"$WORK/$2.$1"
}

# same NAME ARGS...: the offsets, directions and bytes must be equal.
same() {
	name=$1
	shift
	run fio "$name" "$@" && run blktop "$name" "$@" || return
	if cmp -s "$WORK/$name.fio" "$WORK/$name.blktop"; then
		pass "$name: the same $(wc -l <"$WORK/$name.fio") offsets as fio"
	else
		fail "$name: offsets differ; fio: $(head -c 120 "$WORK/$name.fio" | tr '\n' ' ') blktop: $(head -c 120 "$WORK/$name.blktop" | tr '\n' ' ')"
	fi
}

same "write:4k (a 4k hole after each write)" --rw=write:4k
same "read:-8k (backwards from the end)" --rw=read:-8k
same "randread with percentage_random=0 (all sequential)" --rw=randread --percentage_random=0 --norandommap=1
# A mixed job's directions keep their own positions: the reads' offsets
# and the writes' offsets each run 0, 1, 2, ... in both.
for who in fio blktop; do
	run $who mixed --rw=rw || continue
	for d in r w; do
		awk -v d=$d '$1 == d { if ($2 != n) bad = 1; n++ } END { exit bad || n < 16 }' \
			"$WORK/mixed.$who" || fail "rw=rw under $who: the ${d} offsets are not 0, 1, 2, ...: $(head -c 120 "$WORK/mixed.$who" | tr '\n' ' ')"
	done
done
pass "rw=rw: reads and writes each run on from their own last offset, in fio and blktop"

# percentage_random=R,W: each direction its own share. With 0,100 in
# randrw the reads run 0, 1, 2, ... and the writes jump about, in both.
for who in fio blktop; do
	run $who pctrw --rw=randrw --percentage_random=0,100 --norandommap=1 || continue
	awk '$1 == "r" { if ($2 != n) bad = 1; n++ } END { exit bad || n < 16 }' "$WORK/pctrw.$who" &&
		w_on=$(awk '$1 == "w" { k += NR > 1 && $2 == prev + 1; prev = $2; n++ }
			END { print (n >= 16 && k * 2 < n) ? "random" : "sequential" }' "$WORK/pctrw.$who") &&
		[ "$w_on" = random ] &&
		pass "percentage_random=0,100 under $who: sequential reads, random writes" ||
		fail "percentage_random=0,100 under $who: $(head -c 160 "$WORK/pctrw.$who" | tr '\n' ' ')"
done

# runs N KIND FILE: every group of N I/Os is one random start followed
# by N-1 that run on from it (seq) or repeat it (same); the last group
# may be cut short where the job ended at the area's end.
runs() {
	awk -v n="$1" -v kind="$2" '{
		i = (NR - 1) % n
		if (i > 0 && $2 != (kind == "seq" ? prev + 1 : prev)) bad = 1
		prev = $2
	} END { exit bad || NR < n }' "$3"
}
for who in fio blktop; do
	run $who seq4 --rw=randread:4 --norandommap=1 || continue
	runs 4 seq "$WORK/seq4.$who" && pass "randread:4 under $who: runs of 4 from each random offset" ||
		fail "randread:4 under $who: $(head -c 160 "$WORK/seq4.$who" | tr '\n' ' ')"
	run $who ident4 --rw=randread:4 --rw_sequencer=identical --norandommap=1 || continue
	runs 4 same "$WORK/ident4.$who" && [ "$(wc -l <"$WORK/ident4.$who")" = 256 ] &&
		pass "randread:4 rw_sequencer=identical under $who: each random offset 4 times, 256 I/Os" ||
		fail "randread:4 identical under $who: $(wc -l <"$WORK/ident4.$who") I/Os: $(head -c 160 "$WORK/ident4.$who" | tr '\n' ' ')"
done

# percentage_random=50: about half the I/Os follow on from the one
# before (a random one may too, by chance: 1 in 256), in both.
for who in fio blktop; do
	run $who pct50 --rw=randread --percentage_random=50 --norandommap=1 --randseed=7 --size=16m || continue
	n=$(wc -l <"$WORK/pct50.$who")
	on=$(awk 'NR > 1 && $2 == prev + 1 { k++ } { prev = $2 } END { print k + 0 }' "$WORK/pct50.$who")
	# An offset past the end ends the job (fio's rule): with few I/Os
	# the share says little, so only a run of 64 or more is judged (16 MiB
	# of 4k blocks make an early end rare).
	if [ "$n" -lt 64 ]; then
		note "percentage_random=50 under $who ended after $n I/Os (an offset past the end)"
	elif [ $((on * 100 / n)) -ge 35 ] && [ $((on * 100 / n)) -le 65 ]; then
		pass "percentage_random=50 under $who: $on of $n I/Os follow on"
	else
		fail "percentage_random=50 under $who: $on of $n I/Os follow on"
	fi
done

# Bad modifiers are refused naming the option.
for bad in randread:x write:4q; do
	printf '[x]\nfilename=%s\nsize=1m\nrw=%s\n' "$dev" "$bad" >"$WORK/bad.fio"
	"$BLKTOP" --batch --job "$WORK/bad.fio" >"$WORK/out" 2>"$WORK/err"
	rc=$?
	[ $rc = 2 ] && grep -q "rw" "$WORK/err" && pass "rw=$bad refused" ||
		fail "rw=$bad: exit $rc: $(tail -2 "$WORK/err")"
done

finish
