/* The volumes and chunks as the daemon sees them: where each chunk is (image path, glob or
 * file system UUID resolved through libudev), its last known state, its job and idleness.
 * The on-disk format stays in libchunk; this reads states through volume_chunk_status(). */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chunkscrubd/config.h"
#include "chunkscrubd/idle.h"
#include "libchunk/chunk/state.h"

struct job;
struct json_object;
struct scrub_chunk;
struct udev;
struct volume;

/* Told when a refresh changes what a chunk shows: its state, or whether it is in use. */
typedef void (*scrub_chunk_changed_fn)(struct scrub_chunk *c, void *userdata);

struct scrub_chunk {
	struct scrub_volume *volume;
	unsigned id;
	char *path;                  /* image or device; NULL while a UUID= chunk is absent */
	struct chunk_status status;  /* state CHUNK_MISSING while absent */
	bool recheck;                /* its last check was interrupted: redo it (persisted) */
	bool in_use;                 /* held by another process (mounted, or a chunkctl's lock) at
	                              * the last look: no job is started on it */
	bool mounted;                /* ... and that process is the kernel's (decided at that look) */
	int64_t retry_after;         /* a job on it failed: no automatic job before this time */
	unsigned peer_retries;       /* DAMAGED: scrubs queued since, after repairs of peers */
	struct job *job;             /* queued or running, at most one */
	bool checking;               /* its job's child is running: the job, not a refresh, reads
	                              * its state (set and cleared by the job) */
	struct idle_tracker idle;
	struct json_object *last_report; /* report of the last job on it, NULL none */
	char *object_path;
};

struct scrub_volume {
	struct udev *udev;           /* to watch the chunks' devices; not ours */
	scrub_chunk_changed_fn on_chunk_changed;
	void *userdata;
	char *name;
	char *path;                  /* as configured, may be NULL */
	char **specs;                /* chunk = lines, may be empty */
	size_t n_specs;
	struct scrub_chunk **chunks;
	unsigned n_chunks;
	char *object_path;
	bool retired;                /* dropped by a reload; lives on until its running jobs end */
	bool discovered;             /* found mounted, named by no section (discover.c) */
	char *mount_point;           /* where it was found mounted; NULL for a configured volume */
};

/* Builds the volume from its config section: finds its chunks (volume file, globs, UUIDs). */
int scrub_volume_new(const struct config_volume *cv, struct udev *udev,
		     scrub_chunk_changed_fn on_chunk_changed, void *userdata, struct scrub_volume **ret);
void scrub_volume_free(struct scrub_volume *v);
/* The same chunks in the same places? (a reload keeps such a volume as it is) */
bool scrub_volume_same_config(const struct scrub_volume *v, const struct config_volume *cv);
/* Whether chunkfs has the volume mounted: 1 with its UUID in UUID (to reach the mount's
 * control channel), else 0. A volume named by its volume file is found by that file, one
 * named by its chunks by its UUID. */
int scrub_volume_mounted(const struct scrub_volume *v, unsigned char uuid[16]);
/* For a mounted volume: each chunk's last use, as the mount reports it, goes to its idle
 * tracker (idle_tracker_note_mount_use). Does nothing for a volume not mounted; waits at most
 * 2 s for the mount. */
void scrub_volume_poll_mount(struct scrub_volume *v, int64_t now);
/* Whether V is the volume whose volume file is FILE (absolute). */
bool scrub_volume_has_file(const struct scrub_volume *v, const char *file);
/* Whether V is the volume with the volume file FILE (absolute) or the UUID: how a mount
 * (whose source is its volume file) is matched with a configured volume. */
bool scrub_volume_is(const struct scrub_volume *v, const char *file, const unsigned char uuid[16]);
/* Opens the libchunk volume; flags are volume_open()'s. */
int scrub_volume_open(const struct scrub_volume *v, int flags, struct volume **ret);
/* Rereads the state of chunks (all if c is NULL) without a job; returns how many changed. */
int scrub_volume_refresh(struct scrub_volume *v, struct scrub_chunk *only);
/* Where a chunk named by UUID= or a glob is now: rescans and returns true if paths changed. */
bool scrub_volume_resolve(struct scrub_volume *v, struct udev *udev);

const char *scrub_chunk_state_string(const struct scrub_chunk *c); /* adds "checking" */
