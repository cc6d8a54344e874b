/* Chunk: one ext2/ext4 file system of a volume, opened through libext2fs (chunk-open.h), with
 * its identity verified and its chunkfs metadata (/.chunkfs) located, and the operations on its
 * inodes that the rest of libchunk builds on. Internal to libchunk. */
#pragma once
#include <assert.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include <ext2fs/ext2fs.h>

#include "libchunk/format/record.h"

struct volume;
struct chunk_index;

#define CHUNK_META_DIR ".chunkfs"

struct chunk {
	struct volume *vol;
	unsigned id;
	char *path;
	ext2_filsys fs;
	int lock_fd;
	bool writable;           /* opened read-write (bitmaps loaded) */
	bool marked_dirty;       /* DIRTY written durably by this process */
	bool session;            /* ... and counted as a write session, whose CLEAN counts too */
	bool damaged;            /* DAMAGED: read-only until repaired */
	bool damage_unwritten;   /* ... marked so while read-only: in memory, not on disk */
	/* Told when the chunk is marked DAMAGED in use (chunk_state_mark_damaged): its user (a
	 * mount) calls for a repair at once. Must not block: it runs inside the operation. */
	void (*on_damage)(unsigned id, void *userdata);
	void *on_damage_userdata;
	bool lock_exclusive;     /* holds LOCK_EX (or was opened with CHUNK_OPEN_NO_LOCK) */
	bool no_lock;            /* opened with CHUNK_OPEN_NO_LOCK: the caller holds the lock */
	unsigned pins;           /* users that must not see it evicted (chunk_pin) */
	uint64_t last_use;       /* LRU clock */
	/* Taken around the work on fs of a caller that holds the volume shared (the mount's
	 * reads and writes in place, vfile_pread_shared/vfile_pwrite_shared): two of them on
	 * different chunks run in parallel, two on one chunk one after the other. A caller that
	 * holds the volume to itself does not take it. */
	pthread_mutex_t io_lock;

	struct record_chunk rec;
	struct record_state state;
	ext2_ino_t meta_ino, chunk_ino, state_ino, peers_ino, index_ino, cont_ino;

	struct chunk_index *index; /* loaded peer entries (index.c) */
};

/* A user that keeps a pointer to C across calls that may open other chunks pins it, so that
 * the volume's cache does not evict it meanwhile; every pin is undone once. */
static inline void chunk_pin(struct chunk *c)
{
	c->pins++;
}

static inline void chunk_unpin(struct chunk *c)
{
	assert(c->pins > 0);
	c->pins--;
}

/* The inodes that can carry a chunkfs record: the root (the volume's root directory continues
 * into other chunks like any directory) and every inode past the reserved ones. Every scan for
 * records asks this one question, so they all see the same references. */
static inline bool chunk_inode_may_have_records(const struct chunk *c, ext2_ino_t ino)
{
	return ino == EXT2_ROOT_INO || ino >= EXT2_FIRST_INODE(c->fs->super);
}

/* Makes everything written so far durable (libext2fs flush + fsync). A chunk nothing was
 * written to (not marked DIRTY, no libext2fs metadata dirty) is left alone, byte for byte:
 * a flush would stamp its superblock (s_wtime, checksum) for nothing. */
int chunk_sync(struct chunk *c);
/* The blocks written so far reach the image before any written after: one fdatasync, if
 * anything was written since the last (bitmaps and superblock stay in memory: e2fsck rebuilds
 * those); in ordered mode the held blocks written out between two. For an order a power cut
 * must keep, e.g. an inode deleted before its name goes. */
int chunk_barrier(struct chunk *c);
/* LEN bytes of BUF written at OFF into inode INO, in an order after which a kill leaves the
 * file as it was or longer by a prefix of BUF (chunk-write.c). Raises i_size, never lowers it. */
int chunk_file_pwrite(struct chunk *c, ext2_ino_t ino, const void *buf, size_t len, uint64_t off);
/* The same for a file's data, which stops short of the blocks kept for metadata
 * (chunk_reserved_blocks): -ENOSPC there, and the file goes on in another chunk. */
int chunk_file_pwrite_data(struct chunk *c, ext2_ino_t ino, const void *buf, size_t len, uint64_t off);
/* Cuts inode INO to SIZE if it is longer, its blocks past SIZE freed, in an order after which
 * a kill leaves it as it was, at SIZE, or (SIZE above 0) a prefix of what it was (chunk-shrink.c). */
int chunk_file_shrink(struct chunk *c, ext2_ino_t ino, uint64_t size);
/* Space of an inode apart from its data (chunk-space.c). Whether INO maps its blocks with
 * extents (ext4 chunks), so that it can hold unwritten blocks, past its size too. */
bool chunk_file_extents(struct chunk *c, ext2_ino_t ino);
/* Blocks reserved under [OFF, OFF + LEN) of INO where none is mapped: unwritten extents,
 * size unchanged; on a block-mapped inode zeroed written blocks, i_size raised over them. */
int chunk_file_allocate(struct chunk *c, ext2_ino_t ino, uint64_t off, uint64_t len);
/* [FROM, TO) of INO reads as zeros: whole blocks freed, written parts of others zeroed in place;
 * the size is unchanged. TO = UINT64_MAX: every block from FROM's on. */
int chunk_file_punch(struct chunk *c, ext2_ino_t ino, uint64_t from, uint64_t to);
/* The first run of written blocks of INO that ends past OFF, in bytes [*START, *END) with
 * *START >= OFF; both UINT64_MAX if there is none. Unwritten extents are holes. */
int chunk_file_next_data(struct chunk *c, ext2_ino_t ino, uint64_t off, uint64_t *start, uint64_t *end);
/* Where INO's mapped blocks (written or reserved) lie around the block holding OFF, in bytes:
 * whether that block is mapped (and then where the run of mapped blocks from it ends), else the
 * end of the last mapped block before it (0: none) and the start of the first after it
 * (UINT64_MAX: none). */
struct chunk_block_bounds {
	bool mapped;
	uint64_t run_end, before, after;
};
int chunk_file_block_bounds(struct chunk *c, ext2_ino_t ino, uint64_t off, struct chunk_block_bounds *b);

/* Whole-file helpers for small metadata files (replace: chunk-write.c). */
int chunk_file_read_all(struct chunk *c, ext2_ino_t ino, void **buf, size_t *len);
int chunk_file_replace(struct chunk *c, ext2_ino_t ino, const void *buf, size_t len);

/* Extended attributes of one inode. chunk_xattr_get returns -ENODATA when absent. */
int chunk_xattr_get(struct chunk *c, ext2_ino_t ino, const char *key, void **buf, size_t *len);
int chunk_xattr_set(struct chunk *c, ext2_ino_t ino, const char *key, const void *buf, size_t len);
int chunk_xattr_remove(struct chunk *c, ext2_ino_t ino, const char *key);

/* A new, linked-nowhere inode of MODE near directory DIR (regular files and symlinks get
 * extents on ext4). Its generation is random. The caller links it. */
/* A free inode number for a new inode in DIR (ext2fs_new_inode); in ordered mode one freed
 * since the chunk's last flush is given only after a flush (chunk-io.c). */
int chunk_new_inode_number(struct chunk *c, ext2_ino_t dir, int mode, ext2_ino_t *ret);
int chunk_inode_new(struct chunk *c, ext2_ino_t dir, mode_t mode, uid_t uid, gid_t gid,
		    ext2_ino_t *ret);
/* The ext2 directory entry type of an inode of MODE (EXT2_FT_*). */
int chunk_mode_ftype(mode_t mode);
/* A new inode of MODE (a regular file, FIFO, socket, character or block device; for a device,
 * number RDEV) linked as NAME in DIR; undone if the link fails. */
int chunk_node_create(struct chunk *c, ext2_ino_t dir, const char *name, mode_t mode, dev_t rdev, uid_t uid,
		      gid_t gid, ext2_ino_t *ret);
/* A new regular file (permissions from MODE) linked as NAME in DIR; undone if the link fails. */
int chunk_file_create(struct chunk *c, ext2_ino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid,
		      ext2_ino_t *ret);
/* Releases an inode and all its blocks: marked deleted first, then its blocks freed. */
int chunk_inode_free(struct chunk *c, ext2_ino_t ino);
/* Marks INO deleted (no links, a dtime), its blocks left: the first write of chunk_inode_free.
 * A name still pointing at it is no name: e2fsck clears it and frees the inode. */
int chunk_inode_mark_deleted(struct chunk *c, ext2_ino_t ino);
int chunk_inode_read(struct chunk *c, ext2_ino_t ino, struct ext2_inode_large *inode);
int chunk_inode_write(struct chunk *c, ext2_ino_t ino, struct ext2_inode_large *inode);

int chunk_lookup(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t *ret);
/* The reverse: the name INO has in directory DIR (a scan of DIR), or -ENOENT. */
int chunk_find_name(struct chunk *c, ext2_ino_t dir, ext2_ino_t ino, char name[EXT2_NAME_LEN + 1]);
/* Makes directory NAME in DIR; returns its inode. */
int chunk_mkdir(struct chunk *c, ext2_ino_t dir, const char *name, mode_t mode, uid_t uid,
		gid_t gid, ext2_ino_t *ret);
/* Makes /lost+found in the root, 16 KiB as mke2fs makes it (room for what e2fsck reconnects
 * before it has to grow the directory); returns its inode. */
int chunk_make_lost_found(struct chunk *c, ext2_ino_t *ret);
/* Adds entry NAME -> INO in DIR, growing the directory if needed. */
int chunk_link(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino, int ftype);
/* Points the existing entry NAME in DIR at INO instead, in place: one directory block written,
 * so the name never goes missing (a rename over an entry of the same directory part). */
int chunk_relink(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino, int ftype);
int chunk_unlink(struct chunk *c, ext2_ino_t dir, const char *name);
/* Removes the entry NAME of DIR that names INO, and no other: a damaged directory may hold a
 * name twice, and unlinking the first of them would cut another inode loose. */
int chunk_unlink_inode(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino);

/* Free space, minus a reserve kept for metadata; used by the allocator. */
uint64_t chunk_free_bytes(struct chunk *c);
/* The reserves themselves, of a chunk with superblock SB in a volume of NCHUNKS chunks: the
 * blocks and inodes kept back from files for chunkfs's metadata. */
uint64_t chunk_reserved_blocks(struct ext2_super_block *sb);
uint32_t chunk_reserved_inodes(const struct ext2_super_block *sb, unsigned nchunks);
uint64_t chunk_free_inodes(struct chunk *c);
bool chunk_has_room(struct chunk *c, uint64_t bytes);

/* Name of a continuation in /.chunkfs/cont for head REF. */
void chunk_cont_name(const struct chunk_ref *head, char out[32]);

/* Logs with the chunk's path and returns err. */
int chunk_error(struct chunk *c, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
