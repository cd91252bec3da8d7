/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probing.c - keeps the device list and its verdicts current: a scan at
 * start (before any job, so the verdicts are there when the job runs),
 * on r, and when a device comes or goes (the list's fingerprint is
 * compared every tick: sysfs polling, no udev needed). During a job its
 * target's disk is never opened: it keeps the verdict it had when the
 * job started, the others are probed around it. */
#include "config.h"

#include <string.h>

#include "i18n.h"
#include "screen/ui.h"

static void keep_disk(struct dev_rows *keep, const struct dev_rows *devs, const char *disk)
{
	if (!disk || !*disk)
		return;
	for (size_t i = 0; i < keep->n; i++)
		if (!strcmp(keep->v[i].disk, disk))
			return;
	devsource_copy_disk(keep, devs, disk);
}

/* The disks the running job (or procedure) may be writing. */
static void job_disks(struct ui *u, struct dev_rows *keep)
{
	const struct dev_rows *devs = &u->model.devs;
	keep_disk(keep, devs, u->model.job_disk);
	for (size_t i = 0; u->runner.active && i < u->runner.set.njobs; i++) {
		char names[sizeof(u->runner.set.jobs[i].filename)];
		snprintf(names, sizeof(names), "%s", u->runner.set.jobs[i].filename);
		for (char *save = NULL, *tok = strtok_r(names, ":", &save); tok;
		     tok = strtok_r(NULL, ":", &save)) {
			const struct dev_row *d = devsource_find(devs, tok);
			if (d)
				keep_disk(keep, devs, d->disk);
		}
	}
}

void probing_rescan(struct ui *u)
{
	struct dev_rows keep = { NULL, 0 };
	if (model_job_active(&u->model))
		job_disks(u, &keep);
	if (!scanner_start(&u->scanner, &keep)) {
		/* One is going: another follows it, so a change made since
		 * its start (a mkfs, a device attached) is seen too. */
		devsource_free(&keep);
		u->rescan_queued = true;
	}
}

bool probing_idle(const struct ui *u)
{
	return !u->scanner.active && !u->rescan_queued && u->model.devs_scanned;
}

void probing_after_wake(struct ui *u)
{
	if (!u->scanner.active || u->model.scanning)
		return;
	scanner_join(&u->scanner);
	if (u->rescan_queued) {
		u->rescan_queued = false;
		probing_rescan(u);
	}
}

void probing_tick(struct ui *u)
{
	unsigned long long sig;
	if (devsource_signature(&sig))
		return;
	if (u->dev_sig_valid && sig != u->dev_sig)
		probing_rescan(u);
	u->dev_sig = sig;
	u->dev_sig_valid = true;
}

void probing_key(struct ui *u)
{
	probing_rescan(u);
	if (model_job_active(&u->model) && u->model.job_disk[0])
		model_set_status(&u->model, false,
				 _("Probing the devices; %s keeps the verdict it had when the job started."),
				 u->model.job_disk);
	else
		model_set_status(&u->model, false, "%s", _("Probing the devices..."));
}
