/* The handler table, and the connection's setup: what chunkfs asks of the kernel. */
#include <syslog.h>

#include "chunkfs/chunkfs.h"
#include "chunkfs/ops.h"
#include "libchunk/base/errors.h"

void op_init(void *userdata, struct fuse_conn_info *conn)
{
	struct chunkfs *fs = userdata;

	conn->max_write = 1 << 20;
	if (fs->opt.writeback && (conn->capable & FUSE_CAP_WRITEBACK_CACHE))
		conn->want |= FUSE_CAP_WRITEBACK_CACHE;
	else
		fs->opt.writeback = 0;
	if (conn->capable & FUSE_CAP_PARALLEL_DIROPS)
		conn->want |= FUSE_CAP_PARALLEL_DIROPS;
	fs->expire_only = conn->capable & FUSE_CAP_EXPIRE_ONLY;
	chunk_log(LOG_INFO, "%s: mounted (%u chunks%s%s)", fs->opt.volume, volume_chunk_count(fs->volume),
		  fs->opt.read_only ? ", read-only" : "", fs->opt.writeback ? ", writeback cache" : "");
}

void op_destroy(void *userdata)
{
	struct chunkfs *fs = userdata;
	int r;

	chunkfs_lock(fs);
	volume_record_damage(fs->volume);
	r = chunkfs_commit_files(fs);
	if (r == 0)
		r = volume_sync(fs->volume);
	chunkfs_unlock(fs);
	if (r < 0)
		chunk_log(LOG_ERR, "%s: flushing at unmount failed: %s", fs->opt.volume, strerror(-r));
}

const struct fuse_lowlevel_ops chunkfs_ops = {
	.init = op_init,
	.destroy = op_destroy,
	.lookup = op_lookup,
	.forget = op_forget,
	.forget_multi = op_forget_multi,
	.getattr = op_getattr,
	.setattr = op_setattr,
	.readlink = op_readlink,
	.mknod = op_mknod,
	.mkdir = op_mkdir,
	.unlink = op_unlink,
	.rmdir = op_rmdir,
	.symlink = op_symlink,
	.rename = op_rename,
	.link = op_link,
	.open = op_open,
	.read = op_read,
	.write = op_write,
	.fallocate = op_fallocate,
	.lseek = op_lseek,
	.release = op_release,
	.fsync = op_fsync,
	.opendir = op_opendir,
	.readdir = op_readdir,
	.readdirplus = op_readdirplus,
	.releasedir = op_releasedir,
	.fsyncdir = op_fsyncdir,
	.statfs = op_statfs,
	.create = op_create,
	.getxattr = op_getxattr,
	.listxattr = op_listxattr,
	.setxattr = op_setxattr,
	.removexattr = op_removexattr,
};
