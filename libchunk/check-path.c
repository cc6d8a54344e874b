/* Naming a volume inode by its path, for the report. A directory climbs ".." (a part of a
 * directory in another chunk is a continuation, whose record names its head). A file has no
 * "..": the directory naming it is found by reading the directories of its own chunk, which
 * is why this is only done for files that lost data, never in the checking itself. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check-pass.h"
#include "libchunk/cont.h"
#include "libchunk/errors.h"
#include "libchunk/macro.h"
#include "libchunk/namespace.h"

#define PATH_DEPTH_MAX 256

/* The directory of C whose entries name INO (first found), or 0. */
static ext2_ino_t find_parent_dir(struct chunk *c, ext2_ino_t ino, char name[EXT2_NAME_LEN + 1])
{
	struct ext2_inode inode;
	ext2_inode_scan scan;
	ext2_ino_t dir, found = 0;

	if (ext2fs_open_inode_scan(c->fs, 0, &scan))
		return 0;
	ext2fs_inode_scan_flags(scan, EXT2_SF_SKIP_MISSING_ITABLE, 0);
	while (!found) {
		errcode_t err = ext2fs_get_next_inode(scan, &dir, &inode);
		if (err == EXT2_ET_BAD_BLOCK_IN_INODE_TABLE)
			continue;
		if (err || dir == 0)
			break;
		if (!inode.i_links_count || !LINUX_S_ISDIR(inode.i_mode) || dir == c->index_ino)
			continue;
		if (repair_find_name(c, dir, ino, name) == 0)
			found = dir;
	}
	ext2fs_close_inode_scan(scan);
	return found;
}

/* The volume directory a local directory of C is part of. */
static vino_t volume_dir_of(struct chunk *c, ext2_ino_t ldir)
{
	struct record_cont rec;
	vino_t v;

	if (cont_load(c, ldir, &rec) < 0)
		return VINO(c->id, ldir);
	v = VINO(rec.head.chunk, rec.head.ino);
	record_cont_done(&rec);
	return v;
}

static int prepend(char **path, const char *name)
{
	char *n;

	if (asprintf(&n, "/%s%s", name, *path ? *path : "") < 0)
		return -ENOMEM;
	free(*path);
	*path = n;
	return 0;
}

char *check_path_of(struct check_ctx *x, vino_t ino)
{
	char *path = NULL;
	char name[EXT2_NAME_LEN + 1];

	for (int depth = 0; ino != VOLUME_ROOT && depth < PATH_DEPTH_MAX; depth++) {
		struct ext2_inode_large inode;
		struct chunk *c;
		ext2_ino_t ldir;

		if (volume_chunk(x->v, VINO_CHUNK(ino), &c) < 0 || chunk_inode_read(c, VINO_INO(ino), &inode) < 0)
			goto unknown;
		if (LINUX_S_ISDIR(inode.i_mode)) {
			if (chunk_lookup(c, VINO_INO(ino), "..", &ldir) < 0 ||
			    repair_find_name(c, ldir, VINO_INO(ino), name) < 0)
				goto unknown;
		} else {
			ldir = find_parent_dir(c, VINO_INO(ino), name);
			if (!ldir)
				goto unknown;
		}
		if (prepend(&path, name) < 0)
			goto unknown;
		ino = volume_dir_of(c, ldir);
	}
	if (ino == VOLUME_ROOT)
		return path ? path : strdup("/");
unknown:
	free(path);
	if (asprintf(&path, "(unnamed inode %u:%u)", VINO_CHUNK(ino), VINO_INO(ino)) < 0)
		return NULL;
	return path;
}
