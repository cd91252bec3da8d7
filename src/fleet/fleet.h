/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet.h - one job on many hosts (--hosts): each host reached by its own
 * child ssh, driven by a small table of operations (a far-side blktop
 * today), its verdict taken before any host starts, its report merged
 * into the fleet's. */
#ifndef BLKTOP_FLEET_H
#define BLKTOP_FLEET_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "collect/cpu.h"
#include "fleet/hosts.h"
#include "fleet/sshproc.h"
#include "util/jsonread.h"

struct runctl;
struct sigstop;
struct fleet_bin;
struct fleet_host;
struct fleet_session;
struct pollfd;

/* How far a driver that runs every host itself (step_all) has got. */
struct fleet_progress {
	bool checking;               /* the hosts are still taking the job */
	bool go;                     /* the run started on the ready hosts */
	uint64_t wake_ns;            /* its next timed step (now_ns()'s clock) */
};
#define FLEET_SESSION_FDS 4

enum host_state {
	HOST_CHECKING,     /* its verdict is being taken */
	HOST_READY,        /* the verdict allows the job */
	HOST_REFUSED,      /* the verdict refuses it (exit 3 there) */
	HOST_UNREACHABLE,  /* ssh failed (exit 255) */
	HOST_BROKEN,       /* blktop there failed before the job (missing, bad usage) */
	HOST_NOT_STARTED,  /* ready, but another host refused */
	HOST_RUNNING,
	HOST_DONE,         /* the job ran and reported */
	HOST_FAILED,       /* the job ran and failed (exit 1 there) */
	HOST_STOPPED,      /* stopped by us (a signal, s), with its report */
	HOST_DROPPED,      /* the connection or the far side ended without a report */
};

/* A host's last interval, from the far side's live stream: rates summed
 * over its jobs, percentiles from its jobs' interval histograms merged. */
struct host_live {
	unsigned intervals;          /* how many came (0: none yet) */
	uint64_t t_ms;               /* the interval's end, since its run's start */
	double iops[2], bw_bytes[2]; /* read, write */
	bool has_pct[2];
	uint64_t p50[2], p99[2], p999[2];
	uint64_t errors;             /* in the interval */
	bool counts_errors;          /* the far side counts them live */
	/* The interval's clat histograms (read, write), the buckets' merge
	 * of the host's jobs, sorted by ns: the screen's totals row merges
	 * them across hosts (NULL when the far side sent none). */
	struct fleet_bin *bins[2];
	size_t nbins[2];
	/* The far side's CPUs over the interval (jsonl "cpu", "cpus"). */
	bool cpu_valid;
	struct cpu_pct cpu_all;
	int ncpus;
	struct cpu_pct *cpus;
	/* Its target disks' queue interrupts per second (jsonl "irqs"). */
	size_t nirqs;
	struct host_irq *irqs;
};

struct host_irq {
	unsigned irq;
	char name[64];
	double rate;                 /* per second, all CPUs */
};

/* Frees what host_live holds (histograms, CPUs, interrupts). */
void host_live_free(struct host_live *l);
/* The fleet's last interval: rates summed over hosts that have one
 * (running, with an interval), percentiles from their histograms merged
 * bucket by bucket; n_in says how many hosts went in. */
void fleet_live_total(const struct fleet_host *hosts, size_t n, struct host_live *total,
		      size_t *n_in);

struct fleet_host {
	struct host_addr addr;
	const struct host_driver *drv;
	struct sshproc proc;
	bool started;
	enum host_state state;
	char version[32];
	char verdict[16];            /* "safe", "has-data"... or "" */
	char message[512];           /* the far side's last line on stderr */
	char *out;                   /* its standard output, whole */
	size_t outlen, outcap;
	/* What its blktop said of the environment steps it took (jsonl
	 * "note" lines, --profile-env), a line each, or NULL. */
	char *notes;
	size_t notes_len;
	/* Its blktop refused --profile-env (one from before it): its steps
	 * run without it, and its notes say so. */
	bool no_profile_env;
	struct jv *report;           /* parsed when it ended */
	struct host_live live;
	bool print_live;             /* a line per interval on standard output */
	/* Its whole run's percentiles, from its report, once it ended. */
	bool final_taken;
	bool final_pct[2];
	double final_ios[2];
	uint64_t final_p50[2], final_p99[2], final_p999[2];
	int exit_status;             /* the far side's (ssh's) status */
};

/* The job as the user gave it here, for every host. */
struct fleet_job {
	const struct cli_args *args;
	int argc;
	char **argv;
	int jobfile_argi;            /* argv index holding --job's file, 0: none */
	char *jobtext;               /* --job's file, read here, sent to each host */
	size_t joblen;
};

/* A far side: how to start it and read what it says. */
struct host_driver {
	const char *name;
	/* The command for the far side's shell, for the verdict (check) or
	 * the run. 0, or -1 with one line in err. */
	int (*command)(const struct fleet_job *job, const struct fleet_host *h, bool check,
		       char *buf, size_t len, char *err, size_t errlen);
	/* A line of the run's standard output as it comes (may be NULL):
	 * HOST_LINE_KEEP leaves it for finish, HOST_LINE_TAKEN says it was
	 * read, HOST_LINE_LIVE that it updated h->live. */
	int (*line)(struct fleet_host *h, char *line);
	/* Its output ended: set state, verdict, version and report. */
	void (*finish)(struct fleet_host *h, bool check);
	/* A driver that runs every host itself (fio's server: no far-side
	 * command line, a binary stream); command, line and finish are then
	 * unused. open_all checks the job and sets the hosts up, reaching
	 * none (0, or an exit status said on stderr: bad usage). step_all
	 * does what can be done now without waiting (the first call starts
	 * the hosts; stop asks every host to stop with its report), puts
	 * what to wait on in p (room for FLEET_SESSION_FDS a host) and says
	 * how far the fleet is; it returns how many hosts are still going,
	 * 0 once every host has ended and has its report. close_all ends
	 * what is left (a host still running is dropped) and frees. */
	int (*open_all)(const struct fleet_job *job, struct fleet_host *hosts, size_t n,
			struct fleet_session **s);
	size_t (*step_all)(struct fleet_session *s, bool stop, struct pollfd *p, size_t *np,
			   struct fleet_progress *pr);
	void (*close_all)(struct fleet_session *s);
	/* Its live rates come apart from its percentiles and error counts
	 * (fio's ETA, and the status every interval): a host whose status
	 * stopped coming shows '-' there (host_live.counts_errors, has_pct). */
	bool rates_only;
	/* Its far side sends no CPU or interrupt figures (fio's server). */
	bool no_cpu_irq;
};

enum { HOST_LINE_KEEP, HOST_LINE_TAKEN, HOST_LINE_LIVE };

extern const struct host_driver host_driver_blktop;
extern const struct host_driver host_driver_fio;

/* --hosts in batch: verdicts, then the run, then per-host reports and the
 * fleet's summary. Returns blktop's exit status. */
int fleet_main(const struct cli_args *args, int argc, char **argv);

/* The state's keyword ("done", "refused"...), never translated. */
const char *host_state_name(enum host_state s);

#endif
