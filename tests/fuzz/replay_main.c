/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_main.c - runs a libFuzzer target's corpus without libFuzzer, so
 * `make check` replays every kept input with the normal compiler (and
 * under ASan with --enable-asan, or valgrind in check-valgrind). Linked
 * with one fuzz_*.c; arguments are files or directories of inputs, and
 * with none it reads $top_srcdir/tests/fuzz/<FUZZ_CORPUS>. A crash or an
 * abort() in the target fails the test; a clean pass prints the count. */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rbe");
	if (!f) {
		perror(path);
		return -1;
	}
	size_t cap = 4096, len = 0;
	unsigned char *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap) {
			unsigned char *nb = realloc(buf, cap * 2);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap *= 2;
		}
	}
	fclose(f);
	if (!buf) {
		fprintf(stderr, "%s: out of memory\n", path);
		return -1;
	}
	/* An exact-size copy, so ASan sees reads past the input's end. */
	unsigned char *exact = malloc(len ? len : 1);
	if (!exact) {
		free(buf);
		return -1;
	}
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays a directory's regular files in name order; returns how many,
 * or -1. */
static long replay_dir(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d) {
		perror(dir);
		return -1;
	}
	char **names = NULL;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char **nn = realloc(names, (n + 1) * sizeof(*nn));
		if (!nn || !(nn[n] = strdup(e->d_name))) {
			free(nn ? nn : names);
			closedir(d);
			return -1;
		}
		names = nn;
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_names);
	long count = 0;
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		struct stat st;
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && replay_file(path) == 0)
			count++;
		free(names[i]);
	}
	free(names);
	return count;
}

int main(int argc, char **argv)
{
	char def[4096];
	const char *fallback[] = { def };
	const char *const *paths = (const char *const *)argv + 1;
	int npaths = argc - 1;

	if (npaths == 0) {
		const char *top = getenv("top_srcdir");
		snprintf(def, sizeof(def), "%s/tests/fuzz/%s", top && *top ? top : ".",
			 FUZZ_CORPUS);
		paths = fallback;
		npaths = 1;
	}
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);

	long total = 0;
	for (int i = 0; i < npaths; i++) {
		struct stat st;
		if (stat(paths[i], &st)) {
			perror(paths[i]);
			return 1;
		}
		long n = S_ISDIR(st.st_mode) ? replay_dir(paths[i])
					    : replay_file(paths[i]) == 0 ? 1 : -1;
		if (n < 0)
			return 1;
		total += n;
	}
	if (total == 0) {
		fprintf(stderr, "no inputs replayed\n");
		return 1;
	}
	printf("%ld inputs replayed, none crashed\n", total);
	return 0;
}
