/* The parts of one directory (head and continuations), internal to libchunk's namespace code. */
#pragma once
#include <time.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/volume/volume.h"

struct dir_part {
	unsigned chunk;
	ext2_ino_t ino;
	int status;        /* 0, or cont_confirm's error: not usable */
};

struct dir_parts {
	struct chunk_ref head;
	struct chunk *hc;
	struct record_head rec;
	struct dir_part *parts;   /* [0] is the head */
	unsigned nparts;
};

int dir_open(struct volume *v, vino_t dir, struct dir_parts *d);
void dir_close(struct dir_parts *d);
/* Which part holds NAME; -ENOENT, or -EIO if a missing part might hold it. */
int dir_find(struct volume *v, struct dir_parts *d, const char *name, unsigned *part, ext2_ino_t *ino);
/* The part of the directory in CHUNK, made (as a continuation) if CREATE. */
int dir_local(struct volume *v, struct dir_parts *d, unsigned chunk, bool create, ext2_ino_t *ret);
/* Where a new inode NAME (a directory when IS_DIR) of the directory goes, needing NEED bytes:
 * its chunk and the directory's part there (made if need be). The head's chunk while it has
 * room and holds no more than its share of the volume's inodes, else spread (dir-place.c). */
int dir_place(struct volume *v, struct dir_parts *d, const char *name, bool is_dir, uint64_t need, unsigned *chunk,
	      ext2_ino_t *ldir);
/* A name that may be made: -EINVAL (empty, ".", "..", a slash), -ENAMETOOLONG (past 255 bytes). */
int dir_check_name(const char *name);
/* The root's /.chunkfs is not a name of the volume. */
bool dir_reserved_name(vino_t dir, const char *name);
/* An entry of DIR was added or removed at NOW: the directory's mtime and ctime, on its head
 * (the inode stat reads, whichever part holds the entry). Called once the change is made, which
 * a time that cannot be written (logged) does not undo. */
void dir_touch(struct volume *v, vino_t dir, const struct timespec *now);

/* Entry NAME of a directory: the part holding it (LDIR, in CHUNK, the chunk of the inode) and
 * the inode it names. */
struct dir_entry {
	unsigned chunk;
	ext2_ino_t ldir, ino;
	struct ext2_inode_large inode;
};
/* Finds NAME in DIR (-ENOENT, -ENAMETOOLONG, -EINVAL for "." and ".."); the entry's chunk is
 * made writable. */
int dir_entry_find(struct volume *v, vino_t dir, const char *name, struct dir_entry *e);
/* A subdirectory came into (DELTA 1) or left (-1) directory part LDIR of CHUNK. */
int dir_part_links(struct volume *v, unsigned chunk, ext2_ino_t ldir, int delta);
/* Directory E may be removed: every part read (-EIO) and empty (-ENOTEMPTY). */
int dir_removable(struct volume *v, const struct dir_entry *e);
/* Removes directory E (removable): its inode, its entry NAME (NULL: already gone), its link in
 * its part, then its continuations. The inode goes before its entry: a kill in between leaves
 * a name that e2fsck clears, never an unattached directory. */
int dir_remove(struct volume *v, const struct dir_entry *e, const char *name);
/* The same, with E's parts D opened already (a directory marked deleted no longer opens). */
int dir_remove_parts(struct volume *v, const struct dir_entry *e, const struct dir_parts *d, const char *name);
/* Inode E lost one of its links at NOW: its count drops and its ctime is NOW. At zero it is
 * freed (file_release), or with VOLUME_KEEP_ORPHAN in FLAGS put on its chunk's orphan list
 * and returned in *ORPHAN. Its entry NAME in E's part (NULL: already gone) goes after that:
 * a kill in between leaves a name e2fsck clears, never an unattached file. */
int file_drop_link(struct volume *v, const struct dir_entry *e, const char *name, unsigned flags,
		   const struct timespec *now, vino_t *orphan);
/* Frees a file's head and every continuation (its link count reached zero); its entry NAME
 * in LDIR (NULL: none) goes right after the head. */
int file_release(struct volume *v, struct chunk *c, ext2_ino_t ino, ext2_ino_t ldir, const char *name);
/* The head inode INO names, read from its chunk (asked for writing when WRITE: marked DIRTY
 * first); -ENOENT when INO is no inode in use there (an orphan kept open is in use). */
int head_inode(struct volume *v, vino_t ino, struct chunk **c, struct ext2_inode_large *inode, bool write);
