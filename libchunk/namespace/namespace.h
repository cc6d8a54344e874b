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
	nlink_t nlink;             /* 0: unlinked, kept on its chunk's orphan list (volume_unlink2) */
	uid_t uid;
	gid_t gid;
	dev_t rdev;                /* character and block devices */
	uint64_t size;
	uint64_t blocks;           /* 512-byte units, over every chunk the file spans */
	int64_t atime, mtime, ctime;
	uint32_t atime_ns, mtime_ns, ctime_ns;
	uint32_t generation;
	unsigned continuations;
};

struct vattr {
	int set;                   /* VATTR_* */
	mode_t mode;               /* permission bits; the file type stays */
	uid_t uid;
	gid_t gid;
	int64_t atime, mtime;
	uint32_t atime_ns, mtime_ns;
	uint64_t size;             /* regular files only */
};
/* Whatever is set, ctime becomes now; a new size also sets mtime to now unless VATTR_MTIME or
 * VATTR_MTIME_NOW says otherwise. Mode and owner are taken as given (set-ID bits included):
 * clearing them on a chown or a write is the caller's policy, as it is the kernel's on Linux.
 * VATTR_SIZE opens the file for itself: a caller that holds it open for writing truncates
 * through that vfile instead (vfile_truncate), or that vfile's next sync writes its own size
 * back. */
enum {
	VATTR_MODE      = 1 << 0,
	VATTR_UID       = 1 << 1,
	VATTR_GID       = 1 << 2,
	VATTR_OWNER     = VATTR_UID | VATTR_GID,
	VATTR_ATIME     = 1 << 3,  /* atime, atime_ns */
	VATTR_MTIME     = 1 << 4,  /* mtime, mtime_ns */
	VATTR_TIMES     = VATTR_ATIME | VATTR_MTIME,
	VATTR_ATIME_NOW = 1 << 5,  /* atime to the current time */
	VATTR_MTIME_NOW = 1 << 6,
	VATTR_SIZE      = 1 << 7,
};

/* Flags of volume_unlink2 and volume_rename2. */
enum {
	VOLUME_RENAME_NOREPLACE = 1 << 0, /* -EEXIST if the new name exists (renameat2 RENAME_NOREPLACE) */
	VOLUME_RENAME_EXCHANGE  = 1 << 1, /* swap the two names, both must exist (RENAME_EXCHANGE) */
	/* A file (not a directory) whose last link goes is not freed: it stays allocated, with
	 * its data and continuations, on its chunk's orphan list (durably), readable and writable
	 * through what the caller has open, and its number is returned; the caller frees it with
	 * volume_orphan_release when it is closed. A process that dies first leaves it to the
	 * chunk's repair (its e2fsck frees the orphan list). */
	VOLUME_KEEP_ORPHAN      = 1 << 2,
};

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
/* A part of a directory that readdir could not list: the part's CHUNK and local INO, and why,
 * ERR: the error its chunk's open gave when the chunk is unavailable (-ENXIO missing, -EXDEV
 * refused, -EBUSY in use, -EUCLEAN not a chunk: volume_unavailable_reason), else the error
 * reading the part gave. The entries it holds are not listed. Non-zero stops, as for FN. */
typedef int (*volume_dirgap_fn)(void *userdata, unsigned chunk, uint32_t ino, int err);
/* volume_readdir, and GAP told of each part that could not be listed, after the rest was: a
 * caller that must not take a partial listing for the whole (chunkctl ls, cp) says which part
 * is missing and why. volume_readdir skips a part in an unavailable chunk silently (it is
 * logged), and fails on a part that cannot be read. */
int volume_readdir_gaps(struct volume *v, vino_t dir, volume_dirent_fn fn, volume_dirgap_fn gap, void *userdata);
mode_t volume_dirent_type(unsigned ftype);
int volume_readlink(struct volume *v, vino_t ino, char *buf, size_t size);

int volume_create(struct volume *v, vino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid, vino_t *ret);
/* MODE's type: a regular file (as volume_create), FIFO, socket, character or block device
 * (number RDEV); a directory is -EPERM, anything else -EINVAL. */
int volume_mknod(struct volume *v, vino_t dir, const char *name, mode_t mode, dev_t rdev, uid_t uid, gid_t gid,
		 vino_t *ret);
int volume_mkdir(struct volume *v, vino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid, vino_t *ret);
int volume_symlink(struct volume *v, vino_t dir, const char *name, const char *target, uid_t uid, gid_t gid,
		   vino_t *ret);
int volume_link(struct volume *v, vino_t target, vino_t dir, const char *name);
int volume_unlink(struct volume *v, vino_t dir, const char *name);
/* FLAGS: 0 or VOLUME_KEEP_ORPHAN; *ORPHAN (may be NULL without it) is the file kept on the
 * orphan list, or 0 when the name was not its last link. */
int volume_unlink2(struct volume *v, vino_t dir, const char *name, unsigned flags, vino_t *orphan);
int volume_rmdir(struct volume *v, vino_t dir, const char *name);
/* volume_rename2 with no flags. */
int volume_rename(struct volume *v, vino_t sdir, const char *sname, vino_t ddir, const char *dname);
/* FLAGS: VOLUME_RENAME_NOREPLACE or VOLUME_RENAME_EXCHANGE, and VOLUME_KEEP_ORPHAN for a file
 * replaced (*ORPHAN as for volume_unlink2). A directory replaces only an empty directory
 * (-ENOTEMPTY), a file only a non-directory (-EISDIR, -ENOTDIR); a directory cannot go below
 * itself (-EINVAL). Two names of one inode: nothing happens. */
int volume_rename2(struct volume *v, vino_t sdir, const char *sname, vino_t ddir, const char *dname, unsigned flags,
		   vino_t *orphan);
/* Frees file INO kept by VOLUME_KEEP_ORPHAN (its head, then its continuations, in the order
 * of docs/FORMAT.md); -ENOENT if it is not on its chunk's orphan list. */
int volume_orphan_release(struct volume *v, vino_t ino);

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
