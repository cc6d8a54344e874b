/* Extended attributes, kept on a file's head inode (libchunk/namespace/xattr.c). A size of 0
 * asks for the length, as in getxattr(2). */
#include <errno.h>
#include <stdlib.h>

#include "chunkfs/chunkfs.h"
#include "chunkfs/ops.h"
#include "libchunk/namespace/xattr.h"

/* Replies to a get or a list: the length, or the value when SIZE is non-zero. */
static void reply_sized(fuse_req_t req, size_t size, int r, const char *buf)
{
	if (r < 0)
		fuse_reply_err(req, chunkfs_errno(r));
	else if (size == 0)
		fuse_reply_xattr(req, (size_t)r);
	else
		fuse_reply_buf(req, buf, (size_t)r);
}

void op_getxattr(fuse_req_t req, fuse_ino_t ino, const char *name, size_t size)
{
	struct chunkfs *fs = chunkfs_of(req);
	char *buf = size ? malloc(size) : NULL;
	int r = size && !buf ? -ENOMEM : 0;

	if (r == 0) {
		for (bool shared = chunkfs_read_begin(fs);; shared = false) {
			r = volume_getxattr(fs->volume, vino_of(ino), name, buf, size);
			if (!shared || chunkfs_read_end(fs))
				break;
		}
		chunkfs_unlock(fs);
	}
	reply_sized(req, size, r, buf);
	free(buf);
}

void op_listxattr(fuse_req_t req, fuse_ino_t ino, size_t size)
{
	struct chunkfs *fs = chunkfs_of(req);
	char *buf = size ? malloc(size) : NULL;
	int r = size && !buf ? -ENOMEM : 0;

	if (r == 0) {
		for (bool shared = chunkfs_read_begin(fs);; shared = false) {
			r = volume_listxattr(fs->volume, vino_of(ino), buf, size);
			if (!shared || chunkfs_read_end(fs))
				break;
		}
		chunkfs_unlock(fs);
	}
	reply_sized(req, size, r, buf);
	free(buf);
}

void op_setxattr(fuse_req_t req, fuse_ino_t ino, const char *name, const char *value, size_t size, int flags)
{
	struct chunkfs *fs = chunkfs_of(req);
	int r;

	chunkfs_lock(fs);
	r = volume_setxattr(fs->volume, vino_of(ino), name, value, size, flags);
	chunkfs_unlock(fs);
	fuse_reply_err(req, r < 0 ? chunkfs_errno(r) : 0);
}

void op_removexattr(fuse_req_t req, fuse_ino_t ino, const char *name)
{
	struct chunkfs *fs = chunkfs_of(req);
	int r;

	chunkfs_lock(fs);
	r = volume_removexattr(fs->volume, vino_of(ino), name);
	chunkfs_unlock(fs);
	fuse_reply_err(req, r < 0 ? chunkfs_errno(r) : 0);
}
