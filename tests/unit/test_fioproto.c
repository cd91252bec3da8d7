/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_fioproto.c - fio's client/server protocol as blktop speaks it: the
 * CRC-16 against values worked out from the CRC's definition (CRC-16/ARC;
 * "123456789" is the catalogue's check string), the header's bytes, the
 * fragments of a long payload read back one byte at a time, and a thread
 * status (TS) taken from the real fio server installed here, started by
 * this test on 127.0.0.1 with a job whose figures are known in advance
 * (the null engine reading 4 MiB in 4 KiB blocks: 1024 I/Os); the ETA
 * (jobs_eta) made by hand and from that server while a job runs; and a
 * job file's text as sent to a host with its own target. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "fleet/fio_plan.h"
#include "fleet/fioproto.h"

static void test_crc16(void **state)
{
	(void)state;
	uint8_t all[256];
	for (int i = 0; i < 256; i++)
		all[i] = (uint8_t)i;
	assert_int_equal(fiop_crc16("", 0), 0);
	assert_int_equal(fiop_crc16("123456789", 9), 0xBB3D);
	assert_int_equal(fiop_crc16("blktop", 6), 0x61E8);
	assert_int_equal(fiop_crc16(all, sizeof(all)), 0xBAD3);
}

static void test_header(void **state)
{
	(void)state;
	uint8_t pdu[136] = { 0 }, h[FIOP_HDR_LEN];
	memcpy(pdu + 8, "vm1", 3);
	fiop_hdr_encode(h, 97, FIOP_PROBE, 0, 0x1122334455667788ULL, pdu, sizeof(pdu));
	static const uint8_t want[FIOP_HDR_LEN] = {
		0x61, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x88, 0x77, 0x66, 0x55,
		0x44, 0x33, 0x22, 0x11, 0x88, 0x00, 0x00, 0x00, 0x33, 0xa4, 0x05, 0xb3,
	};
	assert_memory_equal(h, want, sizeof(want));

	struct fiop_hdr d;
	assert_true(fiop_hdr_decode(h, &d));
	assert_int_equal(d.version, 97);
	assert_int_equal(d.opcode, FIOP_PROBE);
	assert_int_equal(d.tag, 0x1122334455667788ULL);
	assert_int_equal(d.pdu_len, 136);
	assert_int_equal(d.pdu_crc, 0xB305);
	/* Any changed byte before the CRCs is caught. */
	for (int i = 0; i < 20; i++) {
		uint8_t bad[FIOP_HDR_LEN];
		memcpy(bad, h, sizeof(bad));
		bad[i] ^= 0x10;
		assert_false(fiop_hdr_decode(bad, &d));
	}
}

static void test_fragments(void **state)
{
	(void)state;
	char text[2500];
	for (size_t i = 0; i < sizeof(text); i++)
		text[i] = (char)('a' + i % 26);
	struct fiop_buf b = { 0 };
	assert_int_equal(fiop_job(&b, 120, text, sizeof(text)), 0);
	/* 8 + 2500 bytes of payload: 1024, 1024 and 460, "more" on the first two. */
	assert_int_equal(b.len, 3 * FIOP_HDR_LEN + 8 + sizeof(text));
	struct fiop_hdr h;
	assert_true(fiop_hdr_decode(b.p, &h));
	assert_int_equal(h.pdu_len, 1024);
	assert_int_equal(h.flags, FIOP_FLAG_MORE);
	assert_true(fiop_hdr_decode(b.p + 2 * (FIOP_HDR_LEN + 1024), &h));
	assert_int_equal(h.pdu_len, 460);
	assert_int_equal(h.flags, 0);

	struct fiop_rx rx = { 0 };
	struct fiop_cmd c;
	char err[256];
	size_t cmds = 0;
	for (size_t i = 0; i < b.len; i++) {
		assert_int_equal(fiop_rx_feed(&rx, b.p + i, 1, err, sizeof(err)), 1);
		if (fiop_rx_take(&rx, &c)) {
			cmds++;
			assert_int_equal(c.opcode, FIOP_JOB);
			assert_int_equal(c.version, 120);
			assert_int_equal(c.len, 8 + sizeof(text));
			assert_memory_equal(c.pdu + 8, text, sizeof(text));
		}
	}
	assert_int_equal(cmds, 1);

	/* A payload changed on the way is refused. */
	b.p[FIOP_HDR_LEN + 100] ^= 1;
	fiop_rx_free(&rx);
	assert_int_equal(fiop_rx_feed(&rx, b.p, b.len, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "CRC"));
	fiop_rx_free(&rx);
	fiop_buf_free(&b);

	/* JOBLINE: count, client type, then each word with its NUL. */
	const char *argv[] = { "fio", "--readonly" };
	assert_int_equal(fiop_jobline(&b, 97, argv, 2), 0);
	static const uint8_t want[] = { 2, 0, 1, 0, 4, 0, 'f', 'i', 'o', 0, 11, 0,
					'-', '-', 'r', 'e', 'a', 'd', 'o', 'n', 'l', 'y', 0 };
	assert_int_equal(b.len, FIOP_HDR_LEN + sizeof(want));
	assert_memory_equal(b.p + FIOP_HDR_LEN, want, sizeof(want));
	fiop_buf_free(&b);
}

static void test_unknown_layout(void **state)
{
	(void)state;
	static uint8_t pdu[200000];
	struct fiop_ts ts;
	char err[256];
	struct fiop_cmd c = { .version = 101, .opcode = FIOP_TS, .pdu = pdu, .len = 184064 };
	assert_false(fiop_version_known(101));
	assert_false(fiop_parse_ts(&c, &ts, err, sizeof(err)));
	assert_non_null(strstr(err, "101"));
	/* A known version with a payload too short for its layout. */
	c.version = 97;
	c.len = 184000;
	assert_false(fiop_parse_ts(&c, &ts, err, sizeof(err)));
	assert_non_null(strstr(err, "184000"));
	char list[64];
	fiop_versions_text(list, sizeof(list));
	assert_string_equal(list, "97, 120, 121");
}

/* The real server part. */
static pid_t server = -1;

static void stop_server(void)
{
	if (server > 0) {
		kill(server, SIGTERM);
		waitpid(server, NULL, 0);
		server = -1;
	}
}

/* A failed assertion leaves its test at once: the server it started is
 * stopped here, not left running after the test program. */
static int teardown_server(void **state)
{
	(void)state;
	stop_server();
	return 0;
}

static int connect_port(int port)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd >= 0 && !connect(fd, (struct sockaddr *)&a, sizeof(a)))
		return fd;
	if (fd >= 0)
		close(fd);
	return -1;
}

static void send_buf(int fd, struct fiop_buf *b)
{
	size_t off = 0;
	while (off < b->len) {
		ssize_t w = write(fd, b->p + off, b->len - off);
		assert_true(w > 0);
		off += (size_t)w;
	}
	b->len = 0;
}

/* The next command from fd, 0 at end of stream. 60 s at most: the
 * machine is shared and may be slow, but never that slow. */
static uint8_t chunk[65536];
static size_t have, off;

static int next_cmd(int fd, struct fiop_rx *rx, struct fiop_cmd *c)
{
	for (;;) {
		while (off < have) {
			char err[256];
			long r = fiop_rx_feed(rx, chunk + off, have - off, err, sizeof(err));
			if (r < 0)
				fail_msg("%s", err);
			off += (size_t)r;
			if (fiop_rx_take(rx, c))
				return 1;
		}
		struct pollfd p = { fd, POLLIN, 0 };
		if (poll(&p, 1, 60000) != 1)
			fail_msg("the fio server said nothing for 60 s");
		ssize_t r = read(fd, chunk, sizeof(chunk));
		if (r <= 0) {
			have = off = 0;
			return 0;
		}
		have = (size_t)r;
		off = 0;
	}
}

/* Starts the installed `fio --server` on a free loopback port and probes
 * it in the version it speaks: the connected socket, its version in *vp. */
static int start_real_server(uint16_t *vp, struct fiop_buf *bp, struct fiop_rx *rxp)
{
	struct fiop_buf b = *bp;
	struct fiop_rx rx = *rxp;
	struct fiop_cmd c;
	struct fiop_probe_reply pr;
	/* A port nobody else here uses, tried until fio can bind it. */
	int port = 0, fd = -1;
	have = off = 0; /* nothing left of another server's stream */
	srand((unsigned)getpid() ^ (unsigned)time(NULL));
	for (int attempt = 0; attempt < 20 && fd < 0; attempt++) {
		port = 30000 + rand() % 20000;
		char arg[64];
		snprintf(arg, sizeof(arg), "--server=127.0.0.1,%d", port);
		server = fork();
		assert_true(server >= 0);
		if (!server) {
			int null = open("/dev/null", 1);
			dup2(null, 1);
			execlp("fio", "fio", arg, (char *)NULL);
			_exit(127);
		}
		for (int i = 0; i < 200 && fd < 0; i++) {
			fd = connect_port(port);
			if (fd < 0 && waitpid(server, NULL, WNOHANG) == server) {
				server = -1; /* it could not bind: another port */
				break;
			}
			if (fd < 0)
				usleep(50000);
		}
		if (fd < 0)
			stop_server();
	}
	assert_true(fd >= 0);

	/* The version: a server answers a probe of another version with a
	 * line (TEXT) in its own version's header, then hangs up; a probe in
	 * that version is answered. */
	uint16_t version = fiop_versions[0];
	assert_int_equal(fiop_probe(&b, version, "unit"), 0);
	send_buf(fd, &b);
	assert_int_equal(next_cmd(fd, &rx, &c), 1);
	if (c.opcode != FIOP_PROBE) {
		char text[256];
		assert_true(fiop_parse_text(&c, text, sizeof(text)));
		version = c.version;
		assert_true(fiop_version_known(version));
		while (next_cmd(fd, &rx, &c))
			;
		close(fd);
		fiop_rx_free(&rx);
		fd = connect_port(port);
		assert_true(fd >= 0);
		assert_int_equal(fiop_probe(&b, version, "unit"), 0);
		send_buf(fd, &b);
		assert_int_equal(next_cmd(fd, &rx, &c), 1);
	}
	assert_true(fiop_parse_probe(&c, &pr));
	assert_int_equal(c.version, version);
	assert_non_null(strstr(pr.fio_version, "fio-3."));
	if (!strcmp(pr.fio_version, "fio-3.33"))
		assert_int_equal(version, 97);

	*vp = version;
	*bp = b;
	*rxp = rx;
	return fd;
}

static bool have_fio(const char *what)
{
	if (system("fio --version >/dev/null 2>&1")) {
		fprintf(stderr, "SKIPPED: fio is not installed: the %s of a real server is NOT tested\n",
			what);
		return false;
	}
	return true;
}

/* start_real_server, then the job of argv on it: the job line, the START
 * that answers it (one job), RUN. Returns the socket, the job running. */
static int run_real_job(const char *const *argv, size_t argc, uint16_t *vp, struct fiop_buf *b,
			struct fiop_rx *rx)
{
	struct fiop_cmd c;
	uint32_t jobs = 0;
	int fd = start_real_server(vp, b, rx);

	assert_int_equal(fiop_jobline(b, *vp, argv, argc), 0);
	send_buf(fd, b);
	while (next_cmd(fd, rx, &c) && c.opcode != FIOP_START)
		;
	assert_int_equal(c.opcode, FIOP_START);
	assert_true(fiop_parse_start(&c, &jobs));
	assert_int_equal(jobs, 1);
	assert_int_equal(fiop_cmd(b, *vp, FIOP_RUN, 0, NULL, 0), 0);
	send_buf(fd, b);
	return fd;
}

static void test_real_ts(void **state)
{
	(void)state;
	if (!have_fio("TS"))
		skip();
	struct fiop_buf b = { 0 };
	struct fiop_rx rx = { 0 };
	struct fiop_cmd c;
	uint16_t version;
	const char *argv[] = { "fio",	      "--readonly",	"--name=cap", "--ioengine=null",
			       "--rw=read",   "--bs=4k",	"--size=4m" };
	int fd = run_real_job(argv, 7, &version, &b, &rx);

	bool got_ts = false, stopped = false;
	while (!stopped && next_cmd(fd, &rx, &c)) {
		if (c.opcode == FIOP_TS) {
			struct fiop_ts ts;
			char err[256];
			assert_true(fiop_parse_ts(&c, &ts, err, sizeof(err)));
			assert_string_equal(ts.name, "cap");
			assert_int_equal(ts.error, 0);
			assert_int_equal(ts.thread_number, 1);
			assert_int_equal(ts.dir[0].total_ios, 1024);
			assert_int_equal(ts.dir[0].io_bytes, 4 << 20);
			assert_int_equal(ts.dir[1].total_ios, 0);
			assert_int_equal(ts.dir[1].io_bytes, 0);
			assert_int_equal(ts.dir[0].clat_n, 1024);
			assert_true(ts.dir[0].clat_min <= ts.dir[0].clat_max);
			assert_true(ts.dir[0].clat_mean >= (double)ts.dir[0].clat_min);
			assert_true(ts.dir[0].clat_mean <= (double)ts.dir[0].clat_max);
			uint64_t sum = 0;
			for (unsigned i = 0; i < FIOP_PLAT_NR; i++)
				sum += fiop_plat(&ts.dir[0], i);
			assert_int_equal(sum, 1024);
			got_ts = true;
		}
		uint32_t e, s;
		if (fiop_parse_stop(&c, &e, &s)) {
			assert_int_equal(e, 0);
			stopped = true;
		}
	}
	assert_true(got_ts);
	assert_true(stopped);
	close(fd);
	fiop_rx_free(&rx);
	fiop_buf_free(&b);
	stop_server();
}

/* ETA as fio 3.33 lays it out, made by hand: the fixed part and the
 * job-state string; another size, or an unknown version, refused. */
static void test_eta_layout(void **state)
{
	(void)state;
	uint8_t pdu[168 + 3] = { 0 };
	struct fiop_eta e;
	char err[256];
	pdu[0] = 2;                        /* nr_running */
	pdu[64] = 0x10, pdu[65] = 0x27;    /* rate[read] = 10000 KiB/s */
	pdu[72 + 1] = 0x01;                /* rate[write] = 256 */
	pdu[112] = 0xc4, pdu[113] = 0x09;  /* iops[read] = 2500 */
	pdu[116] = 64;                     /* iops[write] */
	pdu[128] = 5;                      /* elapsed_sec */
	pdu[136] = 7;                      /* eta_sec */
	pdu[168] = 'R', pdu[169] = 'R';    /* run_str "RR" */
	struct fiop_cmd c = { .version = 97, .opcode = FIOP_ETA, .pdu = pdu, .len = sizeof(pdu) };
	assert_true(fiop_parse_eta(&c, &e, err, sizeof(err)));
	assert_int_equal(e.nr_running, 2);
	assert_int_equal(e.rate_kib[0], 10000);
	assert_int_equal(e.rate_kib[1], 256);
	assert_int_equal(e.iops[0], 2500);
	assert_int_equal(e.iops[1], 64);
	assert_int_equal(e.elapsed_sec, 5);
	assert_int_equal(e.eta_sec, 7);
	assert_string_equal(e.run_str, "RR");
	/* The fixed part alone: a server with no job yet. */
	c.len = 168;
	assert_true(fiop_parse_eta(&c, &e, err, sizeof(err)));
	/* A string that does not end where the payload does. */
	pdu[170] = 'x';
	c.len = sizeof(pdu);
	assert_false(fiop_parse_eta(&c, &e, err, sizeof(err)));
	assert_non_null(strstr(err, "171"));
	c.len = 160;
	assert_false(fiop_parse_eta(&c, &e, err, sizeof(err)));
	/* Another protocol: not read at all. */
	c.len = 168;
	c.version = 101;
	assert_false(fiop_parse_eta(&c, &e, err, sizeof(err)));
	assert_non_null(strstr(err, "101"));
}

/* SEND_ETA to the installed server while a rate-limited job runs: the
 * answer is of the layout read above, its rate and IOPS in the places
 * said (4 KiB blocks: the KiB/s are four times the IOPS, give or take
 * fio's rounding of each), no writes. */
static void test_real_eta(void **state)
{
	(void)state;
	if (!have_fio("ETA"))
		skip();
	struct fiop_buf b = { 0 };
	struct fiop_rx rx = { 0 };
	struct fiop_cmd c;
	uint16_t version;
	const char *argv[] = { "fio",	     "--readonly",	"--name=eta",	"--ioengine=null",
			       "--rw=read",  "--bs=4k",		"--size=1g",	"--time_based",
			       "--runtime=30", "--rate_iops=500" };
	int fd = run_real_job(argv, 10, &version, &b, &rx);
	/* Asked once a second until the job runs and has done I/O. */
	bool seen = false;
	for (int ask = 0; ask < 60 && !seen; ask++) {
		sleep(1);
		assert_int_equal(fiop_cmd(&b, version, FIOP_SEND_ETA, 1000 + (uint64_t)ask, NULL, 0), 0);
		send_buf(fd, &b);
		while (next_cmd(fd, &rx, &c) && c.opcode != FIOP_ETA)
			;
		assert_int_equal(c.opcode, FIOP_ETA);
		assert_int_equal(c.tag, 1000 + (uint64_t)ask);
		struct fiop_eta e;
		char err[256];
		assert_true(fiop_parse_eta(&c, &e, err, sizeof(err)));
		if (!e.nr_running || !e.iops[0])
			continue;
		seen = true;
		assert_int_equal(e.nr_running, 1);
		assert_int_equal(e.iops[1], 0);
		assert_int_equal(e.rate_kib[1], 0);
		assert_true(e.rate_kib[0] + 4 >= 4 * (uint64_t)e.iops[0]);
		assert_true(e.rate_kib[0] <= 4 * (uint64_t)e.iops[0] + 4);
		assert_true(e.elapsed_sec >= 1);
	}
	assert_true(seen);
	assert_int_equal(fiop_cmd(&b, version, FIOP_QUIT, 0, NULL, 0), 0);
	send_buf(fd, &b);
	close(fd);
	fiop_rx_free(&rx);
	fiop_buf_free(&b);
	stop_server();
}

/* A job file for a host with its own target: the target as a global
 * filename first, every section's own filename out, the rest as it was. */
static void test_jobtext_target(void **state)
{
	(void)state;
	static const char in[] = "[global]\nbs=4k\nfilename=/dev/a\n[one]\nrw=read\n"
				 "  FileName = /dev/b\n[two]\nfilename_format=x\nrw=randread";
	size_t len = 0;
	char *out = fio_plan_jobtext(in, sizeof(in) - 1, "vdc", &len);
	assert_non_null(out);
	assert_int_equal(strlen(out), len);
	assert_string_equal(out, "; blktop: this host's target, from --hosts\n[global]\n"
				 "filename=/dev/vdc\n[global]\nbs=4k\n[one]\nrw=read\n[two]\n"
				 "filename_format=x\nrw=randread");
	free(out);
	out = fio_plan_jobtext(in, sizeof(in) - 1, "/tmp/f", &len);
	assert_non_null(strstr(out, "\nfilename=/tmp/f\n"));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc16),
		cmocka_unit_test(test_header),
		cmocka_unit_test(test_fragments),
		cmocka_unit_test(test_unknown_layout),
		cmocka_unit_test_teardown(test_real_ts, teardown_server),
		cmocka_unit_test(test_eta_layout),
		cmocka_unit_test_teardown(test_real_eta, teardown_server),
		cmocka_unit_test(test_jobtext_target),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	stop_server();
	return r;
}
