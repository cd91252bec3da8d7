/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gate.c - the write gate. Takes the verdict afresh from the kernel's
 * current state each time it is asked, so a disk mounted, swapped on or
 * formatted after it was listed is still refused. The engine asks it just
 * before it opens a target for writing (with O_EXCL, which closes the
 * remaining window: a mount after that open fails with EBUSY). */
#include "config.h"
#include "collect/gate.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>

#include "collect/devices.h"
#include "collect/probe.h"
#include "collect/verdict.h"
#include "i18n.h"
#include "sysroot.h"

/* With BLKTOP_SYSROOT set the facts come from a test tree while the target
 * opened is this machine's own: a made-up "safe" would let a real disk be
 * written. So no write is allowed at all then, --force or not; tests that
 * write use real loop devices without the prefix. */
static bool fake_root_refuses(const char *path, char *msg, size_t len)
{
	if (!sysroot_get()[0])
		return false;
	snprintf(msg, len,
		 _("refusing to write %s: BLKTOP_SYSROOT is set (%s), so its safety facts would come from a test tree"),
		 path, sysroot_get());
	return true;
}

static enum gate_answer decide_write(const char *path, const struct verdict_result *v,
				     bool force, char *msg, size_t len)
{
	char reasons[1024];

	verdict_reasons_join(v, reasons, sizeof(reasons));
	if (verdict_allows_write(v->verdict, force)) {
		/* Not a refusal, but the caller may want to say what --force
		 * allowed. */
		if (v->verdict == VERDICT_HAS_DATA)
			snprintf(msg, len, _("--force: writing %s although %s"), path, reasons);
		else if (len)
			msg[0] = '\0';
		return GATE_ALLOW;
	}
	if (v->verdict == VERDICT_HAS_DATA)
		snprintf(msg, len, _("refusing to write %s: %s (--force writes anyway)"), path,
			 reasons);
	else
		snprintf(msg, len, _("refusing to write %s: %s"), path, reasons);
	return GATE_REFUSE;
}

enum gate_answer gate_block_check(const char *devpath, bool write, bool force, char *msg,
				  size_t len, struct verdict_result *verdict, bool *taken)
{
	struct dev_list list;
	struct blk_dev *disk;
	struct stat st;
	long part;

	if (taken)
		*taken = false;
	if (len)
		msg[0] = '\0';
	if (write && fake_root_refuses(devpath, msg, len))
		return GATE_REFUSE;
	if (stat(devpath, &st) != 0) {
		snprintf(msg, len, _("refusing to write %s: cannot check it: %s"), devpath,
			 strerror(errno));
		return write ? GATE_REFUSE : GATE_ALLOW;
	}
	if (S_ISREG(st.st_mode))
		return write ? gate_file_write(devpath, force, msg, len) : GATE_ALLOW;
	if (!S_ISBLK(st.st_mode)) {
		snprintf(msg, len, _("refusing to write %s: not a block device or a regular file"),
			 devpath);
		return write ? GATE_REFUSE : GATE_ALLOW;
	}
	if (dev_list_scan(&list) != 0) {
		snprintf(msg, len, _("refusing to write %s: cannot read /sys/block: %s"), devpath,
			 strerror(errno));
		return write ? GATE_REFUSE : GATE_ALLOW;
	}
	disk = dev_list_find(&list, major(st.st_rdev), minor(st.st_rdev), &part);
	if (!disk) {
		/* Unknown to sysfs (or of size zero): nothing to prove it safe. */
		snprintf(msg, len, _("refusing to write %s: device %u:%u is not listed in /sys/block"),
			 devpath, major(st.st_rdev), minor(st.st_rdev));
		dev_list_free(&list);
		return write ? GATE_REFUSE : GATE_ALLOW;
	}
	probe_disk(disk, PROBE_TIMEOUT_MS);
	const struct verdict_result *v = part >= 0 ? &disk->parts[part].verdict : &disk->verdict;
	if (verdict)
		*verdict = *v;
	if (taken)
		*taken = true;
	enum gate_answer a = GATE_ALLOW;
	if (write)
		a = decide_write(devpath, v, force, msg, len);
	else if (len)
		msg[0] = '\0';
	dev_list_free(&list);
	return a;
}

enum gate_answer gate_block_write(const char *devpath, bool force, char *msg, size_t len)
{
	return gate_block_check(devpath, true, force, msg, len, NULL, NULL);
}

enum gate_answer gate_file_write(const char *path, bool force, char *msg, size_t len)
{
	struct verdict_result v;
	struct disk_facts df;
	struct stat st;

	if (fake_root_refuses(path, msg, len))
		return GATE_REFUSE;
	if (stat(path, &st) == 0 && S_ISBLK(st.st_mode))
		return gate_block_write(path, force, msg, len);
	memset(&df, 0, sizeof(df));
	probe_file(path, &df.disk);
	dev_verdict(&df, &v);
	return decide_write(path, &v, force, msg, len);
}

void gate_mark_file_ours(int fd)
{
	/* Best effort: on a filesystem without user xattrs the file simply
	 * stays has-data for later runs, which errs on the safe side. */
	(void)fsetxattr(fd, PROBE_FILE_XATTR, "1", 1, 0);
}
