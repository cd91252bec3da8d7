/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kernel310.c - runs a program as if on Linux 3.10 (CentOS 7's kernel) as
 * far as system calls go: every x86_64 system call added after 3.10
 * (number above finit_module's, 313) fails with ENOSYS, as it would
 * there. static.sh runs the static blktop under it. */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

#define LAST_310_SYSCALL 313

int main(int argc, char **argv)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, LAST_310_SYSCALL, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };
	if (argc < 2) {
		fprintf(stderr, "usage: kernel310 PROGRAM [ARG]...\n");
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("kernel310: seccomp");
		return 125;
	}
	execv(argv[1], argv + 1);
	perror("kernel310: exec");
	return 127;
}
