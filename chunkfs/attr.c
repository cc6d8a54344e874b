/* Attributes as the kernel sees them, and the errno a program sees for libchunk's errors. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "chunkfs/chunkfs.h"

int chunkfs_errno(int r)
{
	switch (-r) {
	case EUCLEAN:    /* a bad record */
	case ENXIO:      /* a missing chunk */
	case ESTALE:     /* an unconfirmed continuation */
	case EXDEV:      /* a foreign chunk: never "cross-device" to a program */
	case EBADMSG:
		return EIO;
	default:
		return r < 0 ? -r : EIO;
	}
}

uint64_t chunkfs_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void vstat_to_stat(const struct chunkfs *fs, const struct vstat *vs, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = fuse_ino_of(vs->ino);
	st->st_mode = vs->mode;
	st->st_nlink = vs->nlink;
	st->st_uid = fs->opt.uid >= 0 ? (uid_t)fs->opt.uid : vs->uid;
	st->st_gid = fs->opt.gid >= 0 ? (gid_t)fs->opt.gid : vs->gid;
	st->st_size = (off_t)vs->size;
	st->st_blocks = (blkcnt_t)vs->blocks;
	st->st_blksize = 4096;
	st->st_rdev = vs->rdev;
	st->st_atim = (struct timespec){ .tv_sec = vs->atime, .tv_nsec = vs->atime_ns };
	st->st_mtim = (struct timespec){ .tv_sec = vs->mtime, .tv_nsec = vs->mtime_ns };
	st->st_ctim = (struct timespec){ .tv_sec = vs->ctime, .tv_nsec = vs->ctime_ns };
}

/* A write or truncate of an open file changes its size in the vfile until the commit; the
 * inode on disk still has the old one. The kernel takes the size of a reply as the file's
 * (a truncate's reply cuts its page cache there), so a reply must carry the vfile's. */
void chunkfs_open_size(struct chunkfs *fs, vino_t ino, struct vstat *vs)
{
	uint64_t size;

	if (node_file_size(&fs->nodes, ino, &size))
		vs->size = size;
}

int chunkfs_vstat(struct chunkfs *fs, vino_t ino, struct vstat *vs)
{
	int r = volume_stat(fs->volume, ino, vs);

	if (r < 0)
		return r;
	chunkfs_open_size(fs, ino, vs);
	return 0;
}

int chunkfs_stat(struct chunkfs *fs, vino_t ino, struct stat *st)
{
	struct vstat vs;
	int r = chunkfs_vstat(fs, ino, &vs);

	if (r < 0)
		return r;
	vstat_to_stat(fs, &vs, st);
	return 0;
}

void chunkfs_entry_param(const struct chunkfs *fs, vino_t ino, const struct vstat *vs, struct fuse_entry_param *e)
{
	*e = (struct fuse_entry_param){ .attr_timeout = fs->opt.attr_timeout, .entry_timeout = fs->opt.entry_timeout,
					.ino = fuse_ino_of(ino), .generation = vs->generation };
	vstat_to_stat(fs, vs, &e->attr);
}

/* Replies to a request that made or found INO as NAME in PARENT (R < 0: the error), with
 * INO's attributes VS already read, taking the kernel's lookup. Called with volume_lock held;
 * releases it before replying. */
void chunkfs_reply_entry_vs(fuse_req_t req, struct chunkfs *fs, vino_t parent, const char *name, vino_t ino,
			    struct vstat *vs, int r)
{
	struct fuse_entry_param e;

	if (r == 0) {
		chunkfs_open_size(fs, ino, vs);
		r = node_lookup(&fs->nodes, ino, parent, name);
	}
	chunkfs_unlock(fs);
	if (r < 0) {
		fuse_reply_err(req, chunkfs_errno(r));
		return;
	}
	chunkfs_entry_param(fs, ino, vs, &e);
	if (fuse_reply_entry(req, &e) != 0)
		node_forget(&fs->nodes, ino, 1);
}

void chunkfs_reply_entry(fuse_req_t req, struct chunkfs *fs, vino_t parent, const char *name, vino_t ino, int r)
{
	struct vstat vs;

	if (r == 0)
		r = volume_stat(fs->volume, ino, &vs);
	chunkfs_reply_entry_vs(req, fs, parent, name, ino, &vs, r);
}
