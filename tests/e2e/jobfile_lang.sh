#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# jobfile_lang.sh - fio's job-file language, run by fio 3 and by blktop on
# the same loop device, and compared: include (relative to the including
# file), ${VAR} from the environment, $ncpus and $pagesize with bc's
# arithmetic, size=N% and offset=N%, --section, options before the first
# --name as global, --readonly, and an unknown key named with its file and
# line. Read-only jobs, size-bound: the same job names moving the same bytes.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
LC_ALL=C
export LC_ALL
unset LANGUAGE
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: nothing to compare with (apt-get install fio)"
command -v bc >/dev/null 2>&1 ||
	skip "bc is missing: fio computes \$ncpus*2 with it (apt-get install bc)"

dev=$(attach "$(sparse_file lang.img 64M)") || die "cannot attach a loop device"

# Each job name with the bytes it read and wrote (clones summed: fio
# reports each clone, blktop one line per job unless told otherwise).
bytes() {
	jq -c '[.jobs[] | {n: .jobname, r: .read.io_bytes, w: .write.io_bytes}] |
		group_by(.n) | map([.[0].n, (map(.r) | add), (map(.w) | add)])' "$1"
}

# same WHAT FIO-ARGS -- BLKTOP-ARGS: both run from $WORK/cwd, and their
# bytes per job name must be equal (and not empty).
same() {
	what=$1
	shift
	set -- "$@" --
	fio_args=
	while [ "$1" != -- ]; do
		fio_args="$fio_args $1"
		shift
	done
	shift
	blk_args=
	while [ "$1" != -- ]; do
		blk_args="$blk_args $1"
		shift
	done
	(cd "$WORK/cwd" && eval "fio --output-format=json $fio_args") >"$WORK/f.json" 2>"$WORK/f.err" ||
		{ fail "$what: fio failed: $(head -c 400 "$WORK/f.err")"; return; }
	(cd "$WORK/cwd" && eval "\"$BLKTOP\" --batch --output-format=json $blk_args") \
		>"$WORK/b.json" 2>"$WORK/b.err" ||
		{ fail "$what: blktop exit $?: $(head -c 400 "$WORK/b.err")"; return; }
	f=$(bytes "$WORK/f.json")
	b=$(bytes "$WORK/b.json")
	if [ -n "$f" ] && [ "$f" != "[]" ] && [ "$f" = "$b" ]; then
		pass "$what: as fio, $b"
	else
		fail "$what: fio $f, blktop $b"
	fi
}

mkdir -p "$WORK/cwd" "$WORK/jobs/sub"
# include: the file beside the including one, not in the current
# directory ($WORK/cwd, where a decoy of the same name would make a
# different size: fio would take that one, so none is put there).
printf 'filename=%s\nsize=3m\ninclude deeper.fio\n' "$dev" >"$WORK/jobs/sub/common.fio"
printf 'bs=64k\n' >"$WORK/jobs/sub/deeper.fio"
printf '[global]\ninclude common.fio\n[a]\n[b]\nsize=1m\ninclude deeper.fio\n' \
	>"$WORK/jobs/sub/main.fio"
same "include, nested and in [global]" "$WORK/jobs/sub/main.fio" -- --job "$WORK/jobs/sub/main.fio"

# ${VAR} from the environment; $ncpus, and $pagesize computed by bc.
printf '[global]\nfilename=%s\n[env]\nsize=${LANG_SIZE}\nbs=${LANG_BS}\n' "$dev" >"$WORK/jobs/env.fio"
printf '[kw]\nfilename=%s\nsize=1m\nnumjobs=$ncpus\nbs=$pagesize*4\n' "$dev" >"$WORK/jobs/kw.fio"
export LANG_SIZE=5m LANG_BS=16k
same "\${VAR} from the environment" "$WORK/jobs/env.fio" -- --job "$WORK/jobs/env.fio"
same "\$ncpus and \$pagesize*4" "$WORK/jobs/kw.fio" -- --job "$WORK/jobs/kw.fio"
# The arithmetic itself: fio's bc and blktop agree on bs (a wrong bs
# would change the I/O count, not the bytes).
(cd "$WORK/cwd" && "$BLKTOP" --batch --output-format=json --job "$WORK/jobs/kw.fio") >"$WORK/kw.json" 2>&1
ios=$(jq '[.jobs[].read.total_ios] | add' "$WORK/kw.json" 2>/dev/null)
page=$(getconf PAGESIZE)
want=$(( $(getconf _NPROCESSORS_CONF) * 1048576 / (page * 4) ))
[ "$ios" = "$want" ] && pass "bs=\$pagesize*4 is $((page * 4)) bytes: $ios I/Os" ||
	fail "bs=\$pagesize*4: $ios I/Os, want $want"

# Shares of the device, with offsets rounded up to whole blocks as fio.
printf '[global]\nfilename=%s\nbs=12k\n[quarter]\nsize=25%%\n[tail]\noffset=90%%\n[mid]\nsize=33%%\noffset=50%%\n' \
	"$dev" >"$WORK/jobs/pct.fio"
same "size=25%, offset=90%, size=33% at offset=50%" "$WORK/jobs/pct.fio" -- --job "$WORK/jobs/pct.fio"

# --section: only the named jobs; [global] still read.
printf '[global]\nfilename=%s\nsize=1m\n[a]\n[b]\nsize=2m\n[c]\nsize=4m\n' "$dev" >"$WORK/jobs/sect.fio"
same "--section=b --section=c" "--section=b --section=c $WORK/jobs/sect.fio" -- \
	"--section=b --section=c --job $WORK/jobs/sect.fio"

# The command line: what comes before the first --name is global.
same "options before the first --name are global" \
	"--filename=$dev --size=2m --bs=8k --name=a --name=b --size=1m" -- \
	"--run read $dev --size=2m --bs=8k --name=a --name=b --size=1m"
# fio's own command line, with no --run: each --name a job with its own rw.
same "fio's command-line jobs without --run" \
	"--filename=$dev --size=2m --bs=8k --name=a --name=b --rw=randread --size=1m" -- \
	"--filename=$dev --size=2m --bs=8k --name=a --name=b --rw=randread --size=1m"

# --readonly: both refuse a job that writes, and nothing is written.
sum0=$(sum_dev "$dev")
printf '[r]\nfilename=%s\nsize=1m\n[w]\nfilename=%s\nrw=write\nsize=1m\n' "$dev" "$dev" >"$WORK/jobs/ro.fio"
fio --readonly "$WORK/jobs/ro.fio" >/dev/null 2>&1 && fail "--readonly: fio ran a writing job"
"$BLKTOP" --batch --readonly --job "$WORK/jobs/ro.fio" >"$WORK/ro.out" 2>&1
rc=$?
[ "$rc" = 3 ] && grep -q "job w writes" "$WORK/ro.out" && [ "$(sum_dev "$dev")" = "$sum0" ] &&
	pass "--readonly: a writing job refused (exit 3) before anything ran, as fio refuses it" ||
	fail "--readonly: exit $rc: $(cat "$WORK/ro.out")"

# An unknown key, in an included file: exit 2, its file, line and key.
printf 'bs=4k\nfrobnicate=1\n' >"$WORK/jobs/sub/bad.fio"
printf '[a]\nfilename=%s\ninclude bad.fio\n' "$dev" >"$WORK/jobs/sub/badmain.fio"
fio --parse-only "$WORK/jobs/sub/badmain.fio" >/dev/null 2>&1 && fail "fio took frobnicate="
"$BLKTOP" --batch --job "$WORK/jobs/sub/badmain.fio" >"$WORK/bad.out" 2>&1
rc=$?
[ "$rc" = 2 ] && grep -q "bad.fio:2: unknown option 'frobnicate' (included from .*badmain.fio:3)" "$WORK/bad.out" &&
	pass "an unknown key in an included file: exit 2, named with its file and line" ||
	fail "an unknown key: exit $rc: $(cat "$WORK/bad.out")"

finish
