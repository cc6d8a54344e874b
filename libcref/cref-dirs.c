/* cref's pass 2: the directory blocks pass 1 listed, sorted by directory so that each
 * directory's entries arrive together, read with readahead a window ahead and parsed with
 * every length checked; then the inline-data directories through libext2fs. Each entry
 * other than "." and ".." is fed to the counters as a file or a subdirectory, decided by
 * pass 1's bitmap of directory inodes. */
#include <errno.h>
#include <stdlib.h>

#include "libcref/cref.h"

#define PREFETCH_DIR_BLOCKS 2048  /* directory blocks asked for ahead */

static int prefetch_dir_block(ext2_filsys fs, struct ext2_db_entry2 *db, void *priv)
{
	cref_scan_prefetch(priv, db->blk, 1);
	return 0;
}

static bool is_dot_or_dotdot(const struct ext2_dir_entry *d, int len)
{
	return (len == 1 && d->name[0] == '.') || (len == 2 && d->name[0] == '.' && d->name[1] == '.');
}

static void feed_entry(struct cref_scan *s, uint32_t ino)
{
	bool is_dir;

	if (ino == 0 || ino > s->cs[0].geo.inodes_count) {
		s->st->bad_dirents++;
		return;
	}
	is_dir = ext2fs_test_inode_bitmap2(s->dirs, ino);
	for (size_t i = 0; i < s->n; i++)
		cref_scan_note_error(s, cref_counter_dir_entry(&s->cs[i], ino, is_dir));
}

static void dir_switch(struct cref_scan *s, ext2_ino_t dir)
{
	for (size_t i = 0; s->dir_ino && i < s->n; i++)
		cref_scan_note_error(s, cref_counter_dir_end(&s->cs[i]));
	s->dir_ino = dir;
	for (size_t i = 0; dir && i < s->n; i++)
		cref_counter_dir_begin(&s->cs[i], dir);
}

/* Parses one directory block; stops at the first entry that does not fit. */
static void parse_dir_block(struct cref_scan *s, const char *buf)
{
	unsigned bs = s->fs->blocksize, off = 0;

	while (off < bs) {
		struct ext2_dir_entry *d = (struct ext2_dir_entry *)(buf + off);
		unsigned int rec_len;
		int len;

		if (bs - off < 8 || ext2fs_get_rec_len(s->fs, d, &rec_len) || rec_len < 8 || rec_len % 4 ||
		    rec_len > bs - off) {
			s->st->bad_dir_blocks++;
			return;
		}
		len = ext2fs_dirent_name_len(d);
		if ((unsigned)len + 8 > rec_len) {
			s->st->bad_dir_blocks++;
			return;
		}
		if (d->inode && !is_dot_or_dotdot(d, len))
			feed_entry(s, d->inode);
		off += rec_len;
	}
}

static int dir_block_proc(ext2_filsys fs, struct ext2_db_entry2 *db, void *priv)
{
	struct cref_scan *s = priv;

	if (db->ino != s->dir_ino)
		dir_switch(s, db->ino);
	if (io_channel_read_blk64(fs->io, db->blk, 1, s->block))
		s->st->bad_dir_blocks++;
	else
		parse_dir_block(s, s->block);
	if (++s->dir_blocks_seen % CREF_PROGRESS_EVERY == 0)
		cref_scan_progress(s, "directory blocks", s->dir_blocks_seen, (uint64_t)ext2fs_dblist_count2(s->dblist));
	return s->error ? DBLIST_ABORT : 0;
}

static int dir_block_compare(const void *a, const void *b)
{
	const struct ext2_db_entry2 *x = a, *y = b;

	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return x->blk < y->blk ? -1 : x->blk > y->blk;
}

static int inline_entry_proc(ext2_ino_t dir, int entry, struct ext2_dir_entry *d, int offset,
			     int blocksize, char *buf, void *priv)
{
	struct cref_scan *s = priv;

	/* by name: the "." and ".." libext2fs makes up for inline directories come numbered
	 * like other entries */
	if (d->inode && !is_dot_or_dotdot(d, ext2fs_dirent_name_len(d)))
		feed_entry(s, d->inode);
	return s->error ? DIRENT_ABORT : 0;
}

int cref_scan_directories(struct cref_scan *s)
{
	s->block = malloc(s->fs->blocksize);
	if (!s->block)
		return -ENOMEM;
	unsigned long long n = ext2fs_dblist_count2(s->dblist);

	ext2fs_dblist_sort2(s->dblist, dir_block_compare);
	ext2fs_dblist_iterate3(s->dblist, prefetch_dir_block, 0, PREFETCH_DIR_BLOCKS, s);
	for (unsigned long long start = 0; start < n && !s->error; start += PREFETCH_DIR_BLOCKS) {
		ext2fs_dblist_iterate3(s->dblist, prefetch_dir_block, start + PREFETCH_DIR_BLOCKS,
				       PREFETCH_DIR_BLOCKS, s);
		ext2fs_dblist_iterate3(s->dblist, dir_block_proc, start, PREFETCH_DIR_BLOCKS, s);
	}
	cref_scan_progress(s, "directory blocks", 1, 1);
	dir_switch(s, 0);
	for (size_t i = 0; i < s->n_inline_dirs && !s->error; i++) {
		dir_switch(s, s->inline_dirs[i]);
		if (ext2fs_dir_iterate2(s->fs, s->inline_dirs[i], 0, NULL, inline_entry_proc, s))
			s->st->bad_dir_blocks++;
	}
	dir_switch(s, 0);
	free(s->block);
	s->block = NULL;
	return s->error;
}
