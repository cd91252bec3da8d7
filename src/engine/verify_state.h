/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify_state.h - fio 3.33's verify state file: at the end of a write
 * job that verifies (verify_state_save=1) fio writes
 * local-JOB-INDEX-verify.state in the working directory: how many writes
 * the thread issued and the offsets of the last iodepth it completed per
 * file. A later job with verify_state_load=1 reads it and checks only
 * what was written: its verifying reads stop where the writes ended. Either
 * tool reads the other's file. */
#ifndef BLKTOP_ENGINE_VERIFY_STATE_H
#define BLKTOP_ENGINE_VERIFY_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct vstate_comp {
	uint64_t fileno;            /* the file's index in the job, from 0 */
	uint64_t offset;            /* of a completed write in the file */
};

/* What a state file holds that the check uses. */
struct vstate {
	uint64_t numberio;          /* writes issued */
	uint32_t depth, nofiles;
	uint64_t ncomps;
	struct vstate_comp *comps;  /* the last completed writes, newest first */
};

/* The file's name for a job and thread index (fio's thread number - 1):
 * '/' in the job name becomes '.'. */
void vstate_name(char *out, size_t len, const char *job, unsigned index);

/* Writes the state (s->comps as they are). 0, or -errno with a line in
 * err. */
int vstate_save(const char *job, unsigned index, const struct vstate *s, char *err, size_t errlen);

/* Reads the state of a job and index into s (comps allocated). 0, or -1
 * with a line in err (missing, another version, a bad checksum). */
int vstate_load(const char *job, unsigned index, struct vstate *s, char *err, size_t errlen);
void vstate_free(struct vstate *s);

/* fio's rule for a verifying read about to be issued after reads_done
 * completed reads: inside the last depth of the writes issued, only a
 * block whose write was seen completing is read; at the first other one
 * the job stops. */
bool vstate_should_stop(const struct vstate *s, uint64_t reads_done, unsigned file, uint64_t offset);

#endif
