/* chunkctl's client of chunkscrubd (chunkctl/bus-client.c): connecting, reading every chunk's
 * status, calling the manager and following jobs to their end. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <systemd/sd-bus.h>

#include "libchunk/format/record.h"

/* One chunk as status shows it, from the bus or from libchunk. */
struct chunk_row {
	char *volume;
	uint32_t id;
	char *state;
	uint64_t last_check;
	bool last_check_unknown; /* not read (the chunk could not be opened): shown "-", not "never" */
	char *last_result;      /* "" never checked */
	uint64_t refs;
	bool refs_unknown;      /* not read: the chunk could not be opened, or a mount holds it */
	uint32_t job;
	char *job_kind, *job_state;
	double progress;
	bool losses_known;      /* read from the chunk (offline): the files its repairs lost */
	struct record_losses losses;
};

struct status {
	char **volumes;         /* in the daemon's order */
	char **volume_paths;    /* through the daemon: where each volume is (its Path), or NULL */
	size_t n_volumes;
	struct chunk_row *rows;
	size_t n_rows;
	char *mountpoint;       /* read offline (-V): where chunkfs mounts the volume, or NULL */
	long mount_pid;
	bool from_daemon;       /* read from chunkscrubd: PAUSED is known */
	bool paused;            /* the daemon's automatic scrubbing is paused */
};

void chunk_row_done(struct chunk_row *row);
void status_done(struct status *s);

/* Connects and checks that chunkscrubd is there; returns -EHOSTDOWN when it is not. */
int daemon_connect(sd_bus **ret);
/* One GetManagedObjects call for everything, plus the manager's volume order. */
int daemon_status(sd_bus *bus, struct status *st);
/* Calls Scrub (N CHUNKS, or ALL) or Repair (CHUNKS[0]), then (with WAIT) follows the jobs it
 * got; with JSON says so in one document at the end instead of a line a job. Returns an
 * fsck(8) code, or -EHOSTDOWN when chunkscrubd is not running. */
int daemon_start_jobs(const char *method, const char *volume, uint32_t *chunks, size_t n, bool all, bool wait,
		      bool json);
/* Calls the manager's METHOD with no argument (TYPES NULL) or one ("u", ARG); failures are
 * reported as CMD's. Returns EXIT_OK or EXIT_ERR. */
int daemon_simple(const char *cmd, const char *method, const char *types, uint32_t arg);

/* `chunkctl repair ...` without -V: asks chunkscrubd to repair; ARGV as given to the command.
 * Returns an fsck(8) code. */
int bus_repair(int argc, char **argv);
