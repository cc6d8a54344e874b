/* The superblock checked field by field before libext2fs is given it (ext-super.h). The bounds
 * are libext2fs's own (lib/ext2fs/openfs.c), e2fsck's (check_super_block()) and the kernel's
 * where libext2fs has none (a group's bitmaps are one block each), and the sizes that keep
 * its arithmetic in range. Fields are little-endian on disk. */
#include <endian.h>
#include <errno.h>
#include <linux/fs.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ext2fs/ext2fs.h>

#include "libchunk/base/ext-super.h"
#include "libchunk/base/macro.h"

static int __attribute__((format(printf, 3, 4))) bad(char *why, size_t why_size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, why_size, fmt, ap);
	va_end(ap);
	return -EUCLEAN;
}

static bool power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* The geometry every later check needs: block and inode sizes, clusters, descriptors. */
struct geometry {
	unsigned block_size, inode_size, desc_size, ratio_bits;
};

static int check_sizes(const struct ext2_super_block *sb, struct geometry *g, char *why, size_t why_size)
{
	uint32_t incompat = le32toh(sb->s_feature_incompat), rev = le32toh(sb->s_rev_level);
	uint32_t log_block = le32toh(sb->s_log_block_size), log_cluster = le32toh(sb->s_log_cluster_size);
	bool bigalloc = le32toh(sb->s_feature_ro_compat) & EXT4_FEATURE_RO_COMPAT_BIGALLOC;

	if (rev > EXT2_LIB_CURRENT_REV)
		return bad(why, why_size, "s_rev_level %u (libext2fs knows revisions 0 and 1)", rev);
	if (incompat & ~EXT2_LIB_FEATURE_INCOMPAT_SUPP)
		return bad(why, why_size, "s_feature_incompat 0x%x has features libext2fs does not know (0x%x)",
			   incompat, incompat & ~EXT2_LIB_FEATURE_INCOMPAT_SUPP);
	if (incompat & EXT3_FEATURE_INCOMPAT_JOURNAL_DEV)
		return bad(why, why_size, "s_feature_incompat has journal_dev: an external journal, not a file system");
	if (log_block > EXT2_MAX_BLOCK_LOG_SIZE - EXT2_MIN_BLOCK_LOG_SIZE)
		return bad(why, why_size, "s_log_block_size %u (at most %u, 64 KiB blocks)", log_block,
			   EXT2_MAX_BLOCK_LOG_SIZE - EXT2_MIN_BLOCK_LOG_SIZE);
	if (bigalloc && (log_cluster < log_block || log_cluster > EXT2_MAX_CLUSTER_LOG_SIZE - EXT2_MIN_CLUSTER_LOG_SIZE))
		return bad(why, why_size, "s_log_cluster_size %u with s_log_block_size %u (from %u to %u)", log_cluster,
			   log_block, log_block, EXT2_MAX_CLUSTER_LOG_SIZE - EXT2_MIN_CLUSTER_LOG_SIZE);
	if (!bigalloc && log_cluster != log_block)
		return bad(why, why_size, "s_log_cluster_size %u differs from s_log_block_size %u without bigalloc",
			   log_cluster, log_block);
	if (sb->s_log_groups_per_flex > 31)
		return bad(why, why_size, "s_log_groups_per_flex %u (at most 31)", sb->s_log_groups_per_flex);
	g->block_size = EXT2_MIN_BLOCK_SIZE << log_block;
	g->ratio_bits = log_cluster - log_block;
	g->inode_size = rev == EXT2_GOOD_OLD_REV ? EXT2_GOOD_OLD_INODE_SIZE : le16toh(sb->s_inode_size);
	if (g->inode_size < EXT2_GOOD_OLD_INODE_SIZE || g->inode_size > g->block_size || !power_of_two(g->inode_size))
		return bad(why, why_size, "s_inode_size %u (a power of two from %u to the block size, %u)", g->inode_size,
			   EXT2_GOOD_OLD_INODE_SIZE, g->block_size);
	g->desc_size = EXT2_MIN_DESC_SIZE;
	if (incompat & EXT4_FEATURE_INCOMPAT_64BIT) {
		g->desc_size = le16toh(sb->s_desc_size);
		if (g->desc_size < EXT2_MIN_DESC_SIZE_64BIT || g->desc_size > EXT2_MAX_DESC_SIZE ||
		    !power_of_two(g->desc_size))
			return bad(why, why_size, "s_desc_size %u on a 64-bit file system (a power of two from %u to %u)",
				   g->desc_size, EXT2_MIN_DESC_SIZE_64BIT, EXT2_MAX_DESC_SIZE);
	}
	return 0;
}

/* A group's block and inode bitmaps are one block each: libext2fs reads as many bytes of
 * bitmap as the group has bits, out of a buffer of one block. */
static int check_groups(const struct ext2_super_block *sb, const struct geometry *g, char *why, size_t why_size)
{
	uint32_t bpg = le32toh(sb->s_blocks_per_group), cpg = le32toh(sb->s_clusters_per_group);
	uint32_t ipg = le32toh(sb->s_inodes_per_group);
	uint32_t bits = MIN(8 * g->block_size, EXT2_MAX_CLUSTERS_PER_GROUP(sb)); /* 65528 */
	uint32_t per_block = g->block_size / g->inode_size;
	uint32_t max_ipg = MIN(8 * g->block_size, (1U << 16) - per_block);

	if (g->ratio_bits == 0 && (bpg < 8 || bpg > bits))
		return bad(why, why_size, "s_blocks_per_group %u (from 8 to %u, the bits of one block)", bpg, bits);
	if (cpg < 8 || cpg > bits)
		return bad(why, why_size, "s_clusters_per_group %u (from 8 to %u, the bits of one block)", cpg, bits);
	if (bpg != (uint64_t)cpg << g->ratio_bits)
		return bad(why, why_size, "s_blocks_per_group %u is not s_clusters_per_group %u times %u", bpg, cpg,
			   1U << g->ratio_bits);
	if (ipg < per_block || ipg > max_ipg)
		return bad(why, why_size, "s_inodes_per_group %u (from %u, one block of inodes, to %u)", ipg, per_block,
			   max_ipg);
	return 0;
}

int ext_super_validate(const struct ext2_super_block *sb, uint64_t device_bytes, unsigned flags,
		       char *why, size_t why_size)
{
	bool strict = !(flags & EXT_SUPER_TOLERANT);
	bool is_64bit = le32toh(sb->s_feature_incompat) & EXT4_FEATURE_INCOMPAT_64BIT;
	uint64_t blocks = le32toh(sb->s_blocks_count) | (is_64bit ? (uint64_t)le32toh(sb->s_blocks_count_hi) << 32 : 0);
	uint32_t first = le32toh(sb->s_first_data_block), inodes = le32toh(sb->s_inodes_count);
	uint64_t groups, group_inodes, desc_blocks;
	struct geometry g = {};
	int r;

	if (le16toh(sb->s_magic) != EXT2_SUPER_MAGIC) {
		snprintf(why, why_size, "s_magic 0x%04x is not the ext2/3/4 magic number 0x%04x", le16toh(sb->s_magic),
			 EXT2_SUPER_MAGIC);
		return -EMEDIUMTYPE;
	}
	r = check_sizes(sb, &g, why, why_size);
	if (r < 0)
		return r;
	r = check_groups(sb, &g, why, why_size);
	if (r < 0)
		return r;
	if (first >= blocks)
		return bad(why, why_size, "s_first_data_block %u is not below s_blocks_count %llu", first,
			   (unsigned long long)blocks);
	if (strict && first != (g.block_size == EXT2_MIN_BLOCK_SIZE && g.ratio_bits == 0))
		return bad(why, why_size, "s_first_data_block %u (a file system of %u-byte blocks%s starts at block %u)",
			   first, g.block_size, g.ratio_bits ? " in clusters" : "",
			   g.block_size == EXT2_MIN_BLOCK_SIZE && g.ratio_bits == 0);
	groups = (blocks - first + le32toh(sb->s_blocks_per_group) - 1) / le32toh(sb->s_blocks_per_group);
	if (groups > UINT32_MAX)
		return bad(why, why_size, "s_blocks_count %llu: %llu groups of %u blocks, more than 2^32 groups",
			   (unsigned long long)blocks, (unsigned long long)groups, le32toh(sb->s_blocks_per_group));
	group_inodes = groups * le32toh(sb->s_inodes_per_group);
	if (group_inodes > UINT32_MAX)
		return bad(why, why_size, "s_blocks_count %llu: %llu groups of %u inodes, more than 2^32 inodes",
			   (unsigned long long)blocks, (unsigned long long)groups, le32toh(sb->s_inodes_per_group));
	if (strict ? inodes != group_inodes : inodes > group_inodes)
		return bad(why, why_size, "s_inodes_count %u, but %llu groups of %u inodes hold %llu", inodes,
			   (unsigned long long)groups, le32toh(sb->s_inodes_per_group), (unsigned long long)group_inodes);
	desc_blocks = (groups + g.block_size / g.desc_size - 1) / (g.block_size / g.desc_size);
	if (device_bytes && desc_blocks * g.block_size > device_bytes)
		return bad(why, why_size, "s_blocks_count %llu: the descriptors of its %llu groups do not fit in the "
			   "%llu bytes of the device", (unsigned long long)blocks, (unsigned long long)groups,
			   (unsigned long long)device_bytes);
	if (!strict)
		return 0;
	if ((le32toh(sb->s_feature_incompat) & EXT2_FEATURE_INCOMPAT_META_BG) &&
	    le32toh(sb->s_first_meta_bg) > desc_blocks)
		return bad(why, why_size, "s_first_meta_bg %u is past the %llu blocks of group descriptors",
			   le32toh(sb->s_first_meta_bg), (unsigned long long)desc_blocks);
	if (le32toh(sb->s_rev_level) > EXT2_GOOD_OLD_REV &&
	    (le32toh(sb->s_first_ino) < EXT2_GOOD_OLD_FIRST_INO || le32toh(sb->s_first_ino) > inodes))
		return bad(why, why_size, "s_first_ino %u (from %u to s_inodes_count, %u)", le32toh(sb->s_first_ino),
			   EXT2_GOOD_OLD_FIRST_INO, inodes);
	if (le16toh(sb->s_reserved_gdt_blocks) > g.block_size / sizeof(uint32_t))
		return bad(why, why_size, "s_reserved_gdt_blocks %u (at most %zu)", le16toh(sb->s_reserved_gdt_blocks),
			   g.block_size / sizeof(uint32_t));
	return 0;
}

static uint64_t device_size(int fd)
{
	struct stat st;
	uint64_t bytes = 0;

	if (fstat(fd, &st) < 0)
		return 0;
	if (S_ISREG(st.st_mode))
		return (uint64_t)st.st_size;
	if (S_ISBLK(st.st_mode) && ioctl(fd, BLKGETSIZE64, &bytes) == 0)
		return bytes;
	return 0;
}

int ext_super_read(int fd, uint64_t offset, unsigned flags, struct ext2_super_block *sb,
		   char *why, size_t why_size)
{
	ssize_t n = pread(fd, sb, sizeof(*sb), (off_t)offset);

	if (n < 0)
		return -errno;
	if ((size_t)n < sizeof(*sb)) {
		snprintf(why, why_size, "the file ends before the superblock at byte %llu does",
			 (unsigned long long)offset);
		return -ENODATA;
	}
	return ext_super_validate(sb, device_size(fd), flags, why, why_size);
}
