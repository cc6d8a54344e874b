/* mkfs: each chunk is made the way mke2fs makes a file system (ext2fs_initialize, tables,
 * root, lost+found, reserved inodes), then gets its /.chunkfs metadata. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/volume/volume.h"

#define INODE_RATIO 8192

static int prepare_target(const char *path, uint64_t size, bool device, uint64_t *ret_size)
{
	struct stat st;
	_cleanup_close_ int fd = -1;

	if (device) {
		fd = open(path, O_RDWR | O_CLOEXEC | O_EXCL);
		if (fd < 0)
			return chunk_log_errno(-errno, "%s: cannot open device: %m", path);
		if (fstat(fd, &st) < 0 || !S_ISBLK(st.st_mode))
			return chunk_log_errno(-ENOTBLK, "%s: not a block device", path);
		if (ioctl(fd, BLKGETSIZE64, ret_size) < 0)
			return chunk_log_errno(-EIO, "%s: cannot read the device size", path);
		return 0;
	}
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return chunk_log_errno(-errno, "%s: cannot create chunk image: %m", path);
	if (ftruncate(fd, (off_t)size) < 0)
		return chunk_log_errno(-errno, "%s: cannot size the image: %m", path);
	*ret_size = size;
	return 0;
}

static int new_meta_file(struct chunk *c, ext2_ino_t dir, const char *name, const void *buf, size_t len,
			 ext2_ino_t *ret)
{
	ext2_ino_t ino;
	int r = chunk_file_create(c, dir, name, LINUX_S_IFREG | 0600, 0, 0, &ino);

	if (r == 0 && len)
		r = chunk_file_replace(c, ino, buf, len);
	if (r == 0 && ret)
		*ret = ino;
	return r;
}

/* /.chunkfs with the chunk record, a fresh state record, an empty summary, index/ and cont/. */
static int write_metadata(struct chunk *c, const struct record_chunk *rec)
{
	struct record_state st = { .state = 0, .last_result = -1, .last_repair_result = -1 };
	struct record_peers peers = { .chunk = rec->id };
	_cleanup_free_ void *b1 = NULL, *b2 = NULL, *b3 = NULL;
	size_t l1, l2, l3;
	int r;

	r = record_chunk_encode(rec, &b1, &l1);
	if (r == 0)
		r = record_state_encode(&st, &b2, &l2);
	if (r == 0)
		r = record_peers_encode(&peers, &b3, &l3);
	if (r == 0)
		r = chunk_mkdir(c, EXT2_ROOT_INO, CHUNK_META_DIR, 0700, 0, 0, &c->meta_ino);
	if (r == 0)
		r = new_meta_file(c, c->meta_ino, "chunk", b1, l1, &c->chunk_ino);
	if (r == 0)
		r = new_meta_file(c, c->meta_ino, "state", b2, l2, &c->state_ino);
	if (r == 0)
		r = new_meta_file(c, c->meta_ino, "peers", b3, l3, &c->peers_ino);
	if (r == 0)
		r = chunk_mkdir(c, c->meta_ino, "index", 0700, 0, 0, &c->index_ino);
	if (r == 0)
		r = chunk_mkdir(c, c->meta_ino, "cont", 0700, 0, 0, &c->cont_ino);
	return r;
}

/* No dir_index: libext2fs never builds a directory's hash index and looks names up by reading
 * the directory through, so an index would serve no reader of a chunk. With the feature on,
 * every e2fsck that may write (a repair's -fy or -p) indexes each unindexed directory of 3
 * blocks or more (its pass 3A), and every later check verifies those indexes: on a full chunk
 * of the repair bench, -fy 121 -> 68 ms and the re-check 93 -> 65 ms without the feature. */
static void set_features(struct ext2_super_block *sb, bool ext4)
{
	ext2fs_set_feature_sparse_super(sb);
	ext2fs_set_feature_large_file(sb);
	ext2fs_set_feature_filetype(sb);
	ext2fs_set_feature_xattr(sb);
	if (!ext4)
		return;
	ext2fs_set_feature_extents(sb);
	ext2fs_set_feature_flex_bg(sb);
	ext2fs_set_feature_huge_file(sb);
	ext2fs_set_feature_dir_nlink(sb);
	ext2fs_set_feature_extra_isize(sb);
	ext2fs_set_feature_metadata_csum(sb);
	sb->s_log_groups_per_flex = 4;
}

static int make_chunk(const char *path, bool device, const struct volume_mkfs_opts *o,
		      const struct record_chunk *rec)
{
	struct ext2_super_block param = {};
	struct chunk c = { .id = rec->id, .path = (char *)path, .writable = true, .lock_fd = -1 };
	uint64_t size, blocks;
	errcode_t err;
	int r;

	r = prepare_target(path, o->chunk_size, device, &size);
	if (r < 0)
		return r;
	blocks = size / 4096;
	param.s_blocks_count = (uint32_t)blocks;
	param.s_log_block_size = 2;
	param.s_rev_level = EXT2_DYNAMIC_REV;
	param.s_inode_size = 512;
	param.s_inodes_count = (uint32_t)MAX(size / INODE_RATIO, 256);
	/* Chunks are small: one of less than two full block groups (256 MiB) gets two groups,
	 * so that its superblock has a backup (in group 1) from which e2fsck rebuilds a damaged
	 * primary one; with a single group there is none, and a bad superblock loses the chunk. */
	if (blocks < 2 * 8 * 4096ull)
		param.s_blocks_per_group = (uint32_t)MAX((blocks / 2 + 7) & ~7ull, 256);
	set_features(&param, o->ext4);
	err = ext2fs_initialize(path, EXT2_FLAG_64BITS, &param, unix_io_manager, &c.fs);
	if (err)
		return chunk_log_errno(chunk_errno(err), "%s: cannot make a file system: %s", path, error_message(err));
	uuid_copy(c.fs->super->s_uuid, rec->members[rec->id]);
	if (o->ext4) {
		c.fs->super->s_checksum_type = EXT2_CRC32C_CHKSUM;
		c.fs->super->s_min_extra_isize = c.fs->super->s_want_extra_isize =
			sizeof(struct ext2_inode_large) - EXT2_GOOD_OLD_INODE_SIZE;
	}
	ext2fs_init_csum_seed(c.fs);
	uuid_generate((unsigned char *)c.fs->super->s_hash_seed);
	c.fs->super->s_def_hash_version = EXT2_HASH_HALF_MD4;
	c.fs->super->s_max_mnt_count = -1;
	c.fs->super->s_mkfs_time = c.fs->super->s_lastcheck = (uint32_t)time(NULL);
	snprintf((char *)c.fs->super->s_volume_name, sizeof(c.fs->super->s_volume_name), "chunk%u", rec->id);
	err = ext2fs_allocate_tables(c.fs);
	for (dgrp_t g = 0; !err && g < c.fs->group_desc_count; g++) {
		if (device)
			err = ext2fs_zero_blocks2(c.fs, ext2fs_inode_table_loc(c.fs, g), (int)c.fs->inode_blocks_per_group, NULL, NULL);
		ext2fs_bg_flags_set(c.fs, g, ext2fs_bg_flags(c.fs, g) | EXT2_BG_INODE_ZEROED);
		ext2fs_group_desc_csum_set(c.fs, g);
	}
	if (!err)
		err = ext2fs_mkdir(c.fs, EXT2_ROOT_INO, EXT2_ROOT_INO, 0);
	if (!err) {
		ext2_ino_t lpf;
		r = chunk_make_lost_found(&c, &lpf);
		if (r < 0) {
			ext2fs_close_free(&c.fs);
			return chunk_log_errno(r, "%s: cannot make lost+found: %s", path, strerror(-r));
		}
	}
	if (!err) {
		for (ext2_ino_t i = EXT2_ROOT_INO + 1; i < EXT2_FIRST_INODE(c.fs->super); i++)
			ext2fs_inode_alloc_stats2(c.fs, i, +1, 0);
		ext2fs_mark_inode_bitmap2(c.fs->inode_map, EXT2_BAD_INO);
		ext2fs_inode_alloc_stats2(c.fs, EXT2_BAD_INO, +1, 0);
		err = ext2fs_update_bb_inode(c.fs, NULL);
	}
	if (err) {
		ext2fs_close_free(&c.fs);
		return chunk_log_errno(chunk_errno(err), "%s: cannot make a file system: %s", path, error_message(err));
	}
	r = write_metadata(&c, rec);
	err = ext2fs_close_free(&c.fs);
	if (r < 0)
		return chunk_log_errno(r, "%s: cannot write chunkfs metadata: %m", path);
	if (err)
		return chunk_log_errno(chunk_errno(err), "%s: cannot write the file system: %s", path, error_message(err));
	return 0;
}

static int write_volume_file(const char *file, const uuid_t uuid, char *const *chunk_paths, unsigned n)
{
	_cleanup_free_ char *tmp = NULL;
	char u[37];
	FILE *f;

	if (asprintf(&tmp, "%s.tmp", file) < 0)
		return -ENOMEM;
	f = fopen(tmp, "wx");
	if (!f)
		return chunk_log_errno(-errno, "%s: cannot write volume file: %m", tmp);
	uuid_unparse(uuid, u);
	fprintf(f, "# chunkfs volume file: chunk N is the N-th 'chunk =' line\n[volume]\nuuid = %s\n", u);
	for (unsigned i = 0; i < n; i++)
		fprintf(f, "chunk = %s\n", chunk_paths[i]);
	if (fflush(f) != 0 || fsync(fileno(f)) < 0) {
		fclose(f);
		return chunk_log_errno(-errno, "%s: cannot write volume file: %m", tmp);
	}
	fclose(f);
	if (rename(tmp, file) < 0)
		return chunk_log_errno(-errno, "%s: cannot write volume file: %m", file);
	return 0;
}

int volume_mkfs(const struct volume_mkfs_opts *o, uuid_t volume_uuid)
{
	struct record_chunk rec = { .nchunks = (uint16_t)o->nchunks, .threshold = o->threshold,
				    .flags = o->ext4 ? RECORD_CHUNK_EXT4 : 0, .created = time(NULL) };
	_cleanup_free_ uuid_t *members = NULL;
	_cleanup_free_ char **names = NULL;
	_cleanup_free_ char *volfile = NULL;
	bool devices = o->devices != NULL;
	int r = 0;

	if (o->nchunks < 1 || o->nchunks > VOLUME_MAX_CHUNKS)
		return chunk_log_errno(-EINVAL, "a volume has 1 to %d chunks, not %u", VOLUME_MAX_CHUNKS, o->nchunks);
	if (!devices && o->chunk_size < CHUNK_MIN_SIZE)
		return chunk_log_errno(-EINVAL, "chunk size %llu is below the minimum of %u bytes",
				       (unsigned long long)o->chunk_size, CHUNK_MIN_SIZE);
	members = calloc(o->nchunks, sizeof(uuid_t));
	names = calloc(o->nchunks, sizeof(char *));
	if (!members || !names)
		return -ENOMEM;
	uuid_generate(rec.volume);
	for (unsigned i = 0; i < o->nchunks; i++)
		uuid_generate(members[i]);
	rec.members = members;
	if (devices)
		volfile = strdup(o->volume_file);
	else if (asprintf(&volfile, "%s/volume.conf", o->dir) < 0)
		volfile = NULL;
	if (!volfile)
		return -ENOMEM;
	if (access(volfile, F_OK) == 0)
		return chunk_log_errno(-EEXIST, "%s: already exists; refusing to overwrite a volume", volfile);
	if (!devices && mkdir(o->dir, 0755) < 0 && errno != EEXIST)
		return chunk_log_errno(-errno, "%s: cannot make directory: %m", o->dir);
	for (unsigned i = 0; i < o->nchunks && r == 0; i++) {
		_cleanup_free_ char *path = NULL;
		if (devices) {
			names[i] = o->devices[i];
			rec.id = (uint16_t)i;
			r = make_chunk(o->devices[i], true, o, &rec);
			continue;
		}
		if (asprintf(&names[i], "chunk-%04u.img", i) < 0 || asprintf(&path, "%s/%s", o->dir, names[i]) < 0)
			return -ENOMEM;
		rec.id = (uint16_t)i;
		r = make_chunk(path, false, o, &rec);
	}
	if (r == 0)
		r = write_volume_file(volfile, rec.volume, names, o->nchunks);
	if (!devices)
		for (unsigned i = 0; i < o->nchunks; i++)
			free(names[i]);
	if (r == 0)
		uuid_copy(volume_uuid, rec.volume);
	return r;
}
