/* New names: files, device nodes, FIFOs and sockets, directories, symlinks and hard links. A
 * new inode goes where placement puts it (dir_place, dir-place.c); a hard link goes into the
 * directory's part in the target's own chunk (docs/FORMAT.md). */
#include <errno.h>
#include <string.h>

#include "libchunk/base/errors.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/chunk/inode-attr.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/namespace/namespace.h"

/* Open DIR, make sure NAME is free in every part, and choose where a new inode goes. */
static int prepare_create(struct volume *v, vino_t dir, const char *name, bool is_dir, uint64_t need,
			  struct dir_parts *d, unsigned *chunk, ext2_ino_t *ldir)
{
	unsigned part;
	ext2_ino_t ino;
	int r = dir_check_name(name);

	if (r < 0)
		return r;
	if (dir_reserved_name(dir, name))
		return -EPERM;
	r = dir_open(v, dir, d);
	if (r < 0)
		return r;
	r = dir_find(v, d, name, &part, &ino);
	if (r == 0)
		r = -EEXIST;
	else if (r == -ENOENT)
		r = dir_place(v, d, name, is_dir, need, chunk, ldir);
	if (r == 0)
		r = volume_chunk_writable(v, *chunk, &(struct chunk *){ NULL });
	if (r < 0) {
		dir_close(d);
		return r;
	}
	return 0;
}

/* Where a new inode of NAME in DIR goes (its chunk, writable, and the local part LDIR). */
static int place_new(struct volume *v, vino_t dir, const char *name, bool is_dir, uint64_t need, struct chunk **c,
		     ext2_ino_t *ldir)
{
	struct dir_parts d;
	unsigned chunk;
	int r = prepare_create(v, dir, name, is_dir, need, &d, &chunk, ldir);

	if (r < 0)
		return r;
	dir_close(&d);
	return volume_chunk_writable(v, chunk, c);
}

/* Sets a new inode's times (all of them NOW) and owner, which libext2fs's own makers leave
 * in whole seconds and to root. */
static int inode_init(struct chunk *c, ext2_ino_t ino, uid_t uid, gid_t gid, const struct timespec *now)
{
	struct ext2_inode_large inode;
	int r = chunk_inode_read(c, ino, &inode);

	if (r < 0)
		return r;
	inode.i_uid = (uint16_t)uid;
	ext2fs_set_i_uid_high(inode, uid >> 16);
	inode.i_gid = (uint16_t)gid;
	ext2fs_set_i_gid_high(inode, gid >> 16);
	chunk_inode_stamp(&inode, CHUNK_ATIME | CHUNK_MTIME | CHUNK_CTIME | CHUNK_CRTIME, now);
	return chunk_inode_write(c, ino, &inode);
}

/* The new entry NAME of part LDIR is made: the directory's times, the new inode's times the
 * same, and its name noted on it (a hint for a repair that finds it with no entry). */
static int created(struct volume *v, vino_t dir, ext2_ino_t ldir, const char *name, vino_t ino, uid_t uid,
		   gid_t gid)
{
	struct timespec now = chunk_time_now();
	struct chunk *c;
	int r = volume_chunk_writable(v, VINO_CHUNK(ino), &c);

	if (r == 0)
		chunk_name_note(c, VINO_INO(ino), ldir, dir, name);
	if (r == 0)
		r = inode_init(c, VINO_INO(ino), uid, gid, &now);
	dir_touch(v, dir, &now);
	return r;
}

int volume_mknod(struct volume *v, vino_t dir, const char *name, mode_t mode, dev_t rdev, uid_t uid, gid_t gid,
		 vino_t *ret)
{
	struct chunk *c;
	ext2_ino_t ldir, ino;
	int r;

	switch (mode & LINUX_S_IFMT) {
	case 0:
		mode |= LINUX_S_IFREG;
		break;
	case LINUX_S_IFREG: case LINUX_S_IFCHR: case LINUX_S_IFBLK: case LINUX_S_IFIFO: case LINUX_S_IFSOCK:
		break;
	case LINUX_S_IFDIR:
		return -EPERM;
	default:
		return -EINVAL;
	}
	r = place_new(v, dir, name, false, 4096, &c, &ldir);
	if (r == 0)
		r = chunk_node_create(c, ldir, name, (mode & LINUX_S_IFMT) | (mode & 07777), rdev, uid, gid, &ino);
	if (r < 0)
		return r;
	*ret = VINO(c->id, ino);
	if (LINUX_S_ISREG(mode))
		volume_parent_note(v, *ret, ldir);
	return created(v, dir, ldir, name, *ret, uid, gid);
}

int volume_create(struct volume *v, vino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid, vino_t *ret)
{
	return volume_mknod(v, dir, name, LINUX_S_IFREG | (mode & 07777), 0, uid, gid, ret);
}

int volume_mkdir(struct volume *v, vino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid, vino_t *ret)
{
	struct ext2_inode_large parent;
	struct chunk *c;
	ext2_ino_t ldir, ino;
	int r = place_new(v, dir, name, true, 8192, &c, &ldir);

	if (r == 0)
		r = chunk_inode_read(c, ldir, &parent);
	if (r < 0)
		return r;
	/* The new directory's ".." is one more link of the part that holds its name. */
	if (parent.i_links_count >= EXT2_LINK_MAX)
		return -EMLINK;
	r = chunk_mkdir(c, ldir, name, mode, uid, gid, &ino);
	if (r < 0)
		return r;
	*ret = VINO(c->id, ino);
	return created(v, dir, ldir, name, *ret, uid, gid);
}

int volume_symlink(struct volume *v, vino_t dir, const char *name, const char *target, uid_t uid, gid_t gid,
		   vino_t *ret)
{
	struct chunk *c;
	ext2_ino_t ldir, ino;
	errcode_t err;
	int r;

	if (strlen(target) >= 4096)
		return -ENAMETOOLONG;
	r = place_new(v, dir, name, false, 8192, &c, &ldir);
	if (r < 0)
		return r;
	r = chunk_new_inode_number(c, ldir, LINUX_S_IFLNK | 0777, &ino);
	if (r < 0)
		return r;
	err = ext2fs_symlink(c->fs, ldir, ino, name, target);
	if (err == EXT2_ET_DIR_NO_SPACE) {
		err = ext2fs_expand_dir(c->fs, ldir);
		if (!err)
			err = ext2fs_symlink(c->fs, ldir, ino, name, target);
	}
	if (err)
		return chunk_errno(err);
	*ret = VINO(c->id, ino);
	return created(v, dir, ldir, name, *ret, uid, gid);
}

int volume_link(struct volume *v, vino_t target, vino_t dir, const char *name)
{
	struct timespec now;
	struct ext2_inode_large inode;
	struct dir_parts d;
	struct chunk *c;
	unsigned part;
	ext2_ino_t ldir, ino;
	int r = dir_check_name(name);

	if (r < 0)
		return r;
	if (dir_reserved_name(dir, name))
		return -EPERM;
	r = volume_chunk_writable(v, VINO_CHUNK(target), &c);
	if (r < 0)
		return r;
	r = chunk_inode_read(c, VINO_INO(target), &inode);
	if (r < 0)
		return r;
	if (inode.i_links_count == 0)
		return -ENOENT; /* unlinked (kept open on the orphan list): as on Linux */
	if (LINUX_S_ISDIR(inode.i_mode))
		return -EPERM;
	if (inode.i_links_count >= EXT2_LINK_MAX)
		return -EMLINK;
	r = dir_open(v, dir, &d);
	if (r < 0)
		return r;
	r = dir_find(v, &d, name, &part, &ino);
	if (r == 0)
		r = -EEXIST;
	else if (r == -ENOENT)
		r = dir_local(v, &d, VINO_CHUNK(target), true, &ldir); /* the link continuation */
	dir_close(&d);
	if (r < 0)
		return r;
	r = volume_chunk_writable(v, VINO_CHUNK(target), &c);
	if (r < 0)
		return r;
	r = chunk_link(c, ldir, name, VINO_INO(target), chunk_mode_ftype(inode.i_mode));
	if (r < 0)
		return r;
	r = chunk_inode_read(c, VINO_INO(target), &inode);
	if (r < 0)
		return r;
	now = chunk_time_now();
	inode.i_links_count++;
	chunk_inode_stamp(&inode, CHUNK_CTIME, &now);
	r = chunk_inode_write(c, VINO_INO(target), &inode);
	dir_touch(v, dir, &now);
	return r;
}
