# SPDX-License-Identifier: GPL-2.0-or-later
# fio_job_lib.sh - the part the tests that run one job file under fio and
# under blktop on the same scratch device share: where each I/O went comes
# from the tool's iops log, which with log_offset=1 has one line per I/O
# ("msec, value, ddir, bs, offset, ..."), so the two lists compare line by
# line. Sourced, not run: sourcing it loads lib.sh, skips loudly without
# root, loop devices or fio, and leaves a scratch loop device in $dev
# (64 MiB, or FIO_JOB_DEV_SIZE set before sourcing). A test that also
# reads fio's JSON calls require_fio (jq) itself.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
require_loop_root
command -v fio >/dev/null 2>&1 ||
	skip "fio is missing: the comparisons with fio were not made (apt-get install fio)"

img=$(sparse_file disk.img "${FIO_JOB_DEV_SIZE:-64M}")
dev=$(attach "$img") || die "cannot attach a loop device"

# fio_job_run HEAD WHO NAME ARGS...: writes $WORK/NAME.job: the lines of
# HEAD, then the iops log's two lines (so they belong to HEAD's last
# section, or to [global]), then one line per ARG with its leading "--"
# dropped (--bs=4k is bs=4k; "[y]" opens a section). Runs it under fio
# (WHO=fio) or blktop (--batch --force), the JSON report in $WORK/NAME.json,
# and leaves the logs $WORK/log_iops.N.log, N counting the jobs from 1.
# On a failed run: fail naming the tool's last words, return 1.
fio_job_run() {
	fjr_head=$1 fjr_who=$2 fjr_name=$3
	shift 3
	rm -f "$WORK"/log_*
	{
		printf '%s\n' "$fjr_head"
		printf 'write_iops_log=%s\nlog_offset=1\n' "$WORK/log"
		for a; do printf '%s\n' "${a#--}"; done
	} >"$WORK/$fjr_name.job"
	if [ "$fjr_who" = fio ]; then
		fio --output-format=json "$WORK/$fjr_name.job" >"$WORK/$fjr_name.json" 2>"$WORK/err" ||
			{ fail "$fjr_name: fio failed: $(tail -2 "$WORK/err")"; return 1; }
	else
		"$BLKTOP" --batch --force --job "$WORK/$fjr_name.job" --output-format=json \
			>"$WORK/$fjr_name.json" 2>"$WORK/err" ||
			{ fail "$fjr_name: blktop exit $?: $(tail -2 "$WORK/err")"; return 1; }
	fi
}

# fio_job_ios UNIT LOG...: one line per I/O of the logs, in their order
# (issue order at iodepth 1, completion order above it): "r|w OFFSET
# LENGTH", both in UNIT bytes (UNIT 1: the log's own figures, as written).
fio_job_ios() {
	fji_unit=$1
	shift
	awk -F', *' -v u="$fji_unit" '{ w = $3 == 1 ? "w" : "r"
		if (u == 1) print w, $5, $4; else print w, $5 / u, $4 / u }' "$@"
}
