/* Chunk: the few libext2fs operations on one chunk's file system that the rest of libchunk
 * builds on (inodes, small files, directories, extended attributes, free space). Opening and
 * closing a chunk is chunk-open.c's. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/chunk/chunk-io.h"
#include "libchunk/chunk/inode-attr.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"

#define META_FILE_MAX (64u << 20)

int chunk_error(struct chunk *c, int err, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return chunk_log_errno(err, "%s (chunk %u): %s", c->path, c->id, msg);
}

/* One fdatasync for everything written since the last: libext2fs's flush writes the bitmaps,
 * group descriptors and superblock without syncing (its own flush syncs before the superblock
 * and after it), then the channel syncs if it wrote anything. The order inside one sync does not
 * matter: until the chunk's state says CLEAN again it is DIRTY on disk, and e2fsck checks it. */
int chunk_sync(struct chunk *c)
{
	errcode_t err = 0;

	if (!c->writable)
		return 0;
	if (c->fs->flags & (EXT2_FLAG_DIRTY | EXT2_FLAG_IB_DIRTY | EXT2_FLAG_BB_DIRTY))
		err = ext2fs_flush2(c->fs, EXT2_FLAG_FLUSH_NO_SYNC);
	if (!err)
		err = io_channel_flush(c->fs->io);
	if (err)
		return chunk_error(c, chunk_errno(err), "flush failed: %s", error_message(err));
	return 0;
}

int chunk_barrier(struct chunk *c)
{
	errcode_t err;

	if (!c->writable)
		return 0;
	err = io_channel_flush(c->fs->io);
	return err ? chunk_error(c, chunk_errno(err), "flush failed: %s", error_message(err)) : 0;
}

int chunk_file_read_all(struct chunk *c, ext2_ino_t ino, void **buf, size_t *len)
{
	ext2_file_t f;
	errcode_t err;
	__u64 size;
	unsigned got;
	_cleanup_free_ char *b = NULL;

	err = ext2fs_file_open(c->fs, ino, 0, &f);
	if (err)
		return chunk_errno(err);
	size = ext2fs_file_get_size(f);
	if (size > META_FILE_MAX) {
		ext2fs_file_close(f);
		return -EFBIG;
	}
	b = malloc(size + 1);
	if (!b) {
		ext2fs_file_close(f);
		return -ENOMEM;
	}
	for (size_t done = 0; done < size; done += got) {
		err = ext2fs_file_read(f, b + done, (unsigned)(size - done), &got);
		if (err || got == 0) {
			ext2fs_file_close(f);
			return err ? chunk_errno(err) : -EIO;
		}
	}
	ext2fs_file_close(f);
	*buf = TAKE_PTR(b);
	*len = size;
	return 0;
}

int chunk_xattr_get(struct chunk *c, ext2_ino_t ino, const char *key, void **buf, size_t *len)
{
	struct ext2_xattr_handle *h;
	errcode_t err;
	void *val = NULL;
	size_t vlen = 0;

	err = ext2fs_xattrs_open(c->fs, ino, &h);
	if (err)
		return chunk_errno(err);
	err = ext2fs_xattrs_read(h);
	if (!err)
		err = ext2fs_xattr_get(h, key, &val, &vlen);
	ext2fs_xattrs_close(&h);
	if (err == EXT2_ET_EA_KEY_NOT_FOUND)
		return -ENODATA;
	if (err)
		return chunk_errno(err);
	*buf = val;
	*len = vlen;
	return 0;
}

/* Sets KEY to BUF (or removes it when BUF is NULL); closing the handle writes the inode's xattrs. */
static int xattr_change(struct chunk *c, ext2_ino_t ino, const char *key, const void *buf, size_t len)
{
	struct ext2_xattr_handle *h;
	errcode_t err, err2;

	err = ext2fs_xattrs_open(c->fs, ino, &h);
	if (err)
		return chunk_errno(err);
	err = ext2fs_xattrs_read(h);
	if (!err)
		err = buf ? ext2fs_xattr_set(h, key, buf, len) : ext2fs_xattr_remove(h, key);
	err2 = ext2fs_xattrs_close(&h);
	if (err == EXT2_ET_EA_KEY_NOT_FOUND)
		err = 0;
	return chunk_errno(err ? err : err2);
}

int chunk_xattr_set(struct chunk *c, ext2_ino_t ino, const char *key, const void *buf, size_t len)
{
	return xattr_change(c, ino, key, buf ? buf : "", len);
}

int chunk_xattr_remove(struct chunk *c, ext2_ino_t ino, const char *key)
{
	return xattr_change(c, ino, key, NULL, 0);
}

int chunk_inode_read(struct chunk *c, ext2_ino_t ino, struct ext2_inode_large *inode)
{
	memset(inode, 0, sizeof(*inode));
	return chunk_errno(ext2fs_read_inode_full(c->fs, ino, (struct ext2_inode *)inode, sizeof(*inode)));
}

int chunk_inode_write(struct chunk *c, ext2_ino_t ino, struct ext2_inode_large *inode)
{
	if (chunk_log_holding()) { /* a shared section only reads: the ordinary retry writes */
		chunk_log_hold_fail();
		return -EAGAIN;
	}
	return chunk_errno(ext2fs_write_inode_full(c->fs, ino, (struct ext2_inode *)inode, sizeof(*inode)));
}

static uint32_t random_generation(void)
{
	uint32_t g = 0;

	while (g == 0)
		if (getrandom(&g, sizeof(g), 0) != sizeof(g))
			g = (uint32_t)time(NULL) ^ (uint32_t)getpid();
	return g;
}

int chunk_new_inode_number(struct chunk *c, ext2_ino_t dir, int mode, ext2_ino_t *ret)
{
	errcode_t err = ext2fs_new_inode(c->fs, dir, mode, NULL, ret);

	if (!err)
		err = chunk_io_before_reuse(c->fs->io, 0, *ret);
	return chunk_errno(err);
}

int chunk_inode_new(struct chunk *c, ext2_ino_t dir, mode_t mode, uid_t uid, gid_t gid, ext2_ino_t *ret)
{
	struct ext2_inode_large inode = {};
	struct timespec now = chunk_time_now();
	ext2_ino_t ino;
	errcode_t err;
	int r;

	r = chunk_new_inode_number(c, dir, (int)mode, &ino);
	if (r < 0)
		return r;
	inode.i_mode = (uint16_t)mode;
	inode.i_uid = (uint16_t)uid;
	ext2fs_set_i_uid_high(inode, uid >> 16);
	inode.i_gid = (uint16_t)gid;
	ext2fs_set_i_gid_high(inode, gid >> 16);
	inode.i_generation = random_generation();
	if (EXT2_INODE_SIZE(c->fs->super) > EXT2_GOOD_OLD_INODE_SIZE)
		inode.i_extra_isize = sizeof(struct ext2_inode_large) - EXT2_GOOD_OLD_INODE_SIZE;
	chunk_inode_stamp(&inode, CHUNK_ATIME | CHUNK_MTIME | CHUNK_CTIME | CHUNK_CRTIME, &now);
	if (ext2fs_has_feature_extents(c->fs->super) && (S_ISREG(mode) || S_ISDIR(mode))) {
		ext2_extent_handle_t h;
		err = ext2fs_extent_open2(c->fs, ino, (struct ext2_inode *)&inode, &h);
		if (err)
			return chunk_errno(err);
		ext2fs_extent_free(h);
	}
	err = ext2fs_write_new_inode(c->fs, ino, (struct ext2_inode *)&inode);
	if (!err && EXT2_INODE_SIZE(c->fs->super) > EXT2_GOOD_OLD_INODE_SIZE)
		err = ext2fs_write_inode_full(c->fs, ino, (struct ext2_inode *)&inode, sizeof(inode));
	if (err)
		return chunk_errno(err);
	ext2fs_inode_alloc_stats2(c->fs, ino, +1, S_ISDIR(mode));
	*ret = ino;
	return 0;
}

int chunk_mode_ftype(mode_t mode)
{
	switch (mode & LINUX_S_IFMT) {
	case LINUX_S_IFREG: return EXT2_FT_REG_FILE;
	case LINUX_S_IFDIR: return EXT2_FT_DIR;
	case LINUX_S_IFLNK: return EXT2_FT_SYMLINK;
	case LINUX_S_IFCHR: return EXT2_FT_CHRDEV;
	case LINUX_S_IFBLK: return EXT2_FT_BLKDEV;
	case LINUX_S_IFIFO: return EXT2_FT_FIFO;
	case LINUX_S_IFSOCK: return EXT2_FT_SOCK;
	}
	return EXT2_FT_UNKNOWN;
}

int chunk_node_create(struct chunk *c, ext2_ino_t dir, const char *name, mode_t mode, dev_t rdev, uid_t uid,
		      gid_t gid, ext2_ino_t *ret)
{
	struct ext2_inode_large inode;
	ext2_ino_t ino;
	int ftype = chunk_mode_ftype(mode);
	int r;

	if (ftype == EXT2_FT_UNKNOWN || ftype == EXT2_FT_DIR || ftype == EXT2_FT_SYMLINK)
		return -EINVAL;
	r = chunk_inode_new(c, dir, mode, uid, gid, &ino);
	if (r < 0)
		return r;
	r = chunk_inode_read(c, ino, &inode);
	if (r == 0) {
		inode.i_links_count = 1;
		if (ftype == EXT2_FT_CHRDEV || ftype == EXT2_FT_BLKDEV)
			chunk_inode_set_rdev(&inode, rdev);
		r = chunk_inode_write(c, ino, &inode);
	}
	if (r == 0)
		r = chunk_link(c, dir, name, ino, ftype);
	if (r < 0) {
		chunk_inode_free(c, ino);
		return r;
	}
	*ret = ino;
	return 0;
}

int chunk_file_create(struct chunk *c, ext2_ino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid,
		      ext2_ino_t *ret)
{
	return chunk_node_create(c, dir, name, LINUX_S_IFREG | (mode & 07777), 0, uid, gid, ret);
}

static int inode_mark_deleted(struct chunk *c, ext2_ino_t ino, struct ext2_inode_large *inode)
{
	int r = chunk_inode_read(c, ino, inode);

	if (r < 0)
		return r;
	inode->i_links_count = 0;
	inode->i_dtime = (uint32_t)time(NULL);
	return chunk_inode_write(c, ino, inode);
}

int chunk_inode_mark_deleted(struct chunk *c, ext2_ino_t ino)
{
	struct ext2_inode_large inode;

	return inode_mark_deleted(c, ino, &inode);
}

int chunk_inode_free(struct chunk *c, ext2_ino_t ino)
{
	struct ext2_inode_large inode;
	errcode_t err;
	int r;

	/* Deleted first: e2fsck frees what a kill then leaves of it, and clears a name still
	 * pointing at it, rather than keep a file it empties block by block. */
	r = inode_mark_deleted(c, ino, &inode);
	if (r < 0)
		return r;
	if (ext2fs_inode_has_valid_blocks2(c->fs, (struct ext2_inode *)&inode)) {
		err = ext2fs_punch(c->fs, ino, (struct ext2_inode *)&inode, NULL, 0, ~0ULL);
		if (err)
			return chunk_errno(err);
	}
	err = ext2fs_free_ext_attr(c->fs, ino, &inode);
	if (err)
		return chunk_errno(err);
	inode.i_links_count = 0;
	inode.i_dtime = (uint32_t)time(NULL);
	inode.i_size = inode.i_size_high = 0;
	r = chunk_inode_write(c, ino, &inode);
	if (r < 0)
		return r;
	ext2fs_inode_alloc_stats2(c->fs, ino, -1, LINUX_S_ISDIR(inode.i_mode));
	chunk_io_note_freed_inode(c->fs->io, ino);
	return 0;
}

int chunk_lookup(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t *ret)
{
	errcode_t err = ext2fs_lookup(c->fs, dir, name, (int)strlen(name), NULL, ret);

	if (err == EXT2_ET_FILE_NOT_FOUND)
		return -ENOENT;
	return chunk_errno(err);
}

struct name_of {
	ext2_ino_t ino;
	char name[EXT2_NAME_LEN + 1];
};

static int name_of_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		      char *buf, void *priv)
{
	struct name_of *n = priv;
	int len = ext2fs_dirent_name_len(de);

	if (de->inode != n->ino || entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE)
		return 0;
	memcpy(n->name, de->name, len);
	n->name[len] = 0;
	return DIRENT_ABORT;
}

int chunk_find_name(struct chunk *c, ext2_ino_t dir, ext2_ino_t ino, char name[EXT2_NAME_LEN + 1])
{
	struct name_of n = { .ino = ino };
	errcode_t err = ext2fs_dir_iterate2(c->fs, dir, 0, NULL, name_of_cb, &n);

	if (err)
		return chunk_errno(err);
	if (!n.name[0])
		return -ENOENT;
	strcpy(name, n.name);
	return 0;
}

int chunk_make_lost_found(struct chunk *c, ext2_ino_t *ret)
{
	int r = chunk_mkdir(c, EXT2_ROOT_INO, "lost+found", 0700, 0, 0, ret);

	for (int i = 0; r == 0 && i < 3; i++)
		r = chunk_errno(ext2fs_expand_dir(c->fs, *ret));
	return r;
}

int chunk_link(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino, int ftype)
{
	errcode_t err = ext2fs_link(c->fs, dir, name, ino, ftype);

	if (err == EXT2_ET_DIR_NO_SPACE) {
		err = ext2fs_expand_dir(c->fs, dir);
		if (!err)
			err = ext2fs_link(c->fs, dir, name, ino, ftype);
	}
	return chunk_errno(err);
}

struct relink {
	const char *name;
	size_t len;
	ext2_ino_t ino;
	int ftype;
	bool done;
};

static int relink_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		     char *buf, void *priv)
{
	struct relink *rl = priv;

	if (de->inode == 0 || entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE ||
	    (size_t)ext2fs_dirent_name_len(de) != rl->len || memcmp(de->name, rl->name, rl->len) != 0)
		return 0;
	de->inode = rl->ino;
	ext2fs_dirent_set_file_type(de, rl->ftype);
	rl->done = true;
	return DIRENT_CHANGED | DIRENT_ABORT;
}

int chunk_relink(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino, int ftype)
{
	struct relink rl = { .name = name, .len = strlen(name), .ino = ino, .ftype = ftype };
	errcode_t err = ext2fs_dir_iterate2(c->fs, dir, 0, NULL, relink_cb, &rl);

	if (err)
		return chunk_errno(err);
	return rl.done ? 0 : -ENOENT;
}

int chunk_unlink(struct chunk *c, ext2_ino_t dir, const char *name)
{
	return chunk_unlink_inode(c, dir, name, 0);
}

int chunk_unlink_inode(struct chunk *c, ext2_ino_t dir, const char *name, ext2_ino_t ino)
{
	errcode_t err = ext2fs_unlink(c->fs, dir, name, ino, 0);

	if (err == EXT2_ET_DIR_NO_SPACE)
		return -ENOENT;
	return chunk_errno(err);
}

int chunk_mkdir(struct chunk *c, ext2_ino_t dir, const char *name, mode_t mode, uid_t uid,
		gid_t gid, ext2_ino_t *ret)
{
	struct timespec now = chunk_time_now();
	struct ext2_inode_large inode;
	ext2_ino_t ino;
	errcode_t err;
	int r;

	r = chunk_new_inode_number(c, dir, LINUX_S_IFDIR | 0755, &ino);
	if (r < 0)
		return r;
	err = ext2fs_mkdir(c->fs, dir, ino, name);
	if (err == EXT2_ET_DIR_NO_SPACE) {
		err = ext2fs_expand_dir(c->fs, dir);
		if (!err)
			err = ext2fs_mkdir(c->fs, dir, ino, name);
	}
	if (err)
		return chunk_errno(err);
	r = chunk_inode_read(c, ino, &inode);
	if (r < 0)
		return r;
	inode.i_mode = (uint16_t)(LINUX_S_IFDIR | (mode & 07777));
	inode.i_uid = (uint16_t)uid;
	ext2fs_set_i_uid_high(inode, uid >> 16);
	inode.i_gid = (uint16_t)gid;
	ext2fs_set_i_gid_high(inode, gid >> 16);
	inode.i_generation = random_generation();
	/* libext2fs stamped whole seconds. */
	chunk_inode_stamp(&inode, CHUNK_ATIME | CHUNK_MTIME | CHUNK_CTIME | CHUNK_CRTIME, &now);
	r = chunk_inode_write(c, ino, &inode);
	if (r < 0)
		return r;
	/* The directory block's checksum is seeded with the generation: write it again. */
	if (ext2fs_has_feature_metadata_csum(c->fs->super)) {
		_cleanup_free_ char *buf = malloc(c->fs->blocksize);
		blk64_t blk;
		if (!buf)
			return -ENOMEM;
		err = ext2fs_bmap2(c->fs, ino, (struct ext2_inode *)&inode, NULL, 0, 0, NULL, &blk);
		if (!err) {
			err = ext2fs_read_dir_block4(c->fs, blk, buf, 0, ino);
			if (err == EXT2_ET_DIR_CSUM_INVALID)
				err = 0;
		}
		if (!err)
			err = ext2fs_write_dir_block4(c->fs, blk, buf, 0, ino);
		if (err)
			return chunk_errno(err);
	}
	*ret = ino;
	return 0;
}

uint64_t chunk_reserved_blocks(struct ext2_super_block *sb)
{
	/* Room kept for metadata: index entries, directory growth, records. */
	return 16 + ext2fs_blocks_count(sb) / 50;
}

uint64_t chunk_free_bytes(struct chunk *c)
{
	uint64_t free_blocks = ext2fs_free_blocks_count(c->fs->super), res = chunk_reserved_blocks(c->fs->super);

	return free_blocks > res ? (free_blocks - res) * c->fs->blocksize : 0;
}

uint32_t chunk_reserved_inodes(const struct ext2_super_block *sb, unsigned nchunks)
{
	/* Inodes kept for chunkfs's own files: an index entry per peer is a file, made when the
	 * first reference with that peer is, so a chunk full of user inodes could otherwise refuse
	 * every continuation with any new peer (a volume whose root chunk filled up could not
	 * grow anywhere). One per chunk of the volume, at most an eighth of the chunk's inodes. */
	return 4 + MIN(nchunks, sb->s_inodes_count / 8);
}

uint64_t chunk_free_inodes(struct chunk *c)
{
	uint32_t f = c->fs->super->s_free_inodes_count;
	uint32_t reserve = chunk_reserved_inodes(c->fs->super, c->rec.nchunks);

	return f > reserve ? f - reserve : 0;
}

bool chunk_has_room(struct chunk *c, uint64_t bytes)
{
	/* Data blocks plus a little for the block map of the new data. */
	return chunk_free_inodes(c) > 0 && chunk_free_bytes(c) >= bytes + bytes / 256 + c->fs->blocksize;
}

static char *put_hex32(char *p, uint32_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 4)
		p[i] = "0123456789abcdef"[v & 15];
	return p + 8;
}

/* "%04u-%08x-%08x" of chunk, inode, generation; by hand, since a check names every
 * continuation it reads (snprintf was 8% of a check's instructions). */
void chunk_cont_name(const struct chunk_ref *head, char out[32])
{
	unsigned ch = head->chunk;
	char *p = out;

	if (ch > 9999) {
		snprintf(out, 32, "%04u-%08x-%08x", ch, head->ino, head->gen);
		return;
	}
	for (int i = 3; i >= 0; i--, ch /= 10)
		p[i] = (char)('0' + ch % 10);
	p[4] = '-';
	p = put_hex32(p + 5, head->ino);
	*p++ = '-';
	p = put_hex32(p, head->gen);
	*p = 0;
}
