/* Opening and closing a chunk (chunk-open.c): its identity verified, its lock taken, DIRTY
 * marked durably before the first write and CLEAN again on close. Internal to libchunk. */
#pragma once
#include <uuid/uuid.h>

#include "libchunk/chunk/chunk.h"

enum {
	CHUNK_OPEN_RDWR      = 1 << 0,
	CHUNK_OPEN_NO_VERIFY = 1 << 1, /* don't insist on a valid chunk record */
	CHUNK_OPEN_NO_LOCK   = 1 << 2,
};

/* flock(FD, OP | LOCK_NB), OP being LOCK_SH or LOCK_EX; -EBUSY when another process holds a
 * conflicting lock. On a block device an exclusive lock waits up to 3 s for systemd-udevd,
 * which holds a shared lock while it probes the device. */
int chunk_flock(int fd, int op);
/* How long chunk_flock_wait waits for a lock another process holds (chunkctl --wait): 0, the
 * default, refuses at once. Process-wide, set before any chunk is opened. */
void chunk_set_lock_wait(unsigned seconds);
/* chunk_flock, then, with a wait set and the lock held elsewhere, a notice naming PATH (chunk
 * ID) and the holder, and tries every 100 ms until the wait is over: -EBUSY then. */
int chunk_flock_wait(int fd, int op, const char *path, unsigned id);
/* "in use by another process (...)" for a lock FD could not take: the holder named when it is
 * a chunkfs program (chunkscrubd, chunkctl, chunkfs), a job of chunkscrubd by its job note
 * ("for its job 12, the scrub of chunk 3 of volume v"), with what to do about it. */
#define CHUNK_BUSY_TEXT_MAX 512
const char *chunk_busy_text(int fd, char *buf, size_t size);
/* A check shares its chunk's lock with readers, but not with a job of chunkscrubd on that
 * chunk (one on a neighbour only reads it): 0 when none holds FD's chunk ID, else, with a wait
 * set, the same notice as chunk_flock_wait and a try every 100 ms until the wait is over;
 * -EBUSY then, with the chunk_busy_text naming the job in BUSY (CHUNK_BUSY_TEXT_MAX). */
int chunk_job_wait(int fd, const char *path, unsigned id, char *busy, size_t size);

/* Opens PATH as chunk ID. With VOLUME_UUID/NCHUNKS given (non-NULL / non-zero) the chunk
 * record must agree; otherwise the record is read and accepted as it is. */
int chunk_open(const char *path, unsigned id, const uuid_t volume_uuid, unsigned nchunks,
	       int flags, struct chunk **ret);
/* Flushes (if writable) and closes; a chunk this process marked DIRTY is marked CLEAN
 * unless it was found DAMAGED meanwhile. */
int chunk_close(struct chunk *c);
/* Reopens a chunk opened read-only for writing, in place (the same struct chunk, so every
 * pointer to it stays good): the lock becomes exclusive (-EBUSY if another process holds
 * the chunk), the file system is opened read-write and its bitmaps read. Nothing is
 * written. No-op on a writable chunk. */
int chunk_make_writable(struct chunk *c);
/* Writes to the writable chunk in ordered mode from now on (libchunk/chunk/chunk-io.c): a
 * file's data at once, everything else held until the next flush, which makes the data
 * durable before it writes the rest. For a process whose chunks stay open (the mount): one
 * flush then serves many writes. No-op if already so. */
int chunk_set_ordered(struct chunk *c);
/* Marks the chunk DIRTY durably before its first write; refuses (-EROFS) a DAMAGED chunk. */
int chunk_begin_write(struct chunk *c);

/* Makes everything written durable and marks the chunk CLEAN again, staying open: the next
 * write marks it DIRTY first, as the first one did. No-op on a chunk not marked DIRTY by this
 * process (a crash's DIRTY stays until a check) or found DAMAGED. */
int chunk_settle(struct chunk *c);
/* Marks the chunk CLEAN (synced first, as every state but DIRTY); the end of a write session
 * this process counted (c->session) counts one more in the same write. */
int chunk_state_set_clean(struct chunk *c);
/* Writes the chunk's changed index entries, then flushes it. */
int chunk_index_flush_and_sync(struct chunk *c);
/* The same without making it durable (unless ordered: then it is, the data first):
 * everything the chunk holds in memory is written to the image (its page cache), so a copy of
 * the image taken now is consistent. */
int chunk_write_out(struct chunk *c);
