/* Requests about one inode: lookup and forget, attributes, symlink targets, statfs. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/statvfs.h>

#include "chunkfs/chunkfs.h"
#include "chunkfs/ops.h"
#include "libchunk/namespace/statfs.h"

void chunkfs_lock(struct chunkfs *fs) { pthread_rwlock_wrlock(&fs->volume_lock); }
void chunkfs_lock_shared(struct chunkfs *fs) { pthread_rwlock_rdlock(&fs->volume_lock); }
void chunkfs_unlock(struct chunkfs *fs) { pthread_rwlock_unlock(&fs->volume_lock); }

bool chunkfs_read_begin(struct chunkfs *fs)
{
	chunkfs_lock_shared(fs);
	volume_shared_begin(fs->volume);
	return true;
}

bool chunkfs_read_end(struct chunkfs *fs)
{
	if (volume_shared_end(fs->volume))
		return true;
	chunkfs_unlock(fs);
	chunkfs_lock(fs);
	return false;
}

void op_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct vstat vs;
	vino_t ino = 0;
	int r, found;

	for (bool shared = chunkfs_read_begin(fs);; shared = false) {
		r = found = volume_lookup(fs->volume, vino_of(parent), name, &ino);
		if (r == 0)
			r = volume_stat(fs->volume, ino, &vs);
		if (!shared || chunkfs_read_end(fs))
			break;
	}
	if (found == -ENOENT) {
		/* A negative entry the kernel may cache: nobody else changes the volume (an online
		 * repair tells the kernel of the names it makes; control.c). */
		struct fuse_entry_param e = { .entry_timeout = fs->opt.entry_timeout };
		chunkfs_unlock(fs);
		fuse_reply_entry(req, &e);
		return;
	}
	chunkfs_reply_entry_vs(req, fs, vino_of(parent), name, ino, &vs, r);
}

void op_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
	node_forget(&chunkfs_of(req)->nodes, vino_of(ino), nlookup);
	fuse_reply_none(req);
}

void op_forget_multi(fuse_req_t req, size_t count, struct fuse_forget_data *forgets)
{
	for (size_t i = 0; i < count; i++)
		node_forget(&chunkfs_of(req)->nodes, vino_of(forgets[i].ino), forgets[i].nlookup);
	fuse_reply_none(req);
}

void op_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct vstat vs;
	struct stat st;
	int r;

	for (bool shared = chunkfs_read_begin(fs);; shared = false) {
		r = volume_stat(fs->volume, vino_of(ino), &vs);
		if (!shared || chunkfs_read_end(fs))
			break;
	}
	if (r == 0) {
		chunkfs_open_size(fs, vino_of(ino), &vs);
		vstat_to_stat(fs, &vs, &st);
	}
	/* An open file an online repair removed: its opens give EIO (ESTALE), not "no such
	 * file", which the kernel would take for the file's name going. */
	if (r == -ENOENT && node_is_stale(&fs->nodes, vino_of(ino)))
		r = -ESTALE;
	chunkfs_unlock(fs);
	if (r < 0)
		fuse_reply_err(req, chunkfs_errno(r));
	else
		fuse_reply_attr(req, &st, fs->opt.attr_timeout);
}

/* A new size goes through the file's one vfile, so that no open of it writes its old size
 * back at its next commit. */
static int set_size(struct chunkfs *fs, vino_t ino, uint64_t size)
{
	struct node *n = node_open(&fs->nodes, ino);
	int r;

	if (!n)
		return -ENOMEM;
	r = chunkfs_file_writable(fs, n);
	if (r == 0)
		r = vfile_truncate(n->file, size);
	if (r == 0)
		chunkfs_file_written(n);
	chunkfs_file_close(fs, n);
	return r;
}

static void set_time(struct vattr *a, int to_set, int set, int now, int vset, int vnow, const struct timespec *ts,
		     int64_t *sec, uint32_t *nsec)
{
	if (to_set & now) {
		a->set |= vnow;
	} else if (to_set & set) {
		a->set |= vset;
		*sec = ts->tv_sec;
		*nsec = (uint32_t)ts->tv_nsec;
	}
}

void op_setattr(fuse_req_t req, fuse_ino_t fino, struct stat *attr, int to_set, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	vino_t ino = vino_of(fino);
	struct vattr a = { 0 };
	struct stat st;
	int r = 0;

	if (to_set & FUSE_SET_ATTR_MODE) {
		a.set |= VATTR_MODE;
		a.mode = attr->st_mode;
	}
	if (to_set & FUSE_SET_ATTR_UID) {
		a.set |= VATTR_UID;
		a.uid = attr->st_uid;
	}
	if (to_set & FUSE_SET_ATTR_GID) {
		a.set |= VATTR_GID;
		a.gid = attr->st_gid;
	}
	set_time(&a, to_set, FUSE_SET_ATTR_ATIME, FUSE_SET_ATTR_ATIME_NOW, VATTR_ATIME, VATTR_ATIME_NOW, &attr->st_atim,
		 &a.atime, &a.atime_ns);
	set_time(&a, to_set, FUSE_SET_ATTR_MTIME, FUSE_SET_ATTR_MTIME_NOW, VATTR_MTIME, VATTR_MTIME_NOW, &attr->st_mtim,
		 &a.mtime, &a.mtime_ns);
	/* A truncate stamps mtime and ctime now, as Linux's does, whatever the size was: the
	 * vfile would stamp them only at its commit, after the reply (without the writeback
	 * cache the kernel asks for no time itself). */
	if ((to_set & FUSE_SET_ATTR_SIZE) && !(a.set & (VATTR_MTIME | VATTR_MTIME_NOW)))
		a.set |= VATTR_MTIME_NOW;
	chunkfs_lock(fs);
	if (to_set & FUSE_SET_ATTR_SIZE)
		r = set_size(fs, ino, (uint64_t)attr->st_size);
	if (r == 0 && (a.set || (to_set & FUSE_SET_ATTR_CTIME)))
		r = volume_setattr(fs->volume, ino, &a); /* ctime becomes now, whatever is set */
	if (r == 0)
		r = chunkfs_stat(fs, ino, &st);
	chunkfs_unlock(fs);
	if (r < 0)
		fuse_reply_err(req, chunkfs_errno(r));
	else
		fuse_reply_attr(req, &st, fs->opt.attr_timeout);
}

void op_readlink(fuse_req_t req, fuse_ino_t ino)
{
	struct chunkfs *fs = chunkfs_of(req);
	char buf[PATH_MAX + 1];
	int r;

	for (bool shared = chunkfs_read_begin(fs);; shared = false) {
		r = volume_readlink(fs->volume, vino_of(ino), buf, sizeof(buf));
		if (!shared || chunkfs_read_end(fs))
			break;
	}
	chunkfs_unlock(fs);
	if (r < 0)
		fuse_reply_err(req, chunkfs_errno(r));
	else
		fuse_reply_readlink(req, buf);
}

void op_statfs(fuse_req_t req, fuse_ino_t ino)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct vstatfs vs;
	struct statvfs st;

	chunkfs_lock(fs);
	volume_statfs(fs->volume, &vs);
	chunkfs_unlock(fs);
	st = (struct statvfs){
		.f_bsize = vs.bsize, .f_frsize = vs.bsize, .f_blocks = vs.blocks, .f_bfree = vs.bfree,
		.f_bavail = vs.bavail, .f_files = vs.files, .f_ffree = vs.ffree, .f_favail = vs.favail,
		.f_namemax = vs.namemax,
	};
	fuse_reply_statfs(req, &st);
}
