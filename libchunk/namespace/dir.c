/* Directories across chunks: a directory is its head plus continuations; every entry sits in
 * the part that lives in the chunk of the inode it names. Lookup and readdir see all parts. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <sys/stat.h>

#include "libchunk/chunk/inode-attr.h"
#include "libchunk/volume/cont.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/namespace/namespace.h"

mode_t volume_dirent_type(unsigned ftype)
{
	static const mode_t types[] = {
		[EXT2_FT_REG_FILE] = S_IFREG, [EXT2_FT_DIR] = S_IFDIR, [EXT2_FT_CHRDEV] = S_IFCHR,
		[EXT2_FT_BLKDEV] = S_IFBLK, [EXT2_FT_FIFO] = S_IFIFO, [EXT2_FT_SOCK] = S_IFSOCK,
		[EXT2_FT_SYMLINK] = S_IFLNK,
	};
	return ftype < ELEMENTSOF(types) ? types[ftype] : 0;
}

bool dir_reserved_name(vino_t dir, const char *name)
{
	return dir == VOLUME_ROOT && strcmp(name, CHUNK_META_DIR) == 0;
}

int dir_check_name(const char *name)
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
	if (strlen(name) > EXT2_NAME_LEN)
		return -ENAMETOOLONG;
	if (dir_reserved_name(dir, name))
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

/* The entries of directory part INO of chunk C, to FN, whose non-zero stops them and is left
 * in *STOP. Negative: the part cannot be read (nothing was given to FN). */
static int readdir_part(struct chunk *c, ext2_ino_t ino, bool skip_meta, volume_dirent_fn fn, void *userdata,
			int *stop)
{
	struct collect col = { .skip_meta = skip_meta };
	errcode_t err;

	err = ext2fs_dir_iterate2(c->fs, ino, 0, NULL, collect_cb, &col);
	if (err || col.err) {
		free(col.items);
		return col.err ? col.err : chunk_error(c, chunk_errno(err), "cannot read directory inode %u", ino);
	}
	for (size_t j = 0; j < col.n && *stop == 0; j++)
		*stop = fn(userdata, col.items[j].name, VINO(c->id, col.items[j].ino), col.items[j].ftype);
	free(col.items);
	return 0;
}

int volume_readdir_gaps(struct volume *v, vino_t dir, volume_dirent_fn fn, volume_dirgap_fn gap, void *userdata)
{
	struct dir_parts d;
	int r, result = 0;

	r = dir_open(v, dir, &d);
	if (r < 0)
		return r;
	for (unsigned i = 0; i < d.nparts && result == 0; i++) {
		struct chunk *c;
		int status = d.parts[i].status; /* dir_open logged why */
		if (status == -ESTALE)
			continue; /* no part of the directory: a dangling pointer, for check to find */
		if (status == 0)
			status = volume_chunk(v, d.parts[i].chunk, &c);
		if (status == 0) {
			status = readdir_part(c, d.parts[i].ino, i == 0 && dir == VOLUME_ROOT, fn, userdata, &result);
			if (status == -ENOMEM || (status < 0 && !gap)) {
				result = status; /* without GAP, a part that cannot be read fails the listing */
				continue;
			}
		}
		/* Without GAP, a part in an unavailable chunk is skipped, the rest still listed. */
		if (status < 0 && gap)
			result = gap(userdata, d.parts[i].chunk, d.parts[i].ino, status);
	}
	dir_close(&d);
	return result;
}

int volume_readdir(struct volume *v, vino_t dir, volume_dirent_fn fn, void *userdata)
{
	return volume_readdir_gaps(v, dir, fn, NULL, userdata);
}

void dir_touch(struct volume *v, vino_t dir, const struct timespec *now)
{
	struct ext2_inode_large inode;
	struct chunk *c = NULL;
	int r = volume_chunk_writable(v, VINO_CHUNK(dir), &c);

	if (r == 0)
		r = chunk_inode_read(c, VINO_INO(dir), &inode);
	if (r == 0) {
		chunk_inode_stamp(&inode, CHUNK_MTIME | CHUNK_CTIME, now);
		r = chunk_inode_write(c, VINO_INO(dir), &inode);
	}
	if (r < 0)
		chunk_log_errno(r, "directory %u:%u: mtime and ctime not updated: %m", VINO_CHUNK(dir), VINO_INO(dir));
}
