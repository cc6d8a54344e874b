/* The ext3/ext4 orphan list of one chunk (orphan.h). The list is short (the files a mount has
 * open and unlinked), so it is walked from its head rather than indexed. */
#include <errno.h>

#include "libchunk/base/errors.h"
#include "libchunk/chunk/orphan.h"

static bool orphan_ino_valid(struct chunk *c, ext2_ino_t ino)
{
	return ino >= EXT2_FIRST_INODE(c->fs->super) && ino <= c->fs->super->s_inodes_count;
}

int chunk_orphan_add(struct chunk *c, ext2_ino_t ino)
{
	struct ext2_inode_large inode;
	int r = chunk_inode_read(c, ino, &inode);

	if (r < 0)
		return r;
	if (inode.i_links_count || !orphan_ino_valid(c, ino))
		return chunk_error(c, -EINVAL, "inode %u cannot go on the orphan list", ino);
	/* The inode names the old head before the superblock names the inode. */
	inode.i_dtime = c->fs->super->s_last_orphan;
	r = chunk_inode_write(c, ino, &inode);
	if (r < 0)
		return r;
	c->fs->super->s_last_orphan = ino;
	ext2fs_mark_super_dirty(c->fs);
	return 0;
}

/* Calls for each inode on the list, with the one before it (0 for the head), until FN says
 * stop (non-zero, returned). At most s_inodes_count steps, so a loop ends. */
static int orphan_walk(struct chunk *c, int (*fn)(struct chunk *c, ext2_ino_t prev, ext2_ino_t ino,
						  struct ext2_inode_large *inode, void *userdata), void *userdata)
{
	ext2_ino_t prev = 0, ino = c->fs->super->s_last_orphan;

	for (uint32_t n = 0; ino && n < c->fs->super->s_inodes_count; n++) {
		struct ext2_inode_large inode;
		int r;
		if (!orphan_ino_valid(c, ino))
			return -EUCLEAN;
		r = chunk_inode_read(c, ino, &inode);
		if (r < 0)
			return r;
		r = fn(c, prev, ino, &inode, userdata);
		if (r)
			return r;
		prev = ino;
		ino = inode.i_dtime;
	}
	return ino ? -ELOOP : 0;
}

static int unlink_cb(struct chunk *c, ext2_ino_t prev, ext2_ino_t ino, struct ext2_inode_large *inode, void *userdata)
{
	ext2_ino_t target = *(ext2_ino_t *)userdata;
	ext2_ino_t next = inode->i_dtime;
	struct ext2_inode_large p;
	int r;

	if (ino != target)
		return 0;
	if (prev == 0) {
		c->fs->super->s_last_orphan = next;
		ext2fs_mark_super_dirty(c->fs);
	} else {
		r = chunk_inode_read(c, prev, &p);
		if (r < 0)
			return r;
		p.i_dtime = next;
		r = chunk_inode_write(c, prev, &p);
		if (r < 0)
			return r;
	}
	inode->i_dtime = 0;
	r = chunk_inode_write(c, ino, inode);
	return r < 0 ? r : 1;
}

int chunk_orphan_remove(struct chunk *c, ext2_ino_t ino)
{
	int r = orphan_walk(c, unlink_cb, &ino);

	if (r < 0)
		return chunk_error(c, r, "orphan list: cannot take inode %u off it", ino);
	return r ? 0 : -ENOENT;
}

static int find_cb(struct chunk *c, ext2_ino_t prev, ext2_ino_t ino, struct ext2_inode_large *inode, void *userdata)
{
	return ino == *(ext2_ino_t *)userdata;
}

bool chunk_orphan_contains(struct chunk *c, ext2_ino_t ino)
{
	return orphan_walk(c, find_cb, &ino) == 1;
}

bool chunk_inode_in_use(struct chunk *c, ext2_ino_t ino, const struct ext2_inode_large *inode)
{
	return inode->i_links_count > 0 || (inode->i_mode && chunk_orphan_contains(c, ino));
}
