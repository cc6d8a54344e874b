/* Cutting a file short, in an order after which a kill leaves the file as it was, at its new
 * size, or (cut to a size above 0) a prefix of what it was: never the old bytes shown as the
 * new content, never zeros where it had data.
 *
 * e2fsck -fy extends i_size over the initialised blocks past it, to the end of the last one
 * (chunk-write.c). A size lowered before the blocks past it are gone therefore comes back with
 * the old data: a short file copied over a long one, killed there, was after a repair the first
 * blocks of the old content. Unmapping first shows holes (zeros) inside the old size. So:
 *  - to size 0, one write of the inode takes its size to 0 and its block map to empty (all of
 *    it lives in the inode: the extent tree's root, or the block pointers); the blocks it mapped
 *    are freed after that write, and a kill before they are leaks them until e2fsck frees them;
 *  - to a size above 0, the blocks past it go from the end, a run of mapped blocks at a time,
 *    and before each run is unmapped the size comes down to the run's start (never below the
 *    new size): a kill leaves mapped blocks up to the end of the run, which e2fsck's extension
 *    turns into a prefix of the old content. The old last block goes first and alone, so that
 *    extension never rounds the old size up past the old end. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"

struct block_runs {
	struct block_run { blk64_t start, len; } *runs;
	size_t n, cap;
	int err;
};

static int collect_block(ext2_filsys fs, blk64_t *blocknr, e2_blkcnt_t blockcnt, blk64_t ref_blk,
			 int ref_offset, void *priv)
{
	struct block_runs *b = priv;
	struct block_run *last = b->n ? &b->runs[b->n - 1] : NULL;

	if (last && last->start + last->len == *blocknr) {
		last->len++;
		return 0;
	}
	if (b->n == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 16;
		struct block_run *n = realloc(b->runs, cap * sizeof(*n));
		if (!n) {
			b->err = -ENOMEM;
			return BLOCK_ABORT;
		}
		b->runs = n;
		b->cap = cap;
	}
	b->runs[b->n++] = (struct block_run){ *blocknr, 1 };
	return 0;
}

static void block_runs_done(struct block_runs *b)
{
	free(b->runs);
}

/* The inode's empty block map: no pointers, or an extent tree with no extents (its header). */
static int block_map_clear(struct chunk *c, ext2_ino_t ino, struct ext2_inode_large *inode)
{
	ext2_extent_handle_t h;
	errcode_t err;

	memset(inode->i_block, 0, sizeof(inode->i_block));
	if (!(inode->i_flags & EXT4_EXTENTS_FL))
		return 0;
	err = ext2fs_extent_open2(c->fs, ino, (struct ext2_inode *)inode, &h);
	if (err)
		return chunk_errno(err);
	ext2fs_extent_free(h);
	return 0;
}

/* Size 0: the inode lets go of every block in one write, then they are freed. */
static int shrink_to_zero(struct chunk *c, ext2_ino_t ino, struct ext2_inode_large *inode)
{
	ext2_filsys fs = c->fs;
	_cleanup_(block_runs_done) struct block_runs b = {};
	errcode_t err;
	int r;

	if (ext2fs_inode_has_valid_blocks2(fs, (struct ext2_inode *)inode)) {
		err = ext2fs_block_iterate3(fs, ino, BLOCK_FLAG_READ_ONLY, NULL, collect_block, &b);
		r = b.err ? b.err : chunk_errno(err);
		if (r == 0)
			r = block_map_clear(c, ino, inode);
		if (r == 0)
			r = chunk_errno(ext2fs_iblk_set(fs, (struct ext2_inode *)inode,
							ext2fs_file_acl_block(fs, (struct ext2_inode *)inode) ? 1 : 0));
		if (r < 0)
			return r;
	}
	err = ext2fs_inode_size_set(fs, (struct ext2_inode *)inode, 0);
	r = err ? chunk_errno(err) : chunk_inode_write(c, ino, inode);
	for (size_t i = 0; r == 0 && i < b.n; i++)
		ext2fs_block_alloc_stats_range(fs, b.runs[i].start, (unsigned)b.runs[i].len, -1);
	return r;
}

static int block_mapped(struct chunk *c, ext2_ino_t ino, blk64_t lblk, bool *mapped)
{
	blk64_t pblk = 0;
	errcode_t err = ext2fs_bmap2(c->fs, ino, NULL, NULL, 0, lblk, NULL, &pblk);

	*mapped = pblk != 0;
	return chunk_errno(err);
}

static int size_write(struct chunk *c, ext2_ino_t ino, uint64_t size)
{
	struct ext2_inode_large inode;
	errcode_t err;
	int r = chunk_inode_read(c, ino, &inode);

	if (r < 0)
		return r;
	err = ext2fs_inode_size_set(c->fs, (struct ext2_inode *)&inode, size);
	return err ? chunk_errno(err) : chunk_inode_write(c, ino, &inode);
}

/* The bytes of SIZE's last block past SIZE become zeros, for a file that grows again later.
 * Done once the size is down: before, they were inside the file. */
static int zero_tail(struct chunk *c, ext2_ino_t ino, uint64_t size)
{
	unsigned bs = c->fs->blocksize;
	_cleanup_free_ char *block = NULL;
	blk64_t pblk = 0;
	int flags = 0, r;

	if (size % bs == 0)
		return 0;
	r = chunk_errno(ext2fs_bmap2(c->fs, ino, NULL, NULL, 0, size / bs, &flags, &pblk));
	if (r < 0 || pblk == 0 || (flags & BMAP_RET_UNINIT))
		return r;
	block = malloc(bs);
	if (!block)
		return -ENOMEM;
	r = chunk_errno(io_channel_read_blk64(c->fs->io, pblk, 1, block));
	if (r < 0)
		return r;
	memset(block + size % bs, 0, bs - size % bs);
	return chunk_errno(io_channel_write_blk64(c->fs->io, pblk, 1, block));
}

/* Above 0: from the end, a run of mapped blocks at a time, the size down to its start first. */
static int shrink_from_end(struct chunk *c, ext2_ino_t ino, uint64_t cur, uint64_t size)
{
	unsigned bs = c->fs->blocksize;
	blk64_t keep = (size + bs - 1) / bs, last = (cur - 1) / bs;
	int r;

	for (blk64_t hi = last + 1; hi-- > keep;) {
		blk64_t lo = hi;
		bool mapped;
		r = block_mapped(c, ino, hi, &mapped);
		if (r < 0)
			return r;
		if (!mapped)
			continue;
		while (hi != last && lo > keep) {
			r = block_mapped(c, ino, lo - 1, &mapped);
			if (r < 0)
				return r;
			if (!mapped)
				break;
			lo--;
		}
		if (MAX(size, lo * bs) < cur) {
			cur = MAX(size, lo * bs);
			r = size_write(c, ino, cur);
			if (r < 0)
				return r;
		}
		r = chunk_errno(ext2fs_punch(c->fs, ino, NULL, NULL, lo, hi));
		if (r < 0)
			return r;
		hi = lo;
	}
	r = cur > size ? size_write(c, ino, size) : 0;
	return r < 0 ? r : zero_tail(c, ino, size);
}

int chunk_file_shrink(struct chunk *c, ext2_ino_t ino, uint64_t size)
{
	struct ext2_inode_large inode;
	uint64_t cur;
	int r = chunk_inode_read(c, ino, &inode);

	if (r < 0)
		return r;
	cur = EXT2_I_SIZE(&inode);
	if (cur <= size)
		return 0;
	if (inode.i_flags & EXT4_INLINE_DATA_FL)
		return chunk_error(c, -EOPNOTSUPP, "inode %u: inline data cannot be cut", ino);
	return size == 0 ? shrink_to_zero(c, ino, &inode) : shrink_from_end(c, ino, cur, size);
}
