/* cref_run(): open an ext2/3/4 file system read-only (falling back to a backup superblock
 * when the primary is unusable), lay chunks over its groups, and run the scan. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "libcref/cref.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/ext-super.h"
#include "libchunk/base/macro.h"

static void ext2fs_closep(ext2_filsys *fs)
{
	if (*fs)
		ext2fs_close_free(fs);
}

#define OPEN_FLAGS (EXT2_FLAG_64BITS | EXT2_FLAG_IGNORE_CSUM_ERRORS | EXT2_FLAG_SKIP_MMP)

/* libext2fs opens DEVICE from superblock SB (0: the primary) of block size BS, once FD shows
 * that superblock to be one it can be given; WHY says what is wrong when it is not or when
 * libext2fs refuses it. Returns -EUCLEAN for an unusable superblock, -errno when FD cannot
 * be read. */
static int try_open(const char *device, int fd, int flags, uint64_t sb, unsigned bs, ext2_filsys *ret,
		    char *why, size_t why_size)
{
	struct ext2_super_block super;
	unsigned tolerant = (flags & EXT2_FLAG_IGNORE_SB_ERRORS) ? EXT_SUPER_TOLERANT : 0;
	char field[200];
	int r = ext_super_read(fd, sb ? sb * bs : EXT_SUPER_OFFSET, tolerant, &super, field, sizeof(field));
	errcode_t err;

	if (r == -EUCLEAN || r == -EMEDIUMTYPE || r == -ENODATA) {
		snprintf(why, why_size, "superblock: %s", field);
		return -EUCLEAN;
	}
	if (r < 0)
		return r;
	err = ext2fs_open2(device, NULL, flags, (int)sb, bs, unix_io_manager, ret);
	if (err == 0 && !tolerant) {
		err = ext2fs_check_desc(*ret);
		if (err)
			ext2fs_close_free(ret);
	}
	if (err) {
		snprintf(why, why_size, "%s", error_message(err));
		r = chunk_errno(err);
		return r == -ENOMEM ? r : -EUCLEAN;
	}
	return 0;
}

/* The primary superblock first; if it or its group descriptors are unusable, the first
 * backup for each block size, as e2fsck -b would be told; last the primary once more,
 * tolerating bad group descriptors (the scan then skips what is out of range). Each
 * superblock is checked before libext2fs reads it (ext-super.h). */
static int open_fs(const char *device, ext2_filsys *ret, uint64_t *superblock)
{
	_cleanup_close_ int fd = open(device, O_RDONLY | O_CLOEXEC);
	char first[256], why[256];
	int r;

	initialize_ext2_error_table();
	if (fd < 0)
		return -errno;
	r = try_open(device, fd, OPEN_FLAGS, 0, 0, ret, first, sizeof(first));
	if (r != -EUCLEAN)
		return r;
	for (unsigned bs = 1024; bs <= 65536; bs *= 2) {
		uint64_t sb = bs * 8ULL + (bs == 1024);

		if (try_open(device, fd, OPEN_FLAGS, sb, bs, ret, why, sizeof(why)) == 0) {
			chunk_log(LOG_WARNING, "%s: primary superblock or group descriptors unusable (%s), using backup at block %llu",
				  device, first, (unsigned long long)sb);
			*superblock = sb;
			return 0;
		}
	}
	if (try_open(device, fd, OPEN_FLAGS | EXT2_FLAG_IGNORE_SB_ERRORS, 0, 0, ret, why, sizeof(why)) == 0) {
		chunk_log(LOG_WARNING, "%s: %s; reading on regardless", device, first);
		return 0;
	}
	return chunk_log_errno(-EUCLEAN, "%s: not a readable ext2/3/4 file system: %s", device, first);
}

static const char *fs_type(ext2_filsys fs)
{
	if (ext2fs_has_feature_extents(fs->super) || ext2fs_has_feature_64bit(fs->super) ||
	    ext2fs_has_feature_flex_bg(fs->super) || ext2fs_has_feature_bigalloc(fs->super) ||
	    ext2fs_has_feature_metadata_csum(fs->super) || ext2fs_has_feature_inline_data(fs->super) ||
	    ext2fs_has_feature_huge_file(fs->super))
		return "ext4";
	return ext2fs_has_feature_journal(fs->super) ? "ext3" : "ext2";
}

/* Clamped so that no inode or block number the scan accepts maps past the last chunk. */
static void base_geometry(ext2_filsys fs, struct cref_geometry *g)
{
	uint64_t groups_blocks;

	*g = (struct cref_geometry){
		.first_data_block = fs->super->s_first_data_block,
		.blocks_count = ext2fs_blocks_count(fs->super),
		.blocks_per_group = EXT2_BLOCKS_PER_GROUP(fs->super),
		.inodes_per_group = EXT2_INODES_PER_GROUP(fs->super),
		.inodes_count = fs->super->s_inodes_count,
		.groups = fs->group_desc_count,
		.block_size = fs->blocksize,
	};
	if ((uint64_t)g->inodes_per_group * g->groups < g->inodes_count)
		g->inodes_count = g->inodes_per_group * g->groups;
	groups_blocks = g->first_data_block + (uint64_t)g->groups * g->blocks_per_group;
	if (groups_blocks < g->blocks_count)
		g->blocks_count = groups_blocks;
}

/* The scan: pass 1 over the inodes (cref-scan.c), then pass 2 over the directories
 * (cref-dirs.c). */
int cref_scan(ext2_filsys fs, struct cref_counter *cs, size_t n, struct cref_stats *st, bool show_progress)
{
	struct cref_scan s = { .fs = fs, .cs = cs, .n = n, .st = st, .progress = show_progress };
	_cleanup_close_ int fd = open(fs->device_name, O_RDONLY | O_CLOEXEC);
	int r;

	s.prefetch_fd = fd;
	r = chunk_errno(ext2fs_allocate_inode_bitmap(fs, "directories", &s.dirs));
	if (r < 0)
		return r;
	r = chunk_errno(ext2fs_init_dblist(fs, &s.dblist));
	if (r < 0) {
		ext2fs_free_inode_bitmap(s.dirs);
		return r;
	}
	r = cref_scan_inodes(&s);
	if (r >= 0)
		r = cref_scan_directories(&s);
	if (show_progress)
		fputc('\n', stderr);
	ext2fs_free_dblist(s.dblist);
	ext2fs_free_inode_bitmap(s.dirs);
	free(s.inline_dirs);
	return r;
}

int cref_run(const char *device, const struct cref_options *opts,
	     struct cref_stats *st, struct cref_counter **ret)
{
	_cleanup_(ext2fs_closep) ext2_filsys fs = NULL;
	_cleanup_free_ struct cref_counter *cs = NULL;
	struct cref_geometry geo;
	int mount_flags = 0, r;
	size_t i;

	*st = (struct cref_stats){ .device = device };
	if (opts->n_chunk_bytes == 0)
		return -EINVAL;
	r = open_fs(device, &fs, &st->superblock);
	if (r < 0)
		return r;
	if (ext2fs_check_if_mounted(device, &mount_flags) == 0 && (mount_flags & EXT2_MF_MOUNTED)) {
		st->mounted = true;
		chunk_log(LOG_WARNING, "warning: %s is mounted; the figures may be inexact", device);
	}
	base_geometry(fs, &geo);
	if (geo.groups == 0 || geo.blocks_per_group == 0 || geo.inodes_per_group == 0)
		return chunk_log_errno(-EUCLEAN, "%s: superblock describes no block groups", device);

	st->fs_type = fs_type(fs);
	st->block_size = fs->blocksize;
	st->cluster_size = EXT2_CLUSTER_SIZE(fs->super);
	st->groups = geo.groups;
	st->total_bytes = ext2fs_blocks_count(fs->super) * fs->blocksize;
	st->used_bytes = (ext2fs_blocks_count(fs->super) - MIN(ext2fs_free_blocks_count(fs->super),
							       ext2fs_blocks_count(fs->super))) * fs->blocksize;

	cs = calloc(opts->n_chunk_bytes, sizeof(*cs));
	if (!cs)
		return -ENOMEM;
	for (i = 0; i < opts->n_chunk_bytes; i++) {
		geo.groups_per_chunk = cref_groups_per_chunk(opts->chunk_bytes[i],
							     geo.blocks_per_group * geo.block_size);
		r = cref_counter_init(&cs[i], &geo, opts->rule);
		if (r < 0)
			break;
	}
	if (r >= 0)
		r = cref_scan(fs, cs, opts->n_chunk_bytes, st, opts->progress);
	if (r < 0) {
		for (size_t j = 0; j < i && j < opts->n_chunk_bytes; j++)
			cref_counter_done(&cs[j]);
		return chunk_log_errno(r, "%s: counting references failed: %m", device);
	}
	*ret = TAKE_PTR(cs);
	return 0;
}
