/* The superblock check: each field libext2fs divides by, shifts by or sizes a buffer with is
 * refused by name when it is out of range, in strict and tolerant mode as documented; the
 * superblocks mke2fs makes (1 KiB to 64 KiB blocks, 64-bit, bigalloc, meta_bg, revision 0)
 * all pass; a file too short for a superblock is told apart. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ext2fs/ext2fs.h>

#include "libchunk/base/ext-super.h"
#include "libchunk/base/macro.h"
#include "libchunk/base/test-assert.h"

static char why[256];

/* A 4 KiB-block file system of two groups of 1024 blocks and 512 inodes, as a chunk is. */
static struct ext2_super_block base(bool is_64bit)
{
	struct ext2_super_block sb = {
		.s_magic = EXT2_SUPER_MAGIC,
		.s_rev_level = EXT2_DYNAMIC_REV,
		.s_log_block_size = 2,
		.s_log_cluster_size = 2,
		.s_blocks_count = 2048,
		.s_blocks_per_group = 1024,
		.s_clusters_per_group = 1024,
		.s_inodes_per_group = 512,
		.s_inodes_count = 1024,
		.s_inode_size = 256,
		.s_first_ino = EXT2_GOOD_OLD_FIRST_INO,
		.s_feature_incompat = EXT2_FEATURE_INCOMPAT_FILETYPE | EXT3_FEATURE_INCOMPAT_EXTENTS,
	};

	if (is_64bit) {
		sb.s_feature_incompat |= EXT4_FEATURE_INCOMPAT_64BIT;
		sb.s_desc_size = EXT2_MIN_DESC_SIZE_64BIT;
	}
	return sb;
}

/* Whether validating SB gives WANT and, for a refusal, a reason that begins with FIELD. */
static bool refused(const struct ext2_super_block *sb, uint64_t device_bytes, unsigned flags, int want,
		    const char *field)
{
	int r;

	why[0] = 0;
	r = ext_super_validate(sb, device_bytes, flags, why, sizeof(why));
	if (r != want)
		printf("# got %d (%s), wanted %d\n", r, why, want);
	return r == want && (!field || strncmp(why, field, strlen(field)) == 0);
}

static void test_valid(void)
{
	struct ext2_super_block sb = base(false);

	CHECK(refused(&sb, 0, 0, 0, NULL), "a chunk's superblock passes");
	sb = base(true);
	CHECK(refused(&sb, 8 << 20, 0, 0, NULL), "a 64-bit one passes, its size known");
	sb = base(false);
	sb.s_log_block_size = sb.s_log_cluster_size = 0;
	sb.s_first_data_block = 1;
	sb.s_blocks_count = 2049;
	CHECK(refused(&sb, 0, 0, 0, NULL), "1 KiB blocks, the first data block 1");
	sb = base(false);
	sb.s_rev_level = EXT2_GOOD_OLD_REV;
	sb.s_inode_size = 0;
	CHECK(refused(&sb, 0, 0, 0, NULL), "revision 0: the inode size is 128 whatever s_inode_size says");
	sb = base(false);
	sb.s_desc_size = 0;
	CHECK(refused(&sb, 0, 0, 0, NULL), "s_desc_size is not looked at without 64bit");
}

static void test_sizes(void)
{
	struct ext2_super_block sb = base(true);

	sb.s_desc_size = 0;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_desc_size 0 on a 64-bit file system"),
	      "a zero s_desc_size on a 64-bit file system (ext2fs_open2 divides by it): %s", why);
	CHECK(refused(&sb, 0, EXT_SUPER_TOLERANT, -EUCLEAN, "s_desc_size 0"), "also when tolerant");
	sb.s_desc_size = 96;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_desc_size 96"), "s_desc_size not a power of two");
	sb.s_desc_size = 2048;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_desc_size 2048"), "s_desc_size above 1024");

	sb = base(false);
	sb.s_magic = 0;
	CHECK(refused(&sb, 0, 0, -EMEDIUMTYPE, "s_magic 0x0000"), "no magic: told apart (%s)", why);
	sb = base(false);
	sb.s_rev_level = 2;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_rev_level 2"), "%s", why);
	sb = base(false);
	sb.s_feature_incompat |= 0x80000000;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_feature_incompat"), "%s", why);
	sb = base(false);
	sb.s_log_block_size = sb.s_log_cluster_size = 7;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_log_block_size 7"), "%s", why);
	sb.s_log_block_size = sb.s_log_cluster_size = UINT32_MAX;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_log_block_size 4294967295"), "the largest block size field");
	sb = base(false);
	sb.s_log_cluster_size = 3;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_log_cluster_size 3"), "%s", why);
	sb = base(false);
	sb.s_log_groups_per_flex = 32;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_log_groups_per_flex 32"), "%s", why);
	for (unsigned size = 0; size <= 8192; size = size ? size * 2 : 1) {
		sb = base(false);
		sb.s_inode_size = size;
		bool ok = size >= 128 && size <= 4096;
		CHECK(refused(&sb, 0, 0, ok ? 0 : -EUCLEAN, ok ? NULL : "s_inode_size"), "s_inode_size %u: %s", size,
		      ok ? "passes" : why);
	}
	sb.s_inode_size = 200;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_inode_size 200"), "%s", why);
}

static void test_groups(void)
{
	struct ext2_super_block sb;
	const uint32_t bad_bpg[] = { 0, 1, 7, 4096 * 8 + 8, UINT32_MAX };

	for (size_t i = 0; i < ELEMENTSOF(bad_bpg); i++) {
		sb = base(false);
		sb.s_blocks_per_group = sb.s_clusters_per_group = bad_bpg[i];
		CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_blocks_per_group"), "%s", why);
	}
	sb = base(false);
	sb.s_clusters_per_group = 512;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_blocks_per_group 1024 is not s_clusters_per_group 512"), "%s", why);
	sb = base(false);
	sb.s_feature_ro_compat = EXT4_FEATURE_RO_COMPAT_BIGALLOC;
	sb.s_log_cluster_size = 6;
	sb.s_blocks_per_group = 16384;
	sb.s_blocks_count = 32768;
	CHECK(refused(&sb, 0, 0, 0, NULL), "bigalloc: 1024 clusters of 16 blocks a group");
	sb.s_blocks_per_group = 1024;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_blocks_per_group 1024 is not"), "%s", why);
	sb.s_log_cluster_size = 1;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_log_cluster_size 1"), "a cluster smaller than a block");

	const uint32_t bad_ipg[] = { 0, 1, 15, 4096 * 8 + 16, UINT32_MAX };
	for (size_t i = 0; i < ELEMENTSOF(bad_ipg); i++) {
		sb = base(false);
		sb.s_inodes_per_group = bad_ipg[i];
		sb.s_inodes_count = 2 * bad_ipg[i];
		CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_inodes_per_group"), "%s", why);
	}

	sb = base(false);
	sb.s_first_data_block = 2048;
	CHECK(refused(&sb, 0, EXT_SUPER_TOLERANT, -EUCLEAN, "s_first_data_block 2048 is not below"), "%s", why);
	sb.s_first_data_block = 1;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_first_data_block 1"), "%s", why);
	CHECK(refused(&sb, 0, EXT_SUPER_TOLERANT, 0, NULL), "a first data block libext2fs copes with, when tolerant");

	sb = base(false);
	sb.s_inodes_count = 1000;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_inodes_count 1000, but 2 groups of 512 inodes hold 1024"), "%s", why);
	CHECK(refused(&sb, 0, EXT_SUPER_TOLERANT, 0, NULL), "fewer inodes than the groups hold, when tolerant");
	sb.s_inodes_count = 1025;
	CHECK(refused(&sb, 0, EXT_SUPER_TOLERANT, -EUCLEAN, "s_inodes_count 1025"), "more never");
}

static void test_counts(void)
{
	struct ext2_super_block sb = base(true);

	sb.s_blocks_per_group = sb.s_clusters_per_group = 8;
	sb.s_inodes_per_group = 16;
	sb.s_blocks_count_hi = UINT32_MAX;
	CHECK(refused(&sb, 0, EXT_SUPER_TOLERANT, -EUCLEAN, "s_blocks_count"), "%s", why);
	sb.s_blocks_count_hi = 0;
	CHECK(refused(&sb, 0, EXT_SUPER_TOLERANT, 0, NULL), "the high half counts only with 64bit");

	sb = base(true);
	sb.s_blocks_count = 1U << 31;
	sb.s_inodes_count = (1U << 21) * 512;
	CHECK(refused(&sb, 0, 0, 0, NULL), "2^21 groups, the size of the device unknown");
	CHECK(refused(&sb, 8 << 20, 0, -EUCLEAN, "s_blocks_count 2147483648: the descriptors"),
	      "2^21 groups' descriptors on a device of 8 MiB: %s", why);

	sb = base(false);
	sb.s_feature_incompat |= EXT2_FEATURE_INCOMPAT_META_BG;
	sb.s_first_meta_bg = 2;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_first_meta_bg 2"), "%s", why);
	CHECK(refused(&sb, 0, EXT_SUPER_TOLERANT, 0, NULL), "libext2fs clamps it when tolerant");
	sb = base(false);
	sb.s_first_ino = 0;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_first_ino 0"), "%s", why);
	sb = base(false);
	sb.s_reserved_gdt_blocks = UINT16_MAX;
	CHECK(refused(&sb, 0, 0, -EUCLEAN, "s_reserved_gdt_blocks 65535"), "%s", why);
}

static char dir[] = "/tmp/chunkfs-test-ext-super.XXXXXX";

/* What mke2fs makes passes, read from the file. */
static void test_mke2fs(void)
{
	static const char *const kinds[] = {
		"-t ext2 -b 1024 -r 0", "-t ext2 -b 2048", "-t ext4 -b 4096", "-t ext4 -b 65536",
		"-t ext4 -O 64bit -b 1024", "-t ext4 -O bigalloc -C 65536", "-t ext4 -O meta_bg,^resize_inode",
		"-t ext4 -O 64bit,meta_bg,^resize_inode -b 2048", "-t ext3 -b 1024 -g 1024 -N 2048",
	};
	struct ext2_super_block sb;
	char path[sizeof(dir) + 16];

	snprintf(path, sizeof(path), "%s/img", dir);
	for (size_t i = 0; i < ELEMENTSOF(kinds); i++) {
		int r, fd;

		if (test_sh("mke2fs -q -F %s %s 32M >/dev/null 2>&1", kinds[i], path) != 0) {
			CHECK(0, "mke2fs %s", kinds[i]);
			continue;
		}
		fd = open(path, O_RDONLY | O_CLOEXEC);
		r = ext_super_read(fd, EXT_SUPER_OFFSET, 0, &sb, why, sizeof(why));
		CHECK(r == 0, "mke2fs %s passes%s%s", kinds[i], r ? ": " : "", r ? why : "");
		close(fd);
	}

	test_sh("head -c 1500 /dev/zero >%s", path);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	CHECK(ext_super_read(fd, EXT_SUPER_OFFSET, 0, &sb, why, sizeof(why)) == -ENODATA,
	      "a file that ends inside the superblock: %s", why);
	close(fd);
	fd = open(dir, O_RDONLY | O_CLOEXEC);
	CHECK(ext_super_read(fd, EXT_SUPER_OFFSET, 0, &sb, why, sizeof(why)) == -EISDIR, "a directory: -EISDIR");
	close(fd);
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	test_valid();
	test_sizes();
	test_groups();
	test_counts();
	test_mke2fs();
	test_sh("rm -rf %s", dir);
	return test_exit();
}
