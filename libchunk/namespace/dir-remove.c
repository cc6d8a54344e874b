/* Unlink, rmdir and rename across the parts of directories. A rename never moves an inode:
 * the new name goes into the destination directory's part in the inode's own chunk. */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "libchunk/volume/cont.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/namespace/namespace.h"

struct entry {
	unsigned chunk;
	ext2_ino_t ldir, ino;
	struct ext2_inode_large inode;
};

static int find_entry(struct volume *v, vino_t dir, const char *name, struct entry *e)
{
	struct dir_parts d;
	struct chunk *c;
	unsigned part;
	int r;

	if (dir == VOLUME_ROOT && strcmp(name, CHUNK_META_DIR) == 0)
		return -ENOENT;
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return -EINVAL;
	r = dir_open(v, dir, &d);
	if (r < 0)
		return r;
	r = dir_find(v, &d, name, &part, &e->ino);
	if (r == 0) {
		e->chunk = d.parts[part].chunk;
		e->ldir = d.parts[part].ino;
	}
	dir_close(&d);
	if (r < 0)
		return r;
	r = volume_chunk_writable(v, e->chunk, &c);
	return r < 0 ? r : chunk_inode_read(c, e->ino, &e->inode);
}

static int adjust_links(struct chunk *c, ext2_ino_t ino, int delta)
{
	struct ext2_inode_large inode;
	int r = chunk_inode_read(c, ino, &inode);

	if (r < 0)
		return r;
	if (delta < 0 && inode.i_links_count == 0)
		return 0;
	inode.i_links_count = (uint16_t)(inode.i_links_count + delta);
	inode.i_mtime = inode.i_ctime = (uint32_t)time(NULL);
	return chunk_inode_write(c, ino, &inode);
}

int file_release(struct volume *v, struct chunk *c, ext2_ino_t ino)
{
	struct record_head h;
	struct chunk_ref head;
	int r = cont_head_load(c, ino, &h);

	if (r < 0)
		return r;
	head = (struct chunk_ref){ .chunk = (uint16_t)c->id, .ino = ino, .gen = h.gen };
	/* The forward pointers go first (with the head), then each continuation. */
	r = cont_mark_holders_dirty(v, h.conts, h.ncont);
	if (r == 0)
		r = chunk_inode_free(c, ino);
	if (r == 0 && h.ncont)
		r = chunk_sync(c);
	for (unsigned i = 0; r == 0 && i < h.ncont; i++)
		r = cont_destroy(v, &head, &h.conts[i], h.kind);
	record_head_done(&h);
	return r;
}

int volume_unlink(struct volume *v, vino_t dir, const char *name)
{
	struct entry e;
	struct chunk *c;
	int r = find_entry(v, dir, name, &e);

	if (r < 0)
		return r;
	if (LINUX_S_ISDIR(e.inode.i_mode))
		return -EISDIR;
	r = volume_chunk_writable(v, e.chunk, &c);
	if (r == 0)
		r = chunk_unlink(c, e.ldir, name);
	if (r == 0)
		r = adjust_links(c, e.ldir, 0);
	if (r < 0)
		return r;
	if (e.inode.i_links_count > 1)
		return adjust_links(c, e.ino, -1);
	return file_release(v, c, e.ino);
}

struct empty_check {
	bool empty;
};

static int not_empty_cb(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	((struct empty_check *)userdata)->empty = false;
	return 1;
}

/* Removes directory INO (in chunk of E) and its continuations; it must be empty. */
static int dir_release(struct volume *v, const struct entry *e, const char *name)
{
	struct empty_check ec = { .empty = true };
	struct dir_parts d;
	struct chunk *c;
	vino_t self = VINO(e->chunk, e->ino);
	int r;

	r = volume_readdir(v, self, not_empty_cb, &ec);
	if (r < 0)
		return r;
	if (!ec.empty)
		return -ENOTEMPTY;
	r = dir_open(v, self, &d);
	if (r < 0)
		return r;
	for (unsigned i = 1; i < d.nparts; i++)
		if (cont_unknown(d.parts[i].status)) {
			dir_close(&d);
			return -EIO; /* cannot know a part that was not read is empty */
		}
	r = cont_mark_holders_dirty(v, d.rec.conts, d.rec.ncont);
	if (r == 0)
		r = volume_chunk_writable(v, e->chunk, &c);
	if (r == 0)
		r = chunk_unlink(c, e->ldir, name);
	if (r == 0)
		r = adjust_links(c, e->ldir, -1);
	if (r == 0)
		r = chunk_inode_free(c, e->ino);
	if (r == 0 && d.rec.ncont)
		r = chunk_sync(c);
	for (unsigned i = 0; r == 0 && i < d.rec.ncont; i++)
		r = cont_destroy(v, &d.head, &d.rec.conts[i], REF_DIR);
	dir_close(&d);
	return r;
}

int volume_rmdir(struct volume *v, vino_t dir, const char *name)
{
	struct entry e;
	int r = find_entry(v, dir, name, &e);

	if (r < 0)
		return r;
	if (!LINUX_S_ISDIR(e.inode.i_mode))
		return -ENOTDIR;
	if (VINO(e.chunk, e.ino) == VOLUME_ROOT)
		return -EBUSY;
	return dir_release(v, &e, name);
}

struct dotdot {
	ext2_ino_t to;
};

static int set_dotdot_cb(ext2_ino_t dir, int entry, struct ext2_dir_entry *de, int offset, int blocksize,
			 char *buf, void *priv)
{
	if (entry != DIRENT_DOT_DOT_FILE)
		return 0;
	de->inode = ((struct dotdot *)priv)->to;
	return DIRENT_CHANGED | DIRENT_ABORT;
}

/* Is ANCESTOR on the way from DIR up to the root? */
static int is_ancestor(struct volume *v, vino_t ancestor, vino_t dir)
{
	for (unsigned depth = 0; depth < 4096; depth++) {
		vino_t p;
		int r;
		if (dir == ancestor)
			return 1;
		if (dir == VOLUME_ROOT)
			return 0;
		r = volume_parent(v, dir, &p);
		if (r < 0)
			return r;
		dir = p;
	}
	return -ELOOP;
}

/* A renamed file with continuations: its head record's parent hint follows it (only a hint:
 * left stale if it cannot be written, the report then finds the directory by a scan). */
static void update_parent_hint(struct chunk *c, ext2_ino_t ino, ext2_ino_t ldir)
{
	struct record_head h;

	if (cont_head_load(c, ino, &h) < 0)
		return;
	if (h.ncont && h.parent != ldir) {
		h.parent = ldir;
		(void)cont_head_store(c, ino, &h);
	}
	record_head_done(&h);
}

int volume_rename(struct volume *v, vino_t sdir, const char *sname, vino_t ddir, const char *dname)
{
	struct entry src, dst;
	struct dir_parts d;
	struct chunk *c;
	ext2_ino_t nldir;
	bool isdir;
	int r;

	r = find_entry(v, sdir, sname, &src);
	if (r < 0)
		return r;
	if (dname[0] == '\0' || strchr(dname, '/') || !strcmp(dname, ".") || !strcmp(dname, ".."))
		return -EINVAL;
	if (strlen(dname) > EXT2_NAME_LEN)
		return -ENAMETOOLONG;
	if (ddir == VOLUME_ROOT && strcmp(dname, CHUNK_META_DIR) == 0)
		return -EPERM;
	isdir = LINUX_S_ISDIR(src.inode.i_mode);
	if (isdir) {
		r = is_ancestor(v, VINO(src.chunk, src.ino), ddir);
		if (r != 0)
			return r < 0 ? r : -EINVAL;
	}
	r = find_entry(v, ddir, dname, &dst);
	if (r == 0) {
		if (dst.chunk == src.chunk && dst.ino == src.ino)
			return 0;
		if (isdir && !LINUX_S_ISDIR(dst.inode.i_mode))
			return -ENOTDIR;
		if (!isdir && LINUX_S_ISDIR(dst.inode.i_mode))
			return -EISDIR;
		r = isdir ? volume_rmdir(v, ddir, dname) : volume_unlink(v, ddir, dname);
		if (r < 0)
			return r;
	} else if (r != -ENOENT) {
		return r;
	}
	r = dir_open(v, ddir, &d);
	if (r < 0)
		return r;
	r = dir_local(v, &d, src.chunk, true, &nldir);
	dir_close(&d);
	if (r < 0)
		return r;
	r = volume_chunk_writable(v, src.chunk, &c);
	if (r == 0)
		r = chunk_link(c, nldir, dname, src.ino, mode_to_ftype(src.inode.i_mode));
	if (r < 0)
		return r;
	r = chunk_unlink(c, src.ldir, sname);
	if (r < 0)
		return r;
	if (isdir && nldir != src.ldir) {
		struct dotdot dd = { .to = nldir };
		errcode_t err = ext2fs_dir_iterate2(c->fs, src.ino, DIRENT_FLAG_INCLUDE_EMPTY, NULL, set_dotdot_cb, &dd);
		if (err)
			return chunk_errno(err);
		r = adjust_links(c, src.ldir, -1);
		if (r == 0)
			r = adjust_links(c, nldir, +1);
		return r;
	}
	if (nldir != src.ldir)
		update_parent_hint(c, src.ino, nldir);
	adjust_links(c, src.ldir, 0);
	return adjust_links(c, nldir, 0);
}
