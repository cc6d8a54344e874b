/* Space of one inode without its data: blocks reserved ahead of writes (fallocate), blocks
 * given back inside a file (punch), and where its written blocks lie (SEEK_DATA/SEEK_HOLE).
 *
 * On an extent-mapped inode a reservation is an unwritten extent: it reads as zeros, needs no
 * data written, may lie past i_size (e2fsck counts only initialised blocks against the size)
 * and a write turns its blocks into written ones (chunk-write.c). A block-mapped inode (ext2
 * chunks) has no such thing: its reserved blocks are zero-filled written blocks, written
 * through chunk_file_pwrite (data, then mapping, then size), so a kill never maps a block whose
 * old contents show; its i_size is raised over them, as nothing may be mapped past it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"

bool chunk_file_extents(struct chunk *c, ext2_ino_t ino)
{
	struct ext2_inode_large inode;

	return chunk_inode_read(c, ino, &inode) == 0 && (inode.i_flags & EXT4_EXTENTS_FL);
}

static int allocate_zeroed(struct chunk *c, ext2_ino_t ino, blk64_t first, blk64_t last)
{
	unsigned bs = c->fs->blocksize;
	_cleanup_free_ char *zeros = calloc(1, bs);
	int r;

	if (!zeros)
		return -ENOMEM;
	for (blk64_t lblk = first; lblk <= last; lblk++) {
		blk64_t pblk = 0;
		r = chunk_errno(ext2fs_bmap2(c->fs, ino, NULL, NULL, 0, lblk, NULL, &pblk));
		if (r == 0 && pblk == 0)
			r = chunk_file_pwrite(c, ino, zeros, bs, lblk * bs);
		if (r < 0)
			return r;
	}
	return 0;
}

int chunk_file_allocate(struct chunk *c, ext2_ino_t ino, uint64_t off, uint64_t len)
{
	unsigned bs = c->fs->blocksize;
	blk64_t first = off / bs, last = (off + len - 1) / bs;
	errcode_t err;

	if (len == 0)
		return 0;
	if (!chunk_file_extents(c, ino))
		return allocate_zeroed(c, ino, first, last);
	err = ext2fs_fallocate(c->fs, EXT2_FALLOCATE_FORCE_UNINIT, ino, NULL, ~0ULL, first, last - first + 1);
	return err ? chunk_error(c, chunk_errno(err), "inode %u: cannot reserve blocks %llu-%llu: %s", ino,
				 (unsigned long long)first, (unsigned long long)last, error_message(err))
		   : 0;
}

/* The bytes [FROM, TO) of one block, if it is mapped and written, become zeros in place. */
static int zero_part(struct chunk *c, ext2_ino_t ino, uint64_t from, uint64_t to)
{
	unsigned bs = c->fs->blocksize;
	uint64_t start = from / bs * bs;
	_cleanup_free_ char *block = NULL;
	blk64_t pblk = 0;
	int flags = 0, r;

	r = chunk_errno(ext2fs_bmap2(c->fs, ino, NULL, NULL, 0, from / bs, &flags, &pblk));
	if (r < 0 || pblk == 0 || (flags & BMAP_RET_UNINIT))
		return r;
	block = malloc(bs);
	if (!block)
		return -ENOMEM;
	r = chunk_errno(io_channel_read_blk64(c->fs->io, pblk, 1, block));
	if (r < 0)
		return r;
	memset(block + (from - start), 0, to - from);
	return chunk_errno(io_channel_write_blk64(c->fs->io, pblk, 1, block));
}

/* ext2fs_punch of blocks [FIRST, LAST]. On a block-mapped inode libext2fs 1.47 stops at the end
 * of the first level of the map a range starts in (its count is compared with the level's size,
 * not its end), so such a range is punched one level of the map at a time. */
static errcode_t punch_blocks(struct chunk *c, ext2_ino_t ino, blk64_t first, blk64_t last)
{
	blk64_t per = c->fs->blocksize / 4, level_end = EXT2_NDIR_BLOCKS;
	errcode_t err;

	if (chunk_file_extents(c, ino))
		return ext2fs_punch(c->fs, ino, NULL, NULL, first, last);
	for (unsigned level = 0; level < 3 && first <= last; level++) {
		if (first < level_end) {
			err = ext2fs_punch(c->fs, ino, NULL, NULL, first, MIN(last, level_end - 1));
			if (err)
				return err;
			first = level_end;
		}
		level_end += per;
		per *= c->fs->blocksize / 4;
	}
	return first <= last ? ext2fs_punch(c->fs, ino, NULL, NULL, first, last) : 0;
}

int chunk_file_punch(struct chunk *c, ext2_ino_t ino, uint64_t from, uint64_t to)
{
	unsigned bs = c->fs->blocksize;
	bool to_end = to == UINT64_MAX;
	blk64_t first = (from + bs - 1) / bs, end = to_end ? 0 : to / bs; /* whole blocks [first, end) */
	errcode_t err;
	int r;

	if (from >= to)
		return 0;
	if (!to_end && first > end) /* inside one block */
		return zero_part(c, ino, from, to);
	if (from % bs && (r = zero_part(c, ino, from, first * bs)) < 0)
		return r;
	if (!to_end && to % bs && (r = zero_part(c, ino, end * bs, to)) < 0)
		return r;
	if (!to_end && first == end)
		return 0;
	err = punch_blocks(c, ino, first, to_end ? ~0ULL : end - 1);
	return err ? chunk_error(c, chunk_errno(err), "inode %u: cannot free blocks from %llu: %s", ino,
				 (unsigned long long)first, error_message(err))
		   : 0;
}

struct data_run {
	blk64_t want, start, end; /* the run [start, end) found; start == end: none yet */
};

/* Extends RUN by the written blocks [S, E) in logical order; false once RUN is complete. */
static bool data_run_add(struct data_run *run, blk64_t s, blk64_t e)
{
	if (run->start == run->end) {
		if (e > run->want) {
			run->start = s;
			run->end = e;
		}
		return true;
	}
	if (s != run->end)
		return false;
	run->end = e;
	return true;
}

static int data_block(ext2_filsys fs, blk64_t *blocknr, e2_blkcnt_t blockcnt, blk64_t ref_blk, int ref_offset,
		      void *priv)
{
	struct data_run *run = priv;

	if (blockcnt < 0)
		return 0;
	return data_run_add(run, (blk64_t)blockcnt, (blk64_t)blockcnt + 1) ? 0 : BLOCK_ABORT;
}

static int extent_runs(struct chunk *c, ext2_ino_t ino, struct data_run *run)
{
	ext2_extent_handle_t h;
	struct ext2fs_extent e;
	blk64_t prev = 0;
	bool seen = false;
	errcode_t err;

	err = ext2fs_extent_open(c->fs, ino, &h);
	if (err)
		return chunk_errno(err);
	for (err = ext2fs_extent_get(h, EXT2_EXTENT_ROOT, &e); !err;
	     err = ext2fs_extent_get(h, EXT2_EXTENT_NEXT_LEAF, &e)) {
		if (!(e.e_flags & EXT2_EXTENT_FLAGS_LEAF) || e.e_len == 0)
			continue;
		if (seen && e.e_lblk <= prev) /* NEXT_LEAF wrapped round to the first leaf */
			break;
		seen = true;
		prev = e.e_lblk;
		if (e.e_flags & EXT2_EXTENT_FLAGS_UNINIT) {
			if (run->start != run->end)
				break;
			continue;
		}
		if (!data_run_add(run, e.e_lblk, e.e_lblk + e.e_len))
			break;
	}
	ext2fs_extent_free(h);
	if (err && err != EXT2_ET_EXTENT_NO_NEXT && err != EXT2_ET_NO_CURRENT_NODE)
		return chunk_errno(err);
	return 0;
}

/* INO's inode, for a walk of its block map: 1 when it maps blocks, 0 when it maps none, or
 * -errno (inline data has no block map). */
static int block_map_of(struct chunk *c, ext2_ino_t ino, struct ext2_inode_large *inode)
{
	int r = chunk_inode_read(c, ino, inode);

	if (r < 0)
		return r;
	if (inode->i_flags & EXT4_INLINE_DATA_FL)
		return chunk_error(c, -EOPNOTSUPP, "inode %u: inline data has no block map", ino);
	return ext2fs_inode_has_valid_blocks2(c->fs, (struct ext2_inode *)inode) ? 1 : 0;
}

int chunk_file_next_data(struct chunk *c, ext2_ino_t ino, uint64_t off, uint64_t *start, uint64_t *end)
{
	unsigned bs = c->fs->blocksize;
	struct data_run run = { .want = off / bs };
	struct ext2_inode_large inode;
	int r = block_map_of(c, ino, &inode);

	if (r > 0 && (inode.i_flags & EXT4_EXTENTS_FL))
		r = extent_runs(c, ino, &run);
	else if (r > 0)
		r = chunk_errno(ext2fs_block_iterate3(c->fs, ino, BLOCK_FLAG_READ_ONLY | BLOCK_FLAG_DATA_ONLY, NULL,
						      data_block, &run));
	if (r < 0)
		return r;
	if (run.start == run.end) {
		*start = *end = UINT64_MAX;
		return 0;
	}
	*start = MAX(off, run.start * bs);
	*end = run.end * bs;
	return 0;
}

struct block_bounds_walk {
	blk64_t want;
	struct chunk_block_bounds *b;
};

static int bounds_block(ext2_filsys fs, blk64_t *blocknr, e2_blkcnt_t blockcnt, blk64_t ref_blk, int ref_offset,
			void *priv)
{
	struct block_bounds_walk *w = priv;
	blk64_t l = (blk64_t)blockcnt;

	if (blockcnt < 0 || !*blocknr)
		return 0;
	if (l < w->want) {
		w->b->before = MAX(w->b->before, l + 1);
	} else if (l == w->want) {
		w->b->mapped = true;
		w->b->run_end = l + 1;
	} else {
		if (w->b->mapped && l == w->b->run_end) /* blocks come in logical order */
			w->b->run_end = l + 1;
		w->b->after = MIN(w->b->after, l);
	}
	return 0;
}

int chunk_file_block_bounds(struct chunk *c, ext2_ino_t ino, uint64_t off, struct chunk_block_bounds *b)
{
	unsigned bs = c->fs->blocksize;
	struct block_bounds_walk w = { .want = off / bs, .b = b };
	struct ext2_inode_large inode;
	errcode_t err;
	int r;

	*b = (struct chunk_block_bounds){ .after = UINT64_MAX };
	r = block_map_of(c, ino, &inode);
	if (r < 0)
		return r;
	if (r > 0) {
		err = ext2fs_block_iterate3(c->fs, ino, BLOCK_FLAG_READ_ONLY | BLOCK_FLAG_DATA_ONLY, NULL, bounds_block,
					    &w);
		if (err)
			return chunk_error(c, chunk_errno(err), "inode %u: cannot read its block map: %s", ino,
					   error_message(err));
	}
	b->before *= bs;
	b->run_end *= bs;
	if (b->after != UINT64_MAX)
		b->after *= bs;
	return 0;
}
