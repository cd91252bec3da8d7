#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_fio_offsets.sh - a random job puts fio's offsets on the device, I/O
# for I/O: blktop draws them from fio's generator (taus88), fio's seeds
# (randrepeat, randseed, the thread number of each clone) and fio's
# random map, so the sequence of offsets in each tool's iops log
# (log_offset=1, iodepth 1: one line per I/O in issue order) is the same,
# and so is a count that depends on the draws (randread:8 ends where a
# run from a random start crosses the end of the area), also across the
# passes io_size and loops make.
. "${top_srcdir:-.}/tests/e2e/fio_job_lib.sh"

# run WHO NAME ARGS...: a job at iodepth 1; leaves $WORK/NAME.WHO.N with
# one line per I/O of clone N, "r|w OFFSET LENGTH", in issue order.
job_head=$(printf '[x]\nfilename=%s\ndirect=1\nioengine=psync\niodepth=1' "$dev")
run() {
	fio_job_run "$job_head" "$@" || return 1
	who=$1 name=$2
	fio_job_split "$name" "$who"
}


same r1m "randread 4k on 1 MiB" --rw=randread --bs=4k --size=1m
same r1m_nomap "randread 4k on 1 MiB, norandommap=1" --rw=randread --bs=4k --size=1m --norandommap=1
same r64m "randread 4k on 64 MiB" --rw=randread --bs=4k --size=64m --io_size=4m
same r64m_nomap "randread 4k on 64 MiB, norandommap=1" --rw=randread --bs=4k --size=64m \
	--io_size=4m --norandommap=1
same full64m "randread 64k over all of 64 MiB (the map's next free block)" --rw=randread \
	--bs=64k --size=64m
same seq8 "randread:8 4k on 1 MiB" --rw=randread:8 --bs=4k --size=1m
same seq8_seed "randread:8 4k on 1 MiB, randseed=5" --rw=randread:8 --bs=4k --size=1m --randseed=5
same seq8_norep "randread:8 4k on 1 MiB, randseed=5 randrepeat=0" --rw=randread:8 --bs=4k \
	--size=1m --randseed=5 --randrepeat=0
same bs8k "randread 8k on 1 MiB" --rw=randread --bs=8k --size=1m
same bsrange "randread bsrange=4k-64k" --rw=randread --bsrange=4k-64k --size=4m
same bssplit "randrw bssplit=4k/50:16k/30:64k/20" --rw=randrw --bssplit=4k/50:16k/30:64k/20 \
	--size=4m
same seqrange "read bsrange=4k-32k (sequential)" --rw=read --bsrange=4k-32k --size=4m
same seed "randread, randseed=1234" --rw=randread --bs=4k --size=1m --randseed=1234
same seed_norep "randread, randseed=1234 randrepeat=0" --rw=randread --bs=4k --size=1m \
	--randseed=1234 --randrepeat=0
same clones "randread, numjobs=2" --rw=randread --bs=4k --size=1m --numjobs=2
# A given randseed turns fio's randrepeat off, but only after the first
# job of a section took its seeds: that job's offsets still come from
# fio's fixed seed, its clones' from randseed, and no job starts its
# seeds again at a new pass. With mixed sizes the offsets decide how
# many I/Os fill the area, so a clone with the wrong seed counts wrong.
same clones_seed "randread bssplit, numjobs=2, randseed=42" --rw=randread \
	--bssplit=4k/50:16k/30:64k/20 --size=2m --numjobs=2 --randseed=42
same clones_seed_loops "randread bssplit, numjobs=3, randseed=42, loops=2" --rw=randread \
	--bssplit=4k/50:16k/50 --size=2m --numjobs=3 --randseed=42 --loops=2
ylog="--write_iops_log=$WORK/log"
same sections_seed "three sections of bssplit, numjobs=2, randseed=42" --rw=randread \
	--bssplit=4k/50:16k/30:64k/20 --size=2m --numjobs=2 --randseed=42 \
	"[y]" --filename="$dev" --direct=1 --ioengine=psync --rw=randread --bssplit=8k/40:32k/60 \
	--size=2m --numjobs=2 --randseed=42 "$ylog" --log_offset=1 \
	"[z]" --filename="$dev" --direct=1 --ioengine=psync --rw=randwrite --bssplit=4k/70:128k/30 \
	--size=2m --numjobs=2 --randseed=42 --norandommap=1 "$ylog" --log_offset=1
same write "randwrite 4k on 1 MiB" --rw=randwrite --bs=4k --size=1m
same mix "randrw rwmixread=70" --rw=randrw --rwmixread=70 --bs=4k --size=1m
same perc "randread percentage_random=50" --rw=randread --percentage_random=50 --bs=4k --size=1m
same t64 "randread random_generator=tausworthe64" --rw=randread --bs=4k --size=1m \
	--random_generator=tausworthe64
same twopass "randread io_size=2m over 1 MiB (a second pass of the map)" --rw=randread --bs=4k \
	--size=1m --io_size=2m
same loops "randread loops=2" --rw=randread --bs=4k --size=1m --loops=2
same loops_nomap "randread loops=2, norandommap=1" --rw=randread --bs=4k --size=1m --loops=2 \
	--norandommap=1
same mixseq "randrw:4 rwmixread=30" --rw=randrw:4 --rwmixread=30 --bs=4k --size=1m
# A new pass over the area (after the first size's worth, io_size or
# loops): fio clears its random map and its rwmix count, so the pass's
# first I/O draws its direction afresh, from fio's seeds again under
# randrepeat=1. On psync the pass ends at the draw that finds the map full
# (a direction and an offset drawn, no size: they count with randseed,
# which starts no seeds again); on libaio once the pass has issued its
# size, before any draw.
same mix2pass "randrw bssplit=4k/50:16k/50, io_size=3m over 1 MiB, numjobs=2" --rw=randrw \
	--bssplit=4k/50:16k/50 --size=1m --io_size=3m --numjobs=2
same mix2pass_seed "randrw bssplit, io_size=3m over 1 MiB, numjobs=2, randseed=7" \
	--rw=randrw --bssplit=4k/50:16k/50 --size=1m --io_size=3m --numjobs=2 --randseed=7
same mix2pass_aio "randrw bssplit, io_size=3m over 1 MiB, numjobs=2, randseed=7, libaio" \
	--rw=randrw --bssplit=4k/50:16k/50 --size=1m --io_size=3m --numjobs=2 --randseed=7 \
	--ioengine=libaio
same mixloops "randrw rwmixread=30 bssplit, loops=3" --rw=randrw --rwmixread=30 \
	--bssplit=4k/50:16k/50 --size=1m --loops=3

finish
