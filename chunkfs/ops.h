/* The low-level handlers (ops-inode.c, ops-dir.c, ops-file.c) and the open-file helpers they
 * share. Every handler replies exactly once. */
#pragma once
#include "chunkfs/chunkfs.h"

void op_init(void *userdata, struct fuse_conn_info *conn);
void op_destroy(void *userdata);
void op_lookup(fuse_req_t req, fuse_ino_t parent, const char *name);
void op_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup);
void op_forget_multi(fuse_req_t req, size_t count, struct fuse_forget_data *forgets);
void op_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set, struct fuse_file_info *fi);
void op_readlink(fuse_req_t req, fuse_ino_t ino);
void op_statfs(fuse_req_t req, fuse_ino_t ino);

void op_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev);
void op_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode);
void op_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name);
void op_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname);
void op_unlink(fuse_req_t req, fuse_ino_t parent, const char *name);
void op_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name);
void op_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent, const char *newname,
	       unsigned int flags);
void op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi);
void op_readdirplus(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi);
void op_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);

void op_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, struct fuse_file_info *fi);
void op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi);
void op_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off, struct fuse_file_info *fi);
void op_fallocate(fuse_req_t req, fuse_ino_t ino, int mode, off_t offset, off_t length, struct fuse_file_info *fi);
void op_lseek(fuse_req_t req, fuse_ino_t ino, off_t off, int whence, struct fuse_file_info *fi);
void op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi);
void op_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi);
void op_fsyncdir(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi);

void op_getxattr(fuse_req_t req, fuse_ino_t ino, const char *name, size_t size);
void op_listxattr(fuse_req_t req, fuse_ino_t ino, size_t size);
void op_setxattr(fuse_req_t req, fuse_ino_t ino, const char *name, const char *value, size_t size, int flags);
void op_removexattr(fuse_req_t req, fuse_ino_t ino, const char *name);

/* The group and mode of a new inode in PARENT for the caller CTX (set-group-ID directories). */
int chunkfs_new_owner(struct chunkfs *fs, vino_t parent, const struct fuse_ctx *ctx, mode_t *mode, gid_t *gid);

/* Open-file helpers (callers hold volume_lock; N is an open of node_open). */
int chunkfs_file_readable(struct chunkfs *fs, struct node *n);
int chunkfs_file_writable(struct chunkfs *fs, struct node *n);
void chunkfs_file_written(struct node *n);
/* Ends one open: the last one commits the file and closes it. */
int chunkfs_file_close(struct chunkfs *fs, struct node *n);
