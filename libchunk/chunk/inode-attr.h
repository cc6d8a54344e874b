/* What an ext inode says about a file besides its data and links: its times with nanoseconds
 * (the ext4 encoding) and a device's number (the Linux kernel's two encodings). The one place
 * libchunk stamps a time on an inode. */
#pragma once
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include <ext2fs/ext2fs.h>

enum {
	CHUNK_ATIME  = 1 << 0,
	CHUNK_MTIME  = 1 << 1,
	CHUNK_CTIME  = 1 << 2,
	CHUNK_CRTIME = 1 << 3,
};

/* Now, as the kernel stamps inodes: CLOCK_REALTIME, to the nanosecond. */
struct timespec chunk_time_now(void);
/* Sets each time in WHICH (CHUNK_*) of INODE to TS. The nanoseconds and the seconds past
 * 2038 go into the i_Xtime_extra fields where the inode's i_extra_isize covers them; an inode
 * without them keeps whole seconds. */
void chunk_inode_stamp(struct ext2_inode_large *inode, unsigned which, const struct timespec *ts);
/* Time WHICH (one CHUNK_*) of INODE, decoded as the kernel decodes it. */
struct timespec chunk_inode_time(const struct ext2_inode_large *inode, unsigned which);

/* A character or block device's number, in i_block as the kernel keeps it: the old 8:8
 * encoding in i_block[0] when major and minor fit, else the new one in i_block[1]. */
void chunk_inode_set_rdev(struct ext2_inode_large *inode, dev_t rdev);
dev_t chunk_inode_rdev(const struct ext2_inode_large *inode);
