/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verdict_driver.c - a small program over the verdict module for the
 * end-to-end tests (tests/e2e/verdict.sh, list_speed.sh, scratch.sh): the
 * write gate alone, an exclusive holder and the scratch device, without
 * the rest of blktop. The listing is not here: the tests list through
 * `blktop --list`, what users run. Not installed. */
#include "config.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include "collect/gate.h"
#include "i18n.h"
#include "options.h"
#include "scratch.h"
#include "sysroot.h"

static void on_signal(int sig)
{
	scratch_destroy();
	_exit(128 + sig);
}

static int usage(void)
{
	fprintf(stderr, "usage: verdict_driver gate-block|gate-file PATH [--force]\n"
			"       verdict_driver mark FILE\n"
			"       verdict_driver hold DEVICE\n"
			"       verdict_driver scratch SIZE exit|fail|wait|wait-handled\n");
	return 2;
}

static int scratch(const char *size, const char *how)
{
	char dev[64], err[512];
	unsigned long long bytes;

	if (!strcmp(how, "wait-handled")) {
		signal(SIGINT, on_signal);
		signal(SIGTERM, on_signal);
		signal(SIGHUP, on_signal);
	} else {
		/* A background job of a script starts with SIGINT ignored;
		 * be the foreground program a user would interrupt. */
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
	}
	/* The size as --scratch=SIZE reads it. */
	if (parse_size(size, &bytes)) {
		fprintf(stderr, "verdict_driver: bad size %s\n", size);
		return 2;
	}
	if (scratch_create(bytes, dev, sizeof(dev), err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	printf("%s\n", dev);
	fflush(stdout);
	if (!strcmp(how, "fail"))
		exit(1);
	if (!strncmp(how, "wait", 4))
		for (;;)
			pause();
	return 0;
}

int main(int argc, char **argv)
{
	char msg[2048];
	enum gate_answer a;

	setlocale(LC_ALL, "");
	sysroot_set(getenv("BLKTOP_SYSROOT"));
	if (argc < 2)
		return usage();
	if (!strcmp(argv[1], "mark") && argc == 3) {
		int fd = open(argv[2], O_RDWR | O_CLOEXEC);
		if (fd < 0)
			return 1;
		gate_mark_file_ours(fd);
		close(fd);
		return 0;
	}
	/* Another program holding a device exclusively, as mkfs or a
	 * database on a raw disk would. */
	if (!strcmp(argv[1], "hold") && argc == 3) {
		int fd = open(argv[2], O_RDONLY | O_EXCL | O_CLOEXEC);
		if (fd < 0) {
			perror(argv[2]);
			return 1;
		}
		printf("held\n");
		fflush(stdout);
		for (;;)
			pause();
	}
	if (!strcmp(argv[1], "scratch") && argc == 4)
		return scratch(argv[2], argv[3]);
	if (argc < 3)
		return usage();
	bool force = argc > 3 && !strcmp(argv[3], "--force");
	if (!strcmp(argv[1], "gate-block"))
		a = gate_block_write(argv[2], force, msg, sizeof(msg));
	else if (!strcmp(argv[1], "gate-file"))
		a = gate_file_write(argv[2], force, msg, sizeof(msg));
	else
		return usage();
	if (msg[0])
		printf("%s\n", msg);
	return (int)a;
}
