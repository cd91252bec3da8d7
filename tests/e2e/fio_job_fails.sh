#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_job_fails.sh - how a failed job says so, as fio 3.33 says it: the
# exit status, each job's "error" in the JSON, and fio's line
# "fio: pid=N, err=E/file:..., func=F, error=TEXT" (err, func and error;
# fio names its source line after file: where blktop names the target;
# pid=0 on stderr for a job whose serialized setup failed, the job's pid
# on stdout otherwise), verify's line for a bad checksum (flags= too)
# and the normal report's "err=" text. fio and blktop run the same jobs:
# - setting a job up: a missing or empty file and no size (fio's
#   "you need to specify size=": err=22, func=total_file_size, the other
#   jobs run), also with allow_file_create=0, in a missing directory, with
#   create_serialize=0; allow_file_create=0 with a size (error 0, exit
#   1); an area that starts at or past the end, or holds less than a
#   block (error 0, exit 1); a directory fio cannot make (error 0, exit
#   1), a second file whose directory it leaves unmade (err=2, open);
# - the directories fio's setup makes for a file to lay out, with a size
#   or without (mode 0700, the first name's only), and what it leaves;
# - a data mismatch found by verify, on a scratch loop device, with and
#   without verify_fatal, continue_on_error=verify, a read job and
#   verify_only, psync and libaio (fio's func= is its completion path's).
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
require_fio
case $BLKTOP in /*) ;; *) BLKTOP=$(pwd)/$BLKTOP ;; esac

# facts WHO CASE: what a reader of the run sees, on one line.
facts() {
	o="$WORK/$2.$1"
	printf 'rc=%s latency_lines=%s verify=%s jobs=%s line=%s text=%s\n' "$(cat "$o.rc")" \
		"$(grep -c '^     latency   : target=' "$o.txt")" \
		"$(grep -o '^[a-z0-9]*: verify failed at file .*' "$o.err" | sort | tr '\n' ';')" \
		"$(sed -n '/^{/,$p' "$o.json" | jq -c '[.jobs[] | [.error, .total_err, .first_error]]' 2>/dev/null)" \
		"$(for s in json err; do sed -n "s/^fio: pid=\\(0\\)*[0-9]*, err=\\([0-9]*\\)\\/file:[^,]*, \\(func=.*\\)/$s:pid=\\1 err=\\2 \\3/p" "$o.$s"; done | sort | tr '\n' ';')" \
		"$(grep 'groupid=' "$o.txt" | sed -n 's/.*err= *\([0-9]*\)\( (file:[^,]*, \(func=[^)]*\))\)*.*/err=\1 \3/p' | tr '\n' ';')"
}

# both CASE DIR ARGS...: the job under each tool, run in DIR (made anew
# with an empty file, a 1 MiB one and one of 1000 bytes), JSON and text.
both() {
	c=$1 d=$2
	shift 2
	for who in fio bt; do
		for fmt in json txt; do
			rm -rf "$d"
			mkdir -p "$d"
			: >"$d/empty"
			head -c 1048576 /dev/zero >"$d/one"
			head -c 1000 /dev/zero >"$d/small"
			o=normal
			[ $fmt = json ] && o=json
			if [ $who = fio ]; then
				(cd "$d" && fio --output-format=$o "$@") >"$WORK/$c.$who.$fmt" 2>"$WORK/$c.$who.err.$fmt"
			else
				(cd "$d" && "$BLKTOP" --batch --force --output-format=$o "$@") \
					>"$WORK/$c.$who.$fmt" 2>"$WORK/$c.$who.err.$fmt"
			fi
			echo $? >"$WORK/$c.$who.rc.$fmt"
		done
		cp "$WORK/$c.$who.rc.json" "$WORK/$c.$who.rc"
		cp "$WORK/$c.$who.err.json" "$WORK/$c.$who.err"
	done
	f=$(facts fio "$c") b=$(facts bt "$c")
	case $f in
	rc=0*) fail "$c: fio ran it without failing ($f): the case tests nothing" ;;
	"$b") pass "$c ($*): as fio: $f" ;;
	*) fail "$c ($*): fio: $f; blktop: $b ($(head -c 200 "$WORK/$c.bt.err"))" ;;
	esac
}

D="$WORK/files"
both missing "$D" --name=j --filename="$D/missing" --rw=read
both missing_write "$D" --name=j --filename="$D/missing" --rw=write
both missing_nocreate "$D" --name=j --filename="$D/missing" --rw=read --allow_file_create=0
both missing_dir "$D" --name=j --filename="$D/nodir/f" --rw=read
both missing_deferred "$D" --name=j --filename="$D/missing" --rw=read --create_serialize=0
both missing_and_other "$D" --name=j --filename="$D/missing" --rw=read \
	--name=k --filename="$D/one" --rw=read
both empty "$D" --name=j --filename="$D/empty" --rw=read
both empty_deferred "$D" --name=j --filename="$D/empty" --rw=randread --create_serialize=0
both nocreate_sized "$D" --name=j --filename="$D/missing" --rw=read --size=1m --allow_file_create=0
both at_end "$D" --name=j --filename="$D/one" --rw=read --offset=1m
both past_end "$D" --name=j --filename="$D/one" --rw=read --offset=2m
both clone_at_end "$D" --name=j --filename="$D/one" --rw=read --numjobs=2 --offset_increment=1m
both below_bs "$D" --name=j --filename="$D/small" --rw=read --bs=4k
# Directories fio's setup makes (or fails to): a regular file where one
# should be, and a second file whose directories fio leaves unmade.
both dir_under_file "$D" --name=j --filename="$D/one/x/f" --rw=read --size=1m
both dirs_second_file "$D" --name=j --filename="$D/e/a/f1:$D/g/b/f2" --rw=read --size=1m

# tree CASE ARGS...: what each tool leaves in a fresh directory (each
# name's mode and size, the files' own too) and its exit status, the
# names relative, the umask 022.
tree() {
	c=$1
	shift
	for who in fio bt; do
		t="$WORK/tree.$who"
		rm -rf "$t"
		mkdir -p "$t"
		if [ $who = fio ]; then
			(cd "$t" && umask 022 && fio "$@") >"$WORK/$c.$who.txt" 2>"$WORK/$c.$who.err"
		else
			(cd "$t" && umask 022 && "$BLKTOP" --batch --force "$@") >"$WORK/$c.$who.txt" \
				2>"$WORK/$c.$who.err"
		fi
		echo "rc=$? $(cd "$t" && find . -mindepth 1 -printf '%p:%m:%s ' | tr ' ' '\n' | sort | tr '\n' ' ')" \
			>"$WORK/$c.$who.tree"
	done
	f=$(cat "$WORK/$c.fio.tree") b=$(cat "$WORK/$c.bt.tree")
	[ "$f" = "$b" ] && pass "tree, $c ($*): as fio: $f" ||
		fail "tree, $c ($*): fio: $f; blktop: $b ($(head -c 200 "$WORK/$c.bt.err"))"
	rm -rf "$WORK/tree.fio" "$WORK/tree.bt"
}
tree dirs_sized --name=j --filename=d/x/f1 --rw=read --size=1m
tree dirs_unsized --name=j --filename=d/x/f1 --rw=read
tree dirs_write --name=j --filename=d/x/f1 --rw=write --size=1m
tree dirs_second_file --name=j --filename=e/a/f1:g/b/f2 --rw=read --size=1m
tree dirs_null --name=j --filename=d/x/f1 --rw=read --size=1m --ioengine=null

# Verification: 64 blocks written with md5 headers, two of them then
# changed by a byte each.
img=$(sparse_file verify.img 16M) || die "sparse file"
dev=$(attach "$img") || die "cannot attach a loop device"
prep() {
	fio --name=w --filename="$dev" --direct=1 --rw=write --bs=4k --size=256k --verify=md5 \
		--do_verify=0 --verify_state_save=0 >/dev/null 2>&1 || die "fio's write failed"
	for at in $((5 * 4096 + 100)) $((9 * 4096 + 100)); do
		printf '\377' | dd of="$dev" bs=1 seek=$at conv=notrunc 2>/dev/null ||
			die "cannot change a byte of $dev"
	done
	sync
}
# vboth CASE ARGS...: the verifying job under each tool, after prep.
vboth() {
	c=$1
	shift
	for who in fio bt; do
		for fmt in json txt; do
			prep
			o=normal
			[ $fmt = json ] && o=json
			set -- --name=v --filename="$dev" --direct=1 --bs=4k --size=256k --verify=md5 \
				--verify_state_save=0 --output-format=$o "$@"
			if [ $who = fio ]; then
				# fio 3.33's verify_async threads can hang on a
				# failed check: bounded, and a skip if so.
				(cd "$WORK" && timeout -k 5 120 fio "$@") >"$WORK/$c.$who.$fmt" \
					2>"$WORK/$c.$who.err.$fmt"
				rc=$?
				# Its job processes outlive it: they go too. 137:
				# fio ignored the TERM and timeout's KILL ended it.
				case $rc in 124 | 137) pkill -KILL -f -- "--filename=$dev " ;; esac
			else
				(cd "$WORK" && "$BLKTOP" --batch --force "$@") \
					>"$WORK/$c.$who.$fmt" 2>"$WORK/$c.$who.err.$fmt"
				rc=$?
			fi
			echo $rc >"$WORK/$c.$who.rc.$fmt"
			shift 8
		done
		cp "$WORK/$c.$who.rc.json" "$WORK/$c.$who.rc"
		cp "$WORK/$c.$who.err.json" "$WORK/$c.$who.err"
	done
	if grep -qx '124\|137' "$WORK/$c.fio.rc.json" "$WORK/$c.fio.rc.txt"; then
		skip_part "verify, $c ($*): fio hung (killed after 120 s): nothing to compare with"
		return
	fi
	f=$(facts fio "$c") b=$(facts bt "$c")
	# With verify_async fio prints its "fio: pid=" line or not, run to
	# run (its verify thread and the job race to end): left out.
	case $c in *async*)
		f=$(printf '%s' "$f" | sed 's/ line=.* text=/ text=/')
		b=$(printf '%s' "$b" | sed 's/ line=.* text=/ text=/')
		;;
	esac
	[ "$f" = "$b" ] && pass "verify, $c ($*): as fio: $f" ||
		fail "verify, $c ($*): fio: $f; blktop: $b ($(head -c 200 "$WORK/$c.bt.err"))"
}
vboth read_psync --rw=read --ioengine=psync
vboth read_psync_fatal --rw=read --ioengine=psync --verify_fatal=1
vboth read_libaio --rw=read --ioengine=libaio --iodepth=4
vboth verify_only --rw=write --verify_only=1 --ioengine=psync
vboth verify_only_libaio --rw=write --verify_only=1 --ioengine=libaio --iodepth=4
vboth read_coe --rw=read --ioengine=psync --continue_on_error=verify
vboth read_async --rw=read --ioengine=psync --verify_async=1
vboth verify_only_async --rw=write --verify_only=1 --ioengine=psync --verify_async=2
finish
