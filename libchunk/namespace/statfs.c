/* statfs of the volume: each chunk's counts, from the chunk the volume holds open or from its
 * superblock read raw (opening 1024 chunks with libext2fs to add up a few numbers would take
 * seconds), summed.
 *
 * What "free" means. bfree is every free block of every chunk. bavail is what files can still
 * be given: libchunk's allocator keeps back in each chunk a reserve for chunkfs's metadata
 * (index entries, directory growth, records: chunk_reserved_blocks) and writes nothing into a
 * DAMAGED chunk, so bavail is, over the chunks that are not DAMAGED, the free blocks less that
 * reserve. The root reserve (s_r_blocks_count) is not taken off: neither libext2fs nor
 * libchunk keeps it from anyone, and chunkfs's mkfs makes it 0.
 *
 * The continuation threshold takes nothing off: a file's bytes past the threshold, or past
 * what its head's chunk has room for, go to a continuation in whichever chunk has room, so
 * every chunk's free space can be written by some file. What bavail cannot promise, any more
 * than ext4's does, is that one file can use it all: a file spans its head's chunk and at most
 * CONT_MAX others (one continuation a chunk), so it holds at most the threshold plus the free
 * space of the CONT_MAX roomiest other chunks; and a write piece (up to 1 MiB) goes only to a
 * chunk with room for all of it, so the last part of each chunk takes only small writes.
 * Inodes alike: favail leaves out each chunk's reserve of inodes for chunkfs's own files
 * (chunk_reserved_inodes) and the DAMAGED chunks. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include "libchunk/base/ext-super.h"
#include "libchunk/base/macro.h"
#include "libchunk/chunk/chunk.h"
#include "libchunk/namespace/statfs.h"

/* Sums in bytes, since chunks need not share a block size. */
struct statfs_sum {
	uint32_t bsize;
	uint64_t bytes, free, avail;
	uint64_t files, ffree, favail;
	unsigned unreadable;
};

static uint64_t div_up(uint64_t a, uint64_t b)
{
	return (a + b - 1) / b;
}

/* How many groups of NGROUPS hold a copy of the superblock and descriptors: every one, or
 * with sparse_super 0, 1 and the powers of 3, 5 and 7, or with sparse_super2 0 and the (at
 * most two) groups named in the superblock. */
static uint64_t groups_with_super(struct ext2_super_block *sb, uint64_t ngroups)
{
	uint64_t n = 1;

	if (ext2fs_has_feature_sparse_super2(sb))
		return 1 + (sb->s_backup_bgs[0] && sb->s_backup_bgs[0] < ngroups) +
		       (sb->s_backup_bgs[1] && sb->s_backup_bgs[1] < ngroups);
	if (!ext2fs_has_feature_sparse_super(sb))
		return ngroups;
	if (ngroups > 1)
		n++;
	for (uint64_t base = 3; base <= 7; base += 2)
		for (uint64_t g = base; g < ngroups; g *= base)
			n++;
	return n;
}

/* Blocks of the file system's own metadata: superblocks and descriptors where they are kept,
 * bitmaps and inode table of every group; what ext4's statfs leaves out of f_blocks, so an
 * empty volume does not show its inode tables (6% of a chunk) as used. */
static uint64_t metadata_blocks(struct ext2_super_block *sb)
{
	uint64_t bsize = EXT2_BLOCK_SIZE(sb), blocks = ext2fs_blocks_count(sb);
	uint64_t ngroups = div_up(blocks - sb->s_first_data_block, sb->s_blocks_per_group);
	uint64_t gdt = div_up(ngroups * EXT2_DESC_SIZE(sb), bsize);
	uint64_t itable = div_up((uint64_t)sb->s_inodes_per_group * EXT2_INODE_SIZE(sb), bsize);
	uint64_t n = sb->s_first_data_block + ngroups * (2 + itable) +
		     groups_with_super(sb, ngroups) * (1 + gdt + sb->s_reserved_gdt_blocks);

	return MIN(n, blocks);
}

static void add_chunk(struct statfs_sum *s, struct ext2_super_block *sb, bool damaged, unsigned nchunks)
{
	uint64_t bsize = EXT2_BLOCK_SIZE(sb), blocks = ext2fs_blocks_count(sb);
	uint64_t free = ext2fs_free_blocks_count(sb), reserve = chunk_reserved_blocks(sb);
	uint32_t ifree = sb->s_free_inodes_count, ireserve = chunk_reserved_inodes(sb, nchunks);

	s->bsize = MAX(s->bsize, (uint32_t)bsize);
	s->bytes += (blocks - metadata_blocks(sb)) * bsize;
	s->free += free * bsize;
	s->files += sb->s_inodes_count;
	s->ffree += ifree;
	if (damaged)
		return;
	s->avail += free > reserve ? (free - reserve) * bsize : 0;
	s->favail += ifree > ireserve ? ifree - ireserve : 0;
}

/* Chunk ID's superblock from its image or device, checked as before libext2fs is given one. */
static int read_super(struct volume *v, unsigned id, struct ext2_super_block *sb)
{
	_cleanup_close_ int fd = open(volume_chunk_path(v, id), O_RDONLY | O_CLOEXEC);
	char why[256];

	if (fd < 0)
		return -errno;
	return ext_super_read(fd, EXT_SUPER_OFFSET, 0, sb, why, sizeof(why));
}

int volume_statfs(struct volume *v, struct vstatfs *st)
{
	struct statfs_sum s = {};
	unsigned n = volume_chunk_count(v);

	for (unsigned id = 0; id < n; id++) {
		struct chunk *c = volume_chunk_if_open(v, id);
		struct ext2_super_block sb;

		if (c)
			add_chunk(&s, c->fs->super, c->damaged, n);
		else if (read_super(v, id, &sb) == 0)
			/* A DAMAGED chunk's superblock says "with errors" (docs/FORMAT.md). */
			add_chunk(&s, &sb, sb.s_state & EXT2_ERROR_FS, n);
		else
			s.unreadable++;
	}
	if (!s.bsize)
		s.bsize = 4096;
	*st = (struct vstatfs){
		.bsize = s.bsize,
		.blocks = s.bytes / s.bsize,
		.bfree = s.free / s.bsize,
		.bavail = s.avail / s.bsize,
		.files = s.files,
		.ffree = s.ffree,
		.favail = s.favail,
		.namemax = EXT2_NAME_LEN,
		.unreadable = s.unreadable,
	};
	return 0;
}
