/* The volume's namespace: lookup, readdir, create, link, unlink, rename across the chunks a
 * directory spans. Every entry lives in the chunk of the inode it names (docs/FORMAT.md). */
#pragma once
#include <stdint.h>
#include <sys/types.h>

#include "libchunk/format/record.h"
#include "libchunk/volume/volume.h"

struct vstat {
	vino_t ino;
	mode_t mode;
	nlink_t nlink;
	uid_t uid;
	gid_t gid;
	uint64_t size;
	uint64_t blocks;           /* 512-byte units, over every chunk the file spans */
	int64_t atime, mtime, ctime;
	uint32_t generation;
	unsigned continuations;
};

struct vattr {
	int set;                   /* VATTR_* */
	mode_t mode;
	uid_t uid;
	gid_t gid;
	int64_t atime, mtime;
};
enum { VATTR_MODE = 1, VATTR_OWNER = 2, VATTR_TIMES = 4 };

/* readdir callback: return non-zero to stop (that value is returned). FTYPE is the entry's
 * file type as the directory records it; volume_dirent_type() turns it into S_IFREG, ...
 * (0 when the entry does not say). */
typedef int (*volume_dirent_fn)(void *userdata, const char *name, vino_t ino, unsigned ftype);

int volume_stat(struct volume *v, vino_t ino, struct vstat *st);
int volume_setattr(struct volume *v, vino_t ino, const struct vattr *a);
int volume_lookup(struct volume *v, vino_t dir, const char *name, vino_t *ret);
/* PATH is absolute within the volume ("/" is the root). */
int volume_resolve(struct volume *v, const char *path, vino_t *ret);
int volume_parent(struct volume *v, vino_t dir, vino_t *ret);
int volume_readdir(struct volume *v, vino_t dir, volume_dirent_fn fn, void *userdata);
mode_t volume_dirent_type(unsigned ftype);
int volume_readlink(struct volume *v, vino_t ino, char *buf, size_t size);

int volume_create(struct volume *v, vino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid, vino_t *ret);
int volume_mkdir(struct volume *v, vino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid, vino_t *ret);
int volume_symlink(struct volume *v, vino_t dir, const char *name, const char *target, uid_t uid, gid_t gid,
		   vino_t *ret);
int volume_link(struct volume *v, vino_t target, vino_t dir, const char *name);
int volume_unlink(struct volume *v, vino_t dir, const char *name);
int volume_rmdir(struct volume *v, vino_t dir, const char *name);
int volume_rename(struct volume *v, vino_t sdir, const char *sname, vino_t ddir, const char *dname);

/* One link of a file's chain, for stat. */
struct volume_chain_link {
	unsigned chunk;
	uint32_t ino, gen;
	uint64_t bytes;            /* bytes of the file held there (sum of its ranges) */
	unsigned nranges;
	int status;                /* 0 confirmed, -ESTALE unconfirmed, -ENXIO chunk missing */
};
/* The head (index 0) and each continuation. *ret is malloc'd. */
int volume_chain(struct volume *v, vino_t ino, struct volume_chain_link **ret, unsigned *n,
		 struct record_head *head);
