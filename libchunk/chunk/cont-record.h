/* The records of continuations on one chunk's inodes: the head's forward pointers
 * (trusted.chunkfs.head) and a continuation's back pointer (trusted.chunkfs.cont), read and
 * written in place. A record that does not decode marks the chunk DAMAGED. */
#pragma once
#include "libchunk/chunk/chunk.h"
#include "libchunk/format/record.h"

#define XATTR_HEAD "trusted.chunkfs.head"
#define XATTR_CONT "trusted.chunkfs.cont"
#define XATTR_NAME "trusted.chunkfs.name"
/* Bound on continuations of one inode: its head record must fit one xattr block. */
#define CONT_MAX 64
#define RANGES_MAX 96

/* Head record of INO; an inode without one gets an empty record (gen from the inode). */
int cont_head_load(struct chunk *c, ext2_ino_t ino, struct record_head *h);
/* Writes the head record (removes it when there are no continuations and no lost ranges). */
int cont_head_store(struct chunk *c, ext2_ino_t ino, const struct record_head *h);
int cont_load(struct chunk *c, ext2_ino_t ino, struct record_cont *rec);
int cont_store(struct chunk *c, ext2_ino_t ino, const struct record_cont *rec);
/* The name INO was given, NAME in part LDIR of directory DIR (its head's volume inode): a hint
 * for a repair that finds INO with no entry. Best effort: a name that cannot be noted (no room
 * for the xattr) is only not noted. */
void chunk_name_note(struct chunk *c, ext2_ino_t ino, ext2_ino_t ldir, uint64_t dir, const char *name);
/* 0 and *REC, -ENODATA if INO has none, or a decoder's error. */
int chunk_name_load(struct chunk *c, ext2_ino_t ino, struct record_name *rec);
