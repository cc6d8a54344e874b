/* Inode attributes seen through the volume: stat over every part, setattr, readlink, and the
 * chain of continuations (for chunkctl stat). A file unlinked but kept open (on its chunk's
 * orphan list) is still there for stat and setattr, with no link. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libchunk/volume/cont.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/inode-attr.h"
#include "libchunk/chunk/orphan.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/namespace/file.h"
#include "libchunk/namespace/namespace.h"
#include "libchunk/chunk/state.h"

int head_inode(struct volume *v, vino_t ino, struct chunk **c, struct ext2_inode_large *inode, bool write)
{
	int r = write ? volume_chunk_writable(v, VINO_CHUNK(ino), c) : volume_chunk(v, VINO_CHUNK(ino), c);

	if (r < 0)
		return r;
	if (VINO_INO(ino) < 1 || VINO_INO(ino) > (*c)->fs->super->s_inodes_count)
		return -ENOENT;
	r = chunk_inode_read(*c, VINO_INO(ino), inode);
	if (r < 0)
		return r;
	return chunk_inode_in_use(*c, VINO_INO(ino), inode) ? 0 : -ENOENT;
}

int volume_chain(struct volume *v, vino_t ino, struct volume_chain_link **ret, unsigned *n, struct record_head *out)
{
	struct ext2_inode_large inode;
	struct volume_chain_link *links;
	struct record_head h;
	struct chunk_ref head;
	struct chunk *c;
	int r = head_inode(v, ino, &c, &inode, false);

	if (r < 0)
		return r;
	r = cont_head_load(c, VINO_INO(ino), &h);
	if (r < 0)
		return r;
	head = (struct chunk_ref){ .chunk = (uint16_t)VINO_CHUNK(ino), .ino = VINO_INO(ino), .gen = inode.i_generation };
	links = calloc(h.ncont + 1, sizeof(*links));
	if (!links) {
		record_head_done(&h);
		return -ENOMEM;
	}
	links[0] = (struct volume_chain_link){ .chunk = head.chunk, .ino = head.ino, .gen = head.gen };
	for (unsigned i = 0; i < h.ncont; i++)
		links[i + 1] = (struct volume_chain_link){ .chunk = h.conts[i].chunk, .ino = h.conts[i].ino,
			.gen = h.conts[i].gen, .status = cont_confirm(v, &head, &h.conts[i], NULL) };
	if (h.nranges == 0 && !LINUX_S_ISDIR(inode.i_mode)) {
		links[0].bytes = EXT2_I_SIZE(&inode);
		links[0].nranges = 1;
	}
	for (unsigned i = 0; i < h.nranges; i++) {
		if (h.ranges[i].holder == RANGE_LOST)
			continue; /* held by nobody: the caller lists them from the record */
		links[h.ranges[i].holder].bytes += h.ranges[i].end - h.ranges[i].start;
		links[h.ranges[i].holder].nranges++;
	}
	*ret = links;
	*n = h.ncont + 1;
	if (out)
		*out = h;
	else
		record_head_done(&h);
	return 0;
}

static void stat_times(struct vstat *st, const struct ext2_inode_large *inode)
{
	struct timespec a = chunk_inode_time(inode, CHUNK_ATIME), m = chunk_inode_time(inode, CHUNK_MTIME),
			c = chunk_inode_time(inode, CHUNK_CTIME);

	st->atime = a.tv_sec;
	st->atime_ns = (uint32_t)a.tv_nsec;
	st->mtime = m.tv_sec;
	st->mtime_ns = (uint32_t)m.tv_nsec;
	st->ctime = c.tv_sec;
	st->ctime_ns = (uint32_t)c.tv_nsec;
}

int volume_stat(struct volume *v, vino_t ino, struct vstat *st)
{
	struct ext2_inode_large inode;
	struct record_head h;
	struct chunk *c;
	int r = head_inode(v, ino, &c, &inode, false);

	if (r < 0)
		return r;
	memset(st, 0, sizeof(*st));
	st->ino = ino;
	st->mode = inode.i_mode;
	st->nlink = inode.i_links_count;
	st->uid = inode_uid(inode);
	st->gid = inode_gid(inode);
	if (LINUX_S_ISCHR(inode.i_mode) || LINUX_S_ISBLK(inode.i_mode))
		st->rdev = chunk_inode_rdev(&inode);
	st->size = EXT2_I_SIZE(&inode);
	st->blocks = ext2fs_get_stat_i_blocks(c->fs, (struct ext2_inode *)&inode);
	stat_times(st, &inode);
	st->generation = inode.i_generation;
	r = cont_head_load(c, VINO_INO(ino), &h);
	if (r < 0)
		return r;
	st->continuations = h.ncont;
	for (unsigned i = 0; i < h.ncont; i++) {
		struct ext2_inode_large ci;
		struct chunk *cc;
		if (volume_chunk(v, h.conts[i].chunk, &cc) < 0 || chunk_inode_read(cc, h.conts[i].ino, &ci) < 0)
			continue;
		st->blocks += ext2fs_get_stat_i_blocks(cc->fs, (struct ext2_inode *)&ci);
		if (LINUX_S_ISDIR(inode.i_mode) && ci.i_links_count > 2)
			st->nlink += ci.i_links_count - 2u; /* subdirectories held in the continuation */
	}
	record_head_done(&h);
	return 0;
}

static int check_vattr(const struct ext2_inode_large *inode, const struct vattr *a)
{
	if (a->set & ~(VATTR_MODE | VATTR_OWNER | VATTR_TIMES | VATTR_ATIME_NOW | VATTR_MTIME_NOW | VATTR_SIZE))
		return -EINVAL;
	if (((a->set & VATTR_ATIME) && a->atime_ns >= 1000000000u) ||
	    ((a->set & VATTR_MTIME) && a->mtime_ns >= 1000000000u))
		return -EINVAL;
	if (!(a->set & VATTR_SIZE) || LINUX_S_ISREG(inode->i_mode))
		return 0;
	return LINUX_S_ISDIR(inode->i_mode) ? -EISDIR : -EINVAL;
}

/* A new size, through the file's head and continuations (file.c). */
static int set_size(struct volume *v, vino_t ino, uint64_t size)
{
	_cleanup_(vfile_closep) struct vfile *f = NULL;
	int r = vfile_open(v, ino, true, &f);

	if (r == 0)
		r = vfile_truncate(f, size);
	if (r == 0)
		r = vfile_close(TAKE_PTR(f));
	return r;
}

static void apply_vattr(struct ext2_inode_large *inode, const struct vattr *a, const struct timespec *now)
{
	unsigned stamp_now = CHUNK_CTIME;
	struct timespec ts;

	if (a->set & VATTR_MODE)
		inode->i_mode = (uint16_t)((inode->i_mode & LINUX_S_IFMT) | (a->mode & 07777));
	if (a->set & VATTR_UID) {
		inode->i_uid = (uint16_t)a->uid;
		ext2fs_set_i_uid_high(*inode, a->uid >> 16);
	}
	if (a->set & VATTR_GID) {
		inode->i_gid = (uint16_t)a->gid;
		ext2fs_set_i_gid_high(*inode, a->gid >> 16);
	}
	if (a->set & VATTR_ATIME_NOW)
		stamp_now |= CHUNK_ATIME;
	else if (a->set & VATTR_ATIME) {
		ts = (struct timespec){ .tv_sec = a->atime, .tv_nsec = a->atime_ns };
		chunk_inode_stamp(inode, CHUNK_ATIME, &ts);
	}
	if (a->set & VATTR_MTIME_NOW || ((a->set & VATTR_SIZE) && !(a->set & VATTR_MTIME)))
		stamp_now |= CHUNK_MTIME;
	else if (a->set & VATTR_MTIME) {
		ts = (struct timespec){ .tv_sec = a->mtime, .tv_nsec = a->mtime_ns };
		chunk_inode_stamp(inode, CHUNK_MTIME, &ts);
	}
	chunk_inode_stamp(inode, stamp_now, now);
}

int volume_setattr(struct volume *v, vino_t ino, const struct vattr *a)
{
	struct ext2_inode_large inode;
	struct timespec now;
	struct chunk *c;
	int r = head_inode(v, ino, &c, &inode, true);

	if (r == 0)
		r = check_vattr(&inode, a);
	if (r < 0)
		return r;
	if (a->set & VATTR_SIZE) {
		r = set_size(v, ino, a->size);
		if (r == 0)
			r = head_inode(v, ino, &c, &inode, true);
		if (r < 0)
			return r;
	}
	now = chunk_time_now();
	apply_vattr(&inode, a, &now);
	return chunk_inode_write(c, VINO_INO(ino), &inode);
}

int volume_readlink(struct volume *v, vino_t ino, char *buf, size_t size)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	uint64_t len;
	int r = head_inode(v, ino, &c, &inode, false);

	if (r < 0)
		return r;
	if (!LINUX_S_ISLNK(inode.i_mode))
		return -EINVAL;
	len = EXT2_I_SIZE(&inode);
	if (len >= size || len >= 4096)
		return -ENAMETOOLONG;
	if (ext2fs_is_fast_symlink((struct ext2_inode *)&inode)) {
		memcpy(buf, inode.i_block, len);
	} else {
		_cleanup_free_ void *data = NULL;
		size_t got;
		r = chunk_file_read_all(c, VINO_INO(ino), &data, &got);
		if (r < 0)
			return r;
		if (got < len)
			return chunk_corrupt(c, "symlink inode %u is shorter than its size", VINO_INO(ino));
		memcpy(buf, data, len);
	}
	buf[len] = '\0';
	return (int)len;
}
