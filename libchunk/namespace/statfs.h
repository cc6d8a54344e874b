/* The volume's space and inodes, as statfs(2) gives a file system's: summed over its chunks. */
#pragma once
#include <stdint.h>

#include "libchunk/volume/volume.h"

struct vstatfs {
	uint32_t bsize;          /* bytes of a block; the block counts are in these */
	uint64_t blocks;         /* blocks of every chunk, less the file systems' own metadata */
	uint64_t bfree;          /* free blocks */
	uint64_t bavail;         /* of those, what files can still be given (statfs.c says how) */
	uint64_t files;          /* inodes */
	uint64_t ffree;          /* free inodes */
	uint64_t favail;         /* of those, what new files can still be given */
	uint32_t namemax;        /* longest name, 255 */
	unsigned unreadable;     /* chunks missing or unreadable, counted as 0 */
};

/* Opens no chunk: a chunk the volume has open gives its in-memory counts (the freshest), any
 * other its superblock, read raw. A chunk missing or unreadable counts as 0 and in
 * UNREADABLE, and fails nothing: the call returns 0. */
int volume_statfs(struct volume *v, struct vstatfs *st);
