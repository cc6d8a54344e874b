/* The ext2/3/4 superblock, read raw and checked before libext2fs is given it. ext2fs_open2()
 * and the code after it divide by, shift by and size buffers with superblock fields, not all
 * of which it checks first (e2fsprogs 1.47 divides by a zero s_desc_size of a 64-bit file
 * system when told to ignore superblock errors), and what it does refuse it refuses as "The
 * ext2 superblock is corrupt": whoever opens a file system with libext2fs checks its
 * superblock here first, and can say which field is wrong. */
#pragma once
#include <ext2fs/ext2_fs.h>
#include <stddef.h>
#include <stdint.h>

#define EXT_SUPER_OFFSET 1024 /* the primary superblock's byte offset */

enum ext_super_flags {
	/* Only what libext2fs cannot survive, for an open with EXT2_FLAG_IGNORE_SB_ERRORS; without
	 * it, also what libext2fs and e2fsck refuse (s_inodes_count against the groups,
	 * s_first_meta_bg, s_first_data_block, s_first_ino, s_reserved_gdt_blocks). */
	EXT_SUPER_TOLERANT = 1 << 0,
};

/* Whether SB can be handed to libext2fs; DEVICE_BYTES is the size of what holds the file
 * system (0 if unknown), which its group descriptors must fit in. Returns 0 if so,
 * -EMEDIUMTYPE when SB has no ext magic number, else -EUCLEAN with WHY (of WHY_SIZE bytes)
 * set to the first field found wrong and why, as "s_desc_size 0 on a 64-bit file system
 * (it must be a power of two from 64 to 1024)". */
int ext_super_validate(const struct ext2_super_block *sb, uint64_t device_bytes, unsigned flags,
		       char *why, size_t why_size);

/* Reads the superblock at byte OFFSET of FD into SB and validates it, the size of FD's file
 * or block device as DEVICE_BYTES. Returns as ext_super_validate(), or -ENODATA when FD ends
 * before the superblock does (a truncated image), or -errno when it cannot be read. */
int ext_super_read(int fd, uint64_t offset, unsigned flags, struct ext2_super_block *sb,
		   char *why, size_t why_size);
