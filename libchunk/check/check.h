/* Check and repair of one chunk: e2fsck on the chunk, then the cross-chunk pass.
 * Return values follow fsck(8): 0 clean, 1 errors corrected, 4 errors left uncorrected,
 * 8 operational error, 16 usage, 32 cancelled. */
#pragma once
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "libchunk/base/fsck-result.h"
#include "libchunk/check/report.h"

struct volume;

enum chunk_orphan_policy { CHUNK_ORPHANS_QUARANTINE, CHUNK_ORPHANS_DELETE };

/* e2fsck's own progress (from -C fd): pass 1..5, cur of max. */
typedef void (*chunk_check_progress_fn)(void *userdata, unsigned chunk, int pass,
					unsigned long cur, unsigned long max);

struct chunk_check_online;

struct chunk_check_opts {
	bool repair;                  /* false: read-only check (e2fsck -fn) */
	bool preen;                   /* repair with e2fsck -p instead of -y */
	bool rebuild_index;           /* repair: rebuild the index from this chunk alone */
	enum chunk_orphan_policy orphans;
	const char *e2fsck;           /* NULL: $CHUNKFS_E2FSCK or "e2fsck" on PATH */
	chunk_check_progress_fn progress;
	void *userdata;
	const volatile sig_atomic_t *cancel; /* set non-zero to stop; e2fsck is ended cleanly */
	unsigned e2fsck_timeout;      /* seconds, 0 = none; past it e2fsck is stopped, status 12 */
	bool background;              /* e2fsck at nice 19 and idle I/O priority (an online check) */
	/* A repair by a program that holds its lock around the call (the mount's online repair of
	 * a DAMAGED chunk): e2fsck -fy runs with that lock let go (UNLOCK before, LOCK after), K
	 * closed and locked exclusively meanwhile, so the program's work on other chunks goes on
	 * (and its work on K fails, EBUSY, as it would have on a DAMAGED K). The passes run under
	 * the lock again, on the volume as it is then. NULL: all of the repair under the lock. */
	const struct chunk_check_online *e2fsck_unlocked;
};


/* Checks (or repairs) chunk ID of V. Returns an fsck(8) code >= 0; *ret (if non-NULL) gets
 * a report of what was found and done, with file paths. */
int volume_check_chunk(struct volume *v, unsigned id, const struct chunk_check_opts *o,
		       struct chunk_check_report **ret);

/* How a program that uses a volume from several threads (the mount) lets an online check in:
 * LOCK and UNLOCK are its lock around every use of the volume; COMMIT, called under it, writes
 * what it keeps in memory for the chunks (a mount: its open files' range tables). */
struct chunk_check_online {
	void (*lock)(void *userdata);
	void (*unlock)(void *userdata);
	int (*commit)(void *userdata);
	void *userdata;
};

/* Checks chunk ID of V, read-only, while V stays in use. Under the caller's lock, at a point
 * where no operation is half done, K is written out and copied into an unnamed snapshot
 * (libchunk/base/snapshot.h); e2fsck -fn checks the snapshot while the caller goes on, K's
 * writers included; then, under the lock again, passes 1-6 read K and its peers as they are
 * then. The check is recorded in K (DAMAGED when it found errors; never CLEAN, which is the
 * caller's to say). The report says how long the caller's lock was held (hold_seconds). A
 * repair is not done this way: O->repair is refused (FSCK_USAGE). */
int volume_check_chunk_online(struct volume *v, unsigned id, const struct chunk_check_opts *o,
			      const struct chunk_check_online *h, struct chunk_check_report **ret);
