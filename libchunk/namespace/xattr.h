/* Extended attributes of the volume's files, as getxattr(2) and its siblings see them: kept on
 * the file's head inode, beside chunkfs's own records, which no caller can see or touch. */
#pragma once
#include <stddef.h>
#include <sys/xattr.h>

#include "libchunk/volume/volume.h"

/* Namespaces: user., trusted., security., and system.posix_acl_access / _default (in the
 * POSIX ACL xattr format, stored as ext4 stores them); any other name is -EOPNOTSUPP. Names
 * under "trusted.chunkfs." are chunkfs's records: never listed, -ENODATA to get, -EPERM to
 * set or remove.
 *
 * Get and list return the length of the value (of the NUL-separated name list); SIZE 0
 * asks only for that length, a SIZE too small is -ERANGE. A name that is empty or longer
 * than 255 bytes is -ERANGE, an absent one -ENODATA. */
int volume_getxattr(struct volume *v, vino_t ino, const char *name, void *buf, size_t size);
int volume_listxattr(struct volume *v, vino_t ino, char *buf, size_t size);

/* FLAGS: XATTR_CREATE (-EEXIST if present), XATTR_REPLACE (-ENODATA if absent). A value over
 * XATTR_SIZE_MAX is -E2BIG; one that does not fit the inode and its attribute block, beside
 * the room kept for the head record the file may come to need, -ENOSPC. Both change ctime. */
int volume_setxattr(struct volume *v, vino_t ino, const char *name, const void *value, size_t size, int flags);
int volume_removexattr(struct volume *v, vino_t ino, const char *name);
