/* Writes of file data into one inode of a chunk, ordered so that a process killed at any point
 * leaves the file as it was or longer by a prefix of the bytes being written, never with bytes
 * that were not written (zeros, or the old contents of a reused block).
 *
 * libext2fs's file API maps a new block (writing the inode) and raises i_size before it writes
 * the block's data: the last block of each write stays in its buffer until the file is closed.
 * A kill in between left the file's tail as zeros (a fresh block: the allocator zeroes it).
 * Here each block goes data first, then its mapping, then the size. The chunk's I/O manager
 * writes through (chunk-io.c), so the image sees the writes in this order. A power cut keeps
 * less than a kill: of the writes since the last fdatasync, any pages. So the data of every
 * block of one write goes first, then one fdatasync, then the mappings and sizes: no mapping
 * or size can outlive the cut without the data under it.
 *
 * e2fsck -fy extends i_size over an initialised block that starts past i_size (pass 1, "i_size
 * is X, should be Y"), rounding up to the end of that block. So before a block is mapped, the
 * size reaches the block's start: every block mapped beyond the size is then a full one whose
 * data is written, and rounding up exposes only written bytes.
 *
 * On a channel in ordered mode (the mount; chunk-io.c) the data goes to the image at once and
 * the mappings and sizes are held until the channel's next flush, which syncs the data first:
 * the same order, without an fdatasync for each write. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/chunk-io.h"
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

/* One block of a write, between its data and its commit. */
struct pending {
	blk64_t lblk, pblk;
	uint64_t to;   /* where the write ends in this block */
	bool map;      /* not mapped, or mapped unwritten: mapped once the data is durable */
	bool fresh;    /* allocated here (in memory only until mapped) */
};

/* The first step of a block: its data goes to its place, a new block (allocated here) when it
 * has none, before anything points to it or the size covers it. */
static int write_data(struct file_write *w, struct pending *p, const void *data)
{
	ext2_filsys fs = w->c->fs;
	errcode_t err;
	int r;

	if (p->map && p->pblk == 0) {
		/* Records, index entries and directories need room when the data has filled the
		 * chunk: data stops at the reserve, and the file goes on in another chunk. */
		if (w->data && ext2fs_free_blocks_count(fs->super) <= chunk_reserved_blocks(fs->super))
			return -ENOSPC;
		if (!w->goal) {
			struct ext2_inode_large inode;
			r = chunk_inode_read(w->c, w->ino, &inode);
			if (r < 0)
				return r;
			w->goal = ext2fs_find_inode_goal(fs, w->ino, (struct ext2_inode *)&inode, p->lblk);
		}
		err = ext2fs_new_block2(fs, w->goal, NULL, &p->pblk);
		if (err)
			return chunk_errno(err);
		ext2fs_block_alloc_stats2(fs, p->pblk, +1);
		p->fresh = true;
		w->goal = p->pblk + 1;
	}
	/* A file's data goes to the image at once in ordered mode (chunk-io.c), and so does a
	 * record's new block, which nothing on the image points to yet. A record's block in place
	 * is held with the record's size: new bytes under the old size would be a torn record. */
	if (w->data || p->fresh)
		return chunk_errno(chunk_io_write_data(fs->io, p->pblk, data));
	return chunk_errno(io_channel_write_blk64(fs->io, p->pblk, 1, data));
}

/* The second step, once the data is durable: the size reaches the block's start, the block is
 * mapped (an indirect-mapped file gets its indirect blocks with BMAP_ALLOC), then the size
 * covers what was written, with the block counted if it is new. */
static int commit_block(struct file_write *w, struct pending *p)
{
	ext2_filsys fs = w->c->fs;
	uint64_t start = p->lblk * fs->blocksize;
	bool fresh = p->fresh;
	blk64_t pblk = p->pblk;
	int r = 0;

	if (p->map) {
		if (w->size < start)
			r = write_size(w, start, 0);
		if (r == 0)
			r = chunk_errno(ext2fs_bmap2(fs, w->ino, NULL, NULL, BMAP_SET | BMAP_ALLOC, p->lblk, NULL, &pblk));
		if (r < 0)
			return r;
		p->fresh = false; /* the file's block now */
	}
	if (p->to > w->size || fresh)
		r = write_size(w, p->to, fresh ? 1 : 0);
	return r;
}

/* Every block's data first, wherever it goes; then, if anything is to be mapped or the size
 * raised, one fdatasync; then the mappings and sizes in block order. A kill leaves what the
 * order above says; a power cut, which keeps of the writes since the last sync any part, can
 * then not keep a mapping or a size without the data under it (a kill-only order could: the
 * page cache writes the inode's page back before the data's). */
static int file_pwrite(struct chunk *c, ext2_ino_t ino, const void *buf, size_t len, uint64_t off, bool is_data)
{
	ext2_filsys fs = c->fs;
	unsigned bs = fs->blocksize;
	struct file_write w = { .c = c, .ino = ino, .data = is_data };
	struct ext2_inode_large inode;
	_cleanup_free_ char *block = NULL;
	_cleanup_free_ struct pending *pend = NULL;
	uint64_t end = off + len;
	size_t np = 0, nblocks;
	bool barrier = false;
	int r, first_err = 0;

	if (len == 0)
		return 0;
	r = chunk_inode_read(c, ino, &inode);
	if (r < 0)
		return r;
	if (inode.i_flags & EXT4_INLINE_DATA_FL)
		return chunk_error(c, -EOPNOTSUPP, "inode %u: inline data cannot be written", ino);
	w.size = EXT2_I_SIZE(&inode);
	nblocks = (size_t)((end - 1) / bs - off / bs + 1);
	block = malloc(bs);
	pend = calloc(nblocks, sizeof(*pend));
	if (!block || !pend)
		return -ENOMEM;
	for (blk64_t lblk = off / bs; lblk * bs < end; lblk++) {
		uint64_t start = lblk * bs, from = MAX(off, start), to = MIN(end, start + bs);
		struct pending *p = &pend[np];
		const void *data;
		blk64_t pblk = 0;
		int flags = 0;
		bool unwritten;

		r = chunk_errno(ext2fs_bmap2(fs, ino, NULL, NULL, 0, lblk, &flags, &pblk));
		if (r < 0) {
			first_err = r;
			break;
		}
		unwritten = pblk == 0 || (flags & BMAP_RET_UNINIT);
		if (from > start || to < start + bs) { /* part of the block: merge with what it holds */
			if (unwritten)
				memset(block, 0, bs);
			else if ((r = chunk_errno(io_channel_read_blk64(fs->io, pblk, 1, block))) < 0) {
				first_err = r;
				break;
			}
			if (!unwritten && w.size > start && w.size < from) /* past the old end: zeros */
				memset(block + (w.size - start), 0, from - w.size);
			memcpy(block + (from - start), (const char *)buf + (from - off), to - from);
			data = block;
		} else {
			data = (const char *)buf + (start - off);
		}
		*p = (struct pending){ .lblk = lblk, .pblk = pblk, .to = to, .map = unwritten };
		r = write_data(&w, p, data);
		if (r < 0) {
			if (p->fresh)
				ext2fs_block_alloc_stats2(fs, p->pblk, -1);
			first_err = r;
			break;
		}
		barrier |= p->map || to > w.size;
		np++;
	}
	/* What was written before an error is committed as always: a short write. An ordered
	 * channel (chunk-io.c) keeps the commits until its next flush, which syncs the data first. */
	r = barrier && !chunk_io_ordered(fs->io) ? chunk_errno(io_channel_flush(fs->io)) : 0;
	for (size_t i = 0; i < np && r == 0; i++)
		r = commit_block(&w, &pend[i]);
	if (r < 0) {
		for (size_t i = 0; i < np; i++)
			if (pend[i].fresh)
				ext2fs_block_alloc_stats2(fs, pend[i].pblk, -1);
		return r;
	}
	return first_err;
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
