/* The parts of one directory (head and continuations), internal to libchunk's namespace code. */
#pragma once
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

int mode_to_ftype(mode_t mode);
int dir_open(struct volume *v, vino_t dir, struct dir_parts *d);
void dir_close(struct dir_parts *d);
/* Which part holds NAME; -ENOENT, or -EIO if a missing part might hold it. */
int dir_find(struct volume *v, struct dir_parts *d, const char *name, unsigned *part, ext2_ino_t *ino);
/* The part of the directory in CHUNK, made (as a continuation) if CREATE. */
int dir_local(struct volume *v, struct dir_parts *d, unsigned chunk, bool create, ext2_ino_t *ret);
/* Where a new inode of the directory goes: the head's chunk while it has room. */
int dir_place(struct volume *v, struct dir_parts *d, uint64_t need, unsigned *chunk, ext2_ino_t *ldir);
/* Frees a file's head and every continuation (its link count reached zero). */
int file_release(struct volume *v, struct chunk *c, ext2_ino_t ino);
