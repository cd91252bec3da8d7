/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fioproto.h - fio's client/server protocol, as much of it as blktop
 * speaks to a `fio --server` on a far side: the command header with its
 * CRC-16 checks, fragments, the commands blktop sends (PROBE, JOBLINE,
 * JOB, RUN, QUIT, a refused SENDFILE) and the answers it reads (PROBE
 * reply, START, TEXT, TS, STOP). Pure byte work, no I/O: the tests feed
 * it bytes, the driver feeds it a stream.
 *
 * Every field on the wire is little endian. A header is 24 bytes:
 * version u16, opcode u16, flags u32, tag u64, payload length u32, then
 * the CRC-16 of the 20 bytes before it and the CRC-16 of the payload.
 * The CRC is CRC-16/ARC (polynomial 0x8005 reflected, initial value 0).
 * A payload longer than 1024 bytes goes in several commands of the same
 * opcode, each but the last flagged "more". A server takes only commands
 * of its own protocol version and closes the connection on any other,
 * so the version is the first thing a client has to get right. */
#ifndef BLKTOP_FLEET_FIOPROTO_H
#define BLKTOP_FLEET_FIOPROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FIOP_HDR_LEN 24
#define FIOP_FRAGMENT_MAX 1024
#define FIOP_FLAG_MORE 1u
/* fio's own limit on a reassembled command. */
#define FIOP_CMD_MAX ((size_t)2048 * 1024 * 1024)

enum fiop_opcode {
	FIOP_QUIT = 1,
	FIOP_EXIT = 2,
	FIOP_JOB = 3,
	FIOP_JOBLINE = 4,
	FIOP_TEXT = 5,
	FIOP_TS = 6,
	FIOP_GS = 7,
	FIOP_SEND_ETA = 8,
	FIOP_ETA = 9,
	FIOP_PROBE = 10,
	FIOP_START = 11,
	FIOP_STOP = 12,
	FIOP_DU = 13,
	FIOP_SERVER_START = 14,
	FIOP_ADD_JOB = 15,
	FIOP_RUN = 16,
	FIOP_IOLOG = 17,
	FIOP_UPDATE_JOB = 18,
	FIOP_LOAD_FILE = 19,
	FIOP_VTRIGGER = 20,
	FIOP_SENDFILE = 21,
	FIOP_JOB_OPT = 22,
};

struct fiop_hdr {
	uint16_t version, opcode;
	uint32_t flags;
	uint64_t tag;
	uint32_t pdu_len;
	uint16_t hdr_crc, pdu_crc;
};

uint16_t fiop_crc16(const void *buf, size_t len);

/* Writes a header for a payload; both CRCs computed. */
void fiop_hdr_encode(uint8_t out[FIOP_HDR_LEN], uint16_t version, uint16_t opcode,
		     uint32_t flags, uint64_t tag, const void *pdu, uint32_t pdu_len);
/* Reads a header; false when its own CRC does not match. */
bool fiop_hdr_decode(const uint8_t in[FIOP_HDR_LEN], struct fiop_hdr *h);

/* A growing byte buffer. */
struct fiop_buf {
	uint8_t *p;
	size_t len, cap;
};
void fiop_buf_free(struct fiop_buf *b);

/* Appends one command (in fragments when the payload is long). -1: no memory. */
int fiop_cmd(struct fiop_buf *out, uint16_t version, uint16_t opcode, uint64_t tag,
	     const void *pdu, size_t len);

/* The payloads blktop sends. */
int fiop_probe(struct fiop_buf *out, uint16_t version, const char *name);
/* fio's command line: argv[0] is fio's own name, as fio's client sends it. */
int fiop_jobline(struct fiop_buf *out, uint16_t version, const char *const *argv, size_t argc);
int fiop_job(struct fiop_buf *out, uint16_t version, const char *text, size_t len);
/* An answer to the server's SENDFILE that sends nothing: error set. */
int fiop_sendfile_refuse(struct fiop_buf *out, uint16_t version, uint64_t tag, uint32_t error);

/* Reassembles commands from a stream. */
struct fiop_rx {
	uint8_t hdr[FIOP_HDR_LEN];
	size_t hdr_have;
	struct fiop_hdr cur;          /* the fragment being read */
	size_t pdu_have;
	struct fiop_buf pdu;          /* the command's payload so far */
	uint16_t opcode, version;     /* of the command being put together */
	uint64_t tag;
	bool in_cmd;
};

struct fiop_cmd {
	uint16_t version, opcode;
	uint64_t tag;
	const uint8_t *pdu;
	size_t len;
};

/* Feeds bytes; returns the number taken (less than n when a command is
 * complete: call fiop_rx_take, then feed the rest), or -1 with a line in
 * err (a bad CRC, fragments of different commands, a size past fio's
 * limit). */
long fiop_rx_feed(struct fiop_rx *rx, const uint8_t *data, size_t n, char *err, size_t errlen);
/* The complete command, if there is one: valid until the next feed. */
bool fiop_rx_take(struct fiop_rx *rx, struct fiop_cmd *cmd);
void fiop_rx_free(struct fiop_rx *rx);

struct fiop_probe_reply {
	char hostname[65];
	char fio_version[33];
	bool bigendian;
	unsigned bpp, cpus;
};
bool fiop_parse_probe(const struct fiop_cmd *c, struct fiop_probe_reply *r);

/* TEXT: the server's log line(s), without the trailing newline. */
bool fiop_parse_text(const struct fiop_cmd *c, char *out, size_t len);
/* START: the number of jobs the server made of what we sent. */
bool fiop_parse_start(const struct fiop_cmd *c, uint32_t *jobs);
/* STOP: the backend's exit value and signal. */
bool fiop_parse_stop(const struct fiop_cmd *c, uint32_t *error, uint32_t *signo);
/* SENDFILE: the path the server asks for. */
bool fiop_parse_sendfile(const struct fiop_cmd *c, char *path, size_t len);

#define FIOP_DIRS 3
/* fio's histogram: 29 groups of 64 buckets. */
#define FIOP_PLAT_NR 1856

struct fiop_dir {
	uint64_t io_bytes, total_ios, short_ios, drop_ios, runtime_ms;
	uint64_t clat_min, clat_max, clat_n;
	double clat_mean, clat_S;     /* S: sum of squared deviations */
	const uint8_t *plat;          /* FIOP_PLAT_NR little-endian u64, in the payload */
};

/* One thread's (or reporting group's) figures from a TS payload. */
struct fiop_ts {
	char name[129];
	uint32_t error, thread_number, groupid, members, first_error, unified;
	uint64_t total_err;
	struct fiop_dir dir[FIOP_DIRS];
};

/* The protocol versions whose TS layout blktop knows, newest first. */
extern const uint16_t fiop_versions[];
extern const size_t fiop_nversions;
bool fiop_version_known(uint16_t version);
/* "97, 120, 121" */
void fiop_versions_text(char *buf, size_t len);

/* Parses TS for the command's protocol version; false with a line in err
 * when the version's layout is unknown or the payload is not that
 * layout's size. */
bool fiop_parse_ts(const struct fiop_cmd *c, struct fiop_ts *ts, char *err, size_t errlen);
uint64_t fiop_plat(const struct fiop_dir *d, unsigned idx);

/* ETA, the answer to SEND_ETA: the server's jobs' rates since the last
 * SEND_ETA (fio computes them over the time between two asks). */
struct fiop_eta {
	uint32_t nr_running, nr_ramp, nr_pending, nr_setting_up, files_open;
	uint64_t rate_kib[FIOP_DIRS];  /* KiB/s, as fio's client shows them */
	uint32_t iops[FIOP_DIRS];
	uint64_t elapsed_sec, eta_sec;
	char run_str[64];              /* fio's job states ("R", "_"...), cut */
};

/* Parses ETA for the command's protocol version; false with a line in err
 * when the version's layout is unknown or the payload is not of that
 * layout (its fixed part, then the job-state string and its NUL). */
bool fiop_parse_eta(const struct fiop_cmd *c, struct fiop_eta *e, char *err, size_t errlen);

#endif
