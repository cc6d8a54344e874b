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
};


/* Checks (or repairs) chunk ID of V. Returns an fsck(8) code >= 0; *ret (if non-NULL) gets
 * a report of what was found and done, with file paths. */
int volume_check_chunk(struct volume *v, unsigned id, const struct chunk_check_opts *o,
		       struct chunk_check_report **ret);
