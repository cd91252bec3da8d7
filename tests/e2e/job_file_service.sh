#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# job_file_service.sh - jobs of several files against fio 3, I/O by I/O:
# each tool runs the job with psync under strace, and the reads and writes
# each made (file, direction, offset, length), in order per file, must be
# the same. Covers file_service_type (roundrobin:N, sequential, random:N,
# zipf, pareto, normal), a file done when its area has no next offset
# (sequential ends, a full random map, a direction's next free block past
# the area with bs=R,W), openfiles below nrfiles, filesize ranges (fio's
# sizes and total), loops, io_size, and clones (fio names a clone's files
# by its sub-job number). And a random job's sequential runs (randwrite:4,
# percentage_random) that reach the file's own end: fio takes a random
# block there instead.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio
command -v strace >/dev/null 2>&1 ||
	skip "strace is missing: the I/O sequences were not compared (apt-get install strace)"

dir="$WORK/files"
mkdir -p "$dir" || die "cannot make $dir"
# LeakSanitizer cannot run under ptrace (strace): in the sanitizer build
# the traced runs go without the leak check, and one run at the end,
# not traced, keeps it for the file choice.
traced_asan="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# trace TOOL OUT ARGS...: the job's reads and writes on its own files, one
# line each, "direction file offset length", in order within each file.
trace() {
	tool=$1 out=$2
	shift 2
	rm -f "$WORK"/st.*
	if [ "$tool" = fio ]; then
		(cd "$dir" && strace -ff -qq -y -s 0 -e trace=pread64,pwrite64 -o "$WORK/st" \
			fio --name=j --ioengine=psync "$@" --output-format=json) >"$out.json" 2>"$out.err"
	else
		(cd "$dir" && ASAN_OPTIONS=$traced_asan strace -ff -qq -y -s 0 \
			-e trace=pread64,pwrite64 -o "$WORK/st" \
			"$BLKTOP" --batch --force --name=j --ioengine=psync "$@" --output-format=json) \
			>"$out.json" 2>"$out.err"
	fi
	echo $? >"$out.rc"
	cat "$WORK"/st.* | grep -o 'p\(read\|write\)64([0-9]*<[^>]*/j\.[0-9]*\.[0-9]*>, [^)]*' |
		sed -E 's/^p(read|write)64\([0-9]+<[^>]*\/(j\.[0-9]+\.[0-9]+)>, .*, ([0-9]+), ([0-9]+)$/\1 \2 \4 \3/' |
		sort -s -k2,2 >"$out"
}

# same LABEL ARGS...: the job under both tools, I/O by I/O. With PREP set,
# the files are made first (read jobs) and kept between the two runs.
same() {
	label=$1
	shift
	rm -f "$dir"/j.*
	if [ -n "${PREP:-}" ]; then
		(cd "$dir" && fio --name=j $PREP --create_only=1 >/dev/null 2>&1) ||
			{ fail "$label: fio could not make the files"; return; }
	fi
	trace fio "$WORK/seq.fio" "$@"
	[ -n "${PREP:-}" ] || rm -f "$dir"/j.*
	trace bt "$WORK/seq.bt" "$@"
	n=$(wc -l <"$WORK/seq.fio")
	if [ "$(cat "$WORK/seq.fio.rc")" != 0 ] || [ "$n" = 0 ]; then
		skip_part "$label: fio did not run it here (exit $(cat "$WORK/seq.fio.rc"), $n I/Os): nothing compared"
	elif [ "$(cat "$WORK/seq.bt.rc")" != 0 ]; then
		fail "$label: blktop exit $(cat "$WORK/seq.bt.rc"): $(head -c 300 "$WORK/seq.bt.err")"
	elif cmp -s "$WORK/seq.fio" "$WORK/seq.bt"; then
		pass "$label: the same $n I/Os as fio, file by file"
	else
		per=""
		for f in $(cut -d' ' -f2 "$WORK/seq.fio" "$WORK/seq.bt" | sort -u); do
			per="$per $f:$(grep -c " $f " "$WORK/seq.fio")/$(grep -c " $f " "$WORK/seq.bt")"
		done
		fail "$label: fio $n I/Os, blktop $(wc -l <"$WORK/seq.bt") (per file fio/blktop:$per); first difference: $(diff "$WORK/seq.fio" "$WORK/seq.bt" | sed -n 2,3p | tr '\n' ' ')"
	fi
}

same "roundrobin" --rw=randwrite --nrfiles=3 --size=3m
same "roundrobin:4" --rw=randwrite --nrfiles=3 --size=3m --file_service_type=roundrobin:4
same "sequential" --rw=write --nrfiles=3 --size=3m --file_service_type=sequential
same "sequential, loops=2" --rw=write --nrfiles=3 --size=3m --file_service_type=sequential --loops=2
same "random" --rw=randwrite --nrfiles=3 --size=3m --file_service_type=random
same "random:8, loops=3" --rw=randwrite --nrfiles=3 --size=3m --file_service_type=random:8 --loops=3
same "random, io_size=7m" --rw=randwrite --nrfiles=3 --size=3m --file_service_type=random --io_size=7m
same "zipf:1.2" --rw=randwrite --nrfiles=4 --size=4m --file_service_type=zipf:1.2
same "pareto:0.3" --rw=randwrite --nrfiles=4 --size=4m --file_service_type=pareto:0.3
same "normal:10" --rw=randwrite --nrfiles=4 --size=4m --file_service_type=normal:10
same "filesize=256k-1m" --rw=write --nrfiles=3 --filesize=256k-1m --size=2m
same "filesize=256k-1m, random, randseed=42" --rw=randwrite --nrfiles=3 --filesize=256k-1m \
	--size=2m --file_service_type=random --randseed=42
same "openfiles=2" --rw=randwrite --nrfiles=4 --size=4m --openfiles=2
same "openfiles=1, sequential write" --rw=write --nrfiles=4 --size=4m --openfiles=1
same "openfiles=2, random" --rw=randwrite --nrfiles=4 --size=4m --openfiles=2 \
	--file_service_type=random
same "randwrite:4, the runs reaching the file's end" --rw=randwrite:4 --size=1m
same "percentage_random=50, 2 files" --rw=randwrite --percentage_random=50 --nrfiles=2 \
	--size=2m
same "numjobs=3 (the clones' file names)" --rw=randwrite --nrfiles=2 --size=2m --numjobs=3
PREP="--nrfiles=2 --size=32m" same "randrw bs=4k,64k, 2 files" --rw=randrw --bs=4k,64k \
	--nrfiles=2 --size=32m
PREP="--nrfiles=3 --size=32m" same "randrw bs=4k,64k, 3 files, sequential" --rw=randrw \
	--bs=4k,64k --nrfiles=3 --size=32m --file_service_type=sequential
PREP="--nrfiles=3 --size=3m" same "rw rwmixread=30, 3 files" --rw=rw --rwmixread=30 \
	--nrfiles=3 --size=3m

# Not traced: every way of choosing, with openfiles, under the leak check
# of the sanitizer build.
rm -f "$dir"/j.*
bad=0
for fst in roundrobin:2 sequential random:3 zipf pareto normal; do
	(cd "$dir" && "$BLKTOP" --batch --force --name=j --ioengine=psync --rw=randwrite \
		--nrfiles=4 --size=1m --openfiles=2 --file_service_type=$fst \
		--output-format=json) >"$WORK/plain.json" 2>"$WORK/plain.err" || {
		bad=1
		fail "file_service_type=$fst, openfiles=2 (not traced): exit $?: $(head -c 300 "$WORK/plain.err")"
	}
done
[ $bad = 0 ] && pass "six ways of choosing files with openfiles=2 ran without strace (under the sanitizers' leak check in that build)"
finish
