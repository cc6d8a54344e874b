/* Writes of file data into one inode of a chunk, ordered so that a process killed at any point
 * leaves the file as it was or longer by a prefix of the bytes being written, never with bytes
 * that were not written (zeros, or the old contents of a reused block).
 *
 * libext2fs's file API maps a new block (writing the inode) and raises i_size before it writes
 * the block's data: the last block of each write stays in its buffer until the file is closed.
 * A kill in between left the file's tail as zeros (a fresh block: the allocator zeroes it).
 * Here each block goes data first, then its mapping, then the size. The chunk's I/O manager
 * writes through (chunk-io.c), so the image sees the writes in this order.
 *
 * e2fsck -fy extends i_size over an initialised block that starts past i_size (pass 1, "i_size
 * is X, should be Y"), rounding up to the end of that block. So before a block is mapped, the
 * size reaches the block's start: every block mapped beyond the size is then a full one whose
 * data is written, and rounding up exposes only written bytes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"

struct file_write {
	struct chunk *c;
	ext2_ino_t ino;
	uint64_t size; /* i_size as written so far */
	blk64_t goal;  /* where the next new block is looked for */
	bool data;     /* a file's data: may not take the blocks kept for metadata */
};

/* Writes SIZE (raised, never lowered) and, with BLOCKS, counts that many more blocks. */
static int write_size(struct file_write *w, uint64_t size, unsigned blocks)
{
	struct ext2_inode_large inode;
	errcode_t err;
	int r;

	r = chunk_inode_read(w->c, w->ino, &inode);
	if (r < 0)
		return r;
	if (size > w->size) {
		err = ext2fs_inode_size_set(w->c->fs, (struct ext2_inode *)&inode, size);
		if (err)
			return chunk_errno(err);
		w->size = size;
	}
	if (blocks) {
		err = ext2fs_iblk_add_blocks(w->c->fs, (struct ext2_inode *)&inode, blocks);
		if (err)
			return chunk_errno(err);
	}
	return chunk_inode_write(w->c, w->ino, &inode);
}

/* Block LBLK, not mapped (PBLK 0) or mapped unwritten, gets DATA: in a new block (allocated
 * here) or in its unwritten one, then mapped as written. Returns the blocks allocated (0, 1). */
static int write_new_block(struct file_write *w, blk64_t lblk, blk64_t pblk, const void *data)
{
	ext2_filsys fs = w->c->fs;
	uint64_t start = lblk * fs->blocksize;
	bool fresh = pblk == 0;
	errcode_t err;
	int r;

	if (fresh) {
		/* Records, index entries and directories need room when the data has filled the
		 * chunk: data stops at the reserve, and the file goes on in another chunk. */
		if (w->data && ext2fs_free_blocks_count(fs->super) <= chunk_reserved_blocks(fs->super))
			return -ENOSPC;
		if (!w->goal) {
			struct ext2_inode_large inode;
			r = chunk_inode_read(w->c, w->ino, &inode);
			if (r < 0)
				return r;
			w->goal = ext2fs_find_inode_goal(fs, w->ino, (struct ext2_inode *)&inode, lblk);
		}
		err = ext2fs_new_block2(fs, w->goal, NULL, &pblk);
		if (err)
			return chunk_errno(err);
		ext2fs_block_alloc_stats2(fs, pblk, +1);
	}
	err = io_channel_write_blk64(fs->io, pblk, 1, data);
	r = chunk_errno(err);
	if (r == 0 && w->size < start)
		r = write_size(w, start, 0);
	if (r == 0) /* with BMAP_ALLOC, an indirect-mapped file gets its indirect blocks */
		r = chunk_errno(ext2fs_bmap2(fs, w->ino, NULL, NULL, BMAP_SET | BMAP_ALLOC, lblk, NULL, &pblk));
	if (r < 0) {
		if (fresh)
			ext2fs_block_alloc_stats2(fs, pblk, -1);
		return r;
	}
	w->goal = pblk + 1;
	return fresh;
}

static int file_pwrite(struct chunk *c, ext2_ino_t ino, const void *buf, size_t len, uint64_t off, bool is_data)
{
	ext2_filsys fs = c->fs;
	unsigned bs = fs->blocksize;
	struct file_write w = { .c = c, .ino = ino, .data = is_data };
	struct ext2_inode_large inode;
	_cleanup_free_ char *block = NULL;
	uint64_t end = off + len;
	int r;

	if (len == 0)
		return 0;
	r = chunk_inode_read(c, ino, &inode);
	if (r < 0)
		return r;
	if (inode.i_flags & EXT4_INLINE_DATA_FL)
		return chunk_error(c, -EOPNOTSUPP, "inode %u: inline data cannot be written", ino);
	w.size = EXT2_I_SIZE(&inode);
	block = malloc(bs);
	if (!block)
		return -ENOMEM;
	for (blk64_t lblk = off / bs; lblk * bs < end; lblk++) {
		uint64_t start = lblk * bs, from = MAX(off, start), to = MIN(end, start + bs);
		const void *data;
		blk64_t pblk = 0;
		int flags = 0, allocated = 0;
		bool unwritten;

		r = chunk_errno(ext2fs_bmap2(fs, ino, NULL, NULL, 0, lblk, &flags, &pblk));
		if (r < 0)
			return r;
		unwritten = pblk == 0 || (flags & BMAP_RET_UNINIT);
		if (from > start || to < start + bs) { /* part of the block: merge with what it holds */
			if (unwritten)
				memset(block, 0, bs);
			else if ((r = chunk_errno(io_channel_read_blk64(fs->io, pblk, 1, block))) < 0)
				return r;
			if (!unwritten && w.size > start && w.size < from) /* past the old end: zeros */
				memset(block + (w.size - start), 0, from - w.size);
			memcpy(block + (from - start), (const char *)buf + (from - off), to - from);
			data = block;
		} else {
			data = (const char *)buf + (start - off);
		}
		if (unwritten)
			r = allocated = write_new_block(&w, lblk, pblk, data);
		else
			r = chunk_errno(io_channel_write_blk64(fs->io, pblk, 1, data));
		if (r >= 0 && (to > w.size || allocated))
			r = write_size(&w, to, (unsigned)allocated);
		if (r < 0)
			return r;
	}
	return 0;
}

int chunk_file_pwrite(struct chunk *c, ext2_ino_t ino, const void *buf, size_t len, uint64_t off)
{
	return file_pwrite(c, ino, buf, len, off, false);
}

int chunk_file_pwrite_data(struct chunk *c, ext2_ino_t ino, const void *buf, size_t len, uint64_t off)
{
	return file_pwrite(c, ino, buf, len, off, true);
}

/* A file that grows gets its new size first: a kill before its data leaves the old record
 * followed by zeros, which decodes as the old record; a record of one block is then written in
 * one write, so a kill leaves it old or new, never torn. */
int chunk_file_replace(struct chunk *c, ext2_ino_t ino, const void *buf, size_t len)
{
	struct ext2_inode_large inode;
	errcode_t err;
	int r;

	r = chunk_inode_read(c, ino, &inode);
	if (r < 0)
		return r;
	if (EXT2_I_SIZE(&inode) < len) {
		err = ext2fs_inode_size_set(c->fs, (struct ext2_inode *)&inode, len);
		r = err ? chunk_errno(err) : chunk_inode_write(c, ino, &inode);
		if (r < 0)
			return r;
	}
	r = chunk_file_pwrite(c, ino, buf, len, 0);
	return r < 0 ? r : chunk_file_shrink(c, ino, len);
}
