/* Extended attributes of the volume's files, on each file's head inode through libext2fs's
 * xattr API; the names under "trusted.chunkfs." are the head and continuation records
 * (docs/FORMAT.md), kept out of every caller's reach. */
#include <errno.h>
#include <limits.h>
#include <linux/limits.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/cont-record.h"
#include "libchunk/chunk/state.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/namespace/xattr.h"

#define INTERNAL_PREFIX "trusted.chunkfs."

/* libext2fs stores a name as an index for its prefix and the rest (ext2fs ext_attr.c): the
 * rest is what takes room. The ACLs are whole names, stored with an empty rest. */
static const struct xattr_namespace {
	const char *prefix;
	bool whole;
	bool user_visible;
} namespaces[] = {
	{ "system.posix_acl_default", true, true },
	{ "system.posix_acl_access", true, true },
	{ "system.richacl", true, false },
	{ "security.", false, true },
	{ "trusted.", false, true },
	{ "system.", false, false },
	{ "user.", false, true },
	{ "gnu.", false, false },
};

static const struct xattr_namespace *xattr_namespace_of(const char *name)
{
	for (size_t i = 0; i < ELEMENTSOF(namespaces); i++)
		if (strncmp(name, namespaces[i].prefix, strlen(namespaces[i].prefix)) == 0)
			return &namespaces[i];
	return NULL;
}

static bool xattr_internal(const char *name)
{
	return strncmp(name, INTERNAL_PREFIX, strlen(INTERNAL_PREFIX)) == 0;
}

static bool xattr_acl(const char *name)
{
	const struct xattr_namespace *ns = xattr_namespace_of(name);

	return ns && ns->whole && ns->user_visible;
}

/* Whether a caller may name NAME: 0, or the error getxattr(2) and its siblings give. */
static int xattr_name_check(const char *name)
{
	const struct xattr_namespace *ns;
	size_t len;

	if (!name)
		return -EINVAL;
	len = strlen(name);
	if (len == 0 || len > XATTR_NAME_MAX)
		return -ERANGE;
	ns = xattr_namespace_of(name);
	if (!ns || !ns->user_visible || (ns->whole && len != strlen(ns->prefix)))
		return -EOPNOTSUPP;
	if (!ns->whole && len == strlen(ns->prefix))
		return -EINVAL;
	return 0;
}

/* Bytes an attribute takes where libext2fs stores it: its entry and its padded value. */
static size_t xattr_entry_size(const char *name, size_t value_len)
{
	const struct xattr_namespace *ns = xattr_namespace_of(name);
	size_t rest = strlen(name) - (ns ? strlen(ns->prefix) : 0);

	return EXT2_EXT_ATTR_LEN(rest) + EXT2_EXT_ATTR_SIZE(value_len);
}

/* The size of a POSIX ACL in ext4's on-disk form (fs/ext4/acl.h), which is what takes room;
 * -EINVAL when VALUE is no POSIX ACL, as libext2fs would refuse it only half way. */
static int acl_disk_size(const void *value, size_t size, size_t *ret)
{
	const uint8_t *p = value;
	size_t n = 4;

	if (!value || size < 4 || (size - 4) % 8 || size == 4 || p[0] != 2 || p[1] || p[2] || p[3])
		return -EINVAL;
	for (size_t off = 4; off < size; off += 8)
		switch (p[off] | p[off + 1] << 8) {
		case 0x01: case 0x04: case 0x10: case 0x20: /* USER_OBJ, GROUP_OBJ, MASK, OTHER */
			n += 4;
			break;
		case 0x02: case 0x08:                       /* USER, GROUP: with an id */
			n += 8;
			break;
		default:
			return -EINVAL;
		}
	*ret = n;
	return 0;
}

/* libext2fs gives the entries without an id (the owner, group, mask, other) id 0 when it turns
 * an ACL back into the xattr format; ext4 gives them ACL_UNDEFINED_ID, as here. */
static void acl_undefined_ids(void *value, size_t len)
{
	uint8_t *p = value;

	for (size_t off = 4; off + 8 <= len; off += 8)
		if (!(p[off] & (0x02 | 0x08)) && !p[off + 1])
			memset(p + off + 4, 0xff, 4);
}

static void xattr_handle_closep(struct ext2_xattr_handle **h)
{
	if (*h)
		ext2fs_xattrs_close(h);
}
#define _cleanup_xattrs_ _cleanup_(xattr_handle_closep)

/* libext2fs's errors turned into -errno; attributes it cannot read make the chunk DAMAGED,
 * since the head record is among them. */
static int xattr_errno(struct chunk *c, ext2_ino_t ino, errcode_t err)
{
	int r = chunk_errno(err);

	if (err == EXT2_ET_MISSING_EA_FEATURE)
		return -EOPNOTSUPP;
	if (r == -EUCLEAN)
		return chunk_corrupt(c, "inode %u: extended attributes unreadable (%s)", ino, error_message(err));
	return r;
}

static int xattrs_load(struct chunk *c, ext2_ino_t ino, struct ext2_xattr_handle **ret)
{
	_cleanup_xattrs_ struct ext2_xattr_handle *h = NULL;
	errcode_t err = ext2fs_xattrs_open(c->fs, ino, &h);

	if (!err)
		err = ext2fs_xattrs_read(h);
	if (err)
		return xattr_errno(c, ino, err);
	*ret = TAKE_PTR(h);
	return 0;
}

static bool xattr_present(struct ext2_xattr_handle *h, const char *name)
{
	_cleanup_free_ void *value = NULL;
	size_t len;
	unsigned flags = XATTR_HANDLE_FLAG_RAW, old;
	bool present;

	/* Raw, so an ACL that does not convert still counts as there. */
	ext2fs_xattrs_flags(h, &flags, &old);
	present = ext2fs_xattr_get(h, name, &value, &len) == 0;
	ext2fs_xattrs_flags(h, &old, NULL);
	return present;
}

/* Value copied out as getxattr(2) does: its length, or -ERANGE when SIZE is short of it. */
static int copy_out(void *buf, size_t size, const void *value, size_t len)
{
	if (len > INT_MAX)
		return -E2BIG;
	if (size == 0)
		return (int)len;
	if (len > size)
		return -ERANGE;
	memcpy(buf, value, len);
	return (int)len;
}

int volume_getxattr(struct volume *v, vino_t ino, const char *name, void *buf, size_t size)
{
	_cleanup_xattrs_ struct ext2_xattr_handle *h = NULL;
	_cleanup_free_ void *value = NULL;
	struct ext2_inode_large inode;
	struct chunk *c;
	size_t len;
	errcode_t err;
	int r = xattr_name_check(name);

	if (r < 0)
		return r;
	if (xattr_internal(name))
		return -ENODATA;
	r = head_inode(v, ino, &c, &inode, false);
	if (r < 0)
		return r;
	r = xattrs_load(c, VINO_INO(ino), &h);
	if (r < 0)
		return r;
	err = ext2fs_xattr_get(h, name, &value, &len);
	if (err)
		return xattr_errno(c, VINO_INO(ino), err);
	if (xattr_acl(name))
		acl_undefined_ids(value, len);
	return copy_out(buf, size, value, len);
}

struct xattr_list {
	char *buf;
	size_t size, len;
};

static int list_one(char *name, char *value, size_t value_len, void *data)
{
	struct xattr_list *l = data;
	size_t n = strlen(name) + 1;

	if (xattr_internal(name) || xattr_name_check(name) < 0)
		return 0;
	if (l->len + n <= l->size)
		memcpy(l->buf + l->len, name, n);
	l->len += n;
	return 0;
}

int volume_listxattr(struct volume *v, vino_t ino, char *buf, size_t size)
{
	_cleanup_xattrs_ struct ext2_xattr_handle *h = NULL;
	struct xattr_list l = { .buf = buf, .size = size };
	struct ext2_inode_large inode;
	struct chunk *c;
	int r = head_inode(v, ino, &c, &inode, false);

	if (r < 0)
		return r;
	r = xattrs_load(c, VINO_INO(ino), &h);
	if (r < 0)
		return r;
	r = chunk_errno(ext2fs_xattrs_iterate(h, list_one, &l));
	if (r < 0)
		return r;
	if (size && l.len > size)
		return -ERANGE;
	return l.len > INT_MAX ? -E2BIG : (int)l.len;
}

/* Room the caller's attributes of an inode of MODE may take: its attribute block less the
 * largest head record the inode may come to carry (CONT_MAX continuations; for a file also
 * RANGES_MAX ranges) and its name record. Each is counted as if it were in the block, wherever libext2fs puts it,
 * so the record fits whichever of inode and block it lands in: attributes never make a file
 * unable to grow into another chunk. ext4 would give them the whole block and the inode. */
static size_t user_room(struct chunk *c, uint16_t mode)
{
	size_t block = c->fs->blocksize - sizeof(struct ext2_ext_attr_header) - sizeof(uint32_t);
	/* Every inode may carry its name record (of the longest name) too. */
	size_t record = xattr_entry_size(XATTR_NAME, RECORD_NAME_MAX);

	if (LINUX_S_ISREG(mode))
		record += xattr_entry_size(XATTR_HEAD, record_head_size(CONT_MAX, RANGES_MAX));
	else if (LINUX_S_ISDIR(mode))
		record += xattr_entry_size(XATTR_HEAD, record_head_size(CONT_MAX, 0));
	return block > record ? block - record : 0;
}

struct xattr_usage {
	const char *replaced;
	size_t bytes;
};

static int count_one(char *name, char *value, size_t value_len, void *data)
{
	struct xattr_usage *u = data;

	if (!xattr_internal(name) && strcmp(name, u->replaced) != 0)
		u->bytes += xattr_entry_size(name, value_len);
	return 0;
}

/* Whether NAME, with a value of DISK_LEN bytes as stored, still leaves the record its room. */
static int xattr_fits(struct chunk *c, struct ext2_xattr_handle *h, uint16_t mode, const char *name, size_t disk_len)
{
	struct xattr_usage u = { .replaced = name, .bytes = xattr_entry_size(name, disk_len) };
	int r = chunk_errno(ext2fs_xattrs_iterate(h, count_one, &u));

	if (r < 0)
		return r;
	return u.bytes <= user_room(c, mode) ? 0 : -ENOSPC;
}

/* Everything that can refuse a change, judged before the chunk is asked for writing, so a
 * refused change does not leave it DIRTY. DISK_LEN: the new value as stored, or SIZE_MAX to
 * remove NAME. */
static int xattr_change_allowed(struct volume *v, vino_t ino, const char *name, size_t disk_len, int flags)
{
	_cleanup_xattrs_ struct ext2_xattr_handle *h = NULL;
	struct ext2_inode_large inode;
	struct chunk *c;
	bool present;
	int r = head_inode(v, ino, &c, &inode, false);

	if (r < 0)
		return r;
	if (disk_len != SIZE_MAX && strcmp(name, "system.posix_acl_default") == 0 && !LINUX_S_ISDIR(inode.i_mode))
		return -EACCES;
	r = xattrs_load(c, VINO_INO(ino), &h);
	if (r < 0)
		return r;
	present = xattr_present(h, name);
	if (disk_len == SIZE_MAX)
		return present ? 0 : -ENODATA;
	if ((flags & XATTR_CREATE) && present)
		return -EEXIST;
	if ((flags & XATTR_REPLACE) && !present)
		return -ENODATA;
	return xattr_fits(c, h, inode.i_mode, name, disk_len);
}

/* ext4 sets ctime on every change of an attribute, an unchanged value included. */
static int touch_ctime(struct chunk *c, ext2_ino_t ino)
{
	struct ext2_inode_large inode;
	int r = chunk_inode_read(c, ino, &inode);

	if (r < 0)
		return r;
	inode.i_ctime = (uint32_t)time(NULL);
	return chunk_inode_write(c, ino, &inode);
}

/* Sets NAME to VALUE, or removes it when VALUE is NULL, on the head inode INO. */
static int xattr_change(struct volume *v, vino_t ino, const char *name, const void *value, size_t size)
{
	_cleanup_xattrs_ struct ext2_xattr_handle *h = NULL;
	struct ext2_inode_large inode;
	struct chunk *c;
	errcode_t err;
	int r = head_inode(v, ino, &c, &inode, true);

	if (r < 0)
		return r;
	r = xattrs_load(c, VINO_INO(ino), &h);
	if (r < 0)
		return r;
	err = value ? ext2fs_xattr_set(h, name, value, size) : ext2fs_xattr_remove(h, name);
	if (err)
		return xattr_errno(c, VINO_INO(ino), err);
	return touch_ctime(c, VINO_INO(ino));
}

int volume_setxattr(struct volume *v, vino_t ino, const char *name, const void *value, size_t size, int flags)
{
	size_t disk_len = size;
	int r = xattr_name_check(name);

	if (r < 0)
		return r;
	if (xattr_internal(name))
		return -EPERM;
	if (flags & ~(XATTR_CREATE | XATTR_REPLACE))
		return -EINVAL;
	if (size > XATTR_SIZE_MAX)
		return -E2BIG;
	if (size && !value)
		return -EFAULT;
	if (xattr_acl(name)) {
		r = acl_disk_size(value, size, &disk_len);
		if (r < 0)
			return r;
	}
	r = xattr_change_allowed(v, ino, name, disk_len, flags);
	if (r < 0)
		return r;
	return xattr_change(v, ino, name, value ? value : "", size);
}

int volume_removexattr(struct volume *v, vino_t ino, const char *name)
{
	int r = xattr_name_check(name);

	if (r < 0)
		return r;
	if (xattr_internal(name))
		return -EPERM;
	r = xattr_change_allowed(v, ino, name, SIZE_MAX, 0);
	if (r < 0)
		return r;
	return xattr_change(v, ino, name, NULL, 0);
}
