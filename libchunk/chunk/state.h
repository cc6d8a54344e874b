/* Per-chunk state: CLEAN/DIRTY/DAMAGED, last check and repair, error counts.
 * Kept in the ext superblock where the field means the same (s_state, s_lastcheck,
 * s_error_count, s_{first,last}_error_*) and in the chunk's /.chunkfs/state record. */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

struct chunk;

enum chunk_state {
	CHUNK_CLEAN,
	CHUNK_DIRTY,
	CHUNK_DAMAGED,
	CHUNK_MISSING,  /* the image or device is not there (never stored) */
};

struct chunk_status {
	enum chunk_state state;
	int64_t last_check;        /* Unix seconds, 0 if never */
	int last_result;           /* fsck(8) code of the last check, -1 if never */
	int64_t last_repair;
	int last_repair_result;
	uint32_t errors_found;     /* by checks and repairs, cumulative */
	uint32_t errors_fixed;
	uint64_t refs;             /* cross-chunk references touching this chunk (from its index) */
	uint64_t bytes_total, bytes_free;
	uint32_t inodes_total, inodes_free;
	/* Read from the superblock alone, the chunk being held by a writer (a mount): state and
	 * counts as last flushed; refs, last_result and the repair fields are not known. */
	bool from_superblock;
};

const char *chunk_state_to_string(enum chunk_state s);
/* Whether S->refs was read from the chunk's index: not for a chunk that was not opened
 * (missing, damaged past opening) nor for one read from its superblock alone. */
bool chunk_status_refs_known(const struct chunk_status *s);

/* The state record of an open chunk, internal to libchunk: */

/* Reads /.chunkfs/state into c->state (a chunk without one reads as CLEAN, never checked). */
int chunk_state_read(struct chunk *c);
/* Sets the state, in the record and in the superblock, durably. */
int chunk_state_set(struct chunk *c, enum chunk_state s);
/* Writes c->state and the superblock durably, without allocating anything. */
int chunk_state_write(struct chunk *c);
/* Writes WITNESS into W's state record (docs/FORMAT.md, rollback witness): the record's block
 * alone, in place and synced, under W's exclusive lock taken at once (-EBUSY if it cannot be);
 * W's superblock and state are not touched. -EROFS for a DAMAGED W. */
int chunk_state_write_witness(struct chunk *w, uint32_t witness);
/* Record a check or repair result (fsck(8) code) and the errors it found / fixed. A repair
 * ends with a re-check, so it sets the last check (time and result) as well. */
int chunk_state_record_check(struct chunk *c, int result, uint32_t found);
/* The same for the check of a chunk in use (a mount's online check): DAMAGED is recorded, CLEAN
 * never, since only the chunk's user knows when it has written all it holds. */
int chunk_state_record_online_check(struct chunk *c, int result, uint32_t found);
int chunk_state_record_repair(struct chunk *c, int result, uint32_t found, uint32_t fixed);
/* Mark DAMAGED (durably), with the reason logged and stored as the ext "last error". */
int chunk_state_mark_damaged(struct chunk *c, const char *why);
/* Marks the chunk DAMAGED (when it can), logs, and returns -EUCLEAN. */
int chunk_corrupt(struct chunk *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
