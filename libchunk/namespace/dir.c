/* Directories across chunks: a directory is its head plus continuations; every entry sits in
 * the part that lives in the chunk of the inode it names. Lookup and readdir see all parts. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <sys/stat.h>
#include <time.h>

#include "libchunk/volume/cont.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/namespace/namespace.h"

int mode_to_ftype(mode_t mode)
{
	switch (mode & LINUX_S_IFMT) {
	case LINUX_S_IFREG: return EXT2_FT_REG_FILE;
	case LINUX_S_IFDIR: return EXT2_FT_DIR;
	case LINUX_S_IFLNK: return EXT2_FT_SYMLINK;
	case LINUX_S_IFCHR: return EXT2_FT_CHRDEV;
	case LINUX_S_IFBLK: return EXT2_FT_BLKDEV;
	case LINUX_S_IFIFO: return EXT2_FT_FIFO;
	case LINUX_S_IFSOCK: return EXT2_FT_SOCK;
	}
	return EXT2_FT_UNKNOWN;
}

mode_t volume_dirent_type(unsigned ftype)
{
	static const mode_t types[] = {
		[EXT2_FT_REG_FILE] = S_IFREG, [EXT2_FT_DIR] = S_IFDIR, [EXT2_FT_CHRDEV] = S_IFCHR,
		[EXT2_FT_BLKDEV] = S_IFBLK, [EXT2_FT_FIFO] = S_IFIFO, [EXT2_FT_SOCK] = S_IFSOCK,
		[EXT2_FT_SYMLINK] = S_IFLNK,
	};
	return ftype < ELEMENTSOF(types) ? types[ftype] : 0;
}

static bool reserved_name(vino_t dir, const char *name)
{
	return dir == VOLUME_ROOT && strcmp(name, CHUNK_META_DIR) == 0;
}

static int check_name(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || strchr(name, '/') || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return -EINVAL;
	return n > EXT2_NAME_LEN ? -ENAMETOOLONG : 0;
}

int dir_open(struct volume *v, vino_t dir, struct dir_parts *d)
{
	struct ext2_inode_large inode;
	int r;

	memset(d, 0, sizeof(*d));
	d->head = (struct chunk_ref){ .chunk = (uint16_t)VINO_CHUNK(dir), .ino = VINO_INO(dir) };
	r = volume_chunk(v, d->head.chunk, &d->hc);
	if (r < 0)
		return r;
	if (d->head.ino < 1 || d->head.ino > d->hc->fs->super->s_inodes_count)
		return -ENOENT;
	r = chunk_inode_read(d->hc, d->head.ino, &inode);
	if (r < 0)
		return r;
	if (inode.i_links_count == 0)
		return -ENOENT;
	if (!LINUX_S_ISDIR(inode.i_mode))
		return -ENOTDIR;
	d->head.gen = inode.i_generation;
	r = cont_head_load(d->hc, d->head.ino, &d->rec);
	if (r < 0)
		return r;
	d->nparts = 1 + d->rec.ncont;
	d->parts = calloc(d->nparts, sizeof(*d->parts));
	if (!d->parts) {
		record_head_done(&d->rec);
		return -ENOMEM;
	}
	d->parts[0] = (struct dir_part){ .chunk = d->head.chunk, .ino = d->head.ino, .status = 0 };
	for (unsigned i = 0; i < d->rec.ncont; i++) {
		const struct chunk_ref *c = &d->rec.conts[i];
		d->parts[i + 1] = (struct dir_part){ .chunk = c->chunk, .ino = c->ino,
			.status = cont_confirm(v, &d->head, c, NULL) };
		if (d->parts[i + 1].status == -ESTALE)
			chunk_log(LOG_WARNING, "directory %u:%u: continuation %u:%u is not confirmed; ignored",
				  d->head.chunk, d->head.ino, c->chunk, c->ino);
		else if (d->parts[i + 1].status == -ENXIO)
			chunk_log(LOG_WARNING, "directory %u:%u: chunk %u is missing; entries there are not visible",
				  d->head.chunk, d->head.ino, c->chunk);
		else if (d->parts[i + 1].status < 0)
			chunk_log(LOG_WARNING, "directory %u:%u: continuation %u:%u cannot be read (%s); entries "
				  "there are not visible", d->head.chunk, d->head.ino, c->chunk, c->ino,
				  strerror(-d->parts[i + 1].status));
	}
	return 0;
}

void dir_close(struct dir_parts *d)
{
	record_head_done(&d->rec);
	free(d->parts);
	d->parts = NULL;
}

int dir_find(struct volume *v, struct dir_parts *d, const char *name, unsigned *part, ext2_ino_t *ino)
{
	bool incomplete = false;

	for (unsigned i = 0; i < d->nparts; i++) {
		struct chunk *c;
		int r;
		if (d->parts[i].status < 0) {
			incomplete |= cont_unknown(d->parts[i].status);
			continue;
		}
		r = volume_chunk(v, d->parts[i].chunk, &c);
		if (r < 0) {
			incomplete = true;
			continue;
		}
		r = chunk_lookup(c, d->parts[i].ino, name, ino);
		if (r == 0) {
			*part = i;
			return 0;
		}
		if (r != -ENOENT)
			return r;
	}
	return incomplete ? -EIO : -ENOENT;
}

int dir_local(struct volume *v, struct dir_parts *d, unsigned chunk, bool create, ext2_ino_t *ret)
{
	struct chunk_ref cont, prev;
	struct dir_part *n;
	int r;

	for (unsigned i = 0; i < d->nparts; i++)
		if (d->parts[i].chunk == chunk && d->parts[i].status == 0) {
			*ret = d->parts[i].ino;
			return 0;
		}
	if (!create)
		return -ENOENT;
	prev = d->rec.ncont ? d->rec.conts[d->rec.ncont - 1] : d->head;
	r = cont_create(v, &d->head, REF_DIR, chunk, &prev, &cont);
	if (r < 0)
		return r;
	r = cont_commit(v, &d->head, &d->rec, &cont);
	if (r < 0) {
		cont_destroy(v, &d->head, &cont, REF_DIR);
		return r;
	}
	n = realloc(d->parts, (d->nparts + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	d->parts = n;
	d->parts[d->nparts++] = (struct dir_part){ .chunk = chunk, .ino = cont.ino, .status = 0 };
	*ret = cont.ino;
	return 0;
}

/* The chunk with the most free space that has room for NEED bytes and an inode. */
static int roomiest_chunk(struct volume *v, uint64_t need, unsigned *ret)
{
	uint64_t best = 0;
	bool found = false;

	for (unsigned i = 0; i < volume_chunk_count(v); i++) {
		struct chunk *c;
		if (volume_chunk(v, i, &c) < 0 || !volume_chunk_may_write(v, c))
			continue;
		if (chunk_has_room(c, need) && chunk_free_bytes(c) > best) {
			best = chunk_free_bytes(c);
			*ret = i;
			found = true;
		}
	}
	return found ? 0 : -ENOSPC;
}

int dir_place(struct volume *v, struct dir_parts *d, uint64_t need, unsigned *chunk, ext2_ino_t *ldir)
{
	struct chunk *c;
	unsigned best = UINT32_MAX;
	uint64_t best_free = 0;
	int r;

	/* The head's chunk first, then a chunk the directory already spans, then the roomiest. */
	for (unsigned i = 0; i < d->nparts; i++) {
		if (d->parts[i].status < 0 || volume_chunk(v, d->parts[i].chunk, &c) < 0 || c->damaged)
			continue;
		if (!chunk_has_room(c, need))
			continue;
		if (i == 0 || chunk_free_bytes(c) > best_free) {
			best = i;
			best_free = chunk_free_bytes(c);
			if (i == 0)
				break;
		}
	}
	if (best != UINT32_MAX) {
		*chunk = d->parts[best].chunk;
		*ldir = d->parts[best].ino;
		return 0;
	}
	r = roomiest_chunk(v, need, chunk);
	if (r < 0)
		return r;
	return dir_local(v, d, *chunk, true, ldir);
}

int volume_lookup(struct volume *v, vino_t dir, const char *name, vino_t *ret)
{
	struct dir_parts d;
	unsigned part;
	ext2_ino_t ino;
	int r;

	if (strcmp(name, ".") == 0) {
		*ret = dir;
		return 0;
	}
	if (strcmp(name, "..") == 0)
		return volume_parent(v, dir, ret);
	if (reserved_name(dir, name))
		return -ENOENT;
	r = dir_open(v, dir, &d);
	if (r < 0)
		return r;
	r = dir_find(v, &d, name, &part, &ino);
	if (r == 0)
		*ret = VINO(d.parts[part].chunk, ino);
	dir_close(&d);
	return r;
}

int volume_resolve(struct volume *v, const char *path, vino_t *ret)
{
	_cleanup_free_ char *copy = strdup(path);
	char *save = NULL, *tok;
	vino_t cur = VOLUME_ROOT;
	int r;

	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
		r = volume_lookup(v, cur, tok, &cur);
		if (r < 0)
			return r;
	}
	*ret = cur;
	return 0;
}

int volume_parent(struct volume *v, vino_t dir, vino_t *ret)
{
	struct record_cont rec;
	struct chunk *c;
	ext2_ino_t p;
	int r;

	if (dir == VOLUME_ROOT) {
		*ret = dir;
		return 0;
	}
	r = volume_chunk(v, VINO_CHUNK(dir), &c);
	if (r < 0)
		return r;
	r = chunk_lookup(c, VINO_INO(dir), "..", &p);
	if (r < 0)
		return r;
	if (cont_load(c, p, &rec) == 0) {
		*ret = VINO(rec.head.chunk, rec.head.ino);
		record_cont_done(&rec);
		return 0;
	}
	*ret = VINO(c->id, p);
	return 0;
}

struct collect {
	struct dirent_item { char name[EXT2_NAME_LEN + 1]; ext2_ino_t ino; unsigned ftype; } *items;
	size_t n, cap;
	bool skip_meta;
	int err;
};

static int collect_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
		      char *buf, void *priv)
{
	struct collect *col = priv;
	int len = ext2fs_dirent_name_len(de);

	if (entry == DIRENT_DOT_FILE || entry == DIRENT_DOT_DOT_FILE || de->inode == 0)
		return 0;
	if (col->skip_meta && len == (int)strlen(CHUNK_META_DIR) && memcmp(de->name, CHUNK_META_DIR, len) == 0)
		return 0;
	if (col->n == col->cap) {
		size_t ncap = col->cap ? col->cap * 2 : 64;
		struct dirent_item *n = realloc(col->items, ncap * sizeof(*n));
		if (!n) {
			col->err = -ENOMEM;
			return DIRENT_ABORT;
		}
		col->items = n;
		col->cap = ncap;
	}
	memcpy(col->items[col->n].name, de->name, len);
	col->items[col->n].name[len] = '\0';
	col->items[col->n].ino = de->inode;
	col->items[col->n].ftype = (unsigned)ext2fs_dirent_file_type(de);
	col->n++;
	return 0;
}

int volume_readdir(struct volume *v, vino_t dir, volume_dirent_fn fn, void *userdata)
{
	struct dir_parts d;
	int r, result = 0;

	r = dir_open(v, dir, &d);
	if (r < 0)
		return r;
	for (unsigned i = 0; i < d.nparts && result == 0; i++) {
		struct collect col = { .skip_meta = (i == 0 && dir == VOLUME_ROOT) };
		struct chunk *c;
		errcode_t err;
		if (d.parts[i].status < 0) {
			continue; /* logged by dir_open; the rest is still listed */
		}
		r = volume_chunk(v, d.parts[i].chunk, &c);
		if (r < 0)
			continue;
		err = ext2fs_dir_iterate2(c->fs, d.parts[i].ino, 0, NULL, collect_cb, &col);
		if (err || col.err) {
			free(col.items);
			dir_close(&d);
			return col.err ? col.err : chunk_error(c, chunk_errno(err), "cannot read directory inode %u", d.parts[i].ino);
		}
		for (size_t j = 0; j < col.n && result == 0; j++)
			result = fn(userdata, col.items[j].name, VINO(d.parts[i].chunk, col.items[j].ino), col.items[j].ftype);
		free(col.items);
	}
	dir_close(&d);
	return result;
}

/* Open DIR, make sure NAME is free in every part, and choose where a new inode goes. */
static int prepare_create(struct volume *v, vino_t dir, const char *name, uint64_t need, struct dir_parts *d,
			  unsigned *chunk, ext2_ino_t *ldir)
{
	unsigned part;
	ext2_ino_t ino;
	int r = check_name(name);

	if (r < 0)
		return r;
	if (reserved_name(dir, name))
		return -EPERM;
	r = dir_open(v, dir, d);
	if (r < 0)
		return r;
	r = dir_find(v, d, name, &part, &ino);
	if (r == 0)
		r = -EEXIST;
	else if (r == -ENOENT)
		r = dir_place(v, d, need, chunk, ldir);
	if (r == 0)
		r = volume_chunk_writable(v, *chunk, &(struct chunk *){ NULL });
	if (r < 0) {
		dir_close(d);
		return r;
	}
	return 0;
}

static int touch_dir(struct chunk *c, ext2_ino_t dir)
{
	struct ext2_inode_large inode;
	int r = chunk_inode_read(c, dir, &inode);

	if (r < 0)
		return r;
	inode.i_mtime = inode.i_ctime = (uint32_t)time(NULL);
	return chunk_inode_write(c, dir, &inode);
}

int volume_create(struct volume *v, vino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid, vino_t *ret)
{
	struct dir_parts d;
	struct chunk *c;
	unsigned chunk;
	ext2_ino_t ldir, ino;
	int r;

	r = prepare_create(v, dir, name, 4096, &d, &chunk, &ldir);
	if (r < 0)
		return r;
	dir_close(&d);
	r = volume_chunk(v, chunk, &c);
	if (r == 0)
		r = chunk_file_create(c, ldir, name, LINUX_S_IFREG | (mode & 07777), uid, gid, &ino);
	if (r < 0)
		return r;
	touch_dir(c, ldir);
	*ret = VINO(chunk, ino);
	volume_parent_note(v, *ret, ldir);
	return 0;
}

int volume_mkdir(struct volume *v, vino_t dir, const char *name, mode_t mode, uid_t uid, gid_t gid, vino_t *ret)
{
	struct dir_parts d;
	struct chunk *c;
	unsigned chunk;
	ext2_ino_t ldir, ino;
	int r;

	r = prepare_create(v, dir, name, 8192, &d, &chunk, &ldir);
	if (r < 0)
		return r;
	dir_close(&d);
	r = volume_chunk(v, chunk, &c);
	if (r == 0)
		r = chunk_mkdir(c, ldir, name, mode, uid, gid, &ino);
	if (r < 0)
		return r;
	touch_dir(c, ldir);
	*ret = VINO(chunk, ino);
	return 0;
}

int volume_symlink(struct volume *v, vino_t dir, const char *name, const char *target, uid_t uid, gid_t gid,
		   vino_t *ret)
{
	struct ext2_inode_large inode;
	struct dir_parts d;
	struct chunk *c;
	unsigned chunk;
	ext2_ino_t ldir, ino;
	errcode_t err;
	int r;

	if (strlen(target) >= 4096)
		return -ENAMETOOLONG;
	r = prepare_create(v, dir, name, 8192, &d, &chunk, &ldir);
	if (r < 0)
		return r;
	dir_close(&d);
	r = volume_chunk(v, chunk, &c);
	if (r < 0)
		return r;
	err = ext2fs_new_inode(c->fs, ldir, LINUX_S_IFLNK | 0777, NULL, &ino);
	if (!err)
		err = ext2fs_symlink(c->fs, ldir, ino, name, target);
	if (err == EXT2_ET_DIR_NO_SPACE) {
		err = ext2fs_expand_dir(c->fs, ldir);
		if (!err)
			err = ext2fs_symlink(c->fs, ldir, ino, name, target);
	}
	if (err)
		return chunk_errno(err);
	r = chunk_inode_read(c, ino, &inode);
	if (r < 0)
		return r;
	inode.i_uid = (uint16_t)uid;
	ext2fs_set_i_uid_high(inode, uid >> 16);
	inode.i_gid = (uint16_t)gid;
	ext2fs_set_i_gid_high(inode, gid >> 16);
	r = chunk_inode_write(c, ino, &inode);
	if (r < 0)
		return r;
	*ret = VINO(chunk, ino);
	return 0;
}

int volume_link(struct volume *v, vino_t target, vino_t dir, const char *name)
{
	struct ext2_inode_large inode;
	struct dir_parts d;
	struct chunk *c;
	unsigned part;
	ext2_ino_t ldir, ino;
	int r = check_name(name);

	if (r < 0)
		return r;
	if (reserved_name(dir, name))
		return -EPERM;
	r = volume_chunk_writable(v, VINO_CHUNK(target), &c);
	if (r < 0)
		return r;
	r = chunk_inode_read(c, VINO_INO(target), &inode);
	if (r < 0)
		return r;
	if (LINUX_S_ISDIR(inode.i_mode))
		return -EPERM;
	if (inode.i_links_count >= EXT2_LINK_MAX)
		return -EMLINK;
	r = dir_open(v, dir, &d);
	if (r < 0)
		return r;
	r = dir_find(v, &d, name, &part, &ino);
	if (r == 0)
		r = -EEXIST;
	else if (r == -ENOENT)
		r = dir_local(v, &d, VINO_CHUNK(target), true, &ldir); /* the link continuation */
	dir_close(&d);
	if (r < 0)
		return r;
	r = volume_chunk_writable(v, VINO_CHUNK(target), &c);
	if (r < 0)
		return r;
	r = chunk_link(c, ldir, name, VINO_INO(target), mode_to_ftype(inode.i_mode));
	if (r < 0)
		return r;
	r = chunk_inode_read(c, VINO_INO(target), &inode);
	if (r < 0)
		return r;
	inode.i_links_count++;
	inode.i_ctime = (uint32_t)time(NULL);
	r = chunk_inode_write(c, VINO_INO(target), &inode);
	return r < 0 ? r : touch_dir(c, ldir);
}
