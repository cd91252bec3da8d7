/* SPDX-License-Identifier: GPL-2.0-or-later */
/* loop.h - the job loop's state, private to the engine. engine.c keeps
 * I/Os in flight, times and counts them; next_io.c decides what each next
 * I/O is (direction, file, offset, size, data), the part fio's job options
 * shape most. Both run on the per-I/O path of one thread: no locks. */
#ifndef BLKTOP_ENGINE_LOOP_H
#define BLKTOP_ENGINE_LOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/blocksize.h"
#include "engine/buffers.h"
#include "engine/cmdprio.h"
#include "engine/engine.h"
#include "engine/fileservice.h"
#include "engine/fiorand.h"
#include "engine/lattarget.h"
#include "engine/ops.h"
#include "engine/pacing.h"
#include "engine/random.h"
#include "engine/randdist.h"
#include "engine/syncpoint.h"

struct verify_state;

#define NO_OFFSET UINT64_MAX

/* Everything the loop needs, kept together and local to the thread. */
struct loop_state {
	struct job_thread *t;
	struct engine eng;
	struct io_unit *units;
	void *bufs;             /* every unit's buffer, one mapping */
	size_t bufs_len;
	struct io_unit **free_list;
	unsigned nfree;
	struct io_unit **batch;
	struct io_unit **done;
	unsigned depth;
	unsigned inflight;
	unsigned npending;      /* prepared in batch[], not yet submitted */
	/* fio's batching options, resolved against the depth as fio does. */
	unsigned batch_submit, complete_min, complete_max, low;
	/* fio's polling mode: each I/O is looked for until it completes
	 * before the next goes out (loop_setup.c). */
	bool poll_each;
	struct rng rng;
	struct cmdprio cmdprio; /* cmdprio_percentage, cmdprio_bssplit */
	/* fio's generators of uniform offsets, of each direction's sizes, of
	 * rwmix's directions and of percentage_random's choice per direction
	 * (engine/fiorand.h). */
	struct fio_rand off_rng, bs_rng[DIR_ALL];
	struct taus88 mix_rng, seq_rand[DIR_ALL];
	uint64_t seed_base;     /* fio's randseed, or its stand-in */
	unsigned thread_number; /* fio's, 1-based: each clone its own seeds */
	/* randrepeat as fio holds it for this job: a given randseed turns it
	 * off, but only once fio's first job of a section has taken its
	 * seeds, so that job still draws offsets from fio's fixed seed while
	 * its clones, copied from it afterwards, draw them from randseed;
	 * and no job's seeds go back to the start at a new pass. */
	bool fixed_block_seed;  /* offsets from fio's fixed seed */
	bool reseed_passes;     /* each pass from the seeds again */
	struct file_service fsv; /* the file of each I/O (engine/fileservice.h) */
	bool file_end;          /* the I/O's file has no next offset in this pass */
	unsigned restarts;      /* files started over in a row (file_gives_out) */
	uint64_t issued_bytes;  /* against io_limit; trimwrite's trims not */
	bool trims_uncounted;   /* trimwrite, randtrimwrite */
	uint64_t flow_mine;     /* this thread's I/Os in its flow (engine/flow.h) */
	bool flow_held;         /* the flow held the last batch back */
	uint64_t issued_ios;    /* for number_ios: reset as counting starts, as fio's */
	/* rate, thinktime, rate_min (engine/pacing.c): off for a job with
	 * none of them, the loop's only test of them per I/O. */
	bool paced;
	struct pacing pace;
	/* latency_target (engine/lattarget.c): units kept back from the
	 * depth (0 when off), the latency over which an I/O counts against
	 * the target and when the next check is due (UINT64_MAX when off). */
	unsigned hold;
	uint64_t lat_limit_ns, lat_check_ns;
	struct lat_search lat;
	/* What completed inside the ramp: fio reports it when the job ends
	 * before the ramp does (its counts are only reset at the ramp's end). */
	uint64_t ramp_bytes[DIR_ALL], ramp_ios[DIR_ALL];
	struct buf_fill buf;    /* what writes carry (engine/buffers.h) */
	uint64_t last_reap_ns;  /* clock read at the last completion, 0 if none */
	uint64_t last_submit_ns; /* clock read after the last submit, 0 if none */
	unsigned err_streak;    /* failed I/Os in a row (continue_on_error) */
	/* Short transfers (resid.c): units whose rest waits to go out again,
	 * oldest first, and units whose buffer is moved on (requeued or in
	 * flight); the loop looks at either only when it is not 0. */
	struct io_unit **requeue;
	unsigned nrequeue, nshifted;
	bool refused;           /* account() sees an I/O the kernel refused at submit */
	struct bs_gen bsg[DIR_ALL]; /* each direction's I/O sizes */
	/* rw=rw, randrw: fio's rwmix rule. The direction is drawn afresh
	 * for each I/O until a draw switches it; the new direction then keeps
	 * on until its I/Os reach its share of the other's (mix_until). */
	int mix_dir;
	uint64_t mix_issued[DIR_COUNT], mix_until;
	unsigned seq_left;      /* I/Os until the next random start (rw=randread:N) */
	unsigned passes_left;   /* loops still to run after an area ends */
	/* A random job with fio's map: the bytes issued when this pass
	 * began, and the bytes a pass issues (next_io.c). */
	uint64_t pass_start, pass_size;
	bool pass_by_bytes;     /* the pass ends by its bytes (queueing engines) */
	bool pass_ended;        /* map_slot found the map full: a new pass */
	bool seq_wraps;         /* sequential offsets wrap at the area's end */
	bool area_done;         /* an offset fell past the end: the job ends */
	/* A random job's per-file state (engine/randdist.h): fio's random map
	 * (norandommap=0; use_map) of blocks of map_unit bytes, the lfsr
	 * order over the same blocks, the distributions' ranges of
	 * range_unit bytes. NULL for a sequential job. */
	struct rand_file *rf;
	bool use_map;
	uint32_t map_unit, range_unit;
	/* zoned, zoned_abs: the zone of each percent of the I/Os, from lo to
	 * hi (percent of the area, or bytes). */
	uint64_t zone_lo[100], zone_hi[100];
	/* zonemode=strided, as fio: bytes moved in the current zone (fio's
	 * zone_bytes; at zonesize the area moves zonerange + zoneskip on) and
	 * where the first zone began, where a zone past the end wraps to;
	 * zonerange resolved (0: zonesize). */
	bool zoned;
	uint64_t zone_bytes, zone_home, zone_range;
	struct syncpoint sync;  /* fsync=, fdatasync=, end_fsync */
	bool sync_due;          /* a sync goes before the next I/O */
	struct verify_state *vs; /* NULL unless the job verifies */
	bool read_back;         /* the verify phase after the writes */
	/* time_based with verify on a queueing engine: fio's write phase
	 * ends once this many bytes (writes and verify_backlog reads) are
	 * issued, 0 when off; pass_issued counts them. */
	uint64_t pass_limit, pass_issued;
	int *fds;               /* the files, for the engine's setup */
	const char **paths;
	char why[256];          /* the engine's reason for refusing, if any */
	bool counting;
	/* Per direction: is a submission latency taken? fio takes none on
	 * its synchronous engines (sync, psync, pvsync, pvsync2, null at
	 * iodepth 1), nor for trims, which libaio and io_uring do in the
	 * submit call. */
	bool slat_taken[DIR_ALL];
	uint64_t next_usage_ns; /* when the thread posts its figures again */
	/* IO depths and I/Os per submit and per wait, in fio's buckets: the
	 * thread's copies (engine.h) are posted from these. */
	uint64_t depth_levels[DEPTH_LEVELS];
	uint64_t submit_dist[DEPTH_LEVELS], complete_dist[DEPTH_LEVELS];
};

/* Once per thread, before the first I/O: the size generators, the
 * random offsets' range of each file and its random map. 0, or a
 * negative errno with the reason in ls->why. */
int next_io_setup(struct loop_state *ls);
/* Seeds fio's generators from seed_base and thread_number, as fio does
 * at the job's start and again at each pass with randrepeat=1. */
void next_io_seed(struct loop_state *ls);
/* Options of a job that cannot go together here: 1 with one line in err. */
int next_io_check(const struct job_spec *spec, char *err, size_t errlen);
/* A new pass over the area, as fio's reopened files start one: offsets
 * from the start, the random map empty, rwmix's count cleared, fio's
 * seeds again (randrepeat). */
void next_io_new_pass(struct loop_state *ls);
/* Frees what next_io_setup took. */
void next_io_teardown(struct loop_state *ls);

/* Fills in io's direction, file, offset, length and data for the next
 * I/O, and counts its bytes as issued. false: no next I/O, the area is
 * done (fio ends a job whose next offset falls past its end). */
bool next_io_prep(struct loop_state *ls, struct io_unit *io);

/* Submits what is prepared and waits until nothing is in flight (fio's
 * quiesce, before a sync or a pacing stall). 0 or -errno. */
int loop_quiesce(struct loop_state *ls);

/* loop_setup.c: a job thread's loop state before its first I/O (0 or
 * -errno, the reason in ls->why) and after its last. */
int loop_setup(struct loop_state *ls, struct job_thread *t);
void loop_teardown(struct loop_state *ls);
/* The thread's first error, "JOB: WHAT: strerror(err)"; later ones are
 * dropped. */
void loop_set_error(struct job_thread *t, int err, const char *what);
/* Ends the thread's job with err (the first error wins), and the run's
 * with exitall_on_error; why names it for the run's stop. */
void loop_stop_error(struct job_thread *t, int err, const char *why);
/* The path of the thread's file open as fd, for messages. */
const char *loop_file_path(const struct job_thread *t, int fd);
/* Counts an I/O that completed with bytes transferred: its latencies,
 * bytes and the I/O itself, its verify check and log lines. */
void loop_count_done(struct loop_state *ls, struct io_unit *io, uint64_t t_end, uint64_t bytes);

/* resid.c: an I/O whose result is not its length: failed (an errno, a
 * trim cut short), or a read or write cut short, which fio counts as a
 * short I/O and sends out again for the rest. true: the unit is free
 * again; false: it waits in ls->requeue. */
bool loop_io_odd(struct loop_state *ls, struct io_unit *io, uint64_t t_end);
/* The oldest unit waiting to go out again, its rest counted as issued
 * bytes (fio counts each issue against the size). */
struct io_unit *loop_requeue_take(struct loop_state *ls);
/* Units of done[0..n) that completed whole after a short transfer get
 * their own buffer back (called only while ls->nshifted). */
void loop_unshift_done(struct loop_state *ls, struct io_unit **done, unsigned n);

/* pacing.c's side of the loop. Before io is issued: waits for its turn
 * under a rate cap; 0 go, 1 the job ended meanwhile, or -errno. */
int pacing_turn(struct loop_state *ls, const struct io_unit *io, uint64_t *now);
/* After an I/O went or completions came: a thinktime stall if due, and
 * the rate_min check (-EIO with the job failed, as fio fails it). */
int pacing_after(struct loop_state *ls, uint64_t *now);

#endif
