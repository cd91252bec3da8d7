/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify.h - data verification in the job loop, as fio runs it: writes
 * carry fio's header and checksum (verify_hdr.h); a read job checks every
 * block it reads; a write job reads back what it wrote once its writes are
 * done (do_verify), or every verify_backlog writes; verify_only checks the
 * area without writing. A bad block is reported as fio reports it. */
#ifndef BLKTOP_ENGINE_VERIFY_H
#define BLKTOP_ENGINE_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "engine/ops.h"

struct verify_state;

/* Before the run: 0 if the job's verify options can run in this blktop,
 * else 1 with one line in err naming the option (a type whose library
 * was not built in, a header that does not fit). */
int verify_check(const struct job_spec *spec, char *err, size_t errlen);

/* The verify state of a thread, or NULL when the job does not verify.
 * -errno on failure. */
int verify_setup(struct verify_state **vs, struct job_thread *t);
void verify_free(struct verify_state *vs);

/* A write job skips its writes (verify_only). */
bool verify_skip_writes(const struct verify_state *vs);
/* Whether the write phase is followed by the read-back phase. */
bool verify_reads_back(const struct verify_state *vs);

/* Random writes take each block once per pass over the area (fio's random
 * map): the block to write given the one drawn. */
uint64_t verify_pick_block(struct verify_state *vs, unsigned file, uint64_t block);

/* Fills a write's buffer with data, header and checksum. */
void verify_fill_write(struct verify_state *vs, struct io_unit *io);
/* A write completed: its block is now to be checked. */
void verify_write_done(struct verify_state *vs, const struct io_unit *io);

/* Whether a read is due from the written blocks now (the backlog is full,
 * or the read-back phase runs), and which: fills file and offset. */
bool verify_next_read(struct verify_state *vs, bool read_back, unsigned *file, uint64_t *offset);
/* Whether reads are still to come in the read-back phase. */
bool verify_pending(const struct verify_state *vs);
/* Starts the read-back phase (or, with verify_only, the area's check). */
void verify_begin_read_back(struct verify_state *vs);

/* time_based: the bytes of one write pass, after which fio 3.33 reads
 * back and writes again, or 0 when the writes run the whole runtime:
 * without do_verify, and on an engine that completes each I/O as it is
 * submitted (queueing false: fio counts a pass's bytes only as they are
 * queued, so psync and its kin never end one). The size, io_size if
 * larger for norandommap random writes, twice with verify_backlog. */
uint64_t verify_pass_bytes(const struct verify_state *vs, bool queueing);
/* The next pass: nothing written yet to check. */
void verify_new_pass(struct verify_state *vs);

/* verify_state_load: whether a read job's verifying read of offset in
 * file is past what the saved writes covered (the job then ends there). */
bool verify_state_stop(struct verify_state *vs, unsigned file, uint64_t offset);
/* The job ends: verify_state_save writes fio's state file of a write job. */
void verify_finish(struct verify_state *vs);

/* A read completed: checks it if it is to be checked. 0, or -EILSEQ when
 * the job must stop (the failure is reported and in t->error_msg). */
int verify_read_done(struct verify_state *vs, struct io_unit *io);

#endif
