#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fio_formats.sh - --output-format's list form against fio 3.33 on one
# scratch loop device: json+ bins (fio's log-linear buckets, checked on
# fio's own json+ as well) read by fio's fio_jsonplus_clat2csv as Debian's
# fio package installs it; terse versions 2 to 5 field by field; several formats in
# fio's order; the percentile options' keys in JSON and text; a failed
# run's error lines. fio_formats.py does the field and key checks.
#
# Known differences, each justified:
# - terse's and the JSON's fio version is "fio-3.33-blktop-V" (fio's form
#   for its git builds: readers that take fio 3.33's layouts accept it, and
#   it says who wrote the report).
# - the error text after err=N says file:TARGET where fio names its own
#   source line (file:io_u.c:1876); func= and error= are fio's.
# - csv for a single run is terse, as in fio; blktop's procedures keep
#   csv for their tables (fio has no procedures).
. "${top_srcdir:-.}/tests/e2e/lib.sh"

require_loop_root
command -v fio >/dev/null 2>&1 || skip "fio is missing (apt-get install fio): nothing to compare with"
command -v jq >/dev/null 2>&1 || skip "jq is missing (apt-get install jq)"
command -v python3 >/dev/null 2>&1 || skip "python3 is missing (fio's package depends on it)"
PY="$top_srcdir/tests/e2e/fio_formats.py"
CLAT2CSV=$(command -v fio_jsonplus_clat2csv || echo /usr/share/fio/fio_jsonplus_clat2csv)

img=$(sparse_file disk 128M) || die "sparse file"
dev=$(attach "$img") || die "attach"

# both NAME FORMAT RW [job options...]: the same job by fio and by
# blktop; outputs in $WORK/NAME.fio and NAME.bt (stderr in .err).
both() {
	n=$1
	f=$2
	rw=$3
	shift 3
	fio --name="$n" --filename="$dev" --rw="$rw" --ioengine=libaio --direct=1 --output-format="$f" "$@" \
		>"$WORK/$n.fio" 2>"$WORK/$n.fio.err" || note "$n: fio exit $?: $(head -c 300 "$WORK/$n.fio.err")"
	"$BLKTOP" --batch --force --run "$rw" --filename="$dev" --name="$n" --ioengine=libaio --direct=1 \
		--output-format="$f" "$@" >"$WORK/$n.bt" 2>"$WORK/$n.bt.err" ||
		note "$n: blktop exit $?: $(head -c 300 "$WORK/$n.bt.err")"
}
TIMED="--runtime=1 --time_based --size=32m"

# ---- json+: fio's buckets, read by fio's own reader ----
both plus json+ randrw --bs=4k --iodepth=4 --lat_percentiles=1 $TIMED
for who in fio bt; do
	keys=$(jq -c '.jobs[0].read | [.slat_ns, .clat_ns, .lat_ns] | map(has("bins"))' "$WORK/plus.$who")
	eval "keys_$who='$keys'"
done
# shellcheck disable=SC2154
[ "$keys_bt" = "$keys_fio" ] && pass "json+ lists bins where fio does: $keys_bt (slat, clat, lat)" ||
	fail "json+ bins in slat, clat, lat: fio $keys_fio, blktop $keys_bt"
# Every key of fio's json+ in blktop's, typed alike (fio_json_keys.py; its
# KNOWN list holds the differences and their reasons).
if out=$(python3 "$top_srcdir/tests/e2e/fio_json_keys.py" "$WORK/plus.fio" "$WORK/plus.bt" json+); then
	pass "json+: every key of fio's in blktop's, with its type"
else
	fail "json+ keys: $(printf '%s\n' "$out" | grep -v '^documents' | head -10)"
fi
if [ ! -f "$CLAT2CSV" ]; then
	skip_part "fio_jsonplus_clat2csv is not installed (Debian's fio package has it): not run"
elif ! python3 -c 'import six' 2>/dev/null; then
	skip_part "fio_jsonplus_clat2csv needs python3-six (apt-get install python3-six): not run"
else
	python3 "$CLAT2CSV" "$WORK/plus.fio" "$WORK/csv-fio.csv" >"$WORK/c2c.log" 2>&1 &&
		python3 "$CLAT2CSV" "$WORK/plus.bt" "$WORK/csv-bt.csv" >>"$WORK/c2c.log" 2>&1 &&
		python3 "$CLAT2CSV" --validate "$WORK/plus.bt" "$WORK/csv-bt.csv" >>"$WORK/c2c.log" 2>&1 ||
		fail "fio_jsonplus_clat2csv: $(tail -3 "$WORK/c2c.log")"
	f="$WORK/csv-fio_job0.csv"
	b="$WORK/csv-bt_job0.csv"
	rows=$(($(wc -l <"$b") - 1))
	shape() { sed 1d "$1" | awk -F, '{ print NF }' | sort -u | tr '\n' ' '; }
	[ "$(head -1 "$f")" = "$(head -1 "$b")" ] && [ "$rows" -gt 10 ] &&
		[ -n "$(shape "$b")" ] && [ "$(shape "$f")" = "$(shape "$b")" ] &&
		pass "fio_jsonplus_clat2csv (and its --validate): $rows rows of $(shape "$b")fields from blktop's json+, as from fio's" ||
		fail "fio_jsonplus_clat2csv: headers $([ "$(head -1 "$f")" = "$(head -1 "$b")" ] && echo same || echo differ), $rows rows, fields fio $(shape "$f")/ blktop $(shape "$b")"
fi

# ---- the percentile options: keys in JSON, labels in text ----
both pct json,normal randread --slat_percentiles=1 --lat_percentiles=1 \
	--percentile_list=99.5:50 $TIMED
for who in fio bt; do
	sed -n '/^{/,/^}/p' "$WORK/pct.$who" |
		jq -c '.jobs[0].read | [.slat_ns, .clat_ns, .lat_ns] | map(.percentile // {} | keys)' \
			>"$WORK/pctkeys.$who" 2>&1
	grep -Eo '^    [a-z]+ percentiles|[0-9.]+th=' "$WORK/pct.$who" | sed 's/(.*//' >"$WORK/pcttext.$who"
done
want='[["50.000000","99.500000"],["50.000000","99.500000"],["50.000000","99.500000"]]'
[ "$(cat "$WORK/pctkeys.fio")" = "$want" ] && [ "$(cat "$WORK/pctkeys.bt")" = "$want" ] &&
	pass "slat, clat and lat percentiles at 50 and 99.5 in JSON, as fio's" ||
	fail "percentile keys: fio $(cat "$WORK/pctkeys.fio"), blktop $(cat "$WORK/pctkeys.bt")"
cmp -s "$WORK/pcttext.fio" "$WORK/pcttext.bt" && [ -s "$WORK/pcttext.bt" ] &&
	pass "the normal report's percentile blocks and labels are fio's: $(tr '\n' ' ' <"$WORK/pcttext.bt")" ||
	fail "percentile text: fio $(tr '\n' ' ' <"$WORK/pcttext.fio"), blktop $(tr '\n' ' ' <"$WORK/pcttext.bt")"
both nopct json randread --clat_percentiles=0 $TIMED
for who in fio bt; do
	jq -c '.jobs[0].read | [.slat_ns, .clat_ns, .lat_ns] | map(has("percentile"))' "$WORK/nopct.$who" \
		>"$WORK/nopct.$who.keys" 2>&1
done
[ "$(cat "$WORK/nopct.bt.keys")" = "$(cat "$WORK/nopct.fio.keys")" ] &&
	[ "$(cat "$WORK/nopct.bt.keys")" = "[false,false,false]" ] &&
	pass "clat_percentiles=0: no percentiles at all, as fio" ||
	fail "clat_percentiles=0: fio $(cat "$WORK/nopct.fio.keys"), blktop $(cat "$WORK/nopct.bt.keys")"

# ---- terse, field by field (a read job by size: its counts are fixed) ----
SIZED="--bs=16k --size=8m"
both terse terse read $SIZED
both tersecoe terse read $SIZED --continue_on_error=all --description="two words" --percentile_list=99.5:50
python3 "$PY" terse "$WORK/terse.fio" "$WORK/terse.bt" "$WORK/tersecoe.fio" "$WORK/tersecoe.bt" \
	>"$WORK/terse.sum" 2>&1
while read -r line; do
	case "$line" in
	*": ok") pass "terse v3 (fio, blktop): $line; every field of fio's shape, equal where the job decides" ;;
	*) fail "terse v3: $line" ;;
	esac
done <"$WORK/terse.sum"
[ "$(wc -l <"$WORK/terse.sum")" = 2 ] || fail "terse v3: $(cat "$WORK/terse.sum")"
"$BLKTOP" --batch --force --run read "$dev" $SIZED --minimal >"$WORK/minimal.bt" 2>&1
"$BLKTOP" --batch --force --run read "$dev" $SIZED --output-format=terse --terse-version=3 \
	>"$WORK/tv3.bt" 2>&1
[ "$(wc -l <"$WORK/minimal.bt")" = 1 ] && grep -q '^3;' "$WORK/minimal.bt" && grep -q '^3;' "$WORK/tv3.bt" &&
	pass "--minimal and --terse-version=3 give fio's terse line" ||
	fail "--minimal: $(head -c 200 "$WORK/minimal.bt"); --terse-version=3: $(head -c 200 "$WORK/tv3.bt")"
# Versions 2, 4 and 5 as fio 3.33 writes them (2: no fio version, no
# disks, the description on a line of its own; 4: a trim block; 5: the
# samples too), with continue_on_error and a description on 2.
both tersev2 terse read $SIZED --terse-version=2 --continue_on_error=all --description="two words"
both tersev4 terse read $SIZED --terse-version=4
both tersev5 terse read $SIZED --terse-version=5 --percentile_list=99.5:50
python3 "$PY" terse "$WORK/tersev2.fio" "$WORK/tersev2.bt" "$WORK/tersev4.fio" "$WORK/tersev4.bt" \
	"$WORK/tersev5.fio" "$WORK/tersev5.bt" >"$WORK/tersev.sum" 2>&1
while read -r line; do
	case "$line" in
	*": ok") pass "terse (fio, blktop): $line; every field of fio's shape, equal where the job decides" ;;
	*) fail "terse: $line" ;;
	esac
done <"$WORK/tersev.sum"
[ "$(wc -l <"$WORK/tersev.sum")" = 3 ] || fail "terse v2, v4, v5: $(cat "$WORK/tersev.sum")"
[ "$(sed -n 2p "$WORK/tersev2.bt")" = ";two words" ] && [ "$(sed -n 2p "$WORK/tersev2.fio")" = ";two words" ] &&
	pass "terse v2: the description on a line of its own, as fio" ||
	fail "terse v2's description: fio '$(sed -n 2p "$WORK/tersev2.fio")', blktop '$(sed -n 2p "$WORK/tersev2.bt")'"
"$BLKTOP" --batch --run read "$dev" --terse-version=6 >/dev/null 2>"$WORK/tv6.err"
[ $? = 2 ] && grep -q "terse-version" "$WORK/tv6.err" && pass "--terse-version=6 is refused, by name (as fio)" ||
	fail "--terse-version=6: $(cat "$WORK/tv6.err")"

# ---- several formats: each once, in fio's order ----
both list normal,json+,terse,json read $SIZED
both jt json+,terse read $SIZED
both jn json,normal read $SIZED

# ---- a reader as KDiskMark's: its job options, Qt's reading of the JSON ----
# (its --create_only=1 step before is not run; the job is given by --run.)
KDM="--randrepeat=0 --refill_buffers --end_fsync=1 --rwmixread=70 --size=32m --bs=4k --iodepth=32 --numjobs=2"
# shellcheck disable=SC2086
both kdm json randread $KDM
if out=$(python3 "$PY" kdiskmark "$WORK/kdm.fio" "$WORK/kdm.bt"); then
	pass "KDiskMark's reading: $out"
else
	fail "KDiskMark's reading: $out"
fi
# ---- a failed run says so where fio's readers look ----
tmnt=$(mktemp -d "$WORK/tmpfs.XXXXXX")
if mount -t tmpfs -o size=2M blktop-formats "$tmnt"; then
	on_cleanup "umount -l $tmnt"
	truncate -s 64M "$tmnt/disk"
	full=$(attach "$tmnt/disk") || die "attach on tmpfs"
	dev=$full
	FAIL="--bs=64k --size=8m"
	both err normal write $FAIL
	both errj json write $FAIL
	both errt terse write $FAIL
	for who in fio bt; do
		{
			grep -Eo '^fio: pid=[0-9]+, err=[0-9]+/' "$WORK/err.$who" | sed 's/pid=[0-9]*/pid=N/'
			grep -Eo '^err: \(groupid=0, jobs=1\): err=[0-9]+ \(.*error=No space left on device\)' \
				"$WORK/err.$who" | sed 's/(file:[^,]*,/(file:F,/'
			# fio's errors line only with continue_on_error: none here.
			echo "errors lines: $(grep -c '^     errors    :' "$WORK/err.$who")"
			sed -n '/^{/,/^}/p' "$WORK/errj.$who" | jq '.jobs[0].error'
			grep '^3;' "$WORK/errt.$who" | cut -d';' -f5
		} >"$WORK/err.$who.sum" 2>&1
	done
	if cmp -s "$WORK/err.fio.sum" "$WORK/err.bt.sum" && grep -q 'err=28/' "$WORK/err.bt.sum"; then
		pass "a failed run: fio's error line, err=28 in the normal header, error 28 in JSON and terse, as fio: $(tr '\n' '|' <"$WORK/err.bt.sum")"
	else
		fail "a failed run: fio $(tr '\n' '|' <"$WORK/err.fio.sum"); blktop $(tr '\n' '|' <"$WORK/err.bt.sum")"
	fi
	ERRS="err errj errt"
else
	skip_part "cannot mount a tmpfs: the failed run's lines are not tested"
fi

# json+ with --status-interval: each of fio's documents has its bins.
"$BLKTOP" --batch --force --run randread --filename="$dev" --runtime=2 --time_based --size=32m \
	--status-interval=1 --output-format=json+ >"$WORK/plusiv.bt" 2>"$WORK/plusiv.err" ||
	fail "json+ with --status-interval: exit $?: $(head -c 300 "$WORK/plusiv.err")"

# ---- where each part comes: fio's order, each format once ----
# (the preamble P, fio's error line E, terse T, JSON J, the normal report
# N, Run status R, Disk stats D); and json+'s bins, described above, on
# fio's own json+ as well as blktop's.
files=""
for n in list jt jn ${ERRS:-}; do
	files="$files $WORK/$n.fio $WORK/$n.bt"
done
# shellcheck disable=SC2086
python3 "$PY" blocks $files >"$WORK/blocks" 2>&1
python3 "$PY" bins "$WORK/plus.fio" "$WORK/plus.bt" "$WORK/list.bt" "$WORK/plusiv.bt" >"$WORK/bins" 2>&1
# want NAME PARTS: both tools' NAME report came in this order.
want() {
	f=$(grep "^$1.fio " "$WORK/blocks" | cut -d' ' -f2-)
	b=$(grep "^$1.bt " "$WORK/blocks" | cut -d' ' -f2-)
	[ "$f" = "$2" ] && [ "$b" = "$2" ] && pass "$3: $b, as fio" || fail "$3: fio '$f', blktop '$b', want '$2'"
}
want list "P T J N R D" "--output-format=normal,json+,terse,json: each once in fio's order"
want jt "T J" "--output-format=json+,terse: fio's order"
want jn "P J N R D" "--output-format=json,normal: fio's order"
[ "$(grep -c '^{' "$WORK/list.bt")" = 1 ] && grep -q '^list.bt [1-9][0-9]* ok$' "$WORK/bins" &&
	pass "json+ and json together: one JSON document, with bins" ||
	fail "json+,json: $(grep -c '^{' "$WORK/list.bt") documents; bins: $(grep '^list.bt' "$WORK/bins")"
if [ -n "${ERRS:-}" ]; then
	want err "P E N R D" "a failed run, normal: fio's error line after the preamble, before the report"
	want errj "E J" "a failed run, json: the error line before the document"
	want errt "E T" "a failed run, terse: the error line before the terse line"
fi
docs=$(grep -c '^{' "$WORK/plusiv.bt")
[ "$docs" -ge 2 ] && grep -q '^plusiv.bt [1-9][0-9]* ok$' "$WORK/bins" &&
	[ "$(jq -s 'map(.jobs[0].read.clat_ns | has("bins")) | all' "$WORK/plusiv.bt")" = true ] &&
	pass "json+ with --status-interval: $docs documents, each with its bins, as fio's" ||
	fail "json+ with --status-interval: $docs documents; bins: $(grep '^plusiv' "$WORK/bins")"
grep -q '^plus.fio [1-9][0-9]* ok$' "$WORK/bins" &&
	pass "fio's own json+ bins are the buckets described, its percentiles their bins' values: $(grep '^plus.fio' "$WORK/bins")" ||
	fail "fio's json+ does not fit the description of its buckets: $(grep '^plus.fio' "$WORK/bins")"
grep -q '^plus.bt [1-9][0-9]* ok$' "$WORK/bins" &&
	pass "blktop's json+ bins are fio's buckets, ascending, summing to N, its percentiles their bins' values (fio's rule): $(grep '^plus.bt' "$WORK/bins")" ||
	fail "blktop's json+ bins: $(grep '^plus.bt' "$WORK/bins")"
finish
