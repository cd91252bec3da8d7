/* SPDX-License-Identifier: GPL-2.0-or-later */
/* job.h - one job as the options table fills it in: what to run, on what,
 * how hard. A job set is what the command line or a job file describes. */
#ifndef BLKTOP_JOB_H
#define BLKTOP_JOB_H

#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

/* rw_sequencer: what the I/Os between two random starts do. */
enum rw_seq { RW_SEQ_SEQUENTIAL, RW_SEQ_IDENTICAL };

/* random_distribution and random_generator, fio's names (engine/randdist.h). */
enum rand_dist { DIST_RANDOM, DIST_ZIPF, DIST_PARETO, DIST_NORMAL, DIST_ZONED, DIST_ZONED_ABS };
/* file_service_type (engine/fileservice.h). */
enum file_service_kind { FSV_ROUNDROBIN, FSV_SEQUENTIAL, FSV_RANDOM, FSV_ZIPF, FSV_PARETO,
			 FSV_NORMAL };
enum rand_gen { RGEN_TAUSWORTHE, RGEN_LFSR, RGEN_TAUSWORTHE64 };
enum dedupe_mode { DEDUPE_REPEAT, DEDUPE_WORKING_SET };
/* zonemode: fio's names; zbd is refused (it needs a zoned device). */
enum zone_mode { ZONE_MODE_NONE, ZONE_MODE_STRIDED, ZONE_MODE_ZBD };
/* numa_mem_policy's modes, fio's order. */
enum numa_mpol { NUMA_MPOL_DEFAULT, NUMA_MPOL_PREFER, NUMA_MPOL_BIND, NUMA_MPOL_INTERLEAVE,
		 NUMA_MPOL_LOCAL, NUMA_MPOL_COUNT };
/* random_distribution=zoned:60/10:40/90: each zone's share of the I/Os
 * and its size (percent of the area; zoned_abs: bytes). */
#define JOB_ZONES_MAX 64
struct job_zone {
	unsigned pct;
	unsigned long long size;
};

/* The modes that take one direction come first and the ones that choose
 * a direction per I/O last (from RW_RW on), so the job loop tells them
 * apart with one comparison. */
enum rw_mode {
	RW_READ,
	RW_WRITE,
	RW_RANDREAD,
	RW_RANDWRITE,
	RW_TRIM,
	RW_RANDTRIM,
	RW_RW,
	RW_RANDRW,
	RW_TRIMWRITE,    /* fio's: each block trimmed, then written */
	RW_RANDTRIMWRITE, /* fio's: a random block trimmed, then written */
};

enum rate_process { RATE_LINEAR, RATE_POISSON };
/* steadystate: what fio's steady-state check watches (stats/steady.h). */
enum ss_criterion { SS_IOPS, SS_IOPS_SLOPE, SS_BW, SS_BW_SLOPE };
enum think_blocks_type { THINK_COMPLETE, THINK_ISSUE };
/* io_submit_mode: fio submits from the job thread or from a pool of
 * offload threads; blktop submits from the job thread either way. */
enum submit_mode { SUBMIT_INLINE, SUBMIT_OFFLOAD };
enum exit_what { EXIT_WHAT_GROUP, EXIT_WHAT_STONEWALL, EXIT_WHAT_ALL };
/* DIR_COUNT: the directions most figures keep (reads and writes); trims
 * are a third, kept only where a trim job needs it (DIR_ALL wide). */
enum io_dir { DIR_READ = 0, DIR_WRITE = 1, DIR_TRIM = 2 };
#define DIR_COUNT 2
#define DIR_ALL 3

enum engine_kind {
	ENGINE_LIBAIO,
	ENGINE_IO_URING,
	ENGINE_SYNC,
	ENGINE_PSYNC,
	ENGINE_PVSYNC,
	ENGINE_PVSYNC2,
	ENGINE_NULL,
	ENGINE_COUNT
};
enum cpus_policy { CPUS_SHARED, CPUS_SPLIT };

/* continue_on_error: which failed I/Os are counted and let the job go on
 * (fio's policies); "verify" covers blocks that fail verification. */
enum { COE_NONE = 0, COE_READ = 1, COE_WRITE = 2, COE_VERIFY = 4,
       COE_IO = COE_READ | COE_WRITE, COE_ALL = COE_IO | COE_VERIFY };
/* ignore_error's kinds, fio's order: read, write, verify. An EILSEQ is a
 * verify error whichever the direction (fio's td_error_type). */
enum { ERRK_READ, ERRK_WRITE, ERRK_VERIFY, ERRK_COUNT };
#define JOB_IGNORE_ERR_MAX 16

/* fio's fallocate= modes for the files it lays out. */
enum falloc_mode { FALLOC_NONE, FALLOC_NATIVE, FALLOC_POSIX, FALLOC_KEEP, FALLOC_TRUNCATE };
/* fio's fadvise_hint= values. */
enum fadvise_mode { FADV_OFF, FADV_BY_PATTERN, FADV_SEQUENTIAL, FADV_RANDOM, FADV_NORMAL };

/* What kind of thing the target is, once resolved. */
enum target_kind { TARGET_NONE, TARGET_BLOCK, TARGET_FILE, TARGET_DIR, TARGET_OTHER };

#define JOB_NAME_MAX 64
#define JOB_LOG_PREFIX_MAX 256
/* Room in a job's set-options bitmap; options.c checks its table fits. */
#define JOB_OPTIONS_MAX 512
#define JOB_OPTION_WORDS ((JOB_OPTIONS_MAX + 63) / 64)
/* fio's longest percentile_list. */
#define JOB_PCT_MAX 20
/* Room for the options as written (fio's "job options"). */
#define JOB_GIVEN_MAX 8192

/* bssplit=4k/10:64k/90: up to fio's 64 sizes per direction, with the
 * share of I/Os of each (blank shares filled in as fio fills them). */
#define JOB_BSSPLIT_MAX 64
struct job_bssplit {
	unsigned bs;
	unsigned pct;
};

struct job_spec {
	char name[JOB_NAME_MAX];
	char filename[PATH_MAX];  /* as given: vdc, /dev/vdc, a file, a list a:b */
	char directory[PATH_MAX]; /* fio's directory=, a list a:b */
	/* The --run MODE TARGET short form: TARGET names a file in the
	 * current directory if there is one, else /dev/TARGET if that is a
	 * block device. Job files and --filename name files as fio does. */
	bool short_target;
	/* The files fio makes when no filename is given: nrfiles of them,
	 * named by filename_format ("" : $jobname.$jobnum.$filenum), each
	 * filesize bytes (a range low-high: a size in it per file; 0: size
	 * divided among them). */
	char filename_format[256];
	unsigned long long nrfiles;
	unsigned long long filesize_low, filesize_high;
	unsigned long long openfiles;
	char file_service_type[32];      /* as given; parsed into: */
	int file_service;                /* enum file_service_kind */
	unsigned file_service_nr;        /* random:N, roundrobin:N (1) */
	double file_service_param;       /* zipf's theta, pareto's h, normal's dev */
	double file_service_center;      /* their center, -1: none */
	bool create_on_open;
	bool create_only;                /* lay the files out, do no I/O */
	bool unlink;
	bool unlink_each_loop;
	bool overwrite;
	bool allow_file_create;
	bool invalidate;
	int fallocate;                   /* enum falloc_mode */
	int fadvise_hint;                /* enum fadvise_mode */
	enum rw_mode rw;
	/* rw's modifier, rw_sequencer and percentage_random: how an offset
	 * follows the last one (engine/next_io.c). */
	unsigned rw_seq_nr;              /* random: a new start every N I/Os (1) */
	long long rw_seq_add;            /* sequential: bytes skipped, <0: back */
	int rw_sequencer;                /* enum rw_seq */
	unsigned percentage_random[DIR_ALL];
	int random_generator;            /* enum rand_gen */
	int random_distribution;         /* enum rand_dist */
	double dist_param;               /* zipf's theta, pareto's h, normal's dev */
	double dist_center;              /* fio's :center, -1 when not given */
	unsigned nzones;
	struct job_zone zones[JOB_ZONES_MAX];
	/* fio's zonemode=strided (engine/next_io.c): zonesize bytes are
	 * moved in each zone of zonerange bytes (0: zonesize), then the
	 * offsets jump zonerange + zoneskip on. */
	int zonemode;                    /* enum zone_mode */
	unsigned long long zonesize, zonerange, zoneskip;
	unsigned long long bs;
	unsigned long long iodepth;
	unsigned long long numjobs;
	unsigned long long runtime_ms;   /* 0: until size is done */
	bool time_based;
	unsigned long long size;         /* 0: the whole device or file */
	unsigned long long io_size;      /* 0: size */
	unsigned long long offset;
	/* size=80%, offset=10%: a share of each file or device, in percent
	 * (0: not given so; size and offset are then 0). */
	unsigned size_pct;
	unsigned offset_pct;
	/* offset_increment: clone k starts that much further on (fio's
	 * sub-job number times it); a share of the target when _pct. */
	unsigned long long offset_increment;
	unsigned offset_increment_pct;
	unsigned long long offset_align; /* 0: a share's offset aligns to the smallest bs */
	unsigned long long rwmixread;    /* percent */
	unsigned long long ramp_ms;
	bool direct;
	enum engine_kind ioengine;
	char cpus_allowed[256];          /* as given, "" for any CPU */
	enum cpus_policy cpus_policy;
	bool randrepeat;
	unsigned long long randseed;
	bool norandommap;
	bool refill_buffers;
	/* What writes carry (engine/buffers.c), fio's options and defaults. */
	bool zero_buffers;
	bool scramble_buffers;
	char buffer_pattern[256];        /* as given, fio's pattern syntax */
	unsigned long long buffer_compress_percentage;
	unsigned long long buffer_compress_chunk;
	unsigned long long dedupe_percentage;
	int dedupe_mode;                 /* enum dedupe_mode */
	unsigned long long dedupe_working_set_percentage;
	/* fio's pacing (engine/pacing.c), per direction where fio takes
	 * R,W: bytes/s and I/Os per second (0: no cap, no floor). */
	unsigned long long rate[DIR_COUNT], rate_min[DIR_COUNT];
	unsigned long long rate_iops[DIR_COUNT], rate_iops_min[DIR_COUNT];
	int rate_process;                /* RATE_LINEAR or RATE_POISSON */
	unsigned long long rate_cycle_ms;
	bool rate_ignore_thinktime;
	unsigned long long thinktime_us, thinktime_spin_us, thinktime_iotime_us;
	unsigned long long thinktime_blocks;
	/* fio's latency target (engine/lattarget.c): the latency in us the
	 * depth search keeps under (0: off), its window in us, the share of
	 * I/Os that must stay under, and whether it keeps searching. */
	unsigned long long latency_target_us, latency_window_us;
	double latency_percentile;
	bool latency_run;
	int thinktime_blocks_type;       /* THINK_COMPLETE or THINK_ISSUE */
	bool group_reporting;
	/* fio's steady state (stats/steady.h, run_steady.c): the criterion,
	 * its limit (percent of the window's mean when ss_pct, else I/Os or
	 * bytes per second, or their slope per second), the window in ms
	 * (whole seconds count; 0: off) and the wait before it fills. */
	int ss_criterion;                /* enum ss_criterion */
	bool ss_pct;
	double ss_limit;
	unsigned long long ss_dur_ms, ss_ramp_ms;
	unsigned long long bw_avg_time_ms;   /* fio's bw_avg_time: bw sample period */
	unsigned long long iops_avg_time_ms; /* and iops_avg_time */
	bool stonewall;
	bool new_group;
	unsigned long long status_interval_ms;
	int continue_on_error;           /* COE_* bits */
	/* ignore_error: the errnos each kind lets pass; none listed: fio's
	 * default, EIO and EILSEQ. */
	int ignore_error[ERRK_COUNT][JOB_IGNORE_ERR_MAX];
	unsigned ignore_error_n[ERRK_COUNT];
	bool error_dump;                 /* a line for every failed I/O */
	/* fio's submission and completion batching, with its defaults: one
	 * I/O per submit call, one completion asked for per wait. 0 in
	 * complete_max and low means "as complete_min" and "as iodepth". */
	unsigned long long iodepth_batch;
	unsigned long long iodepth_batch_complete_min;
	unsigned long long iodepth_batch_complete_max;
	unsigned long long iodepth_low;
	/* Engine options (fio's names): io_uring, and hipri/nowait for pvsync2. */
	bool fixedbufs;
	bool registerfiles;
	bool sqthread_poll;
	unsigned long long sqthread_poll_cpu;
	bool hipri;
	bool nowait;
	unsigned long long force_async;
	/* fio's log files (engine/joblog.c). write_*_log: wanted; the prefix
	 * of its file names, "" for the job's name. */
	bool write_bw_log, write_iops_log, write_lat_log, write_hist_log;
	char bw_log_prefix[JOB_LOG_PREFIX_MAX], iops_log_prefix[JOB_LOG_PREFIX_MAX];
	char lat_log_prefix[JOB_LOG_PREFIX_MAX], hist_log_prefix[JOB_LOG_PREFIX_MAX];
	unsigned long long log_avg_msec;     /* 0: one line per I/O */
	unsigned long long log_hist_msec;    /* 0: no histogram lines */
	unsigned long long log_hist_coarseness;
	unsigned long long log_compression;  /* accepted; blktop streams its logs */
	bool log_max_value, log_offset, per_job_logs, log_unix_epoch;
	/* Options fio job files use (issue 13): how a job starts, repeats
	 * and ends, and fio's sync points. */
	bool thread;                     /* accepted: jobs are threads anyway */
	char description[256];
	bool exitall;                    /* one job's end ends its group */
	bool exitall_on_error;
	/* fio's exit_what: which jobs an exitall job's end stops: its
	 * reporting group, every job running now (stonewall), or all of
	 * them, those still waiting included (enum exit_what). */
	int exit_what;
	bool create_serialize;           /* accepted: files are laid out in turn */
	unsigned long long verify_async; /* accepted: the job thread verifies */
	char wait_for[JOB_NAME_MAX];     /* start after this job ends */
	unsigned long long startdelay_ms;
	unsigned long long loops;
	/* fio's number_ios (reads and writes per loop, 0: no limit),
	 * fill_device (write until ENOSPC), io_submit_mode and the tiobench
	 * profile's threads (accepted, ignored as in fio). */
	unsigned long long number_ios;
	bool fill_device;
	int io_submit_mode;              /* SUBMIT_INLINE or SUBMIT_OFFLOAD */
	unsigned long long tiobench_threads;
	/* fio's flow: the weight of this job's share of its flow id's I/Os
	 * (0: none), and the stall in microseconds when it is ahead. */
	unsigned long long flow_id, flow, flow_sleep_us;
	bool dedupe_global;              /* working_set pages across the run's threads */
	int kb_base;
	int unit_base;
	bool gtod_reduce, disable_lat, disable_clat, disable_slat;
	/* fio's percentile options: which latencies list percentiles (and
	 * json+ bins), which percentiles (ascending), and the decimals the
	 * normal report shows them with (the most any value was given with). */
	bool clat_percentiles, lat_percentiles, slat_percentiles;
	double pct_list[JOB_PCT_MAX];
	unsigned npct, pct_precision;
	bool allrandrepeat;
	/* numa_cpu_nodes, numa_mem_policy (engine/numa.c), as given; the
	 * policy's mode, fio's numbering. */
	/* fio's prio and prioclass, each one more than given (0: not given):
	 * the job thread's I/O priority (level 0 highest to 7; class 0 none,
	 * read as best effort, 1 realtime, 2 best effort, 3 idle), set when
	 * either is given (job_ioprio). log_prio: the logs' last column is
	 * the priority, not whether it is realtime. */
	unsigned long long prio, prioclass;
	bool log_prio;
	/* fio's cmdprio_percentage, cmdprio_class (1 realtime by default)
	 * and cmdprio (level, 0 by default), each for reads and writes; and
	 * cmdprio_bssplit as given (option_cmdprio.c reads it). libaio and
	 * io_uring only (engine/cmdprio.c). */
	unsigned cmdprio_pct[DIR_COUNT], cmdprio_class[DIR_COUNT], cmdprio_level[DIR_COUNT];
	char cmdprio_bssplit[1024];
	char numa_cpu_nodes[64];
	char numa_mem_policy[80];
	int numa_mem_mode;
	unsigned long long fsync_blocks;     /* fsync after every N writes */
	unsigned long long fdatasync_blocks; /* fdatasync after every N writes */
	int sync_flags;                  /* sync=: 0, O_SYNC or O_DSYNC */
	bool end_fsync, fsync_on_close;
	/* Data verification (fio's verify options); verify holds fio's
	 * number of the type, as its header stores it (engine/verify_hdr.h). */
	int verify;
	char verify_pattern[256];        /* as given, fio's pattern syntax */
	unsigned long long verify_interval;  /* 0: the block size */
	unsigned long long verify_offset;
	unsigned long long verify_backlog;
	bool do_verify;
	bool verify_only;
	bool verify_fatal;
	bool verify_dump;
	bool verify_state_save;
	bool verify_state_load;
	/* Block sizes per direction (engine/blocksize.h). bs is the reads'
	 * size, and the writes' too unless bs=R,W gave another. bsrange and
	 * bssplit, where given, take the place of bs. */
	unsigned long long bs_write;                    /* 0: as bs */
	unsigned long long bsrange[DIR_COUNT][2];       /* min, max; 0: none */
	unsigned long long blockalign[DIR_COUNT];       /* 0: the smallest size */
	unsigned bssplit_n[DIR_COUNT];
	struct job_bssplit bssplit[DIR_COUNT][JOB_BSSPLIT_MAX];
	/* Bit i: job_options[i] was set by the user, not by the defaults
	 * (what a procedure must not override, what fio's randseed means). */
	uint64_t options_set[JOB_OPTION_WORDS];
	/* The options as the user wrote them, "key=value\n" each, in order:
	 * fio's JSON lists them so ("bs": "4096", "runtime": "1s"). The first
	 * given_global bytes came from [global] ("global options"). */
	char given[JOB_GIVEN_MAX];
	unsigned given_global;
};

static inline bool job_option_is_set(const struct job_spec *j, size_t option)
{
	return option < JOB_OPTIONS_MAX && (j->options_set[option / 64] >> (option % 64)) & 1;
}
static inline void job_option_mark_set(struct job_spec *j, size_t option)
{
	if (option < JOB_OPTIONS_MAX)
		j->options_set[option / 64] |= 1ULL << (option % 64);
}

/* fio's I/O priority value of a job (class << 13 | level; class 0 reads
 * as best effort) as the kernel and fio's logs take it; 0 when neither
 * prio nor prioclass is given. */
static inline unsigned job_ioprio(const struct job_spec *j)
{
	if (!j->prio && !j->prioclass)
		return 0;
	unsigned long long cls = j->prioclass > 1 ? j->prioclass - 1 : 2;
	return (unsigned)(cls << 13 | (j->prio ? j->prio - 1 : 0));
}

static inline bool rw_is_random(enum rw_mode m)
{
	return m == RW_RANDREAD || m == RW_RANDWRITE || m == RW_RANDRW || m == RW_RANDTRIM ||
	       m == RW_RANDTRIMWRITE;
}
static inline bool rw_reads(enum rw_mode m)
{
	return m == RW_READ || m == RW_RANDREAD || m == RW_RW || m == RW_RANDRW;
}
static inline bool rw_writes(enum rw_mode m)
{
	return m == RW_WRITE || m == RW_RANDWRITE || m == RW_RW || m == RW_RANDRW ||
	       m == RW_TRIMWRITE || m == RW_RANDTRIMWRITE;
}
/* trimwrite and randtrimwrite: each write follows a trim of its block. */
static inline bool rw_trimwrites(enum rw_mode m)
{
	return m == RW_TRIMWRITE || m == RW_RANDTRIMWRITE;
}
static inline bool rw_trims(enum rw_mode m)
{
	return m == RW_TRIM || m == RW_RANDTRIM || rw_trimwrites(m);
}
/* Destroys data on the target: the write gate's question. */
static inline bool rw_modifies(enum rw_mode m)
{
	return rw_writes(m) || rw_trims(m);
}
const char *rw_name(enum rw_mode m);

/* The smallest and largest I/O of one direction (bs, bs=R,W, bsrange,
 * bssplit: the one that applies). Trims take the writes' sizes (a third
 * size of their own is refused where bs is read). */
static inline void job_bs_dir(const struct job_spec *j, int dir, unsigned long long *min,
			      unsigned long long *max)
{
	if (dir == DIR_TRIM)
		dir = DIR_WRITE;
	if (j->bssplit_n[dir]) {
		*min = ~0ULL;
		*max = 0;
		for (unsigned i = 0; i < j->bssplit_n[dir]; i++) {
			unsigned long long b = j->bssplit[dir][i].bs;
			*min = b < *min ? b : *min;
			*max = b > *max ? b : *max;
		}
	} else if (j->bsrange[dir][0]) {
		*min = j->bsrange[dir][0];
		*max = j->bsrange[dir][1];
	} else {
		*min = *max = dir == DIR_WRITE && j->bs_write ? j->bs_write : j->bs;
	}
}

/* Over the directions the job does: the smallest I/O (what the area and
 * the alignment are measured in) and the largest (the buffers' size). */
static inline unsigned long long job_bs_min(const struct job_spec *j)
{
	unsigned long long lo, hi, r = ~0ULL;
	for (int d = 0; d < DIR_COUNT; d++)
		if (d == DIR_READ ? rw_reads(j->rw) : rw_modifies(j->rw)) {
			job_bs_dir(j, d, &lo, &hi);
			r = lo < r ? lo : r;
		}
	return r == ~0ULL ? j->bs : r;
}
/* fio's rw_min_bs: the smallest I/O of either direction, whether the job
 * does it or not (fio's random map and filesize ranges count in it). */
static inline unsigned long long job_bs_min_any(const struct job_spec *j)
{
	unsigned long long lo, hi, lo_w;
	job_bs_dir(j, DIR_READ, &lo, &hi);
	job_bs_dir(j, DIR_WRITE, &lo_w, &hi);
	return lo < lo_w ? lo : lo_w;
}

/* An I/O size or alignment of the job that is not a multiple of lbs
 * (direct I/O needs them all to be), or 0. */
static inline unsigned long long job_bs_misaligned(const struct job_spec *j, unsigned lbs)
{
	for (int d = 0; d < DIR_COUNT; d++) {
		if (!(d == DIR_READ ? rw_reads(j->rw) : rw_modifies(j->rw)))
			continue;
		unsigned long long lo, hi;
		job_bs_dir(j, d, &lo, &hi);
		if (lo % lbs)
			return lo;
		if (hi % lbs)
			return hi;
		for (unsigned i = 0; i < j->bssplit_n[d]; i++)
			if (j->bssplit[d][i].bs % lbs)
				return j->bssplit[d][i].bs;
		if (j->blockalign[d] % lbs)
			return j->blockalign[d];
	}
	return 0;
}
static inline unsigned long long job_bs_max(const struct job_spec *j)
{
	unsigned long long lo, hi, r = 0;
	for (int d = 0; d < DIR_COUNT; d++)
		if (d == DIR_READ ? rw_reads(j->rw) : rw_modifies(j->rw)) {
			job_bs_dir(j, d, &lo, &hi);
			r = hi > r ? hi : r;
		}
	return r ? r : j->bs;
}

/* fio's rule (td_error.c) for whether a failed I/O of direction dir
 * (0 read, 1 write) with errno err is counted and let pass: its kind
 * must be in continue_on_error and err in the kind's ignore_error list
 * (EIO and EILSEQ when none is given). Anything else ends the job. */
static inline int job_error_kind(int dir, int err)
{
	return err == EILSEQ ? ERRK_VERIFY : dir == 0 ? ERRK_READ : ERRK_WRITE;
}
/* Whether continue_on_error covers the kind at all: fio counts such an
 * error in total_err even when its errno then ends the job. */
static inline bool job_error_covered(const struct job_spec *j, int dir, int err)
{
	return j->continue_on_error & (1 << job_error_kind(dir, err));
}
static inline bool job_error_ignored(const struct job_spec *j, int dir, int err)
{
	int kind = job_error_kind(dir, err);
	if (!(j->continue_on_error & (1 << kind)))
		return false;
	unsigned n = j->ignore_error_n[kind];
	if (!n)
		return err == EIO || err == EILSEQ;
	for (unsigned i = 0; i < n; i++)
		if (j->ignore_error[kind][i] == err)
			return true;
	return false;
}

#endif
