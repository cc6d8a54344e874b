/* Requests on file contents. All opens of a file share its node's vfile; the last close
 * commits it (continuations before the head, docs/FORMAT.md). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "chunkfs/chunkfs.h"
#include "chunkfs/ops.h"
#include "libchunk/base/errors.h"

static int file_open(struct chunkfs *fs, struct node *n, bool writable)
{
	int r;

	if (n->stale)
		return -ESTALE;
	if (n->file && (n->file_writable || !writable))
		return 0;
	if (n->file) {
		/* Read-only so far: nothing pending, so closing it loses nothing. */
		r = vfile_close(n->file);
		n->file = NULL;
		if (r < 0)
			return r;
	}
	r = vfile_open(fs->volume, n->ino, writable, &n->file);
	if (r < 0)
		return r;
	n->file_writable = writable;
	return 0;
}

int chunkfs_file_readable(struct chunkfs *fs, struct node *n) { return file_open(fs, n, false); }
int chunkfs_file_writable(struct chunkfs *fs, struct node *n) { return file_open(fs, n, true); }

void chunkfs_file_written(struct node *n)
{
	n->written = true;
	n->last_write_ms = chunkfs_now_ms();
}

int chunkfs_file_close(struct chunkfs *fs, struct node *n)
{
	int r = 0, q;

	if (n->nopen == 1 && n->file) {
		r = vfile_close(n->file);
		n->file = NULL;
		n->written = false;
	}
	if (n->nopen == 1 && n->orphan) {
		/* Its last name went while it was open (unlink, rename over it): it goes now. */
		q = volume_orphan_release(fs->volume, n->ino);
		if (q < 0)
			chunk_log(LOG_ERR, "%s: freeing unlinked inode %u of chunk %u failed: %s; its chunk's repair frees it",
				  fs->opt.volume, VINO_INO(n->ino), VINO_CHUNK(n->ino), strerror(-q));
		n->orphan = false;
		if (r == 0)
			r = q;
	}
	node_close(&fs->nodes, n);
	return r;
}

/* Ends the open FI (a release, or an open whose reply the kernel did not take). */
static void release_open(struct chunkfs *fs, struct fuse_file_info *fi)
{
	chunkfs_lock(fs);
	chunkfs_file_close(fs, (struct node *)(uintptr_t)fi->fh);
	chunkfs_unlock(fs);
}

static int open_node(struct chunkfs *fs, vino_t ino, struct fuse_file_info *fi, struct node **ret)
{
	int acc = fi->flags & O_ACCMODE;
	struct node *n = node_open(&fs->nodes, ino);
	int r;

	if (!n)
		return -ENOMEM;
	/* The writeback cache reads pages of files opened only for writing, so every open reads. */
	r = file_open(fs, n, acc != O_RDONLY);
	if (r < 0) {
		chunkfs_file_close(fs, n);
		return r;
	}
	fi->fh = (uint64_t)(uintptr_t)n;
	fi->keep_cache = 1;
	*ret = n;
	return 0;
}

void op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct node *n;
	int r;

	chunkfs_lock(fs);
	r = open_node(fs, vino_of(ino), fi, &n);
	if (r == 0 && (fi->flags & O_TRUNC) && vfile_size(n->file) > 0) {
		r = vfile_truncate(n->file, 0);
		chunkfs_file_written(n);
	}
	chunkfs_unlock(fs);
	if (r < 0)
		fuse_reply_err(req, chunkfs_errno(r));
	else if (fuse_reply_open(req, fi) != 0)
		release_open(fs, fi);
}

void op_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	const struct fuse_ctx *ctx = fuse_req_ctx(req);
	struct fuse_entry_param e;
	struct node *n = NULL;
	struct vstat vs;
	vino_t ino;
	gid_t gid;
	int r;

	chunkfs_lock(fs);
	r = chunkfs_new_owner(fs, vino_of(parent), ctx, &mode, &gid);
	if (r == 0)
		r = volume_create(fs->volume, vino_of(parent), name, mode & ~ctx->umask, ctx->uid, gid, &ino);
	if (r == 0)
		r = volume_stat(fs->volume, ino, &vs);
	if (r == 0)
		r = node_lookup(&fs->nodes, ino, vino_of(parent), name);
	if (r == 0) {
		r = open_node(fs, ino, fi, &n);
		if (r < 0)
			node_forget(&fs->nodes, ino, 1);
	}
	chunkfs_unlock(fs);
	if (r < 0) {
		fuse_reply_err(req, chunkfs_errno(r));
		return;
	}
	chunkfs_entry_param(fs, ino, &vs, &e);
	if (fuse_reply_create(req, &e, fi) != 0) {
		release_open(fs, fi);
		node_forget(&fs->nodes, ino, 1);
	}
}

/* Reads and writes in place share volume_lock, so that those on different chunks run in
 * parallel; what needs the volume to itself (a chunk to open, a holder to add, an error to
 * say) is done again, or finished, with it. */
void op_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct node *n = (struct node *)(uintptr_t)fi->fh;
	char *buf = malloc(size ? size : 1);
	ssize_t got = -ENOMEM;

	if (buf) {
		chunkfs_lock_shared(fs);
		pthread_mutex_lock(&n->io_lock);
		got = n->stale ? -ESTALE : vfile_pread_shared(n->file, buf, size, (uint64_t)off);
		pthread_mutex_unlock(&n->io_lock);
		chunkfs_unlock(fs);
	}
	if (got == -EAGAIN) {
		chunkfs_lock(fs);
		got = n->stale ? -ESTALE : vfile_pread(n->file, buf, size, (uint64_t)off);
		chunkfs_unlock(fs);
	}
	if (got < 0)
		fuse_reply_err(req, chunkfs_errno((int)got));
	else
		fuse_reply_buf(req, buf, (size_t)got);
	free(buf);
}

void op_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct node *n = (struct node *)(uintptr_t)fi->fh;
	bool append = (fi->flags & O_APPEND) && !fs->opt.writeback;
	size_t done = 0;
	ssize_t rest = 0;
	int r;

	/* The kernel sends one write of a file at a time (it holds the inode's lock), so an
	 * append finished below goes on where it began. */
	chunkfs_lock_shared(fs);
	pthread_mutex_lock(&n->io_lock);
	if (!n->stale && n->file_writable) {
		if (append)
			off = (off_t)vfile_size(n->file);
		done = vfile_pwrite_shared(n->file, buf, size, (uint64_t)off);
		if (done > 0)
			chunkfs_file_written(n);
	}
	pthread_mutex_unlock(&n->io_lock);
	chunkfs_unlock(fs);
	if (done < size) {
		chunkfs_lock(fs);
		r = chunkfs_file_writable(fs, n);
		if (r == 0 && append && done == 0)
			off = (off_t)vfile_size(n->file);
		rest = r < 0 ? r : vfile_pwrite(n->file, buf + done, size - done, (uint64_t)off + done);
		if (rest > 0)
			chunkfs_file_written(n);
		chunkfs_unlock(fs);
	}
	if (rest < 0 && done == 0)
		fuse_reply_err(req, chunkfs_errno((int)rest));
	else
		fuse_reply_write(req, done + (size_t)(rest > 0 ? rest : 0));
}

void op_fallocate(fuse_req_t req, fuse_ino_t ino, int mode, off_t offset, off_t length, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct node *n = (struct node *)(uintptr_t)fi->fh;
	int r;

	if (offset < 0 || length <= 0) {
		fuse_reply_err(req, EINVAL);
		return;
	}
	chunkfs_lock(fs);
	r = chunkfs_file_writable(fs, n);
	if (r == 0)
		r = vfile_fallocate(n->file, mode, (uint64_t)offset, (uint64_t)length);
	if (r == 0)
		chunkfs_file_written(n);
	chunkfs_unlock(fs);
	fuse_reply_err(req, r < 0 ? chunkfs_errno(r) : 0);
}

/* SEEK_DATA/SEEK_HOLE. The kernel does not write back its cached pages first: with the
 * writeback cache the answer is about what it has sent (docs/MOUNT.md). */
void op_lseek(fuse_req_t req, fuse_ino_t ino, off_t off, int whence, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct node *n = (struct node *)(uintptr_t)fi->fh;
	int64_t r;

	if (off < 0) {
		fuse_reply_err(req, ENXIO);
		return;
	}
	chunkfs_lock(fs);
	r = n->stale ? -ESTALE : vfile_seek(n->file, (uint64_t)off, whence);
	chunkfs_unlock(fs);
	if (r == -ENXIO) /* past the end, as lseek(2) says it (chunkfs_errno makes it EIO) */
		fuse_reply_err(req, ENXIO);
	else if (r < 0)
		fuse_reply_err(req, chunkfs_errno((int)r));
	else
		fuse_reply_lseek(req, (off_t)r);
}

void op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	release_open(chunkfs_of(req), fi);
	fuse_reply_err(req, 0);
}

void op_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	struct node *n = (struct node *)(uintptr_t)fi->fh;
	int r = 0;

	chunkfs_lock(fs);
	if (n->stale) {
		r = -ESTALE;
	} else if (n->file_writable) {
		r = vfile_sync(n->file);
		if (r == 0)
			n->written = false;
	}
	if (r == 0)
		r = volume_sync(fs->volume);
	chunkfs_unlock(fs);
	fuse_reply_err(req, r < 0 ? chunkfs_errno(r) : 0);
}

void op_fsyncdir(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
	struct chunkfs *fs = chunkfs_of(req);
	int r;

	chunkfs_lock(fs);
	r = volume_sync(fs->volume);
	chunkfs_unlock(fs);
	fuse_reply_err(req, r < 0 ? chunkfs_errno(r) : 0);
}
