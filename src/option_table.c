/* SPDX-License-Identifier: GPL-2.0-or-later */
/* option_table.c - THE table of job options, one row per option, apart
 * from the parsers (options.c) so that every helper adding an option adds
 * one row here and conflicts stay one row wide. */
#include "config.h"
#include "options.h"

#include <fcntl.h>
#include <stddef.h>

#include "i18n.h"

#define FIELD(f) .offset = offsetof(struct job_spec, f), .size = sizeof(((struct job_spec *)0)->f)

static const char *const rw_choices[] = {
	"read", "write", "randread", "randwrite", "rw", "randrw", "readwrite", NULL,
};
static const int rw_values[] = {
	RW_READ, RW_WRITE, RW_RANDREAD, RW_RANDWRITE, RW_RW, RW_RANDRW, RW_RW,
};
/* The order of engine_table[] in src/engine/engine.c. */
static const char *const engine_choices[] = { "libaio", "io_uring", "sync", "psync", "pvsync",
					      "pvsync2", "null", NULL };
static const int engine_values[] = { ENGINE_LIBAIO, ENGINE_IO_URING, ENGINE_SYNC, ENGINE_PSYNC,
				     ENGINE_PVSYNC, ENGINE_PVSYNC2, ENGINE_NULL };
static const char *const falloc_choices[] = { "none", "native", "posix", "keep", "truncate",
					      "0", "1", NULL };
static const int falloc_values[] = { FALLOC_NONE, FALLOC_NATIVE, FALLOC_POSIX, FALLOC_KEEP,
				     FALLOC_TRUNCATE, FALLOC_NONE, FALLOC_POSIX };
static const char *const fadvise_choices[] = { "0", "1", "sequential", "random", "normal", NULL };
static const int fadvise_values[] = { FADV_OFF, FADV_BY_PATTERN, FADV_SEQUENTIAL, FADV_RANDOM,
				      FADV_NORMAL };
static const char *const policy_choices[] = { "shared", "split", NULL };
static const int policy_values[] = { CPUS_SHARED, CPUS_SPLIT };
/* fio's names, and its 0 and 1 (= none and all). */
static const char *const coe_choices[] = { "none", "read", "write", "io", "verify", "all",
					   "0", "1", NULL };
static const int coe_values[] = { COE_NONE, COE_READ, COE_WRITE, COE_IO, COE_VERIFY, COE_ALL,
				  COE_NONE, COE_ALL };
/* fio's sync=: which O_ flag writes are opened with. */
static const char *const sync_choices[] = { "none", "0", "sync", "1", "dsync", NULL };
static const int sync_values[] = { 0, 0, O_SYNC, O_SYNC, O_DSYNC };

/* fio's names, stored as the type number fio's header holds; crc32c-intel
 * is crc32c on the device, and "pattern" is fio's pattern without header. */
static const char *const verify_choices[] = { "0", "md5", "crc64", "crc32", "crc32c",
					      "crc32c-intel", "sha256", "sha512", "xxhash",
					      "sha1", "meta", "pattern", "null", NULL };
static const int verify_values[] = { 0, 2, 3, 4, 5, 5, 9, 10, 15, 16, 1, 18, 19 };

#define U64MAX 0xffffffffffffffffULL

/* Keep in fio's order of importance: the form and --help list them so. */
const struct job_option job_options[] = {
	{ .name = "rw", .alias = "readwrite", .type = OPT_ENUM, FIELD(rw), .def = "read",
	  .choices = rw_choices, .choice_values = rw_values,
	  .help = N_("I/O pattern: read, write, randread, randwrite, rw, randrw") },
	{ .name = "bs", .alias = "blocksize", .type = OPT_SIZE, FIELD(bs),
	  .min = 512, .max = 256ULL << 20, .def = "4k", .unit = "bytes",
	  .help = N_("block size of each I/O") },
	{ .name = "iodepth", .type = OPT_INT, FIELD(iodepth), .min = 1, .max = 65536, .def = "1",
	  .help = N_("I/Os kept in flight per job") },
	{ .name = "iodepth_batch_submit", .alias = "iodepth_batch", .type = OPT_INT,
	  FIELD(iodepth_batch), .max = 65536, .def = "1",
	  .help = N_("I/Os handed to the kernel per submit call (fio's default 1; 0: iodepth)") },
	{ .name = "iodepth_batch_complete_min", .alias = "iodepth_batch_complete", .type = OPT_INT,
	  FIELD(iodepth_batch_complete_min), .max = 65536, .def = "1",
	  .help = N_("completions to wait for per call (0: poll without waiting)") },
	{ .name = "iodepth_batch_complete_max", .type = OPT_INT,
	  FIELD(iodepth_batch_complete_max), .max = 65536, .def = "0",
	  .help = N_("most completions taken per call (0: as iodepth_batch_complete_min)") },
	{ .name = "iodepth_low", .type = OPT_INT, FIELD(iodepth_low), .max = 65536, .def = "0",
	  .help = N_("once the queue is full, reap down to this depth before refilling (0: iodepth)") },
	{ .name = "numjobs", .type = OPT_INT, FIELD(numjobs), .min = 1, .max = 4096, .def = "1",
	  .help = N_("number of threads running this job") },
	{ .name = "runtime", .type = OPT_TIME, FIELD(runtime_ms), .max = U64MAX, .def = "0",
	  .unit = "s", .help = N_("stop after this long (0: when size is done)") },
	{ .name = "time_based", .type = OPT_BOOL, FIELD(time_based), .max = 1, .def = "0",
	  .help = N_("run for the whole runtime, wrapping around the area") },
	{ .name = "size", .type = OPT_SIZE, FIELD(size), .max = U64MAX, .def = "0",
	  .unit = "bytes", .parse = parse_size_pct, .format = format_size_pct,
	  .help = N_("area each job works on (0: the whole device or file; 80%: that share of it)") },
	{ .name = "io_size", .alias = "io_limit", .type = OPT_SIZE, FIELD(io_size),
	  .max = U64MAX, .def = "0", .unit = "bytes",
	  .help = N_("bytes to transfer per job (0: size)") },
	{ .name = "offset", .type = OPT_SIZE, FIELD(offset), .max = U64MAX, .def = "0",
	  .unit = "bytes", .parse = parse_size_pct, .format = format_size_pct,
	  .help = N_("start of the area in the target (10%: that far into it)") },
	{ .name = "rwmixread", .type = OPT_INT, FIELD(rwmixread), .max = 100, .def = "50",
	  .unit = "%", .help = N_("share of reads in rw and randrw") },
	/* Stored as rwmixread, so a procedure copying the user's options
	 * copies this one too. */
	{ .name = "rwmixwrite", .type = OPT_INT, FIELD(rwmixread), .max = 100, .unit = "%",
	  .help = N_("share of writes in rw and randrw (100 - rwmixread)"),
	  .parse = parse_rwmixwrite, .format = format_rwmixwrite },
	{ .name = "ramp_time", .type = OPT_TIME, FIELD(ramp_ms), .max = U64MAX, .def = "0",
	  .unit = "s", .help = N_("run this long before counting results") },
	{ .name = "direct", .type = OPT_BOOL, FIELD(direct), .max = 1, .def = "1",
	  .help = N_("bypass the page cache (O_DIRECT); blktop's default is 1") },
	{ .name = "ioengine", .type = OPT_ENUM, FIELD(ioengine), .def = "libaio",
	  .choices = engine_choices, .choice_values = engine_values,
	  .help = N_("how I/O is issued: libaio, io_uring, sync, psync, pvsync, pvsync2, null") },
	{ .name = "fixedbufs", .type = OPT_BOOL, FIELD(fixedbufs), .max = 1, .def = "0",
	  .help = N_("io_uring: register the I/O buffers with the kernel once") },
	{ .name = "registerfiles", .type = OPT_BOOL, FIELD(registerfiles), .max = 1, .def = "0",
	  .help = N_("io_uring: register the open files with the kernel once") },
	{ .name = "sqthread_poll", .type = OPT_BOOL, FIELD(sqthread_poll), .max = 1, .def = "0",
	  .help = N_("io_uring: a kernel thread polls the submission queue (no submit calls)") },
	{ .name = "sqthread_poll_cpu", .type = OPT_INT, FIELD(sqthread_poll_cpu), .max = 4095,
	  .def = "0", .help = N_("io_uring: the CPU the polling kernel thread runs on") },
	{ .name = "hipri", .type = OPT_BOOL, FIELD(hipri), .max = 1, .def = "0",
	  .help = N_("io_uring, pvsync2: polled completions (needs a device with poll queues)") },
	{ .name = "nowait", .type = OPT_BOOL, FIELD(nowait), .max = 1, .def = "0",
	  .help = N_("io_uring, pvsync2: fail with EAGAIN instead of blocking (RWF_NOWAIT)") },
	{ .name = "force_async", .type = OPT_INT, FIELD(force_async), .max = 65536, .def = "0",
	  .help = N_("io_uring: send every Nth I/O to the kernel's async workers (0: none)") },
	{ .name = "cpus_allowed", .type = OPT_STR, FIELD(cpus_allowed), .def = "",
	  .help = N_("CPUs the job may run on, e.g. 0-3,6") },
	{ .name = "cpus_allowed_policy", .type = OPT_ENUM, FIELD(cpus_policy), .def = "shared",
	  .choices = policy_choices, .choice_values = policy_values,
	  .help = N_("shared: every thread on all CPUs; split: one CPU per thread") },
	{ .name = "randrepeat", .type = OPT_BOOL, FIELD(randrepeat), .max = 1, .def = "1",
	  .help = N_("same random offsets on every run") },
	{ .name = "randseed", .type = OPT_INT, FIELD(randseed), .max = U64MAX, .def = "0",
	  .help = N_("seed of the random offsets") },
	{ .name = "norandommap", .type = OPT_BOOL, FIELD(norandommap), .max = 1, .def = "1",
	  .help = N_("accepted for fio; offsets are always uniform with repeats") },
	{ .name = "refill_buffers", .type = OPT_BOOL, FIELD(refill_buffers), .max = 1,
	  .def = "0", .help = N_("new random data for every write") },
	{ .name = "rate_iops", .type = OPT_INT, FIELD(rate_iops), .max = U64MAX, .def = "0",
	  .help = N_("cap each job at this many I/Os per second (0: no cap)") },
	{ .name = "continue_on_error", .type = OPT_ENUM, FIELD(continue_on_error), .def = "none",
	  .choices = coe_choices, .choice_values = coe_values,
	  .help = N_("I/O errors and failed verifications that are counted and let the job go on: none, read, write, io, verify, all") },
	{ .name = "verify", .type = OPT_ENUM, FIELD(verify), .def = "0",
	  .choices = verify_choices, .choice_values = verify_values,
	  .help = N_("check the data: writes carry fio's verification header and checksum, reads check it (0: no)") },
	{ .name = "do_verify", .type = OPT_BOOL, FIELD(do_verify), .max = 1, .def = "1",
	  .help = N_("with verify, read back and check what a write job wrote once it is done") },
	{ .name = "verify_only", .type = OPT_BOOL, FIELD(verify_only), .max = 1, .def = "0",
	  .help = N_("write nothing: check the area as the write job would have written it") },
	{ .name = "verify_pattern", .type = OPT_STR, FIELD(verify_pattern), .def = "",
	  .help = N_("bytes to write and check (\"text\", 0x hex, decimal; sets verify=pattern with a header if verify is not given)") },
	{ .name = "verify_interval", .type = OPT_SIZE, FIELD(verify_interval), .max = 256ULL << 20,
	  .def = "0", .unit = "bytes", .help = N_("a header every this many bytes of a block (0: the block size)") },
	{ .name = "verify_offset", .type = OPT_SIZE, FIELD(verify_offset), .max = 256ULL << 20,
	  .def = "0", .unit = "bytes", .help = N_("put the header this far into each interval (swapped with the data there)") },
	{ .name = "verify_fatal", .type = OPT_BOOL, FIELD(verify_fatal), .max = 1, .def = "0",
	  .help = N_("stop at the first bad interval of a block") },
	{ .name = "verify_dump", .type = OPT_BOOL, FIELD(verify_dump), .max = 1, .def = "0",
	  .help = N_("save a failing block as read and as expected, in files named as fio names them") },
	{ .name = "verify_backlog", .type = OPT_INT, FIELD(verify_backlog), .max = U64MAX, .def = "0",
	  .help = N_("check written blocks after every this many writes, not only at the end (0: at the end)") },
	{ .name = "verify_state_save", .type = OPT_BOOL, FIELD(verify_state_save), .max = 1,
	  .def = "1", .help = N_("accepted for fio; blktop writes no verify state file") },
	{ .name = "verify_state_load", .type = OPT_BOOL, FIELD(verify_state_load), .max = 1,
	  .def = "0", .help = N_("fio's resume from a verify state file: not supported (only 0)") },
	/* How a job starts, repeats and ends (fio's names and defaults). */
	{ .name = "startdelay", .type = OPT_TIME, FIELD(startdelay_ms), .max = U64MAX, .def = "0",
	  .unit = "s", .help = N_("wait this long after the run starts before this job starts") },
	{ .name = "loops", .type = OPT_INT, FIELD(loops), .min = 1, .max = 1000000, .def = "1",
	  .help = N_("run the job this many times over (size and io_size are per loop)") },
	{ .name = "wait_for", .type = OPT_STR, FIELD(wait_for), .def = "",
	  .help = N_("start only after the named earlier job has ended") },
	{ .name = "exitall", .type = OPT_BOOL, FIELD(exitall), .max = 1, .def = "0",
	  .help = N_("fio's exitall, for the whole run: when any thread ends, end every job of its reporting group") },
	{ .name = "exitall_on_error", .type = OPT_BOOL, FIELD(exitall_on_error), .max = 1,
	  .def = "1",
	  .help = N_("an error that continue_on_error does not cover ends every job: blktop always does (1)"),
	  .parse = parse_exitall_on_error },
	/* fio's sync points. */
	{ .name = "fsync", .type = OPT_INT, FIELD(fsync_blocks), .max = U64MAX, .def = "0",
	  .help = N_("fsync the file after every N writes (waits for the writes in flight; 0: never)") },
	{ .name = "fdatasync", .type = OPT_INT, FIELD(fdatasync_blocks), .max = U64MAX,
	  .def = "0", .help = N_("fdatasync the file after every N writes (0: never)") },
	{ .name = "sync", .type = OPT_ENUM, FIELD(sync_flags), .def = "none",
	  .choices = sync_choices, .choice_values = sync_values,
	  .help = N_("open for synchronous writes: none, sync (O_SYNC, also 1), dsync (O_DSYNC)") },
	{ .name = "end_fsync", .type = OPT_BOOL, FIELD(end_fsync), .max = 1, .def = "0",
	  .help = N_("fsync each file the job wrote when the job ends") },
	{ .name = "fsync_on_close", .type = OPT_BOOL, FIELD(fsync_on_close), .max = 1,
	  .def = "0", .help = N_("fsync each file the job wrote when it is closed") },
	/* Accepted as fio means them; where blktop has only one way, the
	 * help says which. */
	{ .name = "thread", .type = OPT_BOOL, FIELD(thread), .max = 1, .def = "0",
	  .help = N_("accepted for fio: blktop's jobs are always threads") },
	{ .name = "description", .type = OPT_STR, FIELD(description), .def = "",
	  .help = N_("text describing the job (kept in the report's job options)") },
	{ .name = "buffered", .type = OPT_BOOL, FIELD(direct), .max = 1,
	  .help = N_("through the page cache (the opposite of direct)"),
	  .parse = parse_buffered, .format = format_buffered },
	{ .name = "cpumask", .type = OPT_STR, FIELD(cpus_allowed),
	  .help = N_("CPUs the job may run on as a bit mask (0x5: CPUs 0 and 2); kept as cpus_allowed"),
	  .parse = parse_cpumask, .format = format_cpumask },
	{ .name = "numa_cpu_nodes", .type = OPT_STR, FIELD(numa_cpu_nodes), .def = "",
	  .help = N_("NUMA nodes whose CPUs the job runs on: refused (blktop is built without libnuma)"),
	  .parse = parse_numa_cpu_nodes },
	{ .name = "allrandrepeat", .type = OPT_BOOL, FIELD(allrandrepeat), .max = 1, .def = "0",
	  .help = N_("accepted for fio: randrepeat already covers every random choice blktop makes") },
	{ .name = "gtod_reduce", .type = OPT_BOOL, FIELD(gtod_reduce), .max = 1, .def = "0",
	  .help = N_("accepted for fio: blktop measures latency anyway (one clock read per batch)") },
	{ .name = "disable_lat", .type = OPT_BOOL, FIELD(disable_lat), .max = 1, .def = "0",
	  .help = N_("accepted for fio: total latency is measured anyway") },
	{ .name = "disable_clat", .type = OPT_BOOL, FIELD(disable_clat), .max = 1, .def = "0",
	  .help = N_("accepted for fio: completion latency is measured anyway") },
	{ .name = "disable_slat", .type = OPT_BOOL, FIELD(disable_slat), .max = 1, .def = "0",
	  .help = N_("accepted for fio: submission latency is measured anyway") },
	/* What the reports list of each latency (fio's names and defaults). */
	{ .name = "clat_percentiles", .type = OPT_BOOL, FIELD(clat_percentiles), .max = 1,
	  .def = "1", .help = N_("report completion latency (clat) percentiles") },
	{ .name = "lat_percentiles", .type = OPT_BOOL, FIELD(lat_percentiles), .max = 1,
	  .def = "0", .help = N_("report total latency (lat: submission to completion) percentiles") },
	{ .name = "slat_percentiles", .type = OPT_BOOL, FIELD(slat_percentiles), .max = 1,
	  .def = "0", .help = N_("report submission latency (slat) percentiles") },
	{ .name = "percentile_list", .type = OPT_STR, FIELD(pct_list),
	  .def = "1:5:10:20:30:40:50:60:70:80:90:95:99:99.5:99.9:99.95:99.99",
	  .help = N_("the percentiles reported, joined by ':' (up to 20)"),
	  .parse = parse_pct_list, .format = format_pct_list },
	{ .name = "kb_base", .type = OPT_INT, FIELD(kb_base), .def = "1024",
	  .help = N_("k in sizes: 1024 (1000 is refused)"),
	  .parse = parse_kb_base, .format = format_kb_base },
	{ .name = "unit_base", .type = OPT_INT, FIELD(unit_base), .def = "0",
	  .help = N_("figures in bytes: 0 or 8 (1, bits, is refused)"),
	  .parse = parse_unit_base, .format = format_unit_base },
	{ .name = "name", .type = OPT_STR, FIELD(name), .def = "blktop",
	  .help = N_("job name shown in reports") },
	{ .name = "filename", .type = OPT_STR, FIELD(filename), .def = "",
	  .help = N_("target: device (vdc, /dev/vdc) or file; several joined by ':'") },
	{ .name = "directory", .type = OPT_STR, FIELD(directory), .def = "",
	  .help = N_("directory in which to make the job's files; a:b gives each clone one in turn") },
	{ .name = "filename_format", .type = OPT_STR, FIELD(filename_format), .def = "",
	  .help = N_("names of the files made without filename: $jobname, $jobnum, $filenum, $clientuid") },
	{ .name = "nrfiles", .alias = "nr_files", .type = OPT_INT, FIELD(nrfiles), .min = 1,
	  .max = 64, .def = "1", .help = N_("files each job makes when no filename is given") },
	{ .name = "filesize", .type = OPT_SIZE, FIELD(filesize_low), .max = U64MAX, .def = "0",
	  .unit = "bytes", .parse = parse_filesize, .format = format_filesize,
	  .help = N_("size of each file (a range low-high: one size in it per file; 0: size / nrfiles)") },
	{ .name = "openfiles", .type = OPT_INT, FIELD(openfiles), .max = 64, .def = "0",
	  .help = N_("accepted for fio: blktop keeps every file open (the bytes are the same)") },
	{ .name = "file_service_type", .type = OPT_STR, FIELD(file_service_type),
	  .def = "roundrobin", .parse = parse_file_service,
	  .help = N_("file for each I/O: roundrobin (blktop's way); sequential, random and the rest are accepted, each file getting the same bytes") },
	{ .name = "create_on_open", .type = OPT_BOOL, FIELD(create_on_open), .max = 1, .def = "0",
	  .help = N_("accepted for fio: files are made before the job starts (the bytes are the same)") },
	{ .name = "unlink", .type = OPT_BOOL, FIELD(unlink), .max = 1, .def = "0",
	  .help = N_("delete the job's files when it ends (only files blktop laid out, unless --force)") },
	{ .name = "unlink_each_loop", .type = OPT_BOOL, FIELD(unlink_each_loop), .max = 1,
	  .def = "0", .help = N_("delete the job's files after each loop (as unlink)") },
	{ .name = "overwrite", .type = OPT_BOOL, FIELD(overwrite), .max = 1, .def = "0",
	  .help = N_("fill a new file with data before a write job too (reads always fill it)") },
	{ .name = "fallocate", .type = OPT_ENUM, FIELD(fallocate), .def = "native",
	  .choices = falloc_choices, .choice_values = falloc_values,
	  .help = N_("how a new file's space is reserved: none, native, posix, keep, truncate") },
	{ .name = "fadvise_hint", .type = OPT_ENUM, FIELD(fadvise_hint), .def = "1",
	  .choices = fadvise_choices, .choice_values = fadvise_values,
	  .help = N_("posix_fadvise on each file: 1 by the pattern, sequential, random, normal, 0 none") },
	{ .name = "invalidate", .type = OPT_BOOL, FIELD(invalidate), .max = 1, .def = "1",
	  .help = N_("drop the page cache of each file before the job") },
	{ .name = "allow_file_create", .type = OPT_BOOL, FIELD(allow_file_create), .max = 1,
	  .def = "1", .help = N_("make files that do not exist (0: a missing file is an error)") },
	{ .name = "group_reporting", .type = OPT_BOOL, FIELD(group_reporting), .max = 1,
	  .def = "0",
	  .help = N_("report a reporting group (the jobs between stonewalls) as one entry; 0: one per thread") },
	{ .name = "bw_avg_time", .type = OPT_INT, FIELD(bw_avg_time_ms), .min = 1, .max = 3600000,
	  .def = "500", .help = N_("period of the bandwidth samples (bw_min, bw_mean...), in ms") },
	{ .name = "iops_avg_time", .type = OPT_INT, FIELD(iops_avg_time_ms), .min = 1,
	  .max = 3600000, .def = "500",
	  .help = N_("period of the IOPS samples (iops_min, iops_mean...), in ms") },
	{ .name = "stonewall", .alias = "wait_for_previous", .type = OPT_BOOL, FIELD(stonewall),
	  .max = 1, .def = "0", .help = N_("wait for earlier jobs to end before starting") },
	{ .name = "new_group", .type = OPT_BOOL, FIELD(new_group), .max = 1, .def = "0",
	  .help = N_("start a new reporting group") },
	/* fio's log files (src/engine/joblog.c). */
	{ .name = "write_bw_log", .type = OPT_STR, FIELD(bw_log_prefix),
	  .help = N_("write fio's bandwidth log, PREFIX_bw.N.log (no value: the job's name)"),
	  .parse = parse_log_prefix, .format = format_log_prefix },
	{ .name = "write_iops_log", .type = OPT_STR, FIELD(iops_log_prefix),
	  .help = N_("write fio's IOPS log, PREFIX_iops.N.log (no value: the job's name)"),
	  .parse = parse_log_prefix, .format = format_log_prefix },
	{ .name = "write_lat_log", .type = OPT_STR, FIELD(lat_log_prefix),
	  .help = N_("write fio's latency logs, PREFIX_slat.N.log, _clat and _lat (no value: the job's name)"),
	  .parse = parse_log_prefix, .format = format_log_prefix },
	{ .name = "write_hist_log", .type = OPT_STR, FIELD(hist_log_prefix),
	  .help = N_("write fio's clat histogram log, PREFIX_clat_hist.N.log, every log_hist_msec"),
	  .parse = parse_log_prefix, .format = format_log_prefix },
	{ .name = "log_avg_msec", .type = OPT_INT, FIELD(log_avg_msec), .max = 86400000,
	  .def = "0", .unit = "ms",
	  .help = N_("average the log lines over this many ms (0: one line per I/O)") },
	{ .name = "log_hist_msec", .type = OPT_INT, FIELD(log_hist_msec), .max = 86400000,
	  .def = "0", .unit = "ms",
	  .help = N_("one histogram line per direction this often (0: none)") },
	{ .name = "log_hist_coarseness", .type = OPT_INT, FIELD(log_hist_coarseness), .max = 6,
	  .def = "0", .help = N_("histogram log: sum 2^N buckets into one column (0 to 6)") },
	{ .name = "log_max_value", .type = OPT_BOOL, FIELD(log_max_value), .max = 1, .def = "0",
	  .help = N_("averaged latency logs: the largest value of each window, not the mean") },
	{ .name = "log_offset", .type = OPT_BOOL, FIELD(log_offset), .max = 1, .def = "0",
	  .help = N_("add each I/O's offset to the log lines") },
	{ .name = "per_job_logs", .type = OPT_BOOL, FIELD(per_job_logs), .max = 1, .def = "1",
	  .help = N_("one log file per thread (0: the threads of a name share NAME_bw.log)") },
	{ .name = "log_unix_epoch", .type = OPT_BOOL, FIELD(log_unix_epoch), .max = 1,
	  .def = "0", .help = N_("log times in ms since the Unix epoch, not since the job began") },
	{ .name = "log_compression", .type = OPT_SIZE, FIELD(log_compression), .max = U64MAX,
	  .def = "0", .unit = "bytes",
	  .help = N_("accepted for fio; blktop writes its logs as the job runs, so they need no compression in memory") },
	{ .name = "status-interval", .alias = "status_interval", .type = OPT_TIME,
	  FIELD(status_interval_ms), .max = U64MAX, .def = "0", .unit = "s",
	  .help = N_("print the last interval's figures this often (0: never)") },
};

_Static_assert(sizeof(job_options) / sizeof(job_options[0]) <= JOB_OPTIONS_MAX,
	       "the job options table outgrew the set-options bitmap: raise JOB_OPTIONS_MAX");

const size_t job_options_count = sizeof(job_options) / sizeof(job_options[0]);

const char *rw_name(enum rw_mode m)
{
	for (size_t i = 0; rw_choices[i]; i++)
		if (rw_values[i] == (int)m)
			return rw_choices[i];
	return "?";
}
