/* Volume: N chunks that together hold one file system; a bounded cache of open chunks. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <uuid/uuid.h>

struct record_losses;

#define VOLUME_MAX_CHUNKS 4096

struct volume;
struct chunk;
struct chunk_status;

enum {
	VOLUME_RDWR       = 1 << 0, /* open chunks read-write (marks them DIRTY on first write) */
	VOLUME_NO_LOCK    = 1 << 2, /* do not take the per-chunk lock (the caller holds it) */
	/* The volume file's lock (volume_open): a mount holds it exclusively while it runs;
	 * every other user of the chunks' contents shares it, and is refused, naming the
	 * mount point, while a mount holds it. */
	VOLUME_MOUNT      = 1 << 3, /* take it exclusively: the mount */
	VOLUME_STATE_ONLY = 1 << 4, /* take none: the user reads only chunk states (status, df) */
	/* Chunks written in ordered mode (chunk_set_ordered): a file's data at once, the rest at
	 * the chunk's next flush, after the data's sync. For a user that flushes on its own
	 * schedule (the mount); a kill loses what was written since a chunk's last flush. */
	VOLUME_ORDERED    = 1 << 5,
};

/* 64-bit inode numbers: chunk id in the high half, the chunk's own ext2 inode below. */
typedef uint64_t vino_t;
#define VINO(chunk, ino) (((uint64_t)(chunk) << 32) | (uint32_t)(ino))
#define VINO_CHUNK(v) ((unsigned)((v) >> 32))
#define VINO_INO(v) ((uint32_t)(v))
#define VOLUME_ROOT VINO(0, 2)

/* PATH is a volume directory (holding volume.conf) or a volume file. Opening reads no chunk:
 * chunks are opened (and their records verified) on first use. */
int volume_open(const char *path, int flags, struct volume **ret);
/* Open from an explicit list of chunk image/device paths, in chunk-id order. */
int volume_open_paths(char *const *paths, size_t n, int flags, struct volume **ret);
/* Flushes and closes every open chunk, marking cleanly written chunks CLEAN again. */
int volume_close(struct volume *v);
static inline void volume_closep(struct volume **v) { if (*v) volume_close(*v); }

unsigned volume_chunk_count(const struct volume *v);
const char *volume_chunk_path(const struct volume *v, unsigned id);
const char *volume_path(const struct volume *v);        /* the volume file */
void volume_uuid(struct volume *v, uuid_t out);           /* known once any chunk was opened */
uint64_t volume_threshold(struct volume *v);
/* The threshold without opening a chunk to learn it: false while no chunk was opened. */
bool volume_threshold_known(const struct volume *v, uint64_t *ret);
int volume_flags(const struct volume *v);
/* How many chunks are open right now, and how many were ever opened (for benchmarks). */
unsigned volume_chunks_open(const struct volume *v);
unsigned volume_chunks_opened_total(const struct volume *v);
/* What a volume in use did with chunk ID since it was opened, for a mount's status: how often it
 * was used (volume_chunk) and written (volume_chunk_writable), and when last (wall-clock ms
 * since the epoch, 0 = never). */
struct volume_chunk_activity {
	uint64_t uses, writes;
	uint64_t used_ms, written_ms;
};
void volume_chunk_activity(const struct volume *v, unsigned id, struct volume_chunk_activity *ret);
/* FN is called with the chunk's id whenever a chunk of V is marked DAMAGED in use (a bad
 * record met by an operation): a mount calls for its repair at once. FN runs inside the
 * operation, so it must not block or call into V. */
void volume_set_damage_hook(struct volume *v, void (*fn)(unsigned id, void *userdata), void *userdata);
/* How long an open of a chunk that another process holds (chunkscrubd's check, a chunkctl
 * writer) waits for it, saying so: 0 (the default) refuses at once with -EBUSY, UINT_MAX waits
 * without limit. Process-wide (every volume), set before any chunk is opened. */
void volume_set_lock_wait(unsigned seconds);
/* Bound on simultaneously open chunks (default 64). */
void volume_set_cache_size(struct volume *v, unsigned n);

/* Where chunkfs has V mounted: 1 and a malloc'd *RET, 0 when it is not (or V has no volume
 * file), -errno when the mount table cannot be read. */
int volume_mount_point(const struct volume *v, char **ret);
/* Opens chunk ID through the cache. Errors: -ENXIO missing chunk, -EUCLEAN bad record,
 * -EXDEV chunk belongs to another volume or sits at the wrong place, -EBUSY mounted or locked,
 * -EROFS write wanted on a DAMAGED chunk. The message names the path. */
int volume_chunk(struct volume *v, unsigned id, struct chunk **ret);
/* Whether C (open through V) can take a write: not DAMAGED, and writable or, with write on
 * demand, about to be made so on its first write. */
bool volume_chunk_may_write(const struct volume *v, const struct chunk *c);
/* Same but for writing: the chunk is marked DIRTY durably before this returns. */
int volume_chunk_writable(struct volume *v, unsigned id, struct chunk **ret);
/* Chunk ID for a caller that holds V shared (the mount's reads and writes in place; see
 * vfile_pread_shared): only a chunk the cache holds open and, for WRITE, one open for writing,
 * marked DIRTY and not DAMAGED; else -EAGAIN, and the caller does its work with V to itself.
 * Opens, evicts and writes nothing; counts the use (and write) for volume_chunk_activity and
 * the flusher's idle rule. Its work on the chunk goes under c->io_lock. */
int volume_chunk_shared(struct volume *v, unsigned id, bool write, struct chunk **ret);
/* A shared section: read-only work on V (lookups, stats, listings, xattrs, links) by a caller
 * that holds V shared, so that several run at once. Inside it, volume_chunk gives only chunks
 * the cache holds open, taking each one's io_lock until the section ends; anything else (a
 * chunk to open, one another section holds while this one holds some, a write, an error or
 * warning, damage) ends the work's chances: volume_shared_end then returns false, and the
 * caller discards what the work gave and does it again with V to itself, where it says its
 * errors. Its results are only trusted when volume_shared_end returns true. */
void volume_shared_begin(struct volume *v);
bool volume_shared_end(struct volume *v);
/* Chunk ID if the cache holds it open now, else NULL: opens nothing, and leaves the LRU
 * order alone (a look at every chunk does not make each the most recently used). */
struct chunk *volume_chunk_if_open(const struct volume *v, unsigned id);
/* Chunk ID's inodes and bytes, all and free, from its superblock counters: the open chunk's,
 * else the ones this volume saw last (when it closed the chunk, or read its superblock raw the
 * first time it was asked). For placement, which wants them cheap rather than exact: another
 * process's writes to a chunk this one does not hold open are not seen. */
struct volume_chunk_usage {
	uint64_t inodes, inodes_free, bytes, bytes_free;
};
int volume_chunk_usage(struct volume *v, unsigned id, struct volume_chunk_usage *ret);
/* The error an earlier open of chunk ID gave, which the cache keeps until the chunk is
 * released; 0 when there was none. */
int volume_chunk_open_error(const struct volume *v, unsigned id);
/* With ON, a read-write volume opens each chunk read-only (shared lock, no bitmaps) and
 * reopens it for writing in place on the first volume_chunk_writable() (chunk_make_writable),
 * so a chunk only read is never flushed, stays byte for byte as it was, and costs no
 * bitmap read. Chunks already open keep their mode. Returns the previous setting. The check
 * and repair of a chunk (volume_check_chunk) turn it on for their duration. */
bool volume_set_write_on_demand(struct volume *v, bool on);
/* The directory (local inode, in INO's chunk) in which INO was just created, remembered for
 * the last few creations, so that a head record made while the file is written can carry it
 * (the parent hint, docs/FORMAT.md); 0 when not known. */
void volume_parent_note(struct volume *v, vino_t ino, uint32_t ldir);
uint32_t volume_parent_hint(const struct volume *v, vino_t ino);
/* FD holds the flock of chunk ID (LOCK_EX if EXCLUSIVE, else LOCK_SH), taken by the caller,
 * e.g. across an e2fsck run on the chunk; the next open of ID keeps that lock instead of
 * taking its own, so no other process can slip in between. The volume owns FD from now on. */
void volume_chunk_adopt_lock(struct volume *v, unsigned id, int fd, bool exclusive);
/* Reads the state of chunk ID without verifying anything else; CHUNK_MISSING if absent,
 * CHUNK_DAMAGED if the chunk cannot be opened as a chunk of this volume (volume-status.c).
 * -EBUSY when another process holds it, except on a volume opened VOLUME_STATE_ONLY, where
 * the chunk's superblock answers (from_superblock); -EACCES when the caller may not read it
 * (whose state is then not known, not DAMAGED). Never writes. */
int volume_chunk_status(struct volume *v, unsigned id, struct chunk_status *ret);
/* The files repairs of chunk ID named as lost or moved since they were last acknowledged
 * (libchunk/chunk/losses.h), into RET (free with record_losses_done); errors as
 * volume_chunk_status's, and -EBUSY for a chunk a writer (a mount) holds. Never writes. */
int volume_chunk_losses(struct volume *v, unsigned id, struct record_losses *ret);
/* Acknowledges them: the list of chunk ID emptied, durably. -EROFS on a DAMAGED chunk, whose
 * metadata is not to be written before its repair. */
int volume_chunk_losses_ack(struct volume *v, unsigned id);
/* What chunk ID's superblock alone says, opening nothing else (cheap enough for every chunk
 * at a mount): 0 when the chunk looks CLEAN, else 1 and WHY ("missing", "DAMAGED", "DIRTY
 * (left so by a crash)", "not a chunk: ..."). A look, not a verification: an open still
 * verifies the chunk's records. */
int volume_chunk_peek(struct volume *v, unsigned id, char *why, size_t size);
/* Why chunk CHUNK is unavailable, in words ("is missing", "is in use (...)", "is refused: ..."),
 * given the error ERR its open gave (volume_chunk); BUF holds the text when it is made. */
const char *volume_unavailable_reason(unsigned chunk, int err, char *buf, size_t size);
/* While chunk ID is checked (volume_check_chunk), it alone is opened without insisting on a
 * valid chunk record, since its check's first pass is what reads those records; every other
 * chunk is verified as always, so a chunk of another volume, a copy or a chunk in the wrong
 * place is refused as a peer (-EXDEV), never read or written as one. -1: no chunk is checked.
 * Either chunk's cached open (or failure to open) is dropped, so none outlives the change. */
void volume_set_checked_chunk(struct volume *v, int id);
/* Whether marking a CLEAN chunk DIRTY counts a write session and tells its successor
 * (docs/FORMAT.md, rollback witness): off while a check's passes run. Returns the previous. */
bool volume_count_sessions(struct volume *v, bool count);
/* Drop chunk ID from the cache (flushing it), e.g. before running e2fsck on it. */
int volume_chunk_release(struct volume *v, unsigned id);
/* Flushes each chunk not written for IDLE_MS and marks it CLEAN (chunk_settle), so after a
 * crash only the chunks written in the last IDLE_MS need a check. Returns how many. The
 * caller commits what it keeps in memory for those chunks first (a mount: its open files).
 * A chunk still being written stays DIRTY, and what it holds is made durable (chunk_barrier:
 * an ordered chunk's held blocks are then never older than one call's interval). */
int volume_settle_idle(struct volume *v, uint64_t idle_ms);
/* On a read-write volume with write on demand, damage found in a chunk opened read-only is
 * known only in memory; this makes each such chunk writable and marks it DAMAGED on disk,
 * so that the next boot's check sees it. A mount calls it at each flush and at unmount. */
int volume_record_damage(struct volume *v);
/* Flush every open chunk. */
int volume_sync(struct volume *v);
