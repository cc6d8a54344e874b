/* Unlink and rmdir across the parts of directories, and what a file's last link leaves: the
 * file freed at once, or kept on its chunk's orphan list while it is open and freed when it
 * is closed (volume_orphan_release). */
#include <errno.h>
#include <string.h>

#include "libchunk/volume/cont.h"
#include "libchunk/chunk/inode-attr.h"
#include "libchunk/chunk/orphan.h"
#include "libchunk/namespace/dir.h"
#include "libchunk/base/errors.h"
#include "libchunk/base/macro.h"
#include "libchunk/namespace/namespace.h"

int dir_entry_find(struct volume *v, vino_t dir, const char *name, struct dir_entry *e)
{
	struct dir_parts d;
	struct chunk *c;
	unsigned part;
	int r;

	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return -EINVAL;
	if (strlen(name) > EXT2_NAME_LEN)
		return -ENAMETOOLONG;
	if (dir_reserved_name(dir, name))
		return -ENOENT;
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

int dir_part_links(struct volume *v, unsigned chunk, ext2_ino_t ldir, int delta)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	int r = volume_chunk_writable(v, chunk, &c);

	if (r == 0)
		r = chunk_inode_read(c, ldir, &inode);
	if (r < 0)
		return r;
	if (delta < 0 && inode.i_links_count == 0)
		return 0;
	inode.i_links_count = (uint16_t)(inode.i_links_count + delta);
	return chunk_inode_write(c, ldir, &inode);
}

int file_release(struct volume *v, struct chunk *c, ext2_ino_t ino, ext2_ino_t ldir, const char *name)
{
	struct record_head h;
	struct chunk_ref head;
	int r = cont_head_load(c, ino, &h);

	if (r < 0)
		return r;
	head = (struct chunk_ref){ .chunk = (uint16_t)c->id, .ino = ino, .gen = h.gen };
	chunk_pin(c);
	/* The continuations are flagged released, then the forward pointers go (with the head),
	 * then each continuation. */
	r = cont_release_begin(v, &head, h.conts, h.ncont);
	if (r == 0)
		r = chunk_inode_free(c, ino);
	/* The inode deleted on disk before its name goes: a power cut that kept the name's
	 * removal and not the inode's would leave e2fsck an unattached file for lost+found. */
	if (r == 0 && name)
		r = chunk_barrier(c);
	if (r == 0 && name)
		r = chunk_unlink(c, ldir, name);
	if (r == 0 && h.ncont)
		r = chunk_sync(c);
	chunk_unpin(c);
	for (unsigned i = 0; r == 0 && i < h.ncont; i++)
		r = cont_destroy(v, &head, &h.conts[i], h.kind);
	record_head_done(&h);
	return r;
}

/* The file's last link is gone but it is open: it stays, with no link, on the orphan list. Its
 * continuations are flagged released first, as for its release, so that a process that dies
 * before the release leaves every chunk the file touches to a repair of the DIRTY, which
 * frees them with the file. */
static int file_keep_orphan(struct volume *v, struct chunk *c, ext2_ino_t ino, struct ext2_inode_large *inode)
{
	struct record_head h;
	struct chunk_ref head;
	int r = cont_head_load(c, ino, &h);

	if (r < 0)
		return r;
	head = (struct chunk_ref){ .chunk = (uint16_t)c->id, .ino = ino, .gen = h.gen };
	chunk_pin(c);
	r = cont_release_begin(v, &head, h.conts, h.ncont);
	record_head_done(&h);
	if (r == 0)
		r = chunk_inode_write(c, ino, inode);
	if (r == 0)
		r = chunk_orphan_add(c, ino);
	if (r == 0)
		r = chunk_sync(c);
	chunk_unpin(c);
	return r;
}

int file_drop_link(struct volume *v, const struct dir_entry *e, const char *name, unsigned flags,
		   const struct timespec *now, vino_t *orphan)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	int r = volume_chunk_writable(v, e->chunk, &c);

	if (r == 0)
		r = chunk_inode_read(c, e->ino, &inode);
	if (r < 0)
		return r;
	if (inode.i_links_count > 1) {
		inode.i_links_count--;
		chunk_inode_stamp(&inode, CHUNK_CTIME, now);
		r = chunk_inode_write(c, e->ino, &inode);
		return r < 0 || !name ? r : chunk_unlink(c, e->ldir, name);
	}
	if (!(flags & VOLUME_KEEP_ORPHAN))
		return file_release(v, c, e->ino, e->ldir, name);
	inode.i_links_count = 0;
	chunk_inode_stamp(&inode, CHUNK_CTIME, now);
	r = file_keep_orphan(v, c, e->ino, &inode);
	if (r == 0)
		*orphan = VINO(e->chunk, e->ino);
	return r < 0 || !name ? r : chunk_unlink(c, e->ldir, name);
}

int volume_orphan_release(struct volume *v, vino_t ino)
{
	struct ext2_inode_large inode;
	struct chunk *c;
	int r = volume_chunk_writable(v, VINO_CHUNK(ino), &c);

	if (r < 0)
		return r;
	if (VINO_INO(ino) < EXT2_FIRST_INODE(c->fs->super) || VINO_INO(ino) > c->fs->super->s_inodes_count)
		return -ENOENT;
	r = chunk_inode_read(c, VINO_INO(ino), &inode);
	if (r < 0)
		return r;
	if (inode.i_links_count)
		return -ENOENT;
	r = chunk_orphan_remove(c, VINO_INO(ino));
	return r < 0 ? r : file_release(v, c, VINO_INO(ino), 0, NULL);
}

int volume_unlink2(struct volume *v, vino_t dir, const char *name, unsigned flags, vino_t *orphan)
{
	struct timespec now;
	struct dir_entry e;
	struct chunk *c;
	int r;

	if (orphan)
		*orphan = 0;
	if (flags & ~(unsigned)VOLUME_KEEP_ORPHAN)
		return -EINVAL;
	r = dir_entry_find(v, dir, name, &e);
	if (r < 0)
		return r;
	if (LINUX_S_ISDIR(e.inode.i_mode))
		return -EISDIR;
	r = volume_chunk_writable(v, e.chunk, &c);
	if (r < 0)
		return r;
	/* The name goes with the link it stands for, after the continuations are flagged: a
	 * kill before that leaves the file whole and named, never an unnamed inode that e2fsck
	 * would put in lost+found. */
	now = chunk_time_now();
	r = file_drop_link(v, &e, name, flags, &now, orphan);
	dir_touch(v, dir, &now);
	return r;
}

int volume_unlink(struct volume *v, vino_t dir, const char *name)
{
	return volume_unlink2(v, dir, name, 0, NULL);
}

static int not_empty_cb(void *userdata, const char *name, vino_t ino, unsigned ftype)
{
	*(bool *)userdata = false;
	return 1;
}

int dir_removable(struct volume *v, const struct dir_entry *e)
{
	vino_t self = VINO(e->chunk, e->ino);
	struct dir_parts d;
	bool empty = true;
	int r = volume_readdir(v, self, not_empty_cb, &empty);

	if (r < 0)
		return r;
	if (!empty)
		return -ENOTEMPTY;
	r = dir_open(v, self, &d);
	if (r < 0)
		return r;
	for (unsigned i = 1; i < d.nparts && r == 0; i++)
		if (cont_unknown(d.parts[i].status))
			r = -EIO; /* cannot know a part that was not read is empty */
	dir_close(&d);
	return r;
}

int dir_remove_parts(struct volume *v, const struct dir_entry *e, const struct dir_parts *d, const char *name)
{
	struct chunk *c;
	int r = cont_release_begin(v, &d->head, d->rec.conts, d->rec.ncont);

	if (r == 0)
		r = volume_chunk_writable(v, e->chunk, &c);
	if (r == 0)
		r = chunk_inode_free(c, e->ino);
	if (r == 0 && name)
		r = chunk_barrier(c); /* as in file_release */
	if (r == 0 && name)
		r = chunk_unlink(c, e->ldir, name);
	if (r == 0)
		r = dir_part_links(v, e->chunk, e->ldir, -1);
	if (r == 0 && d->rec.ncont)
		r = chunk_sync(c);
	for (unsigned i = 0; r == 0 && i < d->rec.ncont; i++)
		r = cont_destroy(v, &d->head, &d->rec.conts[i], REF_DIR);
	return r;
}

int dir_remove(struct volume *v, const struct dir_entry *e, const char *name)
{
	struct dir_parts d;
	int r = dir_open(v, VINO(e->chunk, e->ino), &d);

	if (r < 0)
		return r;
	r = dir_remove_parts(v, e, &d, name);
	dir_close(&d);
	return r;
}

int volume_rmdir(struct volume *v, vino_t dir, const char *name)
{
	struct timespec now;
	struct dir_entry e;
	int r = dir_entry_find(v, dir, name, &e);

	if (r < 0)
		return r;
	if (!LINUX_S_ISDIR(e.inode.i_mode))
		return -ENOTDIR;
	if (VINO(e.chunk, e.ino) == VOLUME_ROOT)
		return -EBUSY;
	r = dir_removable(v, &e);
	if (r == 0)
		r = dir_remove(v, &e, name);
	if (r < 0)
		return r;
	now = chunk_time_now();
	dir_touch(v, dir, &now);
	return 0;
}
