/* cref's scan of an ext2/3/4 file system, read-only, and its pass 1.
 *
 * First the group descriptors: each group's inode table and bitmaps count as metadata of its
 * chunk; a group whose inode table lies outside the file system is skipped. Pass 1 then
 * reads the inode tables in order: it counts files, directories and special files, feeds
 * every inode's blocks (extents as ranges, block maps block by block) to the counters, and
 * leaves pass 2 (cref-dirs.c) a bitmap of directory inodes and the list of directory blocks.
 * Every block number is checked against the file system before it is used; what fails is
 * counted in cref_stats and skipped. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "libcref/cref.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"

#define PREFETCH_GROUPS 2 /* inode tables asked for ahead */

static errcode_t scan_read_inode(ext2_filsys fs, ext2_ino_t ino, struct ext2_inode *inode)
{
	struct cref_scan *s = fs->priv_data;

	if (!s || ino != s->cur_ino)
		return EXT2_ET_CALLBACK_NOTHANDLED;
	*inode = *s->cur;
	return 0;
}

static bool block_valid(const struct cref_scan *s, uint64_t blk)
{
	return cref_geometry_block_valid(&s->cs[0].geo, blk);
}

void cref_scan_note_error(struct cref_scan *s, int r)
{
	if (r < 0 && r != -ERANGE && s->error == 0)
		s->error = r;
}

static void feed_meta_block(struct cref_scan *s, uint64_t blk)
{
	for (size_t i = 0; i < s->n; i++)
		cref_counter_add_meta(&s->cs[i], cref_chunk_of_block(&s->cs[i].geo, blk), s->fs->blocksize);
}

/* A run of blocks owned by the current inode: data (or directory) blocks or tree blocks. */
static void feed_blocks(struct cref_scan *s, uint64_t blk, uint64_t count, bool data)
{
	if (count == 0)
		return;
	if (!block_valid(s, blk) || blk + count < blk || !block_valid(s, blk + count - 1)) {
		s->st->bad_blocks++;
		return;
	}
	for (size_t i = 0; i < s->n; i++)
		cref_scan_note_error(s, cref_counter_file_blocks(&s->cs[i], blk, count, data));
	if (!data) {
		feed_meta_block(s, blk);
		return;
	}
	if (!s->cur_is_dir)
		return;
	for (uint64_t b = blk; b < blk + count; b++) {
		feed_meta_block(s, b);
		cref_scan_note_error(s, chunk_errno(ext2fs_add_dir_block2(s->dblist, s->cur_ino, b, 0)));
	}
}

static int block_proc(ext2_filsys fs, blk64_t *blocknr, e2_blkcnt_t blockcnt,
		      blk64_t ref_blk, int ref_offset, void *priv)
{
	struct cref_scan *s = priv;

	feed_blocks(s, *blocknr, 1, blockcnt >= 0);
	return s->error ? BLOCK_ABORT : 0;
}

/* Walks the extent tree by hand so that an index entry pointing outside the file system is
 * never followed; leaves are fed as ranges, never block by block. */
static void scan_extents(struct cref_scan *s)
{
	ext2_extent_handle_t h = NULL;
	struct ext2fs_extent e;
	struct ext2_extent_info info;
	errcode_t err;
	int op = EXT2_EXTENT_ROOT;
	uint64_t steps = 0, max_steps = s->cs[0].geo.blocks_count + 16;

	if (ext2fs_extent_open2(s->fs, s->cur_ino, s->cur, &h)) {
		s->st->bad_blocks++;
		return;
	}
	while (steps++ < max_steps && !s->error) {
		err = ext2fs_extent_get(h, op, &e);
		if (err == EXT2_ET_EXTENT_NO_NEXT || (op == EXT2_EXTENT_ROOT && err == EXT2_ET_NO_CURRENT_NODE)) {
			if (ext2fs_extent_get(h, EXT2_EXTENT_UP, &e))
				break; /* the end of the root: done */
			op = EXT2_EXTENT_NEXT_SIB;
			continue;
		}
		if (err) {
			s->st->bad_blocks++;
			break;
		}
		op = EXT2_EXTENT_NEXT_SIB;
		if (e.e_flags & EXT2_EXTENT_FLAGS_LEAF) {
			if (s->cur_is_dir && (e.e_flags & EXT2_EXTENT_FLAGS_UNINIT))
				continue;
			feed_blocks(s, e.e_pblk, e.e_len, true);
			continue;
		}
		if (!block_valid(s, e.e_pblk)) {
			s->st->bad_blocks++;
			continue;
		}
		feed_blocks(s, e.e_pblk, 1, false);
		if (ext2fs_extent_get_info(h, &info))
			break;
		err = ext2fs_extent_get(h, EXT2_EXTENT_DOWN, &e);
		if (err == 0) {
			/* the first entry of the child is current: look at it before moving on */
			op = EXT2_EXTENT_CURRENT;
			continue;
		}
		/* an unreadable child: count it, climb back to the index entry, go on */
		s->st->bad_blocks++;
		for (struct ext2_extent_info now; ext2fs_extent_get_info(h, &now) == 0 && now.curr_level > info.curr_level;)
			if (ext2fs_extent_get(h, EXT2_EXTENT_UP, &e))
				break;
	}
	ext2fs_extent_free(h);
}

static int inline_dir_add(struct cref_scan *s, uint32_t ino)
{
	if (s->n_inline_dirs == s->cap_inline_dirs) {
		size_t cap = s->cap_inline_dirs ? s->cap_inline_dirs * 2 : 64;
		uint32_t *p = realloc(s->inline_dirs, cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		s->inline_dirs = p;
		s->cap_inline_dirs = cap;
	}
	s->inline_dirs[s->n_inline_dirs++] = ino;
	return 0;
}

static void scan_inode(struct cref_scan *s, ext2_ino_t ino, struct ext2_inode *inode)
{
	uint16_t mode = inode->i_mode;

	if (inode->i_links_count == 0 || mode == 0)
		return; /* free */
	if (ino < EXT2_FIRST_INODE(s->fs->super) && ino != EXT2_ROOT_INO)
		return; /* the file system's own metadata, not a file */
	if (LINUX_S_ISREG(mode))
		s->st->files++;
	else if (LINUX_S_ISDIR(mode))
		s->st->directories++;
	else if (LINUX_S_ISLNK(mode) || LINUX_S_ISCHR(mode) || LINUX_S_ISBLK(mode) ||
		 LINUX_S_ISFIFO(mode) || LINUX_S_ISSOCK(mode))
		s->st->special_files++;
	else {
		s->st->skipped_inodes++;
		return;
	}
	s->cur_is_dir = LINUX_S_ISDIR(mode);
	if (s->cur_is_dir)
		ext2fs_mark_inode_bitmap2(s->dirs, ino);
	if (inode->i_flags & EXT4_INLINE_DATA_FL) {
		s->st->inline_inodes++;
		if (s->cur_is_dir)
			cref_scan_note_error(s, inline_dir_add(s, ino));
		return;
	}
	if (!LINUX_S_ISREG(mode) && !LINUX_S_ISDIR(mode) && !LINUX_S_ISLNK(mode))
		return; /* devices, fifos, sockets own no blocks */
	if (LINUX_S_ISLNK(mode) && ext2fs_is_fast_symlink(inode))
		return;

	s->cur_ino = ino;
	s->cur = inode;
	s->st->inodes_with_blocks++;
	for (size_t i = 0; i < s->n; i++)
		cref_counter_file_begin(&s->cs[i], ino);
	if (inode->i_flags & EXT4_EXTENTS_FL) {
		scan_extents(s);
	} else {
		uint64_t bad_before = s->st->bad_blocks;

		/* a bad indirect block is counted by block_proc, the error only if it was not */
		if (ext2fs_block_iterate3(s->fs, ino, BLOCK_FLAG_READ_ONLY, NULL, block_proc, s) &&
		    !s->error && s->st->bad_blocks == bad_before)
			s->st->bad_blocks++;
	}
	for (size_t i = 0; i < s->n; i++)
		cref_scan_note_error(s, cref_counter_file_end(&s->cs[i]));
	s->cur_ino = 0;
	s->cur = NULL;
}

/* Groups whose inode table is missing or lies outside the file system are skipped whole;
 * the rest contribute their inode table (the part in use) and bitmaps to their chunk. */
static void scan_groups(struct cref_scan *s)
{
	ext2_filsys fs = s->fs;
	uint32_t isize = EXT2_INODE_SIZE(fs->super), ipg = fs->super->s_inodes_per_group;

	for (dgrp_t g = 0; g < fs->group_desc_count; g++) {
		blk64_t it = ext2fs_inode_table_loc(fs, g);
		uint64_t used = ipg, bytes;

		if (it == 0 || !block_valid(s, it) || !block_valid(s, it + fs->inode_blocks_per_group - 1)) {
			s->st->skipped_groups++;
			/* in memory only: the scan then passes over the group (the fs is read-only) */
			ext2fs_inode_table_loc_set(fs, g, 0);
			continue;
		}
		if (ext2fs_has_group_desc_csum(fs)) {
			uint32_t unused = ext2fs_bg_itable_unused(fs, g);
			used = ext2fs_bg_flags_test(fs, g, EXT2_BG_INODE_UNINIT) ? 0 : unused < ipg ? ipg - unused : 0;
		}
		bytes = (used * isize + fs->blocksize - 1) / fs->blocksize * fs->blocksize + 2ULL * fs->blocksize;
		for (size_t i = 0; i < s->n; i++)
			cref_counter_add_meta(&s->cs[i], cref_chunk_of_group(&s->cs[i].geo, g), bytes);
	}
}

/* Readahead hints, so that the kernel reads the next inode tables and directory blocks
 * while we count: the scan itself reads one block range at a time. */
void cref_scan_prefetch(const struct cref_scan *s, uint64_t blk, uint64_t count)
{
	if (s->prefetch_fd >= 0 && count)
		(void)posix_fadvise(s->prefetch_fd, (off_t)(blk * s->fs->blocksize),
				    (off_t)(count * s->fs->blocksize), POSIX_FADV_WILLNEED);
}

static void prefetch_inode_table(const struct cref_scan *s, dgrp_t g)
{
	uint64_t blocks = s->fs->inode_blocks_per_group;

	if (g >= s->fs->group_desc_count || ext2fs_inode_table_loc(s->fs, g) == 0)
		return;
	if (ext2fs_has_group_desc_csum(s->fs)) {
		uint32_t ipg = s->fs->super->s_inodes_per_group, unused = ext2fs_bg_itable_unused(s->fs, g);
		uint64_t used = ext2fs_bg_flags_test(s->fs, g, EXT2_BG_INODE_UNINIT) ? 0 : unused < ipg ? ipg - unused : 0;

		blocks = (used * EXT2_INODE_SIZE(s->fs->super) + s->fs->blocksize - 1) / s->fs->blocksize;
	}
	cref_scan_prefetch(s, ext2fs_inode_table_loc(s->fs, g), blocks);
}

static errcode_t group_done(ext2_filsys fs, ext2_inode_scan scan, dgrp_t group, void *priv)
{
	prefetch_inode_table(priv, group + PREFETCH_GROUPS);
	return 0;
}


void cref_scan_progress(const struct cref_scan *s, const char *what, uint64_t done, uint64_t total)
{
	if (s->progress && total)
		fprintf(stderr, "\rcref: %s %3u%%", what, (unsigned)(MIN(done, total) * 100 / total));
}

static int pass1_scan(struct cref_scan *s, struct ext2_inode *inode, int isize)
{
	ext2_inode_scan iscan = NULL;
	ext2_ino_t ino = 0, last = 0, ipg = s->fs->super->s_inodes_per_group;
	dgrp_t bad_group = (dgrp_t)-1; /* so that the first is bad_group + 1 = 0 */
	uint64_t seen = 0;
	errcode_t err;

	err = ext2fs_open_inode_scan(s->fs, 256, &iscan);
	if (err)
		return chunk_errno(err);
	ext2fs_inode_scan_flags(iscan, EXT2_SF_SKIP_MISSING_ITABLE, 0);
	ext2fs_set_inode_callback(iscan, group_done, s);
	for (dgrp_t g = 0; g <= PREFETCH_GROUPS; g++)
		prefetch_inode_table(s, g);
	s->fs->priv_data = s;
	s->fs->read_inode = scan_read_inode;
	while (!s->error) {
		err = ext2fs_get_next_inode_full(iscan, &ino, inode, isize);
		if (err == EXT2_ET_NEXT_INODE_READ || err == EXT2_ET_MISSING_INODE_TABLE) {
			/* an unreadable inode table: skip to the group after the one at fault,
			 * always forward, so the scan cannot come back to it */
			dgrp_t g = MAX((dgrp_t)(last / ipg), bad_group + 1);

			s->st->skipped_groups++;
			s->st->scan_truncated = true;
			bad_group = g;
			if (g + 1 >= s->fs->group_desc_count ||
			    ext2fs_inode_scan_goto_blockgroup(iscan, (int)(g + 1)))
				break;
			last = (g + 1) * ipg;
			continue;
		}
		if (err == 0 && ino == 0)
			break;
		if (ino <= last) {
			s->st->scan_truncated = true; /* no progress: give up rather than loop */
			break;
		}
		last = ino;
		if (err) {
			s->st->skipped_inodes++;
			continue;
		}
		scan_inode(s, ino, inode);
		if (++seen % CREF_PROGRESS_EVERY == 0)
			cref_scan_progress(s, "inodes", ino, s->fs->super->s_inodes_count);
	}
	cref_scan_progress(s, "inodes", 1, 1);
	s->fs->read_inode = NULL;
	s->fs->priv_data = NULL;
	ext2fs_close_inode_scan(iscan);
	return s->error;
}

int cref_scan_inodes(struct cref_scan *s)
{
	int isize = EXT2_INODE_SIZE(s->fs->super);
	_cleanup_free_ struct ext2_inode *inode = calloc(1, isize);

	if (!inode)
		return -ENOMEM;
	scan_groups(s);
	return pass1_scan(s, inode, isize);
}
