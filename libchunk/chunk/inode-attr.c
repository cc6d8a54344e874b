/* Inode times with nanoseconds and device numbers, encoded as the Linux kernel's ext4 does
 * (fs/ext4/ext4.h ext4_encode_extra_time, fs/ext4/inode.c ext4_do_update_inode), so that a
 * chunk's inodes read the same through libchunk, the kernel and debugfs. */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "libchunk/chunk/inode-attr.h"

struct time_field {
	unsigned which;
	size_t seconds, extra;   /* offsets in struct ext2_inode_large */
};

static const struct time_field time_fields[] = {
	{ CHUNK_ATIME, offsetof(struct ext2_inode_large, i_atime), offsetof(struct ext2_inode_large, i_atime_extra) },
	{ CHUNK_MTIME, offsetof(struct ext2_inode_large, i_mtime), offsetof(struct ext2_inode_large, i_mtime_extra) },
	{ CHUNK_CTIME, offsetof(struct ext2_inode_large, i_ctime), offsetof(struct ext2_inode_large, i_ctime_extra) },
	{ CHUNK_CRTIME, offsetof(struct ext2_inode_large, i_crtime), offsetof(struct ext2_inode_large, i_crtime_extra) },
};

struct timespec chunk_time_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
		ts = (struct timespec){ .tv_sec = time(NULL) };
	return ts;
}

/* Does the inode's extra part reach past the 32-bit field at OFF? (i_crtime itself lives there.) */
static bool inode_has(const struct ext2_inode_large *inode, size_t off)
{
	return off + sizeof(uint32_t) <= EXT2_GOOD_OLD_INODE_SIZE + (size_t)inode->i_extra_isize;
}

static uint32_t *field32(const struct ext2_inode_large *inode, size_t off)
{
	return (uint32_t *)((char *)inode + off);
}

void chunk_inode_stamp(struct ext2_inode_large *inode, unsigned which, const struct timespec *ts)
{
	/* Bits 32 and 33 of the seconds, relative to the sign-extended low 32: the epoch. */
	uint32_t epoch = (uint32_t)(((int64_t)ts->tv_sec - (int32_t)(uint32_t)ts->tv_sec) >> 32) & EXT4_EPOCH_MASK;
	uint32_t extra = epoch | ((uint32_t)ts->tv_nsec << EXT4_EPOCH_BITS);

	for (size_t i = 0; i < sizeof(time_fields) / sizeof(time_fields[0]); i++) {
		const struct time_field *f = &time_fields[i];
		if (!(which & f->which) || !inode_has(inode, f->seconds))
			continue;
		*field32(inode, f->seconds) = (uint32_t)ts->tv_sec;
		if (inode_has(inode, f->extra))
			*field32(inode, f->extra) = extra;
	}
}

struct timespec chunk_inode_time(const struct ext2_inode_large *inode, unsigned which)
{
	for (size_t i = 0; i < sizeof(time_fields) / sizeof(time_fields[0]); i++) {
		const struct time_field *f = &time_fields[i];
		struct timespec ts = { 0 };
		uint32_t extra;
		if (f->which != which)
			continue;
		if (!inode_has(inode, f->seconds))
			return ts;
		ts.tv_sec = (int32_t)*field32(inode, f->seconds);
		if (!inode_has(inode, f->extra))
			return ts;
		extra = *field32(inode, f->extra);
		ts.tv_sec += (int64_t)(extra & EXT4_EPOCH_MASK) << 32;
		ts.tv_nsec = extra >> EXT4_EPOCH_BITS;
		return ts;
	}
	return (struct timespec){ 0 };
}

void chunk_inode_set_rdev(struct ext2_inode_large *inode, dev_t rdev)
{
	unsigned major = major(rdev), minor = minor(rdev);

	memset(inode->i_block, 0, sizeof(inode->i_block));
	if (major < 256 && minor < 256)
		inode->i_block[0] = major << 8 | minor;
	else
		inode->i_block[1] = (minor & 0xff) | (major << 8) | ((minor & ~0xffu) << 12);
}

dev_t chunk_inode_rdev(const struct ext2_inode_large *inode)
{
	uint32_t old = inode->i_block[0], new = inode->i_block[1];

	if (old)
		return makedev((old >> 8) & 0xff, old & 0xff);
	return makedev((new & 0xfff00) >> 8, (new & 0xff) | ((new >> 12) & 0xfff00));
}
