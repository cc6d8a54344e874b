/* The chunk's orphan list: inodes that have lost their last link but are still in use (a file
 * open in a mount), kept as ext3/ext4 keep them: s_last_orphan names the first, each inode's
 * i_dtime the next. e2fsck -fy (or -p) frees every inode on the list before its pass 1, with
 * or without a journal, so a process that dies with files still on it leaves them to the
 * chunk's repair. */
#pragma once
#include <stdbool.h>

#include "libchunk/chunk/chunk.h"

/* Puts INO (link count already zero, still allocated) at the head of the list. The caller
 * makes it durable (chunk_sync). */
int chunk_orphan_add(struct chunk *c, ext2_ino_t ino);
/* Takes INO off the list (its i_dtime zero again); -ENOENT if it is not on it. */
int chunk_orphan_remove(struct chunk *c, ext2_ino_t ino);
/* Is INO on the list? A damaged list (a loop, an inode out of range) reads as "no". */
bool chunk_orphan_contains(struct chunk *c, ext2_ino_t ino);
/* An inode a file of the volume lives in: linked somewhere, or kept on the orphan list. */
bool chunk_inode_in_use(struct chunk *c, ext2_ino_t ino, const struct ext2_inode_large *inode);
