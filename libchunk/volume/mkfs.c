/* mkfs: each chunk is made the way mke2fs makes a file system (ext2fs_initialize, tables,
 * root, lost+found, reserved inodes), then gets its /.chunkfs metadata. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>

#include "libchunk/chunk/chunk.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/volume/mkfs.h"
#include "libchunk/volume/volume.h"

#define INODE_RATIO 8192

/* SIZE as --size takes it: the largest unit that divides it (2M, 1536K), else bytes. */
static const char *size_string(uint64_t size, char buf[static 32])
{
	static const char units[] = "KMGT";
	int u = -1;

	while (u < 3 && size && size % 1024 == 0) {
		size /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, 32, "%llu bytes", (unsigned long long)size);
	else
		snprintf(buf, 32, "%llu%c", (unsigned long long)size, units[u]);
	return buf;
}

/* A chunk of SIZE fits ext4 and the format: room for the tables of two groups, lost+found and
 * /.chunkfs below, a 32-bit block count (no 64bit feature) above. WHO names a device, or NULL. */
static int check_chunk_size(const char *who, uint64_t size)
{
	char a[32], b[32];

	if (size < CHUNK_MIN_SIZE)
		return chunk_log_errno(-EINVAL, "%s%schunk size %s is too small: ext4 and chunkfs's metadata need at least %s a chunk",
				       who ?: "", who ? ": " : "", size_string(size, a), size_string(CHUNK_MIN_SIZE, b));
	if (size > CHUNK_MAX_SIZE)
		return chunk_log_errno(-EINVAL, "%s%schunk size %s is too large: a chunk holds at most 2^32 - 1 blocks of 4K (16T less 4K)",
				       who ?: "", who ? ": " : "", size_string(size, a));
	return 0;
}

/* The size of chunk on block device PATH: SIZE if given, else the whole device; checked
 * against the device and the chunk limits before any device is written. */
static int device_chunk_size(const char *path, uint64_t size, uint64_t *ret)
{
	_cleanup_close_ int fd = open(path, O_RDWR | O_CLOEXEC | O_EXCL);
	char a[32], b[32];
	struct stat st;
	uint64_t dev;

	if (fd < 0)
		return chunk_log_errno(-errno, "%s: cannot open device: %m", path);
	if (fstat(fd, &st) < 0 || !S_ISBLK(st.st_mode))
		return chunk_log_errno(-ENOTBLK, "%s: not a block device", path);
	if (ioctl(fd, BLKGETSIZE64, &dev) < 0)
		return chunk_log_errno(-EIO, "%s: cannot read the device size", path);
	if (size > dev)
		return chunk_log_errno(-EINVAL, "%s: the device holds %s, less than the chunk size %s",
				       path, size_string(dev, a), size_string(size, b));
	*ret = size ?: dev;
	return check_chunk_size(path, *ret);
}

/* An image of SIZE at PATH, a new file; none if it cannot have that size. */
static int create_image(const char *path, uint64_t size)
{
	_cleanup_close_ int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	char a[32];
	int r;

	if (fd < 0)
		return chunk_log_errno(-errno, "%s: cannot create chunk image: %m", path);
	if (ftruncate(fd, (off_t)size) == 0)
		return 0;
	r = chunk_log_errno(-errno, "%s: cannot make an image of %s here: %m", path, size_string(size, a));
	unlink(path);
	return r;
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

/* The chunk REC on PATH, an image already sized or a device, SIZE bytes of it. */
static int make_chunk(const char *path, bool device, uint64_t size, const struct volume_mkfs_opts *o,
		      const struct record_chunk *rec)
{
	struct ext2_super_block param = {};
	struct chunk c = { .id = rec->id, .path = (char *)path, .writable = true, .lock_fd = -1 };
	uint64_t blocks = size / 4096;
	errcode_t err;
	int r;

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
		int r = chunk_log_errno(-errno, "%s: cannot write volume file: %m", tmp);
		fclose(f);
		unlink(tmp);
		return r;
	}
	fclose(f);
	if (rename(tmp, file) < 0) {
		int r = chunk_log_errno(-errno, "%s: cannot write volume file: %m", file);
		unlink(tmp);
		return r;
	}
	return 0;
}

/* Makes the images of O in O->dir and the volume file VOLFILE; on failure removes what it
 * made: the images it created, and the directory if it made it, so that a failed mkfs leaves
 * nothing behind. */
static int make_images(const struct volume_mkfs_opts *o, struct record_chunk *rec, char **names, const char *volfile)
{
	bool made_dir = mkdir(o->dir, 0755) == 0;
	unsigned made = 0;
	int r = 0;

	if (!made_dir && errno != EEXIST)
		return chunk_log_errno(-errno, "%s: cannot make directory: %m", o->dir);
	for (unsigned i = 0; i < o->nchunks && r == 0; i++) {
		_cleanup_free_ char *path = NULL;

		if (asprintf(&names[i], "chunk-%04u.img", i) < 0 || asprintf(&path, "%s/%s", o->dir, names[i]) < 0) {
			names[i] = NULL;
			r = -ENOMEM;
			break;
		}
		r = create_image(path, o->chunk_size);
		if (r < 0)
			break;
		made++;
		rec->id = (uint16_t)i;
		r = make_chunk(path, false, o->chunk_size, o, rec);
	}
	if (r == 0)
		r = write_volume_file(volfile, rec->volume, names, o->nchunks);
	if (r == 0)
		return 0;
	for (unsigned i = 0; i < made; i++) {
		_cleanup_free_ char *path = NULL;
		if (asprintf(&path, "%s/%s", o->dir, names[i]) >= 0)
			unlink(path);
	}
	if (made_dir)
		rmdir(o->dir);
	return r;
}

/* One device given twice (the same path, or a symlink and its target) would get two chunks,
 * the second written over the first: refused, naming both paths, before anything is written. */
static int check_devices_distinct(char *const *devices, unsigned n)
{
	_cleanup_free_ dev_t *rdev = calloc(n, sizeof(dev_t));
	struct stat st;

	if (!rdev)
		return -ENOMEM;
	for (unsigned i = 0; i < n; i++) {
		if (stat(devices[i], &st) < 0)
			return chunk_log_errno(-errno, "%s: cannot open device: %m", devices[i]);
		rdev[i] = st.st_rdev;
		for (unsigned j = 0; j < i; j++)
			if (rdev[j] == rdev[i])
				return chunk_log_errno(-EINVAL, "%s: the same device (%u:%u) as %s, given before it: "
						       "a device holds one chunk", devices[i], major(rdev[i]),
						       minor(rdev[i]), devices[j]);
	}
	return 0;
}

/* Every device is checked (its size against the chunk's, and that no device is given twice)
 * before the first is written; the volume file VOLFILE last. */
static int make_devices(const struct volume_mkfs_opts *o, struct record_chunk *rec, char **names, const char *volfile)
{
	_cleanup_free_ uint64_t *sizes = calloc(o->nchunks, sizeof(uint64_t));
	int r;

	if (!sizes)
		return -ENOMEM;
	for (unsigned i = 0; i < o->nchunks; i++) {
		r = device_chunk_size(o->devices[i], o->chunk_size, &sizes[i]);
		if (r < 0)
			return r;
	}
	r = check_devices_distinct(o->devices, o->nchunks);
	if (r < 0)
		return r;
	for (unsigned i = 0; i < o->nchunks; i++) {
		names[i] = o->devices[i];
		rec->id = (uint16_t)i;
		r = make_chunk(o->devices[i], true, sizes[i], o, rec);
		if (r < 0)
			return r;
	}
	return write_volume_file(volfile, rec->volume, names, o->nchunks);
}

int volume_mkfs(const struct volume_mkfs_opts *o, uuid_t volume_uuid)
{
	struct record_chunk rec = { .nchunks = (uint16_t)o->nchunks, .threshold = o->threshold,
				    .flags = o->ext4 ? RECORD_CHUNK_EXT4 : 0, .created = time(NULL) };
	_cleanup_free_ uuid_t *members = NULL;
	_cleanup_free_ char **names = NULL;
	_cleanup_free_ char *volfile = NULL;
	bool devices = o->devices != NULL;
	int r;

	if (o->nchunks < 1 || o->nchunks > VOLUME_MAX_CHUNKS)
		return chunk_log_errno(-EINVAL, "a volume has 1 to %d chunks (the format's limit), not %u",
				       VOLUME_MAX_CHUNKS, o->nchunks);
	if (!devices && (r = check_chunk_size(NULL, o->chunk_size)) < 0)
		return r;
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
	r = devices ? make_devices(o, &rec, names, volfile) : make_images(o, &rec, names, volfile);
	if (!devices)
		for (unsigned i = 0; i < o->nchunks; i++)
			free(names[i]);
	if (r == 0)
		uuid_copy(volume_uuid, rec.volume);
	return r;
}
