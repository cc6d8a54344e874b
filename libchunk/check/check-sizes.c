/* Pass 6: no file in K claims more bytes than the whole volume holds. e2fsck takes a size that
 * its blocks do not reach for a sparse file, and "fixes" a flipped extent into one of many
 * terabytes, which a copy out of /lost+found then reads for hours. Pass 3's scan of K's inodes
 * notes each regular file (head, continuation or quarantined file) whose i_size is past the
 * volume's size (check_size_note); this pass names each by its volume path and, in a repair,
 * cuts its size to where its data ends: its last block, or for a head the end of the last
 * range its record gives any part of the chain. No block is freed, so a file whose blocks
 * themselves reach past the volume's size keeps them, and the size they need. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/check/check-pass.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/inode-attr.h"
#include "libchunk/namespace/statfs.h"

/* The bound: the bytes of every chunk together. Unknown (no bound) while a chunk cannot be
 * read, since a file's chain may then hold more than the readable chunks do. */
static uint64_t volume_bytes(struct check_ctx *x)
{
	struct vstatfs st;

	if (!x->size_bound) {
		x->size_bound = UINT64_MAX;
		if (volume_statfs(x->v, &st) == 0 && st.unreadable == 0 && st.blocks)
			x->size_bound = st.blocks * st.bsize;
	}
	return x->size_bound;
}

void check_size_note(struct check_ctx *x, ext2_ino_t ino, const struct ext2_inode_large *inode)
{
	uint64_t own = ext2fs_blocks_count(x->c->fs->super) * x->c->fs->blocksize;
	ext2_ino_t *n;

	/* K's own size first: the volume's costs a look at every chunk's superblock. */
	if (ino < EXT2_FIRST_INODE(x->c->fs->super) || !LINUX_S_ISREG(inode->i_mode) ||
	    EXT2_I_SIZE(inode) <= own || EXT2_I_SIZE(inode) <= volume_bytes(x))
		return;
	n = realloc(x->oversize, (x->noversize + 1) * sizeof(*n));
	if (!n)
		return; /* the next check finds it */
	x->oversize = n;
	x->oversize[x->noversize++] = ino;
}

static int last_block_cb(ext2_filsys fs, blk64_t *blk, e2_blkcnt_t blockcnt, blk64_t ref_blk, int ref_offset,
			 void *priv)
{
	e2_blkcnt_t *last = priv;

	if (blockcnt >= 0 && blockcnt > *last)
		*last = blockcnt;
	return 0;
}

int check_data_end(struct chunk *c, ext2_ino_t ino, const struct ext2_inode_large *inode, uint64_t *ret)
{
	e2_blkcnt_t last = -1;
	errcode_t err;

	*ret = 0;
	if (inode->i_flags & EXT4_INLINE_DATA_FL) {
		*ret = EXT2_I_SIZE(inode) < EXT4_MIN_INLINE_DATA_SIZE ? EXT2_I_SIZE(inode) : EXT4_MIN_INLINE_DATA_SIZE;
		return 0;
	}
	if (!ext2fs_inode_has_valid_blocks2(c->fs, (struct ext2_inode *)inode))
		return 0;
	err = ext2fs_block_iterate3(c->fs, ino, BLOCK_FLAG_DATA_ONLY | BLOCK_FLAG_READ_ONLY, NULL, last_block_cb, &last);
	if (err)
		return chunk_error(c, chunk_errno(err), "inode %u: cannot read its block map", ino);
	*ret = (uint64_t)(last + 1) * c->fs->blocksize;
	return 0;
}

/* The file INO of K is part of, as the report names it: its head. */
static vino_t file_of(struct check_ctx *x, ext2_ino_t ino, const struct check_inode *e)
{
	if (e && e->cont_err == 0)
		return VINO(e->cont.head.chunk, e->cont.head.ino);
	return VINO(x->id, ino);
}

/* Where the chain of head E says the file's data ends: the end of its last range. */
static uint64_t ranges_end(const struct check_inode *e)
{
	uint64_t end = 0;

	for (uint32_t i = 0; e && e->head_err == 0 && i < e->head.nranges; i++)
		end = MAX(end, e->head.ranges[i].end);
	return end;
}

static int check_size(struct check_ctx *x, ext2_ino_t ino)
{
	const uint64_t bound = volume_bytes(x);
	const struct check_inode *e = NULL;
	struct ext2_inode_large inode;
	uint64_t size, end, keep;
	struct finding *f;
	char *path;
	errcode_t err;
	int r = chunk_inode_read(x->c, ino, &inode);

	if (r < 0)
		return r;
	size = EXT2_I_SIZE(&inode);
	if (!LINUX_S_ISREG(inode.i_mode) || inode.i_links_count == 0 || size <= bound)
		return 0;
	if (check_cache_inode(x, x->id, ino, &e) < 0)
		e = NULL;
	if (check_data_end(x->c, ino, &inode, &end) < 0)
		return 0; /* logged; e2fsck, which verified the map, will say more */
	keep = MAX(end, ranges_end(e));
	if (keep >= size)
		return 0; /* its blocks or its chain reach that far: data, kept (a block that a flipped
			     extent put there is not told apart from one written there) */
	/* Only in /lost+found, where what e2fsck reconnected lands: elsewhere a sparse file larger
	 * than the volume is the user's own (ext4 and the mount allow one), never cut. */
	path = check_path_of(x, file_of(x, ino, e));
	if (!path || strncmp(path, "/lost+found/", 12) != 0) {
		free(path);
		return 0;
	}
	f = check_found(x, "sizes", file_of(x, ino, e), "inode %u: size %llu is more than the whole volume "
			"holds (%llu bytes); its data ends at %llu", ino, (unsigned long long)size,
			(unsigned long long)bound, (unsigned long long)keep);
	finding_take_path(f, path);
	if (!x->repair)
		return 0;
	err = ext2fs_inode_size_set(x->c->fs, (struct ext2_inode *)&inode, keep);
	r = err ? chunk_errno(err) : chunk_inode_write(x->c, ino, &inode);
	if (r < 0) {
		finding_set_action(f, FINDING_LEFT, "the inode cannot be written: %s", strerror(-r));
		return 0;
	}
	x->written[x->id] = true;
	check_cache_forget(x, x->id, ino);
	finding_set_action(f, FINDING_FIXED, "size cut to %llu, where its data ends; no block freed",
			   (unsigned long long)keep);
	return 0;
}

int check_sizes(struct check_ctx *x)
{
	int r = 0;

	for (size_t i = 0; i < x->noversize && r == 0; i++)
		r = check_size(x, x->oversize[i]);
	free(x->oversize);
	x->oversize = NULL;
	x->noversize = 0;
	return r;
}
