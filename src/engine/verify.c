/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify.c - data verification in the job loop (see verify.h). Which
 * blocks to read back is kept as a bitmap per file, one bit per block;
 * random writes take each block once per pass over the area, as fio's
 * random map does, so a size-bound random job writes every block once
 * and fio's verify_only finds each one written. */
#include "config.h"
#include "engine/verify.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/verify_hdr.h"
#include "engine/verify_state.h"
#include "i18n.h"
#include "options.h"
#include "util/checksum.h"
#include "util/pattern.h"

struct vfile {
	uint64_t *written;          /* blocks to check */
	uint64_t *used;             /* random map: taken in this pass */
	uint64_t nblocks, nused;
	/* verify_state_save: the last iodepth completed writes, a ring. */
	uint64_t *last_comp;
	unsigned last_idx;
};

struct vslot {
	unsigned file;
	uint64_t offset;
};

struct verify_state {
	struct job_thread *t;
	const struct job_spec *spec;
	struct vhdr_cfg cfg;
	unsigned char pat[PATTERN_MAX];
	unsigned char tail[PATTERN_MAX]; /* buffer_pattern, behind compress */
	struct pattern_stamps stamps;    /* verify_pattern's %o */
	bool check_all_reads;       /* a read-only job checks every read */
	bool read_back;             /* writes are read back after the writes */
	bool random_map;
	struct vfile *files;
	unsigned nfiles;
	/* verify_backlog: written blocks waiting for their check. */
	struct vslot *fifo;
	size_t fifo_cap, fifo_head, fifo_n;
	bool draining;
	/* The read-back phase's place in the bitmaps. */
	unsigned cur_file;
	uint64_t cur_block;
	uint64_t seed;
	uint16_t numberio;
	/* fio's verify state: writes issued and completed, verifying reads
	 * completed, and the state loaded (verify_state_load) with whether
	 * it has ended the reads. */
	uint64_t writes_issued, writes_done, reads_done;
	struct vstate loaded;
	bool have_loaded, state_stop;
};

static int resolved_type(const struct job_spec *spec)
{
	/* A pattern without a type is fio's pattern with a header. */
	if (spec->verify == VT_NONE && spec->verify_pattern[0])
		return VT_PATTERN;
	return spec->verify;
}

int verify_check(const struct job_spec *spec, char *err, size_t errlen)
{
	int type = resolved_type(spec);
	unsigned char pat[PATTERN_MAX];
	char name[32];

	if (spec->verify_state_load && rw_is_random(spec->rw) && rw_writes(spec->rw)) {
		/* A random read job replays the writes' offsets from the same
		 * seeds, so its check ends where the saved writes did, as
		 * fio's. A write job reads back (verify_only, do_verify) in
		 * the order fio logged its writes, which for random writes
		 * with the random map is the draws' order; blktop reads its
		 * blocks back by offset. */
		snprintf(err, errlen, _("%s: verify_state_load=1 with random writes read back: not supported (a random read job with the same seed checks them, as in fio)"),
			 spec->name);
		return 1;
	}
	if (spec->verify_pattern[0]) {
		struct pattern_stamps at;
		int n = pattern_parse_stamps(spec->verify_pattern, pat, sizeof(pat), &at);
		if (n < 0) {
			snprintf(err, errlen, _("%s: verify_pattern=%s: not a pattern (\"text\", 0x hex bytes, decimal numbers)"),
				 spec->name, spec->verify_pattern);
			return 1;
		}
	}
	if (type == VT_NONE)
		return 0;
	job_option_format(spec, job_option_find("verify"), name, sizeof(name));
	/* The map of blocks written counts in bs: fio's verify of sizes that
	 * vary (a header telling each block's length) is not done here. */
	if (job_bs_min(spec) != spec->bs || job_bs_max(spec) != spec->bs ||
	    (spec->blockalign[DIR_READ] && spec->blockalign[DIR_READ] != spec->bs) ||
	    (spec->blockalign[DIR_WRITE] && spec->blockalign[DIR_WRITE] != spec->bs)) {
		snprintf(err, errlen, _("%s: verify=%s with I/O sizes that vary (bs=R,W, bsrange, bssplit, blockalign): not supported"),
			 spec->name, name);
		return 1;
	}
	if ((type == VT_MD5 || type == VT_SHA1 || type == VT_SHA256 ||
	     (type >= VT_SHA3_224 && type <= VT_SHA3_512)) && !cksum_have(CKSUM_LIB_NETTLE)) {
		snprintf(err, errlen, _("%s: verify=%s: this blktop was built without nettle (see --version)"),
			 spec->name, name);
		return 1;
	}
	if (type == VT_XXHASH && !cksum_have(CKSUM_LIB_XXHASH)) {
		snprintf(err, errlen, _("%s: verify=%s: this blktop was built without libxxhash (see --version)"),
			 spec->name, name);
		return 1;
	}
	if ((type == VT_PATTERN || type == VT_PATTERN_NO_HDR) && !spec->verify_pattern[0]) {
		snprintf(err, errlen, _("%s: verify=%s needs verify_pattern"), spec->name, name);
		return 1;
	}
	unsigned hs = vhdr_size(type, NULL);
	unsigned long long interval = spec->verify_interval && spec->verify_interval < spec->bs
					      ? spec->verify_interval : spec->bs;
	if (spec->verify_interval && spec->bs % spec->verify_interval) {
		snprintf(err, errlen, _("%s: verify_interval=%llu does not divide bs=%llu"), spec->name,
			 spec->verify_interval, spec->bs);
		return 1;
	}
	if (hs && interval <= hs) {
		snprintf(err, errlen, _("%s: verify=%s: a %llu-byte interval has no room after its %u-byte header"),
			 spec->name, name, interval, hs);
		return 1;
	}
	if (spec->verify_offset && spec->verify_offset < hs) {
		/* The swap would overlap: fio loses data then and fails its own
		 * check. */
		snprintf(err, errlen, _("%s: verify_offset=%llu: less than the %u-byte header it moves"),
			 spec->name, spec->verify_offset, hs);
		return 1;
	}
	if (spec->verify_offset && spec->verify_offset + hs > interval) {
		snprintf(err, errlen, _("%s: verify_offset=%llu: the %u-byte header does not fit in a %llu-byte interval there"),
			 spec->name, spec->verify_offset, hs, interval);
		return 1;
	}
	return 0;
}

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static bool bit_get(const uint64_t *m, uint64_t i) { return (m[i / 64] >> (i % 64)) & 1; }
static void bit_set(uint64_t *m, uint64_t i) { m[i / 64] |= 1ULL << (i % 64); }

int verify_setup(struct verify_state **out, struct job_thread *t)
{
	const struct job_spec *spec = t->spec;
	int type = resolved_type(spec);
	enum rw_mode m = spec->rw;

	*out = NULL;
	if (type == VT_NONE)
		return 0;
	struct verify_state *vs = calloc(1, sizeof(*vs));
	if (!vs)
		return -ENOMEM;
	vs->t = t;
	vs->spec = spec;
	vs->cfg.type = type;
	vs->cfg.interval = (uint32_t)(spec->verify_interval ? spec->verify_interval : spec->bs);
	if (vs->cfg.interval > spec->bs)
		vs->cfg.interval = (uint32_t)spec->bs;
	vs->cfg.hdr_offset = (uint32_t)spec->verify_offset;
	if (spec->verify_pattern[0]) {
		int n = pattern_parse_stamps(spec->verify_pattern, vs->pat, sizeof(vs->pat), &vs->stamps);
		if (n > 0) {
			vs->cfg.pat = vs->pat;
			vs->cfg.plen = (size_t)n;
			vs->cfg.stamps = vs->stamps.n ? &vs->stamps : NULL;
		}
	}
	/* fio 3.33 fills verified blocks with buffer_compress_percentage
	 * (below 100, which is zero_buffers) and its buffer_pattern tail. */
	if (spec->buffer_compress_percentage < 100)
		vs->cfg.compress = (unsigned)spec->buffer_compress_percentage;
	if (spec->buffer_pattern[0]) {
		int n = pattern_parse(spec->buffer_pattern, vs->tail, sizeof(vs->tail));
		if (n > 0) {
			vs->cfg.tail = vs->tail;
			vs->cfg.tail_len = (size_t)n;
		}
	}
	vs->check_all_reads = !rw_writes(m);
	vs->read_back = rw_writes(m) && spec->do_verify;
	vs->random_map = rw_is_random(m) && !job_option_given(spec, "norandommap");
	vs->seed = 0x7665726966790000ULL + t->clone;
	vs->nfiles = t->nfiles;
	vs->files = calloc(t->nfiles, sizeof(*vs->files));
	if (!vs->files) {
		verify_free(vs);
		return -ENOMEM;
	}
	if (spec->verify_state_load) {
		int n = snprintf(t->error_msg, sizeof(t->error_msg), "%s: ", spec->name);
		size_t at = n > 0 && (size_t)n < sizeof(t->error_msg) ? (size_t)n : 0;
		if (vstate_load(spec->name, t->thread_number ? t->thread_number - 1 : t->clone,
				&vs->loaded, t->error_msg + at, sizeof(t->error_msg) - at)) {
			t->error = ENOENT;
			verify_free(vs);
			return -ENOENT;
		}
		t->error_msg[0] = 0;
		vs->have_loaded = true;
	}
	unsigned depth = spec->iodepth ? (unsigned)spec->iodepth : 1;
	if (rw_writes(m) && spec->verify_state_save)
		for (unsigned i = 0; i < t->nfiles; i++)
			if (!(vs->files[i].last_comp = calloc(depth, sizeof(uint64_t)))) {
				verify_free(vs);
				return -ENOMEM;
			}
	if (rw_writes(m)) {
		for (unsigned i = 0; i < t->nfiles; i++) {
			struct vfile *f = &vs->files[i];
			f->nblocks = t->files[i].area_len / spec->bs;
			size_t words = (size_t)(f->nblocks + 63) / 64 + 1;
			f->written = calloc(words, sizeof(uint64_t));
			f->used = vs->random_map ? calloc(words, sizeof(uint64_t)) : NULL;
			if (!f->written || (vs->random_map && !f->used)) {
				verify_free(vs);
				return -ENOMEM;
			}
		}
	}
	*out = vs;
	return 0;
}

void verify_free(struct verify_state *vs)
{
	if (!vs)
		return;
	for (unsigned i = 0; vs->files && i < vs->nfiles; i++) {
		free(vs->files[i].written);
		free(vs->files[i].used);
		free(vs->files[i].last_comp);
	}
	vstate_free(&vs->loaded);
	free(vs->files);
	free(vs->fifo);
	free(vs);
}

bool verify_skip_writes(const struct verify_state *vs)
{
	return vs && vs->spec->verify_only && rw_writes(vs->spec->rw);
}

bool verify_reads_back(const struct verify_state *vs)
{
	return vs && vs->read_back;
}

uint64_t verify_pick_block(struct verify_state *vs, unsigned file, uint64_t block)
{
	if (!vs->random_map || file >= vs->nfiles)
		return block;
	struct vfile *f = &vs->files[file];
	if (!f->nblocks || block >= f->nblocks)
		return block;
	if (f->nused >= f->nblocks) {
		/* A new pass over the area (time_based): every block again. */
		memset(f->used, 0, (size_t)((f->nblocks + 63) / 64) * sizeof(uint64_t));
		f->nused = 0;
	}
	/* Taken: the next free block after it, wrapping, as fio's map does. */
	uint64_t b = block;
	while (bit_get(f->used, b)) {
		if ((b % 64) == 0 && f->used[b / 64] == ~0ULL && b + 64 <= f->nblocks)
			b += 64;
		else
			b++;
		if (b >= f->nblocks)
			b = 0;
	}
	bit_set(f->used, b);
	f->nused++;
	return b;
}

void verify_fill_write(struct verify_state *vs, struct io_unit *io)
{
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	struct vhdr_stamp s = {
		.offset = io->offset,
		.seed = splitmix(&vs->seed),
		.time_ns = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec,
		.thread = (uint16_t)(vs->t->clone + 1),
		.numberio = vs->numberio++,
	};
	vs->writes_issued++;
	vhdr_fill(&vs->cfg, io->buf, io->len, &s);
}

static void fifo_push(struct verify_state *vs, unsigned file, uint64_t offset)
{
	if (vs->fifo_n == vs->fifo_cap) {
		size_t cap = vs->fifo_cap ? vs->fifo_cap * 2 : 64;
		struct vslot *n = malloc(cap * sizeof(*n));
		if (!n)
			return; /* not checked early: still checked at the end */
		for (size_t i = 0; i < vs->fifo_n; i++)
			n[i] = vs->fifo[(vs->fifo_head + i) % vs->fifo_cap];
		free(vs->fifo);
		vs->fifo = n;
		vs->fifo_cap = cap;
		vs->fifo_head = 0;
	}
	vs->fifo[(vs->fifo_head + vs->fifo_n) % vs->fifo_cap] = (struct vslot){ file, offset };
	vs->fifo_n++;
}

void verify_write_done(struct verify_state *vs, const struct io_unit *io)
{
	if (!vs || io->file >= vs->nfiles || !vs->files[io->file].written)
		return;
	const struct thread_file *tf = &vs->t->files[io->file];
	uint64_t block = (io->offset - tf->area_start) / vs->spec->bs;
	struct vfile *vf = &vs->files[io->file];
	vs->writes_done++;
	if (vf->last_comp) {
		unsigned depth = vs->spec->iodepth ? (unsigned)vs->spec->iodepth : 1;
		vf->last_comp[vf->last_idx] = io->offset;
		if (++vf->last_idx == depth)
			vf->last_idx = 0;
	}
	if (vs->spec->verify_backlog && vs->read_back) {
		fifo_push(vs, io->file, io->offset);
		if (vs->fifo_n >= vs->spec->verify_backlog)
			vs->draining = true;
		return;
	}
	if (block < vs->files[io->file].nblocks)
		bit_set(vs->files[io->file].written, block);
}

void verify_begin_read_back(struct verify_state *vs)
{
	vs->cur_file = 0;
	vs->cur_block = 0;
	vs->draining = vs->fifo_n > 0;
	if (verify_skip_writes(vs))
		for (unsigned i = 0; i < vs->nfiles; i++) {
			struct vfile *f = &vs->files[i];
			if (f->written)
				memset(f->written, 0xff, (size_t)((f->nblocks + 63) / 64) * sizeof(uint64_t));
			/* fio's dry run counts the writes it would have made, and
			 * its state file ends with the area's last blocks. */
			vs->writes_issued += f->nblocks;
			vs->writes_done += f->nblocks;
			unsigned depth = vs->spec->iodepth ? (unsigned)vs->spec->iodepth : 1;
			for (uint64_t b = f->nblocks > depth ? f->nblocks - depth : 0;
			     f->last_comp && b < f->nblocks; b++) {
				f->last_comp[f->last_idx] = vs->t->files[i].area_start + b * vs->spec->bs;
				if (++f->last_idx == depth)
					f->last_idx = 0;
			}
		}
}

uint64_t verify_pass_bytes(const struct verify_state *vs, bool queueing)
{
	if (!vs || !vs->read_back || !vs->spec->time_based || !queueing)
		return 0;
	uint64_t size = 0;
	for (unsigned i = 0; i < vs->t->nfiles; i++)
		size += vs->t->files[i].area_len;
	uint64_t pass = size;
	if (rw_is_random(vs->spec->rw) && job_option_given(vs->spec, "norandommap") &&
	    vs->spec->io_size > pass)
		pass = vs->spec->io_size;
	if (vs->spec->verify_backlog)
		pass += size;
	return pass;
}

void verify_new_pass(struct verify_state *vs)
{
	for (unsigned i = 0; i < vs->nfiles; i++) {
		struct vfile *f = &vs->files[i];
		size_t words = (size_t)((f->nblocks + 63) / 64);
		if (f->written)
			memset(f->written, 0, words * sizeof(uint64_t));
		if (f->used)
			memset(f->used, 0, words * sizeof(uint64_t));
		f->nused = 0;
	}
	vs->fifo_n = 0;
	vs->fifo_head = 0;
	vs->draining = false;
	vs->cur_file = 0;
	vs->cur_block = 0;
}

bool verify_state_stop(struct verify_state *vs, unsigned file, uint64_t offset)
{
	if (!vs || !vs->have_loaded || !vs->check_all_reads)
		return false;
	if (vs->state_stop || vstate_should_stop(&vs->loaded, vs->reads_done, file, offset))
		vs->state_stop = true;
	return vs->state_stop;
}

void verify_finish(struct verify_state *vs)
{
	/* fio saves the state of every write job that verifies. */
	if (!vs || !vs->spec->verify_state_save || !rw_writes(vs->spec->rw))
		return;
	struct job_thread *t = vs->t;
	unsigned depth = vs->spec->iodepth ? (unsigned)vs->spec->iodepth : 1;
	uint64_t per_file = vs->writes_done < depth ? vs->writes_done : depth;
	struct vstate s = { .numberio = vs->writes_issued, .depth = depth, .nofiles = vs->nfiles };
	s.comps = calloc((size_t)depth * (vs->nfiles ? vs->nfiles : 1), sizeof(*s.comps));
	if (!s.comps)
		return;
	/* Each file's, newest first, as fio lists them. */
	for (unsigned i = 0; i < vs->nfiles; i++) {
		struct vfile *f = &vs->files[i];
		unsigned j = f->last_idx;
		for (uint64_t k = 0; k < per_file && f->last_comp; k++) {
			j = j ? j - 1 : depth - 1;
			s.comps[s.ncomps++] = (struct vstate_comp){ i, f->last_comp[j] };
		}
	}
	char err[512];
	if (vstate_save(vs->spec->name, t->thread_number ? t->thread_number - 1 : t->clone, &s, err,
			sizeof(err)))
		fprintf(stderr, "blktop: %s: %s\n", vs->spec->name, err);
	free(s.comps);
}

/* The next written block from the read-back place on, or false. */
static bool next_written(struct verify_state *vs, bool take, unsigned *file, uint64_t *block)
{
	unsigned fi = vs->cur_file;
	uint64_t b = vs->cur_block;
	for (; fi < vs->nfiles; fi++, b = 0) {
		struct vfile *f = &vs->files[fi];
		if (!f->written)
			continue;
		while (b < f->nblocks) {
			uint64_t w = f->written[b / 64] >> (b % 64);
			if (!w) {
				b = (b / 64 + 1) * 64;
				continue;
			}
			b += (uint64_t)__builtin_ctzll(w);
			if (b >= f->nblocks)
				break;
			*file = fi;
			*block = b;
			if (take) {
				vs->cur_file = fi;
				vs->cur_block = b + 1;
			}
			return true;
		}
	}
	if (take) {
		vs->cur_file = vs->nfiles;
		vs->cur_block = 0;
	}
	return false;
}

bool verify_next_read(struct verify_state *vs, bool read_back, unsigned *file, uint64_t *offset)
{
	if (!vs)
		return false;
	if (vs->draining || (read_back && vs->fifo_n)) {
		if (vs->fifo_n) {
			struct vslot s = vs->fifo[vs->fifo_head];
			vs->fifo_head = (vs->fifo_head + 1) % vs->fifo_cap;
			if (--vs->fifo_n == 0)
				vs->draining = false;
			*file = s.file;
			*offset = s.offset;
			return true;
		}
		vs->draining = false;
	}
	if (!read_back)
		return false;
	uint64_t block;
	if (!next_written(vs, true, file, &block))
		return false;
	*offset = vs->t->files[*file].area_start + block * vs->spec->bs;
	return true;
}

bool verify_pending(const struct verify_state *vs)
{
	unsigned f;
	uint64_t b;
	if (!vs || vs->state_stop)
		return false;
	if (vs->fifo_n > 0)
		return true;
	if (!next_written((struct verify_state *)vs, false, &f, &b))
		return false;
	/* verify_state_load: the read-back ends where the saved writes do. */
	if (vs->have_loaded &&
	    vstate_should_stop(&vs->loaded, vs->reads_done, f,
			       vs->t->files[f].area_start + b * vs->spec->bs)) {
		((struct verify_state *)vs)->state_stop = true;
		return false;
	}
	return true;
}

/* Writes len bytes to "NAME.OFFSET.KIND" in the working directory, as
 * fio's verify_dump names them, and says so. */
static void dump_block(FILE *out, const char *path, uint64_t offset, const char *kind,
		       const void *buf, size_t len)
{
	char *copy = strdup(path);
	char name[4096];
	if (!copy)
		return;
	snprintf(name, sizeof(name), "%s.%llu.%s", basename(copy), (unsigned long long)offset, kind);
	free(copy);
	int fd = open(name, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0644);
	const char *b = buf;
	size_t left = len;
	while (fd >= 0 && left) {
		ssize_t w = write(fd, b, left);
		if (w <= 0)
			break;
		b += w;
		left -= (size_t)w;
	}
	if (fd < 0 || left || close(fd)) {
		fprintf(out, _("       cannot save %s: %s\n"), name, strerror(errno));
		return;
	}
	fprintf(out, _("       %s data dumped as %s\n"), kind, name);
}

int verify_read_done(struct verify_state *vs, struct io_unit *io)
{
	if (!vs || (!io->verify && !vs->check_all_reads))
		return 0;
	vs->reads_done++;
	struct job_thread *t = vs->t;
	const char *path = io->file < t->nfiles && t->files[io->file].path ? t->files[io->file].path
									 : t->spec->filename;
	struct vhdr_fail f;
	memset(&f, 0, sizeof(f));
	int bad = vhdr_check(&vs->cfg, io->buf, io->len, io->offset, vs->spec->verify_fatal, &f);
	if (!bad)
		return 0;

	/* fio's report, one block of lines written at once. */
	char *text = NULL;
	size_t tlen = 0;
	FILE *out = open_memstream(&text, &tlen);
	char line[512];
	if (f.header)
		snprintf(line, sizeof(line),
			 _("verify: %s at file %s offset %llu, length %u (requested block: offset=%llu, length=%u)"),
			 f.what, path, (unsigned long long)f.offset, f.len,
			 (unsigned long long)io->offset, io->len);
	else
		/* fio's flags= is its I/O unit's state, in hex: counted in
		 * the depth (8), or handed to a verify_async thread (4), and
		 * taken from the written blocks' history (80) when a write
		 * job reads back. */
		snprintf(line, sizeof(line),
			 _("%s: verify failed at file %s offset %llu, length %u (requested block: offset=%llu, length=%u, flags=%x)"),
			 f.name, path, (unsigned long long)f.offset, f.len,
			 (unsigned long long)io->offset, io->len,
			 (vs->spec->verify_async ? 0x4u : 0x8u) | (io->verify ? 0x80u : 0u));
	if (out) {
		if (f.what[0] && !f.header)
			fprintf(out, "blktop: %s\n", f.what);
		fprintf(out, "%s\n", line);
		if (f.expected[0]) {
			fprintf(out, _("       Expected CRC: %s\n"), f.expected);
			fprintf(out, _("       Received CRC: %s\n"), f.received);
		}
		if (vs->spec->verify_dump) {
			const uint8_t *got = (const uint8_t *)io->buf + (size_t)f.interval_index * f.len;
			if (f.header) {
				dump_block(out, path, f.offset, "hdr_fail", got, f.len);
			} else {
				dump_block(out, path, f.offset, "received", got, f.len);
				void *exp = malloc(io->len);
				if (exp && vhdr_expected(&vs->cfg, io->buf, io->len, io->offset,
							 f.interval_index, exp))
					dump_block(out, path, f.offset, "expected",
						   (uint8_t *)exp + (size_t)f.interval_index * f.len, f.len);
				free(exp);
			}
		}
		fclose(out);
		if (text)
			fputs(text, stderr);
		free(text);
	}

	/* Counted only when let pass, as fio's total_err. */
	if (job_error_ignored(t->spec, DIR_READ, EILSEQ) && !vs->spec->verify_fatal) {
		struct dir_stats *d = &t->dir[DIR_READ];
		__atomic_store_n(&d->errors, d->errors + 1, __ATOMIC_RELAXED);
		if (!d->first_error) {
			d->first_error_offset = f.offset;
			__atomic_store_n(&d->first_error, EILSEQ, __ATOMIC_RELEASE);
		}
		return 0;
	}
	if (!t->error) {
		snprintf(t->error_msg, sizeof(t->error_msg), "%s", line);
		/* fio's func=: where its completion path meets the
		 * verify's error, the synchronous one or the queued one,
		 * or its verify_async thread. */
		t->error_func = vs->spec->verify_async ? "async_verify"
				: vs->spec->ioengine == ENGINE_LIBAIO ||
						  vs->spec->ioengine == ENGINE_IO_URING
					? "io_u_queued_complete"
					: "io_u_sync_complete";
	}
	return -EILSEQ;
}
